// SPDX-License-Identifier: MIT
// The Grid view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"
#include "ui/state/gridcommandline.h"

#include "core/grid.h"
#include "ui/state/gridoptions.h"

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
    // 1 + H·W rows are a vision transformer's: said where they are seen as the image.
    d.claimsTable = [](std::int64_t rows) -> QString {
        const auto grid = core::gridShapeFor(rows, 0, 0, core::ClassToken::Auto);
        const auto* shape = std::get_if<core::GridShape>(&grid);
        if (!shape || !shape->classToken)
            return {};
        return QCoreApplication::translate("pe::ui::TableController", " Its %1 rows are a class token and %2 × %3 patches: the Grid view (View ▸ Grid) lays them out as the image.")
            .arg(rows).arg(shape->rows).arg(shape->cols);
    };
    return d;
}

} // namespace pe::ui
