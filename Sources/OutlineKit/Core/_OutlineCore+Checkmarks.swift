/// Checkmarks: a node's state is derived from the leaves below it, which
/// the index counts (`_PreorderIndex+Checkmarks`), and every change reloads
/// the surviving rows whose state turned.
///
/// A state depends only on how many leaves a subtree has and how many are
/// checked. A step that changes one subtree (a structural primitive, under
/// one parent) changes the counts of that parent and of each ancestor by
/// the same amounts, and an ancestor's state is a function of its child's
/// state and of the rest of it, which the step leaves alone: so the states
/// that turn are those of the parent and of the ancestors above it up to
/// the first one that does not turn. The primitives count the parent
/// before and after (`beginCheckNote`, `endCheckNote`) and walk up from
/// it: O(log n) per ancestor that turns, and nothing while no batch is
/// open or no mark was ever set.
extension _OutlineCore {
  /// The state of a subtree with `leaves` leaves of which `checked` are.
  @inlinable
  static func checkState(leaves: Int, checked: Int) -> CheckState {
    checked == 0 ? .unchecked : (checked == leaves ? .checked : .mixed)
  }

  /// The leaves of the subtree at `position`, and how many are checked; a
  /// leaf counts itself. Marks must be kept. O(log n).
  @usableFromInline
  func markCounts(ofSubtreeAt position: UInt32) -> (leaves: Int, checked: Int) {
    guard index.isMarkParent(at: position) else { return (1, index.mark(at: position) ? 1 : 0) }
    let tally = index.markTally(ofSubtreeAt: position)
    return (tally.leaves, tally.checked)
  }

  /// The state of the node at `position` over the leaves under it that
  /// pass the filter; its own state when none does. O(log n).
  @usableFromInline
  func checkState(at position: UInt32, countingOnlyWhatPasses: Bool) -> CheckState {
    guard countingOnlyWhatPasses, isFiltered, index.tracksMarks, index.isMarkParent(at: position) else {
      return checkState(at: position)
    }
    let tally = index.markTally(ofSubtreeAt: position)
    guard tally.passing > 0 else { return _OutlineCore.checkState(leaves: tally.leaves, checked: tally.checked) }
    return _OutlineCore.checkState(leaves: tally.passing, checked: tally.passingChecked)
  }

  /// The check state of the node at `position`. O(log n).
  @usableFromInline
  func checkState(at position: UInt32) -> CheckState {
    guard index.tracksMarks else { return .unchecked }
    let counts = markCounts(ofSubtreeAt: position)
    return _OutlineCore.checkState(leaves: counts.leaves, checked: counts.checked)
  }

  /// The checked leaves under the node at `position` (the node itself when
  /// it is a leaf), or of the whole outline for nil. O(log n).
  @usableFromInline
  func checkedLeafCount(under position: UInt32?) -> Int {
    guard index.tracksMarks else { return 0 }
    guard let position else { return index.checkedLeafCount }
    return markCounts(ofSubtreeAt: position).checked
  }

  // MARK: Setting marks

  /// Gives every node of the subtree at `position` the mark `checked`, and
  /// returns the change: the reloads of the rows whose state turned.
  ///
  /// Before the marks change it finds those rows: the node's, the
  /// ancestors' up to the first that stays, and the subtree's. When every
  /// leaf of the subtree had the other mark, every row of it turns: its
  /// rows are one range. Otherwise its rows are walked in order, and a row
  /// whose state stays has none below it that turns, so its rows are
  /// skipped whole. O(log n) for the marks, plus O(1) per reloaded row of a
  /// subtree that was all the other mark, or O(log n) per row that turns
  /// and per row beside one (a sibling shown under a parent that turns),
  /// plus O(log n) per ancestor that turns.
  @usableFromInline
  mutating func setChecked(_ checked: Bool, at position: UInt32) -> OutlineChange {
    index.startTrackingMarks()
    let span = index.span(of: position)
    let range = span.offset ..< span.end
    let counts = markCounts(ofSubtreeAt: position)
    let after = checked ? counts.leaves : 0
    var rows: [Int] = []
    if counts.checked != after {
      let was = _OutlineCore.checkState(leaves: counts.leaves, checked: counts.checked)
      // Open batches note every node that turned (O(1) each).
      let notesNodes = !composers.isEmpty
      var turned: [(key: UInt64, was: CheckState)] = []
      turningAncestors(
        of: position, range: range, counts: counts, rows: true, row: span.row, delta: (0, after &- counts.checked),
        applied: false
      ) { key, was, row in
        if let row { rows.append(row) }
        if notesNodes { turned.append((key, was)) }
      }
      // Rows in order: the ancestors' (nearest first, so backwards), the
      // node's, its subtree's.
      rows.reverse()
      if let row = span.row { rows.append(row) }
      if notesNodes { turned.append((index.key(at: position), was)) }
      addTurningRows(below: position, row: span.row, range: range, checked: checked, wasUniform: was != .mixed, to: &rows, &turned)
      for (key, was) in turned {
        for k in composers.indices { composers[k].recordCheckState(of: key, was: was) }
      }
    }
    noteStatesHiddenInBatches(in: range)
    index.setMarks(checked, in: range)
    return OutlineChange(reloadedRows: rows)
  }

  /// Adds the shown rows below the node at `position` (on `row`, offsets
  /// `range`) whose state turns when every leaf of the subtree gets the mark
  /// `checked`, and, while batches are open, their nodes with the state
  /// each had; read before the marks change. `wasUniform`: every leaf had
  /// the other mark, so every row turns.
  func addTurningRows(
    below position: UInt32, row: Int?, range: Range<Int>, checked: Bool, wasUniform: Bool,
    to rows: inout [Int], _ turned: inout [(key: UInt64, was: CheckState)]
  ) {
    guard let first = row, index.isExpanded(at: position) else { return }
    let shown = first &+ 1 ..< first &+ visibleCount(in: range)
    let notesNodes = !composers.isEmpty
    if wasUniform {
      rows.append(contentsOf: shown)
      guard notesNodes else { return }
      var walker = _VisibleWalker(index: index, rows: shown)
      while let next = walker.next(in: index) { turned.append((index.key(at: next), checked ? .unchecked : .checked)) }
      return
    }
    var row = shown.lowerBound
    while row < shown.upperBound {
      let next = index.position(atRow: row)
      let counts = markCounts(ofSubtreeAt: next)
      guard checked ? counts.checked < counts.leaves : counts.checked > 0 else {
        // Nothing below a row that stays turns.
        row &+= index.isMarkParent(at: next) ? visibleCount(in: subtreeRange(of: next)) : 1
        continue
      }
      rows.append(row)
      if notesNodes { turned.append((index.key(at: next), _OutlineCore.checkState(leaves: counts.leaves, checked: counts.checked))) }
      row &+= 1
    }
  }

  /// Calls `body` with each ancestor of the node at `position` (offsets
  /// `range`, with `counts` leaves now) whose state turns when its
  /// subtree's counts change by `delta`, nearest first: its key, the state
  /// it had, and, with `rows`, its row (nil when hidden; `row` is the
  /// node's); read before the counts change, or after (`applied`).
  ///
  /// An ancestor whose only child is the node on the path (its entry
  /// right before the child's, and nothing of it after the child's
  /// subtree) has the child's leaves, so its state turns with the child's,
  /// and when the child is shown its row is the one before: O(1) when the
  /// two entries share an index leaf, O(log n) for the one in 64 that
  /// does not, which makes a deep chain's ancestors cheap. Any other
  /// ancestor's leaves are counted, and its row looked up: O(log n).
  func turningAncestors(
    of position: UInt32, range: Range<Int>, counts: (leaves: Int, checked: Int), rows wantsRows: Bool, row: Int?,
    delta: (leaves: Int, checked: Int), applied: Bool, _ body: (_ key: UInt64, _ was: CheckState, _ row: Int?) -> Void
  ) {
    var child = position
    // Known while the walk takes the fast way; looked up when needed.
    var childOffset: Int? = range.lowerBound
    var childCounts = counts
    var childRow = row
    // The depth of the entry after the child's subtree (-1: none).
    var endDepth = range.upperBound < index.count ? index.depth(at: index.position(atOffset: range.upperBound)) : -1
    let sign = applied ? -1 : 1
    while index.depth(at: child) > 0 {
      let depth = index.depth(at: child)
      let ancestor: UInt32
      let now: (leaves: Int, checked: Int)
      let ancestorRow: Int?
      // The entry before the child's, and whether it is a parent of it alone.
      let before =
        child & _PreorderIndex.leafSlotMask != 0
        ? child &- 1 : index.position(atOffset: (childOffset ?? index.offset(of: child)) &- 1)
      if index.depth(at: before) == depth &- 1, endDepth < depth {
        ancestor = before
        now = childCounts
        ancestorRow = childRow.map { $0 &- 1 } ?? (wantsRows ? index.row(of: ancestor) : nil)
        childOffset = childOffset.map { $0 &- 1 }
      } else {
        ancestor = parentPosition(of: child)!
        let counted = index.markTallyAndEnd(ofSubtreeAt: ancestor)
        now = (counted.tally.leaves, counted.tally.checked)
        endDepth = counted.endDepth
        ancestorRow = wantsRows ? index.row(of: ancestor) : nil
        childOffset = nil
      }
      let other = _OutlineCore.checkState(
        leaves: now.leaves &+ sign &* delta.leaves, checked: now.checked &+ sign &* delta.checked)
      let current = _OutlineCore.checkState(leaves: now.leaves, checked: now.checked)
      guard other != current else { break }
      body(index.key(at: ancestor), applied ? other : current, ancestorRow)
      (child, childCounts, childRow) = (ancestor, now, ancestorRow)
    }
  }

  /// Notes, in open batches, the states of the nodes in `range` that were
  /// shown before the batch and are hidden now: a batch that shows them
  /// again keeps their rows, which must then be redrawn if their state
  /// turned. O(log n) per such node.
  mutating func noteStatesHiddenInBatches(in range: Range<Int>) {
    for k in composers.indices where composers[k].tracksIdentity {
      for run in composers[k].removedRuns {
        for key in run.keys where composers[k].originalCheckStates[key] == nil {
          guard let position = index.livePosition(ofKey: key), range.contains(index.offset(of: position)) else { continue }
          composers[k].recordCheckState(of: key, was: checkState(at: position))
        }
      }
    }
  }

  // MARK: Edits

  /// What a structural step's parent counted before the step.
  @usableFromInline
  struct _CheckNote {
    @usableFromInline var parentSlot: UInt32
    @usableFromInline var leaves: Int
    @usableFromInline var checked: Int
  }

  /// Counts the leaves of the parent a step is about to change, when an
  /// open batch will need the states that turn; nil otherwise.
  @usableFromInline
  func beginCheckNote(under parentSlot: UInt32?) -> _CheckNote? {
    guard index.tracksMarks, !composers.isEmpty, let parentSlot else { return nil }
    let counts = markCounts(ofSubtreeAt: index.position(ofSlot: parentSlot))
    return _CheckNote(parentSlot: parentSlot, leaves: counts.leaves, checked: counts.checked)
  }

  /// Notes in the open batches the states the step turned: the parent's,
  /// and its ancestors' up to the first that stays.
  @usableFromInline
  mutating func endCheckNote(_ note: _CheckNote?) {
    guard let note else { return }
    let parent = index.position(ofSlot: note.parentSlot)
    let now = markCounts(ofSubtreeAt: parent)
    let delta = (leaves: now.leaves &- note.leaves, checked: now.checked &- note.checked)
    let was = _OutlineCore.checkState(leaves: note.leaves, checked: note.checked)
    guard was != _OutlineCore.checkState(leaves: now.leaves, checked: now.checked) else { return }
    // The ancestors' counts are current: the delta undone gives their past.
    var turned = [(key: index.key(at: parent), was: was)]
    turningAncestors(of: parent, range: subtreeRange(of: parent), counts: now, rows: false, row: nil, delta: delta, applied: true) {
      key, past, _ in turned.append((key, past))
    }
    for (key, past) in turned {
      for k in composers.indices { composers[k].recordCheckState(of: key, was: past) }
    }
  }
}
