"""WebSocket messages: small JSON documents generated from a fixed seed, or a corpus directory
split into messages (the elements of a JSON array, else the lines of a text file)."""
import json
import random
from pathlib import Path

from support.payloads import _entry

MAX_MESSAGE = 1024 * 1024
"""The sample app's largest WebSocket message (WebSocketEchoConfiguration.MAX_MESSAGE_SIZE)."""


def generated(count: int = 200, seed: int = 13) -> list[str]:
    """JSON messages of one to a few entries, about 150 bytes to 1 KB each, like an event stream."""
    rng = random.Random(seed)
    messages = []
    for index in range(count):
        entries = [_entry(rng, index * 10 + n) for n in range(rng.randint(1, 6))]
        messages.append(json.dumps({"type": rng.choice(("created", "updated", "deleted")),
                                    "sequence": index, "entries": entries}, separators=(",", ":")))
    return messages


def from_corpus(directory: Path) -> list[str]:
    """Every file of the directory split into messages of at most MAX_MESSAGE bytes."""
    messages = []
    for path in sorted(p for p in directory.iterdir() if p.is_file()):
        text = path.read_text(encoding="utf-8", errors="replace")
        messages.extend(m for m in _split(text) if m and len(m.encode("utf-8")) <= MAX_MESSAGE)
    if not messages:
        raise ValueError(f"the corpus directory {directory} gives no messages")
    return messages


def _split(text: str) -> list[str]:
    try:
        document = json.loads(text)
    except ValueError:
        return [line for line in text.splitlines() if line.strip()]
    if isinstance(document, dict):
        lists = [value for value in document.values() if isinstance(value, list)]
        document = max(lists, key=len) if lists else [document]
    if isinstance(document, list):
        return [json.dumps(element, separators=(",", ":")) for element in document]
    return [json.dumps(document, separators=(",", ":"))]
