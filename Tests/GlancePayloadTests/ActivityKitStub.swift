// ActivityKit is not on Linux; this stands in for its protocol so the sample types compile.
protocol ActivityAttributes: Codable, Hashable {
    associatedtype ContentState: Codable & Hashable
}
