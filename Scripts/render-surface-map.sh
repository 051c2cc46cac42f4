#!/usr/bin/env bash
# Renders the surface map of Examples/CommonMistakes (`glance surfaces --format dot`) with Graphviz into
# docs/images/surface-map.png and .svg, the pictures the README and docs/surface-map.md show. Needs `dot`
# (Debian: apt-get install graphviz). Run it after a change that moves anything on the map, then look at the PNG.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v dot >/dev/null || { echo "render-surface-map.sh: needs Graphviz's dot (Debian: apt-get install graphviz)" >&2; exit 2; }
swift build --product glance >/dev/null
mkdir -p docs/images
dotfile=$(mktemp)
trap 'rm -f "$dotfile"' EXIT
.build/debug/glance surfaces Examples/CommonMistakes --format dot > "$dotfile"
dot -Tpng -Gdpi=96 "$dotfile" -o docs/images/surface-map.png
dot -Tsvg "$dotfile" -o docs/images/surface-map.svg
echo "wrote docs/images/surface-map.png and docs/images/surface-map.svg ($(dot -V 2>&1))"
