// SPDX-License-Identifier: MIT
// Linked into the tests that read sessions or the command line without the views' widgets: the
// views' descriptions are entered when the test's QCoreApplication is made (see registeredviews.cpp).
#include "ui/state/viewcatalog.h"

#include <QCoreApplication>

namespace {
void enterTheViewDescriptions() { pe::ui::registerViewDescriptions(); }
} // namespace

Q_COREAPP_STARTUP_FUNCTION(enterTheViewDescriptions)
