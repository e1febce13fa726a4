// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>

class QCustomPlot;
class QPalette;

namespace pe::ui {

/// Qt 6.4 has no colour-scheme API: a palette is dark when its window colour is.
bool isDark(const QPalette& palette);
/// WCAG 2's contrast ratio of two colours: 1 (the same) to 21 (black and white).
double contrastRatio(const QColor& a, const QColor& b);

/// The colours of a plot's frame: background, axes and text, grid, legend box.
struct PlotColors {
    QColor background, text, grid, subGrid, legendBackground;
    bool dark = false; ///< dark inks of items and curves are lightened to stay readable
};
/// From a widget palette (the window's theme).
PlotColors plotColors(const QPalette& palette);
/// Black on white, QCustomPlot's own defaults: what printed figures use, whatever the theme.
PlotColors paperColors();
/// Recolours every axis, grid, legend, title and colour scale of `plot`; with `dark`, also
/// every near-black pen or text of its items and curves (and back again when not dark).
void applyPlotColors(QCustomPlot* plot, const PlotColors& colors);

} // namespace pe::ui
