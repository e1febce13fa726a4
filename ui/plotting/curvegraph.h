// SPDX-License-Identifier: MIT
#pragma once

#include <qcustomplot.h>

namespace pe::ui {

/// A graph whose dash pattern is kept only where it can be seen. A curve that travels up and
/// down many pixels for each pixel across (one point per pixel of a score that oscillates
/// faster than the pixels, as RoPE's at a million positions) is a band of its colour on screen
/// whatever its pen, and Qt's dash stroker cut it into tens of thousands of dashes: 43 % of a
/// slider step of the methods view beside the heatmap at 1 M × 4096. Such a line is stroked
/// solid; its colour, and its legend icon, still say which curve it is. Its dots are drawn once
/// per spot.
class CurveGraph : public QCPGraph {
public:
    CurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

    /// Whether a line through these pixels zigzags too densely for dashes to show: it travels
    /// more than `travelPerPixel` pixels along itself for each pixel it spans `across` (the key
    /// axis's direction; NaN points are gaps).
    static bool tooDenseForDashes(const QVector<QPointF>& lines, Qt::Orientation across);
    static constexpr double travelPerPixel = 4.0;

protected:
    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override;
    /// Each spot once: dots within an eighth of a device pixel of one already drawn are left out.
    void drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const override;
};

/// A CurveGraph on these axes, owned by their plot (as QCustomPlot::addGraph's are).
CurveGraph* addCurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

} // namespace pe::ui
