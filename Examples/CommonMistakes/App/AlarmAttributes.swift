import ActivityKit
import Foundation

/// Mistake: AlarmKit provides AlarmAttributes; declaring one shadows it (alarm_attributes_redefined).
struct AlarmAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var remaining: Int }
    var title: Int
}
