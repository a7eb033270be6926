/// Baseline (a): the seed tutorial (AppCoda's "expandable table view"),
/// generalized from its two levels to a tree and written with structs
/// rather than the tutorial's dictionaries.
///
/// Every node has a cell descriptor, in one array in preorder, with the
/// tutorial's `isExpandable`, `isExpanded`, `isVisible` and
/// `additionalRows` (the rows that follow it in the array and belong to it,
/// here its descendants). The rows are `visibleRows`, the tutorial's
/// `visibleRowsPerSection`: the indices of the visible descriptors,
/// rebuilt by a full rescan (`getIndicesOfVisibleRows()`) after every toggle.
/// Row -> node indexes that array; node -> row searches it.
struct TutorialBaseline: OutlineModel {
  struct CellDescriptor {
    var value: Int
    var depth: Int32
    var additionalRows: Int32
    var isExpandable: Bool
    var isExpanded: Bool
    var isVisible: Bool
  }

  var cellDescriptors: [CellDescriptor] = []
  var visibleRows: [Int32] = []

  static var subject: Subject { .tutorial }

  static func build(preorder: some Sequence<(node: Int, depth: Int)>) -> TutorialBaseline {
    var model = TutorialBaseline()
    // Nodes whose descendants are still being appended.
    var open: [Int] = []
    for (value, depth) in preorder {
      let index = model.cellDescriptors.count
      while let last = open.last, model.cellDescriptors[last].depth >= depth {
        model.close(last, end: index)
        open.removeLast()
      }
      model.cellDescriptors.append(
        CellDescriptor(
          value: value, depth: Int32(depth), additionalRows: 0,
          isExpandable: false, isExpanded: false, isVisible: depth == 0))
      open.append(index)
    }
    for index in open { model.close(index, end: model.cellDescriptors.count) }
    model.getIndicesOfVisibleRows()
    return model
  }

  private mutating func close(_ index: Int, end: Int) {
    cellDescriptors[index].additionalRows = Int32(end - index - 1)
    cellDescriptors[index].isExpandable = end - index > 1
  }

  /// The tutorial's rescan: the visible descriptors' indices, in order.
  mutating func getIndicesOfVisibleRows() {
    visibleRows.removeAll(keepingCapacity: true)
    for index in cellDescriptors.indices where cellDescriptors[index].isVisible {
      visibleRows.append(Int32(index))
    }
  }

  mutating func prepare(expanded: [Bool]) {
    for index in cellDescriptors.indices {
      cellDescriptors[index].isExpanded = expanded[index]
      cellDescriptors[index].isVisible = false
    }
    // The roots are visible; a visible, expanded node's children are.
    var index = 0
    while index < cellDescriptors.count {
      cellDescriptors[index].isVisible = true
      index += cellDescriptors[index].isExpanded ? 1 : Int(cellDescriptors[index].additionalRows) + 1
    }
    getIndicesOfVisibleRows()
  }

  func id(ofNode node: Int) -> Int32 { Int32(node) }
  func node(of id: Int32) -> Int { cellDescriptors[Int(id)].value }
  @inline(__always)
  static func fold(_ id: Int32) -> UInt64 { UInt64(UInt32(bitPattern: id)) }

  var rowCount: Int { visibleRows.count }
  func id(atRow row: Int) -> Int32 { visibleRows[row] }

  func row(of id: Int32) -> Int? {
    guard cellDescriptors[Int(id)].isVisible else { return nil }
    return visibleRows.firstIndex(of: id)
  }

  func isExpanded(_ id: Int32) -> Bool { cellDescriptors[Int(id)].isExpanded }

  func checksum(ofRows rows: Range<Int>) -> UInt64 {
    var sum: UInt64 = 0
    for id in visibleRows[rows] { sum = sum &+ TutorialBaseline.fold(id) }
    return sum
  }

  /// Flips the flag and updates `isVisible` below the node; rows are not
  /// rebuilt. Descendants under a collapsed child keep `isVisible == false`
  /// whatever happens above them, so the walk jumps over their subtrees.
  private mutating func flip(_ id: Int32) {
    let index = Int(id)
    cellDescriptors[index].isExpanded.toggle()
    guard cellDescriptors[index].isVisible else { return }
    let show = cellDescriptors[index].isExpanded
    var next = index + 1
    let end = next + Int(cellDescriptors[index].additionalRows)
    while next < end {
      cellDescriptors[next].isVisible = show
      next += cellDescriptors[next].isExpanded ? 1 : Int(cellDescriptors[next].additionalRows) + 1
    }
  }

  /// The tutorial reloads the table: its change is the new row count.
  mutating func toggle(_ id: Int32) -> Int {
    flip(id)
    getIndicesOfVisibleRows()
    return visibleRows.count
  }

  mutating func expand(_ id: Int32) -> Int {
    cellDescriptors[Int(id)].isExpanded ? visibleRows.count : toggle(id)
  }

  mutating func collapse(_ id: Int32) -> Int {
    cellDescriptors[Int(id)].isExpanded ? toggle(id) : visibleRows.count
  }

  mutating func expandAll() {
    for index in cellDescriptors.indices {
      cellDescriptors[index].isExpanded = true
      cellDescriptors[index].isVisible = true
    }
    getIndicesOfVisibleRows()
  }

  mutating func collapseAll() {
    for index in cellDescriptors.indices {
      cellDescriptors[index].isExpanded = false
      cellDescriptors[index].isVisible = cellDescriptors[index].depth == 0
    }
    getIndicesOfVisibleRows()
  }

  /// A batch flips every flag, then rescans once.
  mutating func toggleBatch(_ ids: ArraySlice<Int32>) -> Int {
    for id in ids { flip(id) }
    getIndicesOfVisibleRows()
    return visibleRows.count
  }
}
