"""Headless Chromium against the sample app (RFC 9842 in a browser): Chromium fetches /api/feed,
keeps it as a dictionary (Use-As-Dictionary), and for the next version sends Available-Dictionary
and gets Content-Encoding: dcz, as the DevTools protocol shows the headers on the wire; the same
for /api/bulletin in dcb, which Chromium decodes with brotli's own decoder.
Over HTTP/1.1 or HTTP/2 as in test_chromium.py. Skipped when no Chromium is installed."""
import base64
import hashlib
import time

import pytest
import requests

from support.chromium import (certificate_file, chromium, expected_protocol, needs_chromium,  # noqa: F401 (fixtures)
                              origin, tls_app)

pytestmark = needs_chromium


@pytest.mark.parametrize("path, length, coding", [("/api/feed", "j => j.length", "dcz"),
                                                  ("/api/bulletin", "j => j.entries.length", "dcb")])
def test_chromium_keeps_a_dictionary_and_receives_the_next_version_in_its_coding(chromium, origin, certificate_file,
                                                                                  expected_protocol, path, length,
                                                                                  coding):
    """Chromium fetches version 1 of a dictionary resource, then version 2, which it receives in
    the resource's dictionary coding against version 1 and decodes."""
    previous = requests.get(f"{origin}{path}?version=1", headers={"Accept-Encoding": "identity"},
                            timeout=60, verify=certificate_file).content
    chromium.open(origin + "/api/ping")
    first = chromium.evaluate(f"fetch('{path}?version=1').then(r => r.text()).then(t => t.length)")
    assert first > 1_000_000
    time.sleep(1)  # Chromium stores the dictionary after the response completes
    second = chromium.evaluate(f"fetch('{path}?version=2').then(r => r.json()).then({length})")
    assert second == 10_000
    exchanges = chromium.exchanges(f"{path}?version=2")
    assert exchanges, chromium.exchanges(path)
    request, response, _, wire_bytes, protocol = exchanges[-1]
    assert protocol == expected_protocol
    assert coding in request.get("accept-encoding", ""), request
    assert request.get("available-dictionary") == ":" + base64.b64encode(hashlib.sha256(previous).digest()).decode() + ":"
    assert response.get("content-encoding") == coding, response
    assert wire_bytes < 20_000, f"{wire_bytes} bytes on the wire for a 1.8 MB version"
