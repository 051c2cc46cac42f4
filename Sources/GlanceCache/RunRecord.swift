import Foundation
import GlanceProject
import GlanceSourceIndex

/// Questions a run asked the disk (`FileQuestion`, as `FileQuestion.code`) and the answers it got (`t:` a text,
/// `h:` the SHA-256 of a file's bytes and their count), in two lists of strings — what keeps reading ten thousand
/// of them quick.
public struct RecordedAnswers: Codable, Sendable {
    let questions: [String]
    let answers: [String]

    init(questions: [String], answers: [String]) {
        self.questions = questions
        self.answers = answers
    }

    /// The questions and answers, decoded; nil when a question is not one.
    var answered: [(question: FileQuestion, answer: String)]? {
        guard questions.count == answers.count else { return nil }
        var result: [(question: FileQuestion, answer: String)] = []
        result.reserveCapacity(questions.count)
        for (code, answer) in zip(questions, answers) {
            guard let question = FileQuestion(code: code) else { return nil }
            result.append((question, answer))
        }
        return result
    }

    /// Whether every question gets the same answer from the disk now: first the sizes of the files read (an edit
    /// mostly changes one: no file is read then), statuses, listings and paths, then the files, read again and
    /// hashed on all cores; it stops at the first answer that differs.
    public func holdToday() -> Bool { heldToday() != nil }

    /// The questions and answers, decoded, when every one holds today (see `holdToday()`); nil otherwise.
    public func heldToday() -> [(question: FileQuestion, answer: String)]? {
        var changed: FileQuestion?
        return heldToday(changed: &changed)
    }

    /// As `heldToday()`; when a question does not hold, `changed` is the one found (a file edited since, when its
    /// size changed), so that its new text can be worked on at once.
    public func heldToday(changed: inout FileQuestion?) -> [(question: FileQuestion, answer: String)]? {
        guard questions.count == answers.count else { return nil }
        // Sizes first, decoding only the questions that read a whole file: an edit stops the check there.
        let sizes = FileSystem.Sizes()
        for (code, answer) in zip(questions, answers) where code.hasPrefix("R|") && answer.hasPrefix("h:") {
            guard let question = FileQuestion(code: code), case .read(let path, _, _, nil) = question, let colon = answer.lastIndex(of: ":"),
                  let size = Int(answer[answer.index(after: colon)...]) else { continue }
            let now = sizes.size(of: path)
            if now != size {
                Self.log(question, answer, "size \(now.map(String.init) ?? "none")")
                changed = question
                return nil
            }
        }
        guard let answered else { return nil }
        let isRead = { (item: (question: FileQuestion, answer: String)) -> Bool in if case .read = item.question { return true } else { return false } }
        let differs = Flag()
        for pass in [answered.filter { !isRead($0) }, answered.filter(isRead)] {
            _ = concurrentMap(pass.count) { index -> Bool? in
                guard !differs.isSet else { return nil }
                let now = RunObserver.text(FileSystem.answer(pass[index].question))
                if now != pass[index].answer { Self.log(pass[index].question, pass[index].answer, now); differs.set(pass[index].question) }
                return nil
            }
            if differs.isSet { changed = differs.question; return nil }
        }
        return answered
    }

    /// `GLANCE_DEBUG_RECORDS=1` says on standard error which question a record does not hold on.
    static let logs = ProcessInfo.processInfo.environment["GLANCE_DEBUG_RECORDS"] != nil

    static func log(_ question: FileQuestion, _ recorded: String, _ now: String) {
        guard logs else { return }
        FileHandle.standardError.write("record does not hold: \(question.code): recorded \(recorded.prefix(200)), now \(now.prefix(200))\n".data(using: .utf8)!)
    }

    /// The first question found not to hold, from any thread.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var first: FileQuestion?
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return first != nil }
        var question: FileQuestion? { lock.lock(); defer { lock.unlock() }; return first }
        func set(_ question: FileQuestion) { lock.lock(); if first == nil { first = question }; lock.unlock() }
    }
}

/// What one `glance lint` run found, with every question it asked the disk and the answer it got: the same
/// command in the same folder prints the same without linting again while every question gets the same answer
/// (`RecordedAnswers.holdToday()`) and the questions cover the run (`RecordedAnswers.cover(_:)`). Any change to a
/// file the run read, to a folder it listed, or to a path it looked at (a new `.glance.json` above the project, a
/// new file in a synchronized folder) is a different answer, and the run lints.
///
/// A record holds what the run found (`report`: its findings, skips and notes), never the bytes it printed: a
/// repeat prints them through the same reporters, escaping and neutralizing as a fresh run, so a record written
/// by someone else (a cache restored in CI) cannot print text a run would not.
public struct RunRecord<Report: Codable & Sendable>: Codable, Sendable {
    public let answers: RecordedAnswers
    public let report: Report
    /// The files the run parsed: when the record does not hold, the next run parses those it must parse again
    /// (edited since) while it scans the others (`SourceIndex`'s `likelyParsed`).
    public let parsedFiles: [String]?

    public init(answers: RecordedAnswers, report: Report, parsedFiles: [String]? = nil) {
        self.answers = answers
        self.report = report
        self.parsedFiles = parsedFiles
    }
}

extension RecordedAnswers {
    /// No question at all: such a record would hold whatever the disk says, and is never used.
    public var isEmpty: Bool { questions.isEmpty }

    /// Whether these answers cover a run on the project `project` holds: they hold every question its reading
    /// asked, with the same answers, and a read of every Swift file its targets compile (what the run reads after
    /// the project). A record without them — empty, or crafted to leave out the files whose change would change
    /// the findings — is not used.
    public func cover(_ project: ProjectRecord) -> Bool {
        guard !isEmpty, project.isAnchored, questions.count == answers.count else { return false }
        var held: [String: String] = [:]
        held.reserveCapacity(questions.count)
        var read: Set<String> = []
        for (question, answer) in zip(questions, answers) {
            held[question] = answer
            if question.hasPrefix("R|\(InputLimit.swiftSource.kind)|"), case .read(let path, _, _, nil)? = FileQuestion(code: question) {
                read.insert(path)
            }
        }
        for (question, answer) in zip(project.answers.questions, project.answers.answers) where held[question] != answer { return false }
        return project.model.targets.allSatisfy { $0.sources.allSatisfy(read.contains) }
    }
}

/// A project model as `ProjectLoader` read it, with the questions its reading asked the disk: while they get the
/// same answers, the model is the same (Swift sources are read afterwards, by the source index, so editing one
/// keeps the record).
public struct ProjectRecord: Codable, Sendable {
    public let answers: RecordedAnswers
    public let model: ProjectModel
    /// The folder the loader confined its reads to (`FileSystem.boundary`).
    public let boundary: String

    public init(answers: RecordedAnswers, model: ProjectModel, boundary: String) {
        self.answers = answers
        self.model = model
        self.boundary = boundary
    }

    /// Whether the record is of a reading of its own folder: its questions include the canonical path of the folder
    /// the reading was confined to, answered with `boundary`. A record without questions, or without that one,
    /// says nothing about any folder and is never used.
    public var isAnchored: Bool {
        answers.questions.count == answers.answers.count
            && zip(answers.questions, answers.answers).contains { $0.hasPrefix("P|") && $1 == "t:" + boundary }
    }
}

/// Hears the questions a run asks the disk (`FileSystem.startObserving(_:)`), for its records.
public final class RunObserver: FileObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [FileQuestion: String] = [:]
    private var consistent = true

    public init() {}

    public func observed(_ question: FileQuestion, _ answer: FileAnswer) { hear(question, Self.text(answer)) }

    /// Hears answers recorded earlier and found to hold today (a project record used instead of reading).
    public func hear(_ answered: [(question: FileQuestion, answer: String)]) {
        for (question, answer) in answered { hear(question, answer) }
    }

    private func hear(_ question: FileQuestion, _ text: String) {
        lock.lock(); defer { lock.unlock() }
        if let earlier = heard[question], earlier != text { consistent = false }
        heard[question] = text
    }

    /// The questions and answers heard, sorted; nil when a question got two answers (a file changed during the
    /// run): such a run is not recorded.
    public var answers: RecordedAnswers? {
        lock.lock(); defer { lock.unlock() }
        guard consistent else { return nil }
        let sorted = heard.map { (code: $0.key.code, answer: $0.value) }.sorted { $0.code < $1.code }
        return RecordedAnswers(questions: sorted.map(\.code), answers: sorted.map(\.answer))
    }

    static func text(_ answer: FileAnswer) -> String {
        switch answer {
        case .text(let text): return "t:" + text
        case .bytes(let data): return "h:" + (ContentHash.sha256([Array(data)]) ?? "?") + ":" + String(data.count)
        }
    }
}
