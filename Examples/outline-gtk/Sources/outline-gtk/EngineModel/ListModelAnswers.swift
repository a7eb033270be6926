import CGtk
import OutlineGtkC

/// What an OutlineGtkListModel asks Swift: GListModel's items and
/// GtkSelectionModel's selection, by position in the list as GTK sees it.
///
/// GTK calls everything on the main thread, inside its main loop; so do
/// these answers, and none of them changes the list.
protocol ListModelAnswers: AnyObject {
  var itemCount: Int { get }
  /// A new reference to the item at `position` (an OutlineGtkRowItem).
  func item(at position: Int) -> UnsafeMutableRawPointer?
  func isSelected(at position: Int) -> Bool
  func addSelection(in positions: Range<Int>, to bitset: OpaquePointer)
  func selectItem(at position: Int, alone: Bool) -> Bool
  func deselectItem(at position: Int) -> Bool
  func selectItems(in positions: Range<Int>, alone: Bool) -> Bool
  func deselectItems(in positions: Range<Int>) -> Bool
  func selectAll() -> Bool
  func deselectAll() -> Bool
}

/// Makes the C model of `answers`: the model holds it weakly (GTK may keep
/// the model a little longer than the window keeps the answers; then it
/// answers as an empty list).
func makeListModel(answering answers: any ListModelAnswers) -> OpaquePointer {
  let box = Unmanaged.passRetained(AnswersBox(answers)).toOpaque()
  return withUnsafePointer(to: listModelCallbacks) { callbacks in
    outline_gtk_list_model_new(callbacks, box) { Unmanaged<AnswersBox>.fromOpaque($0!).release() }!
  }
}

private final class AnswersBox {
  weak var answers: (any ListModelAnswers)?
  init(_ answers: any ListModelAnswers) { self.answers = answers }
}

private func answers(_ context: gpointer?) -> (any ListModelAnswers)? {
  Unmanaged<AnswersBox>.fromOpaque(context!).takeUnretainedValue().answers
}

private func range(_ position: guint, _ count: guint) -> Range<Int> {
  Int(position) ..< Int(position) + Int(count)
}

private func gboolean(_ value: Bool) -> gboolean { value ? 1 : 0 }

/// The C side's table of callbacks, each forwarding to the answers.
private let listModelCallbacks = OutlineGtkListModelCallbacks(
  n_items: { context in guint(answers(context)?.itemCount ?? 0) },
  get_item: { context, position in answers(context)?.item(at: Int(position)) },
  is_selected: { context, position in gboolean(answers(context)?.isSelected(at: Int(position)) ?? false) },
  add_selection_in_range: { context, position, count, bitset in
    answers(context)?.addSelection(in: range(position, count), to: bitset!)
  },
  select_item: { context, position, alone in
    gboolean(answers(context)?.selectItem(at: Int(position), alone: alone != 0) ?? false)
  },
  unselect_item: { context, position in gboolean(answers(context)?.deselectItem(at: Int(position)) ?? false) },
  select_range: { context, position, count, alone in
    gboolean(answers(context)?.selectItems(in: range(position, count), alone: alone != 0) ?? false)
  },
  unselect_range: { context, position, count in
    gboolean(answers(context)?.deselectItems(in: range(position, count)) ?? false)
  },
  select_all: { context in gboolean(answers(context)?.selectAll() ?? false) },
  unselect_all: { context in gboolean(answers(context)?.deselectAll() ?? false) }
)
