"""The content codings the suite can speak, one entry each.

Adding a coding is one more entry in CODINGS; tests skip codings the server does not advertise
in its Accept-Encoding response header. Decoders are strict: truncated data and trailing bytes
are errors.
"""
import gzip
import zlib
from dataclasses import dataclass
from typing import Callable, Protocol

import brotli
import lz4.frame
import zstandard

from . import zv


class Compressor(Protocol):
    """Encodes a body piece by piece: compress() for each piece, then flush() once."""

    def compress(self, data: bytes) -> bytes: ...

    def flush(self) -> bytes: ...


@dataclass(frozen=True)
class Coding:
    token: str
    encode: Callable[[bytes], bytes]
    decode: Callable[[bytes], bytes]
    compressor: Callable[[], Compressor]

    def __str__(self) -> str:
        return self.token


class TruncatedError(ValueError):
    """Encoded data ended inside a frame."""


def _frames(new_decompressor: Callable[[], object], concatenated: bool) -> Callable[[bytes], bytes]:
    """Decodes with decompressor objects (zlib, lz4.frame, zstandard all have decompress, eof
    and unused_data), frame after frame when the format allows concatenated frames."""
    def decode(data: bytes) -> bytes:
        decoded = bytearray()
        rest = data
        while True:
            decompressor = new_decompressor()
            decoded += decompressor.decompress(rest)
            if not decompressor.eof:
                raise TruncatedError("data ends inside a frame")
            rest = decompressor.unused_data
            if not rest:
                return bytes(decoded)
            if not concatenated:
                raise ValueError(f"{len(rest)} bytes after the end of the data")
    return decode


class _LzfCompressor:
    def __init__(self):
        self._pending = b""

    def compress(self, data: bytes) -> bytes:
        self._pending += data
        whole = len(self._pending) - len(self._pending) % zv.MAX_CHUNK
        encoded = zv.encode(self._pending[:whole])
        self._pending = self._pending[whole:]
        return encoded

    def flush(self) -> bytes:
        encoded, self._pending = zv.encode(self._pending), b""
        return encoded


class _BrotliCompressor:
    def __init__(self):
        self._compressor = brotli.Compressor(quality=5)

    def compress(self, data: bytes) -> bytes:
        return self._compressor.process(data)

    def flush(self) -> bytes:
        return self._compressor.finish()


class _Lz4Compressor:
    def __init__(self):
        self._compressor = lz4.frame.LZ4FrameCompressor()
        self._header = self._compressor.begin()

    def compress(self, data: bytes) -> bytes:
        header, self._header = self._header, b""
        return header + self._compressor.compress(data)

    def flush(self) -> bytes:
        return self._header + self._compressor.flush()


CODINGS = [
    Coding("lzf", zv.encode, zv.decode, _LzfCompressor),
    Coding("gzip", lambda data: gzip.compress(data, 6),
           _frames(lambda: zlib.decompressobj(16 + zlib.MAX_WBITS), concatenated=True),
           lambda: zlib.compressobj(1, zlib.DEFLATED, 16 + zlib.MAX_WBITS)),
    Coding("deflate", lambda data: zlib.compress(data, 6),
           _frames(lambda: zlib.decompressobj(zlib.MAX_WBITS), concatenated=False),
           lambda: zlib.compressobj(1)),
    Coding("zstd", lambda data: zstandard.ZstdCompressor(level=3, write_checksum=True).compress(data),
           _frames(lambda: zstandard.ZstdDecompressor().decompressobj(), concatenated=True),
           lambda: zstandard.ZstdCompressor(level=3, write_checksum=True).compressobj()),
    Coding("br", lambda data: brotli.compress(data, quality=5), brotli.decompress, _BrotliCompressor),
    Coding("lz4", lambda data: lz4.frame.compress(data, content_checksum=True),
           _frames(lz4.frame.LZ4FrameDecompressor, concatenated=True), _Lz4Compressor),
]

BY_TOKEN = {coding.token: coding for coding in CODINGS}
