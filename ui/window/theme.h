// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QString>

#include <optional>

class QCustomPlot;
class QMenu;
class QPalette;
class QWidget;

namespace pe::ui {

/// View ▸ Theme: follow the system's palette, or force a light or a dark one.
enum class Theme { System, Light, Dark };

QString themeKey(Theme theme);               ///< "system", "light", "dark" (QSettings values)
std::optional<Theme> parseTheme(const QString& key);

/// Qt 6.4 has no colour-scheme API: a palette is dark when its window colour is.
bool isDark(const QPalette& palette);

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

/// Sets the application palette for `theme` (System: the palette the platform gave at start).
void applyTheme(Theme theme);
/// The theme remembered in QSettings (System when none).
Theme rememberedTheme();
/// View ▸ Theme with System / Light / Dark; choosing one applies and remembers it.
QMenu* createThemeMenu(QWidget* parent);

} // namespace pe::ui
