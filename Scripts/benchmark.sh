#!/usr/bin/env bash
# Times `glance lint` on a project, in one run, against references on the same Swift files, and prints each target
# of issue 11 as a ratio measured in this run:
#   - parse-all: SwiftParser over every Swift file the targets compile, on all cores (`glance debug parse-only`) —
#     what a linter that parses everything pays;
#   - swift-format lint --parallel over the same files;
#   - glance lint cold (--no-cache), repeated with nothing changed (from a warm cache), and with one file edited
#     (a comment line added before each run to a file a lint parses: the median-sized one, and the largest);
#   - the peak memory (maximum resident set) of each glance run.
# The project is copied (without .git) to a temporary folder first: the edits go to the copy, never to PATH.
# Usage: Scripts/benchmark.sh PATH [RUNS]     (release build; median of RUNS runs, default 5)
#        BASELINE_GLANCE=/path/to/older/glance Scripts/benchmark.sh PATH   also times that binary's cold lint
#        (--no-cache), for a before/after comparison measured in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
project=${1:?usage: Scripts/benchmark.sh PATH [RUNS]}
runs=${2:-5}
swift build -c release --product glance >/dev/null
exec python3 - "$project" "$runs" .build/release/glance <<'PY'
import os, shutil, subprocess, sys, tempfile, time

project, runs, glance = os.path.abspath(sys.argv[1]), int(sys.argv[2]), os.path.abspath(sys.argv[3])
work = tempfile.mkdtemp(prefix="glance-benchmark-")
try:
    copy = os.path.join(work, os.path.basename(project.rstrip("/")))
    shutil.copytree(project, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    cache = os.path.join(work, "cache")

    def run(command):
        """Runs a command; returns (wall seconds, peak resident set in MB)."""
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        return time.perf_counter() - start, usage.ru_maxrss / 1024

    def median(command, before=None):
        """The median wall time and the largest peak memory of `runs` runs (`before` runs untimed before each)."""
        results = []
        for _ in range(runs):
            if before:
                before()
            results.append(run(command))
        times = sorted(seconds for seconds, _ in results)
        return times[len(times) // 2], max(memory for _, memory in results)

    sources = subprocess.run([glance, "debug", "source-files", copy], capture_output=True, text=True, check=True).stdout.splitlines()
    stats = subprocess.run([glance, "debug", "stats", copy], capture_output=True, text=True, check=True).stdout.strip()
    parsed = subprocess.run([glance, "debug", "parsed-files", copy], capture_output=True, text=True, check=True).stdout.splitlines()
    by_size = sorted(parsed, key=os.path.getsize)
    typical, largest = by_size[len(by_size) // 2], by_size[-1]
    edits = [0]

    def editing(path):
        def edit():
            edits[0] += 1
            with open(path, "a") as handle:
                handle.write(f"// benchmark edit {edits[0]}\n")
        return edit

    size = sum(os.path.getsize(path) for path in sources)
    lint = [glance, "lint", copy, "--quiet"]
    parse_all, parse_memory = median([glance, "debug", "parse-only", copy])
    cold, cold_memory = median(lint + ["--no-cache"])
    shutil.rmtree(cache, ignore_errors=True)
    filling, filling_memory = run(lint + ["--cache-path", cache])
    repeat, repeat_memory = median(lint + ["--cache-path", cache])
    one_edit, edit_memory = median(lint + ["--cache-path", cache], before=editing(typical))
    big_edit, big_memory = median(lint + ["--cache-path", cache], before=editing(largest))
    swift_format = shutil.which("swift-format")
    format_command = [swift_format, "lint", "--parallel"] if swift_format else ["swift", "format", "lint", "--parallel"]
    try:
        format_time, _ = median(format_command + sources)
    except OSError:
        format_time = None
    baseline = os.environ.get("BASELINE_GLANCE")
    if baseline:
        baseline_time, baseline_memory = median([baseline, "lint", copy, "--quiet", "--no-cache"])

    print(f"project:              {project}")
    print(f"files:                {stats}; {size / 1e6:.1f} MB of Swift")
    print(f"runs:                 median of {runs}; the machine's load: {os.getloadavg()[0]:.1f}")
    print(f"parse-all:            {parse_all:6.2f} s   {parse_memory:5.0f} MB")
    if baseline:
        print(f"baseline lint, cold:  {baseline_time:6.2f} s   {baseline_memory:5.0f} MB   {baseline_time / parse_all:.3f}x parse-all ({baseline})")
    print(f"glance lint, cold:    {cold:6.2f} s   {cold_memory:5.0f} MB   {cold / parse_all:.3f}x parse-all (target <= 0.30)"
          + (f"; {cold / baseline_time:.2f}x the baseline" if baseline else ""))
    print(f"  first cached run:   {filling:6.2f} s   {filling_memory:5.0f} MB   {filling / parse_all:.3f}x parse-all (cold, writing the cache)")
    print(f"glance lint, repeat:  {repeat:6.2f} s   {repeat_memory:5.0f} MB   {repeat / parse_all:.3f}x parse-all (target <= 0.05)")
    for label, seconds, memory, path in [("1 edit (typical)", one_edit, edit_memory, typical), ("1 edit (largest)", big_edit, big_memory, largest)]:
        print(f"glance lint, {label}: {seconds:6.2f} s   {memory:5.0f} MB   {seconds / parse_all:.3f}x parse-all (target <= 0.10; "
              f"edited {os.path.relpath(path, copy)}, {os.path.getsize(path) / 1e3:.0f} KB)")
    if format_time:
        print(f"swift-format lint:    {format_time:6.2f} s           cold glance is {format_time / cold:.1f}x faster (target >= 15)")
    else:
        print("swift-format lint:    n/a (no swift-format)")
    print(f"peak memory:          {max(cold_memory, filling_memory, repeat_memory, edit_memory, big_memory):.0f} MB (largest glance run; target <= 200 on Home Assistant)")
finally:
    shutil.rmtree(work, ignore_errors=True)
PY
