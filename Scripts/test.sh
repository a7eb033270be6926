#!/usr/bin/env bash
# The README's test command: builds the tests, runs every XCTest case in
# two processes side by side (one per core, the test classes dealt between
# them by their last known times), and ends with what ran: how many passed,
# failed and were skipped.
#
#   Scripts/test.sh                    the whole suite
#   Scripts/test.sh History Sticky     only the classes whose names contain these
#
# (`swift test --parallel` alone ends with Swift Testing's line about its
# own tests, of which there are none here, and never counts the XCTest
# cases it ran or skipped.) Extra `swift build` flags go in SWIFT_FLAGS.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
out=.build/test-lanes
mkdir -p "$out"
# shellcheck disable=SC2086
swift build --build-tests ${SWIFT_FLAGS:-} || { echo "Tests FAILED: the build failed"; exit 1; }

# The test classes, each with its weight: its seconds in the last run, or
# its number of tests (times a guess for the slow kinds) before any.
python3 - "$out" "$@" <<'PY' || exit 1
import collections, json, os, re, subprocess, sys
out, wanted = sys.argv[1], sys.argv[2:]
listed = subprocess.run(["swift", "test", "--skip-build", "--list-tests"], capture_output=True, text=True).stdout
classes = collections.Counter(line.split("/")[0] for line in listed.split() if "/" in line)
classes = {c: n for c, n in classes.items() if not wanted or any(w in c for w in wanted)}
try:
    times = json.load(open(os.path.join(out, "times.json")))
except (OSError, ValueError):
    times = {}
def weight(name, count):
    if name.split(".")[-1] in times:
        return times[name.split(".")[-1]]
    slow = re.search(r"Property|Exhaustive|Soak|Large", name)
    return count * (8.0 if slow else 0.1)
lanes = [[], []]
loads = [0.0, 0.0]
for name, count in sorted(classes.items(), key=lambda item: -weight(*item)):
    lane = loads.index(min(loads))
    lanes[lane].append(name)
    loads[lane] += weight(name, count)
for k, lane in enumerate(lanes):
    with open(os.path.join(out, f"lane-{k}.txt"), "w") as f:
        f.write("\n".join(lane))
PY

pids=()
for k in 0 1; do
  filter=$(paste -sd'|' "$out/lane-$k.txt" | sed 's/\./\\./g')
  if [ -z "$filter" ]; then : > "$out/lane-$k.log"; continue; fi
  swift test --skip-build --filter "^($filter)/" > "$out/lane-$k.log" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done

# The failures as XCTest wrote them, then the counts of both lanes.
grep -hE "error: |Fatal error|exited with (unexpected )?signal|Test Case .* failed" "$out"/lane-*.log | grep -v "^Test Suite" || true
python3 - "$out" "$(( $(date +%s) - start ))" "$status" <<'PY'
import glob, json, os, re, sys
out, seconds, status = sys.argv[1], sys.argv[2], sys.argv[3]
ran = skipped = failed = 0
times = {}
for log in sorted(glob.glob(os.path.join(out, "lane-*.log"))):
    text = open(log, errors="replace").read()
    # The innermost suites are the classes; "Selected tests" and the bundle
    # repeat their totals.
    for name, seconds_taken in re.findall(r"Test Suite '([\w.]+)' (?:passed|failed) at .*\n\s+Executed .* in ([\d.]+) \(", text):
        times[name] = float(seconds_taken)
    totals = re.findall(r"Test Suite 'Selected tests' (?:passed|failed) at .*\n\s+Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", text)
    for n, s, f in totals[-1:]:
        ran += int(n); skipped += int(s or 0); failed += int(f)
    if not totals and text.strip():
        failed += 1  # the lane crashed before its summary
old = {}
try:
    old = json.load(open(os.path.join(out, "times.json")))
except (OSError, ValueError):
    pass
old.update(times)
json.dump(old, open(os.path.join(out, "times.json"), "w"))
passed = ran - skipped - failed
verdict = "FAILED" if failed or status != "0" else "passed"
print(f"\nTests {verdict}: {ran} XCTest cases ran in {seconds} s, in two processes: {passed} passed, {failed} failed, {skipped} skipped.")
# The plain last line CI readers look for.
print(f"Tests: {passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
