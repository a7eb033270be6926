#!/usr/bin/env bash
# The GTK example's tests: builds it, runs its unit tests, then runs the
# window under Xvfb with scripts of real key presses and clicks (sent
# through the X server), checking after every action that the row
# widgets GTK shows are the rows the outline says and that the
# items-changed calls replayed on a plain array give the outline's rows.
# One run emits a wrong items-changed call on purpose and must fail.
#
#   ./test.sh                   everything; screenshots in .build/screens
#   ./test.sh --update-docs     also copies the screenshots to Docs/images
#
# Installs what it needs when it is absent (through apt-get, with sudo
# when not root): the GTK 4 development files, Xvfb, libXtst.
set -euo pipefail
cd "$(dirname "$0")"
update_docs=0
[ "${1:-}" = "--update-docs" ] && update_docs=1

# MARK: - What the tests need

need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev)
command -v Xvfb > /dev/null || need+=(xvfb)
ldconfig -p | grep -q 'libXtst\.so\.6' || need+=(libxtst6)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" > /dev/null
fi

# MARK: - Build and unit tests

echo "== build (debug: the engine's internal checks are on)"
swift build --build-tests 2>&1 | grep -v 'warning: prohibited flag' || true
[ -x .build/debug/outline-gtk ] || { echo "the build failed"; exit 1; }
echo "== unit tests"
swift test --skip-build 2>&1 | grep -E "error|Executed .* tests" | tail -n 1

# MARK: - A display

display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 1024x768x24 -nolisten tcp > .build/xvfb.log 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2> /dev/null || true' EXIT
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
export DISPLAY="$display" GDK_BACKEND=x11 GSK_RENDERER=cairo
screens=.build/screens
mkdir -p "$screens"

# Runs the app with a script; its log (without the session bus warning that
# a machine without D-Bus prints) in .build/test-NAME.log.
run() {
  local name=$1
  shift
  echo "== $name"
  local status=0
  ./.build/debug/outline-gtk "$@" > ".build/test-$name.log" 2>&1 || status=$?
  grep -v 'Unable to acquire session bus' ".build/test-$name.log" | grep -v '^$' | tail -n 4 | sed 's/^/   /'
  return $status
}

# MARK: - The engine's model

run big-tree-keys-and-clicks --size 100000 --script "
  down; down; right; expect-focus Birch 2; expect-row-count 20
  down; shift+down; shift+down; expect-selected Upas 21, Viburnum 22, Willow 23
  ctrl+down; ctrl+space; expect-selected Upas 21, Viburnum 22, Willow 23, Xylosma 24
  space; expect-selected Xylosma 24; left; expect-focus Birch 2; left; expect-row-count 10
  click 2; shift+click 5; expect-selected Cedar 3, Dogwood 4, Elm 5, Fir 6
  ctrl+click 3; expect-selected Cedar 3, Elm 5, Fir 6; expect-focus Dogwood 4
  click-triangle 0; expect-row-count 20; expect-selected Cedar 3, Elm 5, Fir 6
  star; expect-row-count 110; page-down; page-down; page-up
  expand-all; expect-row-count 100000; end; expect-focus Hazel 11110; home; expect-focus Acacia 1
  jump 60000; shift+click 3; ctrl+a; expect-row-count 100000
  collapse-all; expect-row-count 10; search Kapok 9999; expect-row-count 0; search; expect-row-count 10
  quit"

run categories-search --document categories --script "
  search Myst; expect-rows Books, Fiction, Mystery; screenshot $screens/gtk-search.png
  search; expect-rows Books, Music, Garden
  down; right; expect-rows Books, Fiction, Non-fiction, Rare editions, Music, Garden
  search o; expect-rows Books, Fiction, Science fiction, Poetry, Non-fiction, History, Science, Astronomy, Botany, Rare editions
  down; down; shift+down; expect-selected Science fiction, Poetry; search; expect-row-count 6
  expand-all; expect-row-count 15; click 2; shift+click 6; screenshot $screens/gtk-categories.png
  collapse-all; expect-rows Books, Music, Garden
  quit"

run categories-drag-and-drop --document categories --script "
  expand-all; click 2; ctrl+click 4; drag 4 to 11 into
  expect-rows Books, Fiction, Science fiction, Non-fiction, History, Science, Astronomy, Botany, Rare editions, Music, Vinyl, Sheet music, Mystery, Poetry, Garden
  expect-selected Mystery, Poetry; ctrl+z
  expect-rows Books, Fiction, Mystery, Science fiction, Poetry, Non-fiction, History, Science, Astronomy, Botany, Rare editions, Music, Vinyl, Sheet music, Garden
  expect-selected Mystery, Poetry; ctrl+shift+z; expect-row-count 15
  click 1; drag 1 to 13 below; expect-rows Books, Non-fiction, History, Science, Astronomy, Botany, Rare editions, Music, Vinyl, Sheet music, Mystery, Poetry, Fiction, Science fiction, Garden
  drag 0 to 5 into; expect-rows Books, Non-fiction, History, Science, Astronomy, Botany, Rare editions, Music, Vinyl, Sheet music, Mystery, Poetry, Fiction, Science fiction, Garden
  screenshot $screens/gtk-drag-and-drop.png; ctrl+z; ctrl+z; ctrl+z
  expect-rows Books, Fiction, Mystery, Science fiction, Poetry, Non-fiction, History, Science, Astronomy, Botany, Rare editions, Music, Vinyl, Sheet music, Garden
  quit"

# A parent whose last child leaves, and comes back by undo and goes by
# redo: its row's triangle turns each time (the display check compares
# every row's triangle with the outline's after every action).
run categories-last-child --document categories --script "
  expand-all; click 12; ctrl+click 13; drag 13 to 1 into
  expect-rows Books, Fiction, Mystery, Science fiction, Poetry, Vinyl, Sheet music, Non-fiction, History, Science, Astronomy, Botany, Rare editions, Music, Garden
  screenshot $screens/gtk-last-child.png; ctrl+z; expect-row-count 15; ctrl+shift+z; ctrl+z; click 13; drag 13 to 1 into; ctrl+z
  quit"

# Check buttons: a category checked whole, some of a parent (its button
# shows a dash), the states through a move and its undo (marks stay with
# their nodes), under a search, and after everything collapses (the
# display check compares every row's check button with the outline after
# every action).
run categories-checks --document categories --script "
  expand-all; click-check 2; click-check 5; expect-row-count 15; click-check 12
  screenshot $screens/gtk-checks.png; click 3; drag 3 to 11 into; ctrl+z; click-check 1; click-check 1
  click-check 0; search Myst; click-check 2; search; collapse-all; click-check 0; click-check 0
  quit"
# The clicks checked what they must: the status line counts the checked leaves.
# Mystery; Non-fiction's three; Vinyl; Fiction (mixed: all three), then
# unchecked; Books (its seven); Mystery off under the search; Books on
# again (mixed), then off: Vinyl is left.
for step in "ok 2 click-check 2: .* 1 checked" "ok 3 click-check 5: .* 4 checked" "ok 5 click-check 12: .* 5 checked" \
  "ok 10 click-check 1: .* 7 checked" "ok 11 click-check 1: .* 4 checked" "ok 12 click-check 0: .* 8 checked" \
  "ok 14 click-check 2: .* 7 checked" "ok 17 click-check 0: .* 8 checked" "ok 18 click-check 0: .* 1 checked"; do
  grep -q "$step" .build/test-categories-checks.log || { echo "   categories-checks: no line '$step'"; exit 1; }
done

# A directory given on the command line: listed as folders open, read only.
rm -rf .build/test-tree
mkdir -p .build/test-tree/docs/notes .build/test-tree/src .build/test-tree/empty
echo readme > .build/test-tree/docs/readme.txt
echo notes > .build/test-tree/docs/notes/a.txt
echo main > .build/test-tree/src/main.swift
run directory .build/test-tree --script "
  expect-rows .build/test-tree, docs, empty, src; down; down; right
  expect-rows .build/test-tree, docs, notes, readme.txt, empty, src; right; expect-focus notes; right
  expect-rows .build/test-tree, docs, notes, a.txt, readme.txt, empty, src; click-triangle 1
  expect-rows .build/test-tree, docs, empty, src; expect-focus docs; click-triangle 3
  search main; expect-rows .build/test-tree, src, main.swift; search
  expect-rows .build/test-tree, docs, empty, src, main.swift; drag 4 to 1 into; expect-row-count 5
  collapse-all; expect-row-count 1
  quit"
run directory-screenshot ../../Sources --script "
  down; down; down; down; right; down; right; down; down; down; screenshot $screens/gtk-directory.png; quit"

# A JSON file given on the command line: values dropped into other
# containers (an element moved into an object gets a key), undone.
echo '{"list": [true, false], "object": {"a": 1}}' > .build/test.json
run json .build/test.json --script "
  expand-all; expect-rows test.json, list, [0], [1], object, a
  drag 3 to 4 into; expect-rows test.json, list, [0], object, a, 1
  ctrl+z; expect-rows test.json, list, [0], [1], object, a
  search fals; expect-rows test.json, list, [1]; search
  quit"
run json-screenshot ../../Sources/OutlineAdapters/Resources/Categories.json --script "
  expand-all; down; down; down; down; down; screenshot $screens/gtk-json.png; quit"

run million-nodes --script "
  expect-row-count 10; down; right; down; right; down; right; down; shift+down; shift+down
  expect-selected Spruce 1111, Teak 1112, Upas 1113; screenshot $screens/gtk-big-tree.png
  search Maple 13; screenshot $screens/gtk-big-tree-search.png
  quit"

# MARK: - GTK's own model, for comparison

run tree-list-model --model gtk --size 100000 --script "
  expand-all; expect-row-count 100000; jump 50000; collapse-all; expect-row-count 10
  click 1; expect-selected Birch 2
  open categories; expand-all; expect-row-count 15; screenshot $screens/gtk-treelistmodel.png
  quit"

# MARK: - The checks must catch a wrong items-changed call

# Must fail: a wrong call GTK follows shows a wrong row, and the checks say
# which (the display check; the replayed calls too when rows differ).
expect_failure() {
  local name=$1 message=$2
  shift 2
  if run "$name" --debug-wrong-items-changed "$@"; then
    echo "   the checks passed although items-changed was wrong"
    exit 1
  fi
  grep -q "$message" ".build/test-$name.log" || { echo "   the failure does not say: $message"; exit 1; }
  echo "   failed as it must"
}
expect_failure wrong-call-expansion "FAIL after action 2 (right): row 1: GTK shows 'Birch 2' depth 0, collapsed, unchecked, the outline says 'Kapok 11'" \
  --size 1000 --script "down; right; quit"
expect_failure wrong-call-search "the items-changed calls replayed give 'Garden' at row 2" \
  --document categories --script "search Myst; quit"

if [ "$update_docs" = 1 ]; then
  mkdir -p ../../Docs/images
  cp "$screens"/gtk-*.png ../../Docs/images/
  echo "== screenshots copied to Docs/images"
fi
echo "== all display tests passed"
