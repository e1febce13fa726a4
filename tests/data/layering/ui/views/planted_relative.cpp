// A view that includes the window above it by a relative path: check_layering.cmake must refuse it.
#include "../window/mainwindow.h"
#include "../document/document.h"
#include "planted.h"
