"""Helpers of scripts/load-test.sh, run against a running sample app.

    load_check.py references DIR   fetches the reference bodies mixed.lua compares responses with,
                                   after checking each one by decoding it
    load_check.py sample SECONDS   sends a request every 0.2 s, decodes and compares the response
    load_check.py memory PID       a full GC (jcmd), then the heap in use and the process RSS
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import requests

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import zv  # noqa: E402
from support.codings import BY_TOKEN  # noqa: E402
from support.http import send  # noqa: E402
from support.payloads import generated  # noqa: E402

ECHO_BODY = next(p for p in generated() if p.name == "medium.json").body


def references(base_url: str, directory: Path):
    directory.mkdir(parents=True, exist_ok=True)
    session = requests.Session()
    identity = send(session, "GET", base_url + "/api/static", headers={"Accept-Encoding": "identity"})
    assert identity.status == 200 and identity.content_encoding is None
    (directory / "static.json").write_bytes(identity.body)
    (directory / "echo.json").write_bytes(ECHO_BODY)
    (directory / "echo.json.lzf").write_bytes(zv.encode(ECHO_BODY))
    (directory / "echo.json.gz").write_bytes(BY_TOKEN["gzip"].encode(ECHO_BODY))
    for token, suffix in (("lzf", "lzf"), ("gzip", "gz")):
        coding = BY_TOKEN[token]
        static = send(session, "GET", base_url + "/api/static", headers={"Accept-Encoding": token})
        assert static.content_encoding == token and coding.decode(static.body) == identity.body
        (directory / f"static.{suffix}").write_bytes(static.body)
        echo = send(session, "POST", base_url + "/api/echo", data=zv.encode(ECHO_BODY),
                    headers={"Content-Encoding": "lzf", "Content-Type": "application/json", "Accept-Encoding": token})
        assert echo.content_encoding == token and coding.decode(echo.body) == ECHO_BODY
        (directory / f"echo.json.{suffix}").write_bytes(echo.body)
    print(f"references in {directory}")


def sample(base_url: str, seconds: float):
    """Decodes and checks responses while the load runs, including generated documents that
    the wrk script cannot compare byte for byte."""
    session = requests.Session()
    rng = random.Random(5)
    static = send(session, "GET", base_url + "/api/static", headers={"Accept-Encoding": "identity"}).body
    counts = {"sampled": 0, "wrong": 0, "failed": 0}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        token = rng.choice(["lzf", "gzip", "identity"])
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
    sub.add_parser("sample").add_argument("seconds", type=float)
    sub.add_parser("memory").add_argument("pid", type=int)
    args = parser.parse_args()
    base_url = args.base_url.rstrip("/")
    if args.command == "references":
        references(base_url, args.directory)
    elif args.command == "sample":
        sample(base_url, args.seconds)
    else:
        memory(base_url, args.pid)


if __name__ == "__main__":
    main()
