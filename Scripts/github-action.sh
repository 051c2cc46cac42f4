#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml at the repository root), one per subcommand, so they can be run
# and tested outside GitHub (Scripts/test-github-action.sh). GitHub runs them with GITHUB_ACTION_PATH (this
# repository at the ref the workflow names), GITHUB_OUTPUT, RUNNER_OS, RUNNER_ARCH and RUNNER_TEMP set, from
# the workflow's working directory.
#
#   github-action.sh key     the build's cache key, where the build is installed and where the lint cache is kept
#                            (outputs `key`, `prefix`, `lint-cache`); the key names
#                            Glance's version, a hash of the files the build reads, the toolchain
#                            (`swift --version`), the OS release, GLANCE_SWIFT_SYNTAX, the runner's OS and arch
#   github-action.sh build   `make install` into the prefix (after installing the Debian packages the Linux build
#                            needs, when missing)
#   github-action.sh lint    `glance lint PATH --reporter REPORTER OPTIONS` (inputs as INPUT_PATH, INPUT_REPORTER,
#                            INPUT_OPTIONS, INPUT_SARIF_FILE, INPUT_LINT_CACHE); outputs `exit-code`, and `sarif-file`
#                            with the sarif reporter. Exits 2 when glance could not run (exit code 2), else 0.
#   github-action.sh finish  fails (exit 1, with an error annotation) when the lint exited 1 and
#                            INPUT_FAIL_ON_FINDINGS is true (INPUT_EXIT_CODE: the lint's exit code)
set -euo pipefail
source=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}
output=${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}
# Both inside RUNNER_TEMP as this shell sees it (in a container job, ${{ runner.temp }} is the host's path).
prefix=${RUNNER_TEMP:?RUNNER_TEMP is not set}/glance
lint_cache=$RUNNER_TEMP/glance-lint-cache

sha() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi | cut -c1-16; }

key() {
    local version files toolchain system
    version=$(sed -n 's/.*public static let version = "\(.*\)".*/\1/p' "$source/Sources/GlanceCLI/Version.swift")
    [ -n "$version" ] || { echo "::error::no version in $source/Sources/GlanceCLI/Version.swift"; exit 2; }
    # Every file the build reads, by path and contents (an action's checkout has no .git to take a commit from).
    files=$(cd "$source" && find Package.swift Package@swift-6.0.swift Makefile Scripts/install.sh Sources -type f \
        | LC_ALL=C sort | while IFS= read -r file; do echo "$file $(sha < "$file")"; done | sha)
    command -v swift >/dev/null || { echo "::error::Glance's action needs a Swift toolchain on PATH (Swift 6.0 or later)"; exit 2; }
    toolchain=$(swift --version 2>/dev/null | sha)
    system=$( { sed -n 's/^\(ID\|VERSION_ID\)=//p' /etc/os-release 2>/dev/null || true; sw_vers -productVersion 2>/dev/null || true; } | tr -d '"' | tr '\n' '-')
    echo "key=glance-$version-$files-${RUNNER_OS:-$(uname -s)}-${RUNNER_ARCH:-$(uname -m)}-${system}swift-$toolchain-${GLANCE_SWIFT_SYNTAX:-default}" >> "$output"
    echo "prefix=$prefix" >> "$output"
    echo "lint-cache=$lint_cache" >> "$output"
    echo "Glance $version from $source; installed in $prefix"
}

build() {
    if [ "$(uname -s)" = Linux ]; then
        local missing=()
        dpkg -s libssl-dev >/dev/null 2>&1 || missing+=(libssl-dev)
        dpkg -s libnghttp2-dev >/dev/null 2>&1 || missing+=(libnghttp2-dev)
        command -v pkg-config >/dev/null || missing+=(pkg-config)
        command -v make >/dev/null || missing+=(make)
        if [ ${#missing[@]} -gt 0 ]; then
            local sudo=""
            [ "$(id -u)" -eq 0 ] || sudo=sudo
            echo "Installing ${missing[*]} (apt-get)"
            $sudo apt-get update -qq
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
        fi
    elif [ "$(uname -s)" != Darwin ]; then
        echo "::error::Glance's action runs on Linux and macOS runners, not $(uname -s)"
        exit 2
    fi
    make -C "$source" install PREFIX="$prefix"
}

lint() {
    local glance="$prefix/bin/glance" options=() option words status
    if ! "$glance" --version >/dev/null 2>&1; then
        echo "::error::$glance does not run: $("$glance" --version 2>&1 | head -1)"
        exit 2
    fi
    # INPUT_OPTIONS as shell words (quotes are honoured; nothing is expanded).
    if [ -n "${INPUT_OPTIONS//[[:space:]]/}" ]; then
        words=$(xargs printf '%s\n' <<<"$INPUT_OPTIONS" 2>&1) \
            || { echo "::error::the 'options' input is not shell words: $INPUT_OPTIONS ($words)"; exit 2; }
        while IFS= read -r option; do options+=("$option"); done <<<"$words"
    fi
    case " ${options[*]-} " in
        *" --reporter "*) echo "::error::give the reporter as the action's 'reporter' input, not in 'options'"; exit 2 ;;
    esac
    if [ "${INPUT_LINT_CACHE:-true}" = true ]; then
        case " ${options[*]-} " in
            *" --no-cache "*|*" --cache-path "*) ;;
            *) options+=(--cache-path "$lint_cache") ;;
        esac
    fi
    set +e
    if [ "${INPUT_REPORTER:-github-actions}" = sarif ]; then
        "$glance" lint "${INPUT_PATH:-.}" --reporter sarif ${options[@]+"${options[@]}"} > "${INPUT_SARIF_FILE:-glance.sarif}"
        status=$?
        echo "sarif-file=${INPUT_SARIF_FILE:-glance.sarif}" >> "$output"
    else
        "$glance" lint "${INPUT_PATH:-.}" --reporter "${INPUT_REPORTER:-github-actions}" ${options[@]+"${options[@]}"}
        status=$?
    fi
    set -e
    echo "exit-code=$status" >> "$output"
    [ "$status" -ne 2 ] || exit 2
}

finish() {
    if [ "${INPUT_EXIT_CODE:-}" = 1 ] && [ "${INPUT_FAIL_ON_FINDINGS:-true}" = true ]; then
        echo "::error::glance lint found violations that fail the run (errors, or warnings with --strict)"
        exit 1
    fi
}

case ${1:-} in
    key|build|lint|finish) "$1" ;;
    *) echo "usage: github-action.sh key|build|lint|finish" >&2; exit 2 ;;
esac
