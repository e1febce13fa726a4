// SPDX-License-Identifier: MIT
// The Methods view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"
#include "ui/state/methodscommandline.h"
#include "ui/state/methodsoptions.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription methodsDescription()
{
    ViewDescription d = described("methods", QT_TRANSLATE_NOOP("pe::ui::Views", "Methods"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Position methods"),
                                  "view-list-details",
                                  "methods (max_len, max_len) = what --method adds to the score of query i (row) and key j (column),\n"
                                  "  -inf where a causal model masks the key");
    keepOptions(d, methodOptionsFrom);
    takeCommandLine(d, methodsCommandLineOptions(), readMethodsCommandLine, methodsCommandLineFor);
    d.usesTable = true;
    return d;
}

} // namespace pe::ui
