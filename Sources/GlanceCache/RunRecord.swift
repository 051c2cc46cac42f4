import Foundation
import GlanceProject
import GlanceSourceIndex

/// What one `glance lint` run printed, with every question it asked the disk and the answer it got (a file's
/// contents as their SHA-256): the same command in the same folder prints the same without linting again
/// while every question gets the same answer (`holds()`). Any change to a file the run read, to a folder it
/// listed, or to a path it looked at (a new `.glance.json` above the project, a new file in a synchronized
/// folder) is a different answer, and the run lints.
public struct RunRecord: Codable, Sendable {
    /// The record format; raise it when a record's meaning changes.
    public static let format = 1

    /// A question and its answer (`t:` a text, `h:` the SHA-256 of the bytes read).
    public struct Answered: Sendable {
        public let question: FileQuestion
        public let answer: String
    }

    /// The questions (`FileQuestion.code`) and their answers, in the same order: two lists of strings, which
    /// is what keeps reading a record of ten thousand questions quick.
    let questions: [String]
    let answerTexts: [String]
    public let standardOutput: String
    /// Standard error before the summary line.
    public let standardError: String
    public let exitCode: Int32
    /// The summary line's counts (nil when the run was quiet).
    public let errors: Int?
    public let warnings: Int?
    public let files: Int?

    public init(answers: [Answered], standardOutput: String, standardError: String, exitCode: Int32, errors: Int?, warnings: Int?, files: Int?) {
        questions = answers.map(\.question.code)
        answerTexts = answers.map(\.answer)
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitCode = exitCode
        self.errors = errors
        self.warnings = warnings
        self.files = files
    }

    /// Whether every question gets the same answer from the disk now: statuses, listings and paths first (an
    /// edit changes a file's size, mostly), then the files, read again and hashed on all cores; it stops at the
    /// first answer that differs.
    public func holds() -> Bool {
        guard questions.count == answerTexts.count else { return false }
        var answers: [Answered] = []
        answers.reserveCapacity(questions.count)
        for (code, answer) in zip(questions, answerTexts) {
            guard let question = FileQuestion(code: code) else { return false }
            answers.append(Answered(question: question, answer: answer))
        }
        let isRead = { (answered: Answered) -> Bool in if case .read = answered.question { return true } else { return false } }
        let differs = Flag()
        for pass in [answers.filter { !isRead($0) }, answers.filter(isRead)] {
            _ = concurrentMap(pass.count) { index -> Bool? in
                guard !differs.isSet else { return nil }
                if RunObserver.text(FileSystem.answer(pass[index].question)) != pass[index].answer { differs.set() }
                return nil
            }
            if differs.isSet { return false }
        }
        return true
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
        func set() { lock.lock(); value = true; lock.unlock() }
    }
}

/// Hears the questions a run asks the disk (install it with `FileSystem.observe(with:)`), for its `RunRecord`.
public final class RunObserver: FileObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [FileQuestion: String] = [:]
    private var consistent = true

    public init() {}

    public func observed(_ question: FileQuestion, _ answer: FileAnswer) {
        let text = Self.text(answer)
        lock.lock(); defer { lock.unlock() }
        if let earlier = answers[question], earlier != text { consistent = false }
        answers[question] = text
    }

    /// The questions and answers heard, sorted; nil when a question got two answers (a file changed during the
    /// run): such a run is not recorded.
    public var answered: [RunRecord.Answered]? {
        lock.lock(); defer { lock.unlock() }
        guard consistent else { return nil }
        return answers.map { (key: $0.key.code, answered: RunRecord.Answered(question: $0.key, answer: $0.value)) }
            .sorted { $0.key < $1.key }.map(\.answered)
    }

    static func text(_ answer: FileAnswer) -> String {
        switch answer {
        case .text(let text): return "t:" + text
        case .bytes(let data): return "h:" + (ContentHash.sha256([Array(data)]) ?? "?")
        }
    }
}
