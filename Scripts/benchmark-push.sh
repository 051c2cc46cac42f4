#!/usr/bin/env bash
# Measures `glance push --tokens` against aioapns (PyPI), the Python client the issue compares with, in the same run,
# against the same local stand-in, at 1,000, 10,000 and 50,000 tokens: pushes per second, CPU per push (user + system
# of the process), peak memory (maximum resident set) and connections opened. Glance runs at its default settings;
# aioapns at its own (a pool of up to 10 connections, every notification started at once).
#
# The stand-in is nginx (Debian: nginx), answering every push with 200 and the request's apns-id over HTTP/2 and TLS,
# with SETTINGS_MAX_CONCURRENT_STREAMS 1000 as APNs, in one worker process: the project's Python stand-in (Hypercorn)
# answers only about 1,500 requests per second, so it, not the client, would set the pace (the table's last rows
# show that, at 1,000 tokens). nghttpd (nghttp2-server) would be as fast but cannot send apns-id back, which aioapns
# needs. nginx checks nothing that APNs checks, so the numbers are the clients' own cost.
#
# Needs Scripts/setup-push-tests.sh (the test CA in the system's trust store, the stand-in's virtualenv); installs
# aioapns into a virtualenv beside it; builds glance in release mode.
# Usage: Scripts/benchmark-push.sh [RUNS]    (median of RUNS runs of each, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
home=${GLANCE_PUSH_TEST_HOME:-$HOME/.cache/glance/push-tests}
command -v nginx >/dev/null || { echo "benchmark-push: nginx is missing; install Debian's nginx" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "benchmark-push: /usr/bin/time is missing; install Debian's time" >&2; exit 2; }
[ -x "$home/venv/bin/python" ] && [ -f "$home/ca/ca.pem" ] || { echo "benchmark-push: run Scripts/setup-push-tests.sh first" >&2; exit 2; }
if [ ! -x "$home/bench-venv/bin/python" ]; then
    "$home/venv/bin/python" -m venv "$home/bench-venv"
fi
"$home/bench-venv/bin/pip" install --quiet --disable-pip-version-check -r Scripts/push-test-server/benchmark-requirements.txt
swift build -c release --product glance >/dev/null
exec "$home/venv/bin/python" Scripts/push-test-server/benchmark.py --runs "$runs" --glance .build/release/glance \
    --aioapns-python "$home/bench-venv/bin/python" --ca-dir "$home/ca" --stand-in-python "$home/venv/bin/python"
