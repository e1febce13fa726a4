// A view that includes the window above it in angle brackets: check_layering.cmake must refuse it.
#include <ui/window/mainwindow.h>
#include <ui/document/document.h>
