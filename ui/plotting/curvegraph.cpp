// SPDX-License-Identifier: MIT
#include "ui/plotting/curvegraph.h"

#include <QSet>

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

void CurveGraph::drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const
{
    // Dots on the same spot (to an eighth of a pixel) draw the same disc again: the spectrum's
    // 4096 dims at d_model 4096 put each pair's sine and cosine on one spot, and thousands of
    // antialiased discs were a seventh of its slider step.
    QVector<QPointF> spots;
    spots.reserve(scatters.size());
    QSet<QPair<qint64, qint64>> seen;
    seen.reserve(scatters.size());
    const double eighths = 8 * (painter->device() ? painter->device()->devicePixelRatioF() : 1.0);
    for (const QPointF& point : scatters) {
        const QPair<qint64, qint64> key(std::llround(point.x() * eighths), std::llround(point.y() * eighths));
        if (!seen.contains(key)) {
            seen.insert(key);
            spots.append(point);
        }
    }
    QCPGraph::drawScatterPlot(painter, spots, style);
}

CurveGraph* addCurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis)
{
    return new CurveGraph(keyAxis, valueAxis); // QCPGraph's constructor hands it to the plot
}

} // namespace pe::ui
