#!/usr/bin/env bash
# The package-mode test (run by .ci/run): the macOS default, GLANCE_SWIFT_SYNTAX=package, built and run on Linux
# from a local snapshot of swift-syntax (CI cannot download it), in a separate clone of this working tree (HEAD
# plus uncommitted changes, committed with a scratch index; the worktree and its refs are untouched).
#
#   1. The snapshot and the manifest are in step: the snapshot's swift-syntax version lies in the range
#      Package.swift asks for with this compiler (`swift package dump-package`), and SwiftPM resolves exactly it.
#   2. `swift build --build-tests` in package mode compiles, with no compiler warning from Glance's own files
#      (swift-syntax's are not Glance's), and `swift test` passes. `glance --version` names the package; the
#      binary links no libSwiftSyntax.
#   3. The two builds behave the same: every example and fixture project linted by both (xcode, json and sarif
#      reporters, --explain-skips, `glance surfaces --format json`) and the example's pushes checked by both
#      (`glance payload check`): standard output, standard error (the summary's duration aside) and exit codes
#      byte for byte the same.
#
# TOOLCHAIN_GLANCE: the toolchain build to compare with (default .build/debug/glance, which .ci/run's `swift build`
# made). The snapshot is the folder named by GLANCE_SWIFT_SYNTAX_SNAPSHOT, else ../shared/vendor next to this
# repository, else /work/shared/vendor (see its README.md: swift-syntax-VERSION.tar.gz and
# use-swift-syntax-package.sh). GLANCE_PACKAGE_MODE_DIR keeps the clone and its build there for the next run
# (which then only rebuilds what changed); by default both go to a temporary folder, removed at the end.
# What this cannot check is a real Mac: Xcode's `swift` shim, CryptoKit, the Xcode build phase (docs/macos.md).
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
fail() { echo "test-package-mode: FAILED: $*" >&2; exit 1; }
toolchain_glance=${TOOLCHAIN_GLANCE:-$repository/.build/debug/glance}
[ -x "$toolchain_glance" ] || fail "no toolchain build at $toolchain_glance (run swift build first)"

snapshot=${GLANCE_SWIFT_SYNTAX_SNAPSHOT:-}
if [ -z "$snapshot" ]; then
    for candidate in "$repository/../shared/vendor" /work/shared/vendor; do
        [ -x "$candidate/use-swift-syntax-package.sh" ] && { snapshot=$candidate; break; }
    done
fi
if [ -z "$snapshot" ] || [ ! -x "$snapshot/use-swift-syntax-package.sh" ]; then
    # Without the snapshot nothing can be fetched here: say so loudly, and fail only where it must be there.
    [ "${GLANCE_PACKAGE_MODE_REQUIRED:-0}" = 1 ] \
        && fail "no swift-syntax snapshot (a folder with use-swift-syntax-package.sh); set GLANCE_SWIFT_SYNTAX_SNAPSHOT"
    echo "test-package-mode: NOTICE: skipped: no swift-syntax snapshot found (../shared/vendor, /work/shared/vendor or GLANCE_SWIFT_SYNTAX_SNAPSHOT)" >&2
    exit 0
fi
tarballs=("$snapshot"/swift-syntax-*.tar.gz)
[ ${#tarballs[@]} -eq 1 ] && [ -f "${tarballs[0]}" ] || fail "expected one swift-syntax-VERSION.tar.gz in $snapshot"
snapshot_version=$(basename "${tarballs[0]}" .tar.gz); snapshot_version=${snapshot_version#swift-syntax-}

# 1. The manifest's range for this compiler, against the snapshot.
range=$(GLANCE_SWIFT_SYNTAX=package swift package dump-package | python3 -c '
import json, sys
dependency = next(d["sourceControl"][0] for d in json.load(sys.stdin)["dependencies"] if d["sourceControl"][0]["identity"] == "swift-syntax")
bounds = dependency["requirement"]["range"][0]
print(bounds["lowerBound"], bounds["upperBound"])')
read -r lower upper <<<"$range"
python3 - "$snapshot_version" "$lower" "$upper" <<'EOF' || fail "the snapshot is swift-syntax $snapshot_version; with $(swift --version 2>&1 | head -1) Package.swift asks for $lower..<$upper: add a snapshot of a release in that range to $snapshot, or mend swiftSyntaxVersions in Package.swift"
import sys
version, lower, upper = (tuple(int(part) for part in text.split(".")) for text in sys.argv[1:])
sys.exit(0 if lower <= version < upper else 1)
EOF
echo "snapshot swift-syntax $snapshot_version lies in the manifest's $lower..<$upper"

# The clone: a commit of this working tree.
if [ -n "${GLANCE_PACKAGE_MODE_DIR:-}" ]; then
    work=$GLANCE_PACKAGE_MODE_DIR
    mkdir -p "$work"
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/glance-package-mode.XXXXXX")
    # (SwiftPM also leaves lock files named after the scratch folders in the temporary folder.)
    trap 'rm -rf "$work" "${mirror:-}" "$(dirname "$work")/$(tr / _ <<<"$work")"_*' EXIT
fi
export GIT_AUTHOR_NAME=Glance GIT_AUTHOR_EMAIL=glance@example.invalid GIT_COMMITTER_NAME=Glance GIT_COMMITTER_EMAIL=glance@example.invalid
index=$(mktemp)
GIT_INDEX_FILE=$index git read-tree HEAD
GIT_INDEX_FILE=$index git add -A .
commit=$(git commit-tree "$(GIT_INDEX_FILE=$index git write-tree)" -p HEAD -m "package-mode test snapshot")
rm -f "$index"
clone=$work/glance
[ -d "$clone/.git" ] || git init --quiet "$clone"
git push --quiet --force "$clone" "$commit:refs/heads/package-mode-test"
git -C "$clone" checkout --quiet --force --detach "$commit"
git -C "$clone" clean --quiet -fdx -e .build -e .swiftpm
# (A fresh clone has no mirrors.json yet: sed fails, and pipefail must not end the script for it.)
mirror=$(sed -n 's|.*"mirror" *: *"\([^"]*\)".*|\1|p' "$clone/.swiftpm/configuration/mirrors.json" 2>/dev/null | head -1 || true)
if [ -z "$mirror" ] || [ ! -d "$mirror" ]; then
    mirror=$("$snapshot/use-swift-syntax-package.sh" "$clone" | tail -1)
fi
echo "clone $clone at ${commit:0:12}; swift-syntax from $mirror"

# 2. Build, tests included; no warning from Glance's own files.
cd "$clone"
export GLANCE_SWIFT_SYNTAX=package
started=$SECONDS
swift build --build-tests > "$work/build.log" 2>&1 || { tail -40 "$work/build.log" >&2; fail "GLANCE_SWIFT_SYNTAX=package swift build --build-tests failed"; }
echo "package build (tests included): $(( SECONDS - started )) s"
Scripts/check-warnings.sh "$work/build.log" "$clone" || fail "the package build has compiler warnings from Glance's own files (above)"
# (Through the mirror SwiftPM names the snapshot's folder: `swift-syntax-mirror-…</tmp/…@603.0.2>(traits: default)`.)
resolved=$(swift package show-dependencies | grep 'swift-syntax')
grep -q "@$snapshot_version>" <<<"$resolved" || fail "SwiftPM did not resolve swift-syntax $snapshot_version: $resolved"
echo "resolved: $(sed 's/^[^a-z]*//' <<<"$resolved")"
package_glance=$clone/.build/debug/glance
version=$("$package_glance" --version)
grep -q "^SwiftSyntax ${snapshot_version%%.*} from the swift-syntax package, linked in$" <<<"$version" || fail "glance --version: $version"
! ldd "$package_glance" | grep -q libSwiftSyntax || fail "the package build links a libSwiftSyntax: $(ldd "$package_glance" | grep libSwiftSyntax)"
echo "glance --version: $(tr '\n' ' ' <<<"$version")(no libSwiftSyntax linked)"

# The whole test suite, in this mode (its expected outputs are the toolchain build's).
started=$SECONDS
swift test --skip-build > "$work/test.log" 2>&1 || { tail -60 "$work/test.log" >&2; fail "swift test in package mode failed"; }
echo "swift test in package mode: $(grep -E 'Test run with [0-9]+ tests' "$work/test.log" | tail -1) ($(( SECONDS - started )) s)"

# 3. The same output from both builds, each run from its own clone with the same relative paths.
cd "$repository"
compare() {  # compare ARGUMENTS...: both builds, stdout, stderr and exit code
    local mode out err code outputs=()
    for mode in toolchain package; do
        out=$work/$mode.out err=$work/$mode.err
        set +e
        (cd "$([ $mode = toolchain ] && echo "$repository" || echo "$clone")" \
            && XDG_CACHE_HOME=$work/cache-$mode "$([ $mode = toolchain ] && echo "$toolchain_glance" || echo "$package_glance")" "$@" \
            > "$out" 2> "$err")
        code=$?
        set -e
        sed -i -E 's/\([0-9]+\.[0-9] s\)$/(T s)/' "$err"
        outputs+=("$code")
    done
    [ "${outputs[0]}" = "${outputs[1]}" ] || fail "glance $*: exit ${outputs[0]} (toolchain) vs ${outputs[1]} (package)"
    cmp -s "$work/toolchain.out" "$work/package.out" || { diff "$work/toolchain.out" "$work/package.out" | head -20 >&2; fail "glance $*: standard output differs"; }
    cmp -s "$work/toolchain.err" "$work/package.err" || { diff "$work/toolchain.err" "$work/package.err" | head -20 >&2; fail "glance $*: standard error differs"; }
    compared=$((compared + 1))
}
compared=0
projects=(Examples/CommonMistakes Examples/ProductivityTimer)
for fixture in Tests/GlanceCLITests/Fixtures/*/; do
    [ "$(basename "$fixture")" = Fuzz ] || projects+=("${fixture%/}")
done
for project in "${projects[@]}"; do
    for reporter in xcode json sarif; do compare lint "$project" --reporter "$reporter" --explain-skips --no-cache; done
    compare lint "$project"    # with the cache: written, then
    compare lint "$project"    # read
    compare surfaces "$project" --format json
done
compare payload check Examples/ProductivityTimer/Pushes/*.json --project Examples/ProductivityTimer
compare payload check Examples/ProductivityTimer/Pushes/mistakes/*.json --project Examples/ProductivityTimer
echo "${#projects[@]} projects and the example's pushes: $compared runs with the same output and exit code from both builds"
echo "package-mode test passed"
