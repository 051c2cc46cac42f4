#!/bin/sh
# The steps behind `make`, `make install` and `make uninstall` (see the Makefile):
#
#   install.sh collect BINARY SWIFT    after the build: list in BINARY.libs the Swift libraries BINARY links
#                                      from the toolchain (SwiftSyntax's and the runtime's), found with ldd
#   install.sh install BINARY PREFIX   PREFIX/bin/glance, and the listed libraries in PREFIX/lib/glance
#   install.sh uninstall PREFIX        removes PREFIX/bin/glance and PREFIX/lib/glance
#
# On macOS the release build links SwiftSyntax statically (the swift-syntax package) and the Swift runtime is
# the system's, so nothing but the binary is installed.
set -eu

fail() { echo "install.sh: error: $*" >&2; exit 2; }

collect() {
    binary=$1 swift=$2
    list="$binary.libs"
    : > "$list"
    if [ "$(uname -s)" != Linux ]; then
        if otool -L "$binary" | grep -q '@rpath/libSwiftSyntax'; then
            fail "$binary links the toolchain's SwiftSyntax; on macOS, install the package build (unset GLANCE_SWIFT_SYNTAX)"
        fi
        return
    fi
    command -v ldd >/dev/null || fail "ldd is needed (Debian: libc-bin)"
    # <toolchain>/usr/lib/swift: the runtime in linux/, SwiftSyntax in host/ (unless GLANCE_SWIFT_HOST_LIBS).
    resources=$("${swift}c" -print-target-info | sed -n 's/^ *"runtimeResourcePath": "\(.*\)",*$/\1/p')
    [ -n "$resources" ] && [ -d "$resources" ] || fail "cannot find the toolchain's runtime from '${swift}c -print-target-info'"
    host=${GLANCE_SWIFT_HOST_LIBS:-$resources/host}
    resolved=$(LD_LIBRARY_PATH="$host:$resources/linux" ldd "$binary") || fail "ldd $binary failed"
    if echo "$resolved" | grep -q 'not found'; then
        fail "$binary: some libraries were not found: $(echo "$resolved" | grep 'not found' | tr -s ' \t' ' ' | tr '\n' ';')"
    fi
    echo "$resolved" | awk '$2 == "=>" { print $3 }' | while read -r library; do
        case $library in
            "$resources"/*|"$host"/*) echo "$library" >> "$list" ;;
        esac
    done
    echo "$(wc -l < "$list" | tr -d ' ') Swift libraries to install with $binary (listed in $list)"
}

install_files() {
    binary=$1 prefix=$2
    [ -x "$binary" ] && [ -f "$binary.libs" ] || fail "$binary is not built; run make first"
    mkdir -p "$prefix/bin"
    cp "$binary" "$prefix/bin/glance.new"
    chmod 755 "$prefix/bin/glance.new"
    mv -f "$prefix/bin/glance.new" "$prefix/bin/glance"
    rm -rf "$prefix/lib/glance"
    if [ -s "$binary.libs" ]; then
        mkdir -p "$prefix/lib/glance"
        while read -r library; do
            cp -L "$library" "$prefix/lib/glance/"
            chmod 644 "$prefix/lib/glance/$(basename "$library")"
        done < "$binary.libs"
        size=$(du -sk "$prefix/lib/glance" | cut -f1)
        echo "installed $prefix/bin/glance and $(wc -l < "$binary.libs" | tr -d ' ') libraries ($((size / 1024)) MB) in $prefix/lib/glance"
    else
        echo "installed $prefix/bin/glance"
    fi
}

uninstall_files() {
    prefix=$1
    removed=""
    if [ -e "$prefix/bin/glance" ]; then rm -f "$prefix/bin/glance"; removed="$prefix/bin/glance"; fi
    if [ -e "$prefix/lib/glance" ]; then rm -rf "$prefix/lib/glance"; removed="${removed:+$removed and }$prefix/lib/glance"; fi
    if [ -n "$removed" ]; then echo "removed $removed"; else echo "nothing to remove: no glance in $prefix"; fi
}

case ${1:-} in
    collect) [ $# -eq 3 ] || fail "usage: install.sh collect BINARY SWIFT"; collect "$2" "$3" ;;
    install) [ $# -eq 3 ] || fail "usage: install.sh install BINARY PREFIX"; install_files "$2" "$3" ;;
    uninstall) [ $# -eq 2 ] || fail "usage: install.sh uninstall PREFIX"; uninstall_files "$2" ;;
    *) fail "usage: install.sh collect|install|uninstall …" ;;
esac
