// SPDX-License-Identifier: MIT
// The Precision view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription precisionDescription()
{
    ViewDescription d = described("precision", QT_TRANSLATE_NOOP("pe::ui::Views", "Precision"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Precision"),
                                  "zoom-in",
                                  "precision (rows, 8) = position, then the largest error over the columns for float32, bfloat16,\n"
                                  "  float16 (each stored, then computed) and float64 computed; every position up to 4096,\n"
                                  "  else 4096 from the first to the last, spread evenly on a log scale");
    d.usesTable = true;
    d.needsTableValues = true;
    return d;
}

} // namespace pe::ui
