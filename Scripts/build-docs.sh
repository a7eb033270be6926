#!/usr/bin/env bash
# Builds the API documentation of the four library products with the
# toolchain's own docc: symbol graphs from the compiler, each module's
# catalog (Sources/MODULE/MODULE.docc) with the guides of Docs/ added as
# articles, and a static site. No package dependency, no plugin.
#
#   Scripts/build-docs.sh            build .build/docs/site (warnings are errors)
#   Scripts/build-docs.sh --serve    build, then serve it at http://localhost:8000
#
# It fails on an unresolved symbol or article link (docc --warnings-as-errors),
# on a public symbol without a doc comment, and on a top-level symbol (or a
# member of Outline) that the module's landing page does not list under a
# topic. The guides stay in Docs/, the one source: the catalog's copies are
# made here, with their links between guides turned into article links.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
out=.build/docs
# (The graphs stay: a build with nothing to compile writes none.)
rm -rf "$out/catalogs" "$out/site"
mkdir -p "$out/graphs" "$out/catalogs" "$out/site"
# The library products, each with its catalog in Sources/MODULE/MODULE.docc.
modules="OutlineKit OutlineJSON OutlineFiles OutlineAdapters"

# Symbol graphs, from a build of their own (other flags than the debug build's).
for module in $modules; do
  swift build --scratch-path "$out/build" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$out/graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
done

# The guides each module's documentation takes as articles.
guides_OutlineKit="Guide EditingAndBatches Updating Filtering Geometry Sections Selection DragAndDrop Undo Checkmarks ExpansionState Internals Testing Benchmarks"
guides_OutlineJSON="JSON"
guides_OutlineFiles="Files"
guides_OutlineAdapters="Adapters Demo"

for module in $modules; do
  catalog="$out/catalogs/$module.docc"
  cp -R "Sources/$module/$module.docc" "$catalog"
  guides="guides_$module"
  python3 Scripts/docs-articles.py "$catalog" ${!guides}
  graphs="$out/graphs/$module"
  rm -rf "$graphs" && mkdir -p "$graphs"
  cp "$out/graphs/$module".symbols.json "$graphs/"
  cp "$out/graphs/$module"@*.symbols.json "$graphs/" 2>/dev/null || true
  python3 Scripts/docs-check.py "$catalog/$module.md" "$module" "$graphs/$module.symbols.json" \
    $(find "$graphs" -name "$module@*.symbols.json")
  docc convert "$catalog" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.swift-outline.$module" \
    --transform-for-static-hosting --hosting-base-path "$module" \
    --warnings-as-errors --output-path "$out/site/$module"
done

cat > "$out/site/index.html" <<'HTML'
<!doctype html>
<meta charset="utf-8">
<title>swift-outline documentation</title>
<h1>swift-outline</h1>
<ul>
  <li><a href="OutlineKit/documentation/outlinekit/">OutlineKit</a>: the engine</li>
  <li><a href="OutlineJSON/documentation/outlinejson/">OutlineJSON</a>: JSON documents</li>
  <li><a href="OutlineFiles/documentation/outlinefiles/">OutlineFiles</a>: file trees</li>
  <li><a href="OutlineAdapters/documentation/outlineadapters/">OutlineAdapters</a>: the seed apps' form, category tree, expandable cells</li>
</ul>
HTML
echo "documentation built in $(( $(date +%s) - start )) s: $out/site (Scripts/build-docs.sh --serve to browse it)"

if [ "${1:-}" = --serve ]; then
  # docc's static sites load their data with fetch(), which file:// pages may not do.
  echo "serving http://localhost:8000/ (Ctrl-C to stop)"
  cd "$out/site" && python3 -m http.server 8000
fi
