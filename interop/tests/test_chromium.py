"""Headless Chromium against the sample app, as a browser user meets it: Chromium decodes each
coding it offers (gzip by the server's preference among them; zstd, br and deflate when it offers
only that one), revalidates an encoded representation with its suffixed ETag and gets a 304,
gets the GET's header fields for a HEAD, reads a streamed response flush by flush through its
decoder, uploads bodies compressed with the page's own CompressionStream, and echoes WebSocket
messages over the permessage-deflate its WebSocket offers. The bytes on the wire and the header
fields are the ones the DevTools protocol reports. Over HTTP/1.1 in the suite's HTTP/1.1 runs, over HTTP/2 (an
instance of the jar started over TLS) in its --http2 runs. Skipped when no Chromium is installed."""
import pytest
import requests

from support.chromium import (certificate_file, chromium, expected_protocol, needs_chromium,  # noqa: F401 (fixtures)
                              origin, tls_app)

pytestmark = needs_chromium

DOCUMENT_BYTES = 1_700_000


@pytest.fixture
def page(chromium, origin):
    chromium.open(origin + "/api/ping")
    return chromium


@pytest.mark.parametrize("offer, coding", [(None, "gzip"), ("zstd", "zstd"), ("br", "br"), ("deflate", "deflate")])
def test_chromium_decodes_the_document_in_each_coding_it_offers(page, expected_protocol, offer, coding):
    """With its own Accept-Encoding (gzip, deflate, br, zstd) Chromium gets gzip, the first of
    them in the server's order; offered one coding alone, it gets that one."""
    if offer:
        page.call("Network.setExtraHTTPHeaders", headers={"Accept-Encoding": offer})
    entries = page.evaluate("fetch('/api/static').then(r => r.json()).then(j => j.length)")
    assert entries == 10_000
    exchange = page.exchanges("/api/static")[-1]
    assert exchange.protocol == expected_protocol
    assert exchange.status == 200
    assert exchange.response.get("content-encoding") == coding, exchange.response
    assert "accept-encoding" in exchange.response.get("vary", "").lower()
    assert exchange.response.get("etag", "").endswith(f'-{coding}"'), exchange.response
    assert exchange.wire_bytes < DOCUMENT_BYTES / 2, f"{exchange.wire_bytes} bytes on the wire"


def test_chromium_revalidates_an_encoded_representation_and_gets_304(page):
    """Chromium keeps the gzip representation with its suffixed ETag; revalidating it sends that
    tag in If-None-Match, and the server, which strips the suffix before the application
    compares, answers 304, from which Chromium serves the kept body."""
    first = page.evaluate("fetch('/api/static').then(r => r.json()).then(j => j.length)")
    again = page.evaluate("fetch('/api/static', {cache: 'no-cache'})"
                          ".then(r => r.json().then(j => [r.status, j.length]))")
    assert first == 10_000
    assert again == [200, 10_000]
    stored, revalidated = page.exchanges("/api/static")[-2:]
    assert stored.response.get("content-encoding") == "gzip"
    assert revalidated.request.get("if-none-match") == stored.response["etag"]
    assert revalidated.status == 304
    assert revalidated.response.get("etag") == stored.response["etag"]
    assert "accept-encoding" in revalidated.response.get("vary", "").lower()
    assert "content-encoding" not in revalidated.response


def test_chromium_gets_the_header_fields_of_its_get_for_a_head(page):
    """A HEAD from the page answers with the coding, entity tag and Vary its GET gets, and no
    identity Content-Length (RFC 9110, section 9.3.2)."""
    fields = "r => [r.status, r.headers.get('content-encoding'), r.headers.get('etag'), r.headers.get('vary')," \
             " r.headers.get('content-length')]"
    head = page.evaluate(f"fetch('/api/static', {{method: 'HEAD'}}).then({fields})")
    get = page.evaluate(f"fetch('/api/static', {{cache: 'no-store'}}).then({fields})")
    assert head == get
    assert head[:2] == [200, "gzip"]
    assert head[4] is None or int(head[4]) < DOCUMENT_BYTES


def test_chromium_reads_a_streamed_response_flush_by_flush(page, expected_protocol):
    """/api/stream flushes 40 lines 50 ms apart; the encoder flushes with each, so Chromium's
    gzip decoder hands the page the lines as they come, not the body at its end."""
    reads, lines = page.evaluate("""(async () => {
        const reader = (await fetch('/api/stream')).body.getReader();
        const decoder = new TextDecoder();
        let reads = 0, text = '';
        for (;;) {
            const {done, value} = await reader.read();
            if (done) break;
            reads++;
            text += decoder.decode(value, {stream: true});
        }
        return [reads, text.split('\\n').filter(line => line).map(line => JSON.parse(line)).length];
    })()""")
    exchange = page.exchanges("/api/stream")[-1]
    assert exchange.protocol == expected_protocol
    assert exchange.response.get("content-encoding") == "gzip", exchange.response
    assert lines == 40
    assert reads >= 20, f"the page read the stream in {reads} parts"


UPLOAD = """(async (format, coding) => {
    const body = JSON.stringify(Array.from({length: 400}, (_, i) => ({id: i, login: 'user' + i % 7})));
    const encoded = await new Response(new Blob([body]).stream().pipeThrough(new CompressionStream(format)))
        .arrayBuffer();
    const response = await fetch('/api/echo', {method: 'POST', body: encoded,
        headers: {'Content-Type': 'application/json', 'Content-Encoding': coding}});
    return [response.status, (await response.text()) === body, encoded.byteLength < body.length];
})"""


@pytest.mark.parametrize("stream_format, coding", [("gzip", "gzip"), ("deflate", "deflate"),
                                                   ("deflate-raw", "deflate")])
def test_chromium_uploads_a_body_compressed_by_the_page(page, stream_format, coding):
    """A page compresses its request body with CompressionStream and labels it; the server
    decodes it for the application, raw deflate included, which it tolerates under deflate."""
    assert page.evaluate(f"{UPLOAD}('{stream_format}', '{coding}')") == [200, True, True]
    assert page.exchanges("/api/echo")[-1].request.get("content-encoding") == coding


def test_chromium_sees_415_naming_the_codings_the_server_takes(page):
    """A coding the server does not support gets 415 with Accept-Encoding (RFC 7694) and a
    problem body, both readable by the page."""
    status, accepted, problem = page.evaluate("""fetch('/api/echo', {method: 'POST', body: 'x'.repeat(100),
            headers: {'Content-Type': 'text/plain', 'Content-Encoding': 'compress'}})
        .then(r => r.json().then(j => [r.status, r.headers.get('accept-encoding'), j]))""")
    assert status == 415
    assert {"gzip", "deflate"} <= {coding.strip() for coding in accepted.split(",")}
    assert problem["status"] == 415


def permessage_deflate_sessions(origin, certificate_file) -> float:
    response = requests.get(f"{origin}/actuator/metrics/restcompress.websocket.sessions",
                            params={"tag": "coding:permessage-deflate"}, timeout=30, verify=certificate_file)
    if response.status_code == 404:
        return 0
    return next(m["value"] for m in response.json()["measurements"] if m["statistic"] == "COUNT")


def test_chromium_echoes_websocket_messages_over_permessage_deflate(page, origin, certificate_file):
    """Chromium's WebSocket offers permessage-deflate with client_max_window_bits; the server
    accepts it, and text (large and small) and binary messages come back intact through both
    sides' deflate, in a session the server counts as compressed. The WebSocket is opened over
    HTTP/1.1 in both runs: Chromium does not bootstrap WebSockets over HTTP/2 (RFC 8441) to
    these servers."""
    before = permessage_deflate_sessions(origin, certificate_file)
    extensions, large, small, binary = page.evaluate("""(async () => {
        const socket = new WebSocket(location.origin.replace('http', 'ws') + '/ws/echo');
        socket.binaryType = 'arraybuffer';
        await new Promise((opened, failed) => { socket.onopen = opened; socket.onerror = failed; });
        const replies = [];
        socket.onmessage = event => replies.push(event.data);
        const document = JSON.stringify(Array.from({length: 3000}, (_, i) => ({id: i, login: 'user' + i % 7})));
        socket.send(document);
        socket.send('hello');
        socket.send(new Uint8Array([1, 2, 3, 0, 255]).buffer);
        while (replies.length < 3) {
            await new Promise(wait => setTimeout(wait, 20));
        }
        socket.close();
        return [socket.extensions, replies[0] === document, replies[1], Array.from(new Uint8Array(replies[2]))];
    })()""")
    assert extensions.startswith("permessage-deflate"), extensions
    assert (large, small, binary) == (True, "hello", [1, 2, 3, 0, 255])
    assert permessage_deflate_sessions(origin, certificate_file) == before + 1
