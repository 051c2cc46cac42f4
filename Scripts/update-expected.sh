#!/usr/bin/env bash
# Regenerates the pinned CLI outputs in Tests/GlanceCLITests/Expected with the same command lines the tests
# run (ExampleProjectTests, ReporterOutputTests, PayloadCommandTests, SurfaceMapTests). A maintainer tool: run it after a
# deliberate change of output, then read `git diff Tests/GlanceCLITests/Expected` before committing.
set -uo pipefail
cd "$(dirname "$0")/.."
swift build --product glance >/dev/null || exit 1
glance=.build/debug/glance
out=Tests/GlanceCLITests/Expected
pushes=Examples/ProductivityTimer/Pushes
project=Examples/ProductivityTimer
"$glance" lint -q Examples/CommonMistakes > "$out/CommonMistakes.lint.txt"
"$glance" lint -q Examples/CommonMistakes --reporter json > "$out/CommonMistakes.lint.json"
"$glance" lint -q Examples/CommonMistakes --reporter sarif > "$out/CommonMistakes.lint.sarif"
"$glance" lint -q Examples/CommonMistakes --reporter github-actions > "$out/CommonMistakes.lint.github-actions.txt"
"$glance" lint -q Examples/CommonMistakes --reporter checkstyle > "$out/CommonMistakes.lint.checkstyle.xml"
"$glance" lint -q Examples/CommonMistakes --reporter junit > "$out/CommonMistakes.lint.junit.xml"
"$glance" lint -q Examples/CommonMistakes --reporter markdown > "$out/CommonMistakes.lint.md"
"$glance" lint -q Examples/CommonMistakes --reporter gitlab > "$out/CommonMistakes.lint.gitlab.json"
"$glance" surfaces "$project" --format json > "$out/ProductivityTimer.surfaces.json"
"$glance" surfaces "$project" > "$out/ProductivityTimer.surfaces.txt"
"$glance" surfaces Examples/CommonMistakes --format dot > "$out/CommonMistakes.surfaces.dot"
sequence=("$pushes/1-start.json" "$pushes/2-update.json" "$pushes/3-update-late.json" "$pushes/4-update-unix-date.json" "$pushes/5-end.json")
"$glance" payload check "${sequence[@]}" --project "$project" --headers "$pushes/headers.txt" > "$out/payload-check-sequence.txt"
: > "$out/payload-mistakes.txt"
for rule in $("$glance" rules --format json | python3 -c 'import json,sys; print("\n".join(r["identifier"] for r in json.load(sys.stdin) if r["group"] == "Live Activity push payloads"))'); do
    headers=()
    [ -f "$pushes/mistakes/$rule.headers.txt" ] && headers=(--headers "$pushes/mistakes/$rule.headers.txt")
    "$glance" payload check "$pushes/mistakes/$rule.json" --project "$project" "${headers[@]}" >> "$out/payload-mistakes.txt"
done
"$glance" payload check "$pushes/broken.json" --project "$project" --headers "$pushes/broken-headers.txt" > "$out/payload-check-broken.txt"
"$glance" payload check "$pushes/broken.json" --project "$project" --headers "$pushes/broken-headers.txt" --reporter json > "$out/payload-check-broken.json"
"$glance" payload template OrderAttributes --project "$project" --event start > "$out/payload-template-start.json"
"$glance" payload simulate "${sequence[@]}" --project "$project" > "$out/payload-simulate.txt"
"$glance" payload simulate "$pushes/delivery.jsonl" --project "$project" --format json > "$out/payload-simulate.json"
fixtures=Tests/GlanceCLITests/Fixtures
"$glance" lint -q "$fixtures/TuistTimers" --explain-skips > "$out/TuistTimers.lint.txt" 2>/dev/null
"$glance" surfaces "$fixtures/TuistTimers" --format json > "$out/TuistTimers.surfaces.json"
"$glance" lint -q "$fixtures/XcodeGenFocus" --explain-skips > "$out/XcodeGenFocus.lint.txt" 2>/dev/null
"$glance" lint -q "$fixtures/ExpoStreaks" --explain-skips > "$out/ExpoStreaks.lint.txt" 2>/dev/null
"$glance" surfaces "$fixtures/ExpoStreaks" > "$out/ExpoStreaks.surfaces.txt"
"$glance" surfaces "$fixtures/TwinWidgets" --format json > "$out/TwinWidgets.surfaces.json"
"$glance" lint -q "$fixtures/LegacyPackages" --explain-skips > "$out/LegacyPackages.lint.txt"
"$glance" lint -q "$fixtures/LegacyPackages" --reporter json > "$out/LegacyPackages.lint.json"
"$glance" lint -q "$fixtures/UnseenShapes" --explain-skips > "$out/UnseenShapes.lint.txt"
"$glance" surfaces "$fixtures/UnseenShapes" --format json > "$out/UnseenShapes.surfaces.json"
"$glance" lint -q "$fixtures/AlternativeWidgets" --explain-skips > "$out/AlternativeWidgets.lint.txt"
"$glance" surfaces "$fixtures/AlternativeWidgets" > "$out/AlternativeWidgets.surfaces.txt"
"$glance" lint -q "$fixtures/ShippedSurfaces" --explain-skips > "$out/ShippedSurfaces.lint.txt"
"$glance" lint -q "$fixtures/ShippedSurfaces" --reporter json > "$out/ShippedSurfaces.lint.json"
"$glance" surfaces "$fixtures/ShippedSurfaces" > "$out/ShippedSurfaces.surfaces.txt"
"$glance" surfaces "$fixtures/ShippedSurfaces" --format mermaid > "$out/ShippedSurfaces.surfaces.mmd"
"$glance" lint -q "$fixtures/FeatureFlagWidgets" --explain-skips > "$out/FeatureFlagWidgets.lint.txt"
git status --short "$out"
