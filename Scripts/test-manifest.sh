#!/usr/bin/env bash
# What can be checked of Package.swift's choice of SwiftSyntax without building (run by .ci/run):
#   - the default here (Linux) is the toolchain's copy: unsafe -I/-L/-rpath flags into <toolchain>/usr/lib/swift/host,
#     found even with an empty environment (from the PackageDescription library the manifest runs with);
#   - GLANCE_SWIFT_SYNTAX=package (the macOS default) depends on swift-syntax, the major version matched to
#     this compiler, with no unsafe flags;
#   - a wrong GLANCE_SWIFT_SYNTAX or GLANCE_SWIFT_HOST_LIBS stops with one line naming the variable;
#   - Package@swift-6.0.swift (for Swift 6.0 and 6.1) is Package.swift with tools-version 6.0, and says the same.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "test-manifest: FAILED: $*" >&2; exit 1; }
swift=$(command -v swift)
host=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/host

summary() {  # the JSON of `swift package dump-package`, boiled down to what SwiftSyntax selection changes
    python3 -c '
import json, sys
d = json.load(sys.stdin)
deps = [(dep["sourceControl"][0]["identity"], dep["sourceControl"][0]["requirement"]) for dep in d["dependencies"]]
flags = sorted({" ".join(s["kind"]["unsafeFlags"]["_0"]) for t in d["targets"] for s in t["settings"] if "unsafeFlags" in s["kind"]})
defines = sorted({s["kind"]["define"]["_0"] for t in d["targets"] for s in t["settings"] if "define" in s["kind"]})
print(json.dumps({"tools": d["toolsVersion"]["_version"], "dependencies": deps, "unsafeFlags": flags, "defines": defines,
                  "targets": [t["name"] for t in d["targets"]]}, sort_keys=True))'
}

default=$(env -i PATH=/usr/bin:/bin HOME="$HOME" "$swift" package dump-package | summary)
grep -q "\"-I $host\"" <<<"$default" || fail "default: no -I $host in $default"
grep -q "\"-L $host -Xlinker -rpath -Xlinker $host\"" <<<"$default" || fail "default: no -L/-rpath $host"
grep -q '"dependencies": \[\]' <<<"$default" || fail "default: has dependencies"
grep -q '"tools": "6.2.0"' <<<"$default" || fail "Package.swift is not tools-version 6.2"
echo "default (empty environment): toolchain copy in $host, tools-version 6.2"

# swift-syntax 600 goes with Swift 6.0, … 603 with Swift 6.3.
minor=$(swift --version 2>&1 | sed -n 's/.*Swift version 6\.\([0-9]*\).*/\1/p' | head -1)
[ -n "$minor" ] || fail "cannot read the Swift version from swift --version"
expected="60$minor"
package=$(GLANCE_SWIFT_SYNTAX=package swift package dump-package | summary)
grep -q "\"swift-syntax\", {\"range\": \[{\"lowerBound\": \"$expected.0.0\", \"upperBound\": \"$((expected + 1)).0.0\"}\]}" <<<"$package" \
    || fail "GLANCE_SWIFT_SYNTAX=package: not swift-syntax $expected.x: $package"
grep -q '"unsafeFlags": \[\]' <<<"$package" || fail "GLANCE_SWIFT_SYNTAX=package has unsafe flags: $package"
grep -q '"GLANCE_SWIFT_SYNTAX_PACKAGE"' <<<"$package" || fail "GLANCE_SWIFT_SYNTAX=package does not define GLANCE_SWIFT_SYNTAX_PACKAGE"
echo "GLANCE_SWIFT_SYNTAX=package: swift-syntax $expected.0.0..<$((expected + 1)).0.0, no unsafe flags"

one_line_stop() {  # one_line_stop WHAT ENV...: `swift build` must stop at the manifest with one line naming WHAT
    local output
    output=$(env "${@:2}" swift build 2>&1 | grep 'error:' | grep -v 'ExitCode' || true)
    [ "$(wc -l <<<"$output")" -eq 1 ] && grep -q "$1" <<<"$output" || fail "${*:2}: expected one error line naming $1, got: $output"
    echo "${*:2}: $output"
}
one_line_stop "GLANCE_SWIFT_SYNTAX is 'bogus'; it must be 'toolchain' or 'package'" GLANCE_SWIFT_SYNTAX=bogus
one_line_stop "GLANCE_SWIFT_HOST_LIBS is '/nonexistent'" GLANCE_SWIFT_HOST_LIBS=/nonexistent

[ "$(tail -n +2 Package.swift)" = "$(tail -n +2 Package@swift-6.0.swift)" ] \
    || fail "Package@swift-6.0.swift differs from Package.swift beyond the first line; run make manifests"
[ "$(head -1 Package@swift-6.0.swift)" = "// swift-tools-version:6.0" ] || fail "Package@swift-6.0.swift is not tools-version 6.0"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp Package@swift-6.0.swift "$scratch/Package.swift"
older=$(swift package --package-path "$scratch" dump-package | summary)
[ "${older/\"tools\": \"6.0.0\"/\"tools\": \"6.2.0\"}" = "$default" ] || fail "Package@swift-6.0.swift says something else: $older"
echo "Package@swift-6.0.swift: the same package at tools-version 6.0"
echo "manifest test passed"
