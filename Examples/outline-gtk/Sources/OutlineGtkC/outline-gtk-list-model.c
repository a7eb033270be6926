#include "OutlineGtkC.h"

struct _OutlineGtkListModel {
  GObject parent_instance;
  OutlineGtkListModelCallbacks callbacks;
  gpointer context;
  GDestroyNotify destroy_context;
};

static void outline_gtk_list_model_list_model_init (GListModelInterface *iface);
static void outline_gtk_list_model_selection_model_init (GtkSelectionModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (OutlineGtkListModel, outline_gtk_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      outline_gtk_list_model_list_model_init)
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SELECTION_MODEL,
                                                      outline_gtk_list_model_selection_model_init))

// MARK: - GListModel

static GType
outline_gtk_list_model_get_item_type (GListModel *list)
{
  return OUTLINE_GTK_TYPE_ROW_ITEM;
}

static guint
outline_gtk_list_model_get_n_items (GListModel *list)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (list);

  return self->callbacks.n_items (self->context);
}

static gpointer
outline_gtk_list_model_get_item (GListModel *list, guint position)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (list);

  return self->callbacks.get_item (self->context, position);
}

static void
outline_gtk_list_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = outline_gtk_list_model_get_item_type;
  iface->get_n_items = outline_gtk_list_model_get_n_items;
  iface->get_item = outline_gtk_list_model_get_item;
}

// MARK: - GtkSelectionModel

static gboolean
outline_gtk_list_model_is_selected (GtkSelectionModel *model, guint position)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);

  return self->callbacks.is_selected (self->context, position);
}

static GtkBitset *
outline_gtk_list_model_get_selection_in_range (GtkSelectionModel *model, guint position, guint n_items)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);
  GtkBitset *selected = gtk_bitset_new_empty ();

  self->callbacks.add_selection_in_range (self->context, position, n_items, selected);
  return selected;
}

static gboolean
outline_gtk_list_model_select_item (GtkSelectionModel *model, guint position, gboolean unselect_rest)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);

  return self->callbacks.select_item (self->context, position, unselect_rest);
}

static gboolean
outline_gtk_list_model_unselect_item (GtkSelectionModel *model, guint position)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);

  return self->callbacks.unselect_item (self->context, position);
}

static gboolean
outline_gtk_list_model_select_range (GtkSelectionModel *model, guint position, guint n_items, gboolean unselect_rest)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);

  return self->callbacks.select_range (self->context, position, n_items, unselect_rest);
}

static gboolean
outline_gtk_list_model_unselect_range (GtkSelectionModel *model, guint position, guint n_items)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);

  return self->callbacks.unselect_range (self->context, position, n_items);
}

static gboolean
outline_gtk_list_model_select_all (GtkSelectionModel *model)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);

  return self->callbacks.select_all (self->context);
}

static gboolean
outline_gtk_list_model_unselect_all (GtkSelectionModel *model)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (model);

  return self->callbacks.unselect_all (self->context);
}

static void
outline_gtk_list_model_selection_model_init (GtkSelectionModelInterface *iface)
{
  iface->is_selected = outline_gtk_list_model_is_selected;
  iface->get_selection_in_range = outline_gtk_list_model_get_selection_in_range;
  iface->select_item = outline_gtk_list_model_select_item;
  iface->unselect_item = outline_gtk_list_model_unselect_item;
  iface->select_range = outline_gtk_list_model_select_range;
  iface->unselect_range = outline_gtk_list_model_unselect_range;
  iface->select_all = outline_gtk_list_model_select_all;
  iface->unselect_all = outline_gtk_list_model_unselect_all;
}

// MARK: - Life cycle

static void
outline_gtk_list_model_finalize (GObject *object)
{
  OutlineGtkListModel *self = OUTLINE_GTK_LIST_MODEL (object);

  if (self->destroy_context != NULL)
    self->destroy_context (self->context);

  G_OBJECT_CLASS (outline_gtk_list_model_parent_class)->finalize (object);
}

static void
outline_gtk_list_model_class_init (OutlineGtkListModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = outline_gtk_list_model_finalize;
}

static void
outline_gtk_list_model_init (OutlineGtkListModel *self)
{
}

OutlineGtkListModel *
outline_gtk_list_model_new (const OutlineGtkListModelCallbacks *callbacks,
                            gpointer context,
                            GDestroyNotify destroy_context)
{
  OutlineGtkListModel *self;

  g_return_val_if_fail (callbacks != NULL, NULL);

  self = g_object_new (OUTLINE_GTK_TYPE_LIST_MODEL, NULL);
  self->callbacks = *callbacks;
  self->context = context;
  self->destroy_context = destroy_context;
  return self;
}

void
outline_gtk_list_model_items_changed (OutlineGtkListModel *self, guint position, guint removed, guint added)
{
  g_return_if_fail (OUTLINE_GTK_IS_LIST_MODEL (self));

  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

void
outline_gtk_list_model_selection_changed (OutlineGtkListModel *self, guint position, guint n_items)
{
  g_return_if_fail (OUTLINE_GTK_IS_LIST_MODEL (self));

  gtk_selection_model_selection_changed (GTK_SELECTION_MODEL (self), position, n_items);
}
