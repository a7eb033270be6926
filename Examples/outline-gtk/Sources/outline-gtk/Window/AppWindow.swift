import CGtk
import OutlineGtkSupport

/// The window: a header bar with the document menu and the expand and
/// collapse buttons, a search entry, the GtkListView, and a status line.
///
/// The list view is the window's; what it shows comes from a
/// ``ListPresenter``, the engine's or GTK's tree model, made for the
/// document chosen.
final class AppWindow {
  let options: AppOptions
  let window: Widget
  let listView: Widget
  let searchEntry: Widget
  let expandButton: Widget
  let collapseButton: Widget
  let undoButton: Widget
  let redoButton: Widget
  private let documentMenu: Widget
  /// The number of `search-changed` signals handled.
  private(set) var searchCount = 0
  private let statusLabel: Widget
  private let titleLabel: Widget
  private(set) var presenter: (any ListPresenter)!
  private(set) var isClosed = false

  init(options: AppOptions) {
    self.options = options
    window = gtk_window_new()
    gtk_window_set_default_size(window.cast(to: GtkWindow.self), gint(options.width), gint(options.height))

    let header = gtk_header_bar_new()!
    documentMenu = options.documents.map(\.menuTitle).withCStringArray { gtk_drop_down_new_from_strings($0) }
    gtk_header_bar_pack_start(header.opaque, documentMenu)
    undoButton = gtk_button_new_with_label("Undo")
    redoButton = gtk_button_new_with_label("Redo")
    gtk_header_bar_pack_start(header.opaque, undoButton)
    gtk_header_bar_pack_start(header.opaque, redoButton)
    expandButton = gtk_button_new_with_label("Expand all")
    collapseButton = gtk_button_new_with_label("Collapse all")
    gtk_header_bar_pack_end(header.opaque, expandButton)
    gtk_header_bar_pack_end(header.opaque, collapseButton)
    titleLabel = gtk_label_new(nil)
    gtk_widget_add_css_class(titleLabel, "title")
    gtk_header_bar_set_title_widget(header.opaque, titleLabel)
    gtk_window_set_titlebar(window.cast(to: GtkWindow.self), header)

    searchEntry = gtk_search_entry_new()
    setProperty(searchEntry, "placeholder-text", to: "Search")
    for set in [gtk_widget_set_margin_top, gtk_widget_set_margin_start, gtk_widget_set_margin_end] { set(searchEntry, 6) }
    gtk_widget_set_margin_bottom(searchEntry, 6)

    listView = gtk_list_view_new(nil, nil)
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(scrolled.opaque, listView)
    gtk_widget_set_vexpand(scrolled, 1)

    statusLabel = gtk_label_new(nil)
    gtk_label_set_xalign(statusLabel.opaque, 0)
    gtk_widget_add_css_class(statusLabel, "dim-label")
    for set in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start] { set(statusLabel, 6) }

    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(content.cast(to: GtkBox.self), searchEntry)
    gtk_box_append(content.cast(to: GtkBox.self), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
    gtk_box_append(content.cast(to: GtkBox.self), scrolled)
    gtk_box_append(content.cast(to: GtkBox.self), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
    gtk_box_append(content.cast(to: GtkBox.self), statusLabel)
    gtk_window_set_child(window.cast(to: GtkWindow.self), content)

    // Keys reach the presenter before the list view's own bindings.
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    keys.onKeyPressed { [unowned self] keyval, state in
      presenter.handleKey(keyval, modifiers: InputModifiers(state))
    }
    gtk_widget_add_controller(listView, keys)
    listView.onPosition("activate") { [unowned self] row in presenter.activate(row: row) }
    expandButton.on("clicked") { [unowned self] in presenter.expandAll() }
    collapseButton.on("clicked") { [unowned self] in presenter.collapseAll() }
    undoButton.on("clicked") { [unowned self] in presenter.undo() }
    redoButton.on("clicked") { [unowned self] in presenter.redo() }
    Self.addDropMarkStyles(display: gtk_widget_get_display(window))
    searchEntry.on("search-changed") { [unowned self] in
      presenter.search(String(gtk: gtk_editable_get_text(searchEntry.opaque)))
      searchCount += 1
    }
    // Enter in the search entry goes to the list.
    searchEntry.on("activate") { [unowned self] in _ = gtk_widget_grab_focus(listView) }
    documentMenu.onNotify("selected") { [unowned self] in
      open(options.documents[Int(gtk_drop_down_get_selected(documentMenu.opaque))])
    }
    window.onCloseRequest { [unowned self] in isClosed = true }

    gtk_drop_down_set_selected(documentMenu.opaque, guint(options.documents.firstIndex(of: options.document)!))
    if presenter == nil { open(options.document) }
  }

  /// Shows a document, through the model the options chose.
  func open(_ document: AppOptions.Document) {
    show(makePresenter(for: document))
    let index = guint(options.documents.firstIndex(of: document)!)
    if gtk_drop_down_get_selected(documentMenu.opaque) != index { gtk_drop_down_set_selected(documentMenu.opaque, index) }
  }

  /// Shows what a presenter presents.
  func show(_ next: any ListPresenter) {
    next.onChange = { [unowned self] in showStatus() }
    // The old model goes first: a factory binds only its own kind of item.
    gtk_list_view_set_model(listView.opaque, nil)
    gtk_list_view_set_factory(listView.opaque, next.factory)
    gtk_list_view_set_model(listView.opaque, next.selectionModel)
    presenter = next
    gtk_editable_set_text(searchEntry.opaque, "")
    // An entry that goes insensitive gives the focus up first.
    if !next.canSearch && gtk_widget_is_ancestor(gtk_root_get_focus(OpaquePointer(window)), searchEntry) != 0 {
      _ = gtk_widget_grab_focus(listView)
    }
    gtk_widget_set_sensitive(searchEntry, next.canSearch ? 1 : 0)
    gtk_window_set_title(window.cast(to: GtkWindow.self), "outline-gtk — \(next.title)")
    gtk_label_set_text(titleLabel.opaque, next.title)
    showStatus()
  }

  /// Shows an empty list and lets the presenter go (the benchmark, between
  /// trees).
  func showNothing() {
    gtk_list_view_set_model(listView.opaque, nil)
    gtk_list_view_set_factory(listView.opaque, nil)
    presenter = nil
    gtk_label_set_text(statusLabel.opaque, "")
  }

  private func makePresenter(for document: AppOptions.Document) -> any ListPresenter {
    switch (document, options.model) {
    case (.big, .engine), (.wide, .engine):
      return enginePresenter(GeneratedTreeDocument(generatedTree(document)))
    case (.big, .gtk), (.wide, .gtk):
      return TreeListPresenter(source: GeneratedTreeSource(generatedTree(document)), listView: listView)
    case (.categories, let model):
      // The sample ships with the package: only a broken installation fails.
      guard let categories = try? CategoryDocument() else { preconditionFailure("outline-gtk: the sample catalog is missing") }
      return model == .engine
        ? enginePresenter(categories) : TreeListPresenter(source: DocumentTreeSource(categories), listView: listView)
    case (.file(let path), _):
      // The options refuse a file with --model gtk, and main opened it once
      // already; opened again, it can still fail (it was removed or
      // changed): the error goes to the standard error and the window
      // shows the categories.
      do {
        switch try DocumentFile.open(path) {
        case .directory(let directory): return enginePresenter(directory)
        case .json(let json): return enginePresenter(json)
        }
      } catch {
        printError("outline-gtk: \(error)")
        return makePresenter(for: .categories)
      }
    }
  }

  private func generatedTree(_ document: AppOptions.Document) -> GeneratedTree {
    GeneratedTree(shape: document == .wide ? .wide : .balanced, count: options.size)
  }

  private func enginePresenter<Document: WindowDocument>(_ document: Document) -> EnginePresenter<Document> {
    let presenter = EnginePresenter(document: document, listView: listView)
    presenter.listModel.emitsWrongItemsChanged = options.emitsWrongItemsChanged
    return presenter
  }

  func showStatus() {
    gtk_label_set_text(statusLabel.opaque, presenter.status)
    gtk_widget_set_sensitive(expandButton, presenter.canExpandAll ? 1 : 0)
    for (button, name, verb) in [(undoButton, presenter.undoName, "Undo"), (redoButton, presenter.redoName, "Redo")] {
      gtk_widget_set_sensitive(button, name == nil ? 0 : 1)
      if let name { gtk_widget_set_tooltip_text(button, "\(verb) \(name)") } else { gtk_widget_set_tooltip_text(button, nil) }
    }
  }

  /// Where a drop would land: the row to drop into, or the edge to drop at.
  private static func addDropMarkStyles(display: OpaquePointer) {
    let css = """
      .drop-into { background-color: alpha(@theme_selected_bg_color, 0.3); }
      .drop-before { box-shadow: inset 0 2px @theme_selected_bg_color; }
      .drop-after { box-shadow: inset 0 -2px @theme_selected_bg_color; }
      """
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(display, provider.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    provider.unref()
  }
}

extension AppOptions.Document {
  /// The document menu's entry.
  var menuTitle: String {
    switch self {
    case .big: return "Big tree"
    case .wide: return "Wide tree"
    case .categories: return "Categories"
    case .file(let path): return String(path.split(separator: "/").last ?? "/")
    }
  }
}

extension Array where Element == String {
  /// Calls `body` with the strings as a NULL-terminated C array.
  func withCStringArray<Result>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
