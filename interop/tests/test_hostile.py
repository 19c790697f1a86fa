"""Hostile request bodies in every coding: 400 or 415 as the contract says, 413 for bombs,
never a 5xx, and the client's connection pool stays usable afterwards.

Tomcat closes the connection after a 400 or 413 (and after any response to a request whose
unread body exceeds its maxSwallowSize), announcing it with "Connection: close"; a pooled client
such as requests.Session then opens a new connection for the next request, without an error.
"""
import gzip
import os
import random
import socket

import pytest

from support import zv
from support.bombs import bomb
from support.http import raw_exchange, send

BODY = b'{"id":1,"login":"alpha","tags":["bravo","charlie"],"someId":1234567890},' * 2000


def garbage(coding) -> bytes:
    return random.Random(1).randbytes(5_000)


def truncated(coding) -> bytes:
    encoded = coding.encode(BODY)
    return encoded[:len(encoded) // 2]


def corrupt_inside(coding) -> bytes:
    encoded = bytearray(coding.encode(BODY))
    middle = len(encoded) // 2
    encoded[middle:middle + 16] = bytes(16)
    return bytes(encoded)


def trailing_garbage(coding) -> bytes:
    return coding.encode(BODY) + b"garbage"


@pytest.fixture
def assert_still_serving(session, base_url):
    def check():
        body = os.urandom(2_000)
        exchange = send(session, "POST", base_url + "/api/echo", data=zv.encode(body),
                        headers={"Content-Encoding": "lzf", "Accept-Encoding": "identity"})
        assert exchange.status == 200
        assert exchange.body == body
    return check


def assert_connection_closed(exchange, engine, body_read: bool):
    """Tomcat closes an HTTP/1.1 connection after a 400 or 413 and says so; on Jetty the filter
    says Connection: close when the body was left unread, and Jetty keeps a connection whose body
    was read to its end; HTTP/2 has no Connection field (RFC 9113, section 8.2.2): the stream
    ends, the connection stays."""
    if exchange.http_version == "HTTP/2":
        assert "Connection" not in exchange.response.headers
    elif engine == "jetty" and body_read:
        assert "Connection" not in exchange.response.headers
    else:
        assert exchange.response.headers.get("Connection") == "close"


def assert_problem(exchange, status: int, coding: str):
    assert exchange.status == status, exchange.body[:300]
    problem = exchange.problem()
    assert problem["status"] == status
    assert problem["coding"] == coding


@pytest.mark.parametrize("damage", [garbage, truncated, corrupt_inside, trailing_garbage], ids=lambda d: d.__name__)
def test_damaged_body_gets_400_naming_the_coding(session, base_url, engine, coding, damage, assert_still_serving):
    exchange = send(session, "POST", base_url + "/api/echo", data=damage(coding),
                    headers={"Content-Encoding": coding.token, "Content-Type": "application/json"})
    assert_problem(exchange, 400, coding.token)
    assert_connection_closed(exchange, engine, body_read=True)
    assert_still_serving()


@pytest.mark.parametrize("field", ["{token}, foo", "foo, {token}", "{token}, x-unknown, {token}"])
def test_stacked_unknown_coding_gets_415_with_accept_encoding(session, base_url, coding, advertised, field,
                                                               assert_still_serving):
    exchange = send(session, "POST", base_url + "/api/echo", data=coding.encode(BODY),
                    headers={"Content-Encoding": field.format(token=coding.token)})
    assert exchange.status == 415
    assert [t.strip() for t in exchange.response.headers["Accept-Encoding"].split(",")] == advertised
    assert exchange.problem()["status"] == 415
    assert_still_serving()


def test_more_stacked_layers_than_allowed_get_415(session, base_url, coding):
    body = coding.encode(coding.encode(coding.encode(BODY)))
    field = ", ".join([coding.token] * 3)
    exchange = send(session, "POST", base_url + "/api/echo", data=body, headers={"Content-Encoding": field})
    assert exchange.status == 415
    assert "stacks more codings than the 2" in exchange.problem()["detail"]


def test_two_stacked_layers_are_decoded(session, base_url, coding):
    body = coding.encode(zv.encode(BODY))
    exchange = send(session, "POST", base_url + "/api/echo", data=body,
                    headers={"Content-Encoding": "lzf, " + coding.token, "Accept-Encoding": "identity"})
    assert exchange.status == 200
    assert exchange.body == BODY


def test_supported_coding_on_a_get_without_body_is_ignored(session, base_url, coding):
    exchange = send(session, "GET", base_url + "/api/ping", headers={"Content-Encoding": coding.token})
    assert exchange.status == 200
    assert exchange.body == b"pong"


def test_unknown_coding_on_a_get_without_body_gets_415(session, base_url, assert_still_serving):
    exchange = send(session, "GET", base_url + "/api/ping", headers={"Content-Encoding": "foo"})
    assert exchange.status == 415
    assert_still_serving()


def test_unknown_coding_on_a_head_gets_415_as_on_a_get(session, base_url):
    head = send(session, "HEAD", base_url + "/api/ping", headers={"Content-Encoding": "foo"})
    get = send(session, "GET", base_url + "/api/ping", headers={"Content-Encoding": "foo"})
    assert (head.status, get.status) == (415, 415)
    assert head.response.headers["Accept-Encoding"] == get.response.headers["Accept-Encoding"]


@pytest.mark.http1_only
def test_unknown_coding_gets_415_without_the_body_a_client_holds_back_for_100_continue(base_url):
    received = raw_exchange(base_url, (
        b"POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Encoding: foo\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n"))
    final = received.split(b"HTTP/1.1 100 Continue\r\n\r\n")[-1].split(b"HTTP/1.1 100 \r\n\r\n")[-1]
    assert final.startswith(b"HTTP/1.1 415 ")


@pytest.mark.http1_only
def test_unknown_coding_with_a_body_that_ends_early_gets_no_5xx(base_url):
    received = raw_exchange(base_url, (
        b"POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Encoding: foo\r\nContent-Length: 10\r\n\r\n01234"))
    assert received[:12] in (b"HTTP/1.1 400", b"HTTP/1.1 415"), received[:40]


@pytest.mark.http1_only
@pytest.mark.parametrize("coding", ["gzip", "lzf"])
@pytest.mark.parametrize("sent", [5, 0], ids=["5 bytes sent", "no byte sent"])
def test_an_encoded_body_that_ends_before_its_length_gets_400_naming_the_coding(base_url, coding, sent):
    received = raw_exchange(base_url, (
        b"POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Encoding: " + coding.encode() + b"\r\nContent-Length: 1000\r\n\r\n"
        + gzip.compress(b'{"a": 1}')[:sent]))
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400"), received[:60]
    assert b"application/problem+json" in head.lower()
    assert f'"coding":"{coding}"'.encode() in body


def _read_response(raw) -> tuple[int, bytes]:
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = raw.recv(1)
        assert chunk, "the connection closed before a response"
        head += chunk
    lines = head.decode("latin-1").split("\r\n")
    length = next(int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:"))
    body = b""
    while len(body) < length:
        body += raw.recv(length - len(body))
    return int(lines[0].split()[1]), body


@pytest.mark.http1_only
def test_keep_alive_connection_answers_after_a_decoded_request(base_url):
    """A decoded request's exchange ends a little after its response; the next requests on the
    connection must still be read (Reactor Netty 1.3.6 stopped reading on some connections)."""
    host, port = base_url.split("//", 1)[1].split(":")
    encoded = gzip.compress(b'{"a":1}')
    post = (b"POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Encoding: gzip\r\nContent-Length: %d\r\n\r\n" % len(encoded)) + encoded
    get = b"GET /api/ping HTTP/1.1\r\nHost: x\r\n\r\n"
    for _ in range(40):
        with socket.create_connection((host, int(port)), timeout=5) as raw:
            raw.sendall(post)
            assert _read_response(raw) == (200, b'{"a":1}')
            for _ in range(2):
                raw.sendall(get)
                assert _read_response(raw) == (200, b"pong")


# Over HTTP/2, Tomcat answers a bomb still being uploaded with its 413 and then GOAWAY (as it
# closes an HTTP/1.1 connection); httpx raises on the GOAWAY while sending instead of returning
# the 413 (docs/reliability.md, HTTP/2).
@pytest.mark.http1_only
def test_bomb_of_one_gibibyte_gets_413(session, base_url, coding, assert_still_serving):
    exchange = send(session, "POST", base_url + "/api/echo", data=bomb(coding.token),
                    headers={"Content-Encoding": coding.token, "Content-Type": "application/json"})
    assert_problem(exchange, 413, coding.token)
    assert_still_serving()


@pytest.mark.http1_only
@pytest.mark.parametrize("status", [400, 413, 415])
def test_client_still_uploading_gets_the_answer(session, base_url, engine, status):
    """The server answers after reading a few MB of a 40 MB body; the client must see the status
    code, not a broken pipe (urllib3 reads the response after the server stops reading)."""
    raw = os.urandom(40 << 20)
    body, field = {
        400: (b"ZV\x07" + raw, "lzf"),
        413: (zv.encode(raw), "lzf"),
        415: (raw, "foo"),
    }[status]
    exchange = send(session, "POST", base_url + "/api/echo", data=body, headers={"Content-Encoding": field})
    assert exchange.status == status
    assert_connection_closed(exchange, engine, body_read=False)
    assert exchange.problem()["status"] == status


@pytest.mark.parametrize("status", [400, 413, 415])
def test_client_still_uploading_a_short_rest_gets_the_answer(session, base_url, status):
    """The server answers after reading part of a body whose rest, as sent, is under 2 MB: it
    reads that rest before it answers, so the client gets the status over HTTP/2 too (on Tomcat
    an unread rest ended the whole connection, and httpx reported that instead)."""
    raw = os.urandom(1 << 20)
    body, field = {
        400: (b"ZV\x07" + raw, "lzf"),
        413: (zv.encode(os.urandom(17 << 20)), "lzf"),
        415: (raw, "foo"),
    }[status]
    exchange = send(session, "POST", base_url + "/api/echo", data=body, headers={"Content-Encoding": field})
    assert exchange.status == status
    assert exchange.problem()["status"] == status


@pytest.mark.http1_only
def test_pool_replaces_the_connection_tomcat_closes_after_400(session, base_url, engine):
    if engine == "jetty":
        pytest.skip("Jetty keeps a connection whose damaged body it read to the end")
    url = base_url + "/api/echo"
    first = send(session, "POST", url, data=zv.encode(BODY), headers={"Content-Encoding": "lzf"})
    rejected = send(session, "POST", url, data=b"garbage", headers={"Content-Encoding": "lzf"})
    after = send(session, "POST", url, data=zv.encode(BODY), headers={"Content-Encoding": "lzf"})
    assert (first.status, rejected.status, after.status) == (200, 400, 200)
    assert rejected.local_port == first.local_port
    assert rejected.response.headers["Connection"] == "close"
    assert after.local_port != rejected.local_port


@pytest.mark.http1_only
def test_pool_keeps_the_connection_after_415(session, base_url):
    url = base_url + "/api/echo"
    rejected = send(session, "POST", url, data=BODY, headers={"Content-Encoding": "foo"})
    after = send(session, "POST", url, data=zv.encode(BODY), headers={"Content-Encoding": "lzf"})
    assert (rejected.status, after.status) == (415, 200)
    assert after.local_port == rejected.local_port
