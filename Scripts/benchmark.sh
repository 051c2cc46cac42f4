#!/usr/bin/env bash
# Times `glance lint` on a project against two references on the same Swift files:
#   - parse-only: SwiftParser over every Swift file the targets compile (all cores) — what a naive linter pays;
#   - swift-format lint --parallel over the same files.
# Usage: Scripts/benchmark.sh PATH [RUNS]     (release build; median of RUNS runs, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
project=${1:?usage: Scripts/benchmark.sh PATH [RUNS]}
runs=${2:-5}
swift build -c release --product glance >/dev/null
glance=.build/release/glance
files=$(mktemp)
trap 'rm -f "$files"' EXIT
"$glance" debug source-files "$project" > "$files"

median() { # runs a command $runs times, prints the median wall time in seconds
    python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append(time.perf_counter() - start)
times.sort()
print(f"{times[len(times) // 2]:.2f}")
PY
}

lint=$(median "$glance" lint "$project")
parse=$(median "$glance" debug parse-only "$project")
if command -v swift-format >/dev/null || swift format --version >/dev/null 2>&1; then
    format=$(median bash -c "xargs -d '\n' swift format lint --parallel < '$files'")
else
    format="n/a"
fi
stats=$("$glance" debug stats "$project")
echo "project:            $project"
echo "files:              $stats"
echo "glance lint:        ${lint}s"
echo "parse-only (all):   ${parse}s   ratio $(python3 -c "print(f'{$lint/$parse:.2f}')")"
echo "swift-format lint:  ${format}s"
