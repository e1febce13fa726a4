// Fixture of tests/check_layering.cmake (see layering_refuses_an_angle_include): a view that
// includes the window above it in angle brackets, the only wrong include in this tree.
#include <ui/window/mainwindow.h>
#include <ui/document/document.h>
