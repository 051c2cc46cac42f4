import Foundation
import GlanceConfiguration
import GlanceProject
import GlanceReporters
import GlanceRules
import GlanceSourceIndex
import GlanceSurfaces

/// The pipeline, for the CLI and for anyone embedding Glance: project files → project model → source
/// index → surface model → rules.
public enum Glance {
    /// Reads the project(s) at `path` and builds the surface model. With a `cache`, files whose text it holds are
    /// not scanned or parsed again (the model is the same); call `model.index.saveCache()` when done.
    /// - Throws: `ProjectError` when the path does not exist or a project file cannot be read.
    public static func surfaces(at path: String, parseEverything: Bool = false, cache: (any SourceIndexCache)? = nil,
                                progress: SourceIndex.Progress? = nil) throws -> SurfaceModel {
        let loader = ProjectLoader()
        TMPT("start")
        let project = try loader.load(path: path)
        TMPT("project")
        let sources = Array(Set(project.targets.flatMap(\.sources))).sorted()
        let index = SourceIndex(paths: sources, fileSystem: loader.fileSystem, cache: cache, progress: progress)
        TMPT("index")
        if parseEverything { index.parseEverything() }
        let m = SurfaceModel.build(project: project, index: index)
        TMPT("surfaces")
        return m
    }

    /// Lints the project(s) at `path` with the given rules.
    public static func lint(at path: String, rules: [any Rule.Type] = RuleRegistry.all, parseEverything: Bool = false) throws -> (SurfaceModel, LintResult) {
        let model = try surfaces(at: path, parseEverything: parseEverything)
        return (model, Linter(rules: rules).lint(model))
    }

    /// Lints the project(s) at `path` as a configuration says: its rules and severities, then its path
    /// globs (`included`, `excluded`, `excluded_by_rule`) over the reported violations. Inline suppressions
    /// are applied by the linter; the baseline is not (see `LintSettings`).
    /// With a `cache` (see `surfaces(at:parseEverything:cache:progress:)`), what the run worked out is stored in it.
    public static func lint(at path: String, configuration: Configuration, parseEverything: Bool = false, cache: (any SourceIndexCache)? = nil,
                            progress: SourceIndex.Progress? = nil) throws -> (SurfaceModel, LintResult) {
        let model = try surfaces(at: path, parseEverything: parseEverything, cache: cache, progress: progress)
        let result = Linter(rules: configuration.rules(), severities: configuration.severities).lint(model)
        TMPT("rules")
        model.index.saveCache()
        TMPT("saved")
        return (model, configuration.filter(result, root: model.project.root))
    }

    /// What to print before relative paths: the folder as the user typed it (the project's folder when a
    /// project or workspace was given).
    static func displayRoot(for path: String) -> String {
        var root = path
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        let ext = (root as NSString).pathExtension
        if ext == "xcodeproj" || ext == "xcworkspace" || (root as NSString).lastPathComponent == "project.pbxproj" || ext == "swift" {
            root = (root as NSString).deletingLastPathComponent
            if (root as NSString).pathExtension == "xcodeproj" { root = (root as NSString).deletingLastPathComponent }
        }
        return root == "." ? "" : root
    }
}

func TMPT(_ label: String) {
    if ProcessInfo.processInfo.environment["TMPT"] != nil {
        FileHandle.standardError.write("\(label) \(Date().timeIntervalSince1970)\n".data(using: .utf8)!)
    }
}
