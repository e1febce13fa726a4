// A view that includes the window above it: check_layering.cmake must refuse it.
#include "ui/window/mainwindow.h"
#include "ui/document/document.h"
