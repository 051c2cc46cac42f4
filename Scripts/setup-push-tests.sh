#!/usr/bin/env bash
# Prepares this machine for the tests of `glance push` and `glance channels` that talk to the local APNs
# stand-in (Scripts/push-test-server/server.py):
#   1. a virtualenv with the stand-in's packages (Scripts/push-test-server/requirements.txt), from PyPI;
#   2. a throwaway certificate authority made on this machine, name-constrained to localhost and 127.0.0.1;
#   3. on Linux, when run as root, that CA in the system's trust store too, for Scripts/benchmark-push.sh (its
#      aioapns client trusts nothing else). The tests need no root: glance trusts the CA for each run through
#      GLANCE_APNS_CA_FILE. On macOS, URLSession trusts only the keychain: the script says how to add it there.
# Everything goes in GLANCE_PUSH_TEST_HOME (default ~/.cache/glance/push-tests): venv/ and ca/. The tests look
# there too. Safe to run again: it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
home=${GLANCE_PUSH_TEST_HOME:-$HOME/.cache/glance/push-tests}
mkdir -p "$home"
if [ ! -x "$home/venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$home/venv"
fi
"$home/venv/bin/pip" install --quiet --disable-pip-version-check -r Scripts/push-test-server/requirements.txt
"$home/venv/bin/python" Scripts/push-test-server/make_ca.py "$home/ca"

case "$(uname -s)" in
Linux)
    target=/usr/local/share/ca-certificates/glance-push-test-ca.crt
    if cmp -s "$home/ca/ca.pem" "$target"; then
        exit 0
    fi
    if [ "$(id -u)" != 0 ]; then
        echo "setup-push-tests: ready; the tests trust the test CA through GLANCE_APNS_CA_FILE ($home/ca/ca.pem)." >&2
        echo "  Only Scripts/benchmark-push.sh needs it in the system trust store: as root, cp '$home/ca/ca.pem' $target && update-ca-certificates" >&2
        exit 0
    fi
    if ! command -v update-ca-certificates >/dev/null; then
        echo "setup-push-tests: update-ca-certificates is missing; install Debian's ca-certificates package" >&2
        exit 1
    fi
    mkdir -p "$(dirname "$target")"
    cp "$home/ca/ca.pem" "$target"
    update-ca-certificates >/dev/null 2>&1 || { echo "setup-push-tests: update-ca-certificates failed" >&2; exit 1; }
    ;;
Darwin)
    if ! security verify-cert -c "$home/ca/ca.pem" >/dev/null 2>&1; then
        echo "setup-push-tests: to trust the test CA, run:" >&2
        echo "  sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain '$home/ca/ca.pem'" >&2
        exit 1
    fi
    ;;
esac
