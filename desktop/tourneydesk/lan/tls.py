"""Optional HTTPS for an untrusted Wi-Fi: a self-signed certificate made on the laptop, kept and reused.

No authority can vouch for a laptop's address on a venue's network, so the certificate is the laptop's
own; its SHA-256 fingerprint travels in the QR code and shows on the console and on the pairing page,
and whoever accepts the browser's warning can compare it first. Made once (an elliptic-curve key) and
kept beside the app's settings, so a phone that accepted it last week is not asked again; made anew
only when the laptop's address is not among the ones it names.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
from pathlib import Path

from .server import Tls

CERT_NAME = "lan-certificate.pem"
KEY_NAME = "lan-key.pem"
VALID_DAYS = 3650


def fingerprint(der: bytes) -> str:
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def certificate(folder: Path, hosts: list[str]) -> Tls:
    """The laptop's certificate for `hosts` (addresses or names), made if none covers them yet."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    cert_path, key_path = folder / CERT_NAME, folder / KEY_NAME
    wanted = sorted(set(hosts) | {"127.0.0.1", "localhost"})
    if cert_path.is_file() and key_path.is_file():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        covered = {str(n) for n in names.get_values_for_type(x509.IPAddress)} | \
            set(names.get_values_for_type(x509.DNSName))
        if set(wanted) <= covered:
            return Tls(cert_path, key_path, fingerprint(cert.public_bytes(serialization.Encoding.DER)))
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "TourneyDesk venue network")])
    alt: list[x509.GeneralName] = []
    for host in wanted:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            alt.append(x509.DNSName(host))
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    folder.mkdir(parents=True, exist_ok=True)
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    key_path.chmod(0o600)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return Tls(cert_path, key_path, fingerprint(cert.public_bytes(serialization.Encoding.DER)))
