// SPDX-License-Identifier: MIT
// The Frequency bands view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription bandsDescription()
{
    ViewDescription d = described("bands", QT_TRANSLATE_NOOP("pe::ui::Views", "Frequency bands"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Frequency bands"),
                                  "office-chart-bar",
                                  "bands (pairs, 3) = pair, omega, wavelength");
    return d;
}

} // namespace pe::ui
