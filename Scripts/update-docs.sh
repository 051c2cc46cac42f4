#!/usr/bin/env bash
# Regenerates the documentation that comes from the rules' metadata (a test fails while it is stale):
# docs/rules/, one page per rule and the index README.md (`glance rules --docs docs/rules`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product glance >/dev/null
glance=.build/debug/glance
rm -f docs/rules/*.md
"$glance" rules --docs docs/rules
