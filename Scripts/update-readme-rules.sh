#!/usr/bin/env bash
# Regenerates the README's rule table from the rules' metadata (`glance rules --format markdown`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product glance >/dev/null
table=$(.build/debug/glance rules --format markdown)
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
