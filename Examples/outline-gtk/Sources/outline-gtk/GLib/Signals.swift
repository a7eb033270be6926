import CGtk

// Swift closures as signal handlers. Each connection holds its closure
// in a box passed as the handler's user data; GObject releases the box
// when the handler goes (the object is finalized or the handler is
// disconnected). One C thunk per signal signature calls the closure.

/// A closure kept alive by a signal connection.
final class SignalClosure<Body> {
  let body: Body
  init(_ body: Body) { self.body = body }
}

private func connect<Body>(
  _ instance: some GObjectPointer, _ signal: String, thunk: some Any, _ body: Body
) -> gulong {
  let box = Unmanaged.passRetained(SignalClosure(body)).toOpaque()
  return g_signal_connect_data(
    instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), box,
    { data, _ in Unmanaged<AnyObject>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
}

private func closure<Body>(_ data: gpointer?, as type: Body.Type) -> Body {
  Unmanaged<SignalClosure<Body>>.fromOpaque(data!).takeUnretainedValue().body
}

typealias Action = () -> Void
typealias PointerAction = (OpaquePointer) -> Void
typealias KeyAction = (_ keyval: guint, _ modifiers: GdkModifierType) -> Bool
typealias ClickAction = (_ pressCount: Int, _ x: Double, _ y: Double) -> Void
typealias PositionAction = (_ position: Int) -> Void
typealias ItemsChangedAction = (_ position: Int, _ removed: Int, _ added: Int) -> Void
typealias PointAction<Result> = (_ x: Double, _ y: Double) -> Result

extension GObjectPointer {
  /// A signal whose handler takes only the instance and returns nothing:
  /// `clicked`, `search-changed`, `activate` (of an entry), `after-paint`.
  @discardableResult
  func on(_ signal: String, _ body: @escaping Action) -> gulong {
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in closure(data, as: Action.self)() }
    return connect(self, signal, thunk: thunk, body)
  }

  /// A signal whose handler takes one object: GtkSignalListItemFactory's
  /// `setup`, `bind`, `unbind` and `teardown` (the GtkListItem).
  @discardableResult
  func on(_ signal: String, _ body: @escaping PointerAction) -> gulong {
    let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, argument, data in
      closure(data, as: PointerAction.self)(argument!)
    }
    return connect(self, signal, thunk: thunk, body)
  }

  /// `notify::property`: the property changed.
  @discardableResult
  func onNotify(_ property: String, _ body: @escaping Action) -> gulong {
    on("notify::" + property) { (_: OpaquePointer) in body() }
  }

  /// GtkWindow's `close-request`; the window closes.
  @discardableResult
  func onCloseRequest(_ body: @escaping Action) -> gulong {
    let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
      closure(data, as: Action.self)()
      return 0
    }
    return connect(self, "close-request", thunk: thunk, body)
  }

  /// GtkEventControllerKey's `key-pressed`; the handler returns whether it
  /// handled the key (then GTK stops there).
  @discardableResult
  func onKeyPressed(_ body: @escaping KeyAction) -> gulong {
    let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
      _, keyval, _, modifiers, data in
      closure(data, as: KeyAction.self)(keyval, modifiers) ? 1 : 0
    }
    return connect(self, "key-pressed", thunk: thunk, body)
  }

  /// GtkGestureClick's `pressed` or `released`.
  @discardableResult
  func onClick(_ signal: String, _ body: @escaping ClickAction) -> gulong {
    let thunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, count, x, y, data in
      closure(data, as: ClickAction.self)(Int(count), x, y)
    }
    return connect(self, signal, thunk: thunk, body)
  }

  /// A signal that passes a position: GtkListView's `activate`.
  @discardableResult
  func onPosition(_ signal: String, _ body: @escaping PositionAction) -> gulong {
    let thunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
      closure(data, as: PositionAction.self)(Int(position))
    }
    return connect(self, signal, thunk: thunk, body)
  }

  /// GListModel's `items-changed`.
  @discardableResult
  func onItemsChanged(_ body: @escaping ItemsChangedAction) -> gulong {
    let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
      _, position, removed, added, data in
      closure(data, as: ItemsChangedAction.self)(Int(position), Int(removed), Int(added))
    }
    return connect(self, "items-changed", thunk: thunk, body)
  }

  /// GtkDragSource's `prepare`: the content to drag from a point, or nil
  /// for no drag.
  @discardableResult
  func onDragPrepare(_ body: @escaping PointAction<OpaquePointer?>) -> gulong {
    let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> OpaquePointer? = { _, x, y, data in
      closure(data, as: PointAction<OpaquePointer?>.self)(x, y)
    }
    return connect(self, "prepare", thunk: thunk, body)
  }

  /// GtkDragSource's `drag-end`.
  @discardableResult
  func onDragEnd(_ body: @escaping Action) -> gulong {
    let thunk: @convention(c) (gpointer?, gpointer?, gboolean, gpointer?) -> Void = { _, _, _, data in
      closure(data, as: Action.self)()
    }
    return connect(self, "drag-end", thunk: thunk, body)
  }

  /// GtkDropTarget's `motion`: the action a drop at a point would take
  /// (0: none).
  @discardableResult
  func onDropMotion(_ body: @escaping PointAction<GdkDragAction>) -> gulong {
    let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> GdkDragAction = { _, x, y, data in
      closure(data, as: PointAction<GdkDragAction>.self)(x, y)
    }
    return connect(self, "motion", thunk: thunk, body)
  }

  /// GtkDropTarget's `drop` (the value is not read: the drag is the
  /// app's own); returns whether the drop was taken.
  @discardableResult
  func onDrop(_ body: @escaping PointAction<Bool>) -> gulong {
    let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
      _, _, x, y, data in
      closure(data, as: PointAction<Bool>.self)(x, y) ? 1 : 0
    }
    return connect(self, "drop", thunk: thunk, body)
  }

  /// Disconnects a handler; its closure is released.
  func disconnect(_ handler: gulong) {
    g_signal_handler_disconnect(raw, handler)
  }
}
