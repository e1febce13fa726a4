// SPDX-License-Identifier: MIT
// The Relative offset view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription offsetDescription()
{
    ViewDescription d = described("offset", QT_TRANSLATE_NOOP("pe::ui::Views", "Relative offset"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Relative offset"),
                                  "object-rotate-right",
                                  "offset (d_model, 3) = PE(p), PE(p+k), M_k*PE(p)");
    d.followsOffset = true; // its whole subject
    return d;
}

} // namespace pe::ui
