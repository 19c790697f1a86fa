"""Sends a 1 GiB decompression bomb in every advertised coding to a running sample app and
prints, per coding, the encoded size, the status, the time to the answer and the largest heap
use seen while it was handled (polled from /actuator/metrics/jvm.memory.used, and read
once more right after the answer).

    python interop/tools/measure_bombs.py --base-url http://127.0.0.1:8080 [--parallel 8]
Run by scripts/measure-bombs.sh, which starts the app with a fixed heap.
"""
import argparse
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import requests

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support.bombs import GiB, bomb  # noqa: E402
from support.codings import CODINGS  # noqa: E402


def heap_used(base_url: str) -> int:
    response = requests.get(base_url + "/actuator/metrics/jvm.memory.used", params={"tag": "area:heap"}, timeout=10)
    return int(next(m["value"] for m in response.json()["measurements"] if m["statistic"] == "VALUE"))


class HeapSampler(threading.Thread):
    def __init__(self, base_url: str):
        super().__init__(daemon=True)
        self.base_url = base_url
        self.peak = 0
        self.running = True

    def run(self):
        while self.running:
            self.peak = max(self.peak, heap_used(self.base_url))
            time.sleep(0.02)

    def stop(self) -> int:
        """The largest heap use seen, including right after the request: what it allocated is
        still there unless a GC ran, and a short request can fall between two samples."""
        self.running = False
        self.join()
        return max(self.peak, heap_used(self.base_url))


def size(count: int) -> str:
    return f"{count / 1e6:.2f} MB" if count >= 1e6 else f"{count / 1e3:.1f} KB"


def collect_garbage(pid: int | None):
    """Asks the app's JVM for a full GC so that the baseline is the live heap."""
    if pid:
        subprocess.run(["jcmd", str(pid), "GC.run"], check=True, capture_output=True)


def send(base_url: str, token: str, body: bytes) -> tuple[int, float]:
    start = time.monotonic()
    response = requests.post(base_url + "/api/echo", data=body,
                             headers={"Content-Encoding": token, "Content-Type": "application/json"}, timeout=120)
    return response.status_code, time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--parallel", type=int, default=8, help="bombs sent at once in the last row")
    parser.add_argument("--pid", type=int, help="the app's process id, for a GC (jcmd) before each baseline")
    args = parser.parse_args()
    base_url = args.base_url.rstrip("/")
    advertised = [t.strip() for t in requests.get(base_url + "/api/ping").headers["Accept-Encoding"].split(",")]
    codings = [c for c in CODINGS if c.token in advertised]
    bombs = {c.token: bomb(c.token) for c in codings}
    print(f"load average {os.getloadavg()[0]:.1f} (1 min), {os.cpu_count()} cores")
    print("| coding | encoded size | decodes to | status | time to answer | heap growth (peak used - live before) |")
    print("|---|---:|---:|---:|---:|---:|")
    for coding in codings:
        requests.post(base_url + "/api/echo", data=b"warm up")
        collect_garbage(args.pid)
        baseline = heap_used(base_url)
        sampler = HeapSampler(base_url)
        sampler.start()
        status, seconds = send(base_url, coding.token, bombs[coding.token])
        peak = sampler.stop()
        print(f"| {coding.token} | {size(len(bombs[coding.token]))} | {GiB // (1 << 20)} MiB | {status} "
              f"| {seconds:.2f} s | {(peak - baseline) / 1e6:.0f} MB ({peak / 1e6:.0f} - {baseline / 1e6:.0f}) |")
    collect_garbage(args.pid)
    baseline = heap_used(base_url)
    sampler = HeapSampler(base_url)
    sampler.start()
    jobs = [codings[i % len(codings)] for i in range(args.parallel)]
    with ThreadPoolExecutor(args.parallel) as pool:
        results = list(pool.map(lambda c: send(base_url, c.token, bombs[c.token]), jobs))
    peak = sampler.stop()
    statuses = sorted({status for status, _ in results})
    print(f"| {args.parallel} at once ({', '.join(c.token for c in codings)}) | | | {statuses} "
          f"| {max(s for _, s in results):.2f} s (slowest) "
          f"| {(peak - baseline) / 1e6:.0f} MB ({peak / 1e6:.0f} - {baseline / 1e6:.0f}) |")


if __name__ == "__main__":
    main()
