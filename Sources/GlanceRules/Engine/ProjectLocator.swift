import Foundation
import GlanceProject

/// Finds line numbers in project files for findings that are about configuration rather than code:
/// a key in an Info.plist or entitlements file, a target's entry in `project.pbxproj`, or its call in a
/// Tuist manifest.
/// (PropertyListSerialization gives no positions, so the text is searched.)
final class ProjectLocator: @unchecked Sendable {
    let project: ProjectModel
    private var texts: [String: [Substring]] = [:]
    private let lock = NSLock()
    private let fileSystem: FileSystem

    init(project: ProjectModel) {
        self.project = project
        fileSystem = FileSystem(confinedTo: project.root)
    }

    struct Place { let file: String; let line: Int; let column: Int }

    private func lines(_ relative: String) -> [Substring]? {
        lock.lock(); defer { lock.unlock() }
        if let cached = texts[relative] { return cached }
        let absolute = project.root.appendingPath(relative)
        guard let data = try? fileSystem.read(absolute, limit: .projectFile), let text = String(data: data, encoding: .utf8) else { return nil }
        let split = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        texts[relative] = split
        return split
    }

    /// The line of `<key>KEY</key>` (XML plist) or `KEY =` in a file, if present.
    func line(of key: String, in relative: String) -> (line: Int, column: Int)? {
        guard let lines = lines(relative) else { return nil }
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: "<key>\(key)</key>") ?? line.range(of: "\(key) =") ?? line.range(of: "\"\(key)\"") {
                return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// Where a finding about a target is reported: the line of `key` in `file` (an Info.plist or entitlements
    /// file) when given; for a target of a manifest, the line of its call that names `key` or `setting`
    /// (quoted), else the call's first line; else the target's configuration block in project.pbxproj, at the
    /// line of `setting` (or of the `INFOPLIST_KEY_` setting of `key`) when the block assigns it.
    func place(target: Target, configuration: TargetConfiguration?, key: String?, file: String?, setting: String? = nil) -> Place {
        if let file {
            if let key, let found = line(of: key, in: file) { return Place(file: file, line: found.line, column: found.column) }
            return Place(file: file, line: 1, column: 1)
        }
        // A target read from a manifest (Tuist's `.target(…)`): the key or setting where the call writes it,
        // else the call.
        if let manifest = target.manifest {
            if let lines = lines(manifest.file) {
                for name in [key, setting].compactMap({ $0 }) {
                    for index in max(manifest.line - 1, 0)..<min(manifest.endLine, lines.count) {
                        if let range = lines[index].range(of: "\"\(name)\"") {
                            return Place(file: manifest.file, line: index + 1, column: lines[index].distance(from: lines[index].startIndex, to: range.lowerBound) + 1)
                        }
                    }
                }
            }
            return Place(file: manifest.file, line: manifest.line, column: manifest.column)
        }
        // The target's build settings in project.pbxproj: the configuration block (at the INFOPLIST_KEY_
        // setting when it is there), else the target's entry.
        if let projectPath = target.projectPath {
            let pbx = projectPath.appendingPath("project.pbxproj")
            if let configurationID = configuration?.objectID, let lines = lines(pbx),
               let start = lines.firstIndex(where: { $0.contains("\(configurationID) /*") && $0.contains("= {") }) {
                if let setting = setting ?? key.map(GeneratedInfoPlistKeys.settingName(for:)) {
                    var index = start
                    while index < lines.count, !lines[index].hasPrefix("\t\t};") {
                        if let range = lines[index].range(of: setting) {
                            return Place(file: pbx, line: index + 1, column: lines[index].distance(from: lines[index].startIndex, to: range.lowerBound) + 1)
                        }
                        index += 1
                    }
                }
                return Place(file: pbx, line: start + 1, column: 1)
            }
            let objectID = target.id.split(separator: ":").last.map(String.init) ?? target.id
            if let lines = lines(pbx), let index = lines.firstIndex(where: { $0.contains("\(objectID) /*") && $0.contains("= {") }) {
                return Place(file: pbx, line: index + 1, column: 1)
            }
            return Place(file: pbx, line: 1, column: 1)
        }
        return Place(file: ".", line: 1, column: 1)
    }
}
