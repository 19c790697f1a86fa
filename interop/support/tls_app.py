"""A second instance of the sample app, over TLS with HTTP/2 (negotiated by ALPN), for the clients
that speak HTTP/2 only over TLS (Chromium). Its certificate is a throwaway self-signed one for
localhost, which a client trusts by its public key's pin (spki)."""
import base64
import datetime
import hashlib
import os
import socket
import ssl
import subprocess
import time
import urllib.request
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Certificate:
    """A P-256 key and a certificate for localhost signed by it, written as PEM files."""

    def __init__(self, directory: Path):
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
        now = datetime.datetime.now(datetime.timezone.utc)
        certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                       .public_key(key.public_key()).serial_number(x509.random_serial_number())
                       .not_valid_before(now - datetime.timedelta(hours=1))
                       .not_valid_after(now + datetime.timedelta(days=2))
                       .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
                       .sign(key, hashes.SHA256()))
        self.certificate_file = directory / "interop-tls.crt"
        self.key_file = directory / "interop-tls.key"
        self.certificate_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
        self.key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                                    serialization.PrivateFormat.PKCS8,
                                                    serialization.NoEncryption()))
        spki = key.public_key().public_bytes(serialization.Encoding.DER,
                                             serialization.PublicFormat.SubjectPublicKeyInfo)
        self.spki_sha256 = base64.b64encode(hashlib.sha256(spki).digest()).decode()


class TlsApp:
    """The jar started on a free loopback port with server.ssl and server.http2 enabled."""

    def __init__(self, jar: str, directory: Path):
        self.port = free_port()
        self.origin = f"https://localhost:{self.port}"
        self.log = directory / "sample-app-tls.log"
        self.certificate = Certificate(directory)
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                ["java", "-jar", jar, "--server.address=127.0.0.1", f"--server.port={self.port}",
                 f"--server.ssl.certificate=file:{self.certificate.certificate_file}",
                 f"--server.ssl.certificate-private-key=file:{self.certificate.key_file}",
                 "--server.http2.enabled=true"],
                stdout=log, stderr=subprocess.STDOUT)

    def wait_until_healthy(self, timeout: float = float(os.environ.get("INTEROP_START_TIMEOUT", "180"))):
        context = ssl.create_default_context(cafile=str(self.certificate.certificate_file))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the TLS sample app exited during startup; its log: {self.log}")
            try:
                with urllib.request.urlopen(f"{self.origin}/actuator/health", timeout=2, context=context):
                    return self
            except OSError:
                time.sleep(0.5)
        raise AssertionError(f"the TLS sample app did not become healthy within {timeout} s; its log: {self.log}")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
