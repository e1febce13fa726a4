// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class QAccessibleInterface;
class QCustomPlot;
class QObject;

namespace pe::ui {

/// What a screen reader is told about a view's plot (issue 50): a chart (role Chart), named by
/// the view's title, described by PlotView::chartDescription(). Installed once as a factory of
/// QAccessible interfaces; it answers for the plots of PlotViews only.
QAccessibleInterface* plotAccessible(const QString& className, QObject* object);

/// What a plot shows, read from the plot itself: per axis rect, its axes' titles and the span
/// they show (a colour map's: its cells' span within it), the colour maps' value ranges and the
/// names of its curves. "embedding dimension 0 to 63, position 0 to 99; colour map, values −1 to 1".
QString describePlot(const QCustomPlot& plot);

} // namespace pe::ui
