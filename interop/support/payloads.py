"""Request bodies: every file of a corpus directory, or generated documents when none is given."""
import json
import random
from dataclasses import dataclass
from pathlib import Path

CONTENT_TYPES = {
    ".json": "application/json",
    ".xml": "application/xml",
    ".ndjson": "application/x-ndjson",
    ".txt": "text/plain",
    ".csv": "text/csv",
    ".html": "text/html",
}


@dataclass(frozen=True)
class Payload:
    name: str
    content_type: str
    body: bytes

    def __str__(self) -> str:
        return self.name


def from_corpus(directory: Path) -> list[Payload]:
    files = sorted(path for path in directory.iterdir() if path.is_file())
    if not files:
        raise ValueError(f"the corpus directory {directory} has no files")
    return [Payload(path.name, CONTENT_TYPES.get(path.suffix.lower(), "application/octet-stream"),
                    path.read_bytes()) for path in files]


def generated() -> list[Payload]:
    rng = random.Random(6)
    return [
        Payload("small.json", "application/json", _json_document(rng, 40)),
        Payload("medium.json", "application/json", _json_document(rng, 2_000)),
        Payload("large.json", "application/json", _json_document(rng, 20_000)),
        Payload("entries.xml", "application/xml", _xml_document(rng, 3_000)),
        Payload("lines.ndjson", "application/x-ndjson", _ndjson(rng, 2_000)),
        Payload("text.txt", "text/plain", _text(rng, 120_000)),
        Payload("random.bin", "application/octet-stream", rng.randbytes(300_000)),
    ]


WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
         "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango")


def _entry(rng: random.Random, index: int) -> dict:
    return {
        "id": index,
        "date": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:00:00Z",
        "login": rng.choice(WORDS) + str(rng.randint(0, 9999)),
        "boolean": rng.random() < 0.5,
        "someId": rng.randint(0, 1 << 40),
        "tags": rng.sample(WORDS, 3),
    }


def _json_document(rng: random.Random, entries: int) -> bytes:
    return json.dumps([_entry(rng, i) for i in range(entries)], separators=(",", ":")).encode()


def _ndjson(rng: random.Random, entries: int) -> bytes:
    return "".join(json.dumps(_entry(rng, i)) + "\n" for i in range(entries)).encode()


def _xml_document(rng: random.Random, entries: int) -> bytes:
    rows = "".join(
        f'<entry id="{e["id"]}"><date>{e["date"]}</date><login>{e["login"]}</login>'
        f'<boolean>{str(e["boolean"]).lower()}</boolean><someId>{e["someId"]}</someId></entry>'
        for e in (_entry(rng, i) for i in range(entries)))
    return f'<?xml version="1.0" encoding="UTF-8"?><entries>{rows}</entries>'.encode()


def _text(rng: random.Random, size: int) -> bytes:
    words = []
    length = 0
    while length < size:
        word = rng.choice(WORDS)
        words.append(word)
        length += len(word) + 1
    return " ".join(words).encode()[:size]
