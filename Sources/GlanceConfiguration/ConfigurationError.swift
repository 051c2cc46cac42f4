/// A problem with a configuration or baseline file: printed as `FILE: message` on one line, exit code 2.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    /// The file as shown to the user (relative to the working folder when below it).
    public let file: String
    public let message: String

    public init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
