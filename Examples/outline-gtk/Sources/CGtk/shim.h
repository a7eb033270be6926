// GTK 4, as one Clang module for Swift (`import CGtk`); the compiler and
// linker flags come from `pkg-config gtk4`.
#include <gtk/gtk.h>
