import Foundation

/// `GLANCE_DEBUG_TIME=1` prints on standard error, at each stage of a run (records checked, project read, files
/// scanned and parsed, surfaces built, each rule's own time, rules judged, output printed), the seconds since the
/// first stage: for finding where a run's time goes. Not part of the output a run records.
public enum DebugTime {
    public static let enabled = ProcessInfo.processInfo.environment["GLANCE_DEBUG_TIME"] != nil
    private static let start = Date()

    /// Prints `stage` after the seconds since the first call, when `GLANCE_DEBUG_TIME` is set.
    public static func mark(_ stage: @autoclosure () -> String) {
        guard enabled else { return }
        let seconds = -start.timeIntervalSinceNow   // `start` first: the first call is at 0
        let line = String(format: "%7.3f s  ", seconds) + stage() + "\n"
        FileHandle.standardError.write(line.data(using: .utf8)!)
    }
}
