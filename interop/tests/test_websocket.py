"""WS /ws/echo with the Python websockets client: permessage-deflate on, off, and with every
client_max_window_bits and server_max_window_bits request from 9 to 15. Every message must come
back byte for byte; the server's answer must be what RFC 7692 allows and what the JDK can do,
and the same on Tomcat and Reactor Netty (docs/websocket.md)."""
import random

import pytest
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory, PerMessageDeflate
from websockets.sync.client import connect

from support import messages

TEXT = messages.generated(60)
BINARY = [random.Random(7).randbytes(n) for n in (1, 125, 126, 65_535, 65_536, 200_000)]


def echo_all(ws):
    for message in TEXT + [m.encode("utf-8") for m in TEXT[:5]] + BINARY:
        ws.send(message)
        assert ws.recv(timeout=30) == message


def deflate(ws) -> PerMessageDeflate | None:
    found = [e for e in ws.protocol.extensions if isinstance(e, PerMessageDeflate)]
    return found[0] if found else None


def answer(ws) -> str | None:
    return ws.response.headers.get("Sec-WebSocket-Extensions")


def parameters(ws) -> dict[str, str | None]:
    """The server's permessage-deflate answer as parameter names and values."""
    name, *params = [part.strip() for part in answer(ws).split(";")]
    assert name == "permessage-deflate"
    return {key.strip(): (value.strip() if value else None)
            for key, _, value in (param.partition("=") for param in params)}


@pytest.fixture
def client_window(engine) -> dict[str, str]:
    """What the server answers to the client_max_window_bits a client offers without a value: 15
    (on Reactor Netty restcompress adds the 15 that Netty leaves out); Jetty leaves the parameter
    out of its answer, which RFC 7692 allows (docs/websocket.md)."""
    return {} if engine == "jetty" else {"client_max_window_bits": "15"}


def test_compression_is_negotiated_by_default(ws_url):
    with connect(ws_url, max_size=2**21) as ws:
        assert answer(ws).startswith("permessage-deflate")
        assert deflate(ws) is not None
        echo_all(ws)


def test_the_switch_to_websocket_carries_no_content_length(ws_url):
    """RFC 9110, section 8.6: a server must not send Content-Length in a 1xx response."""
    with connect(ws_url, max_size=2**21) as ws:
        assert ws.response.status_code == 101
        assert "Content-Length" not in ws.response.headers
        echo_all(ws)


def test_no_compression_when_the_client_offers_none(ws_url):
    with connect(ws_url, compression=None, max_size=2**21) as ws:
        assert answer(ws) is None
        echo_all(ws)


@pytest.mark.parametrize("bits", range(9, 16))
def test_client_max_window_bits_is_granted(ws_url, engine, bits):
    factory = ClientPerMessageDeflateFactory(client_max_window_bits=bits)
    with connect(ws_url, compression=None, extensions=[factory], max_size=2**21) as ws:
        if engine == "jetty":
            assert parameters(ws) == {}
        else:
            assert parameters(ws) == {"client_max_window_bits": str(bits)}
            assert deflate(ws).local_max_window_bits == bits
        echo_all(ws)


@pytest.mark.parametrize("bits", range(9, 15))
def test_a_server_window_below_15_is_declined_and_messages_go_uncompressed(ws_url, bits):
    factory = ClientPerMessageDeflateFactory(server_max_window_bits=bits)
    with connect(ws_url, compression=None, extensions=[factory], max_size=2**21) as ws:
        assert answer(ws) is None
        assert deflate(ws) is None
        echo_all(ws)


def test_a_15_bit_server_window_is_granted_and_named_in_the_answer(ws_url, engine, client_window):
    """Jetty would leave server_max_window_bits out of its answer, which RFC 7692 does not allow:
    restcompress declines such an offer there, and messages go uncompressed."""
    factory = ClientPerMessageDeflateFactory(server_max_window_bits=15)
    with connect(ws_url, compression=None, extensions=[factory], max_size=2**21) as ws:
        if engine == "jetty":
            assert answer(ws) is None
        else:
            assert parameters(ws) == {"server_max_window_bits": "15"} | client_window
            assert deflate(ws).remote_max_window_bits == 15
        echo_all(ws)


def test_a_declined_offer_falls_back_to_the_next(ws_url, client_window):
    offers = [ClientPerMessageDeflateFactory(server_max_window_bits=10),
              ClientPerMessageDeflateFactory(server_no_context_takeover=True)]
    with connect(ws_url, compression=None, extensions=offers, max_size=2**21) as ws:
        assert parameters(ws) == {"server_no_context_takeover": None} | client_window
        assert deflate(ws).remote_no_context_takeover
        echo_all(ws)


def test_context_takeover_parameters_are_honoured(ws_url, client_window):
    factory = ClientPerMessageDeflateFactory(server_no_context_takeover=True, client_no_context_takeover=True)
    with connect(ws_url, compression=None, extensions=[factory], max_size=2**21) as ws:
        assert parameters(ws) == {"server_no_context_takeover": None, "client_no_context_takeover": None} \
            | client_window
        assert deflate(ws).remote_no_context_takeover and deflate(ws).local_no_context_takeover
        echo_all(ws)


MAX_MESSAGE = 1 << 20
"""The sample's largest message (WebSocketEchoConfiguration, WebSocketConfiguration)."""


@pytest.mark.parametrize("compression", ["deflate", None])
def test_a_message_of_the_limit_is_echoed_even_where_deflate_makes_its_frame_larger(ws_url, compression):
    incompressible = random.Random(13).randbytes(MAX_MESSAGE)
    with connect(ws_url, max_size=2**21, compression=compression) as ws:
        ws.send(incompressible)
        assert ws.recv(timeout=30) == incompressible


@pytest.mark.parametrize("size", [MAX_MESSAGE + 1, 3 * MAX_MESSAGE])
def test_a_compressible_message_past_the_limit_closes_with_1009(ws_url, size):
    """RFC 6455, section 7.4.1: 1009 for a message too big to process, counted decoded."""
    from websockets.exceptions import ConnectionClosed
    with connect(ws_url, max_size=2**23) as ws:
        assert deflate(ws) is not None
        ws.send(b"\0" * size)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


@pytest.mark.parametrize("compression", ["deflate", None])
def test_a_fragmented_message_past_the_limit_closes_with_1009(ws_url, compression):
    from websockets.exceptions import ConnectionClosed
    fragment = random.Random(17).randbytes(600_000)
    with connect(ws_url, max_size=2**23, compression=compression) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            # the server may close as soon as the fragments pass the limit, before the last is sent
            ws.send([fragment, fragment])
            ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def _raw_deflate_session(ws_url):
    import base64
    import os
    import socket
    from urllib.parse import urlsplit
    url = urlsplit(ws_url)
    sock = socket.create_connection((url.hostname, url.port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {url.path} HTTP/1.1\r\nHost: {url.hostname}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  "Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n").encode())
    received = b""
    while b"\r\n\r\n" not in received:
        received += sock.recv(4096)
    head, rest = received.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 101") and b"permessage-deflate" in head.lower(), head
    return sock, rest


def _client_frame(opcode: int, payload: bytes, fin: bool, rsv1: bool) -> bytes:
    import os
    import struct
    mask = os.urandom(4)
    first = (0x80 if fin else 0) | (0x40 if rsv1 else 0) | opcode
    length = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return bytes([first]) + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _server_message(sock, buffered: bytes) -> tuple[int, bytes]:
    import struct
    import zlib

    def need(n):
        nonlocal buffered
        while len(buffered) < n:
            chunk = sock.recv(65536)
            assert chunk, "connection closed"
            buffered += chunk
    need(2)
    first, second = buffered[0], buffered[1]
    length, start = second & 0x7F, 2
    if length == 126:
        need(4)
        length, start = struct.unpack("!H", buffered[2:4])[0], 4
    elif length == 127:
        need(10)
        length, start = struct.unpack("!Q", buffered[2:10])[0], 10
    need(start + length)
    payload = buffered[start:start + length]
    assert first & 0x80, "a fragmented answer"
    if first & 0x40:
        payload = zlib.decompressobj(-15).decompress(payload + b"\x00\x00\xff\xff")
    return first & 0x0F, payload


@pytest.mark.parametrize("opcode", [1, 2])
def test_a_fragmented_message_whose_first_frame_inflates_to_nothing_is_echoed(ws_url, opcode):
    import json
    import zlib
    message = json.dumps([{"id": i, "login": "user%d" % i, "boolean": i % 2 == 0} for i in range(40)]).encode()
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflated = (compressor.compress(message) + compressor.flush(zlib.Z_SYNC_FLUSH))[:-4]
    assert zlib.decompressobj(-15).decompress(deflated[:10]) == b""  # RFC 7692 6.1 lets a split fall anywhere
    sock, buffered = _raw_deflate_session(ws_url)
    with sock:
        sock.sendall(_client_frame(opcode, deflated[:10], fin=False, rsv1=True)
                     + _client_frame(0, deflated[10:], fin=True, rsv1=False))
        answer_opcode, payload = _server_message(sock, buffered)
    assert (answer_opcode, payload) == (opcode, message)


@pytest.mark.parametrize("block", ["00", "0200", "0300"])
def test_an_empty_message_compressed_as_any_empty_block_is_echoed(ws_url, block):
    # RFC 7692 7.2.3: an empty stored block with the tail removed, an empty fixed-Huffman block,
    # and the same with BFINAL set all compress an empty message
    sock, buffered = _raw_deflate_session(ws_url)
    with sock:
        sock.sendall(_client_frame(1, bytes.fromhex(block), fin=True, rsv1=True))
        answer_opcode, payload = _server_message(sock, buffered)
    assert (answer_opcode, payload) == (1, b"")


@pytest.mark.parametrize("field", [";", " ; ", "permessage-deflate, ;", "permessage-deflate,;;"])
def test_an_extensions_field_of_separators_is_declined_without_failing_the_handshake(ws_url, field):
    import base64
    import os
    import socket
    from urllib.parse import urlsplit
    url = urlsplit(ws_url)
    with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET {url.path} HTTP/1.1\r\nHost: {url.hostname}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Sec-WebSocket-Extensions: {field}\r\n\r\n").encode())
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(4096)
            assert chunk, received
            received += chunk
    head = received.split(b"\r\n\r\n", 1)[0]
    assert head.startswith(b"HTTP/1.1 101"), head
    assert b"sec-websocket-extensions" not in head.lower(), head


def test_an_unsolicited_pong_is_not_echoed(ws_url):
    """RFC 6455 section 5.5.3: a Pong may be sent unsolicited, and needs no answer; the echo
    endpoint echoes text and binary messages only, on both samples."""
    sock, buffered = _raw_deflate_session(ws_url)
    with sock:
        sock.sendall(_client_frame(0xA, b"pong", fin=True, rsv1=False))
        sock.sendall(_client_frame(0x1, b"after", fin=True, rsv1=False))
        opcode, payload = _server_message(sock, buffered)
    assert (opcode, payload) == (0x1, b"after")
