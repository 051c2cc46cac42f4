#!/usr/bin/env bash
# The consumer-package test (run by .ci/run): a Swift package that depends on Glance by version, the way users
# add it, from a local bare repository (no network).
#
# The bare repository gets this working tree (HEAD plus uncommitted changes, as a commit made with a scratch
# index; the worktree and its refs are not touched) tagged with Glance's version, and the same commit with
# Package.swift lowered to tools-version 6.0, tagged VERSION-tools60 (the manifest before this change).
#
# The consumer has a library target, an App folder (not built here: it imports WidgetKit) with a Glance
# finding, and a command plugin of its own, `check-widgets`, that depends on Glance's `glance` executable
# product; it depends on Glance `from: VERSION`. Checked:
#   1. SwiftPM accepts the graph (Glance's toolchain-copy flags are unsafe flags) and builds;
#   2. `swift package glance-lint` (Glance's command plugin) lints the consumer: the finding, exit non-zero;
#      with `--reporter sarif > FILE`, FILE is SARIF (the summary line went to standard error);
#   3. `swift package check-widgets` (the consumer's plugin running the glance tool) prints the finding;
#   4. which tools-versions make SwiftPM accept or refuse ("contains unsafe build flags"): Glance at 6.2 and
#      at 6.0, with the consumer at 6.2 and at 6.0. The outcomes are printed, and must be the ones README.md
#      states (Glance 6.2: accepted; Glance 6.0: refused);
#   5. with Glance at 6.0, a consumer without a plugin of its own can still run `swift package glance-lint`.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
fail() { echo "test-consumer-package: FAILED: $*" >&2; exit 1; }
version=$(sed -n 's/.*public static let version = "\(.*\)".*/\1/p' Sources/GlanceCLI/Version.swift)
[ -n "$version" ] || fail "no version in Sources/GlanceCLI/Version.swift"
work=$(mktemp -d "${TMPDIR:-/tmp}/glance-consumer.XXXXXX")
# (SwiftPM also leaves lock files named after the scratch folders in the temporary folder.)
trap 'rm -rf "$work" "$(dirname "$work")/$(tr / _ <<<"$work")"_*' EXIT
export GIT_AUTHOR_NAME=Glance GIT_AUTHOR_EMAIL=glance@example.invalid GIT_COMMITTER_NAME=Glance GIT_COMMITTER_EMAIL=glance@example.invalid

# The bare repository, tagged.
export GIT_INDEX_FILE="$work/index"
git read-tree HEAD
git add -A .
commit=$(git commit-tree "$(git write-tree)" -p HEAD -m "Glance $version (consumer test)")
sed '1s|.*|// swift-tools-version:6.0|' Package.swift | git hash-object -w --stdin > "$work/manifest-60"
git update-index --cacheinfo "100644,$(cat "$work/manifest-60"),Package.swift"
git update-index --force-remove Package@swift-6.0.swift
commit60=$(git commit-tree "$(git write-tree)" -p "$commit" -m "Glance $version at tools-version 6.0 (consumer test)")
unset GIT_INDEX_FILE
git init --quiet --bare "$work/glance.git"
git push --quiet "$work/glance.git" "$commit:refs/tags/$version" "$commit60:refs/tags/$version-tools60"
echo "bare repository $work/glance.git: $version → ${commit:0:12}, $version-tools60 → ${commit60:0:12}"

consumer() {  # consumer FOLDER TOOLS_VERSION REQUIREMENT [no-plugin]: writes a consumer package
    local folder=$1 plugin=""
    mkdir -p "$folder/Sources/Widgets" "$folder/App" "$folder/Plugins/CheckWidgets"
    [ "${4:-}" = no-plugin ] || plugin='
        .plugin(name: "CheckWidgets",
                capability: .command(intent: .custom(verb: "check-widgets", description: "Runs glance on App")),
                dependencies: [.product(name: "glance", package: "glance")]),'
    cat > "$folder/Package.swift" <<EOF
// swift-tools-version:$2
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(url: "file://$work/glance.git", $3)],
    targets: [
        .target(name: "Widgets"),$plugin
    ]
)
EOF
    echo 'public let widgetKinds = ["Weather"]' > "$folder/Sources/Widgets/Kinds.swift"
    cat > "$folder/App/Refresh.swift" <<'EOF'
import WidgetKit

func refresh() {
    WidgetCenter.shared.reloadTimelines(ofKind: "NoSuchWidget")
}
EOF
    cat > "$folder/Plugins/CheckWidgets/CheckWidgets.swift" <<'EOF'
import Foundation
import PackagePlugin

@main
struct CheckWidgets: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "glance").url
        process.arguments = ["lint", "App", "--reporter", "json", "--quiet"]
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        print("check-widgets: glance exited \(process.terminationStatus)")
    }
}
EOF
}

# `swift package glance-lint` in the current folder, with its output and exit status in `lint` and `status`.
# SwiftPM's plugin runner itself sometimes crashes while the plugin exits (SIGSEGV in libdispatch's event loop,
# "*** Program crashed"), losing the plugin's output: such a run is tried once more; Glance's own crash is not
# matched (the plugin would report it as the glance process failing).
plugin_lint() {
    local attempt
    for attempt in 1 2; do
        set +e
        lint=$(swift package glance-lint App 2>&1)
        status=$?
        set -e
        grep -q "^\*\*\* Program crashed" <<<"$lint" && grep -q "Thread .* \"swift-package\"\|in swift-package at" <<<"$lint" || return 0
        echo "swift package glance-lint: SwiftPM crashed (attempt $attempt); trying again" >&2
    done
}

# 1–3. The consumer as users write it.
consumer "$work/consumer" 6.2 "from: \"$version\""
cd "$work/consumer"
output=$(swift package resolve 2>&1) || fail "swift package resolve: $output"
output=$(swift build --target Widgets 2>&1) || fail "swift build (Glance by version): $output"
echo "swift build: the graph with Glance from: \"$version\" is accepted"
plugin_lint
[ $status -ne 0 ] || fail "swift package glance-lint exited 0 (it should fail on the error)"
grep -q "^App/Refresh.swift:4:.*: error: .*\[reload_unknown_kind\]" <<<"$lint" || fail "glance-lint did not report the finding: $lint"
echo "swift package glance-lint: the finding, exit $status"
# The report alone on standard output: `--reporter sarif > FILE` is SARIF; the summary goes to standard error.
for attempt in 1 2; do
    swift package glance-lint App --reporter sarif > "$work/plugin.sarif" 2> "$work/plugin.err" || true
    grep -q "^\*\*\* Program crashed" "$work/plugin.err" || break
    echo "swift package glance-lint: SwiftPM crashed (attempt $attempt); trying again" >&2
done
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(d["version"] != "2.1.0" or not d["runs"][0]["results"])' \
    "$work/plugin.sarif" || fail "swift package glance-lint --reporter sarif > FILE is not SARIF: $(head -c 300 "$work/plugin.sarif")"
grep -Eq "glance: [0-9]+ errors?, [0-9]+ warnings? in " "$work/plugin.err" || fail "the summary line is not on standard error: $(cat "$work/plugin.err")"
echo "swift package glance-lint --reporter sarif > FILE: SARIF, the summary on standard error"
check=$(swift package check-widgets 2>&1) || fail "swift package check-widgets failed: $check"
grep -q '"rule" : "reload_unknown_kind"' <<<"$check" && grep -q '"file" : "App/Refresh.swift"' <<<"$check" \
    || fail "check-widgets did not print the finding: $check"
echo "swift package check-widgets: the consumer's plugin ran glance by version"

# 4. Which tools-versions SwiftPM $(swift --version 2>&1 | head -1) accepts.
accepts() {  # accepts GLANCE_TAG CONSUMER_TOOLS: prints accepted/refused
    local folder="$work/matrix-$1-$2" output
    consumer "$folder" "$2" "exact: \"$1\""
    if output=$(cd "$folder" && swift build --target Widgets 2>&1); then echo accepted
    elif grep -q "unsafe build flags" <<<"$output"; then echo refused
    else fail "consumer at $2 with Glance $1: $output"; fi
}
for glance in "$version" "$version-tools60"; do
    for tools in 6.2 6.0; do
        outcome=$(accepts "$glance" "$tools")
        echo "Glance $glance (tools-version $([ "$glance" = "$version" ] && echo 6.2 || echo 6.0)), consumer tools-version $tools: $outcome"
        case $glance/$outcome in
            "$version"/accepted|"$version-tools60"/refused) ;;
            *) fail "expected Glance $glance to be $([ "$glance" = "$version" ] && echo accepted || echo refused)" ;;
        esac
    done
done
# 5. Glance's own command plugin is not refused: the check is on products a package depends on.
consumer "$work/plugin-only" 6.2 "exact: \"$version-tools60\"" no-plugin
cd "$work/plugin-only"
plugin_lint
grep -q "^App/Refresh.swift:4:.*\[reload_unknown_kind\]" <<<"$lint" || fail "glance-lint with Glance at tools-version 6.0: $lint"
echo "Glance $version-tools60, consumer without a plugin of its own: swift package glance-lint works"
echo "consumer package test passed"
