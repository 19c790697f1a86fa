"""lzf's "ZV" framing at chunk boundaries and for incompressible data, checked with liblzf."""
import os
import random

import pytest

from support import zv
from support.http import THRESHOLD, send

BOUNDARY_SIZES = [0, 1, 65535, 65536, 65537]


def _body(kind: str, size: int) -> bytes:
    if kind == "random":
        return random.Random(size).randbytes(size)
    return (b'{"id":1,"login":"alpha","tags":["bravo","charlie"]},' * (size // 50 + 1))[:size]


@pytest.fixture(autouse=True)
def lzf_advertised(advertised):
    if "lzf" not in advertised:
        pytest.skip("the server does not advertise lzf")


@pytest.mark.parametrize("kind", ["text", "random"])
@pytest.mark.parametrize("size", BOUNDARY_SIZES)
def test_chunk_boundaries_in_both_directions(session, base_url, size, kind):
    body = _body(kind, size)
    encoded = zv.encode(body)
    chunks = zv.chunks(encoded)
    assert len(chunks) == -(-size // zv.MAX_CHUNK)
    if kind == "random":
        assert all(chunk.type == zv.STORED for chunk in chunks)
    exchange = send(session, "POST", base_url + "/api/echo", data=encoded,
                    headers={"Content-Encoding": "lzf", "Content-Type": "application/json", "Accept-Encoding": "lzf"})
    assert exchange.status == 200
    if size < THRESHOLD:
        assert exchange.content_encoding is None
        assert exchange.body == body
        return
    assert exchange.content_encoding == "lzf"
    received = zv.chunks(exchange.body)
    assert all(0 < chunk.decoded_length <= zv.MAX_CHUNK for chunk in received)
    assert sum(chunk.decoded_length for chunk in received) == size
    assert zv.decode(exchange.body) == body


def test_server_stores_incompressible_data_in_uncompressed_chunks(session, base_url):
    body = os.urandom(300_000)
    exchange = send(session, "POST", base_url + "/api/echo", data=body,
                    headers={"Content-Type": "application/json", "Accept-Encoding": "lzf"})
    assert exchange.content_encoding == "lzf"
    types = {chunk.type for chunk in zv.chunks(exchange.body)}
    assert zv.STORED in types
    assert zv.decode(exchange.body) == body


def test_server_output_mixes_chunk_types_when_the_data_does(session, base_url):
    body = os.urandom(100_000) + b"a" * 200_000 + os.urandom(70_000)
    exchange = send(session, "POST", base_url + "/api/echo", data=body,
                    headers={"Content-Type": "application/json", "Accept-Encoding": "lzf"})
    assert {chunk.type for chunk in zv.chunks(exchange.body)} == {zv.STORED, zv.COMPRESSED}
    assert zv.decode(exchange.body) == body
