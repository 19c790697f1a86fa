"""The "ZV" chunk framing of liblzf's lzf tool around raw LZF blocks from python-lzf.

Each chunk is 'Z' 'V' then a type byte: type 0 (stored) is followed by a 2-byte big-endian
length and the bytes; type 1 (compressed) by the 2-byte compressed length, the 2-byte decoded
length and the LZF block. A chunk holds at most 65535 decoded bytes.
"""
from dataclasses import dataclass

import lzf

MAX_CHUNK = 65535
STORED = 0
COMPRESSED = 1


class ZvError(ValueError):
    """The data is not valid ZV-framed LZF."""


@dataclass(frozen=True)
class Chunk:
    type: int
    stored_length: int
    decoded_length: int


def encode(data: bytes) -> bytes:
    out = bytearray()
    for start in range(0, len(data), MAX_CHUNK):
        chunk = data[start:start + MAX_CHUNK]
        # the compressed header is 2 bytes longer, so compressing must save more than that
        packed = lzf.compress(chunk, len(chunk) - 3) if len(chunk) > 3 else None
        if packed is None:
            out += b"ZV" + bytes([STORED]) + len(chunk).to_bytes(2, "big") + chunk
        else:
            out += b"ZV" + bytes([COMPRESSED]) + len(packed).to_bytes(2, "big") + len(chunk).to_bytes(2, "big")
            out += packed
    return bytes(out)


def decode(data: bytes) -> bytes:
    return b"".join(block for _, block in _blocks(data))


def chunks(data: bytes) -> list[Chunk]:
    """Lists the chunks of ZV-framed data, checking that each one decodes."""
    return [chunk for chunk, _ in _blocks(data)]


def _blocks(data: bytes):
    view = memoryview(data)
    position = 0
    while position < len(view):
        header = bytes(view[position:position + 5])
        if len(header) < 5:
            raise ZvError(f"truncated chunk header at {position}")
        if header[:2] != b"ZV":
            raise ZvError(f"expected 'ZV' at {position}, found {header[:2]!r}")
        stored = int.from_bytes(header[3:5], "big")
        if header[2] == STORED:
            start = position + 5
            block = bytes(view[start:start + stored])
            decoded_length = stored
        elif header[2] == COMPRESSED:
            if position + 7 > len(view):
                raise ZvError(f"truncated chunk header at {position}")
            decoded_length = int.from_bytes(view[position + 5:position + 7], "big")
            start = position + 7
            payload = bytes(view[start:start + stored])
            if len(payload) < stored:
                raise ZvError(f"truncated chunk at {position}")
            block = lzf.decompress(payload, decoded_length)
            if block is None or len(block) != decoded_length:
                raise ZvError(f"chunk at {position} does not decode to {decoded_length} bytes")
        else:
            raise ZvError(f"unknown chunk type {header[2]} at {position}")
        if len(block) < stored:
            raise ZvError(f"truncated chunk at {position}")
        yield Chunk(header[2], stored, decoded_length), block
        position = start + stored
