/// The targets of the issues (5: the engine; 11: filtering; 12: updating;
/// 13: geometry; 26: drag and drop; 27: undo; 28: sticky rows; 32:
/// performance round 3 and search as you type), checked against a run's
/// medians.
struct Targets {
  struct Line {
    var target: String
    var measured: String
    var met: Bool?
  }

  let report: Report
  /// The run's dependent read from memory (ns), which cold lookups are
  /// held against.
  var memoryRead: Double?

  /// Sizes the issue sets targets for, among those run; the largest size
  /// run when neither was (the verdict is then only indicative).
  var sizes: [Int] {
    let run = Set(report.results.map(\.count))
    let official = [1_000_000, 10_000_000].filter(run.contains)
    return official.isEmpty ? run.max().map { [$0] } ?? [] : official
  }

  func lines(at n: Int) -> [Line] {
    let big = n >= 10_000_000
    var lines: [Line] = []
    let shapes = TreeSpec.Shape.allCases

    // The worst engine median of `operations` over every shape.
    func worst(_ operations: [Operation], _ subject: Subject = .engine) -> (Double, String)? {
      var result: (Double, String)?
      for shape in shapes {
        for operation in operations {
          guard let value = report.median(operation, shape, n, subject) else { continue }
          if result == nil || value > result!.0 { result = (value, "\(shape.rawValue) \(operation.rawValue)") }
        }
      }
      return result
    }
    func limit(_ name: String, _ operations: [Operation], _ bound: Double, unit: String = "") {
      guard let (value, at) = worst(operations) else { return }
      lines.append(Line(target: "\(name) <= \(unit.isEmpty ? formatNanoseconds(bound) : format2(bound) + " " + unit)",
        measured: "worst \(unit.isEmpty ? formatNanoseconds(value) : format2(value) + " " + unit) (\(at))", met: value <= bound))
    }

    limit("expand/collapse, every shape", [.expand, .collapse], big ? 4_000 : 2_000)
    // Speedup over (b), the least over shapes and both operations.
    var least: (Double, String)?
    for shape in shapes {
      for operation in [Operation.expand, .collapse] {
        guard let mine = report.median(operation, shape, n, .engine) else { continue }
        switch report.result(operation, shape, n, .flat)?.outcome {
        case .measured(let timing)?:
          let speedup = timing.median / mine
          if least == nil || speedup < least!.0 { least = (speedup, "\(shape.rawValue) \(operation.rawValue)") }
        case .skipped?, nil:
          continue
        }
      }
    }
    if let (speedup, at) = least {
      let bound = big ? 1_000.0 : 100.0
      lines.append(Line(target: "expand/collapse >= \(Int(bound))x faster than (b)", measured: "least \(ratio(speedup)) (\(at))", met: speedup >= bound))
    }
    limit("id(atRow:) cold random", [.idAtRowCold], big ? 400 : 250)
    limit("row(of:) cold random", [.rowOfCold], big ? 450 : 300)
    // The same bound for handles whose nodes have moved in the index since
    // they were made (their hints stale), for information.
    limit("row(of:) cold, entries moved", [.rowOfColdMoved], big ? 450 : 300)
    // Toggle times of chain, wide and balanced within 1.5x of each other.
    let toggles = [TreeSpec.Shape.chain, .wide, .balanced].compactMap { shape in
      report.median(.toggle, shape, n, .engine).map { ($0, shape.rawValue) }
    }
    if toggles.count == 3, let fast = toggles.min(by: { $0.0 < $1.0 }), let slow = toggles.max(by: { $0.0 < $1.0 }) {
      let spread = slow.0 / fast.0
      lines.append(Line(
        target: "toggle: chain / wide / balanced within 1.5x",
        measured: "\(format2(spread))x (\(slow.1) \(formatNanoseconds(slow.0)) vs \(fast.1) \(formatNanoseconds(fast.0)))",
        met: spread <= 1.5))
    }
    // Issue 15 names one figure; both patterns are held to it.
    limit("toggle, cold (issue 15)", [.toggle], 500)
    limit("toggle, warm (issue 15)", [.toggleWarm], 500)
    limit("build, Outline(preorder:)", [.buildPreorder], 25)
    limit("build, Outline(roots:children:)", [.buildNested], 40)
    limit("sequential rows", [.window], 5)
    filterTargets(at: n, into: &lines)
    geometryTargets(at: n, into: &lines)
    updateTargets(at: n, into: &lines)
    dragAndDropTargets(at: n, into: &lines)
    historyTargets(at: n, into: &lines)
    limit("stickyRows, limit 7", [.stickyRows], 2_000)  // issue 28
    if big { limit("narrowFilter, a keystroke at 10^7", [.narrowFilter], 16_000_000) }  // issue 32
    roundThreeTargets(at: n, into: &lines)
    checkmarkTargets(at: n, into: &lines)
    let bytes = report.memory.filter { $0.count == n }.map { (Double($0.indexBytes) / Double(n), $0.shape.rawValue) }
    if let most = bytes.max(by: { $0.0 < $1.0 }) {
      lines.append(Line(target: "index memory <= 32 bytes/node", measured: "worst \(format2(most.0)) bytes/node (\(most.1))", met: most.0 <= 32))
    }
    return lines
  }

  /// Issue 11: `setFilter` at most 30 ns/node on top of the predicate;
  /// toggle and lookups while filtered within 1.5x of their unfiltered
  /// medians; a leaf edit while filtered at most 20 us.
  func filterTargets(at n: Int, into lines: inout [Line]) {
    var worstSetFilter: (Double, String)?
    var worstRatio: (Double, String)?
    var worstEdit: (Double, String)?
    for shape in TreeSpec.Shape.allCases {
      if let set = report.median(.setFilter, shape, n, .engine), let predicate = report.median(.filterPredicate, shape, n, .engine) {
        let own = set - predicate
        if worstSetFilter == nil || own > worstSetFilter!.0 { worstSetFilter = (own, shape.rawValue) }
      }
      for (filtered, plain) in [(Operation.toggleFiltered, Operation.toggle), (.idAtRowFiltered, .idAtRow), (.rowOfFiltered, .rowOf)] {
        guard let a = report.median(filtered, shape, n, .engine), let b = report.median(plain, shape, n, .engine) else { continue }
        if worstRatio == nil || a / b > worstRatio!.0 { worstRatio = (a / b, "\(shape.rawValue) \(plain.rawValue)") }
      }
      for edit in [Operation.insertLeafFiltered, .removeLeafFiltered] {
        guard let value = report.median(edit, shape, n, .engine) else { continue }
        if worstEdit == nil || value > worstEdit!.0 { worstEdit = (value, "\(shape.rawValue) \(edit.rawValue)") }
      }
    }
    if let (value, at) = worstSetFilter {
      lines.append(Line(target: "setFilter <= 30 ns/node + predicate", measured: "worst \(format3(value)) ns/node + predicate (\(at))", met: value <= 30))
    }
    if let (value, at) = worstRatio {
      lines.append(Line(target: "toggle, lookups filtered <= 1.5x unfiltered", measured: "worst \(format2(value))x (\(at))", met: value <= 1.5))
    }
    if let (value, at) = worstEdit {
      lines.append(Line(target: "leaf edit while filtered <= 20 us", measured: "worst \(formatNanoseconds(value)) (\(at))", met: value <= 20_000))
    }
  }

  /// Issue 13: offset ↔ row at most 1.2x `id(atRow:)`; toggle with heights
  /// at most 1.2x without; at least 100x faster than (d) for a toggle;
  /// the index at most 32 bytes/node with heights.
  func geometryTargets(at n: Int, into lines: inout [Line]) {
    var worstLookup: (Double, String)?
    var worstToggle: (Double, String)?
    var leastSpeedup: (Double, String)?
    for shape in TreeSpec.Shape.allCases {
      if let base = report.median(.idAtRow, shape, n, .engine) {
        for operation in [Operation.offsetOfRow, .rowAtOffset] {
          guard let value = report.median(operation, shape, n, .engine) else { continue }
          if worstLookup == nil || value / base > worstLookup!.0 { worstLookup = (value / base, "\(shape.rawValue) \(operation.rawValue)") }
        }
      }
      if let with = report.median(.toggleWithHeights, shape, n, .engine) {
        if let without = report.median(.toggle, shape, n, .engine), worstToggle == nil || with / without > worstToggle!.0 {
          worstToggle = (with / without, shape.rawValue)
        }
        if let hand = report.median(.toggleWithHeights, shape, n, .byHand), leastSpeedup == nil || hand / with < leastSpeedup!.0 {
          leastSpeedup = (hand / with, shape.rawValue)
        }
      }
    }
    if let (value, at) = worstLookup {
      lines.append(Line(target: "offset <-> row <= 1.2x id(atRow:)", measured: "worst \(format2(value))x (\(at))", met: value <= 1.2))
    }
    if let (value, at) = worstToggle {
      lines.append(Line(target: "toggle with heights <= 1.2x without", measured: "worst \(format2(value))x (\(at))", met: value <= 1.2))
    }
    if let (value, at) = leastSpeedup {
      lines.append(Line(target: "toggle with heights >= 100x faster than (d)", measured: "least \(ratio(value)) (\(at))", met: value >= 100))
    }
    let bytes = report.memoryWithHeights.filter { $0.count == n }.map { (Double($0.indexBytes) / Double(n), $0.shape.rawValue) }
    if let most = bytes.max(by: { $0.0 < $1.0 }) {
      lines.append(Line(target: "index memory with heights <= 32 bytes/node", measured: "worst \(format2(most.0)) bytes/node (\(most.1))", met: most.0 <= 32))
    }
  }

  /// Issue 12: a whole-tree update with no change at most 120 ns/node,
  /// with 1% changed (values, insertions, removals, moves) at most 150
  /// ns/node; a partial update of a 1,000-child folder at most 1 ms; every
  /// update at least 10x faster than (d), the rebuild and row diff. Issue
  /// 32: 1% moved at most 120 ns/node, every update at least 3x (d).
  func updateTargets(at n: Int, into lines: inout [Line]) {
    func worst(_ operations: [Operation]) -> (Double, String)? {
      var result: (Double, String)?
      for shape in TreeSpec.Shape.allCases {
        for operation in operations {
          guard let value = report.median(operation, shape, n, .engine) else { continue }
          if result == nil || value > result!.0 { result = (value, "\(shape.rawValue) \(operation.rawValue)") }
        }
      }
      return result
    }
    if let (value, at) = worst([.updateNoChange]) {
      lines.append(Line(target: "update, no change <= 120 ns/node", measured: "worst \(format3(value)) ns/node (\(at))", met: value <= 120))
    }
    if let (value, at) = worst([.updateValues, .updateInserted, .updateRemoved, .updateMoved]) {
      lines.append(Line(target: "update, 1% changed <= 150 ns/node", measured: "worst \(format3(value)) ns/node (\(at))", met: value <= 150))
    }
    if let (value, at) = worst([.updateMoved]) {  // issue 32, at 10^7 too
      lines.append(Line(target: "update, 1% moved <= 120 ns/node", measured: "worst \(format3(value)) ns/node (\(at))", met: value <= 120))
    }
    if let (value, at) = worst([.updatePartial]) {
      lines.append(Line(target: "partial update, 1,000 children <= 1 ms", measured: "worst \(formatNanoseconds(value)) (\(at))", met: value <= 1_000_000))
    }
    var least: (Double, String)?
    for shape in TreeSpec.Shape.allCases {
      for operation in UpdateSuite.operations {
        guard let mine = report.median(operation, shape, n, .engine), let hand = report.median(operation, shape, n, .byHand) else {
          continue
        }
        if least == nil || hand / mine < least!.0 { least = (hand / mine, "\(shape.rawValue) \(operation.rawValue)") }
      }
    }
    if let (value, at) = least {
      lines.append(Line(target: "update >= 10x faster than (d)", measured: "least \(ratio(value)) (\(at))", met: value >= 10))
      // Issue 32's bound for every row of the table.
      lines.append(Line(target: "update >= 3x faster than (d)", measured: "least \(ratio(value)) (\(at))", met: value >= 3))
    }
  }

  /// Issue 32, the figures that round 3 holds to new bounds (its other
  /// bounds are the lines of issues 5, 13 and 15 above): a filtered toggle
  /// at most 1.2x an unfiltered one, `row(atOffset:)` at most 1.3x
  /// `id(atRow:)`, cold lookups at most 1.2x the run's memory read, and
  /// a toggle at least 100x faster than (b)'s splice at a known row.
  func roundThreeTargets(at n: Int, into lines: inout [Line]) {
    func most(_ ratio: (TreeSpec.Shape) -> [(Double, String)]) -> (Double, String)? {
      TreeSpec.Shape.allCases.flatMap(ratio).max { $0.0 < $1.0 }
    }
    func quotient(_ a: Operation, _ aSubject: Subject = .engine, over b: Operation, _ bSubject: Subject = .engine)
      -> (TreeSpec.Shape) -> [(Double, String)]
    {
      { shape in
        guard let x = report.median(a, shape, n, aSubject), let y = report.median(b, shape, n, bSubject) else { return [] }
        return [(x / y, "\(shape.rawValue) \(a.rawValue)")]
      }
    }
    if let (value, at) = most(quotient(.toggleFiltered, over: .toggle)) {
      lines.append(Line(target: "toggle, filtered <= 1.2x unfiltered", measured: "worst \(format2(value))x (\(at))", met: value <= 1.2))
    }
    if let (value, at) = most(quotient(.rowAtOffset, over: .idAtRow)) {
      lines.append(Line(target: "row(atOffset:) <= 1.3x id(atRow:)", measured: "worst \(format2(value))x (\(at))", met: value <= 1.3))
    }
    if let memoryRead {
      let cold = most { shape in
        [Operation.idAtRowCold, .rowOfCold].compactMap { operation in
          report.median(operation, shape, n, .engine).map { ($0 / memoryRead, "\(shape.rawValue) \(operation.rawValue)") }
        }
      }
      if let (value, at) = cold {
        lines.append(Line(
          target: "cold lookups <= 1.2x the memory read (\(format2(memoryRead)) ns)", measured: "worst \(format2(value))x (\(at))",
          met: value <= 1.2))
      }
    }
    // The least speedup: the largest engine / (b) ratio, inverted.
    if let (value, at) = most(quotient(.toggle, over: .toggleKnownRow, .flat)) {
      lines.append(Line(
        target: "toggle >= 100x faster than (b) at a known row", measured: "least \(ratio(1 / value)) (\(at))",
        met: 1 / value >= 100))
    }
  }

  /// Issue 26: `dropTarget` at most 2x `id(atRow:)` (both cold random);
  /// moving a selection no slower than the same moves one by one in a
  /// batch, and at least 100x faster than (d), the app's own tree moved and
  /// its rows rebuilt.
  func dragAndDropTargets(at n: Int, into lines: inout [Line]) {
    var worstDrop: (Double, String)?
    var worstTogether: (Double, String)?
    var leastSpeedup: (Double, String)?
    for shape in TreeSpec.Shape.allCases {
      if let drop = report.median(.dropTarget, shape, n, .engine), let lookup = report.median(.idAtRowCold, shape, n, .engine),
        worstDrop == nil || drop / lookup > worstDrop!.0
      {
        worstDrop = (drop / lookup, shape.rawValue)
      }
      for (_, together, oneByOne) in DragAndDropSuite.selectionSizes {
        guard let mine = report.median(together, shape, n, .engine) else { continue }
        if let oneByOne, let single = report.median(oneByOne, shape, n, .engine), worstTogether == nil || mine / single > worstTogether!.0 {
          worstTogether = (mine / single, "\(shape.rawValue) \(together.rawValue)")
        }
        if let hand = report.median(together, shape, n, .byHand), leastSpeedup == nil || hand / mine < leastSpeedup!.0 {
          leastSpeedup = (hand / mine, "\(shape.rawValue) \(together.rawValue)")
        }
      }
    }
    if let (value, at) = worstDrop {
      lines.append(Line(target: "dropTarget <= 2x id(atRow:), cold", measured: "worst \(format2(value))x (\(at))", met: value <= 2))
    }
    if let (value, at) = worstTogether {
      lines.append(Line(target: "move(_:to:) <= one by one in a batch", measured: "worst \(format2(value))x (\(at))", met: value <= 1))
    }
    if let (value, at) = leastSpeedup {
      lines.append(Line(target: "moving a selection >= 100x faster than (d)", measured: "least \(ratio(value)) (\(at))", met: value >= 100))
    }
  }

  /// Issue 27: a recorded leaf insert and its undo at most 3x the bare
  /// insert and remove; removing and restoring a big subtree at least 10x
  /// faster than (d), a copy per step, and keeping less memory.
  func historyTargets(at n: Int, into lines: inout [Line]) {
    var worstSingle: (Double, String)?
    var leastBig: (Double, String)?
    var worstBytes: (Double, String)?
    for shape in TreeSpec.Shape.allCases {
      if let record = report.median(.historyInsert, shape, n, .engine), let undo = report.median(.historyUndoInsert, shape, n, .engine),
        let insert = report.median(.insertLeaf, shape, n, .engine), let remove = report.median(.removeLeaf, shape, n, .engine)
      {
        let ratio = (record + undo) / (insert + remove)
        if worstSingle == nil || ratio > worstSingle!.0 { worstSingle = (ratio, shape.rawValue) }
      }
      if let record = report.median(.historyRemoveBig, shape, n, .engine), let undo = report.median(.historyUndoRemoveBig, shape, n, .engine),
        let copy = report.median(.historyRemoveBig, shape, n, .byHand), let back = report.median(.historyUndoRemoveBig, shape, n, .byHand)
      {
        let speedup = (copy + back) / (record + undo)
        if leastBig == nil || speedup < leastBig!.0 { leastBig = (speedup, shape.rawValue) }
      }
      if let mine = report.median(.historyRemoveBigBytes, shape, n, .engine), let copy = report.median(.historyRemoveBigBytes, shape, n, .byHand) {
        let share = mine / copy
        if worstBytes == nil || share > worstBytes!.0 { worstBytes = (share, shape.rawValue) }
      }
    }
    if let (value, at) = worstSingle {
      lines.append(Line(target: "recorded insert + undo <= 3x bare insert + remove", measured: "worst \(format2(value))x (\(at))", met: value <= 3))
    }
    if let (value, at) = leastBig {
      lines.append(Line(target: "big subtree out and back >= 10x faster than (d)", measured: "least \(ratio(value)) (\(at))", met: value >= 10))
    }
    if let (value, at) = worstBytes {
      lines.append(Line(target: "memory of that step < a copy's", measured: "worst \(format2(value * 100))% of a copy (\(at))", met: value < 1))
    }
  }

  func print() {
    for n in sizes {
      let indicative = n < 1_000_000 ? " (indicative only: the targets are for 10^6 and 10^7)" : ""
      Swift.print("== targets at n = \(grouped(n))\(indicative)")
      for line in lines(at: n) {
        let verdict = line.met.map { $0 ? "met" : "MISSED" } ?? ""
        Swift.print("\(line.target.padding(46)) \(line.measured.padding(58)) \(verdict)")
      }
      Swift.print()
    }
  }

  /// Issue 43: checking a node at most 3x a toggle (the mid-level check;
  /// the root's includes a reload per shown row), a row's state at most
  /// 2x `id(atRow:)`, both cold, on every shape.
  func checkmarkTargets(at n: Int, into lines: inout [Line]) {
    for (operation, base, bound) in [(Operation.checkMidLevel, Operation.toggle, 3.0), (.checkState, .idAtRowCold, 2.0)] {
      let ratios = TreeSpec.Shape.allCases.compactMap { shape -> (Double, String)? in
        guard let a = report.median(operation, shape, n, .engine), let b = report.median(base, shape, n, .engine) else { return nil }
        return (a / b, shape.rawValue)
      }
      guard let (value, at) = ratios.max(by: { $0.0 < $1.0 }) else { continue }
      lines.append(Line(
        target: "\(operation.rawValue) <= \(format2(bound))x \(base.rawValue)", measured: "worst \(format2(value))x (\(at))",
        met: value <= bound))
    }
  }
}
