"""Every coding in both directions against the sample app: compressed responses from
/api/static, /api/complex/{n} and /api/echo, compressed request bodies to /api/echo."""
import gzip
import json
import random

import httpx
import pytest
import requests

from support.http import THRESHOLD, compressible, decoded, send


@pytest.mark.parametrize("path", ["/api/static", "/api/uncompressed/static"])
def test_identity_when_the_client_accepts_no_coding(session, base_url, static_document, path):
    exchange = send(session, "GET", base_url + path, headers={"Accept-Encoding": "identity"})
    assert exchange.status == 200
    assert exchange.content_encoding is None
    assert exchange.body == static_document


def test_static_document_is_encoded_and_identical(session, base_url, static_document, coding):
    exchange = send(session, "GET", base_url + "/api/static", headers={"Accept-Encoding": coding.token})
    assert exchange.status == 200
    assert decoded(exchange, coding) == static_document
    assert "accept-encoding" in exchange.response.headers.get("Vary", "").lower()
    assert exchange.response.headers["ETag"].endswith('-' + coding.token + '"')


def test_a_suffixed_tag_weakened_on_the_way_still_gets_304(session, base_url, coding):
    tag = send(session, "GET", base_url + "/api/static",
               headers={"Accept-Encoding": coding.token}).response.headers["ETag"]
    exchange = send(session, "GET", base_url + "/api/static",
                    headers={"Accept-Encoding": coding.token, "If-None-Match": "W/" + tag})
    assert exchange.status == 304
    assert exchange.response.headers["ETag"] == tag


def test_unannotated_endpoint_is_not_encoded(session, base_url, static_document, coding):
    exchange = send(session, "GET", base_url + "/api/uncompressed/static", headers={"Accept-Encoding": coding.token})
    assert exchange.content_encoding is None
    assert exchange.body == static_document


def test_generated_document_is_encoded(session, base_url, coding):
    exchange = send(session, "GET", base_url + "/api/complex/3000", headers={"Accept-Encoding": coding.token})
    assert exchange.status == 200
    entries = json.loads(decoded(exchange, coding))
    assert len(entries) == 3000
    assert set(entries[0]) >= {"id", "date", "login", "boolean", "someId"}


def test_compressed_request_body_is_decoded(session, base_url, coding, payload):
    exchange = send(session, "POST", base_url + "/api/echo", data=coding.encode(payload.body),
                    headers={"Content-Encoding": coding.token, "Content-Type": payload.content_type,
                             "Accept-Encoding": "identity"})
    assert exchange.status == 200
    assert exchange.content_encoding is None
    assert exchange.body == payload.body


def test_echo_in_both_directions(session, base_url, coding, payload):
    exchange = send(session, "POST", base_url + "/api/echo", data=coding.encode(payload.body),
                    headers={"Content-Encoding": coding.token, "Content-Type": payload.content_type,
                             "Accept-Encoding": coding.token})
    assert exchange.status == 200
    if compressible(payload.content_type) and len(payload.body) >= THRESHOLD:
        assert decoded(exchange, coding) == payload.body
    else:
        assert exchange.content_encoding is None
        assert exchange.body == payload.body


def test_the_run_speaks_its_protocol(session, base_url, http2):
    exchange = send(session, "GET", base_url + "/api/ping")
    assert exchange.http_version == ("HTTP/2" if http2 else "HTTP/1.1")


def test_large_compressed_uploads_one_after_another_are_decoded(session, base_url):
    """Uploads far larger than an HTTP/2 stream's flow-control window (64 KB), one after another
    on one connection: none may stall (Reactor Netty once left a WINDOW_UPDATE unflushed)."""
    body = random.Random(6).randbytes(1_000_000)
    encoded = gzip.compress(body, 1)
    uploads = 30
    for i in range(uploads):
        try:
            exchange = send(session, "POST", base_url + "/api/echo", data=encoded, timeout=20,
                            headers={"Content-Encoding": "gzip", "Content-Type": "application/octet-stream",
                                     "Accept-Encoding": "identity"})
        except (httpx.TimeoutException, requests.Timeout) as stalled:
            pytest.fail(f"upload {i + 1} of {uploads} stalled: {stalled!r}")
        assert exchange.status == 200
        assert exchange.body == body


@pytest.mark.parametrize("accept_encoding", ["gzip;q=0;q=1", "gzip;q=0;foo=bar;q=1", "*;q=0;q=1"])
def test_a_coding_given_more_than_one_weight_is_not_sent(session, base_url, static_document, accept_encoding):
    exchange = send(session, "GET", base_url + "/api/static", headers={"Accept-Encoding": accept_encoding})
    assert exchange.status == 200
    assert exchange.content_encoding is None
    assert exchange.body == static_document


def test_an_encoded_form_larger_than_the_form_limit_is_streamed_to_the_application(session, base_url):
    form = b"x=" + b"a" * (3 * 1024 * 1024)
    exchange = send(session, "POST", base_url + "/api/echo", data=gzip.compress(form, 1),
                    headers={"Content-Encoding": "gzip", "Content-Type": "application/x-www-form-urlencoded",
                             "Accept-Encoding": "identity"})
    assert exchange.status == 200, exchange.body[:300]
    assert exchange.body == form
