#!/usr/bin/env python3
"""Times CPython's json.loads (its C reader) on JSON files, for outline-bench --json.

    Scripts/json-python-bench.py [--samples K] FILE...

Each file is read into memory once; json.loads then decodes the bytes (UTF-8
decoding included) K times. Prints one line per file: the path, a tab, and
the median seconds of one json.loads. JSON Lines files (.jsonl, .ndjson)
are decoded line by line, as a reader of them would.
"""
import json
import statistics
import sys
import time


def main(argv):
    samples = 5
    files = []
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--samples":
            samples = max(1, int(next(arguments)))
        else:
            files.append(argument)
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        lines = path.endswith((".jsonl", ".ndjson", ".jsonlines"))
        chunks = [line for line in data.split(b"\n") if line.strip()] if lines else None
        times = []
        for _ in range(samples):
            start = time.perf_counter()
            if lines:
                value = [json.loads(chunk) for chunk in chunks]
            else:
                value = json.loads(data)
            times.append(time.perf_counter() - start)
            del value
        print(f"{path}\t{statistics.median(times):.6f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
