#include "OutlineGtkC.h"

struct _OutlineGtkRowItem {
  GObject parent_instance;
  gpointer payload;
  GDestroyNotify destroy;
};

G_DEFINE_FINAL_TYPE (OutlineGtkRowItem, outline_gtk_row_item, G_TYPE_OBJECT)

static void
outline_gtk_row_item_finalize (GObject *object)
{
  OutlineGtkRowItem *self = OUTLINE_GTK_ROW_ITEM (object);

  if (self->destroy != NULL)
    self->destroy (self->payload);

  G_OBJECT_CLASS (outline_gtk_row_item_parent_class)->finalize (object);
}

static void
outline_gtk_row_item_class_init (OutlineGtkRowItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = outline_gtk_row_item_finalize;
}

static void
outline_gtk_row_item_init (OutlineGtkRowItem *self)
{
}

OutlineGtkRowItem *
outline_gtk_row_item_new (gpointer payload, GDestroyNotify destroy)
{
  OutlineGtkRowItem *self = g_object_new (OUTLINE_GTK_TYPE_ROW_ITEM, NULL);

  self->payload = payload;
  self->destroy = destroy;
  return self;
}

gpointer
outline_gtk_row_item_get_payload (OutlineGtkRowItem *self)
{
  g_return_val_if_fail (OUTLINE_GTK_IS_ROW_ITEM (self), NULL);

  return self->payload;
}
