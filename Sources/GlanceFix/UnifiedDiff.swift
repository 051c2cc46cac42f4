/// Unified diffs of whole files, as `git diff` prints them (three lines of context, `a/` and `b/` paths,
/// `/dev/null` for a new file).
public enum UnifiedDiff {
    /// The diff of `old` (nil: the file is new) and `new`, `path` relative and `/`-separated. Empty when equal.
    public static func diff(path: String, old: String?, new: String, context: Int = 3) -> String {
        let oldLines = old.map(lines) ?? []
        let newLines = lines(new)
        guard oldLines != newLines || old == nil else { return "" }
        // git's a/ and b/ before a relative path; an absolute one as it is.
        let (a, b) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        var out = (old == nil ? "--- /dev/null\n" : "--- \(a)\n") + "+++ \(b)\n"
        let script = edits(oldLines, newLines)
        // Hunks: runs of changes with `context` lines around them, merged when their contexts meet.
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            var start = index
            var back = 0
            while start > 0 && back < context && script[start - 1].kind == .same { start -= 1; back += 1 }
            var end = index
            var sameRun = 0
            while end < script.count {
                if script[end].kind == .same {
                    sameRun += 1
                    if sameRun > 2 * context { break }
                } else { sameRun = 0 }
                end += 1
            }
            end -= max(0, sameRun - context)
            let hunk = script[start..<end]
            let oldStart = hunk.first!.oldLine, newStart = hunk.first!.newLine
            let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: out += " " + step.text + "\n"
                case .delete: out += "-" + step.text + "\n"
                case .insert: out += "+" + step.text + "\n"
                }
            }
            index = end
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    private static func lines(_ text: String) -> [String] {
        var split = text.components(separatedBy: "\n")
        if split.last == "" { split.removeLast() }
        return split
    }

    private enum Kind { case same, delete, insert }
    private struct Step { let kind: Kind; let text: String; let oldLine: Int; let newLine: Int }

    /// Myers' shortest edit script, after the common head and tail are taken off.
    private static func edits(_ a: [String], _ b: [String]) -> [Step] {
        var head = 0
        while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let x = Array(a[head..<(a.count - tail)]), y = Array(b[head..<(b.count - tail)])
        var steps: [Step] = (0..<head).map { Step(kind: .same, text: a[$0], oldLine: $0 + 1, newLine: $0 + 1) }
        let n = x.count, m = y.count, max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        outer: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var i = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1
                var j = i - k
                while i < n && j < m && x[i] == y[j] { i += 1; j += 1 }
                v[max + k] = i
                if i >= n && j >= m { break outer }
            }
        }
        var middle: [Kind] = []
        var i = n, j = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) where d > 0 || i > 0 || j > 0 {
            let v = trace[d], k = i - j
            let down = k == -d || (k != d && v[max + k - 1] < v[max + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousI = v[max + previousK], previousJ = previousI - previousK
            while i > previousI && j > previousJ { middle.append(.same); i -= 1; j -= 1 }
            if d > 0 { middle.append(down ? .insert : .delete) }
            i = previousI; j = previousJ
        }
        var oldLine = head, newLine = head
        for kind in middle.reversed() {
            switch kind {
            case .same: steps.append(Step(kind: .same, text: x[oldLine - head], oldLine: oldLine + 1, newLine: newLine + 1)); oldLine += 1; newLine += 1
            case .delete: steps.append(Step(kind: .delete, text: x[oldLine - head], oldLine: oldLine + 1, newLine: newLine + 1)); oldLine += 1
            case .insert: steps.append(Step(kind: .insert, text: y[newLine - head], oldLine: oldLine + 1, newLine: newLine + 1)); newLine += 1
            }
        }
        for offset in 0..<tail {
            steps.append(Step(kind: .same, text: a[a.count - tail + offset], oldLine: a.count - tail + offset + 1, newLine: b.count - tail + offset + 1))
        }
        return steps
    }
}
