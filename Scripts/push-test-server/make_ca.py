#!/usr/bin/env python3
"""Makes the throwaway certificate authority of the APNs stand-in (server.py), once per machine.

Usage: make_ca.py DIR   — writes DIR/ca.pem and DIR/ca-key.pem (mode 0600) unless DIR/ca.pem exists and is valid
for another 30 days. The CA is name-constrained to localhost, 127.0.0.1 and ::1: trusting it lets it vouch for
nothing else, and its key never leaves this machine.
"""

import datetime
import ipaddress
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def still_valid(path):
    try:
        with open(path, "rb") as file:
            cert = x509.load_pem_x509_certificate(file.read())
    except (OSError, ValueError):
        return False
    return cert.not_valid_after_utc > datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=30)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_ca.py DIR")
    folder = sys.argv[1]
    os.makedirs(folder, mode=0o700, exist_ok=True)
    if still_valid(f"{folder}/ca.pem") and os.path.exists(f"{folder}/ca-key.pem"):
        return
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    # A name of its own: OpenSSL looks issuers up by name, so two test CAs with one name would confuse it.
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Glance test CA (localhost only) %s" % os.urandom(6).hex())])
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.NameConstraints(permitted_subtrees=[
            x509.DNSName("localhost"),
            x509.IPAddress(ipaddress.ip_network("127.0.0.1/32")),
            x509.IPAddress(ipaddress.ip_network("::1/128")),
        ], excluded_subtrees=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_path = f"{folder}/ca-key.pem"
    descriptor = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()))
    with open(f"{folder}/ca.pem", "wb") as file:
        file.write(cert.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
