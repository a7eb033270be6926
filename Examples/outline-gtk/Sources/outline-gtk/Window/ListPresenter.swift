import CGtk
import OutlineGtkSupport

/// What the window's GtkListView shows and how it reacts: the engine's
/// model (``EnginePresenter``) or GTK's own tree model
/// (``TreeListPresenter``). The window owns one list view and hands it the
/// presenter's model and factory; keys, activation and the toolbar go to
/// the presenter.
protocol ListPresenter: AnyObject {
  /// The document's name.
  var title: String { get }
  /// The GtkSelectionModel to show.
  var selectionModel: OpaquePointer { get }
  /// The GtkListItemFactory that makes and binds the rows.
  var factory: OpaquePointer { get }
  /// Nodes, rows, selection and the last action's figures.
  var status: String { get }
  /// Called after each action, so the window shows the new status.
  var onChange: (() -> Void)? { get set }

  /// A key pressed in the list; returns whether it was handled.
  func handleKey(_ keyval: guint, modifiers: InputModifiers) -> Bool
  /// A row activated (double click, Enter).
  func activate(row: Int)
  /// Whether "Expand all" makes sense for the document.
  var canExpandAll: Bool { get }
  func expandAll()
  func collapseAll()
  /// The edit an undo would undo, and the one a redo would redo (nil:
  /// none).
  var undoName: String? { get }
  var redoName: String? { get }
  func undo()
  func redo()
  /// Whether the presenter can search (GTK's tree model view cannot).
  var canSearch: Bool { get }
  func search(_ text: String)
  /// Scrolls row `row` into view.
  func jump(toRow row: Int)

  /// For the display tests: what the outline says, what GTK shows.
  var inspection: ListInspection { get }
  /// For the display tests: starts replaying the model's `items-changed`
  /// calls on a plain array.
  func recordItemsChanged()
  /// What differs between the replayed array and the model's rows; nil
  /// when they agree (or nothing is recorded).
  var itemsChangedProblem: String? { get }
}

/// What the display tests read from a presenter.
struct ListInspection {
  /// The number of rows the model holds.
  var rowCount: Int
  /// Row `row`'s label.
  var label: (Int) -> String
  /// What row `row` should look like.
  var expectedLook: (Int) -> RowLook
  /// The row widgets GTK keeps, as they show.
  var shownRows: () -> [ShownRow]
  /// The focused row, in the engine (nil: none, or not known).
  var focusedRow: Int?
  /// The selected rows.
  var selectedRows: [Int]
  /// The widgets of row `row`, if GTK made them; for clicks.
  var rowWidgets: (Int) -> (row: Widget, triangle: Widget?, check: Widget?)?
}

/// The parts of a row a click can land on.
enum RowPart { case row, triangle, check }
