// SPDX-License-Identifier: MIT
// The Similarity view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription similarityDescription()
{
    ViewDescription d = described("similarity", QT_TRANSLATE_NOOP("pe::ui::Views", "Similarity"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Similarity"),
                                  "view-grid",
                                  "similarity (max_len, max_len)");
    d.usesTable = true;
    d.needsTableValues = true;
    d.followsOffset = true; // the dashed line at p + k on the profile
    return d;
}

} // namespace pe::ui
