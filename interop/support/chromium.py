"""Headless Chromium driven over the DevTools protocol, for the tests that put a browser in
front of the sample app: over HTTP/1.1 to the app the suite runs against, or, in a run with
--http2, over HTTP/2 to an instance of the same jar started over TLS (Chromium speaks HTTP/2 only
over TLS, where the suite's other clients use h2c). Tests that use it are skipped when no
Chromium is installed (Debian: apt-get install chromium; interop/run.sh does it with
INTEROP_INSTALL_CHROMIUM=1 as root)."""
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from typing import NamedTuple, Optional

import pytest
from websockets.sync.client import connect

from support.tls_app import TlsApp, free_port

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (Debian: apt-get install chromium)")


class Exchange(NamedTuple):
    """One request of the page as it went over the wire: both header sections (names in lower
    case), the status, and the bytes the response took on the wire."""
    request: dict
    response: dict
    status: Optional[int]
    wire_bytes: Optional[int]
    protocol: Optional[str]


def secure_origin(base_url: str) -> str:
    """The app's origin under a name Chromium treats as a secure context over plain HTTP, so that
    it offers every coding it has (br, zstd, dictionaries) and exposes CompressionStream."""
    return base_url.replace("127.0.0.1", "localhost")


@pytest.fixture(scope="session")
def tls_app(pytestconfig, tmp_path_factory):
    """The app's jar started again over TLS with HTTP/2, for the whole session."""
    jar = pytestconfig.getoption("--app-jar")
    if not jar:
        pytest.skip("no --app-jar: run the suite with interop/run.sh")
    app = TlsApp(jar, tmp_path_factory.mktemp("tls-app"))
    try:
        yield app.wait_until_healthy()
    finally:
        app.stop()


@pytest.fixture
def origin(request, base_url, http2):
    """Where Chromium sends its requests: the suite's app over HTTP/1.1, or over HTTP/2 (TLS) in
    a run with --http2."""
    return request.getfixturevalue("tls_app").origin if http2 else secure_origin(base_url)


@pytest.fixture
def certificate_file(request, http2):
    """The file a Python client verifies the TLS app's certificate with (True: no TLS app)."""
    return str(request.getfixturevalue("tls_app").certificate.certificate_file) if http2 else True


@pytest.fixture
def expected_protocol(http2) -> str:
    return "h2" if http2 else "http/1.1"


class DevTools:
    """A page of a headless Chromium, driven over the DevTools protocol."""

    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0
        self.events = []

    def call(self, method: str, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=60))
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")

    def open(self, url: str):
        """Records the page's network events from now on and navigates to a URL of the origin
        the page's scripts then fetch from."""
        self.call("Network.enable")
        self.call("Page.navigate", url=url)
        for _ in range(100):
            if self.evaluate("document.readyState") == "complete":
                return
            time.sleep(0.1)
        raise AssertionError(f"Chromium did not load {url}")

    def exchanges(self, path: str) -> list:
        """Every request to a path (a substring of its URL) the page has sent so far, in order."""
        self.call("Runtime.evaluate", expression="1")  # collects the events sent meanwhile
        urls = {e["params"]["requestId"]: e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"}
        requests = {e["params"]["requestId"]: e["params"]["headers"] for e in self.events
                    if e.get("method") == "Network.requestWillBeSentExtraInfo"}
        responses = {e["params"]["requestId"]: e["params"] for e in self.events
                     if e.get("method") == "Network.responseReceivedExtraInfo"}
        wire = {e["params"]["requestId"]: e["params"]["encodedDataLength"] for e in self.events
                if e.get("method") == "Network.loadingFinished"}
        protocols = {e["params"]["requestId"]: e["params"]["response"].get("protocol") for e in self.events
                     if e.get("method") == "Network.responseReceived"}
        return [Exchange(lower(requests.get(rid, {})), lower(responses.get(rid, {}).get("headers", {})),
                         responses.get(rid, {}).get("statusCode"), wire.get(rid), protocols.get(rid))
                for rid in urls if path in urls[rid]]


def lower(headers: dict) -> dict:
    return {name.lower(): value for name, value in headers.items()}


@pytest.fixture
def chromium(request, http2):
    """A fresh headless Chromium (its own profile, so an empty HTTP cache) with one page. In a
    run with --http2 it trusts the TLS app's certificate by its key's pin: a certificate error
    merely ignored would keep Chromium from caching, and so from revalidating and from keeping
    dictionaries."""
    port = free_port()
    profile = tempfile.mkdtemp(prefix="interop-chromium-")
    trust = []
    if http2:
        trust = [f"--ignore-certificate-errors-spki-list={request.getfixturevalue('tls_app').certificate.spki_sha256}"]
    process = subprocess.Popen([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                *trust,
                                f"--remote-debugging-port={port}", f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        targets = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2) as response:
                    targets = [t for t in json.load(response) if t.get("type") == "page"]
                if targets:
                    break
            except OSError:
                pass
            time.sleep(0.2)
        assert targets, "Chromium did not open its DevTools port"
        with connect(targets[0]["webSocketDebuggerUrl"], max_size=None, open_timeout=30) as socket:
            yield DevTools(socket)
    finally:
        # Chromium's helper processes (zygote, renderers) outlive the browser process and
        # write into the profile after it ends: stop the whole session, then remove it
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        for _ in range(50):
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        shutil.rmtree(profile, ignore_errors=True)
