"""Brotli streams written by the reference encoder (Python's brotli) posted to the server, and
the server's brotli responses decoded by the reference decoder and by curl: zeros, JSON and log
lines of 256 KiB to 12 MiB at qualities 1 to 11 and windows of 10 to 24 bits."""
import shutil

import brotli
import pytest

from support import brotli_reference
from support.brotli_reference import DOCUMENTS, ReferenceStream
from support.curl import curl, curl_accepted_codings
from support.http import send

# restcompress.codec.brotli.max-window of the sample app (the default, 16MB: 24 window bits, the
# most RFC 7932 allows, so every reference stream decodes; the 413 past a lower limit is tested
# in BrotliReferenceStreamTests and the request-decoding integration tests)
MAX_WINDOW_BITS = 24


@pytest.fixture(autouse=True)
def br_advertised(advertised):
    if "br" not in advertised:
        pytest.skip("the server does not advertise br")


@pytest.mark.parametrize("stream", brotli_reference.streams(), ids=str)
def test_reference_stream_is_decoded(session, base_url, stream: ReferenceStream):
    exchange = send(session, "POST", base_url + "/api/echo", data=stream.encoded(),
                    headers={"Content-Encoding": "br", "Content-Type": brotli_reference.content_type(stream.document),
                             "Accept-Encoding": "identity"})
    if stream.lgwin > MAX_WINDOW_BITS:
        assert exchange.status == 413, exchange.body[:300]
        assert exchange.problem()["coding"] == "br"
    else:
        assert exchange.status == 200, exchange.body[:300]
        assert exchange.content_encoding is None
        assert exchange.body == stream.decoded()


@pytest.mark.parametrize("stream", [ReferenceStream(name, quality, lgwin) for name in DOCUMENTS
                                    for quality, lgwin in ((1, 16), (11, 22))], ids=str)
def test_reference_stream_cut_short_gets_400(session, base_url, stream: ReferenceStream):
    encoded = stream.encoded()
    exchange = send(session, "POST", base_url + "/api/echo", data=encoded[:-1],
                    headers={"Content-Encoding": "br", "Content-Type": brotli_reference.content_type(stream.document)})
    assert exchange.status == 400, exchange.body[:300]
    assert exchange.problem()["coding"] == "br"


@pytest.mark.parametrize("document", DOCUMENTS, ids=str)
def test_server_brotli_decodes_with_the_reference_decoder(session, base_url, document):
    body = brotli_reference.document(document)
    exchange = send(session, "POST", base_url + "/api/echo", data=body,
                    headers={"Content-Type": brotli_reference.content_type(document), "Accept-Encoding": "br"})
    assert exchange.status == 200
    assert exchange.content_encoding == "br"
    assert brotli.decompress(exchange.body) == body
    decompressor = brotli.Decompressor()
    pieces = b"".join(decompressor.process(exchange.body[i:i + 1000]) for i in range(0, len(exchange.body), 1000))
    assert decompressor.is_finished()
    assert pieces == body


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
@pytest.mark.parametrize("document", DOCUMENTS, ids=str)
def test_server_brotli_decodes_with_curl(base_url, document, tmp_path):
    if "br" not in curl_accepted_codings():
        pytest.skip("this curl does not decode br")
    body = brotli_reference.document(document)
    (tmp_path / "request").write_bytes(body)
    headers, decoded = curl("--compressed", "-H", "Accept-Encoding: br",
                            "-H", "Content-Type: " + brotli_reference.content_type(document),
                            "--data-binary", "@" + str(tmp_path / "request"), base_url + "/api/echo", tmp_path=tmp_path)
    assert headers["content-encoding"] == "br"
    assert decoded == body
