import CGtk
import OutlineGtkSupport

/// Replays a list model's `items-changed` calls on a plain array, as GTK
/// receives them (the items of each call are asked of the model at the
/// moment of the call), so the display tests can compare the array with
/// the rows the model should hold.
final class ItemsChangedRecorder<Identity: Equatable> {
  private var mirror = ListMirror<Identity?>()
  private var error: String?

  /// Starts with the model's items now, then follows its calls.
  init(model: OpaquePointer, identity: @escaping (gpointer) -> Identity?) {
    func item(_ position: Int) -> Identity? {
      guard let item = g_list_model_get_item(model, guint(position)) else { return nil }
      defer { g_object_unref(item) }
      return identity(item)
    }
    try! mirror.apply(position: 0, removed: 0, added: Int(g_list_model_get_n_items(model)), item: item)
    model.onItemsChanged { [weak self] position, removed, added in
      guard let self, self.error == nil else { return }
      do {
        try self.mirror.apply(position: position, removed: removed, added: added, item: item)
      } catch {
        self.error = "\(error)"
      }
    }
  }

  /// The calls replayed.
  var callCount: Int { mirror.callCount }

  /// What differs between the replayed list and `expected`, or nil.
  func problem(expected: some Collection<Identity>, describe: (Identity?) -> String) -> String? {
    if let error { return "a replayed items-changed call failed: \(error)" }
    let replayed = mirror.elements
    guard replayed.count == expected.count else {
      return "the items-changed calls replayed give \(replayed.count) rows; the model has \(expected.count)"
    }
    for (row, (got, want)) in zip(replayed, expected).enumerated() where got != want {
      return "the items-changed calls replayed give \(describe(got)) at row \(row); the model has \(describe(want))"
    }
    return nil
  }
}
