// The GObject boilerplate of the example: two small types whose answers
// come from Swift. Everything they decide is decided in Swift; the C here
// only registers the types and forwards calls.
//
// - OutlineGtkRowItem: the items of a list, each holding an opaque payload
//   that Swift owns (released with the item).
// - OutlineGtkListModel: a GListModel that is also a GtkSelectionModel,
//   whose every vfunc calls a Swift callback with a context pointer.
// - The X11 input the display tests send keys and clicks with.
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

// MARK: - Row items

#define OUTLINE_GTK_TYPE_ROW_ITEM (outline_gtk_row_item_get_type ())
G_DECLARE_FINAL_TYPE (OutlineGtkRowItem, outline_gtk_row_item, OUTLINE_GTK, ROW_ITEM, GObject)

/// A new item holding `payload`; `destroy` (may be NULL) is called on it
/// when the item is finalized.
OutlineGtkRowItem *outline_gtk_row_item_new (gpointer payload, GDestroyNotify destroy);

/// The payload given to outline_gtk_row_item_new().
gpointer outline_gtk_row_item_get_payload (OutlineGtkRowItem *self);

// MARK: - List and selection model

/// The Swift side of an OutlineGtkListModel. Every callback gets the
/// context pointer given to outline_gtk_list_model_new(). Positions are
/// rows of the list as GTK sees it at the moment of the call.
typedef struct {
  guint (*n_items) (gpointer context);
  /// A new reference to the item at `position`, or NULL past the end.
  gpointer (*get_item) (gpointer context, guint position);
  gboolean (*is_selected) (gpointer context, guint position);
  /// Adds the selected positions of `position ..< position + n_items` to
  /// `selected`.
  void (*add_selection_in_range) (gpointer context, guint position, guint n_items, GtkBitset *selected);
  gboolean (*select_item) (gpointer context, guint position, gboolean unselect_rest);
  gboolean (*unselect_item) (gpointer context, guint position);
  gboolean (*select_range) (gpointer context, guint position, guint n_items, gboolean unselect_rest);
  gboolean (*unselect_range) (gpointer context, guint position, guint n_items);
  gboolean (*select_all) (gpointer context);
  gboolean (*unselect_all) (gpointer context);
} OutlineGtkListModelCallbacks;

#define OUTLINE_GTK_TYPE_LIST_MODEL (outline_gtk_list_model_get_type ())
G_DECLARE_FINAL_TYPE (OutlineGtkListModel, outline_gtk_list_model, OUTLINE_GTK, LIST_MODEL, GObject)

/// A model of OutlineGtkRowItem items answered by `callbacks` (copied);
/// `destroy_context` (may be NULL) is called on `context` when the model
/// is finalized.
OutlineGtkListModel *outline_gtk_list_model_new (const OutlineGtkListModelCallbacks *callbacks,
                                                 gpointer context,
                                                 GDestroyNotify destroy_context);

/// Emits GListModel::items-changed. Call it after the Swift side answers
/// for the list as it stands after this change.
void outline_gtk_list_model_items_changed (OutlineGtkListModel *self, guint position, guint removed, guint added);

/// Emits GtkSelectionModel::selection-changed for `position ..< position + n_items`.
void outline_gtk_list_model_selection_changed (OutlineGtkListModel *self, guint position, guint n_items);

// MARK: - X11 input for the display tests

/// Why keys and clicks cannot be sent (not X11, no libXtst, no XTEST), or
/// NULL when they can; loads libXtst the first time.
const char *outline_gtk_x11_input_problem (GdkDisplay *display);

/// Presses or releases the key of `keyval` (an X keysym), through XTEST.
gboolean outline_gtk_x11_send_key (GdkDisplay *display, guint keyval, gboolean press);

/// Presses or releases a pointer button (1: primary), through XTEST.
gboolean outline_gtk_x11_send_button (GdkDisplay *display, guint button, gboolean press);

/// Moves the pointer to a point of the root window, through XTEST.
gboolean outline_gtk_x11_move_pointer (GdkDisplay *display, int root_x, int root_y);

/// Waits until the X server has handled every request sent (XSync): the
/// events it made are then waiting for GDK.
void outline_gtk_x11_sync (GdkDisplay *display);

/// Where a surface's top left corner is on the root window.
gboolean outline_gtk_x11_surface_origin (GdkSurface *surface, int *root_x, int *root_y);

/// Gives a surface the X keyboard focus (there is no window manager under
/// Xvfb to give it).
void outline_gtk_x11_focus_surface (GdkSurface *surface);

G_END_DECLS
