// SPDX-License-Identifier: MIT
// The Waves view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription wavesDescription()
{
    ViewDescription d = described("waves", QT_TRANSLATE_NOOP("pe::ui::Views", "Waves"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Waves"),
                                  "office-chart-line",
                                  "waves (max_len, number of dims)");
    d.usesTable = true;
    d.needsTableValues = true;
    d.zoomOutWhen = PartInput::Spec | PartInput::Table | PartInput::Dims;
    d.exportsSound = true; // Listen: its dimensions as tones
    return d;
}

} // namespace pe::ui
