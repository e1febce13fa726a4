// SPDX-License-Identifier: MIT
// The Heatmap view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription heatmapDescription()
{
    ViewDescription d = described("heatmap", QT_TRANSLATE_NOOP("pe::ui::Views", "Heatmap"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Encoding heatmap"),
                                  "view-grid",
                                  "heatmap (max_len, d_model)");
    d.usesTable = true;
    d.figureWaitsForTablePass = true;
    d.zoomOutWhen = PartInput::Spec | PartInput::Table;
    return d;
}

} // namespace pe::ui
