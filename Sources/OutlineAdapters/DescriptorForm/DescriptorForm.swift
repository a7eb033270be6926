import Foundation
import OutlineKit

/// The expandable form of the cell-descriptor tutorial, on an outline.
///
/// The tutorial's app keeps a property list of sections, each an array of
/// cell descriptors, and after every tap recomputes which rows are visible
/// (`getIndicesOfVisibleRows`) and reloads a whole section; its actions
/// address rows by hard-coded (section, row) numbers. `DescriptorForm` keeps
/// the same data in an `Outline`: each section is a root, shown as a
/// section header; each descriptor is a child of its section; the
/// `additionalRows` descriptors after an expandable one are its children.
/// Visibility is then the outline's, row lookups are O(log n), and every
/// action returns the exact rows to delete, insert and reload.
///
/// ```swift
/// var form = try DescriptorForm(contentsOf: url)
/// // UITableViewDataSource
/// form.numberOfSections                                   // 3
/// form.numberOfRows(inSection: 0)                         // the visible rows
/// form.title(ofSection: 0)                                // "Personal"
/// form.descriptor(at: indexPath).cellIdentifier           // dequeue by it
/// form.height(at: indexPath)                              // 60, 270 or 44
/// // UITableViewDelegate
/// let change = form.tap(at: indexPath)                    // a SectionedChange
/// tableView.performBatchUpdates { /* apply change */ }
/// // Saving, atomically
/// try form.save(to: url)
/// ```
///
/// Rows are found by what they are, never by number:
///
/// ```swift
/// let nameFields = form.ids { $0.cellIdentifier == .textField }
/// form.setText("Ada", for: nameFields[0])                 // the parent shows "Ada"
/// ```
///
/// `DescriptorForm` is a value; every action mutates it and returns its
/// change in section form.
public struct DescriptorForm: Sendable {
  /// A handle to a section or a descriptor of the form.
  public typealias NodeID = Outline<Item>.NodeID

  /// A node of the form's outline: a section (a root) or a cell descriptor.
  public enum Item: Hashable, Sendable {
    /// A section, shown as a section header with its title.
    case section(title: String)
    /// A row of the form.
    case cell(CellDescriptor)

    /// The descriptor of a cell; nil for a section.
    ///
    /// - Complexity: O(1).
    public var descriptor: CellDescriptor? {
      if case .cell(let descriptor) = self { return descriptor }
      return nil
    }
  }

  /// How the form looks and what its controls write: row heights, the
  /// switch's titles, the slider's range and how dates are shown.
  ///
  /// The defaults are the tutorial app's, with dates in the current locale
  /// and time zone. Tests and apps that compare date text set a fixed
  /// `locale` and `timeZone`.
  ///
  /// ```swift
  /// var configuration = DescriptorForm.Configuration()
  /// configuration.rowHeights[.datePicker] = 216
  /// configuration.locale = Locale(identifier: "en_US_POSIX")
  /// configuration.timeZone = TimeZone(identifier: "UTC")!
  /// ```
  public struct Configuration: Hashable, Sendable {
    /// Row heights by cell identifier: 60 for `idCellNormal` and 270 for
    /// `idCellDatePicker` by default.
    public var rowHeights: [CellIdentifier: Double]
    /// The height of a row whose identifier is not in ``rowHeights``: 44.
    public var defaultRowHeight: Double
    /// The height of a section header: 28, a grouped table's titled
    /// header. It counts in ``DescriptorForm/contentHeight`` and the
    /// offsets of rows.
    public var sectionHeaderHeight: Double
    /// What a switch's parent shows when the switch is on: "Married".
    public var switchOnTitle: String
    /// What a switch's parent shows when the switch is off: "Single".
    public var switchOffTitle: String
    /// The whole numbers a slider can hold: `0...10`. Values outside are
    /// clamped.
    public var sliderRange: ClosedRange<Int>
    /// The locale of the long-style date a date picker's parent shows.
    public var locale: Locale
    /// The time zone of that date.
    public var timeZone: TimeZone

    /// Creates a configuration; every parameter defaults to the tutorial
    /// app's behaviour.
    ///
    /// - Complexity: O(1).
    public init(
      rowHeights: [CellIdentifier: Double] = [.normal: 60, .datePicker: 270],
      defaultRowHeight: Double = 44,
      sectionHeaderHeight: Double = 28,
      switchOnTitle: String = "Married",
      switchOffTitle: String = "Single",
      sliderRange: ClosedRange<Int> = 0 ... 10,
      locale: Locale = .current,
      timeZone: TimeZone = .current
    ) {
      self.rowHeights = rowHeights
      self.defaultRowHeight = defaultRowHeight
      self.sectionHeaderHeight = sectionHeaderHeight
      self.switchOnTitle = switchOnTitle
      self.switchOffTitle = switchOffTitle
      self.sliderRange = sliderRange
      self.locale = locale
      self.timeZone = timeZone
    }
  }

  /// The section titles of the tutorial app, which its file does not hold:
  /// "Personal", "Preferences", "Work Experience".
  public static let defaultSectionTitles = ["Personal", "Preferences", "Work Experience"]

  /// The form as an outline: sections are roots (always expanded),
  /// descriptors are their children, and sub-rows are children of their
  /// expandable row.
  ///
  /// Read it for anything the form's own accessors do not cover; change the
  /// form through its actions, which keep titles, values and sections in
  /// step.
  public internal(set) var outline: Outline<Item>
  /// The edits that can be undone: values typed, picked, switched, slid
  /// (`OutlineDocument` gives undo, redo and their state).
  public internal(set) var history = Outline<Item>.History()

  /// Row heights, control titles and date formatting. Setting it gives
  /// every row its height again (O(n log n)).
  public var configuration: Configuration {
    didSet {
      if configuration.rowHeights != oldValue.rowHeights || configuration.defaultRowHeight != oldValue.defaultRowHeight
        || configuration.sectionHeaderHeight != oldValue.sectionHeaderHeight
      {
        _applyHeights()
      }
    }
  }

  /// Creates a form from its outline, whose sections the loader has
  /// already expanded, and gives every row its height.
  ///
  /// - Complexity: O(n log n).
  internal init(outline: Outline<Item>, configuration: Configuration) {
    self.outline = outline
    self.configuration = configuration
    _applyHeights()
  }

  /// Gives every node of the outline its height, by cell identifier (a
  /// section: the header's), so offsets and the content height are the
  /// outline's.
  internal mutating func _applyHeights() {
    outline.estimatedRowHeight = configuration.defaultRowHeight
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      switch outline[id] {
      case .section:
        outline.setRowHeight(configuration.sectionHeaderHeight, of: id)
      case .cell(let descriptor):
        if let height = configuration.rowHeights[descriptor.cellIdentifier] {
          outline.setRowHeight(height, of: id)
        } else {
          outline.removeRowHeight(of: id)
        }
      }
      stack += outline.children(of: id)
    }
  }
}

// MARK: - Data source

extension DescriptorForm {
  /// The form as a table view with sections sees it: each root is a section
  /// header, its visible descendants are the section's rows.
  ///
  /// - Complexity: O(1).
  public var sections: Outline<Item>.Sections { outline.sections(style: .header) }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { outline.roots.count }

  /// The number of visible rows in a section.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n).
  public func numberOfRows(inSection section: Int) -> Int {
    sections.numberOfRows(inSection: section)
  }

  /// The number of descriptors in a section, visible or not.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n).
  public func numberOfDescriptors(inSection section: Int) -> Int {
    outline.subtreeCount(of: sections.root(ofSection: section)) - 1
  }

  /// The title of a section.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n).
  public func title(ofSection section: Int) -> String {
    guard case .section(let title) = outline[sections.root(ofSection: section)] else {
      preconditionFailure("DescriptorForm: the root of section \(section) is not a section")
    }
    return title
  }

  /// The descriptor of a cell.
  ///
  /// - Precondition: `id` names a descriptor of this form (not a section).
  /// - Complexity: O(1).
  public subscript(id: NodeID) -> CellDescriptor {
    guard let descriptor = outline[id].descriptor else {
      preconditionFailure("DescriptorForm: node \(id) is a section, not a cell descriptor")
    }
    return descriptor
  }

  /// The node shown at an index path.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n).
  public func id(at indexPath: OutlineIndexPath) -> NodeID {
    sections.id(at: indexPath)
  }

  /// The index path of a descriptor, or nil when it is hidden.
  ///
  /// - Precondition: `id` names a node of this form.
  /// - Complexity: O(log n).
  public func indexPath(of id: NodeID) -> OutlineIndexPath? {
    sections.indexPath(of: id)
  }

  /// The descriptor shown at an index path.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n).
  public func descriptor(at indexPath: OutlineIndexPath) -> CellDescriptor {
    self[id(at: indexPath)]
  }

  /// Whether a descriptor's sub-rows are shown (its `isExpanded`).
  ///
  /// - Precondition: `id` names a node of this form.
  /// - Complexity: O(1).
  public func isExpanded(_ id: NodeID) -> Bool { outline.isExpanded(id) }

  /// Whether a descriptor is on a row (its derived `isVisible`).
  ///
  /// - Precondition: `id` names a node of this form.
  /// - Complexity: O(log n).
  public func isVisible(_ id: NodeID) -> Bool { outline.row(of: id) != nil }

  /// The expandable row that owns a sub-row, or nil for a row directly in
  /// its section.
  ///
  /// - Precondition: `id` names a descriptor of this form.
  /// - Complexity: O(log n).
  public func owner(of id: NodeID) -> NodeID? {
    guard let parent = outline.parent(of: id), outline[parent].descriptor != nil else { return nil }
    return parent
  }

  /// The descriptors that satisfy a predicate, in file order (sections in
  /// order, rows in order within each).
  ///
  /// This is how an app finds its rows without hard-coding (section, row)
  /// numbers:
  ///
  /// ```swift
  /// let datePicker = form.ids { $0.cellIdentifier == .datePicker }.first!
  /// ```
  ///
  /// - Complexity: O(n) plus the cost of `predicate`.
  public func ids(where predicate: (CellDescriptor) throws -> Bool) rethrows -> [NodeID] {
    var result: [NodeID] = []
    var stack = Array(outline.roots.reversed())
    while let id = stack.popLast() {
      if let descriptor = outline[id].descriptor, try predicate(descriptor) { result.append(id) }
      stack.append(contentsOf: outline.children(of: id).reversed())
    }
    return result
  }

  /// The height of a descriptor's row, by its cell identifier (a
  /// section's: its header's), as the outline's geometry keeps it.
  ///
  /// - Precondition: `id` names a node of this form.
  /// - Complexity: O(1).
  public func height(of id: NodeID) -> Double {
    outline.rowHeight(of: id)
  }

  /// The height of the whole table: the section headers and the visible
  /// rows, for the table's content size.
  ///
  /// - Complexity: O(1).
  public var contentHeight: Double { outline.contentHeight }

  /// Where a visible row (or a section's header) starts in the table's
  /// content: the heights of every header and row above it.
  ///
  /// - Precondition: `id` names a node of this form that has a row.
  /// - Complexity: O(log n).
  public func offset(of id: NodeID) -> Double {
    guard let row = outline.row(of: id) else {
      preconditionFailure("DescriptorForm: node \(id) has no row (a collapsed row hides it)")
    }
    return outline.offset(ofRow: row)
  }

  /// The node whose row (or header) is at an offset of the table's
  /// content, clamped to the first and last.
  ///
  /// - Precondition: the form has a row.
  /// - Complexity: O(log n).
  public func id(atOffset y: Double) -> NodeID {
    outline.id(atRow: outline.row(atOffset: y))
  }

  /// The height of the row at an index path: 60 for `idCellNormal`, 270 for
  /// `idCellDatePicker`, 44 for the others, unless configured otherwise.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n).
  public func height(at indexPath: OutlineIndexPath) -> Double {
    height(of: id(at: indexPath))
  }
}
