// SPDX-License-Identifier: MIT
#pragma once

// The pieces views add to a plot: a title row, a legend under it, captions, tickers for
// whole numbers and decades, lines, markers and texts kept to one axis rect.

#include <QSharedPointer>

class QCPAbstractItem;
class QCPAxis;
class QCPAxisRect;
class QCPAxisTickerFixed;
class QCPAxisTickerLog;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

namespace pe::ui {

/// A bold title row inserted at the top of the plot layout, as the heatmap has.
QCPTextElement* addTitle(QCustomPlot* plot);
void scaleTitle(QCPTextElement* title, double scale);
/// Moves the legend into its own row under the title (row 1), entries side by side, so that
/// it never hides data.
void placeLegendUnderTitle(QCustomPlot* plot, int columns);

/// Makes the top axis of @p rect bare (no line, no ticks) so that its label serves as the rect's
/// caption: above the data, never on it.
void useTopAxisAsCaption(QCPAxisRect* rect);

/// Ticks on whole numbers only: dimension and pair indices have no halves.
QSharedPointer<QCPAxisTickerFixed> integerTicker();
/// A decade ticker whose labels are 10⁴, 10⁻² … in the tick labels' own font: QCustomPlot's
/// "beautiful" powers draw the exponent at three quarters of it (5 pt in an 8 pt figure,
/// under the 7 pt journals ask for).
QSharedPointer<QCPAxisTickerLog> powersOfTenTicker();

/// Puts an item's positions in @p rect's axes and clips it to that rect.
void attachToRect(QCPAbstractItem* item, QCPAxisRect* rect);
/// A straight line in @p rect's axes, clipped to that rect (views with several rects need this).
QCPItemStraightLine* addStraightLine(QCustomPlot* plot, QCPAxisRect* rect);
void placeVertical(QCPItemStraightLine* line, double x);
void placeHorizontal(QCPItemStraightLine* line, double y);

/// A graph for a few markers that may reach past its axis rect: a ring on the first or last
/// position sits on the rect's edge, and the rect would cut it in half.
QCPGraph* addMarkerGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

/// A text item in @p rect's axes, clipped to that rect.
QCPItemText* addText(QCustomPlot* plot, QCPAxisRect* rect);

} // namespace pe::ui
