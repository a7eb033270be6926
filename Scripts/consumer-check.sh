#!/usr/bin/env bash
# Builds and runs a scratch package that depends on one product of this
# one, for OutlineJSON and for OutlineFiles, each in a fresh build folder,
# and checks that neither builds the seed apps' adapters
# (OutlineAdapters) or their resource bundle: a package that wants only
# the JSON viewer or the file tree gets only those.
#
#   Scripts/consumer-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=.build/consumers
rm -rf "$work"
mkdir -p "$work/Sources/json-only" "$work/Sources/files-only"
# A package is known by its folder's name: reach this one as swift-outline,
# whatever the clone's folder is called.
ln -s "$root" "$work/swift-outline"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "consumers",
  platforms: [.macOS(.v10_15)],
  dependencies: [.package(path: "swift-outline")],
  targets: [
    .executableTarget(name: "json-only", dependencies: [.product(name: "OutlineJSON", package: "swift-outline")]),
    .executableTarget(name: "files-only", dependencies: [.product(name: "OutlineFiles", package: "swift-outline")]),
  ]
)
SWIFT
cat > "$work/Sources/json-only/main.swift" <<'SWIFT'
import OutlineJSON
import OutlineKit

var document = try JSONDocument(bytes: Array(#"{"name": "Ada", "languages": ["Swift", "C"]}"#.utf8))
document.outline.expandAll()
document.search(for: "swift")
print("json-only: \(document.outline.nodeCount) values, \(document.outline.matchCount) match, path \(document.path(of: document.outline.id(atRow: document.outline.rowCount - 1)))")
SWIFT
cat > "$work/Sources/files-only/main.swift" <<'SWIFT'
import OutlineFiles
import OutlineKit

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
var tree = try FileTree(lazy: path)
let update = tree.expandNow(tree.root)
print("files-only: \(tree.outline.rowCount) rows under \(path), change \(update)")
SWIFT
status=0
for product in json-only files-only; do
  scratch="$work/.build-$product"
  echo "== $product"
  (cd "$work" && swift build --product "$product" --scratch-path "${scratch#"$work/"}" 2>&1 | tail -n 1)
  # SwiftPM plans every target of the graph (a folder each); what was
  # compiled has a module in Modules/.
  built=$(ls "$scratch/debug/Modules" | sed -n 's/\.swiftmodule$//p' | sort | tr '\n' ' ')
  echo "   modules compiled: $built"
  if ls "$scratch/debug/Modules" | grep -q '^OutlineAdapters\.\|^OutlineDemoKit\.' \
    || find "$scratch/debug" -maxdepth 1 -name '*OutlineAdapters.resources' | grep -q . \
    || find "$scratch/debug/OutlineAdapters.build" -name '*.o' 2>/dev/null | grep -q .; then
    echo "   FAILED: $product compiled the adapters or their resources"
    status=1
  fi
  "$scratch/debug/$product" Sources | sed 's/^/   /'
done
[ "$status" = 0 ] && echo "== consumers built neither the adapters nor their resources"
exit $status
