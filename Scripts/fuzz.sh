#!/usr/bin/env bash
# Builds and runs one libFuzzer target for a number of seconds.
#
#   Scripts/fuzz.sh TARGET [SECONDS]      TARGET: operations | archive | form | categories
#
# Each target compiles the library sources it needs together with the shared
# test support (reference model, checkers) and an entry point from Fuzz/TARGET,
# with -sanitize=fuzzer,address and the internal invariant checks on. New
# inputs go to .build/fuzz/corpus-TARGET; the seed corpus is Fuzz/corpus/TARGET.
# A crash leaves .build/fuzz/crash-* and a non-zero exit: copy the input into
# Fuzz/regressions/TARGET/ so the corpus replay tests keep it fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh TARGET [SECONDS]}
seconds=${2:-60}
out=.build/fuzz
mkdir -p "$out" "$out/corpus-$target"

support=Tests/OutlineKitTests/Support
engine=(Sources/OutlineKit/*.swift)
checkers=("$support"/Expectations.swift "$support"/SplitMix64.swift "$support"/TreeShapes.swift
  "$support"/ReferenceOutline.swift "$support"/BatchUpdateDouble.swift "$support"/SectionedDouble.swift
  "$support"/OutlinePair.swift "$support"/OutlinePair+Editing.swift)
case "$target" in
  operations) sources=("${engine[@]}" "${checkers[@]}" "$support"/FuzzOperations.swift) ;;
  archive) sources=("${engine[@]}" "$support"/Expectations.swift "$support"/FuzzArchive.swift) ;;
  form | categories)
    sources=("${engine[@]}" Sources/OutlineAdapters/*.swift "$support"/Expectations.swift
      Tests/OutlineAdaptersTests/Support/FuzzAdapters.swift) ;;
  *) echo "unknown fuzz target: $target (operations, archive, form, categories)" >&2; exit 2 ;;
esac

echo "== building fuzz target $target"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name OutlineFuzz \
  -D OUTLINE_INTERNAL_CHECKS -D OUTLINE_FUZZ -D OUTLINE_FUZZ_"$(echo "$target" | tr a-z A-Z)" \
  "${sources[@]}" Fuzz/"$target"/*.swift -o "$out/$target"

echo "== fuzzing $target for $seconds s"
"$out/$target" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/" \
  -timeout=10 -rss_limit_mb=4096 "$out/corpus-$target" Fuzz/corpus/"$target"
