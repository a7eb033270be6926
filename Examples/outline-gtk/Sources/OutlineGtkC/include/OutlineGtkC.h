// The GObject boilerplate of the example: two small types whose answers
// come from Swift. Everything they decide is decided in Swift; the C here
// only registers the types and forwards calls.
//
// - OutlineGtkRowItem: the items of a list, each holding an opaque payload
//   that Swift owns (released with the item).
// - OutlineGtkListModel: a GListModel that is also a GtkSelectionModel,
//   whose every vfunc calls a Swift callback with a context pointer.
// (The X11 input the display tests send is OutlineGtkTestInput's.)
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

G_END_DECLS
