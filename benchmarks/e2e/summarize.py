#!/usr/bin/env python3
"""Summarises an end-to-end run of benchmarks/e2e/run.sh.

  summarize.py --out DIR --chart PNG      tables in DIR/e2e.md, chart of request time per link
                                          (a WRK_ONLY run has no requests.csv: wrk tables only)
  summarize.py --compare SERVLET REACTIVE wrk requests/s of two runs side by side (Markdown,
                                          to stdout): reactive/servlet, and each mode against
                                          Boot's compression on the same stack
  summarize.py --missing-libraries APP    Maven coordinates of the optional codec libraries
                                          that the sample app's restcompress can use but its
                                          jar does not carry
"""
import argparse
import csv
import io
import json
import math
import pathlib
import re
import statistics
import zipfile
from collections import Counter, defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[2]
LINKS = ["loopback", "10gbit", "1gbit", "100mbit", "10mbit"]
LINK_MBIT = {"10mbit": 10, "100mbit": 100, "1gbit": 1000, "10gbit": 10000, "loopback": math.inf}
MODES = ["none", "lzf", "zstd", "gzip", "boot-gzip", "adaptive"]
FIXED_MODES = [m for m in MODES if m != "adaptive"]
MODE_LABELS = {"none": "no compression", "lzf": "ours, lzf", "zstd": "ours, zstd 1", "gzip": "ours, gzip 1",
               "boot-gzip": "Boot server.compression (gzip 6)", "adaptive": "ours, adaptive"}
PING_TARGET = 0.03  # below-threshold overhead of restcompress, issue 12
ADAPTIVE_SLACK = 0.10  # adaptive within 10% of the best fixed mode at each link, issue 12
ENDPOINTS = {"static": "GET /api/static (1.77 MB)", "untagged": "GET /bench/static (the same, without ETag)",
             "complex": "GET /api/complex/10000",
             "echo": "POST /api/echo (1 MB, echoed)", "ping": "GET /api/ping (4 bytes, below threshold)"}
OPTIONAL = {  # codec class -> (library jar prefix, properties of the root pom -> artifacts)
    "io/restcompress/codec/ZstdCodec.class": ("zstd-jni-", ["com.github.luben:zstd-jni:{zstd-jni.version}"]),
    "io/restcompress/codec/BrotliCodec.class": ("brotli4j-", [
        "com.aayushatharva.brotli4j:brotli4j:{brotli4j.version}",
        "com.aayushatharva.brotli4j:service:{brotli4j.version}",
        "com.aayushatharva.brotli4j:native-linux-x86_64:{brotli4j.version}"]),
    "io/restcompress/codec/Lz4Codec.class": ("lz4-java-", ["at.yawk.lz4:lz4-java:{lz4-java.version}"]),
}


def missing_libraries(app):
    pom = (ROOT / "pom.xml").read_text()
    versions = dict(re.findall(r"<([\w.-]+\.version)>([^<]+)</", pom))
    with zipfile.ZipFile(app) as jar:
        libs = [n.rsplit("/", 1)[-1] for n in jar.namelist() if n.startswith("BOOT-INF/lib/")]
        autoconfigure = next(n for n in jar.namelist() if "restcompress-spring-boot-autoconfigure" in n)
        with zipfile.ZipFile(io.BytesIO(jar.read(autoconfigure))) as inner:
            classes = set(inner.namelist())
    for codec_class, (prefix, artifacts) in OPTIONAL.items():
        if codec_class in classes and not any(lib.startswith(prefix) for lib in libs):
            for artifact in artifacts:
                print(artifact.format(**versions))


def p95(values):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def load_requests(out):
    """Samples per (link, mode, endpoint); response codings per (mode, endpoint); and, per
    (link, mode, endpoint), how often each response and request coding was seen."""
    samples = defaultdict(list)
    codings = defaultdict(set)
    seen = defaultdict(Counter)
    if not (out / "requests.csv").exists():
        return samples, codings, seen
    with open(out / "requests.csv") as f:
        for row in csv.reader(f):
            link, mode, endpoint, _round, millis, sent, received, coding = row[:8]
            samples[(link, mode, endpoint)].append((float(millis), int(sent), int(received)))
            codings[(mode, endpoint)].add(coding)
            request = f"{row[8]} / " if len(row) > 8 and endpoint == "echo" else ""
            seen[(link, mode, endpoint)][request + coding] += 1
    return samples, codings, seen


def mean_ms(samples, link, mode, endpoint):
    values = samples.get((link, mode, endpoint))
    return statistics.fmean(v[0] for v in values) if values else None


def fmt_ms(value):
    if value is None:
        return "–"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def fmt_bytes(value):
    return f"{value / 1e6:.2f} MB" if value >= 1e6 else f"{value / 1e3:.1f} KB" if value >= 1e3 else f"{value:.0f} B"


def time_tables(samples, codings, modes, lines):
    links = [l for l in LINKS if any(k[0] == l for k in samples)]
    for endpoint, title in ENDPOINTS.items():
        if not any(k[2] == endpoint for k in samples):
            continue
        lines += [f"#### {title}: mean / p95 request time, ms", "",
                  "| mode | " + " | ".join(links) + " |", "|---|" + "---:|" * len(links)]
        for mode in modes:
            cells = []
            for link in links:
                values = [v[0] for v in samples.get((link, mode, endpoint), [])]
                cells.append(f"{fmt_ms(statistics.fmean(values))} / {fmt_ms(p95(values))}" if values else "–")
            lines.append(f"| {MODE_LABELS[mode]} | " + " | ".join(cells) + " |")
        counts = sorted({len(samples.get((l, m, endpoint), [])) for l in links for m in modes} - {0})
        lines += ["", f"Requests per cell: {', '.join(map(str, counts))}."]
        for mode in modes:
            seen = codings.get((mode, endpoint), set())
            if mode not in ("none", "adaptive") and endpoint != "ping" and "identity" in seen:
                lines.append(f"{MODE_LABELS[mode]} answered {', '.join(sorted(seen))} here: Tomcat does not "
                             "compress a response with a strong ETag.")
        lines.append("")


def bytes_table(samples, modes, lines):
    lines += ["#### Bytes on the wire per request (HTTP headers and bodies, mean over all links)", "",
              "| mode | " + " | ".join(f"{e} sent / received" for e in ENDPOINTS) + " |",
              "|---|" + "---:|" * len(ENDPOINTS)]
    for mode in modes:
        cells = []
        for endpoint in ENDPOINTS:
            values = [v for k, vs in samples.items() if k[1] == mode and k[2] == endpoint for v in vs]
            cells.append(f"{fmt_bytes(statistics.fmean(v[1] for v in values))} / "
                         f"{fmt_bytes(statistics.fmean(v[2] for v in values))}" if values else "–")
        lines.append(f"| {MODE_LABELS[mode]} | " + " | ".join(cells) + " |")
    lines.append("")


def verdict(ok):
    return "**met**" if ok else "**missed**"


def targets(samples, codings, modes, lines):
    def t(link, mode, endpoint):
        return mean_ms(samples, link, mode, endpoint)

    lines += ["#### Targets (mean request time)", ""]
    ours = [m for m in ("lzf", "zstd", "gzip") if m in modes]
    fast = [m for m in ("lzf", "zstd") if m in modes]
    boot = "boot-gzip"
    for endpoint in ("static", "untagged", "complex"):
        path = ENDPOINTS[endpoint].split(" (")[0]
        if t("1gbit", "none", endpoint) is not None:
            for m in fast:
                lines.append(f"- {path}, 1 Gbit, {m} beats no compression: {fmt_ms(t('1gbit', m, endpoint))} vs "
                             f"{fmt_ms(t('1gbit', 'none', endpoint))} ms, "
                             f"{verdict(t('1gbit', m, endpoint) < t('1gbit', 'none', endpoint))}.")
        if t("1gbit", boot, endpoint) is None:
            continue
        if "identity" in codings.get((boot, endpoint), set()):
            lines.append(f"- {path}: Boot's server.compression sent it uncompressed (strong ETag), so the targets "
                         "against Boot's gzip are judged on the same bytes at GET /bench/static.")
            continue
        for m in fast:
            speedup = t("1gbit", boot, endpoint) / t("1gbit", m, endpoint)
            lines.append(f"- {path}, 1 Gbit, {m} at least 3x faster than Boot: {speedup:.2f}x, {verdict(speedup >= 3)}.")
        for link, factor in (("100mbit", 2), ("10mbit", 1)):
            if t(link, boot, endpoint) is None:
                continue
            best = min(ours, key=lambda m: t(link, m, endpoint))
            speedup = t(link, boot, endpoint) / t(link, best, endpoint)
            goal = "at least 2x faster than" if factor == 2 else "no slower than"
            lines.append(f"- {path}, {link}, our best coding ({best}) {goal} Boot: {speedup:.2f}x, "
                         f"{verdict(speedup >= factor)}.")
    for link in ("1gbit", "100mbit", "10mbit"):
        none = t(link, "none", "echo")
        if none is None:
            continue
        best = min(ours, key=lambda m: t(link, m, "echo"))
        lines.append(f"- POST /api/echo, {link}, ours ({best}) beats sending it uncompressed: "
                     f"{fmt_ms(t(link, best, 'echo'))} vs {fmt_ms(none)} ms, {verdict(t(link, best, 'echo') < none)}.")
    ping_none, ping_lzf = t("loopback", "none", "ping"), t("loopback", "lzf", "ping")
    if ping_none and ping_lzf:
        overhead = ping_lzf / ping_none - 1
        lines.append(f"- Below-threshold response (GET /api/ping on loopback, filter on vs restcompress disabled): "
                     f"{fmt_ms(ping_lzf)} vs {fmt_ms(ping_none)} ms, {overhead * 100:+.1f}% (target < 3%), "
                     f"{verdict(overhead < PING_TARGET)}.")
    lines.append("")


def server_choices(out, link):
    """What the adaptive server chose at a link, from its restcompress endpoint: choice -> count."""
    path = out / f"decisions-{link}.json"
    if not path.exists():
        return {}
    decisions = json.loads(path.read_text()).get("decisions", {})
    chosen = Counter()
    for entry in decisions.values():
        for choice, reasons in entry.get("chosen", {}).get("server", {}).items():
            for reason, count in reasons.items():
                chosen[f"{choice} ({reason})"] += count
    return chosen


def adaptive(out, samples, seen, lines):
    """The adaptive mode against the fixed modes: issue 12's targets."""
    links = [l for l in LINKS if (l, "adaptive", "static") in samples]
    if not links:
        return
    fixed = [m for m in FIXED_MODES if any(k[1] == m for k in samples)]
    lines += ["#### The adaptive decision against the best fixed mode per link (mean request time, ms)", "",
              "Fixed modes: " + ", ".join(MODE_LABELS[m] for m in fixed) + ". Targets: at every link within "
              f"{ADAPTIVE_SLACK:.0%} of the best fixed mode, and the lowest total over the links.", "",
              "| endpoint | " + " | ".join(links) + " | total |", "|---|" + "---:|" * (len(links) + 1)]
    verdicts = []
    for endpoint in ("static", "untagged", "complex", "echo"):
        if not any((l, "adaptive", endpoint) in samples for l in links):
            continue
        path = ENDPOINTS[endpoint].split(" (")[0]
        cells, misses = [], []
        for link in links:
            mine = mean_ms(samples, link, "adaptive", endpoint)
            best = min(fixed, key=lambda m: mean_ms(samples, link, m, endpoint) or math.inf)
            theirs = mean_ms(samples, link, best, endpoint)
            ratio = mine / theirs
            cells.append(f"{fmt_ms(mine)} vs {fmt_ms(theirs)} ({best}): {ratio:.2f}x")
            if ratio > 1 + ADAPTIVE_SLACK:
                misses.append(f"{link} {ratio:.2f}x")
        totals = {m: sum(mean_ms(samples, l, m, endpoint) for l in links) for m in fixed + ["adaptive"]}
        best_total = min(fixed, key=totals.get)
        cells.append(f"{fmt_ms(totals['adaptive'])} vs {fmt_ms(totals[best_total])} ({best_total})")
        lines.append(f"| {path} | " + " | ".join(cells) + " |")
        within = not misses
        lowest = totals["adaptive"] < totals[best_total]
        verdicts.append(f"- {path}: within {ADAPTIVE_SLACK:.0%} of the best fixed mode at every link, "
                        f"{verdict(within)}" + (f" (over at {', '.join(misses)})" if misses else "") +
                        f"; total over the {len(links)} links {fmt_ms(totals['adaptive'])} ms against "
                        f"{fmt_ms(totals[best_total])} for the best fixed mode ({best_total}), "
                        f"{totals['adaptive'] / totals[best_total]:.2f}x, {verdict(lowest)}.")
    lines += [""] + verdicts + ["", "What the adaptive mode got (response coding; for the POST, request / response "
                                "coding), and what its server chose for real traffic by its restcompress endpoint "
                                "(rung and reason, including the warm-up):", "",
              "| link | static | complex | echo | server's choices |", "|---|---|---|---|---|"]
    for link in links:
        got = []
        for endpoint in ("static", "complex", "echo"):
            counts = seen.get((link, "adaptive", endpoint), Counter())
            got.append(", ".join(f"{c} x{n}" for c, n in counts.most_common()))
        chosen = server_choices(out, link)
        got.append(", ".join(f"{c} x{n}" for c, n in chosen.most_common()) or "–")
        lines.append(f"| {link} | " + " | ".join(got) + " |")
    lines.append("")


def winner_links(samples, a, b, endpoint="static"):
    """Links (slowest first) at which mode a had the lower mean than mode b."""
    result = {}
    for link in reversed(LINKS):
        ta, tb = mean_ms(samples, link, a, endpoint), mean_ms(samples, link, b, endpoint)
        if ta is not None and tb is not None:
            result[link] = ta < tb
    return result


def crossovers(samples, codings, predictions, lines):
    boot_identity = "identity" in codings.get(("boot-gzip", "static"), set())
    lines += ["#### Break-even rule: predicted against measured", "",
              "Measured on GET /api/static, or on its untagged copy GET /bench/static where Boot is involved"
              + (", since Boot sends /api/static uncompressed." if boot_identity else "."), "",
              f"Codec speeds measured single-threaded on the {predictions['bodyBytes']:,}-byte document in the same run:", "",
              "| mode | coding | size | encode MB/s | decode MB/s | round trip MB/s | pays against none below |",
              "|---|---|---:|---:|---:|---:|---:|"]
    for mode, p in predictions["modes"].items():
        lines.append(f"| {MODE_LABELS.get(mode, mode)} | {p['coding']} | {p['ratio'] * 100:.1f}% | {p['encodeMBps']:.0f} | "
                     f"{p['decodeMBps']:.0f} | {p['roundTripMBps']:.0f} | {p['paysBelowMbit']:,.0f} Mbit/s |")
    lines += ["", "| crossover | predicted | predicted winner per link | measured winner per link | agree |",
              "|---|---|---|---|---:|"]

    def row(name, rule, a, b, a_wins_at):
        endpoint = "untagged" if "boot-gzip" in (a, b) else "static"
        measured = winner_links(samples, a, b, endpoint)
        if not measured:
            return
        predicted = {link: a_wins_at(LINK_MBIT[link]) for link in measured}
        agree = sum(predicted[l] == measured[l] for l in measured)
        show = lambda wins: ", ".join(f"{l}: {a if w else b}" for l, w in wins.items())
        lines.append(f"| {name} ({endpoint}) | {rule} | {show(predicted)} | {show(measured)} | {agree}/{len(measured)} |")

    for mode, p in predictions["modes"].items():
        limit = p["paysBelowMbit"]
        row(f"{mode} vs none", f"{mode} wins below {limit:,.0f} Mbit/s", mode, "none", lambda mbit, x=limit: mbit < x)
    for c in predictions["crossovers"]:
        limit = c["fastWinsAboveMbit"]
        rule = (f"{c['fast']} wins above {limit:,.0f} Mbit/s" if limit > 0
                else f"{c['fast']} wins at every speed (smaller and faster)")
        row(f"{c['fast']} vs {c['slow']}", rule, c["fast"], c["slow"], lambda mbit, x=limit: mbit > x)
    lines.append("")


def wrk_result(path):
    text = path.read_text()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, int(errors.group(1)) if errors else 0


def wrk_runs(out, mode, endpoint):
    """The wrk results of one mode and endpoint: (requests/s, non-2xx, timeouts) per round."""
    runs = []
    for path in sorted(out.glob(f"wrk-{mode}-{endpoint}-*.txt")):
        rps, errors = wrk_result(path)
        timeouts = re.search(r"timeout (\d+)", path.read_text())
        runs.append((rps, errors, int(timeouts.group(1)) if timeouts else 0))
    return runs


def compare(servlet, reactive):
    """wrk requests/s of a servlet and a reactive run side by side, as ratios."""
    lines = ["<!-- generated by benchmarks/e2e/summarize.py --compare -->", ""]
    for endpoint in ("untagged", "complex", "ping"):
        runs = {(side, mode): wrk_runs(out, mode, endpoint) for side, out in (("s", servlet), ("r", reactive))
                for mode in FIXED_MODES}
        modes = [m for m in FIXED_MODES if runs[("s", m)] and runs[("r", m)]]
        if not modes:
            continue
        mean = {key: statistics.fmean(r[0] for r in value) for key, value in runs.items() if value}
        lines += [f"#### wrk, {ENDPOINTS[endpoint]}: requests/s, mean (per round)", "",
                  "| mode | servlet (Tomcat) | reactive (Reactor Netty) | reactive / servlet "
                  "| servlet vs Boot | reactive vs Boot |", "|---|---:|---:|---:|---:|---:|"]
        for mode in modes:
            cells = [f"{mean[(side, mode)]:,.0f} ({', '.join(f'{r[0]:,.0f}' for r in runs[(side, mode)])})"
                     for side in ("s", "r")]
            cells.append(f"{mean[('r', mode)] / mean[('s', mode)]:.2f}x")
            for side in ("s", "r"):
                boot = mean.get((side, "boot-gzip"))
                cells.append(f"{mean[(side, mode)] / boot:.2f}x" if boot else "–")
            lines.append(f"| {MODE_LABELS[mode]} | " + " | ".join(cells) + " |")
        errors = [f"{name} {MODE_LABELS[mode]}: {sum(r[1] for r in runs[(side, mode)])} non-2xx, "
                  f"{sum(r[2] for r in runs[(side, mode)])} timeouts"
                  for side, name in (("s", "servlet"), ("r", "reactive")) for mode in modes
                  if any(r[1] or r[2] for r in runs[(side, mode)])]
        lines += ["", "wrk errors: " + ("; ".join(errors) if errors else "none") + ".", ""]
    return lines


def wrk_table(out, lines):
    for endpoint in ("untagged", "complex", "ping"):
        rows = {}
        for mode in MODES:
            runs = [wrk_result(p) for p in sorted(out.glob(f"wrk-{mode}-{endpoint}-*.txt"))]
            if runs:
                rows[mode] = ([r[0] for r in runs], sum(r[1] for r in runs))
        if not rows:
            continue
        boot = statistics.fmean(rows["boot-gzip"][0]) if "boot-gzip" in rows else None
        path = ENDPOINTS[endpoint].split(" (")[0]
        rounds = max(len(r[0]) for r in rows.values())
        lines += [f"#### Server throughput: wrk -t2 -c16 -d10s, loopback, {path} ({rounds} alternating rounds)", "",
                  "| mode | requests/s, mean | per round | vs Boot | non-2xx |", "|---|---:|---:|---:|---:|"]
        for mode, (rps, errors) in rows.items():
            mean = statistics.fmean(rps)
            ratio = f"{mean / boot:.2f}x" if boot else "–"
            per_round = ", ".join(f"{r:,.0f}" for r in rps)
            lines.append(f"| {MODE_LABELS[mode]} | {mean:,.0f} | {per_round} | {ratio} | {errors} |")
        lines.append("")
        if endpoint == "ping":
            if "none" in rows and "lzf" in rows:
                overhead = 1 - statistics.fmean(rows["lzf"][0]) / statistics.fmean(rows["none"][0])
                lines += [f"- {path}: restcompress costs {overhead * 100:.1f}% of the requests/s of the same app "
                          f"without it (target < {PING_TARGET:.0%}), {verdict(overhead < PING_TARGET)}.", ""]
        elif boot:
            for mode, factor in (("lzf", 3), ("zstd", 2)):
                if mode in rows:
                    speedup = statistics.fmean(rows[mode][0]) / boot
                    lines.append(f"- {path}: {mode} {speedup:.2f}x Boot (target >= {factor}x), {verdict(speedup >= factor)}.")
            lines.append("")


def chart(samples, modes, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    endpoints = [e for e in ("untagged", "complex", "echo") if any(k[2] == e for k in samples)]
    links = [l for l in reversed(LINKS) if any(k[0] == l for k in samples)]
    fig, axes = plt.subplots(1, len(endpoints), figsize=(5.2 * len(endpoints), 4.6), squeeze=False)
    for ax, endpoint in zip(axes[0], endpoints):
        for mode in modes:
            points = [(i, mean_ms(samples, link, mode, endpoint)) for i, link in enumerate(links)]
            points = [(i, v) for i, v in points if v is not None]
            if points:
                style = dict(color="black", linewidth=2.5, linestyle="--") if mode == "adaptive" else {}
                ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=MODE_LABELS[mode], **style)
        ax.set_xticks(range(len(links)), [l.replace("bit", "") if l != "loopback" else "loopback" for l in links])
        ax.set_yscale("log")
        ax.set_xlabel("link (tc tbf on lo, MTU 1500; loopback unshaped)")
        ax.set_ylabel("mean request time, ms (log)")
        ax.set_title(ENDPOINTS[endpoint])
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out")
    parser.add_argument("--chart")
    parser.add_argument("--missing-libraries")
    parser.add_argument("--compare", nargs=2, metavar=("SERVLET", "REACTIVE"))
    args = parser.parse_args()
    if args.compare:
        print("\n".join(compare(*map(pathlib.Path, args.compare))))
        return
    if args.missing_libraries:
        missing_libraries(args.missing_libraries)
        return
    out = pathlib.Path(args.out)
    samples, codings, seen = load_requests(out)
    modes = [m for m in MODES if any(k[1] == m for k in samples)]
    lines = ["<!-- generated by benchmarks/e2e/summarize.py -->", ""]
    machine = (out / "machine.txt").read_text().strip().splitlines()
    load = (out / "load.txt").read_text().strip().splitlines()
    lines += ["Machine: " + "; ".join(machine), "", "Load average (1, 5, 15 min) per phase: " + "; ".join(load), ""]
    if samples:
        time_tables(samples, codings, modes, lines)
        bytes_table(samples, modes, lines)
        targets(samples, codings, modes, lines)
        adaptive(out, samples, seen, lines)
        predictions_file = out / "predictions.json"
        if predictions_file.exists():
            crossovers(samples, codings, json.loads(predictions_file.read_text()), lines)
    wrk_table(out, lines)
    (out / "e2e.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    if args.chart and samples:
        chart(samples, modes, args.chart)


if __name__ == "__main__":
    main()
