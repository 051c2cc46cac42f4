#!/usr/bin/env bash
# The install test (Linux; run by .ci/run): `make install` into a temporary prefix, then
#   1. readelf: the binary's only run path is $ORIGIN/../lib/glance, and the libraries beside it search
#      nothing but $ORIGIN-relative folders;
#   2. ldd, with an empty environment: every library resolves, the Swift ones into PREFIX/lib/glance, none into
#      the build folder or the toolchain;
#   3. the installed binary lints the examples with the pinned output, and `--version` names the SwiftSyntax
#      library in PREFIX/lib/glance;
#   4. when a private mount namespace can be made (root), the same lint with the toolchain hidden under an
#      empty folder, as after the toolchain is upgraded or removed (only that one process sees it hidden);
#   5. `make uninstall` leaves no file in the prefix.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
fail() { echo "test-install: FAILED: $*" >&2; exit 1; }
[ "$(uname -s)" = Linux ] || { echo "test-install: Linux only (on macOS, make install copies the binary alone)"; exit 0; }
command -v readelf >/dev/null || fail "readelf is needed (Debian: binutils)"

prefix=$(mktemp -d "${TMPDIR:-/tmp}/glance-prefix.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
make install PREFIX="$prefix"
glance="$prefix/bin/glance"
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")   # <toolchain>/usr

# 1. Run paths.
runpath=$(readelf -d "$glance" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]$/\1/p')
[ "$runpath" = '$ORIGIN/../lib/glance' ] || fail "$glance: RUNPATH is '$runpath', not \$ORIGIN/../lib/glance"
if readelf -d "$glance" | grep -q '(RPATH)'; then fail "$glance has an RPATH"; fi
libraries=("$prefix"/lib/glance/*.so*)
[ -e "${libraries[0]}" ] || fail "nothing was installed in $prefix/lib/glance"
for library in "${libraries[@]}"; do
    for entry in $(readelf -d "$library" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]$/\1/p' | tr ':' ' '); do
        case $entry in '$ORIGIN'*) ;; *) fail "$library searches $entry" ;; esac
    done
done
echo "run paths: $glance → $runpath; ${#libraries[@]} libraries in $prefix/lib/glance search only \$ORIGIN"

# 2. What the loader resolves, with no LD_LIBRARY_PATH or other help from the environment.
resolved=$(env -i PATH=/usr/bin:/bin ldd "$glance")
if grep -q 'not found' <<<"$resolved"; then fail "unresolved libraries: $(grep 'not found' <<<"$resolved" | tr -s ' \t' ' ')"; fi
system=()
while read -r name path; do
    path=$(realpath -m "$path")   # the loader prints $ORIGIN expanded: PREFIX/bin/../lib/glance/…
    case $path in
        "$prefix"/lib/glance/*) ;;
        "$repository"/*|"$toolchain"/*) fail "$name resolves to $path" ;;
        *) system+=("$name") ;;
    esac
done < <(awk '$2 == "=>" { print $1, $3 }' <<<"$resolved")
for name in libSwiftSyntax.so libSwiftParser.so libswiftCore.so libFoundation.so; do
    path=$(awk -v name="$name" '$1 == name { print $3 }' <<<"$resolved")
    [ "$(realpath -m "$path")" = "$prefix/lib/glance/$name" ] || fail "$name resolves to '$path', not into $prefix/lib/glance"
done
echo "ldd: the Swift libraries resolve into $prefix/lib/glance; from the system: ${system[*]}"

# 3. The installed binary at work.
expect_lint() {  # expect_lint RUNNER...: the examples' pinned findings and exit codes
    local output status
    set +e
    output=$("$@" "$glance" lint Examples/CommonMistakes --quiet)
    status=$?
    set -e
    [ $status -eq 1 ] || fail "glance lint Examples/CommonMistakes exited $status"
    [ "$output" = "$(cat Tests/GlanceCLITests/Expected/CommonMistakes.lint.txt)" ] || fail "the installed glance's findings differ from Tests/GlanceCLITests/Expected/CommonMistakes.lint.txt"
    "$@" "$glance" lint Examples/ProductivityTimer --quiet || fail "glance lint Examples/ProductivityTimer exited $?"
}
expect_lint env -i PATH=/usr/bin:/bin
version=$(env -i PATH=/usr/bin:/bin "$glance" --version)
grep -q "$prefix/lib/glance/libSwiftSyntax.so" <<<"$version" || fail "--version does not name $prefix/lib/glance/libSwiftSyntax.so: $version"
echo "the installed glance lints the examples as pinned; --version: $(tr '\n' ' ' <<<"$version")"

# 4. With the toolchain out of sight.
if unshare --mount --propagation private true 2>/dev/null; then
    export -f expect_lint fail
    export glance
    unshare --mount --propagation private bash -c '
        mount -t tmpfs -o size=1m glance-hidden-toolchain "$0" || exit 3
        [ ! -e "$0/bin/swiftc" ] || exit 4
        expect_lint env -i PATH=/usr/bin:/bin' "$toolchain" \
        || fail "with $toolchain hidden, the installed glance did not lint as pinned (status $?)"
    echo "with $toolchain hidden: the same findings"
else
    echo "notice: no private mount namespace here (not root?); the run with the toolchain hidden was skipped"
fi

# 5. Uninstall.
make uninstall PREFIX="$prefix"
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "install test passed"
