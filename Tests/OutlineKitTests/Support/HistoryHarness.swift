@testable import OutlineKit
#if !OUTLINE_FUZZ
import OutlineTestSupport
#endif

/// A thrown error that ends a recorded body.
struct Abort: Error {}

/// An outline pair with an undo history, and the reference's own history:
/// each step's document before and after, with the nodes it moved and whose
/// values it set. It records random bodies and replays steps, checking the
/// tree, the IDs, the change (against the minimal one and through a view
/// that caches its cells) and the undo state after each.
struct HistoryHarness {
  struct Step {
    var before: ReferenceOutline.Document
    var after: ReferenceOutline.Document
    var moved: Set<Int>
    var valueSet: Set<Int>
  }

  var pair: OutlinePair
  var history: Outline<Int>.History
  var undoSteps: [Step] = []
  var redoSteps: [Step] = []
  /// Every ID a value ever had (nodes come back with theirs).
  var allIDs: [Int: Outline<Int>.NodeID] = [:]
  /// Flags of nodes that left, for when they come back.
  var graveyard: [Int: Bool] = [:]
  let limit: Int

  init(pair: OutlinePair, limit: Int) {
    self.pair = pair
    self.limit = limit
    history = Outline<Int>.History(limit: limit)
    allIDs = pair.ids
  }

  /// Records a body of 1 to 4 random operations (edits, now and then an
  /// expansion, an update), which throws at the end now and then.
  mutating func recordRandomBody(using rng: inout SplitMix64, context: String) {
    let documentBefore = pair.reference.document
    let flagsBefore = pair.reference.nodes.mapValues(\.expanded)
    let rowsBefore = pair.reference.visibleRows
    let rootsBefore = Set(pair.reference.roots)
    let showingBefore = pair.reference.decorations
    let throwsAtEnd = rng.chance(0.15)
    let merging = !throwsAtEnd && rng.chance(0.15)
    let redoBefore = history.redoCount
    var view = CachedTableView(showing: pair.outline)
    let stepName = context
    var moved: Set<Int> = []
    var valueSet: Set<Int> = []
    var described: [String] = []
    var engine = pair.outline
    pair.outline = Outline()  // keep `engine` uniquely referenced
    var change: OutlineChange?
    var history = self.history
    defer { self.history = history }
    do {
      let body = { (inner: inout Outline<Int>) throws in
        for _ in 0 ..< rng.int(in: 1 ... 4) {
          let op = randomBodyOperation(using: &rng)
          described.append(op.description)
          let flags = pair.reference.nodes.mapValues(\.expanded)
          pair.apply(op, to: &inner, moved: &moved, valueSet: &valueSet)
          for (value, flag) in flags where pair.reference.nodes[value] == nil { graveyard[value] = flag }
          noteIDs()
        }
        if throwsAtEnd { throw Abort() }
      }
      change = try merging ? history.recordIntoLastStep(in: &engine, body) : history.record(in: &engine, named: stepName, body)
    } catch {
      expect(error is Abort, "record rethrew \(error)")
    }
    pair.outline = engine
    let context = "\(context): \(merging ? "recordIntoLastStep" : "record") { \(described.joined(separator: "; ")) }\(throwsAtEnd ? " throws" : "")"
    if throwsAtEnd {
      // Everything the body did is undone, its flags too.
      for (value, node) in pair.reference.nodes where documentBefore.children[value] == nil { graveyard[value] = node.expanded }
      pair.reference.restore(documentBefore, graveyard: &graveyard)
      for (value, flag) in flagsBefore { pair.reference.nodes[value]?.expanded = flag }
      reviveAnswers()
      expect(change == nil, "a throwing body returned a change [\(context)]")
      checkAll(context)
      return
    }
    let rowsAfter = pair.reference.visibleRows
    var redraw = valueSet.union(pair.reference.decorationsTurned(since: showingBefore))
      .filter { pair.reference.nodes[$0] != nil }
    for (value, node) in pair.reference.nodes where flagsBefore[value] != nil && flagsBefore[value] != node.expanded {
      redraw.insert(value)
    }
    let expected = expectedChange(
      old: rowsBefore, new: rowsAfter, moved: moved, redraw: redraw, oldRoots: rootsBefore, newRoots: Set(pair.reference.roots))
    expectEqual(change, expected, "change of the recorded body [\(context)]")
    if let change { view.apply(change, to: pair.outline, valuesSet: valueSet, context: "recorded body \(context)") }
    let documentAfter = pair.reference.document
    // A body that edited nothing keeps no step (one whose edits cancel
    // out may keep one: the engine kept it when it can undo more).
    self.history = history
    if merging {
      // The edits join the newest step (none kept without one); they
      // clear what could be redone when the engine logged any.
      if redoBefore > 0 && history.redoCount == 0 { redoSteps = [] }
      if var last = undoSteps.popLast() {
        last.after = documentAfter
        last.moved.formUnion(moved)
        last.valueSet.formUnion(valueSet)
        undoSteps.append(last)
      }
      checkAll(context)
      return
    }
    // A body that edited nothing keeps no step (one whose edits cancel
    // out may keep one or not: the step's name tells).
    let keptStep = limit > 0 && history.undoName == stepName
    if documentAfter != documentBefore || !valueSet.isEmpty || !moved.isEmpty {
      expect(keptStep || limit == 0, "an edit kept no step [\(context)]")
    }
    if keptStep {
      redoSteps = []
      undoSteps.append(Step(before: documentBefore, after: documentAfter, moved: moved, valueSet: valueSet))
      if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
    }
    checkAll(context)
  }

  /// An edit (most of the time), an expansion or an update, valid now.
  mutating func randomBodyOperation(using rng: inout SplitMix64) -> OutlineOperation {
    if rng.chance(0.15) { return .update(pair.randomUpdate(using: &rng)) }
    while true {
      let op = pair.randomOperation(using: &rng, batches: false)
      switch op {
      case .filter, .setRowHeight, .setRowHeights, .setEstimatedRowHeight: continue
      case .expansion: if rng.chance(0.3) { return op }
      default: return op
      }
    }
  }

  /// Undoes (or redoes) a step, and checks the tree and the change.
  mutating func replay(forwards: Bool, context: String) {
    let rowsBefore = pair.reference.visibleRows
    let rootsBefore = Set(pair.reference.roots)
    let showingBefore = pair.reference.decorations
    var view = CachedTableView(showing: pair.outline)
    let change = forwards ? history.redo(in: &pair.outline) : history.undo(in: &pair.outline)
    guard let step = forwards ? redoSteps.popLast() : undoSteps.popLast() else {
      expect(change == nil, "\(forwards ? "redo" : "undo") with nothing to do returned \(String(describing: change)) [\(context)]")
      return
    }
    guard let change else {
      fail("\(forwards ? "redo" : "undo") returned nil with a step to apply [\(context)]")
      return
    }
    pair.widenStack = []  // an undo or redo is an edit: nothing to widen back to
    pair.reference.restore(forwards ? step.after : step.before, graveyard: &graveyard)
    reviveAnswers()
    if forwards { undoSteps.append(step) } else { redoSteps.append(step) }
    let rowsAfter = pair.reference.visibleRows
    let expected = expectedChange(
      old: rowsBefore, new: rowsAfter, moved: step.moved,
      redraw: step.valueSet.union(pair.reference.decorationsTurned(since: showingBefore))
        .filter { pair.reference.nodes[$0] != nil }, oldRoots: rootsBefore,
      newRoots: Set(pair.reference.roots))
    let name = forwards ? "redo" : "undo"
    expectEqual(change, expected, "change of \(name) [\(context)]")
    var double = BatchUpdateDouble(rows: rowsBefore)
    double.apply(change, newRows: rowsAfter, context: "\(name) \(context)")
    view.apply(change, to: pair.outline, valuesSet: step.valueSet, context: "\(name) \(context)")
    checkAll("\(name) \(context)")
  }

  /// The filter's answers for nodes that came back: the engine asks the
  /// filter again.
  mutating func reviveAnswers() {
    guard pair.reference.answers != nil else { return }
    for value in pair.reference.nodes.keys where pair.reference.answers![value] == nil || true {
      pair.reference.answers![value] = pair.book.answer(value)
    }
  }

  /// Remembers the IDs of new nodes.
  mutating func noteIDs() {
    for (value, id) in pair.ids { allIDs[value] = id }
  }

  /// Gives the pair the IDs of the nodes there are, and checks that the
  /// others' IDs are gone; then everything else.
  mutating func checkAll(_ context: String) {
    noteIDs()
    pair.ids = allIDs.filter { pair.reference.nodes[$0.key] != nil }
    pair.removedIDs = allIDs.filter { pair.reference.nodes[$0.key] == nil }.map(\.value)
    expectEqual(history.canUndo, !undoSteps.isEmpty, "canUndo [\(context)]")
    expectEqual(history.canRedo, !redoSteps.isEmpty, "canRedo [\(context)]")
    expectEqual(history.canUndo(in: pair.outline), !undoSteps.isEmpty, "canUndo(in:) [\(context)]")
    expectEqual(history.canRedo(in: pair.outline), !redoSteps.isEmpty, "canRedo(in:) [\(context)]")
    pair.check(context)
  }

  /// Makes a call outside the history, in a batch (or, for an update, as
  /// its own call), and checks what it did to the history: a view change,
  /// a refused call, or one that changed nothing, leaves it; an edit
  /// clears it, and the exact undo state says so at once.
  mutating func performOutside(_ op: OutlineOperation, inBatch: Bool = true, context: String) {
    let version = pair.outline._core.editVersion
    let before = pair.reference.document
    let couldUndo = history.canUndo(in: pair.outline)
    let couldRedo = history.canRedo(in: pair.outline)
    if case .update(let step) = op, !inBatch {
      var moved: Set<Int> = []
      var valueSet: Set<Int> = []
      pair.widenStack = []
      var engine = pair.outline
      pair.outline = Outline()  // keep `engine` uniquely referenced
      pair.applyUpdate(step, to: &engine, moved: &moved, valueSet: &valueSet)
      pair.outline = engine
    } else {
      pair.performInBatch(op, context: "\(context): \(op) outside the history")
    }
    noteIDs()
    guard pair.outline._core.editVersion != version else {
      expect(pair.reference.document == before, "\(op) changed the tree but not its edit version [\(context)]")
      expectEqual(history.canUndo(in: pair.outline), couldUndo, "canUndo(in:) after \(op), which edited nothing [\(context)]")
      expectEqual(history.canRedo(in: pair.outline), couldRedo, "canRedo(in:) after \(op), which edited nothing [\(context)]")
      checkAll("\(context): after \(op) outside the history, which edited nothing")
      return
    }
    // The exact state says so at once, before the history's next call.
    expect(!history.canUndo(in: pair.outline), "canUndo(in:) after an edit outside the history [\(context)]")
    expect(!history.canRedo(in: pair.outline), "canRedo(in:) after an edit outside the history [\(context)]")
    let undone = history.undo(in: &pair.outline)
    expect(undone == nil, "undo after an edit outside the history did \(String(describing: undone)) [\(context)]")
    undoSteps = []
    redoSteps = []
    checkAll("\(context): after \(op) outside the history")
  }
}
