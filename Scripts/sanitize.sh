#!/usr/bin/env bash
# Runs the tests under a sanitizer, the way CI does.
#
#   Scripts/sanitize.sh address [swift test options...]   AddressSanitizer (and LeakSanitizer)
#   Scripts/sanitize.sh thread  [swift test options...]   ThreadSanitizer
#
# LeakSanitizer reports leaks inside the toolchain's own libraries (XCTest's
# runner, Foundation's property-list parser); .ci/lsan-suppressions.txt lists
# them, so only leaks in this package fail the run. Each sanitizer builds in
# its own scratch path, so switching does not rebuild the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer=${1:?usage: Scripts/sanitize.sh address|thread [swift test options...]}
shift
case "$sanitizer" in
  address) scratch=.build/asan ;;
  thread) scratch=.build/tsan ;;
  *) echo "unknown sanitizer: $sanitizer (address, thread)" >&2; exit 2 ;;
esac
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec swift test --sanitize="$sanitizer" --scratch-path "$scratch" "$@"
