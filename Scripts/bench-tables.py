#!/usr/bin/env python3
"""Turns outline-bench's results.csv into the Markdown tables of
Docs/Benchmarks.md: one table per shape and size (engine median and p99, each
baseline's median with its ratio to the engine: (a)-(c) for the core
operations, (d) for filtering, geometry and updating), and the memory table.

    Scripts/bench-tables.py bench-out/results.csv > tables.md
    Scripts/bench-tables.py small/results.csv big/results.csv > tables.md   # runs merged
"""
import csv
import sys

SUBJECTS = [("tutorial", "(a) tutorial"), ("flat", "(b) flat visible"), ("counts", "(c) visible counts"), ("by-hand", "(d) by hand")]
SHAPES = ["balanced", "wide", "chain", "realistic"]


def duration(ns):
    if ns >= 1e9:
        text = f"{ns / 1e9:.3g} s"
    elif ns >= 1e6:
        text = f"{ns / 1e6:.3g} ms"
    elif ns >= 1e3:
        text = f"{ns / 1e3:.3g} µs"
    else:
        text = f"{ns:.3g} ns"
    return text


def value(ns, unit):
    """A median as the table shows it: a duration, or a count."""
    return f"{ns:.3g}" if unit.startswith("allocs") else duration(ns)


def ratio(x):
    return f"{x:.2g}x" if x < 10 else f"{x:.0f}x"


def main(paths):
    header, data = None, []
    for path in paths:
        rows = [r for r in csv.reader(line for line in open(path) if not line.startswith("#"))]
        header = header or rows[0]
        data += rows[1:]
    key = {name: i for i, name in enumerate(header)}
    results = {}
    operations = []
    for r in data:
        op, unit, shape, nodes, subject = r[key["operation"]], r[key["unit"]], r[key["shape"]], int(r[key["nodes"]]), r[key["subject"]]
        results[(op, shape, nodes, subject)] = r
        if op not in operations and "memory" not in op:
            operations.append(op)
    sizes = sorted({k[2] for k in results})
    out = []
    for nodes in sizes:
        for shape in SHAPES:
            memory = results.get(("index memory", shape, nodes, "engine"))
            if memory is None:
                continue
            out.append(f"#### {shape}, n = {nodes:,} (engine index {float(memory[key['median']]):.1f} bytes/node)\n")
            out.append("| operation | unit | engine median | engine p99 | " + " | ".join(n for _, n in SUBJECTS) + " |")
            out.append("|---|---|--:|--:|" + "--:|" * len(SUBJECTS))
            for op in operations:
                engine = results.get((op, shape, nodes, "engine"))
                if engine is None:
                    continue
                unit = engine[key["unit"]]
                if engine[key["status"]] != "measured":
                    cells = [engine[key["status"]].replace("skipped", "skipped (too slow)"), "—"]
                    e_median = None
                else:
                    e_median = float(engine[key["median"]])
                    cells = [value(e_median, unit), value(float(engine[key["p99"]]), unit)]
                for subject, _ in SUBJECTS:
                    b = results.get((op, shape, nodes, subject))
                    if b is None:
                        cells.append("—")
                    elif b[key["status"]] != "measured":
                        cells.append("skipped (too slow)")
                    else:
                        m = float(b[key["median"]])
                        shown = value(m, unit)
                        if unit.startswith("allocs"):
                            cells.append(shown)
                        else:
                            cells.append(shown + (f" ({ratio(m / e_median)})" if e_median else ""))
                out.append(f"| {op} | {unit} | " + " | ".join(cells) + " |")
            out.append("")
    out.append("| n | engine index bytes/node (every shape) | with row heights | peak resident memory of the process | resident with the engine built, of it on huge pages (balanced) |")
    out.append("|--:|--:|--:|--:|--:|")
    for nodes in sizes:
        memory = results.get(("index memory", "balanced", nodes, "engine"))
        heights = results.get(("index memory with heights", "balanced", nodes, "engine"))
        heights_text = f"{float(heights[key['median']]):.1f}" if heights else "—"
        # Runs merged for one size each have a peak: the largest is the size's.
        peaks = [r for r in data if r[key["operation"]] == "peak resident memory" and int(r[key["nodes"]]) == nodes]
        peak = max(peaks, key=lambda r: float(r[key["median"]]), default=None)
        peak_text = f"{float(peak[key['median']]) / 2**20:.0f} MiB" if peak else "—"
        resident = results.get(("resident memory (engine built)", "balanced", nodes, "process"))
        huge = results.get(("on huge pages (engine built)", "balanced", nodes, "process"))
        huge_text = (
            f"{float(resident[key['median']]) / 2**20:.0f} MiB, {float(huge[key['median']]) / 2**20:.0f} MiB" if resident and huge else "—"
        )
        out.append(f"| {nodes:,} | {float(memory[key['median']]):.1f} | {heights_text} | {peak_text} | {huge_text} |")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
