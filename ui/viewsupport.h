// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"

#include <QColor>
#include <QPointF>
#include <QSharedPointer>
#include <QString>
#include <QVector>

class QCPAbstractItem;
class QCPAxis;
class QCPAxisRect;
class QCPAxisTickerFixed;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;
class QMouseEvent;

namespace pe::ui {

/// Okabe & Ito's palette: told apart with every common colour-vision deficiency, so a student
/// who cannot separate red from green still matches a legend entry to its curve.
QColor seriesColor(int index);

/// A compact number for labels and readouts: "25.1", "6.28e+04", "2.1e-16".
QString shortNumber(double value, int digits = 4);

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

/// Puts an item's positions in @p rect's axes and clips it to that rect.
void attachToRect(QCPAbstractItem* item, QCPAxisRect* rect);
/// A straight line in @p rect's axes, clipped to that rect (views with several rects need this).
QCPItemStraightLine* addStraightLine(QCustomPlot* plot, QCPAxisRect* rect);
void placeVertical(QCPItemStraightLine* line, double x);
void placeHorizontal(QCPItemStraightLine* line, double y);

/// A text item in @p rect's axes, clipped to that rect.
QCPItemText* addText(QCustomPlot* plot, QCPAxisRect* rect);

/// The frame holds rows; the axes show absolute positions (firstPosition + row), as the heatmap does.
QVector<double> positionsOfRows(QVector<double> rows, std::int64_t firstPosition);
/// The index of the value in @p sorted nearest to @p value, or −1 when it is empty: the sample
/// a hover reads when the frame holds fewer samples than positions.
int nearestIndex(const QVector<double>& sorted, double value);

/// The axis rect whose data area holds @p pixel, or nullptr.
QCPAxisRect* axisRectAt(QCustomPlot* plot, const QPointF& pixel);

/// The row (0 … max_len−1) nearest to a pixel on an axis that shows absolute positions.
std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, const core::EncodingSpec& spec);

/// Tells a click from the end of a drag (a pan, a zoom, a rubber band): a release far from its
/// press moved something and must not also select.
class ClickTracker {
public:
    void press(const QMouseEvent* event);
    bool isClick(const QMouseEvent* event) const;

private:
    QPointF m_press;
};

} // namespace pe::ui
