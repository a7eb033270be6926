import OutlineTestSupport

/// The operations every subject implements, measured on one tree: build,
/// lookups both ways, 50-row windows, expand / collapse / toggle,
/// expandAll / collapseAll, and a batch of 100 toggles.
///
/// Generic over the subject, so the engine and the baselines run the very
/// same loops on the very same inputs (the compiler specializes each).
struct CommonSuite<Model: OutlineModel> {
  let workload: Workload
  let options: BenchOptions
  var subject: Subject { Model.subject }
  var budget: Budget { .forSubject(Model.subject) }

  /// Runs every selected operation and returns the subject's model, in the
  /// workload's starting state. `reference`, when given, is the engine on
  /// the same tree; the model is cross-checked against it first.
  func run(into report: inout Report, reference: EngineModel? = nil) -> Model {
    let preorder = workload.preorder
    // The built model is freed untimed: building is what is measured.
    var built: Model?
    record(.buildPreorder, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: budget, unitsPerOperation: workload.count,
        { _ in built = Model.build(preorder: preorder) }, undo: { _ in built = nil })
    }
    blackHole(built)

    var model = Model.build(preorder: preorder)
    model.prepare(expanded: workload.expanded)
    precondition(model.rowCount == workload.rowCount, "\(subject): \(model.rowCount) rows, expected \(workload.rowCount)")
    if let reference {
      CrossCheck(workload: workload).run(model, against: reference)
    }

    measureLookups(model, into: &report)
    measureExpansion(&model, into: &report)
    measureAll(&model, into: &report)
    return model
  }

  /// Runs a measurement if its operation is selected, and records it.
  private func record(_ operation: Operation, into report: inout Report, _ body: () -> Outcome) {
    report.record(operation, workload, subject, options: options, body)
  }

  // MARK: Lookups and iteration

  /// Independent lookups back to back (throughput), in three patterns:
  /// warm (4,096 random inputs, the same every sample: what stays in the
  /// caches), cold random (a fresh random input per operation over the
  /// whole outline: what an app jumping around a big list meets), and local
  /// (each input near the previous one: scrolling). Each result is folded
  /// into a checksum that is black-holed.
  private func measureLookups(_ model: Model, into report: inout Report) {
    measureColdAndLocalLookups(model, into: &report)
    let rows = workload.randomRows
    record(.idAtRow, into: &report) {
      measure(samples: options.samples, budget: budget, maxOperations: rows.count) { k in
        var sum: UInt64 = 0
        for row in rows[..<k] { sum = sum &+ Model.fold(model.id(atRow: row)) }
        blackHole(sum)
      }
    }
    let ids = workload.randomVisibleNodes.map(model.id(ofNode:))
    record(.rowOf, into: &report) {
      measure(samples: options.samples, budget: budget, maxOperations: ids.count) { k in
        var sum = 0
        for id in ids[..<k] { sum = sum &+ (model.row(of: id) ?? -1) }
        blackHole(sum)
      }
    }
    let length = Workload.windowLength
    let starts = workload.windowStarts.map { $0 ..< Swift.min($0 + length, model.rowCount) }
    guard starts.allSatisfy({ $0.count == length }) else { return }
    record(.window, into: &report) {
      measure(samples: options.samples, budget: budget, maxOperations: starts.count, unitsPerOperation: length) { k in
        var sum: UInt64 = 0
        for rows in starts[..<k] { sum = sum &+ model.checksum(ofRows: rows) }
        blackHole(sum)
      }
    }
  }

  /// Lookups that no cache can hold for the engine: a random row made
  /// inline per operation, 2^20 random node handles read in order, and
  /// walks that move a few rows at a time.
  private func measureColdAndLocalLookups(_ model: Model, into report: inout Report) {
    let count = model.rowCount
    guard count > 0 else { return }
    let unbounded = 1 << 40
    var rng = SplitMix64(seed: 0xC01D)
    record(.idAtRowCold, into: &report) {
      measure(samples: options.samples, budget: budget, maxOperations: unbounded) { k in
        var sum: UInt64 = 0
        for _ in 0 ..< k { sum = sum &+ Model.fold(model.id(atRow: CommonSuite.row(rng.next(), below: count))) }
        blackHole(sum)
      }
    }
    var walk = 0
    record(.idAtRowLocal, into: &report) {
      measure(samples: options.samples, budget: budget, maxOperations: unbounded) { k in
        var sum: UInt64 = 0
        for _ in 0 ..< k {
          walk = CommonSuite.step(walk, rng.next(), count: count)
          sum = sum &+ Model.fold(model.id(atRow: walk))
        }
        blackHole(sum)
      }
    }
    guard [Operation.rowOfCold, .rowOfLocal, .rowOfColdMoved].contains(where: { options.includes(operation: $0.rawValue) })
    else { return }
    // Handles made untimed: 2^20 random ones (8 MiB, more than the caches
    // hold of the index's lines they lead to), and a walk's. They come from
    // the workload's row order, not from the subject's id(atRow:), which
    // costs milliseconds a row in (c) on a deep chain (2^20 of them took
    // over half an hour).
    let node = { (row: Int) in Int(workload.visibleNodes[row]) }
    precondition(workload.visibleNodes.count == count && model.row(of: model.id(ofNode: node(count / 2))) == count / 2,
      "the workload's row order is not the subject's")
    let coldIDs = (0 ..< 1 << 20).map { _ in model.id(ofNode: node(CommonSuite.row(rng.next(), below: count))) }
    var localIDs: [Model.ID] = []
    localIDs.reserveCapacity(1 << 16)
    for _ in 0 ..< 1 << 16 {
      walk = CommonSuite.step(walk, rng.next(), count: count)
      localIDs.append(model.id(ofNode: node(walk)))
    }
    for (operation, ids) in [(Operation.rowOfCold, coldIDs), (.rowOfLocal, localIDs)] {
      record(operation, into: &report) { measureRows(of: ids, in: model) }
    }
    if options.includes(operation: Operation.rowOfColdMoved.rawValue), let moved = model.movingMostEntries() {
      record(.rowOfColdMoved, into: &report) { measureRows(of: coldIDs, in: moved) }
    }
  }

  /// `row(of:)` of `ids` in order, round and round.
  private func measureRows(of ids: [Model.ID], in model: Model) -> Outcome {
    var cursor = 0
    return measure(samples: options.samples, budget: budget, maxOperations: 1 << 40) { k in
      var sum = 0
      for _ in 0 ..< k {
        sum = sum &+ (model.row(of: ids[cursor]) ?? -1)
        cursor = cursor &+ 1 == ids.count ? 0 : cursor &+ 1
      }
      blackHole(sum)
    }
  }

  /// A random number below `count` from 64 random bits, without a division.
  @inline(__always)
  static func row(_ random: UInt64, below count: Int) -> Int {
    Int(((random &>> 32) &* UInt64(count)) &>> 32)
  }

  /// The next row of a walk: up to 32 rows up or down, wrapping.
  @inline(__always)
  static func step(_ row: Int, _ random: UInt64, count: Int) -> Int {
    let next = row &+ Int(random & 63) &- 32
    return next >= 0 && next < count ? next : ((next % count) &+ count) % count
  }

  // MARK: Expansion

  /// Each expansion is timed alone, on a random visible node with children,
  /// and undone untimed: expand starts from the node collapsed, collapse
  /// from it expanded, toggle from its starting flag.
  ///
  /// Expand, collapse and toggle each start at their own quarter of the
  /// random nodes, so none times a node an earlier measurement has just
  /// brought into the caches (sharing them made the cold toggle a warm one:
  /// 0.48 µs against 1.8-2.3 µs on the balanced 10^6 tree). `expand`'s
  /// untimed `prepare` touches its node first, so its figure is warmer.
  private func measureExpansion(_ model: inout Model, into report: inout Report) {
    guard !workload.clickableNodes.isEmpty else { return }
    let nodes = workload.clickableNodes
    let ids = nodes.map(model.id(ofNode:))
    let original = nodes.map { workload.expanded[$0] }
    let quarter = ids.count / 4
    let pick = { (quarterIndex: Int, sample: Int) in (quarterIndex * quarter + sample) % ids.count }
    let restore = { (model: inout Model, i: Int) in model.setExpanded(ids[i], original[i]) }

    record(.expand, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: budget,
        prepare: { model.setExpanded(ids[pick(0, $0)], false) },
        { blackHole(model.expand(ids[pick(0, $0)])) },
        undo: { restore(&model, pick(0, $0)) })
    }
    record(.collapse, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: budget,
        prepare: { model.setExpanded(ids[pick(1, $0)], true) },
        { blackHole(model.collapse(ids[pick(1, $0)])) },
        undo: { restore(&model, pick(1, $0)) })
    }
    record(.toggle, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: budget,
        { blackHole(model.toggle(ids[pick(2, $0)])) },
        undo: { restore(&model, pick(2, $0)) })
    }
    var knownRow = 0
    if Model.togglesAtKnownRows {
      record(.toggleKnownRow, into: &report) {
        measureEach(
          samples: options.singleSamples, budget: budget,
          prepare: { knownRow = model.row(of: ids[pick(2, $0)]) ?? 0 },
          { blackHole(model.toggle(ids[pick(2, $0)], atKnownRow: knownRow)) },
          undo: { restore(&model, pick(2, $0)) })
      }
    }
    record(.toggleWarm, into: &report) {
      let warm = Array(ids.prefix(256))
      return measure(samples: options.samples, budget: budget, maxOperations: Workload.inputCount, unitsPerOperation: 2) { k in
        for j in 0 ..< k {
          blackHole(model.toggle(warm[j % warm.count]))
          blackHole(model.toggle(warm[j % warm.count]))
        }
      }
    }
    record(.toggleAllocations, into: &report) {
      countAllocations(
        samples: options.singleSamples, { blackHole(model.toggle(ids[pick(3, $0)])) }, undo: { restore(&model, pick(3, $0)) })
    }
    // Batches of 100 nodes visible at the start (some get hidden during the
    // batch by an ancestor's toggle, as in an app). Toggling the same nodes
    // again puts every flag back.
    let batches = (0 ..< 16).map { b in ids[(b * 100) % ids.count ..< (b * 100) % ids.count + 100] }
    record(.batch, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: budget,
        { blackHole(model.toggleBatch(batches[$0 % batches.count])) },
        undo: { blackHole(model.toggleBatch(batches[$0 % batches.count])) })
    }
  }

  // MARK: Whole-outline operations

  /// expandAll from everything collapsed, collapseAll from everything
  /// expanded; the starting state is restored afterwards.
  private func measureAll(_ model: inout Model, into report: inout Report) {
    let wanted = [Operation.expandAll, .collapseAll].filter { options.includes(operation: $0.rawValue) }
    guard !wanted.isEmpty else { return }
    record(.expandAll, into: &report) {
      measureEach(samples: options.bulkSamples, budget: budget, prepare: { _ in model.collapseAll() }, { _ in model.expandAll() })
    }
    record(.collapseAll, into: &report) {
      measureEach(samples: options.bulkSamples, budget: budget, prepare: { _ in model.expandAll() }, { _ in model.collapseAll() })
    }
    model.prepare(expanded: workload.expanded)
  }
}
