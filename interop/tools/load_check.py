"""Helpers of scripts/load-test.sh, run against a running sample app.

    load_check.py references DIR   writes the requests checked.lua sends (requests.tsv) and the
                                   bodies it accepts (expected.tsv), each checked by decoding it:
                                   lzf, gzip and identity
    load_check.py native-references DIR [--versions N]
                                   the same for zstd, br, and dcz and dcb against the previous
                                   version of /api/feed and /api/bulletin
    load_check.py sample SECONDS [--codings zstd,br,identity]
                                   sends a request every 0.2 s, decodes and compares the response
    load_check.py memory PID       a full GC (jcmd), then the heap in use and the process RSS
"""
import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import requests
import zstandard

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import zv  # noqa: E402
from support.codings import BY_TOKEN  # noqa: E402
from support.dictionaries import DCB_MAGIC, DCZ_MAGIC, available_dictionary, fetch_with_dictionary  # noqa: E402
from support.http import send  # noqa: E402
from support.payloads import generated  # noqa: E402

ECHO_BODY = next(p for p in generated() if p.name == "medium.json").body


def references(base_url: str, directory: Path):
    """lzf, gzip and identity: the document, and the echo of an upload in one coding answered in
    another."""
    mix = Mix(base_url, directory)
    mix.accept("static.json", mix.document, "identity")
    mix.accept("echo.json", ECHO_BODY, "identity")
    mix.request("GET", "/api/static", {"Accept-Encoding": "identity"})
    uploads = {"lzf": "echo-request.lzf", "gzip": "echo-request.gz"}
    (directory / uploads["lzf"]).write_bytes(zv.encode(ECHO_BODY))
    (directory / uploads["gzip"]).write_bytes(BY_TOKEN["gzip"].encode(ECHO_BODY))
    for token, suffix in (("lzf", "lzf"), ("gzip", "gz")):
        mix.static(token, f"static.{suffix}")
        echo = send(mix.session, "POST", base_url + "/api/echo", data=zv.encode(ECHO_BODY),
                    headers={"Content-Encoding": "lzf", "Content-Type": "application/json", "Accept-Encoding": token})
        assert echo.content_encoding == token and BY_TOKEN[token].decode(echo.body) == ECHO_BODY
        mix.accept(f"echo.json.{suffix}", echo.body, token)
    for upload, answer in (("lzf", "identity"), ("gzip", "lzf"), ("lzf", "gzip")):
        mix.request("POST", "/api/echo", {"Content-Type": "application/json", "Content-Encoding": upload,
                                          "Accept-Encoding": answer}, uploads[upload])
    mix.write()


class Mix:
    """The requests checked.lua sends and the bodies it accepts, written as files it reads; it
    starts from the sample's document, fetched in identity."""

    def __init__(self, base_url: str, directory: Path):
        directory.mkdir(parents=True, exist_ok=True)
        self.base_url = base_url
        self.directory = directory
        self.session = requests.Session()
        self.requests: list[str] = []
        self.expected: list[str] = []
        identity = send(self.session, "GET", base_url + "/api/static", headers={"Accept-Encoding": "identity"})
        assert identity.status == 200 and identity.content_encoding is None
        self.document = identity.body

    def static(self, token: str, name: str):
        """The document in a coding, checked by decoding it, and a request for it."""
        static = send(self.session, "GET", self.base_url + "/api/static", headers={"Accept-Encoding": token})
        assert static.content_encoding == token and BY_TOKEN[token].decode(static.body) == self.document
        self.accept(name, static.body, token)
        self.request("GET", "/api/static", {"Accept-Encoding": token})

    def request(self, method: str, path: str, headers: dict, body_file: str = "-"):
        fields = "|".join(f"{name}: {value}" for name, value in headers.items())
        self.requests.append(f"{method}\t{path}\t{fields}\t{body_file}")

    def accept(self, name: str, body: bytes, coding: str):
        (self.directory / name).write_bytes(body)
        self.expected.append(f"{name}\t{coding}")

    def write(self):
        (self.directory / "requests.tsv").write_text("\n".join(self.requests) + "\n")
        (self.directory / "expected.tsv").write_text("\n".join(self.expected) + "\n")
        print(f"references in {self.directory}: {len(self.requests)} requests, {len(self.expected)} bodies")


def native_references(base_url: str, directory: Path, versions: int):
    """zstd and br on the document and the echo, and each version of the polled feed in dcz
    (bulletin: dcb) against the version before, or in zstd (br) when the server no longer keeps
    that version: its store holds 32 MB, about 17 versions, so under load most requests name an
    evicted one, and the dictionaries are prepared and dropped again and again."""
    mix = Mix(base_url, directory)
    session = mix.session
    for token, suffix, other in (("zstd", "zst", "br"), ("br", "br", "zstd")):
        mix.static(token, f"static.{suffix}")
        upload = BY_TOKEN[other].encode(ECHO_BODY)
        (directory / f"echo-request.{other}").write_bytes(upload)
        headers = {"Content-Type": "application/json", "Content-Encoding": other, "Accept-Encoding": token}
        echo = send(session, "POST", base_url + "/api/echo", data=upload, headers=headers)
        assert echo.content_encoding == token and BY_TOKEN[token].decode(echo.body) == ECHO_BODY
        mix.accept(f"echo.{suffix}", echo.body, token)
        mix.request("POST", "/api/echo", headers, f"echo-request.{other}")
    for resource, dictionary_coding, fallback, magic in (("feed", "dcz", "zstd", DCZ_MAGIC),
                                                         ("bulletin", "dcb", "br", DCB_MAGIC)):
        previous = None
        for version in range(versions + 1):
            url = f"{base_url}/api/{resource}?version={version}"
            body = send(session, "GET", url, headers={"Accept-Encoding": "identity"}).body
            if previous is not None:
                plain = send(session, "GET", url, headers={"Accept-Encoding": fallback})
                assert plain.content_encoding == fallback and BY_TOKEN[fallback].decode(plain.body) == body
                mix.accept(f"{resource}-{version}.{fallback}", plain.body, fallback)
                accept = f"{dictionary_coding}, {fallback}"
                delta = fetch_with_dictionary(session, url, previous, dictionary_coding, **{"Accept-Encoding": accept})
                assert delta.content_encoding == dictionary_coding, delta.response.headers
                assert delta.body.startswith(magic + hashlib.sha256(previous).digest())
                if dictionary_coding == "dcz":
                    raw = zstandard.ZstdCompressionDict(previous, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
                    frame = delta.body[len(magic) + 32:]
                    assert zstandard.ZstdDecompressor(dict_data=raw).decompressobj().decompress(frame) == body
                mix.accept(f"{resource}-{version}.{dictionary_coding}", delta.body, dictionary_coding)
                mix.request("GET", f"/api/{resource}?version={version}",
                            {"Accept-Encoding": accept, "Available-Dictionary": available_dictionary(previous)})
            previous = body
    mix.write()


def sample(base_url: str, seconds: float, codings: list[str]):
    """Decodes and checks responses while the load runs, including generated documents that
    the wrk script cannot compare byte for byte."""
    session = requests.Session()
    rng = random.Random(5)
    static = send(session, "GET", base_url + "/api/static", headers={"Accept-Encoding": "identity"}).body
    counts = {"sampled": 0, "wrong": 0, "failed": 0}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        token = rng.choice(codings)
        kind = rng.choice(["static", "complex", "echo"])
        headers = {"Accept-Encoding": token}
        try:
            if kind == "static":
                exchange = send(session, "GET", base_url + "/api/static", headers=headers)
            elif kind == "complex":
                exchange = send(session, "GET", base_url + "/api/complex/500", headers=headers)
            else:
                exchange = send(session, "POST", base_url + "/api/echo", data=BY_TOKEN["gzip"].encode(ECHO_BODY),
                                headers={**headers, "Content-Encoding": "gzip", "Content-Type": "application/json"})
            body = exchange.body if token == "identity" else BY_TOKEN[token].decode(exchange.body)
            right = exchange.status == 200 and exchange.content_encoding == (None if token == "identity" else token)
            if kind == "static":
                right = right and body == static
            elif kind == "complex":
                right = right and len(json.loads(body)) == 500
            else:
                right = right and body == ECHO_BODY
            counts["wrong" if not right else "sampled"] += 1
        except Exception as ex:  # a failed request is what this counts
            counts["failed"] += 1
            print(f"sample failed: {ex!r}", file=sys.stderr)
        time.sleep(0.2)
    print("SAMPLES " + " ".join(f"{k}={v}" for k, v in counts.items()))


def memory(base_url: str, pid: int):
    subprocess.run(["jcmd", str(pid), "GC.run"], check=True, capture_output=True)
    time.sleep(1)
    response = requests.get(base_url + "/actuator/metrics/jvm.memory.used", params={"tag": "area:heap"}, timeout=10)
    heap = next(m["value"] for m in response.json()["measurements"] if m["statistic"] == "VALUE")
    rss_kb = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if line.startswith("VmRSS:"))
    threads = len(os.listdir(f"/proc/{pid}/task"))
    print(f"MEMORY heap_after_gc_mb={heap / 1e6:.1f} rss_mb={rss_kb / 1024:.1f} threads={threads}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("references").add_argument("directory", type=Path)
    native = sub.add_parser("native-references")
    native.add_argument("directory", type=Path)
    native.add_argument("--versions", type=int, default=40)
    sampler = sub.add_parser("sample")
    sampler.add_argument("seconds", type=float)
    sampler.add_argument("--codings", default="lzf,gzip,identity")
    sub.add_parser("memory").add_argument("pid", type=int)
    args = parser.parse_args()
    base_url = args.base_url.rstrip("/")
    if args.command == "references":
        references(base_url, args.directory)
    elif args.command == "native-references":
        native_references(base_url, args.directory, args.versions)
    elif args.command == "sample":
        sample(base_url, args.seconds, args.codings.split(","))
    else:
        memory(base_url, args.pid)


if __name__ == "__main__":
    main()
