// SPDX-License-Identifier: MIT
#include "ui/plotting/curvegraph.h"

#include <cmath>

namespace pe::ui {

CurveGraph::CurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPGraph(keyAxis, valueAxis) {}

bool CurveGraph::tooDenseForDashes(const QVector<QPointF>& lines, Qt::Orientation across)
{
    double travel = 0, lowest = INFINITY, highest = -INFINITY;
    const QPointF* previous = nullptr;
    for (const QPointF& point : lines) {
        if (!std::isfinite(point.x()) || !std::isfinite(point.y())) {
            previous = nullptr; // a gap
            continue;
        }
        if (previous)
            travel += std::hypot(point.x() - previous->x(), point.y() - previous->y());
        previous = &point;
        const double along = across == Qt::Horizontal ? point.x() : point.y();
        lowest = std::min(lowest, along);
        highest = std::max(highest, along);
    }
    return highest > lowest && travel > travelPerPixel * std::max(highest - lowest, 1.0);
}

void CurveGraph::drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const
{
    const Qt::PenStyle style = painter->pen().style();
    if (style != Qt::SolidLine && style != Qt::NoPen && tooDenseForDashes(lines, keyAxis()->orientation())) {
        QPen solid = painter->pen();
        solid.setStyle(Qt::SolidLine);
        painter->setPen(solid);
    }
    QCPGraph::drawLinePlot(painter, lines);
}

CurveGraph* addCurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis)
{
    return new CurveGraph(keyAxis, valueAxis); // QCPGraph's constructor hands it to the plot
}

} // namespace pe::ui
