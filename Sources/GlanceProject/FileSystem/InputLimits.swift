/// The most Glance reads of each kind of input. Glance reads repositories it does not control (pull
/// requests from strangers, in CI), so every read is bounded: a file is measured (`stat`) before it is
/// read, and one over its limit is not read at all. docs/limits.md lists these limits.
///
/// What happens past a limit depends on the input: a Swift file is skipped with a note (the rest of the
/// project is linted); a project file, configuration, baseline or payload is an error (exit code 2) naming
/// the file and the limit.
public struct InputLimit: Sendable, Equatable {
    /// What the file is, for messages: `Swift source`, `.glance.json`, …
    public let kind: String
    /// The largest file read, in bytes.
    public let maximumBytes: Int

    public init(kind: String, maximumBytes: Int) {
        self.kind = kind
        self.maximumBytes = maximumBytes
    }

    /// A Swift file of the project (generated code included).
    public static let swiftSource = InputLimit(kind: "Swift source", maximumBytes: 4 << 20)
    /// An Objective-C implementation file of an app (`.m`, `.mm`), searched for URL-handling methods.
    public static let objectiveCSource = InputLimit(kind: "Objective-C source", maximumBytes: 16 << 20)
    /// `Package.swift` of a local package, Tuist's `Project.swift`.
    public static let manifest = InputLimit(kind: "Swift manifest", maximumBytes: 1 << 20)
    /// `project.pbxproj`.
    public static let projectFile = InputLimit(kind: "project.pbxproj", maximumBytes: 32 << 20)
    /// `contents.xcworkspacedata`.
    public static let workspace = InputLimit(kind: "workspace", maximumBytes: 1 << 20)
    /// Info.plist and entitlements (XML, binary or OpenStep property lists).
    public static let propertyList = InputLimit(kind: "property list", maximumBytes: 8 << 20)
    /// `.xcconfig` files, each included file counted on its own.
    public static let xcconfig = InputLimit(kind: ".xcconfig", maximumBytes: 1 << 20)
    /// Asset catalogs' `Contents.json`, Expo target configs, XcodeGen's `project.yml`.
    public static let projectJSON = InputLimit(kind: "project JSON or YAML", maximumBytes: 1 << 20)
    /// `.glance.json`.
    public static let configuration = InputLimit(kind: "configuration", maximumBytes: 1 << 20)
    /// A baseline file.
    public static let baseline = InputLimit(kind: "baseline", maximumBytes: 64 << 20)
    /// A push body for `payload check` and `payload simulate` (APNs itself takes at most 5 KB).
    public static let pushBody = InputLimit(kind: "push body", maximumBytes: 1 << 20)
    /// A JSON Lines file of pushes for `payload simulate`.
    public static let jsonLines = InputLimit(kind: "JSON Lines", maximumBytes: 16 << 20)
    /// An APNs headers file (`--headers`).
    public static let headers = InputLimit(kind: "headers", maximumBytes: 64 << 10)

    /// `7.5 MiB`, `64 KiB`, `120 bytes`.
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 30 { return format(Double(bytes) / Double(1 << 30)) + " GiB" }
        if bytes >= 1 << 20 { return format(Double(bytes) / Double(1 << 20)) + " MiB" }
        if bytes >= 1 << 10 { return format(Double(bytes) / Double(1 << 10)) + " KiB" }
        return "\(bytes) byte\(bytes == 1 ? "" : "s")"
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `is 6 GiB, over Glance's limit of 1 MiB for a configuration`.
    public func overLimitReason(size: Int) -> String {
        "it is \(Self.describe(bytes: size)), over Glance's limit of \(Self.describe(bytes: maximumBytes)) for \(kind.first.map { "AEIOU".contains($0) } == true ? "an" : "a") \(kind) file"
    }
}
