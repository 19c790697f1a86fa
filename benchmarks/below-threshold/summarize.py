"""Summarises benchmarks/below-threshold/run.sh's pairs: the mean ratio of CPU time per request
(on / off) over every pair, its spread between JVMs of one configuration, and the median round,
which a round or two of one JVM running at half or twice its usual speed does not pull. Pairs
that also counted the JIT compiler threads' CPU time get the same figures without it: a server
still compiling its hot paths spends CPU that the requests of a warm one do not."""
import statistics
import sys
from collections import defaultdict


def main(path):
    ratios = defaultdict(list)
    without_jit = defaultdict(list)
    cpu = {"on": defaultdict(list), "off": defaultdict(list)}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        on, off, _, _, us_on, us_off, ratio, *rest = line.split()
        ratios[(on, off)].append(float(ratio))
        if rest:
            without_jit[(on, off)].append(float(rest[0]))
        cpu["on"][on].append(float(us_on))
        cpu["off"][off].append(float(us_off))
    summarize(ratios, cpu)
    if without_jit:
        print("without the JIT compiler threads' CPU time:")
        summarize(without_jit, None)


def summarize(ratios, cpu):
    pairs = {key: statistics.mean(values) for key, values in ratios.items()}
    ons = sorted({on for on, _ in pairs})
    offs = sorted({off for _, off in pairs})
    rows = [statistics.mean(pairs[(on, off)] for off in offs) for on in ons]
    columns = [statistics.mean(pairs[(on, off)] for on in ons) for off in offs]
    mean = statistics.mean(pairs.values())
    spread = 0.0
    if len(ons) > 1 and len(offs) > 1:
        spread = 2 * (statistics.variance(rows) / len(ons) + statistics.variance(columns) / len(offs)) ** 0.5
    print(f"pairs: {len(pairs)} ({len(ons)} on x {len(offs)} off JVMs)")
    print(f"CPU per request, on / off: {mean:.4f} (+/- {spread:.4f}, two standard errors over JVMs)")
    print(f"restcompress costs {100 * (1 - 1 / mean):.1f}% of the requests/s a CPU-bound server serves")
    median = statistics.median(ratio for values in ratios.values() for ratio in values)
    rounds = sum(len(values) for values in ratios.values())
    print(f"median of the {rounds} rounds: {median:.4f} ({100 * (1 - 1 / median):.1f}% of the requests/s)")
    if cpu is None:
        return
    for name, group in (("on", ons), ("off", offs)):
        for port in group:
            ratio = rows[ons.index(port)] if name == "on" else columns[offs.index(port)]
            print(f"  {name} JVM {port}: {statistics.mean(cpu[name][port]):.2f} us CPU per request,"
                  f" mean ratio {ratio:.4f}")


if __name__ == "__main__":
    main(sys.argv[1])
