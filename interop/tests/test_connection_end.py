"""How an HTTP/1.1 connection ends: every request read on it is answered in full, whichever
way the client ends its side, also when the answer is encoded (written asynchronously on
Reactor Netty). Raw sockets, since client libraries neither half-close nor pipeline.
"""
import gzip
import http.client
import io

import pytest

from support.http import raw_exchange

pytestmark = pytest.mark.http1_only


class _Unclosed(io.BytesIO):
    """http.client closes what it read a response from; the next response follows in it."""

    def close(self):
        pass


class _Replay:
    """What http.client reads a response from: the bytes received, one response after another."""

    def __init__(self, received: bytes):
        self._stream = _Unclosed(received)

    def makefile(self, mode):
        return self._stream


def _responses(received: bytes, count: int) -> list[tuple[http.client.HTTPResponse, bytes]]:
    replay = _Replay(received)
    responses = []
    for _ in range(count):
        response = http.client.HTTPResponse(replay)
        response.begin()
        responses.append((response, response.read()))
    return responses


def _get(path: str, *headers: str) -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: x\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n").encode()


def _decoded(response: http.client.HTTPResponse, body: bytes) -> bytes:
    return gzip.decompress(body) if response.getheader("Content-Encoding") == "gzip" else body


@pytest.mark.parametrize("path", ["/api/static", "/api/complex/2000"])
def test_a_client_that_half_closes_after_its_request_gets_the_whole_encoded_response(base_url, path,
                                                                                     static_document):
    received = raw_exchange(base_url, _get(path, "Accept-Encoding: gzip"), half_close=True, timeout=20)
    [(response, body)] = _responses(received, 1)
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    decoded = _decoded(response, body)
    if path == "/api/static":
        assert decoded == static_document
    else:
        assert decoded.startswith(b"[") and decoded.rstrip().endswith(b"]")


def test_a_client_that_half_closes_after_an_encoded_request_body_gets_its_answer(base_url):
    body = b'{"id":1,"login":"alpha","tags":["bravo","charlie"],"someId":1234567890},' * 2000
    encoded = gzip.compress(body)
    request = (b"POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Content-Encoding: gzip\r\nAccept-Encoding: identity\r\n"
               + f"Content-Length: {len(encoded)}\r\n\r\n".encode() + encoded)
    [(response, answered)] = _responses(raw_exchange(base_url, request, half_close=True, timeout=20), 1)
    assert response.status == 200
    assert answered == body


def test_every_pipelined_request_before_a_half_close_is_answered_in_order(base_url, static_document):
    requests = (_get("/api/static", "Accept-Encoding: gzip") + _get("/api/ping")
                + _get("/api/static", "Accept-Encoding: gzip"))
    responses = _responses(raw_exchange(base_url, requests, half_close=True, timeout=20), 3)
    assert [response.status for response, _ in responses] == [200, 200, 200]
    assert _decoded(*responses[0]) == static_document
    assert responses[1][1] == b"pong"
    assert _decoded(*responses[2]) == static_document


def test_a_pipelined_request_asking_to_close_is_answered_after_the_encoded_response_before_it(
        base_url, static_document):
    requests = _get("/api/static", "Accept-Encoding: gzip") + _get("/api/ping", "Connection: close")
    received = raw_exchange(base_url, requests, half_close=False, timeout=20)
    (first, first_body), (second, second_body) = _responses(received, 2)
    assert first.status == 200
    assert _decoded(first, first_body) == static_document
    assert (first.getheader("Connection") or "").lower() != "close"
    assert second.status == 200
    assert second_body == b"pong"
    assert second.getheader("Connection", "").lower() == "close"
