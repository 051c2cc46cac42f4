#!/usr/bin/env bash
# Prepares this machine for the tests of `glance fix` that read each written project.pbxproj back with an
# independent parser: a virtualenv with the `pbxproj` package from PyPI (Scripts/read_pbxproj.py uses it), in
# GLANCE_FIX_TEST_HOME (default ~/.cache/glance/fix-tests). Without it those checks are skipped with a notice.
# Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
home=${GLANCE_FIX_TEST_HOME:-$HOME/.cache/glance/fix-tests}
mkdir -p "$home"
if [ ! -x "$home/venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$home/venv"
fi
"$home/venv/bin/pip" install --quiet --disable-pip-version-check "pbxproj==4.3.3"
"$home/venv/bin/python" -c "import pbxproj" 
