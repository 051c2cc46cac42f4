#!/usr/bin/env bash
# The pre-commit test (run by .ci/run): .pre-commit-hooks.yaml, used the way users use it, on a fixture
# repository (a copy of Examples/ProductivityTimer, which is clean).
#
# pre-commit comes from PyPI into a virtualenv (GLANCE_PRE_COMMIT_VENV, default /tmp/glance-pre-commit-venv);
# when PyPI cannot be reached the test is skipped with a notice. This working tree (HEAD plus uncommitted
# changes, committed with a scratch index; the worktree and its refs are untouched) goes into a scratch bare
# repository that the hooks are taken from.
#   1. `pre-commit try-repo … glance-lint-system --files F`, with this build's glance on PATH: F with an error
#      fails, naming the finding; F clean passes; glance-payload-check-system refuses a broken push. (try-repo
#      makes a new store each time, so the `swift` hooks, which build Glance, are tried in step 2 only.)
#   2. the fixture's .pre-commit-config.yaml names glance-lint and glance-payload-check (language `swift`:
#      pre-commit builds Glance with `swift build -c release`, once) by rev; after `pre-commit install`, a
#      `git commit` bringing an error is refused, a clean one passes, a broken Live Activity push is refused
#      and a valid one passes.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
fail() { echo "test-pre-commit: FAILED: $*" >&2; exit 1; }
venv=${GLANCE_PRE_COMMIT_VENV:-/tmp/glance-pre-commit-venv}
if ! { [ -x "$venv/bin/pre-commit" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check pre-commit==4.7.0; }; }; then
    echo "notice: could not install pre-commit from PyPI; the pre-commit test was skipped" >&2
    exit 0
fi
pre_commit="$venv/bin/pre-commit"
work=$(mktemp -d "${TMPDIR:-/tmp}/glance-pre-commit.XXXXXX")
# (SwiftPM also leaves lock files named after the scratch folders in the temporary folder.)
trap 'rm -rf "$work" "$(dirname "$work")/$(tr / _ <<<"$work")"_*' EXIT
export PRE_COMMIT_HOME="$work/cache"
export GIT_AUTHOR_NAME=Glance GIT_AUTHOR_EMAIL=glance@example.invalid GIT_COMMITTER_NAME=Glance GIT_COMMITTER_EMAIL=glance@example.invalid

# This working tree as a commit in a scratch bare repository.
export GIT_INDEX_FILE="$work/index"
git read-tree HEAD
git add -A .
rev=$(git commit-tree "$(git write-tree)" -p HEAD -m "pre-commit test snapshot")
unset GIT_INDEX_FILE
git init --quiet --bare "$work/glance.git"
git push --quiet "$work/glance.git" "$rev:refs/heads/main"
glance_repo="$work/glance.git"

# The fixture: a clean app, committed.
fixture="$work/app"
mkdir -p "$fixture"
cp -R Examples/ProductivityTimer/. "$fixture/"
rm -rf "$fixture/Pushes/mistakes" "$fixture/Pushes/broken.json" "$fixture/Pushes/broken-headers.txt"
cd "$fixture"
git init --quiet -b main
git add -A
git commit --quiet -m "A clean app"

# An error: a reload of a widget kind that no widget declares.
widget=Widgets/FocusWidget.swift
clean_widget=$(cat "$widget")
break_widget() { printf '%s\n\nfunc reloadMissing() { WidgetCenter.shared.reloadTimelines(ofKind: "NoSuchKind") }\n' "$clean_widget" > "$widget"; }

# 1. try-repo, with this build's glance on PATH.
(cd "$repository" && swift build --product glance >/dev/null)
try_repo() { PATH="$repository/.build/debug:$PATH" "$pre_commit" try-repo "$glance_repo" "$@" --ref "$rev" 2>&1; }
break_widget
if output=$(try_repo glance-lint-system --files "$widget"); then fail "try-repo glance-lint-system passed a file with an error: $output"; fi
grep -q "$widget:[0-9]*:[0-9]*: error: .*\[reload_unknown_kind\]" <<<"$output" || fail "try-repo did not print the finding: $output"
echo "try-repo glance-lint-system, a file with an error: refused, with the finding"
printf '%s\n' "$clean_widget" > "$widget"
output=$(try_repo glance-lint-system --files "$widget") || fail "try-repo glance-lint-system failed on a clean file: $output"
echo "try-repo glance-lint-system, a clean file: passed"
sed 's/"event": "update"/"event": "Update"/' Pushes/2-update.json > Pushes/6-update.json
if output=$(try_repo glance-payload-check-system --files Pushes/6-update.json); then fail "try-repo glance-payload-check-system passed a broken push: $output"; fi
grep -q "Pushes/6-update.json:.*\[payload_bad_event\]" <<<"$output" || fail "try-repo did not print the push's finding: $output"
output=$(try_repo glance-payload-check-system --files Pushes/2-update.json) || fail "try-repo glance-payload-check-system refused a valid push: $output"
rm Pushes/6-update.json
echo "try-repo glance-payload-check-system: a broken push refused, a valid one passed"

# 2. As configured in the repository, on git commit.
cat > .pre-commit-config.yaml <<EOF
repos:
  - repo: $glance_repo
    rev: $rev
    hooks:
      - id: glance-lint
      - id: glance-payload-check
EOF
git add .pre-commit-config.yaml
git commit --quiet --no-verify -m "pre-commit configuration"
"$pre_commit" install >/dev/null
break_widget
git add "$widget"
if output=$(git commit -m "Reload a missing kind" 2>&1); then fail "git commit with an error was not refused: $output"; fi
grep -q "\[reload_unknown_kind\]" <<<"$output" || fail "the refused commit does not show the finding: $output"
echo "git commit with an error: refused"
printf '%s\n\n// A comment.\n' "$clean_widget" > "$widget"
git add "$widget"
output=$(git commit -m "A comment" 2>&1) || fail "a clean git commit was refused: $output"
echo "git commit, clean: passed"
sed 's/"event": "update"/"event": "Update"/' Pushes/2-update.json > Pushes/6-update.json
git add Pushes/6-update.json
if output=$(git commit -m "A broken push" 2>&1); then fail "a commit with a broken push was not refused: $output"; fi
grep -q "Pushes/6-update.json:.*\[payload_bad_event\]" <<<"$output" || fail "the refused push commit does not show the finding: $output"
cp Pushes/2-update.json Pushes/6-update.json
git add Pushes/6-update.json
output=$(git commit -m "A good push" 2>&1) || fail "a commit with a valid push was refused: $output"
echo "git commit with a broken push: refused; with a valid one: passed"

echo "pre-commit test passed ($("$pre_commit" --version))"
