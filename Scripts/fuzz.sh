#!/usr/bin/env bash
# Builds and runs one libFuzzer target for a number of seconds.
#
#   Scripts/fuzz.sh TARGET [SECONDS]      TARGET: operations | archive | form | categories | json
#   Scripts/fuzz.sh TARGET 0              build only
#   Scripts/fuzz.sh --no-build TARGET S   run what was built (CI builds the five, then
#                                         runs them side by side)
#
# Each target compiles the library sources it needs together with the shared
# test support (reference model, checkers) and an entry point from Fuzz/TARGET,
# with -sanitize=fuzzer,address and the internal invariant checks on. New
# inputs go to .build/fuzz/corpus-TARGET; the seed corpus is Fuzz/corpus/TARGET.
# A crash leaves .build/fuzz/crash-* and a non-zero exit: copy the input into
# Fuzz/regressions/TARGET/ so the corpus replay tests keep it fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every source file of a target, in its subfolders too.
sources() { find "$1" -name '*.swift' | sort; }

build=yes
if [ "${1:-}" = --no-build ]; then build=no; shift; fi
target=${1:?usage: Scripts/fuzz.sh [--no-build] TARGET [SECONDS]}
seconds=${2:-60}
out=.build/fuzz
mkdir -p "$out" "$out/corpus-$target"

support=Tests/OutlineKitTests/Support
flags=(-O -sanitize=fuzzer,address -parse-as-library -D OUTLINE_INTERNAL_CHECKS -package-name swift_outline)
checkers=("$support"/Expectations.swift Tests/OutlineTestSupport/SplitMix64.swift "$support"/TreeShapes.swift
  "$support"/ReferenceOutline.swift "$support"/BatchUpdateDouble.swift "$support"/CachedTableView.swift "$support"/SectionedDouble.swift
  "$support"/OutlinePair.swift "$support"/OutlinePair+Editing.swift "$support"/FilterAnswerBook.swift
  "$support"/ReferenceOutline+Updating.swift "$support"/OutlinePair+Updating.swift
  "$support"/ReferenceOutline+DragAndDrop.swift "$support"/OutlinePair+DragAndDrop.swift
  "$support"/ReferenceOutline+Checkmarks.swift)

case "$target" in
  operations | archive | form | categories | json) ;;
  *) echo "unknown fuzz target: $target (operations, archive, form, categories, json)" >&2; exit 2 ;;
esac

build_target() {
  echo "== building fuzz target $target"
  case "$target" in
    operations | archive)
      # The engine and the harness in one module, so the harness sees internals.
      if [ "$target" = operations ]; then harness=("${checkers[@]}" "$support"/FuzzOperations.swift)
      else harness=("$support"/Expectations.swift "$support"/FuzzArchive.swift); fi
      swiftc "${flags[@]}" -D OUTLINE_FUZZ -module-name OutlineFuzz \
        $(sources Sources/OutlineKit) "${harness[@]}" Fuzz/"$target"/*.swift -o "$out/$target" ;;
    form | categories | json)
      # The library modules as apps import them, then the harness. (Each is
      # rebuilt only when its sources changed: CI builds form, categories
      # and json in a row.) The json harness compiles the tests' reference
      # reader in beside the reader.
      modules="$out/modules"
      mkdir -p "$modules"
      library() {
        local name=$1 folder=$2
        shift 2
        if [ ! -f "$out/lib$name.a" ] || [ -n "$(find Sources/OutlineKit "$folder" -newer "$out/lib$name.a")" ]; then
          swiftc "${flags[@]}" -module-name "$name" -I "$modules" -emit-module -emit-module-path "$modules/$name.swiftmodule" \
            -emit-library -static -o "$out/lib$name.a" $(sources "$folder") "$@"
        fi
      }
      library OutlineKit Sources/OutlineKit
      library OutlineSupport Sources/OutlineSupport
      if [ "$target" = json ]; then
        tests=Tests/OutlineJSONTests/Support
        harness=("$tests"/FuzzJSON.swift "$tests"/JSONReference.swift "$tests"/JSONTestSupport.swift)
        library OutlineJSON Sources/OutlineJSON
        libraries=(-lOutlineJSON -lOutlineSupport -lOutlineKit)
      else
        harness=(Tests/OutlineAdaptersTests/Support/FuzzAdapters.swift)
        library OutlineAdapters Sources/OutlineAdapters Fuzz/Support/ResourceBundle.swift
        libraries=(-lOutlineAdapters -lOutlineSupport -lOutlineKit)
      fi
      swiftc "${flags[@]}" -D OUTLINE_FUZZ -module-name AdaptersFuzz -I "$modules" -L "$out" "${libraries[@]}" \
        "${harness[@]}" Fuzz/"$target"/*.swift -o "$out/$target" ;;
  esac
}

if [ "$build" = yes ]; then build_target; fi
[ "$seconds" -gt 0 ] || exit 0

echo "== fuzzing $target for $seconds s"
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt"
"$out/$target" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/" \
  -timeout=10 -rss_limit_mb=4096 "$out/corpus-$target" Fuzz/corpus/"$target"
