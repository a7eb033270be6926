import OutlineKit

/// What a row widget shows, as read back from GTK's widgets.
public struct ShownRow: Hashable, Sendable {
  /// The position GTK gives the row's list item.
  public var position: Int
  /// What the row shows.
  public var look: RowLook
  /// Where the row is in the list view; nil when GTK keeps the widget but
  /// does not show it.
  public var frame: RowFrame?

  /// A row widget read back: its position, what it shows, where it is.
  ///
  /// - Complexity: O(1).
  public init(position: Int, look: RowLook, frame: RowFrame?) {
    self.position = position
    self.look = look
    self.frame = frame
  }
}

/// A row widget's top and height in the list view, in pixels.
public struct RowFrame: Hashable, Sendable {
  /// The top edge, from the list view's top.
  public var top: Double
  /// The height.
  public var height: Double

  /// A frame from its top and height.
  ///
  /// - Complexity: O(1).
  public init(top: Double, height: Double) {
    self.top = top
    self.height = height
  }

  /// The bottom edge.
  public var bottom: Double { top + height }
}

/// The parts of a row the checks compare: text, indentation, triangle,
/// check button, selection and keyboard focus.
public struct RowLook: Hashable, Sendable, CustomStringConvertible {
  /// The disclosure triangle.
  public enum Disclosure: String, Hashable, Sendable {
    /// No triangle: the node has no children.
    case none
    /// ▸
    case collapsed
    /// ▾
    case expanded
  }

  /// The label's text.
  public var label: String
  /// The indentation level (0 for the top).
  public var depth: Int
  /// The triangle.
  public var disclosure: Disclosure
  /// Whether the row is drawn selected.
  public var isSelected: Bool
  /// Whether the row is drawn with the keyboard focus.
  public var isFocused: Bool
  /// What the row's check button shows (a dash for `.mixed`); nil for a
  /// row without one.
  public var check: CheckState?

  /// A row's look from its parts.
  ///
  /// - Complexity: O(1).
  public init(
    label: String, depth: Int, disclosure: Disclosure, isSelected: Bool, isFocused: Bool = false, check: CheckState? = nil
  ) {
    self.label = label
    self.depth = depth
    self.disclosure = disclosure
    self.isSelected = isSelected
    self.isFocused = isFocused
    self.check = check
  }

  /// The look in words, as the checks report it: `'Books' depth 0, expanded, selected`.
  public var description: String {
    "'\(label)' depth \(depth), \(disclosure)\(check.map { ", \($0)" } ?? "")\(isSelected ? ", selected" : "")"
      + (isFocused ? ", focused" : "")
  }
}

/// Compares the rows GTK shows with the rows the outline says.
public enum DisplayCheck {
  /// The differences between the row widgets GTK keeps (`shown`) and the
  /// outline's rows, in words; empty when GTK shows exactly the outline.
  ///
  /// - Every row widget at position p shows row p's label, depth,
  ///   triangle, check button, selection and focus, and no two widgets share a position.
  /// - The widgets on screen (inside `0 ..< viewportHeight`) are
  ///   consecutive rows, stacked without gaps, and fill the viewport from
  ///   its top unless the rows run out.
  ///
  /// - Complexity: O(w log w) for w widgets, plus `expected` per widget.
  public static func problems(
    shown: [ShownRow], rowCount: Int, viewportHeight: Double, expected: (Int) -> RowLook
  ) -> [String] {
    var problems: [String] = []
    var positions: Set<Int> = []
    for row in shown {
      guard row.position < rowCount else {
        problems.append("GTK shows \(row.look) at position \(row.position); the outline has \(rowCount) rows")
        continue
      }
      if !positions.insert(row.position).inserted {
        problems.append("GTK has two widgets at position \(row.position)")
      }
      let want = expected(row.position)
      if row.look != want {
        problems.append("row \(row.position): GTK shows \(row.look), the outline says \(want)")
      }
    }
    let onScreen = shown.compactMap { row in
      row.frame.flatMap { $0.top < viewportHeight && $0.bottom > 0 ? (position: row.position, frame: $0) : nil }
    }.sorted { $0.frame.top < $1.frame.top }
    guard let first = onScreen.first else {
      if rowCount > 0 { problems.append("GTK shows no row; the outline has \(rowCount)") }
      return problems
    }
    if first.position > 0 && first.frame.top > 0.5 {
      problems.append("the first row on screen, \(first.position), starts \(first.frame.top) px below the top")
    }
    for (above, below) in zip(onScreen, onScreen.dropFirst()) {
      if below.position != above.position + 1 {
        problems.append("on screen, row \(below.position) follows row \(above.position)")
      }
      if abs(below.frame.top - above.frame.bottom) > 0.5 {
        problems.append(
          "on screen, row \(below.position) starts at \(below.frame.top) px, row \(above.position) ends at \(above.frame.bottom) px")
      }
    }
    let last = onScreen[onScreen.count - 1]
    if last.frame.bottom < viewportHeight - 0.5 && last.position < rowCount - 1 {
      problems.append(
        "GTK shows nothing below row \(last.position) at \(last.frame.bottom) px; the outline has \(rowCount) rows")
    }
    return problems
  }
}
