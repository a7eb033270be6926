import OutlineKit

/// Measures `Outline` on one tree.
struct EngineSuite {
  let spec: TreeSpec
  let options: BenchOptions

  func run(into report: inout Report) {
    let n = spec.count
    if options.includes(operation: "build") {
    let buildTiming = measure(samples: max(3, options.samples / 4), warmup: 1, operations: n) {
      blackHole(Outline(roots: spec.roots, children: spec.children(of:)))
    }
    report.add("build", spec, .engine, buildTiming)
    }

    var outline = Outline(roots: spec.roots, children: spec.children(of:))
    var ids: [Outline<Int>.NodeID] = []
    ids.reserveCapacity(n)
    var stack = Array(outline.roots.reversed())
    while let id = stack.popLast() {
      ids.append(id)
      stack.append(contentsOf: outline.children(of: id).reversed())
    }
    var rng = SplitMix64(seed: 42)
    expandAboutHalf(&outline, preorder: ids, spec: spec, rng: &rng)
    report.note(spec, rows: outline.rowCount, indexBytes: outline._indexMemoryBytes)

    let k = 4096
    let randomIDs = (0 ..< k).map { _ in ids[rng.int(below: n)] }
    let randomRows = (0 ..< k).map { _ in rng.int(below: outline.rowCount) }

    if options.includes(operation: "id(atRow:)") {
    report.add("id(atRow:)", spec, .engine, measure(samples: options.samples, operations: k) {
      for row in randomRows { blackHole(outline.id(atRow: row)) }
    })
    }
    if options.includes(operation: "row(of:)") {
    report.add("row(of:)", spec, .engine, measure(samples: options.samples, operations: k) {
      for id in randomIDs { blackHole(outline.row(of: id)) }
    })
    }
    let windowStarts = (0 ..< 256).map { _ in rng.int(below: max(1, outline.rowCount - 50)) }
    if options.includes(operation: "50-row") {
    report.add("50-row window, per row", spec, .engine, measure(samples: options.samples, operations: 256 * 50) {
      for start in windowStarts {
        for id in outline.rows[start ..< min(start + 50, outline.rowCount)] { blackHole(id) }
      }
    })
    }
    if options.includes(operation: "toggle") {
    report.add("toggle", spec, .engine, measure(samples: options.samples, operations: k) {
      for id in randomIDs { blackHole(outline.toggle(id)) }
    })
    }
  }
}

/// Expands nodes breadth-first until about half the nodes are visible, then
/// sets the flags of half the still-hidden nodes at random, so both visible
/// and hidden parts have mixed flags.
func expandAboutHalf(_ outline: inout Outline<Int>, preorder ids: [Outline<Int>.NodeID], spec: TreeSpec, rng: inout SplitMix64) {
  let n = spec.count
  var byDepth = Array(0 ..< n)
  byDepth.sort { (spec.depth[$0], $0) < (spec.depth[$1], $1) }
  var visible = spec.roots.count
  for k in byDepth where visible < n / 2 {
    let childCount = Int(spec.childEnd[k] - spec.childStart[k])
    guard childCount > 0, outline.row(of: ids[k]) != nil else { continue }
    outline.expand(ids[k])
    visible = outline.rowCount
  }
  for k in 0 ..< n where rng.next() & 1 == 0 && outline.row(of: ids[k]) == nil && !outline.isExpanded(ids[k]) {
    outline.expand(ids[k])
  }
}
