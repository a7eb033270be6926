import CGtk
import OutlineGtkSupport
import OutlineKit

/// The widgets of one row of the engine's list: indentation, a disclosure
/// triangle, a check button (a dash when some of what is under the row is
/// checked), the label and a dimmer detail, in a box that is the list
/// item's child. GtkTreeExpander draws these only for GtkTreeListRow
/// items, so the rows draw their own.
final class RowWidgets {
  /// Pixels of indentation per level.
  static let indentation = 18

  let listItem: OpaquePointer
  let box: Widget
  let triangle: Widget
  let check: Widget
  let label: Widget
  let detail: Widget

  init(listItem: OpaquePointer) {
    self.listItem = listItem
    box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
    triangle = gtk_image_new()
    check = gtk_check_button_new()
    label = gtk_label_new(nil)
    detail = gtk_label_new(nil)
    gtk_label_set_xalign(label.opaque, 0)
    gtk_widget_set_hexpand(label, 1)
    gtk_widget_add_css_class(detail, "dim-label")
    gtk_widget_add_css_class(detail, "numeric")
    gtk_widget_set_margin_end(box, 8)
    // The triangle keeps its place when there is none, so labels line up.
    gtk_widget_set_size_request(triangle, 16, 16)
    // The presenter's gesture takes the check button's clicks: the button
    // shows the outline's state, set on every redraw.
    gtk_widget_set_focusable(check, 0)
    for child in [triangle, check, label, detail] { gtk_box_append(box.cast(to: GtkBox.self), child) }
    gtk_list_item_set_child(listItem, box)
    // The box keeps these widgets' record for as long as it lives.
    g_object_set_data_full(
      box.object, Self.key, Unmanaged.passRetained(self).toOpaque(), { Unmanaged<RowWidgets>.fromOpaque($0!).release() })
  }

  private static let key = "outline-gtk-row"

  /// The row widgets whose box is `box`, if it is one.
  static func of(box: Widget) -> RowWidgets? {
    g_object_get_data(box.object, key).map { Unmanaged<RowWidgets>.fromOpaque($0).takeUnretainedValue() }
  }

  /// The row widgets of a list item widget (a child of the list view), if
  /// it holds a row.
  static func of(rowWidget: Widget) -> RowWidgets? {
    gtk_widget_get_first_child(rowWidget).flatMap(of(box:))
  }

  /// What the widgets show now, so that showing a row again changes (and
  /// makes GTK measure again) only what differs.
  private var shown: (label: String, detail: String?, depth: Int, disclosure: RowLook.Disclosure, check: CheckState)?

  /// Shows a row: its text, its level's indentation, its triangle, its
  /// check button, and tells assistive technologies its level and
  /// expanded state.
  func show(label text: String, detail: String?, depth: Int, disclosure: RowLook.Disclosure, check state: CheckState) {
    let old = shown
    shown = (text, detail, depth, disclosure, state)
    if old?.check != state {
      gtk_check_button_set_active(check.cast(to: GtkCheckButton.self), state == .checked ? 1 : 0)
      gtk_check_button_set_inconsistent(check.cast(to: GtkCheckButton.self), state == .mixed ? 1 : 0)
    }
    if old?.label != text { gtk_label_set_text(label.opaque, text) }
    if old?.detail != detail {
      gtk_label_set_text(self.detail.opaque, detail ?? "")
      gtk_widget_set_visible(self.detail, detail == nil ? 0 : 1)
    }
    if old?.depth != depth { gtk_widget_set_margin_start(box, Int32(depth * Self.indentation)) }
    guard old?.disclosure != disclosure || old?.depth != depth else { return }
    setAccessibleLevel(of: box, to: depth + 1, expanded: disclosure == .none ? nil : disclosure == .expanded)
    switch disclosure {
    case .none:
      gtk_image_clear(triangle.opaque)
    case .collapsed:
      gtk_image_set_from_icon_name(triangle.opaque, "pan-end-symbolic")
    case .expanded:
      gtk_image_set_from_icon_name(triangle.opaque, "pan-down-symbolic")
    }
  }

  /// What the row shows, read back from its widgets (and the selected and
  /// focused states GTK gives the list item's widget).
  var look: RowLook {
    let icon = String(gtk: gtk_image_get_icon_name(triangle.opaque))
    let disclosure: RowLook.Disclosure =
      icon == "pan-down-symbolic" ? .expanded : icon == "pan-end-symbolic" ? .collapsed : .none
    let state = gtk_widget_get_state_flags(gtk_widget_get_parent(box)!).rawValue
    return RowLook(
      label: String(gtk: gtk_label_get_text(label.opaque)),
      depth: Int(gtk_widget_get_margin_start(box)) / Self.indentation, disclosure: disclosure,
      isSelected: state & GTK_STATE_FLAG_SELECTED.rawValue != 0, isFocused: state & GTK_STATE_FLAG_FOCUSED.rawValue != 0,
      check: gtk_check_button_get_inconsistent(check.cast(to: GtkCheckButton.self)) != 0
        ? .mixed : gtk_check_button_get_active(check.cast(to: GtkCheckButton.self)) != 0 ? .checked : .unchecked)
  }

  /// The position GTK gives the row, or nil while it holds no item.
  var position: Int? {
    gtk_list_item_get_item(listItem) == nil ? nil : Int(gtk_list_item_get_position(listItem))
  }
}
