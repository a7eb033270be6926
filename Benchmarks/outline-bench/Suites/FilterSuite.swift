import OutlineKit
import OutlineTestSupport

/// Filtering, as a search box uses it: a filter that matches about 1% of
/// the nodes (`.recurse` elsewhere) and reveals its matches; setting and
/// removing it, and the everyday operations while it is in force. Against
/// (d), the by-hand walk an app writes without the engine, which rebuilds
/// its rows on every keystroke and every click while filtered.
///
/// The engine's edits and toggles are undone untimed, and the tree is put
/// back in the workload's starting state at the end (the baselines are
/// cross-checked against it).
struct FilterSuite {
  let workload: Workload
  let options: BenchOptions

  /// About one node in a hundred matches: a hash of its number, so that
  /// matches are spread over the tree.
  @inline(__always)
  static func isMatch(_ node: Int) -> Bool {
    ((UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15) >> 32) % 100 == 0
  }

  /// The filter as an app sets it: a closure over its node values.
  static let visibility: @Sendable (Int) -> FilterVisibility = { isMatch($0) ? .visible : .recurse }

  /// One more letter typed: half of the matches still match (a subset, so
  /// the filter only hides more).
  @inline(__always)
  static func isNarrowedMatch(_ node: Int) -> Bool {
    ((UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15) >> 32) % 200 == 0
  }

  static let narrowedVisibility: @Sendable (Int) -> FilterVisibility = { isNarrowedMatch($0) ? .visible : .recurse }

  func run(_ engine: inout EngineModel, into report: inout Report) {
    let n = workload.count
    let suite = EngineSuite(workload: workload, options: options)
    let visibility = FilterSuite.visibility

    // The predicate alone, called as the engine calls it (through the
    // closure), on every node: what `setFilter` costs on top of it.
    let values = Array(0 ..< n)
    suite.record(.filterPredicate, into: &report) {
      measureEach(samples: options.bulkSamples, budget: .engine, unitsPerOperation: n) { _ in
        var matches = 0
        let test = opaque(visibility)
        for value in values where test(value) == .visible { matches &+= 1 }
        blackHole(matches)
      }
    }
    suite.record(.setFilter, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: n,
        { _ in blackHole(engine.outline.setFilter(revealingMatches: true, visibility)) },
        undo: { _ in engine.outline.removeFilter() })
    }
    suite.record(.removeFilter, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: n,
        prepare: { _ in engine.outline.setFilter(revealingMatches: true, visibility) },
        { _ in blackHole(engine.outline.removeFilter()) })
    }

    engine.outline.setFilter(revealingMatches: true, visibility)
    measureSearchAsYouType(&engine, suite: suite, into: &report)
    measureWhileFiltered(&engine, suite: suite, into: &report)
    engine.outline.removeFilter()
    engine.prepare(expanded: workload.expanded)
  }

  /// One keystroke under the 1% filter, each way, and Backspace; the
  /// outline is back under the 1% filter after each sample.
  private func measureSearchAsYouType(_ engine: inout EngineModel, suite: EngineSuite, into report: inout Report) {
    let (visibility, narrowed) = (FilterSuite.visibility, FilterSuite.narrowedVisibility)
    suite.record(.narrowFilter, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine,
        { _ in blackHole(engine.outline.narrowFilter(revealingMatches: true, narrowed)) },
        undo: { _ in blackHole(engine.outline.widenFilter()) })
    }
    suite.record(.widenFilter, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine,
        prepare: { _ in engine.outline.narrowFilter(revealingMatches: true, narrowed) },
        { _ in blackHole(engine.outline.widenFilter()) })
    }
    suite.record(.setFilterNarrowed, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine,
        { _ in blackHole(engine.outline.setFilter(revealingMatches: true, narrowed)) },
        undo: { _ in engine.outline.setFilter(revealingMatches: true, visibility) })
    }
  }

  /// Lookups, toggles and leaf edits with the filter in force.
  private func measureWhileFiltered(_ engine: inout EngineModel, suite: EngineSuite, into report: inout Report) {
    let rowCount = engine.outline.rowCount
    guard rowCount > 0 else { return }
    var rng = SplitMix64(seed: 23)
    let rows = (0 ..< Workload.inputCount).map { _ in rng.int(below: rowCount) }
    let ids = rows.map { engine.outline.id(atRow: $0) }
    do {
      // A copy, as CommonSuite's lookups read the model (not through an
      // inout capture); it is gone before anything mutates.
      let outline = engine.outline
      suite.record(.idAtRowFiltered, into: &report) {
        measure(samples: options.samples, budget: .engine, maxOperations: rows.count) { k in
          var sum: UInt64 = 0
          for row in rows[..<k] { sum = sum &+ EngineModel.fold(outline.id(atRow: row)) }
          blackHole(sum)
        }
      }
      suite.record(.rowOfFiltered, into: &report) {
        measure(samples: options.samples, budget: .engine, maxOperations: ids.count) { k in
          var sum = 0
          for id in ids[..<k] { sum = sum &+ (outline.row(of: id) ?? -1) }
          blackHole(sum)
        }
      }
    }
    let clickable = ids.filter { !engine.outline.includedChildren(of: $0).isEmpty }
    if !clickable.isEmpty {
      suite.record(.toggleFiltered, into: &report) {
        measureEach(
          samples: options.singleSamples, budget: .engine,
          { blackHole(engine.outline.toggle(clickable[$0 % clickable.count])) },
          undo: { blackHole(engine.outline.toggle(clickable[$0 % clickable.count])) })
      }
    }
    // New leaves answer as their values do: about 1% match.
    let first = workload.count
    suite.measureInsertAndRemove(&engine, into: &report, seed: 29, (.insertLeafFiltered, .removeLeafFiltered)) {
      outline, place in
      outline.insert(first &+ place.index, under: place.parent, at: place.index)
    }
  }

  /// (d): the by-hand rebuild, checked against the engine on trees up to
  /// `CrossCheck.limit` nodes.
  func runByHand(into report: inout Report, reference: EngineModel?) {
    let n = workload.count
    var baseline = ByHandFilterBaseline(spec: workload.spec, expanded: workload.expanded)
    func record(_ operation: Operation, _ body: () -> Outcome) {
      report.record(operation, workload, .byHand, options: options, body)
    }
    record(.setFilter) {
      measureEach(
        samples: options.bulkSamples, budget: .baseline, unitsPerOperation: n,
        prepare: { _ in baseline.expanded = workload.expanded },
        { _ in baseline.setFilter(FilterSuite.isMatch) })
    }
    baseline.expanded = workload.expanded
    baseline.setFilter(FilterSuite.isMatch)
    if let reference { crossCheck(baseline, against: reference) }
    guard !baseline.rows.isEmpty else { return }
    var rng = SplitMix64(seed: 23)
    let rows = (0 ..< Workload.inputCount).map { _ in rng.int(below: baseline.rows.count) }
    record(.idAtRowFiltered) {
      measure(samples: options.samples, budget: .baseline, maxOperations: rows.count) { k in
        var sum: UInt64 = 0
        for row in rows[..<k] { sum = sum &+ UInt64(baseline.rows[row]) }
        blackHole(sum)
      }
    }
    let spec = workload.spec
    let clickable = rows.map { Int(baseline.rows[$0]) }.filter { node in
      (Int(spec.childStart[node]) ..< Int(spec.childEnd[node])).contains { baseline.included[Int(spec.childList[$0])] }
    }
    if !clickable.isEmpty {
      record(.toggleFiltered) {
        measureEach(
          samples: options.singleSamples, budget: .baseline,
          { baseline.toggle(clickable[$0 % clickable.count]) },
          undo: { baseline.toggle(clickable[$0 % clickable.count]) })
      }
    }
  }

  /// The same rows as the engine's, after setting the filter and after
  /// toggles, or the run stops.
  private func crossCheck(_ baseline: ByHandFilterBaseline, against reference: EngineModel) {
    var baseline = baseline
    var engine = reference
    engine.outline.setFilter(revealingMatches: true, FilterSuite.visibility)
    var rng = SplitMix64(seed: 31)
    for step in 0 ..< 12 {
      let engineRows = engine.outline.rows.map { engine.outline[$0] }
      if engineRows != baseline.rows.map(Int.init) { fail("by-hand filter rows differ from the engine's (step \(step))") }
      guard !engineRows.isEmpty else { return }
      let node = engineRows[rng.int(below: engineRows.count)]
      baseline.toggle(node)
      engine.outline.toggle(engine.id(ofNode: node))
    }
  }
}

/// Hides a value from the optimizer, so a closure is called, not inlined.
@inline(never)
func opaque<T>(_ value: T) -> T { value }
