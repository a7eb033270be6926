import OutlineKit

/// Updating from new data: `update(roots:children:id:)` of the whole tree
/// with no change, with 1% of the values changed, with 1% of the nodes
/// inserted, removed or moved, and `update(childrenOf:to:children:id:)` of
/// one 1,000-child folder with 1% of its values changed. Against (d), the
/// rebuild and row diff an app writes without `update`
/// (`ByHandUpdateBaseline`).
///
/// Nodes are `UpdateNode`s (an identity and a value), children stored
/// arrays, as an app's model holds them; the versions are built before
/// anything is timed (`UpdateVersions`). Each sample starts from the same
/// tree: the update is undone (or prepared) by another, untimed, update;
/// changed values and moves alternate between two versions instead, each
/// sample changing 1% of the tree from the other.
/// The tree starts with the workload's expansion, by identity.
struct UpdateSuite {
  let workload: Workload
  let options: BenchOptions

  static let operations: [Operation] = [
    .updateNoChange, .updateValues, .updateInserted, .updateRemoved, .updateMoved, .updatePartial,
  ]

  /// Whether the run asks for any update operation (the versions take
  /// memory and time to build).
  static func isIncluded(_ options: BenchOptions) -> Bool {
    operations.contains { options.includes(operation: $0.rawValue) }
  }

  /// An outline of `data`, with the nodes whose identities `expanded`
  /// holds expanded.
  static func makeOutline(_ data: UpdateData, expanded: Set<Int32>) -> Outline<UpdateNode> {
    var outline = Outline(roots: data.roots, children: data.children(of:))
    outline.restoreExpansionState(ExpansionState(expandedKeys: expanded), by: \.id)
    outline.clearPendingExpansion()
    return outline
  }

  /// The workload's expanded nodes, by identity; with the folder and the
  /// first root, so that the folder's children have rows.
  func expandedIdentities(_ versions: UpdateVersions) -> Set<Int32> {
    var keys = Set<Int32>()
    for node in workload.expanded.indices where workload.expanded[node] { keys.insert(Int32(node)) }
    keys.insert(Int32(workload.spec.roots[0]))
    keys.insert(versions.folderID)
    return keys
  }

  func run(_ versions: UpdateVersions, into report: inout Report) {
    let n = workload.count
    let suite = EngineSuite(workload: workload, options: options)
    let expanded = expandedIdentities(versions)
    var outline = UpdateSuite.makeOutline(versions.base, expanded: expanded)
    func update(_ outline: inout Outline<UpdateNode>, to data: UpdateData) -> OutlineChange {
      do {
        return try outline.update(roots: data.roots, children: data.children(of:), id: \.id)
      } catch {
        fail("update: \(error)")
      }
    }
    let (base, values, inserted, moved) = (versions.base, versions.values, versions.inserted, versions.moved)
    suite.record(.updateNoChange, into: &report) {
      measureEach(samples: options.bulkSamples, budget: .engine, unitsPerOperation: n) { _ in
        blackHole(update(&outline, to: base))
      }
    }
    // Values and moves alternate between two versions: each sample changes
    // 1% of the tree from the other.
    suite.record(.updateValues, into: &report) {
      measureEach(samples: options.bulkSamples, budget: .engine, unitsPerOperation: n) { i in
        blackHole(update(&outline, to: i % 2 == 0 ? values : base))
      }
    }
    _ = update(&outline, to: base)
    suite.record(.updateInserted, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: n,
        { _ in blackHole(update(&outline, to: inserted)) }, undo: { _ in blackHole(update(&outline, to: base)) })
    }
    suite.record(.updateRemoved, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: n,
        prepare: { _ in blackHole(update(&outline, to: inserted)) }, { _ in blackHole(update(&outline, to: base)) })
    }
    _ = update(&outline, to: inserted)
    suite.record(.updateMoved, into: &report) {
      measureEach(samples: options.bulkSamples, budget: .engine, unitsPerOperation: n) { i in
        blackHole(update(&outline, to: i % 2 == 0 ? moved : inserted))
      }
    }
    guard options.includes(operation: Operation.updatePartial.rawValue) else { return }
    var folderOutline = UpdateSuite.makeOutline(versions.withFolder, expanded: expanded)
    let folder = folderOutline.children(of: folderOutline.roots[0])[0]
    func replace(_ children: [UpdateNode]) -> OutlineChange {
      do {
        return try folderOutline.update(childrenOf: folder, to: children, children: { _ in [] }, id: \.id)
      } catch {
        fail("partial update: \(error)")
      }
    }
    let (before, after) = (versions.folderChildren, versions.folderChangedChildren)
    suite.record(.updatePartial, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine,
        { _ in blackHole(replace(after)) }, undo: { _ in blackHole(replace(before)) })
    }
  }

  /// (d): the rebuild and hash-map diff, checked against the engine on
  /// trees up to `CrossCheck.limit` nodes.
  func runByHand(_ versions: UpdateVersions, into report: inout Report) {
    let n = workload.count
    let expanded = expandedIdentities(versions)
    if n <= CrossCheck.limit { crossCheck(versions, expanded: expanded) }
    func record(_ operation: Operation, _ body: () -> Outcome) {
      report.record(operation, workload, .byHand, options: options, body)
    }
    var baseline = ByHandUpdateBaseline(data: versions.base, expanded: expanded)
    let (base, values, inserted, moved) = (versions.base, versions.values, versions.inserted, versions.moved)
    record(.updateNoChange) {
      measureEach(samples: options.bulkSamples, budget: .baseline, unitsPerOperation: n) { _ in
        blackHole(baseline.update(to: base))
      }
    }
    record(.updateValues) {
      measureEach(samples: options.bulkSamples, budget: .baseline, unitsPerOperation: n) { i in
        blackHole(baseline.update(to: i % 2 == 0 ? values : base))
      }
    }
    _ = baseline.update(to: base)
    record(.updateInserted) {
      measureEach(
        samples: options.bulkSamples, budget: .baseline, unitsPerOperation: n,
        { _ in blackHole(baseline.update(to: inserted)) }, undo: { _ in blackHole(baseline.update(to: base)) })
    }
    record(.updateRemoved) {
      measureEach(
        samples: options.bulkSamples, budget: .baseline, unitsPerOperation: n,
        prepare: { _ in blackHole(baseline.update(to: inserted)) }, { _ in blackHole(baseline.update(to: base)) })
    }
    _ = baseline.update(to: inserted)
    record(.updateMoved) {
      measureEach(samples: options.bulkSamples, budget: .baseline, unitsPerOperation: n) { i in
        blackHole(baseline.update(to: i % 2 == 0 ? moved : inserted))
      }
    }
    var folder = ByHandFolderBaseline(data: versions.withFolder, expanded: expanded, folderID: versions.folderID)
    let (before, after) = (versions.folderChildren, versions.folderChangedChildren)
    record(.updatePartial) {
      measureEach(
        samples: options.singleSamples, budget: .baseline,
        { _ in blackHole(folder.replaceChildren(with: after)) }, undo: { _ in blackHole(folder.replaceChildren(with: before)) })
    }
  }

  /// The same rows as the engine's after each update, and the same change
  /// where the change has no moves (where it has, the engine reports a node
  /// that changed parent as moved even when its row stays in order, and a
  /// diff of rows cannot see that), or the run stops.
  private func crossCheck(_ versions: UpdateVersions, expanded: Set<Int32>) {
    var engine = UpdateSuite.makeOutline(versions.base, expanded: expanded)
    var baseline = ByHandUpdateBaseline(data: versions.base, expanded: expanded)
    let steps: [(String, UpdateData, Bool)] = [
      ("no change", versions.base, true), ("values", versions.values, true), ("back", versions.base, true),
      ("inserted", versions.inserted, true), ("moved", versions.moved, false), ("back", versions.inserted, false),
      ("removed", versions.base, true),
    ]
    for (name, data, compareChanges) in steps {
      let oldRows = Array(engine.rows)
      let change: OutlineChange
      do { change = try engine.update(roots: data.roots, children: data.children(of:), id: \.id) } catch { fail("update: \(error)") }
      let expected = baseline.update(to: data)
      if engine.rows.map({ engine[$0].id }) != baseline.rowIDs { fail("by-hand update rows differ from the engine's (\(name))") }
      // The change turns the old rows into the new: what stays, stays.
      let newRows = Array(engine.rows)
      var replayed = oldRows
      change.apply(to: &replayed, insertedElement: { newRows[$0] })
      if replayed != newRows { fail("the engine's change does not turn the old rows into the new (\(name))") }
      if compareChanges
        && (change.removedRows != expected.removedRows || change.insertedRows != expected.insertedRows
          || change.reloadedRows != expected.reloadedRows)
      {
        fail("by-hand update change differs from the engine's (\(name)): \(expected) vs \(change)")
      }
      if name == "values" && change.reloadedRows.isEmpty && workload.count >= 1_000 { fail("no reloads for changed values") }
    }
    var folderEngine = UpdateSuite.makeOutline(versions.withFolder, expanded: expanded)
    var folderBaseline = ByHandFolderBaseline(data: versions.withFolder, expanded: expanded, folderID: versions.folderID)
    let folder = folderEngine.children(of: folderEngine.roots[0])[0]
    for children in [versions.folderChangedChildren, versions.folderChildren] {
      let change: OutlineChange
      do { change = try folderEngine.update(childrenOf: folder, to: children, children: { _ in [] }, id: \.id) } catch { fail("\(error)") }
      let expected = folderBaseline.replaceChildren(with: children)
      if folderEngine.rows.map({ folderEngine[$0].id }) != folderBaseline.outline.rows.map({ folderBaseline.outline[$0].id }) {
        fail("by-hand partial update rows differ from the engine's")
      }
      if change.removedRows != expected.removedRows || change.insertedRows != expected.insertedRows
        || change.reloadedRows != expected.reloadedRows
      {
        fail("by-hand partial update change differs from the engine's: \(expected) vs \(change)")
      }
    }
  }
}
