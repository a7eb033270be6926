import OutlineKit

/// What a window over a document does, without GTK: the document, the
/// selection, and the search, changed only through calls that return the
/// rows to report.
///
/// Every call returns a `SelectionChange`: the outline's change (for
/// `items-changed`), the rows whose focus or selection changed (for
/// `selection-changed`) and the focused row (to move GTK's focus to). The
/// GTK layer applies it and decides nothing itself, so keys, clicks, the
/// GtkSelectionModel's requests and scripted actions all go through the
/// engine's `Outline.Selection` and agree.
///
/// ```swift
/// var session = OutlineSession(document: try CategoryDocument())
/// session.navigate(.down)                      // focuses and selects "Books"
/// let change = session.navigate(.right)        // expands it
/// change.outlineChange.listSplices             // [items-changed(0, 1, 4)]
/// ```
public struct OutlineSession<Document: WindowDocument> {
  /// The document shown.
  public internal(set) var document: Document
  /// The focus, the anchor and the selected nodes.
  public internal(set) var selection: Outline<Document.Node>.Selection
  /// The search in force; empty when none.
  public internal(set) var searchText = ""

  /// A session over `document` with nothing focused or selected.
  ///
  /// - Complexity: O(1).
  public init(document: Document, selectionMode: SelectionMode = .multiple) {
    self.document = document
    selection = Outline<Document.Node>.Selection(mode: selectionMode)
  }

  /// The document's outline.
  ///
  /// - Complexity: O(1).
  public var outline: Outline<Document.Node> { document.outline }

  /// The text of row `row`.
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(log n).
  public func label(ofRow row: Int) -> String {
    document.label(of: outline.id(atRow: row))
  }

  /// The selection, taken out so that a closure can change it while the
  /// document changes (put it back after): the session keeps an empty one
  /// meanwhile, so the taken one is not shared and changes in place.
  mutating func takeSelection() -> Outline<Document.Node>.Selection {
    let taken = selection
    selection = Outline<Document.Node>.Selection(mode: taken.mode, collapsePolicy: taken.collapsePolicy)
    return taken
  }

  /// A change the session made to the outline itself, with the selection
  /// brought up to date after it.
  mutating func reconciling(_ change: OutlineChange) -> SelectionChange {
    let reconciled = selection.reconcile(with: document.outline, after: change)
    return SelectionChange(
      outlineChange: change, rowsToRedraw: reconciled.rowsToRedraw, focusedRow: reconciled.focusedRow)
  }
}
