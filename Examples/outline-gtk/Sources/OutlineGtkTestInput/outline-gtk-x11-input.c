// Real input for the display tests: key presses and clicks sent through
// the X server's XTEST extension, so they reach GTK exactly as a user's
// do. libXtst is loaded when first needed (it is a runtime library only:
// building the example needs no X development package beyond GTK's).
#include "OutlineGtkTestInput.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>

typedef int (*FakeKeyEvent) (Display *display, unsigned int keycode, Bool is_press, unsigned long delay);
typedef int (*FakeButtonEvent) (Display *display, unsigned int button, Bool is_press, unsigned long delay);
typedef int (*FakeMotionEvent) (Display *display, int screen, int x, int y, unsigned long delay);

static struct {
  gboolean loaded;
  FakeKeyEvent key;
  FakeButtonEvent button;
  FakeMotionEvent motion;
} xtest;

static Display *
x_display (GdkDisplay *display)
{
  return GDK_IS_X11_DISPLAY (display) ? gdk_x11_display_get_xdisplay (display) : NULL;
}

const char *
outline_gtk_x11_input_problem (GdkDisplay *display)
{
  int event, error, major;
  void *library;

  if (x_display (display) == NULL)
    return "keys and clicks are sent through X11: run with GDK_BACKEND=x11";
  if (!xtest.loaded)
    {
      library = dlopen ("libXtst.so.6", RTLD_NOW);
      if (library == NULL)
        return "libXtst.so.6 is not installed (apt-get install libxtst6)";
      xtest.key = (FakeKeyEvent) dlsym (library, "XTestFakeKeyEvent");
      xtest.button = (FakeButtonEvent) dlsym (library, "XTestFakeButtonEvent");
      xtest.motion = (FakeMotionEvent) dlsym (library, "XTestFakeMotionEvent");
      if (xtest.key == NULL || xtest.button == NULL || xtest.motion == NULL)
        return "libXtst.so.6 lacks the XTestFake functions";
      xtest.loaded = TRUE;
    }
  if (!XQueryExtension (x_display (display), "XTEST", &major, &event, &error))
    return "the X server has no XTEST extension";
  return NULL;
}

gboolean
outline_gtk_x11_send_key (GdkDisplay *display, guint keyval, gboolean press)
{
  Display *xdisplay = x_display (display);
  KeyCode keycode;

  if (xdisplay == NULL || !xtest.loaded)
    return FALSE;
  keycode = XKeysymToKeycode (xdisplay, keyval);
  if (keycode == 0)
    return FALSE;
  xtest.key (xdisplay, keycode, press, CurrentTime);
  return TRUE;
}

gboolean
outline_gtk_x11_send_button (GdkDisplay *display, guint button, gboolean press)
{
  Display *xdisplay = x_display (display);

  if (xdisplay == NULL || !xtest.loaded)
    return FALSE;
  xtest.button (xdisplay, button, press, CurrentTime);
  return TRUE;
}

gboolean
outline_gtk_x11_move_pointer (GdkDisplay *display, int root_x, int root_y)
{
  Display *xdisplay = x_display (display);

  if (xdisplay == NULL || !xtest.loaded)
    return FALSE;
  xtest.motion (xdisplay, -1, root_x, root_y, CurrentTime);
  return TRUE;
}

void
outline_gtk_x11_sync (GdkDisplay *display)
{
  Display *xdisplay = x_display (display);

  if (xdisplay != NULL)
    XSync (xdisplay, False);
}

gboolean
outline_gtk_x11_surface_origin (GdkSurface *surface, int *root_x, int *root_y)
{
  Display *xdisplay;
  Window child;

  if (!GDK_IS_X11_SURFACE (surface))
    return FALSE;
  xdisplay = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  return XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (surface),
                                DefaultRootWindow (xdisplay), 0, 0, root_x, root_y, &child);
}

void
outline_gtk_x11_focus_surface (GdkSurface *surface)
{
  Display *xdisplay;

  if (!GDK_IS_X11_SURFACE (surface))
    return;
  xdisplay = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  XSetInputFocus (xdisplay, gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
}
