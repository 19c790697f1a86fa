"""Decompression bombs: a body that decodes to many zero bytes, encoded piece by piece so that
the decoded size is never held in memory."""
from functools import lru_cache

from .codings import BY_TOKEN

GiB = 1 << 30
_PIECE = bytes(1 << 20)


@lru_cache(maxsize=None)
def bomb(token: str, decoded_size: int = GiB) -> bytes:
    compressor = BY_TOKEN[token].compressor()
    parts = []
    for _ in range(decoded_size // len(_PIECE)):
        parts.append(compressor.compress(_PIECE))
    parts.append(compressor.compress(bytes(decoded_size % len(_PIECE))))
    parts.append(compressor.flush())
    return b"".join(parts)
