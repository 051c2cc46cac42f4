#!/usr/bin/env bash
# usage: check-warnings.sh BUILD_LOG ROOT — fails (exit 1) when the output of a `swift build` (or `swift test`)
# in ROOT holds a compiler warning from the project's own files (any file under ROOT but .build/, where
# dependencies such as the swift-syntax package live) or a warning from SwiftPM itself about the package
# (`warning: 'name': …`), and prints each once. Run by .ci/run and Scripts/test-package-mode.sh on clean
# builds: an incremental build does not repeat the warnings of files it does not compile again.
set -euo pipefail
log=${1:?usage: check-warnings.sh BUILD_LOG ROOT}
root=$(cd "${2:?usage: check-warnings.sh BUILD_LOG ROOT}" && pwd)
warnings=$(grep -E "^($root/[^:]*:[0-9]+:[0-9]+: warning: |warning: )" "$log" | grep -v "^$root/\.build/" | sort -u || true)
if [ -n "$warnings" ]; then
    echo "$warnings" | sed "s|^$root/||"
    echo "check-warnings: $(wc -l <<<"$warnings") compiler warnings from the project's own files in $log" >&2
    exit 1
fi
echo "check-warnings: no warnings in $log"
