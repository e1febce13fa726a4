// SPDX-License-Identifier: MIT
// Linked into every test that links the views: the views are entered when the test's
// QCoreApplication is made, as main() enters them first thing. Qt calls a start-up function
// from the application's constructor, after every static of the program exists; registering
// from a static initialiser once ran before the option keys (then viewoptions.cpp's) did, and the built-in
// options got the key "".
#include "ui/views/viewfactory.h"

#include <QCoreApplication>

namespace {
void enterTheViews() { pe::ui::registerViews(); }
} // namespace

Q_COREAPP_STARTUP_FUNCTION(enterTheViews)
