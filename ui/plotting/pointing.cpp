// SPDX-License-Identifier: MIT
#include "ui/plotting/pointing.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

QVector<double> positionsOfRows(QVector<double> rows, std::int64_t firstPosition)
{
    for (double& x : rows)
        x += static_cast<double>(firstPosition);
    return rows;
}

int nearestIndex(const QVector<double>& sorted, double value)
{
    if (sorted.isEmpty())
        return -1;
    auto it = std::lower_bound(sorted.begin(), sorted.end(), value);
    if (it == sorted.end() || (it != sorted.begin() && value - *(it - 1) < *it - value))
        --it;
    return static_cast<int>(it - sorted.begin());
}

QCPAxisRect* axisRectAt(QCustomPlot* plot, const QPointF& pixel)
{
    for (QCPAxisRect* rect : plot->axisRects())
        if (rect->visible() && rect->rect().contains(pixel.toPoint()))
            return rect;
    return nullptr;
}

std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, const core::EncodingSpec& spec)
{
    return rowAtPixel(axis, pixel, spec.firstPosition, spec.maxLen);
}

std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, std::int64_t firstPosition, std::int64_t rows)
{
    const double position = axis->pixelToCoord(pixel);
    if (!std::isfinite(position))
        return 0;
    const double row = std::round(position) - static_cast<double>(firstPosition);
    return static_cast<std::int64_t>(std::clamp(row, 0.0, static_cast<double>(rows - 1)));
}

void ClickTracker::press(const QMouseEvent* event)
{
    m_press = event->position();
}

bool ClickTracker::isClick(const QMouseEvent* event) const
{
    return event->button() == Qt::LeftButton && (event->position() - m_press).manhattanLength() <= 4;
}

} // namespace pe::ui
