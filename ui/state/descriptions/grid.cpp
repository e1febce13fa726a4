// SPDX-License-Identifier: MIT
// The Grid view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"
#include "ui/state/gridcommandline.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription gridDescription()
{
    ViewDescription d = described("grid", QT_TRANSLATE_NOOP("pe::ui::Views", "Grid"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Positions on a grid"),
                                  "view-app-grid",
                                  "grid (H*W, H*W) = the cosine similarity of every patch with every patch (--grid-data tiles), or\n"
                                  "  (H, W) = the chosen patch's similarity (patch) or the chosen dimension (dimension)");
    keepOptions(d, gridOptionsFrom);
    takeCommandLine(d, gridCommandLineOptions(), readGridCommandLine, gridCommandLineFor);
    d.usesTable = true;
    return d;
}

} // namespace pe::ui
