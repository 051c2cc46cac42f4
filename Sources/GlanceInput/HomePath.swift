/// Paths from environment variables, where no shell expanded `~` (a value set in quotes, or by a CI system).
public enum HomePath {
    /// `~` and `~/…` with `home` put in, as a shell does; other paths as they are.
    /// - Returns: nil for `~user/…` (another user's home, which Glance does not look up) and for `~…` when
    ///   `home` is nil or empty.
    public static func expanding(_ path: String, home: String?) -> String? {
        guard path.hasPrefix("~") else { return path }
        guard path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty else { return nil }
        let trimmedHome = home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
        return trimmedHome + path.dropFirst()
    }
}
