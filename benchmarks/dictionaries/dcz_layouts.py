#!/usr/bin/env python3
"""Bytes of `dcz` (RFC 9842) on the small records of the REST corpus for several layouts of a
raw-content dictionary, zstd levels and frame checksums, against plain zstd as restcompress
sends it (level 1, with the frame checksum). The records and the split into training and sent
records are those of DictionaryWireBytes (`RecordSource`): every record of 500 to 4,096 bytes
of compact JSON in the first array of more than five elements of `angel-big.json`,
`nasa-big.json` and `usajobs-big.json`, duplicates dropped, even-numbered ones trained on.
Every `dcz` body counts its 40-byte header. Reference encoder: Python's `zstandard`.

    interop/.venv/bin/python benchmarks/dictionaries/dcz_layouts.py ../shared/corpus/rest
"""
import argparse
import json
from collections import deque
from pathlib import Path

import zstandard

FILES = ("angel-big.json", "nasa-big.json", "usajobs-big.json")
DCZ_HEADER = 40
MIN_SIZE, MAX_SIZE = 500, 4096


def records(path, seen):
    pending = deque([json.loads(path.read_bytes())])
    while pending:
        node = pending.popleft()
        if isinstance(node, list) and len(node) > 5:
            found = []
            for element in node:
                record = json.dumps(element, separators=(",", ":"), ensure_ascii=False).encode()
                if MIN_SIZE <= len(record) <= MAX_SIZE and record not in seen:
                    seen.add(record)
                    found.append(record)
            return found
        pending.extend(node.values() if isinstance(node, dict) else node if isinstance(node, list) else ())
    return []


def by_usefulness(training):
    """The training records ordered so that those that shorten the other records most come
    last, where a raw dictionary's offsets are shortest."""
    plain = [len(zstandard.ZstdCompressor(level=4).compress(r)) for r in training]
    gains = []
    for i, record in enumerate(training):
        single = zstandard.ZstdCompressor(level=4, dict_data=raw(record))
        gains.append(sum(plain[j] - len(single.compress(other))
                         for j, other in enumerate(training) if j != i))
    return [training[i] for i in sorted(range(len(training)), key=gains.__getitem__)]


def trained_suffix(training, size):
    return zstandard.train_dictionary(size, training, k=200, d=8, level=19, notifications=0).as_bytes()


def raw(content):
    return zstandard.ZstdCompressionDict(content, dict_type=zstandard.DICT_TYPE_RAWCONTENT)


LAYOUTS = {
    "records in file order (restcompress's trainer)": lambda t: b"".join(t),
    "records reversed": lambda t: b"".join(reversed(t)),
    "records, most useful last": lambda t: b"".join(by_usefulness(t)),
    "records + zstd trainer's 16 KB last": lambda t: b"".join(t) + trained_suffix(t, 16384),
    "records + zstd trainer's 32 KB last": lambda t: b"".join(t) + trained_suffix(t, 32768),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--levels", default="4,9,19")
    args = parser.parse_args()
    seen = set()
    apis = []
    for name in FILES:
        found = records(args.corpus / name, seen)
        apis.append((found[0::2], found[1::2]))
    zstd = zstandard.ZstdCompressor(level=1, write_checksum=True)
    baseline = sum(len(zstd.compress(r)) for _, sent in apis for r in sent)
    count = sum(len(sent) for _, sent in apis)
    print(f"{count} records sent; zstd level 1 with checksum: {baseline} bytes\n")
    print("| dictionary layout | zstd level | checksum | dcz bytes | per record | fewer than zstd |")
    print("|---|---:|---|---:|---:|---:|")
    for layout, build in LAYOUTS.items():
        dictionaries = [raw(build(training)) for training, _ in apis]
        for level in map(int, args.levels.split(",")):
            for checksum in (True, False):
                total = 0
                for dictionary, (_, sent) in zip(dictionaries, apis):
                    dcz = zstandard.ZstdCompressor(level=level, dict_data=dictionary, write_checksum=checksum)
                    total += sum(DCZ_HEADER + len(dcz.compress(r)) for r in sent)
                print(f"| {layout} | {level} | {'yes' if checksum else 'no'} | {total:,} | "
                      f"{total / count:.0f} | {baseline / total:.3f}x |")


if __name__ == "__main__":
    main()
