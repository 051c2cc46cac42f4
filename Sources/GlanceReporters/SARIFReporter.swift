import Foundation
import GlanceProject
import GlanceRules
import GlanceSurfaces

/// SARIF 2.1.0 (OASIS), the format GitHub code scanning uploads. One run; `tool.driver.rules` lists the rules of
/// `ReportOptions.rules` (every rule of `glance rules`, lint and payload, whether it ran or not, each with
/// `defaultConfiguration.enabled`), so the same rule has the same index in `glance lint` and
/// `glance payload check` reports; each result points at its rule by `ruleId` and `ruleIndex`.
///
/// - Locations: `artifactLocation.uri` is the path as the xcode reporter prints it (relative to the current
///   folder when PATH was relative, so run Glance from the repository root to get repository-relative URIs),
///   percent-encoded, with `uriBaseId` `%SRCROOT%`; an absolute path becomes a `file://` URI. The region is
///   one character: `startLine`/`startColumn` (1-based, columns counted in UTF-8 bytes as in every Glance
///   reporter) to `endLine` = `startLine`, `endColumn` = `startColumn` + 1.
/// - `partialFingerprints["glance/v1"]`: FNV-1a (64-bit) over the UTF-8 of rule id, relative file, message
///   (without its premise note, `Premise.withoutNotes`) and the violation's ordinal among identical ones, joined
///   by NUL, as 16 lowercase hex digits. It ignores line and column, so a finding keeps its identity when code
///   above it moves.
/// - With `--explain-skips`, each skipped check is a `note` in `invocations[0].toolExecutionNotifications`.
public enum SARIFReporter {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let informationURI = "https://github.com/glance-lint/glance"

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let ruleIndex = Dictionary(options.rules.enumerated().map { ($1.description.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: [String: Int] = [:]
        let results: [[String: Any]] = result.violations.map { violation in
            let identity = violation.identity
            let ordinal = seen[identity, default: 0]
            seen[identity] = ordinal + 1
            var entry: [String: Any] = [
                "ruleId": violation.rule,
                "level": violation.severity.rawValue,
                "message": ["text": violation.displayMessage(root: options.displayRoot)],
                "locations": [["physicalLocation": [
                    "artifactLocation": artifactLocation(violation.file, options: options),
                    "region": ["startLine": violation.line, "startColumn": violation.column,
                               "endLine": violation.line, "endColumn": violation.column + 1],
                ]]],
                "partialFingerprints": ["glance/v1": fingerprint(identity + "\u{0}\(ordinal)")],
            ]
            if !violation.related.isEmpty {
                entry["relatedLocations"] = violation.related.enumerated().map { index, place -> [String: Any] in
                    ["id": index + 1, "physicalLocation": [
                        "artifactLocation": artifactLocation(place.file, options: options),
                        "region": ["startLine": place.line, "startColumn": place.column, "endLine": place.line, "endColumn": place.column + 1],
                    ]]
                }
            }
            if let index = ruleIndex[violation.rule] { entry["ruleIndex"] = index }
            if let target = violation.target { entry["properties"] = ["target": target] }
            return entry
        }
        var invocation: [String: Any] = ["executionSuccessful": true]
        if options.explainSkips && !result.skips.isEmpty {
            invocation["toolExecutionNotifications"] = ViolationReporter.sortedSkips(result.skips).map { skip -> [String: Any] in
                var notification: [String: Any] = ["level": "note", "message": ["text": MessagePlace.shown(skip.reason, root: options.displayRoot)]]
                if let rule = skip.rule {
                    notification["associatedRule"] = ruleIndex[rule].map { ["id": rule, "index": $0] } ?? ["id": rule]
                }
                if let file = skip.file {
                    notification["locations"] = [["physicalLocation": ["artifactLocation": artifactLocation(file, options: options)]]]
                }
                return notification
            }
        }
        let driver: [String: Any] = [
            "name": "Glance", "version": options.toolVersion, "semanticVersion": options.toolVersion,
            "informationUri": informationURI, "rules": options.rules.map(ruleDescriptor),
        ]
        return JSONText.render([
            "$schema": schemaURI, "version": "2.1.0",
            "runs": [["tool": ["driver": driver], "invocations": [invocation], "results": results]],
        ])
    }

    /// A `reportingDescriptor`: `name` is the rule's type name (an identifier, as SARIF asks), the short
    /// description its summary, the full description its rationale.
    static func ruleDescriptor(_ rule: any DescribedRule.Type) -> [String: Any] {
        let description = rule.description
        let helpURI = "\(informationURI)/blob/main/docs/rules/\(description.identifier).md"
        return [
            "id": description.identifier,
            "name": String(describing: rule),
            "shortDescription": ["text": description.summary],
            "fullDescription": ["text": description.rationale],
            "help": ["text": "\(description.summary)\n\n\(description.rationale)\n\nSource: \(description.source)",
                     "markdown": "**\(description.name)**\n\n\(description.summary)\n\n\(description.rationale)\n\nSource: \(description.source)\n\n[Rule documentation](\(helpURI))"],
            "helpUri": helpURI,
            "defaultConfiguration": ["level": description.defaultSeverity.rawValue, "enabled": description.enabledByDefault],
            "properties": ["tags": [description.group.rawValue]],
        ]
    }

    /// `{"uri", "uriBaseId"}` for a path relative to the lint root.
    static func artifactLocation(_ relative: String, options: ReportOptions) -> [String: Any] {
        let path = ViolationReporter.displayPath(relative, root: options.displayRoot)
        // Percent-encoded from the name's bytes on disk, so a name that is not UTF-8 keeps its bytes (`%E9`).
        var encoded = ""
        for byte in FilePathBytes.bytes(of: path) {
            if byte < 0x80, let scalar = Unicode.Scalar(UInt32(byte)), uriPathCharacters.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        if path.hasPrefix("/") { return ["uri": "file://" + encoded] }
        return ["uri": encoded, "uriBaseId": "%SRCROOT%"]
    }

    /// RFC 3986 path characters: unreserved, sub-delims, `:`, `@` and `/`.
    private static let uriPathCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")

    /// FNV-1a, 64-bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3), over the UTF-8 bytes of `text`;
    /// 16 lowercase hex digits. The same on every machine and run, unlike `hashValue`.
    public static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
