// SPDX-License-Identifier: MIT
// The Conventions view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription conventionsDescription()
{
    ViewDescription d = described("conventions", QT_TRANSLATE_NOOP("pe::ui::Views", "Conventions"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Conventions"),
                                  "view-split-left-right",
                                  "conventions (max_len, 3*d_model) = PE under the settings, PE under --compare, their difference");
    d.usesTable = true;
    d.needsTableValues = true;
    return d;
}

} // namespace pe::ui
