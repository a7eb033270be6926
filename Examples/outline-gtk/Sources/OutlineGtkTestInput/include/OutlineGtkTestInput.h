// Real input for the display tests: keys and clicks sent through the X
// server's XTEST extension, so they reach GTK exactly as a user's do. A
// target of its own, apart from the app's GObject types, which need none
// of it: the script runner (what the display tests drive) calls it.
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

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
