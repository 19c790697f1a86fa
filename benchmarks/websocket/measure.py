#!/usr/bin/env python3
"""Measures permessage-deflate on the sample app's WS /ws/echo, one server setting per row:
memory per connection (N connections held open; heap after a full GC, and native as the
growth of the resident set of a JVM whose heap is pre-touched), bytes the server sent on the
wire, and the server's CPU time for the same messages, relative to the default setting.
Then the same messages compressed offline with zlib at every window size and memory level,
for the settings a zlib-based implementation could offer.

    benchmarks/websocket/run.sh [--connections 300] [--corpus DIR] [--engine tomcat|jetty]
"""
import argparse
import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "interop"))
from support import messages as corpus  # noqa: E402

from websockets.asyncio.client import connect  # noqa: E402

SETTINGS = {
    "off": ["--restcompress.websocket.permessage-deflate=false"],
    "default": [],
    "server-no-context-takeover": ["--restcompress.websocket.server-no-context-takeover=true"],
    "client-no-context-takeover": ["--restcompress.websocket.client-no-context-takeover=true"],
    "no-context-takeover (both)": ["--restcompress.websocket.server-no-context-takeover=true",
                                   "--restcompress.websocket.client-no-context-takeover=true"],
}
HEAP = "512m"
MAX_MESSAGE = 16 * 1024
"""Message buffers of the app under test: Tomcat allocates them per session at full size."""
PER_CONNECTION = 50
"""Messages each held connection echoes, so that the codecs' buffers are in use."""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(jar, arguments, log):
    port = free_port()
    process = subprocess.Popen(["java", f"-Xms{HEAP}", f"-Xmx{HEAP}", "-XX:+AlwaysPreTouch", "-jar", str(jar),
                                "--server.address=127.0.0.1", f"--server.port={port}",
                                f"--sample.websocket.max-message-size={MAX_MESSAGE}B", *arguments],
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 180
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/actuator/health", timeout=2).read()
            return process, port
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"the sample app exited; see {log.name}")
            time.sleep(0.5)
    process.kill()
    raise SystemExit("the sample app did not start")


def heap_used_kib(pid):
    subprocess.run(["jcmd", str(pid), "GC.run"], check=True, capture_output=True)
    subprocess.run(["jcmd", str(pid), "GC.run"], check=True, capture_output=True)
    info = subprocess.run(["jcmd", str(pid), "GC.heap_info"], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"used (\d+)K", info).group(1))


def rss_kib(pid):
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class WireCounter:
    """Counts the payload bytes of the frames the server sent, as they were on the wire."""

    def __init__(self):
        self.wire = 0

    def attach(self, ws):
        for extension in ws.protocol.extensions:
            decode = extension.decode

            def counting(frame, *args, _decode=decode, **kwargs):
                self.wire += len(frame.data)
                return _decode(frame, *args, **kwargs)
            extension.decode = counting
        return self


async def echo(ws, texts, counter):
    identity = 0
    for text in texts:
        await ws.send(text)
        reply = await ws.recv()
        if reply != text:
            raise SystemExit("a message came back different")
        identity += len(text.encode("utf-8"))
    if not ws.protocol.extensions:
        counter.wire += identity
    return identity


async def hold(url, texts, connections):
    held = []
    for index in range(connections):
        ws = await connect(url, max_size=2**21)
        start = index * PER_CONNECTION % max(1, len(texts) - PER_CONNECTION)
        await echo(ws, texts[start:start + PER_CONNECTION], WireCounter())
        held.append(ws)
    return held


async def measure(url, pid, texts, connections):
    # warm-up: classes loaded, paths compiled, the engine's threads started
    for ws in await hold(url, texts, connections):
        await ws.close()
    base_heap, base_rss = heap_used_kib(pid), rss_kib(pid)
    held = await hold(url, texts, connections)
    heap, rss = heap_used_kib(pid), rss_kib(pid)
    negotiated = held[0].response.headers.get("Sec-WebSocket-Extensions")
    for ws in held:
        await ws.close()
    async with connect(url, max_size=2**21) as ws:
        counter = WireCounter().attach(ws)
        before = cpu_seconds(pid)
        identity = 0
        for _ in range(5):
            identity += await echo(ws, texts, counter)
        cpu = cpu_seconds(pid) - before
    return {
        "negotiated": negotiated,
        "heap_kib_per_connection": (heap - base_heap) / connections,
        "native_kib_per_connection": (rss - base_rss) / connections,
        "identity_bytes": identity,
        "wire_bytes": counter.wire,
        "server_cpu_seconds": cpu,
    }


def zlib_table(texts):
    """Wire size and compression time with zlib at the window/memLevel pairs of the websockets table."""
    rows = []
    identity = sum(len(t.encode("utf-8")) for t in texts)
    warm = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15, 8)
    for text in texts:
        warm.compress(text.encode("utf-8")) + warm.flush(zlib.Z_SYNC_FLUSH)
    for bits, level in ((15, 8), (14, 7), (13, 6), (12, 5), (11, 4), (10, 3), (9, 2)):
        best = None
        for _ in range(5):
            compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -bits, level)
            size, started = 0, time.perf_counter()
            for text in texts:
                data = compressor.compress(text.encode("utf-8")) + compressor.flush(zlib.Z_SYNC_FLUSH)
                size += len(data) - 4
            elapsed = time.perf_counter() - started
            best = elapsed if best is None else min(best, elapsed)
        rows.append({"window_bits": bits, "mem_level": level, "context_takeover": True, "wire_bytes": size,
                     "identity_bytes": identity, "seconds": best,
                     "memory_kib": ((1 << (bits + 2)) + (1 << (level + 9)) + (1 << bits)) / 1024})
    best = None
    for _ in range(5):
        size, started = 0, time.perf_counter()
        for text in texts:
            compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15, 8)
            size += len(compressor.compress(text.encode("utf-8")) + compressor.flush(zlib.Z_SYNC_FLUSH)) - 4
        elapsed = time.perf_counter() - started
        best = elapsed if best is None else min(best, elapsed)
    rows.append({"window_bits": 15, "mem_level": 8, "context_takeover": False, "wire_bytes": size,
                 "identity_bytes": identity, "seconds": best, "memory_kib": rows[0]["memory_kib"]})
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jar", type=Path)
    parser.add_argument("--engine", default="tomcat")
    parser.add_argument("--connections", type=int, default=300)
    parser.add_argument("--corpus", type=Path, help="a directory split into messages (default: generated JSON)")
    parser.add_argument("--messages", type=int, default=1000, help="generated messages (without --corpus)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/websocket/target/results.json")
    parser.add_argument("--only", help="print the tables of an earlier --out file and exit", type=Path)
    parser.add_argument("--recompute-zlib", action="store_true", help="with --only: redo the zlib table")
    options = parser.parse_args()
    if options.only:
        results = json.loads(options.only.read_text())
        if options.recompute_zlib:
            texts = corpus.from_corpus(Path(results["corpus"])) if "generated" not in results["corpus"] \
                else corpus.generated(options.messages)
            texts = [t for t in texts if len(t.encode("utf-8")) <= MAX_MESSAGE // 4]
            results["zlib"] = zlib_table(texts)
            options.only.write_text(json.dumps(results, indent=2))
        print_tables(results)
        return
    texts = corpus.from_corpus(options.corpus) if options.corpus else corpus.generated(options.messages)
    texts = [t for t in texts if len(t.encode("utf-8")) <= MAX_MESSAGE // 4]
    options.out.parent.mkdir(parents=True, exist_ok=True)
    results = {"engine": options.engine, "connections": options.connections,
               "corpus": str(options.corpus) if options.corpus else f"generated ({len(texts)} JSON messages)",
               "messages": len(texts), "rows": {}, "zlib": zlib_table(texts)}
    for name, arguments in SETTINGS.items():
        with open(options.out.parent / f"app-{re.sub(r'[^a-z]+', '-', name)}.log", "w") as log:
            process, port = start(options.jar, arguments, log)
            try:
                row = asyncio.run(measure(f"ws://127.0.0.1:{port}/ws/echo", process.pid, texts,
                                          options.connections))
            finally:
                process.terminate()
                process.wait(30)
        results["rows"][name] = row
        print(name, json.dumps(row), flush=True)
    options.out.write_text(json.dumps(results, indent=2))
    print_tables(results)


def print_tables(results):
    rows = results["rows"]
    default = rows["default"]
    print(f"\nengine {results['engine']}, {results['connections']} connections, corpus {results['corpus']}\n")
    print("| setting | negotiated | heap KiB/conn | native KiB/conn | wire / identity | size vs default "
          "| server CPU vs default |")
    print("|---|---|---|---|---|---|---|")
    for name, row in rows.items():
        ratio = row["wire_bytes"] / row["identity_bytes"]
        size = row["wire_bytes"] / default["wire_bytes"] - 1
        cpu = row["server_cpu_seconds"] / default["server_cpu_seconds"] - 1
        print(f"| {name} | `{row['negotiated']}` | {row['heap_kib_per_connection']:.1f} "
              f"| {row['native_kib_per_connection']:.1f} | {ratio:.1%} | {size:+.1%} | {cpu:+.0%} |")
    zrows = results["zlib"]
    zdefault = zrows[0]
    print("\n| window bits / memLevel | zlib memory KiB | wire / identity | size vs 15/8 | time vs 15/8 |")
    print("|---|---|---|---|---|")
    for r in zrows:
        takeover = "" if r.get("context_takeover", True) else ", no context takeover"
        print(f"| {r['window_bits']} / {r['mem_level']}{takeover} | {r['memory_kib']:.0f} | "
              f"{r['wire_bytes'] / r['identity_bytes']:.1%} | {r['wire_bytes'] / zdefault['wire_bytes'] - 1:+.1%} | "
              f"{r['seconds'] / zdefault['seconds'] - 1:+.0%} |")


if __name__ == "__main__":
    main()
