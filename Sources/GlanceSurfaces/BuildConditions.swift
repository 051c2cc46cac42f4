import Foundation
import GlanceProject
internal import SwiftDiagnostics
internal import SwiftIfConfig
internal import SwiftParser
internal import SwiftSyntax

/// What a `#if` condition may ask of one build of a target — one configuration, one platform — as far as the
/// project says: the platform, the custom compilation conditions, the modules it links, the language mode.
/// `BuildConditions` evaluates conditions against these facts with SwiftIfConfig, the compiler's own
/// evaluator.
public struct CompilationFacts: Hashable, Sendable {
    /// The platform built for; nil when the target's platform is unknown (loose sources).
    public let platform: Platform?
    /// The configuration (`Release`).
    public let configuration: String
    /// Conditions known to be set: `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and the `-D` flags of
    /// `OTHER_SWIFT_FLAGS`, with `$(inherited)` through the project, `.xcconfig` and target levels.
    public let customConditions: Set<String>
    /// Whether `customConditions` is all of them: false when a setting that assigns them is unknown, or a
    /// `.xcconfig` file that could assign them was not read (CocoaPods' `Pods-*.xcconfig` not committed), or
    /// for code of a Swift package (whose conditions its manifest sets). A name not in the set is then unknown,
    /// never false.
    public let customConditionsComplete: Bool
    /// Modules the code can import because the target builds or links them (its own module, local package
    /// products and the targets it depends on), by name.
    public let linkedModules: Set<String>
    /// `SWIFT_VERSION`'s major version (4, 5, 6); nil when unknown.
    public let languageMode: Int?
    /// Whether the build is the Mac Catalyst variant: false for a target that does not support it; nil (unknown)
    /// for an iOS target with `SUPPORTS_MACCATALYST = YES`, which ships both variants.
    public let macCatalyst: Bool?

    public init(platform: Platform?, configuration: String, customConditions: Set<String>, customConditionsComplete: Bool,
                linkedModules: Set<String>, languageMode: Int?, macCatalyst: Bool?) {
        self.platform = platform
        self.configuration = configuration
        self.customConditions = customConditions
        self.customConditionsComplete = customConditionsComplete
        self.linkedModules = linkedModules
        self.languageMode = languageMode
        self.macCatalyst = macCatalyst
    }

    /// Facts of which nothing is known but the platform (a file in no target, a target without settings).
    public static func unknown(platform: Platform?) -> CompilationFacts {
        CompilationFacts(platform: platform, configuration: "", customConditions: [], customConditionsComplete: false,
                         linkedModules: [], languageMode: nil, macCatalyst: platform == .iOS ? nil : false)
    }

    /// The custom conditions one configuration's settings set: the names in `SWIFT_ACTIVE_COMPILATION_CONDITIONS`
    /// and each `-D NAME` / `-DNAME` of `OTHER_SWIFT_FLAGS` (quotes removed); nil when either setting is unknown.
    /// A setting assigned nowhere sets nothing.
    public static func customConditions(in settings: BuildSettings) -> Set<String>? {
        func words(_ name: String) -> [String]? {
            guard settings.isAssigned(name) else { return [] }
            guard let value = settings.value(name).known else { return nil }
            return value.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        }
        guard let active = words("SWIFT_ACTIVE_COMPILATION_CONDITIONS"), let flags = words("OTHER_SWIFT_FLAGS") else { return nil }
        var names = Set(active.filter { !$0.isEmpty })
        var index = flags.startIndex
        while index < flags.endIndex {
            let flag = flags[index]
            if flag == "-D", index + 1 < flags.endIndex {
                names.insert(flags[index + 1])
                index += 1
            } else if flag.hasPrefix("-D"), flag.count > 2 {
                names.insert(String(flag.dropFirst(2)))
            }
            index += 1
        }
        return Set(names.map { name in name.split(separator: "=", maxSplits: 1).first.map(String.init) ?? name }.filter { !$0.isEmpty })
    }
}

/// Evaluates `#if` conditions, as the index keeps them (`os(iOS) && !DEBUG`), for the builds of each target,
/// with SwiftIfConfig. What the project does not say stays unknown, never true: each question a condition asks
/// that the facts cannot answer (a custom condition of a package, `canImport` of a module Glance does not know,
/// `arch(…)`, `hasFeature(…)`, the compiler's exact version) is answered both ways, and the condition is decided
/// only where every answer gives the same result. So `#if canImport(FirebaseCore) || true` is true and `#if
/// canImport(FirebaseCore)` is unknown.
///
/// Known without the project: archives are built for devices (`targetEnvironment(simulator)` is false), Apple
/// platforms are little-endian Mach-O with the Objective-C runtime, and the compiler is Swift 6.0 or later (the
/// App Store has taken uploads only from Xcode 16 or later since April 2025: Apple, "Upcoming requirements",
/// <https://developer.apple.com/news/upcoming-requirements/>). `canImport` of Apple frameworks follows the
/// platforms their documentation lists (`frameworkPlatforms`).
///
/// What ships is what the Release configuration compiles, the one Xcode's Archive action uses by default
/// (`shippingConfiguration(of:)`).
public final class BuildConditions: @unchecked Sendable {
    private let project: ProjectModel
    private let lock = NSLock()
    /// The builds of each target (one per platform), numbered: results are kept by build number, so a lookup
    /// hashes a number and the condition, not the facts.
    private var factsCache: [String: [(number: Int, facts: CompilationFacts)]] = [:]
    private var numbers: [CompilationFacts: Int] = [:]
    private var results: [ResultKey: Bool?] = [:]
    private var parsed: [String: ExprSyntax?] = [:]
    /// Local package modules, by the files they compile, and the names each module can import.
    private let packageFiles: Set<String>
    private let importableByTarget: [String: Set<String>]

    private struct ResultKey: Hashable {
        let build: Int
        let condition: String
    }

    public init(project: ProjectModel) {
        self.project = project
        packageFiles = Set(project.modules.filter { $0.id.contains("package:") }.flatMap(\.sources))
        let modulesByID = Dictionary(project.modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var importable: [String: Set<String>] = [:]
        for target in project.targets {
            var names: Set<String> = []
            var pending = [target.id]
            var seen: Set<String> = []
            while let id = pending.popLast() {
                guard seen.insert(id).inserted, let module = modulesByID[id] else { continue }
                names.insert(module.name)
                pending += module.dependencies
            }
            importable[target.id] = names
        }
        importableByTarget = importable
    }

    // MARK: Configurations

    /// The configuration that ships: `Release` (what Xcode's Archive action builds unless a scheme says
    /// otherwise), else the one whose name says release, else the target's default configuration.
    public static func shippingConfiguration(of target: Target) -> TargetConfiguration? {
        target.configurations.first { $0.name == "Release" }
            ?? target.configurations.first { $0.name.lowercased().contains("release") }
            ?? target.defaultConfiguration
    }

    /// The facts of each platform the target builds for in a configuration (the shipping one when nil), for its
    /// own code or, with `packageCode`, for the code of a Swift package it links.
    public func facts(of target: Target, configuration name: String? = nil, packageCode: Bool = false) -> [CompilationFacts] {
        builds(of: target, configuration: name, packageCode: packageCode).map(\.facts)
    }

    private func builds(of target: Target, configuration name: String?, packageCode: Bool) -> [(number: Int, facts: CompilationFacts)] {
        let key = "\(target.id)\u{1}\(name ?? "")\u{1}\(packageCode)"
        lock.lock()
        if let known = factsCache[key] { lock.unlock(); return known }
        lock.unlock()
        let configuration = name.flatMap { wanted in target.configurations.first { $0.name == wanted } } ?? Self.shippingConfiguration(of: target)
        let platforms: [Platform?] = target.platforms.isEmpty ? [nil] : target.platforms
        let made = platforms.map { platform -> CompilationFacts in
            guard let configuration else { return .unknown(platform: platform) }
            // Settings conditioned on the SDK (`[sdk=watchos*]`) are read for each platform of the target.
            let settings = platform.map { platform in
                configuration.settings.sdk.flatMap(Platform.init(sdk:)) == platform ? configuration.settings
                    : BuildSettings(layers: [configuration.settings.assignments], builtins: configuration.settings.builtins,
                                    sdk: platform.rawValue, configuration: configuration.name)
            } ?? configuration.settings
            let conditions = packageCode ? nil : CompilationFacts.customConditions(in: settings)
            let languageMode = settings.value("SWIFT_VERSION").known.flatMap { Int($0.split(separator: ".").first ?? "") }
            let catalyst: Bool? = platform != .iOS ? false : (settings.bool("SUPPORTS_MACCATALYST") == true ? nil : false)
            return CompilationFacts(platform: platform, configuration: configuration.name, customConditions: conditions ?? [],
                                    customConditionsComplete: conditions != nil && configuration.unreadSettingsFiles.isEmpty,
                                    linkedModules: importableByTarget[target.id] ?? [], languageMode: packageCode ? nil : languageMode,
                                    macCatalyst: catalyst)
        }
        lock.lock()
        let numbered = made.map { facts -> (number: Int, facts: CompilationFacts) in
            if let number = numbers[facts] { return (number, facts) }
            numbers[facts] = numbers.count
            return (numbers.count - 1, facts)
        }
        factsCache[key] = numbered
        lock.unlock()
        return numbered
    }

    /// Whether code in `file` under `conditions` (the `#if` conditions around it, outermost first) is compiled
    /// into the target in a configuration (the shipping one when nil): true or false when every platform the
    /// target builds for agrees or one of them surely compiles it, nil when that cannot be decided.
    public func compiles(_ conditions: [String], in target: Target, file: String? = nil, configuration: String? = nil) -> Bool? {
        guard !conditions.isEmpty else { return true }
        let builds = self.builds(of: target, configuration: configuration, packageCode: file.map(packageFiles.contains) ?? false)
        return Self.any(builds.map { evaluate(conditions, build: $0.number, facts: $0.facts) })
    }

    /// Like `compiles(_:in:file:configuration:)`, for one of the target's platforms.
    public func compiles(_ conditions: [String], in target: Target, platform: Platform, file: String? = nil, configuration: String? = nil) -> Bool? {
        let builds = self.builds(of: target, configuration: configuration, packageCode: file.map(packageFiles.contains) ?? false)
        guard let build = builds.first(where: { $0.facts.platform == platform }) else { return false }
        return evaluate(conditions, build: build.number, facts: build.facts)
    }

    /// The configurations of the target in which code under `conditions` is compiled, by name (for messages that
    /// say a condition differs between configurations); nil when that cannot be decided for one of them.
    public func configurations(compiling conditions: [String], in target: Target, file: String? = nil) -> [String]? {
        var names: [String] = []
        for configuration in target.configurations {
            switch compiles(conditions, in: target, file: file, configuration: configuration.name) {
            case true?: names.append(configuration.name)
            case false?: continue
            case nil: return nil
            }
        }
        return names
    }

    /// True when one is true, false when all are false, nil otherwise.
    static func any(_ values: [Bool?]) -> Bool? {
        if values.contains(true) { return true }
        return values.allSatisfy { $0 == false } ? false : nil
    }

    /// All the conditions together, for one build.
    public func evaluate(_ conditions: [String], facts: CompilationFacts) -> Bool? {
        lock.lock()
        let known = numbers[facts]
        lock.unlock()
        guard let number = known else { return conditions.isEmpty ? true : decide(joined(conditions), facts: facts) }
        return evaluate(conditions, build: number, facts: facts)
    }

    private func joined(_ conditions: [String]) -> String {
        conditions.count == 1 ? conditions[0] : conditions.map { "(\($0))" }.joined(separator: " && ")
    }

    private func evaluate(_ conditions: [String], build: Int, facts: CompilationFacts) -> Bool? {
        guard !conditions.isEmpty else { return true }
        let joined = self.joined(conditions)
        let key = ResultKey(build: build, condition: joined)
        lock.lock()
        if let known = results[key] { lock.unlock(); return known }
        lock.unlock()
        let value = decide(joined, facts: facts)
        lock.lock(); results[key] = .some(value); lock.unlock()
        return value
    }

    // MARK: Evaluation

    /// Unknown questions answered every way, at most this many of them in one condition (2^n evaluations).
    static let maximumUnknowns = 8

    private func expression(_ condition: String) -> ExprSyntax? {
        lock.lock()
        if let known = parsed[condition] { lock.unlock(); return known }
        lock.unlock()
        let file = Parser.parse(source: "#if \(condition)\n#endif\n")
        var found: ExprSyntax?
        if !file.hasError, let item = file.statements.first, let ifConfig = item.item.as(IfConfigDeclSyntax.self),
           ifConfig.clauses.count == 1, let condition = ifConfig.clauses.first?.condition {
            found = condition
        }
        lock.lock(); parsed[condition] = .some(found); lock.unlock()
        return found
    }

    private func decide(_ condition: String, facts: CompilationFacts) -> Bool? {
        guard let expression = expression(condition) else { return nil }
        // Pointer and atomic widths differ between Apple Watch models (arm64_32 and arm64).
        if facts.platform == .watchOS || facts.platform == nil,
           condition.contains("_pointerBitWidth") || condition.contains("_hasAtomicBitWidth") { return nil }
        let compilers = Self.candidateVersions(in: condition)
        var keys: [String] = []
        var outcomes: Set<Bool> = []
        while true {
            let recorder = Recorder()
            outcomes = []
            for compiler in compilers {
                let languages: [VersionTuple]
                switch facts.languageMode {
                case 6?: languages = [compiler]
                case 5?: languages = [VersionTuple(5, 10)]
                case 4?: languages = [VersionTuple(4, 2)]
                default: languages = [VersionTuple(5, 10), compiler]
                }
                for language in languages {
                    for bits in 0..<(1 << keys.count) {
                        var answers: [String: Bool] = [:]
                        for (position, key) in keys.enumerated() { answers[key] = bits & (1 << position) != 0 }
                        let probe = Probe(facts: facts, answers: answers, recorder: recorder, compiler: compiler, language: language)
                        let (state, _, diagnostics) = IfConfigRegionState.evaluating(expression, in: probe)
                        if diagnostics.contains(where: { $0.diagMessage.severity == .error }) { return nil }
                        outcomes.insert(state == .active)
                    }
                }
            }
            // Questions first asked under some answers (the right side of `||` after a false left side) are
            // answered every way too.
            let asked = recorder.keys.subtracting(keys)
            if asked.isEmpty { break }
            keys += asked.sorted()
            if keys.count > Self.maximumUnknowns { return nil }
        }
        return outcomes.count == 1 ? outcomes.first : nil
    }

    /// The compiler versions at which `swift(…)` and `compiler(…)` checks in the text can change: the lowest
    /// the App Store accepts (6.0), each version the text names above it, and one above them all.
    static func candidateVersions(in condition: String) -> [VersionTuple] {
        var versions: [VersionTuple] = [VersionTuple(6, 0)]
        guard condition.contains("swift(") || condition.contains("compiler(") || condition.contains("swift (") || condition.contains("compiler (") else {
            return versions
        }
        let scalars = Array(condition.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard CharacterSet.decimalDigits.contains(scalars[index]), index == 0 || !CharacterSet.alphanumerics.contains(scalars[index - 1]) else {
                index += 1; continue
            }
            var end = index
            while end < scalars.count, CharacterSet.decimalDigits.contains(scalars[end]) || scalars[end] == "." { end += 1 }
            let text = String(String.UnicodeScalarView(scalars[index..<end]))
            if let version = VersionTuple(parsing: text.hasSuffix(".") ? String(text.dropLast()) : text),
               VersionTuple(6, 0) < version, !versions.contains(version) {
                versions.append(version)
            }
            index = end
        }
        versions.append(VersionTuple(99))
        return versions
    }

    /// Apple frameworks and the platforms their documentation lists them for (developer.apple.com/documentation/
    /// <name>, "Availability"). `canImport` of one is true on those platforms, false on iOS, macOS, watchOS and
    /// tvOS when not listed, and unknown on visionOS when not listed; for a build that may be Mac Catalyst, the
    /// frameworks of `catalystDiffers` are unknown.
    static let frameworkPlatforms: [String: Set<Platform>] = [
        "Foundation": Set(Platform.allCases), "SwiftUI": Set(Platform.allCases), "Combine": Set(Platform.allCases),
        "AppIntents": Set(Platform.allCases), "Dispatch": Set(Platform.allCases), "os": Set(Platform.allCases),
        "CoreGraphics": Set(Platform.allCases), "CoreLocation": Set(Platform.allCases),
        "ActivityKit": [.iOS], "AlarmKit": [.iOS],
        "UIKit": [.iOS, .tvOS, .visionOS, .watchOS], "AppKit": [.macOS],
        "WidgetKit": [.iOS, .macOS, .watchOS, .visionOS],
        "WatchKit": [.watchOS], "ClockKit": [.watchOS], "WatchConnectivity": [.iOS, .watchOS],
    ]
    /// Frameworks whose Mac Catalyst availability differs from iOS or is not known here.
    static let catalystDiffers: Set<String> = ["AppKit", "ActivityKit", "AlarmKit", "WatchConnectivity", "WatchKit", "ClockKit"]

    /// The questions a build's facts cannot answer, asked during one evaluation.
    final class Recorder: @unchecked Sendable {
        var keys: Set<String> = []
    }

    /// A `BuildConfiguration` for one build: answers from the facts, and answers unknown questions as `answers`
    /// says (false when it does not say), recording each.
    struct Probe: BuildConfiguration {
        let facts: CompilationFacts
        let answers: [String: Bool]
        let recorder: Recorder
        let compiler: VersionTuple
        let language: VersionTuple

        func unknown(_ key: String) -> Bool {
            recorder.keys.insert(key)
            return answers[key] ?? false
        }

        func isCustomConditionSet(name: String) throws -> Bool {
            if facts.customConditions.contains(name) { return true }
            return facts.customConditionsComplete && !SourceIndexConditions.placeholders.contains(name) ? false : unknown("condition " + name)
        }

        func hasFeature(name: String) throws -> Bool { unknown("feature " + name) }
        func hasAttribute(name: String) throws -> Bool { unknown("attribute " + name) }

        func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
            let name = importPath.map(\.1).joined(separator: ".")
            guard case .unversioned = version, importPath.count == 1 else { return unknown("canImport " + name + " (versioned or submodule)") }
            if let platforms = BuildConditions.frameworkPlatforms[name], let platform = facts.platform {
                if platform == .iOS, BuildConditions.catalystDiffers.contains(name), facts.macCatalyst != false {
                    return unknown("canImport \(name) on Mac Catalyst")
                }
                if platforms.contains(platform) { return true }
                return platform == .visionOS ? unknown("canImport \(name) on visionOS") : false
            }
            if facts.linkedModules.contains(name) { return true }
            return unknown("canImport " + name)
        }

        func isActiveTargetOS(name: String) throws -> Bool {
            let names: [String: Platform] = ["iOS": .iOS, "macOS": .macOS, "OSX": .macOS, "watchOS": .watchOS, "tvOS": .tvOS,
                                             "visionOS": .visionOS, "xrOS": .visionOS]
            if let platform = names[name] {
                guard let actual = facts.platform else { return unknown("os " + name) }
                return actual == platform
            }
            if ["Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4", "Haiku", "none"].contains(name) { return false }
            return unknown("os " + name)
        }

        func isActiveTargetArchitecture(name: String) throws -> Bool { unknown("arch " + name) }

        func isActiveTargetEnvironment(name: String) throws -> Bool {
            switch name {
            case "simulator": return false
            case "macCatalyst": return facts.macCatalyst ?? unknown("targetEnvironment macCatalyst")
            default: return unknown("targetEnvironment " + name)
            }
        }

        func isActiveTargetRuntime(name: String) throws -> Bool {
            if name == "_ObjC" { return true }
            if name == "_Native" { return false }
            return unknown("runtime " + name)
        }

        func isActiveTargetPointerAuthentication(name: String) throws -> Bool { unknown("ptrauth " + name) }
        func isActiveTargetObjectFormat(name: String) throws -> Bool { name == "MachO" }
        var targetPointerBitWidth: Int { 64 }
        var targetAtomicBitWidths: [Int] { [8, 16, 32, 64, 128] }
        var endianness: Endianness { .little }
        var languageVersion: VersionTuple { language }
        var compilerVersion: VersionTuple { compiler }
    }
}

/// Names the source index writes into conditions for what it does not keep, which no build sets or unsets.
enum SourceIndexConditions {
    /// `#if` chains of more than 32 clauses: the negation of the earlier ones is this name.
    static let placeholders: Set<String> = ["moreThan32EarlierClauses"]
}
