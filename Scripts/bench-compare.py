#!/usr/bin/env python3
"""Compares outline-bench runs of two builds, as the before / after tables of
Docs/Benchmarks.md: for each operation and shape, the lowest and highest
median of the "before" runs, then of the "after" runs.

    Scripts/bench-compare.py before1/results.csv before2/results.csv -- after1/results.csv after2/results.csv
    Scripts/bench-compare.py --nodes 10000000 --operation toggle --operation expand b/results.csv -- a/results.csv

Run the two builds one after the other, alternating, so the host's mood
falls on both alike.
"""
import argparse
import csv
import sys

SHAPES = ["balanced", "wide", "chain", "realistic"]


def duration(ns, unit):
    """A median as the tables show it: a duration, or a count with its unit."""
    if not unit.startswith("ns"):
        return f"{ns:.3g}" + ("" if unit.startswith("allocs") else " " + unit)
    for scale, suffix in ((1e9, " s"), (1e6, " ms"), (1e3, " µs")):
        if ns >= scale:
            return f"{ns / scale:.3g}{suffix}"
    return f"{ns:.3g} ns"


def span(values, unit):
    if not values:
        return "—"
    low, high = min(values), max(values)
    if duration(low, unit) == duration(high, unit):
        return duration(low, unit)
    return f"{duration(low, unit)}–{duration(high, unit)}"


def read(paths, nodes):
    """{(operation, shape): ([medians], unit)} of the engine's measured rows."""
    found = {}
    order = []
    for path in paths:
        with open(path) as f:
            rows = csv.DictReader(line for line in f if not line.startswith("#"))
            for row in rows:
                if row["subject"] != "engine" or row["status"] != "measured" or int(row["nodes"]) != nodes:
                    continue
                key = (row["operation"], row["shape"])
                if row["operation"] not in order:
                    order.append(row["operation"])
                found.setdefault(key, ([], row["unit"]))[0].append(float(row["median"]))
    return found, order


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, default=1_000_000)
    parser.add_argument("--operation", action="append", help="only operations starting with this; repeatable")
    parser.add_argument("files", nargs="*", help="before runs, --, after runs")
    arguments = sys.argv[1:]
    if "--" not in arguments:
        parser.error("separate the before and after runs with --")
    split = arguments.index("--")
    args = parser.parse_args(arguments[:split])
    before, order = read(args.files, args.nodes)
    after, after_order = read(arguments[split + 1 :], args.nodes)
    order += [o for o in after_order if o not in order]
    if args.operation:
        order = [o for o in order if any(o.startswith(p) for p in args.operation)]
    print(f"| {args.nodes:,} nodes | " + " | ".join(SHAPES) + " |")
    print("|---|" + "--:|" * len(SHAPES))
    for operation in order:
        cells = []
        for shape in SHAPES:
            b, unit = before.get((operation, shape), ([], ""))
            a, unit = after.get((operation, shape), ([], unit))
            cells.append("—" if not a and not b else f"{span(b, unit)} → {span(a, unit)}")
        if any(c != "—" for c in cells):
            print(f"| {operation} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
