// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/document.h"
#include "ui/export/dataexport.h"
#include "ui/views/plotview.h"

#include <QImage>
#include <QSize>
#include <QSizeF>

#include <memory>
#include <optional>

namespace pe::ui {

class Document;
class PlotView;

/// The physical size of a figure. Layout happens at 96 units per inch (CSS pixels), so a
/// font of `fontPoints` prints at exactly that size in every format.
struct FigureSize {
    QSizeF millimetres{89.0, 70.0};
    int dpi = 300;        ///< PNG resolution; PDF and SVG are vector
    QSize pixels;         ///< when valid: the exact PNG size (and 96-dpi layout size elsewhere)
    double fontPoints = 8.0;
    FigureTitle title = FigureTitle::Full;
    bool selectionMarks = true; ///< the band selection's highlight (--no-marks leaves it out)

    QSize layoutSize() const;   ///< in 96-dpi units
    QSize pngPixels() const;
    QSizeF pageMillimetres() const;
};

/// Journal presets: single column ≈ 89 mm, double column ≈ 183 mm wide; a 16:9 slide.
FigureSize singleColumnFigure();
FigureSize doubleColumnFigure();
FigureSize slideFigure();

/// The `pe-explorer --export …` command that re-makes this figure or data file.
QString recipeCommand(const ExportRequest& request, const FigureSize& size);

/// A document with the request's settings and a view drawing its frame, styled for print.
struct FigureScene {
    Document document;
    std::unique_ptr<PlotView> view;
};

/// The figure laid out as a PDF or SVG draws it, for a test to read its plot (legends, texts,
/// curves) rather than the file.
std::unique_ptr<FigureScene> layOutFigure(const ExportRequest& request, const FigureSize& size);

/// The figure as an image (for the clipboard and PNG files).
QImage renderFigure(const ExportRequest& request, const FigureSize& size);

/// Writes the figure as .png, .pdf or .svg through QSaveFile, with the recipe in the file's
/// metadata (PNG text chunk, PDF XMP and info, SVG <metadata>). Heatmap cells are embedded
/// losslessly at data resolution and never smoothed.
ExportResult exportFigure(const ExportRequest& request, const FigureSize& size);

/// Figure or data, by the suffix of request.path: the single entry point of both the window
/// and the command line.
ExportResult exportFile(const ExportRequest& request, const FigureSize& size, const ExportProgress& progress = {});

} // namespace pe::ui
