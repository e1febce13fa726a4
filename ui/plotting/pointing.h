// SPDX-License-Identifier: MIT
#pragma once

// From the mouse to the data: the row under a pixel, the nearest sample, the axis rect under
// the pointer, a click told from a drag.

#include "core/spec.h"

#include <QPointF>
#include <QVector>

#include <cstdint>

class QCPAxis;
class QCPAxisRect;
class QCustomPlot;
class QMouseEvent;

namespace pe::ui {

/// The frame holds rows; the axes show absolute positions (firstPosition + row), as the heatmap does.
QVector<double> positionsOfRows(QVector<double> rows, std::int64_t firstPosition);
/// The index of the value in @p sorted nearest to @p value, or −1 when it is empty: the sample
/// a hover reads when the frame holds fewer samples than positions.
int nearestIndex(const QVector<double>& sorted, double value);

/// The axis rect whose data area holds @p pixel, or nullptr.
QCPAxisRect* axisRectAt(QCustomPlot* plot, const QPointF& pixel);

/// The row (0 … max_len−1) nearest to a pixel on an axis that shows absolute positions.
std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, const core::EncodingSpec& spec);
/// The same for `rows` rows from position `firstPosition` on (a loaded table's rows).
std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, std::int64_t firstPosition, std::int64_t rows);

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
