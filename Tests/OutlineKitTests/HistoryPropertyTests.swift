import XCTest

@testable import OutlineKit

/// Random sequences of recorded bodies (every edit kind, several per body,
/// bodies that throw), with expansion, filters and heights changed in
/// between, undo and redo at random and to the ends of both lists, and
/// edits outside the history; after every step the whole tree, the IDs and
/// the change are checked against the reference model, which replays the
/// history as whole documents. Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed>`.
final class HistoryPropertyTests: XCTestCase {
  /// A thrown error that ends a recorded body.
  struct Abort: Error {}

  /// The pair, its history, and the reference's own history: each step's
  /// document before and after, with the nodes it moved and whose values
  /// it set.
  struct Harness {
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
      let showingBefore = pair.reference.nodesShowingChildren
      let throwsAtEnd = rng.chance(0.15)
      let merging = !throwsAtEnd && rng.chance(0.15)
      let redoBefore = history.redoCount
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
      var redraw = valueSet.union(showingBefore.symmetricDifference(pair.reference.nodesShowingChildren))
        .filter { pair.reference.nodes[$0] != nil }
      for (value, node) in pair.reference.nodes where flagsBefore[value] != nil && flagsBefore[value] != node.expanded {
        redraw.insert(value)
      }
      let expected = expectedChange(
        old: rowsBefore, new: rowsAfter, moved: moved, redraw: redraw, oldRoots: rootsBefore, newRoots: Set(pair.reference.roots))
      expectEqual(change, expected, "change of the recorded body [\(context)]")
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
        case .filter, .setRowHeight, .setEstimatedRowHeight: continue
        case .expansion: if rng.chance(0.3) { return op }
        default: return op
        }
      }
    }

    /// Undoes (or redoes) a step, and checks the tree and the change.
    mutating func replay(forwards: Bool, context: String) {
      let rowsBefore = pair.reference.visibleRows
      let rootsBefore = Set(pair.reference.roots)
      let showingBefore = pair.reference.nodesShowingChildren
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
        redraw: step.valueSet.union(showingBefore.symmetricDifference(pair.reference.nodesShowingChildren))
          .filter { pair.reference.nodes[$0] != nil }, oldRoots: rootsBefore,
        newRoots: Set(pair.reference.roots))
      let name = forwards ? "redo" : "undo"
      expectEqual(change, expected, "change of \(name) [\(context)]")
      var double = BatchUpdateDouble(rows: rowsBefore)
      double.apply(change, newRows: rowsAfter, context: "\(name) \(context)")
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
      pair.check(context)
    }
  }

  func testRandomHistoriesMatchTheReference() {
    for seed in testSeeds(count: 8) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        let size = rng.int(in: 0 ... 30)
        let limit = rng.chance(0.25) ? rng.int(in: 0 ... 3) : 100
        var harness = Harness(pair: OutlinePair(depths: shape.depths(count: size, using: &rng)), limit: limit)
        for step in 0 ..< 120 {
          let context = "seed \(seed), \(shape), limit \(limit), step \(step)"
          switch rng.int(in: 0 ..< 100) {
          case 0 ..< 40:
            harness.recordRandomBody(using: &rng, context: context)
          case 40 ..< 55:
            // Not steps: expansion, a filter, heights, between the steps.
            // (An empty outline only ever gets inserts: expand all there.)
            var op = harness.pair.randomOperation(using: &rng, batches: false)
            for _ in 0 ..< 20 where !op.isViewChange { op = harness.pair.randomOperation(using: &rng, batches: false) }
            if !op.isViewChange { op = .expansion(.expandAll) }
            harness.pair.performInBatch(op, context: "\(context): \(op)")
            harness.checkAll("\(context): \(op)")
          case 55 ..< 72:
            harness.replay(forwards: false, context: context)
          case 72 ..< 87:
            harness.replay(forwards: true, context: context)
          case 87 ..< 95:
            // To the end of one list, then of the other.
            let forwards = rng.chance(0.5)
            for _ in 0 ... harness.undoSteps.count + harness.redoSteps.count {
              harness.replay(forwards: forwards, context: "\(context), to the end")
            }
          default:
            // An edit outside the history clears it.
            var op = harness.pair.randomOperation(using: &rng, batches: false)
            while op.isViewChange { op = harness.pair.randomOperation(using: &rng, batches: false) }
            let version = harness.pair.outline._core.editVersion
            harness.pair.performInBatch(op, context: "\(context): \(op) outside the history")
            harness.noteIDs()
            // A refused or failed call edits nothing, and leaves the history.
            guard harness.pair.outline._core.editVersion != version else {
              harness.checkAll("\(context): after \(op) outside the history, which edited nothing")
              break
            }
            let undone = harness.history.undo(in: &harness.pair.outline)
            expect(undone == nil, "undo after an edit outside the history did \(String(describing: undone)) [\(context)]")
            harness.undoSteps = []
            harness.redoSteps = []
            harness.checkAll("\(context): after \(op) outside the history")
          }
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step)")
            return
          }
        }
      }
    }
  }
}

extension OutlineOperation {
  /// Whether the operation changes only the view (expansion, filter,
  /// heights), which an undo history does not record.
  var isViewChange: Bool {
    switch self {
    case .expansion, .filter, .setRowHeight, .setEstimatedRowHeight: true
    case .batch(let operations): operations.allSatisfy(\.isViewChange)
    default: false
    }
  }
}
