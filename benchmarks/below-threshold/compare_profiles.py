"""Compares profile.sh's two profiles per request served: the CPU samples of the "on" and the
"off" server, the frames whose inclusive samples differ most, and restcompress's own frames
(the innermost restcompress frame of a stack, unless what it passes the exchange on to runs
above it: the servlet filter chain, Spring MVC, WebFlux's handler and filter chain, the next
Netty handler, the response a decorator delegates to; the servlet container's write of the
body, which the "off" server runs too, is counted apart)."""
import re
import sys
from collections import Counter
from pathlib import Path

CHAIN = ("ApplicationFilterChain.doFilter", "DispatcherServlet.doDispatch", "HttpWebHandlerAdapter.",
         "DefaultWebFilterChain.", "AbstractChannelHandlerContext.", "ServerHttpResponseDecorator.",
         "AbstractServerHttpResponse.")
CONTAINER_WRITE = ("ClientOutput.write",)


def load(path):
    stacks = []
    for line in open(path):
        stack, count = line.rstrip().rsplit(" ", 1)
        stacks.append((stack.split(";"), int(count)))
    return stacks


def requests(path):
    return int(re.search(r"(\d+) requests in", Path(path).read_text()).group(1))


def inclusive(stacks):
    counts = Counter()
    for frames, count in stacks:
        for frame in set(frames):
            counts[frame] += count
    return counts


def own(stacks):
    counts = Counter()
    for frames, count in stacks:
        ours = [i for i, frame in enumerate(frames) if frame.startswith("io/restcompress/")]
        if not ours:
            continue
        innermost = ours[-1]
        if any(marker in frame for frame in frames[innermost + 1:] for marker in CHAIN):
            continue
        name = frames[innermost].split("/")[-1]
        if any(marker in name for marker in CONTAINER_WRITE):
            name += " (the container's write)"
        counts[name] += count
    return counts


def main(out):
    on, off = load(f"{out}/on.collapsed"), load(f"{out}/off.collapsed")
    n_on, n_off = requests(f"{out}/wrk-on.txt"), requests(f"{out}/wrk-off.txt")
    total_on = sum(count for _, count in on) / n_on
    total_off = sum(count for _, count in off) / n_off
    print(f"samples per 1000 requests: on {1000 * total_on:.2f}, off {1000 * total_off:.2f},"
          f" on / off {total_on / total_off:.4f} ({n_on} and {n_off} requests)")
    print("frames both servers run whose samples per request differ most (inclusive, per 1000 requests):")
    inc_on, inc_off = inclusive(on), inclusive(off)
    deltas = {frame: inc_on[frame] / n_on - inc_off[frame] / n_off for frame in set(inc_on) & set(inc_off)}
    for frame, delta in sorted(deltas.items(), key=lambda item: -abs(item[1]))[:30]:
        print(f"  {1000 * delta:+8.2f}  on {1000 * inc_on[frame] / n_on:8.2f}  off {1000 * inc_off[frame] / n_off:8.2f}"
              f"  {frame}")
    mine = own(on)
    share = sum(count for name, count in mine.items() if "container's write" not in name) / n_on
    print(f"restcompress's own frames, without the container's write: {1000 * share:.2f} samples per 1000"
          f" requests, {100 * share / total_off:.1f}% of the off server's")
    for name, count in mine.most_common(20):
        print(f"  {1000 * count / n_on:8.2f}  {name}")


if __name__ == "__main__":
    main(sys.argv[1])
