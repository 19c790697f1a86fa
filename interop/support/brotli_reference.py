"""Brotli streams written by the reference encoder (Python's brotli, the C library): zeros, JSON
and log lines, from 256 KiB to 12 MiB, at qualities 1, 4, 5, 9 and 11 and windows of 10, 16,
22 and 24 bits. Many of them end where brotli4j's decoder asks for more input it does not need
(issue 11, item 1).

The documents repeat a short run of lines, so that even the 12 MiB ones encode to a few KB;
interop/tools/brotli_fixtures.py writes the streams of at most MAX_FIXTURE bytes into the Java
tests' resources.
"""
import hashlib
import json
import random
from dataclasses import dataclass
from functools import lru_cache

import brotli

QUALITIES = (1, 4, 5, 9, 11)
WINDOWS = (10, 16, 22, 24)
MAX_FIXTURE = 16 * 1024
MiB = 1 << 20

_WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")


def _json_lines(count: int) -> list[bytes]:
    rng = random.Random(1)
    return [(json.dumps({"id": i, "login": rng.choice(_WORDS) + str(rng.randint(0, 999)),
                         "active": rng.random() < 0.5, "tags": rng.sample(_WORDS, 2),
                         "score": rng.randint(0, 10 ** 6)}, separators=(",", ":")) + ",").encode()
            for i in range(count)]


def _log_lines(count: int) -> list[bytes]:
    rng = random.Random(2)
    return [(f"2026-11-23T08:{i // 60 % 60:02d}:{i % 60:02d}.{rng.randint(0, 999):03d}Z "
             f"{rng.choice(('INFO', 'INFO', 'WARN', 'DEBUG'))} [exec-{rng.randint(1, 8)}] "
             f"i.r.s.SampleController : served /api/static in {rng.randint(1, 40)} ms\n").encode()
            for i in range(count)]


def _repeat(lines: list[bytes], size: int) -> bytes:
    run = b"".join(lines)
    return (run * (size // len(run) + 1))[:size]


DOCUMENTS = {
    "zeros-256k": ("text/plain", lambda: bytes(256 * 1024)),
    "json-256k": ("application/json", lambda: _repeat(_json_lines(200), 256 * 1024)),
    "logs-1m": ("text/plain", lambda: _repeat(_log_lines(200), MiB)),
    "zeros-12m": ("text/plain", lambda: bytes(12 * MiB)),
    "json-12m": ("application/json", lambda: _repeat(_json_lines(50), 12 * MiB)),
    "logs-12m": ("text/plain", lambda: _repeat(_log_lines(200), 12 * MiB)),
}


@lru_cache(maxsize=None)
def document(name: str) -> bytes:
    return DOCUMENTS[name][1]()


def content_type(name: str) -> str:
    return DOCUMENTS[name][0]


@dataclass(frozen=True)
class ReferenceStream:
    document: str
    quality: int
    lgwin: int

    @property
    def name(self) -> str:
        return f"{self.document}-q{self.quality}-w{self.lgwin}"

    def __str__(self) -> str:
        return self.name

    def encoded(self) -> bytes:
        return _encode(self.document, self.quality, self.lgwin)

    def decoded(self) -> bytes:
        return document(self.document)

    def sha256(self) -> str:
        return hashlib.sha256(self.decoded()).hexdigest()


@lru_cache(maxsize=None)
def _encode(name: str, quality: int, lgwin: int) -> bytes:
    return brotli.compress(document(name), quality=quality, lgwin=lgwin)


def streams() -> list[ReferenceStream]:
    """Every document at every quality and window, but for the 12 MiB documents with a 1 KiB
    window (10 bits), which take the encoder seconds each and encode to megabytes."""
    return [ReferenceStream(name, quality, lgwin) for name in DOCUMENTS for quality in QUALITIES for lgwin in WINDOWS
            if not (lgwin == 10 and len(document(name)) > 4 * MiB)]
