import Foundation

/// Reads `.xcconfig` files: `NAME = value`, `NAME[sdk=…] = value`, `#include "file"`, `#include? "file"`,
/// `//` comments (Xcode treats every `//` as a comment start, even inside values), a trailing `;`, and
/// lines continued with a trailing `\`. An include is looked up next to the including file, then in the
/// project's source root; a name without an extension also tries `.xcconfig` (swift-build
/// MacroConfigFileParser @ 41aee626).
///
/// Includes are bounded: at most `maximumIncludeDepth` nested and `maximumFiles` files read in all (a file
/// included twice counts twice, so a "diamond" of includes cannot multiply the work), each file at most
/// `InputLimit.xcconfig`. What is past a bound is noted and left out, like a missing include.
public enum XCConfig {
    /// How deep `#include`s may nest.
    public static let maximumIncludeDepth = 16
    /// How many files one configuration's `.xcconfig` may read, counting every include.
    public static let maximumFiles = 256

    private struct Budget {
        var files = 0
        var noted = false
    }

    /// The assignments of an `.xcconfig` in order, included files inlined where they are included.
    /// Each assignment becomes its own layer so that `$(inherited)` sees what came before.
    /// - Parameters:
    ///   - path: absolute path of the file.
    ///   - relativeTo: folder that `origin` names are made relative to.
    ///   - notes: receives one line per include that could not be read (`#include?` misses are silent).
    ///   - sourceRoot: the project's SRCROOT, the second place includes are looked up.
    public static func layers(path: String, relativeTo base: String, sourceRoot: String, fileSystem: FileSystem,
                              notes: inout [String]) -> [[SettingAssignment]] {
        var visited: [String] = []
        var budget = Budget()
        return read(path, base: base, searchPaths: [sourceRoot], fileSystem: fileSystem, visited: &visited, budget: &budget, notes: &notes).map { [$0] }
    }

    private static func locate(_ included: String, from path: String, searchPaths: [String], fileSystem: FileSystem) -> String? {
        // A path outside the folder being linted is returned as it is, found or not, so that reading it gives
        // the same "leads outside" note either way (no note tells what exists outside).
        if included.hasPrefix("/") { return fileSystem.isInside(included) ? fileSystem.resolve(included) : included.standardizedPath }
        let folders = [path.deletingLastPathComponent] + searchPaths
        let names = included.pathExtension.isEmpty ? [included, included + ".xcconfig"] : [included]
        for folder in folders {
            for name in names {
                let candidate = folder.appendingPath(name).standardizedPath
                if !fileSystem.isInside(candidate) { return candidate }
                if let found = fileSystem.resolve(folder.appendingPath(name)), !fileSystem.isDirectory(found) { return found }
            }
        }
        return nil
    }

    private static func read(_ path: String, base: String, searchPaths: [String], fileSystem: FileSystem,
                             visited: inout [String], budget: inout Budget, notes: inout [String]) -> [SettingAssignment] {
        guard !visited.contains(path) else {
            notes.append("\(path.relative(to: base)): includes itself; the cycle is not followed")
            return []
        }
        guard visited.count < maximumIncludeDepth, budget.files < maximumFiles else {
            if !budget.noted {
                let limit = visited.count < maximumIncludeDepth ? "more than \(maximumFiles) files in all" : "more than \(maximumIncludeDepth) levels deep"
                notes.append("\(path.relative(to: base)): not read: the .xcconfig includes go \(limit) (Glance's limit); the settings of further includes are unknown")
                budget.noted = true
            }
            return []
        }
        budget.files += 1
        visited.append(path)
        defer { visited.removeLast() }
        let text: String
        do { text = try fileSystem.readText(path, limit: .xcconfig) } catch let error as ProjectError {
            notes.append(error.naming(path.relative(to: base)).description)
            return []
        } catch {
            notes.append("\(path.relative(to: base)): cannot be read")
            return []
        }
        let origin = path.relative(to: base)
        var result: [SettingAssignment] = []
        var pending = ""
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = String(rawLine)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\\") {
                pending += line.dropLast().trimmingCharacters(in: .whitespaces) + " "
                continue
            }
            line = pending + line
            pending = ""
            if line.isEmpty { continue }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { continue }
                let included = String(line[line.index(after: first)..<last])
                guard let resolved = locate(included, from: path, searchPaths: searchPaths, fileSystem: fileSystem) else {
                    if !optional {
                        let expected = path.deletingLastPathComponent.appendingPath(included).standardizedPath
                        notes.append(GeneratedConfiguration(missing: included).map { $0.note(missing: expected, root: base) }
                                     ?? "\(origin): included file \(included) does not exist")
                    }
                    continue
                }
                result += read(resolved, base: base, searchPaths: searchPaths, fileSystem: fileSystem, visited: &visited, budget: &budget, notes: &notes)
                continue
            }
            var depth = 0
            guard let equals = line.firstIndex(where: { character in
                if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                return character == "=" && depth == 0
            }) else { continue }
            let key = String(line[..<equals])
            let value = String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            let (name, conditions) = SettingAssignment.parseKey(key)
            guard !name.isEmpty else { continue }
            result.append(SettingAssignment(name: name, conditions: conditions, value: value.hasSuffix(";") ? String(value.dropLast()) : value, origin: origin))
        }
        return result
    }
}
