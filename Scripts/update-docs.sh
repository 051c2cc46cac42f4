#!/usr/bin/env bash
# Regenerates the documentation that comes from the rules' metadata (a test fails while either is stale):
# - docs/rules/: one page per rule and README.md (`glance rules --docs docs/rules`);
# - the README's rule tables, between the rules:begin/rules:end markers (`glance rules --format markdown`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product glance >/dev/null
glance=.build/debug/glance
rm -f docs/rules/*.md
"$glance" rules --docs docs/rules
table=$("$glance" rules --format markdown)
python3 - "$table" <<'PY'
import sys
table = sys.argv[1]
path = "README.md"
text = open(path).read()
begin = text.index("<!-- rules:begin")
begin = text.index("\n", begin) + 1
end = text.index("<!-- rules:end -->")
open(path, "w").write(text[:begin] + "\n" + table + "\n\n" + text[end:])
PY
