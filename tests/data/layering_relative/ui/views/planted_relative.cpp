// Fixture of tests/check_layering.cmake (see layering_refuses_a_relative_include): a view that
// includes the window above it by a relative path, the only wrong include in this tree.
#include "../window/mainwindow.h"
#include "../document/document.h"
#include "./planted_relative.h"
