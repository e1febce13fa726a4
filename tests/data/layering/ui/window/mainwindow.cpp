// Fixture of tests/check_layering.cmake (see layering_refuses_a_wrong_include).
#include "ui/views/planted.h"
