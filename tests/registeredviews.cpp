// SPDX-License-Identifier: MIT
// Linked into every test that links the views: the views that bring everything in their
// catalogue entry are entered before the test runs, as main() enters them before anything
// else, so that every list of views a test iterates holds them.
#include "ui/views/viewfactory.h"

namespace {
const bool registered = (pe::ui::registerViews(), true);
}
