"""Headless Chromium against the sample app (RFC 9842 in a browser): Chromium fetches /api/feed,
keeps it as a dictionary (Use-As-Dictionary), and for the next version sends Available-Dictionary
and gets Content-Encoding: dcz, as the DevTools protocol shows the headers on the wire; the same
for /api/bulletin in dcb, which Chromium decodes with brotli's own decoder.
Skipped when no Chromium is installed (Debian: apt-get install chromium)."""
import base64
import hashlib
import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
import requests
from websockets.sync.client import connect

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")

pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (Debian: apt-get install chromium)"),
              pytest.mark.http1_only]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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

    def exchanges(self, path: str):
        """The request and response header fields on the wire of every request to a path, and the
        bytes the response took on the wire."""
        urls = {e["params"]["requestId"]: e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"}
        requests = {e["params"]["requestId"]: e["params"]["headers"] for e in self.events
                    if e.get("method") == "Network.requestWillBeSentExtraInfo"}
        responses = {e["params"]["requestId"]: e["params"]["headers"] for e in self.events
                     if e.get("method") == "Network.responseReceivedExtraInfo"}
        wire = {e["params"]["requestId"]: e["params"]["encodedDataLength"] for e in self.events
                if e.get("method") == "Network.loadingFinished"}
        return [(lower(requests.get(rid, {})), lower(responses.get(rid, {})), wire.get(rid))
                for rid in urls if path in urls[rid]]


def lower(headers: dict) -> dict:
    return {name.lower(): value for name, value in headers.items()}


@pytest.fixture
def chromium():
    port = free_port()
    profile = tempfile.mkdtemp(prefix="interop-chromium-")
    process = subprocess.Popen([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                f"--remote-debugging-port={port}", f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
        process.terminate()
        process.wait(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.parametrize("path, length, coding", [("/api/feed", "j => j.length", "dcz"),
                                                  ("/api/bulletin", "j => j.entries.length", "dcb")])
def test_chromium_keeps_a_dictionary_and_receives_the_next_version_in_its_coding(chromium, base_url, path, length,
                                                                                  coding):
    """Chromium fetches version 1 of a dictionary resource, then version 2, which it receives in
    the resource's dictionary coding against version 1 and decodes."""
    previous = requests.get(f"{base_url}{path}?version=1", headers={"Accept-Encoding": "identity"},
                            timeout=60).content
    origin = base_url.replace("127.0.0.1", "localhost")  # a secure context over plain HTTP
    chromium.call("Network.enable")
    chromium.call("Page.navigate", url=origin + "/api/ping")
    for _ in range(100):
        if chromium.evaluate("document.readyState") == "complete":
            break
        time.sleep(0.1)
    first = chromium.evaluate(f"fetch('{path}?version=1').then(r => r.text()).then(t => t.length)")
    assert first > 1_000_000
    time.sleep(1)  # Chromium stores the dictionary after the response completes
    second = chromium.evaluate(f"fetch('{path}?version=2').then(r => r.json()).then({length})")
    assert second == 10_000
    chromium.call("Runtime.evaluate", expression="1")  # collects the events sent meanwhile
    exchanges = chromium.exchanges(f"{path}?version=2")
    assert exchanges, chromium.exchanges(path)
    request, response, wire_bytes = exchanges[-1]
    assert coding in request.get("accept-encoding", ""), request
    assert request.get("available-dictionary") == ":" + base64.b64encode(hashlib.sha256(previous).digest()).decode() + ":"
    assert response.get("content-encoding") == coding, response
    assert wire_bytes < 20_000, f"{wire_bytes} bytes on the wire for a 1.8 MB version"
