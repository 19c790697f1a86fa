"""Writes the reference encoder's brotli streams (support/brotli_reference.py) of at most
MAX_FIXTURE bytes into the Java tests' resources, with a manifest of what each decodes to.

    interop/.venv/bin/python interop/tools/brotli_fixtures.py
Python's brotli is pinned in interop/requirements.txt, so the files come out the same each time.
"""
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support.brotli_reference import MAX_FIXTURE, streams  # noqa: E402

TARGET = (Path(__file__).resolve().parents[2]
          / "restcompress-spring-boot-autoconfigure/src/test/resources/brotli-reference")


def main() -> None:
    TARGET.mkdir(parents=True, exist_ok=True)
    for old in TARGET.glob("*.br"):
        old.unlink()
    rows = ["# file\tdecoded size\tdecoded SHA-256\tquality\tlgwin (written by interop/tools/brotli_fixtures.py)"]
    for stream in streams():
        encoded = stream.encoded()
        if len(encoded) > MAX_FIXTURE:
            continue
        (TARGET / (stream.name + ".br")).write_bytes(encoded)
        rows.append(f"{stream.name}.br\t{len(stream.decoded())}\t{stream.sha256()}\t{stream.quality}\t{stream.lgwin}")
    (TARGET / "streams.tsv").write_text("\n".join(rows) + "\n")
    print(f"{len(rows) - 1} streams in {TARGET}")


if __name__ == "__main__":
    main()
