// SPDX-License-Identifier: MIT
#pragma once

#include <qcustomplot.h>

namespace pe::ui {

/// A graph whose dash pattern is kept only where it can be seen. A curve that travels up and
/// down many pixels for each pixel across (one point per pixel of a score that oscillates
/// faster than the pixels, as RoPE's at a million positions) is a band of its colour on screen
/// whatever its pen, and Qt's dash stroker cut it into tens of thousands of dashes: 43 % of a
/// slider step of the methods view beside the heatmap at 1 M × 4096. Such a line is drawn as
/// the band it covers (denseColumns); its colour, and its legend icon, still say which curve it
/// is. Its dots are drawn once per spot.
class CurveGraph : public QCPGraph {
public:
    CurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

    /// Whether a line through these pixels zigzags too densely for dashes to show: it travels
    /// more than `travelPerPixel` pixels along itself for each pixel it spans `across` (the key
    /// axis's direction; NaN points are gaps).
    static bool tooDenseForDashes(const QVector<QPointF>& lines, Qt::Orientation across);
    static constexpr double travelPerPixel = 4.0;

    /// What a dense line covers, column by column (`columnWidth` wide across, from x = 0): a
    /// line along each column's middle, from the lowest to the highest point the line reaches
    /// there, widened by `halfPen` as a pen that wide would. Stroking the zigzag itself
    /// rasterised every up and down of it (thousands of overlapping strokes, 5 ms of RoPE's
    /// step); these are one line a column.
    /// Only the columns from `visibleFrom` to `visibleTo` across are made.
    static QVector<QLineF> denseColumns(const QVector<QPointF>& lines, Qt::Orientation across, double columnWidth,
                                        double halfPen, double visibleFrom = -1e300, double visibleTo = 1e300);
    /// The line with the points it passes within `tolerance` of left out (each run between gaps
    /// on its own; its ends and gaps kept). QCPGraph's sampling puts up to four points on every
    /// pixel of a curve; a wide or dashed pen then outlines every one of them, which was two
    /// thirds of the RoPE view's drawing (seven wavelength curves of 2048 pairs).
    static QVector<QPointF> thinned(const QVector<QPointF>& lines, double tolerance);
    /// The tolerance thinned() is drawn with, in device pixels: no edge moves by more.
    static constexpr double thinningTolerance = 0.2;

    /// The pieces a pen `2 halfWidth` wide with this dash pattern (lengths in pixels, on first,
    /// starting `offset` into it; empty for a solid pen) and a square or flat `cap` draws of the
    /// line, to be drawn flat-capped: each segment for a solid pen, the dashes for a dashed one
    /// (a dash that turns a corner is two pieces). Each reaches past a dash's end as its cap
    /// would (half the width for a square one), and past a corner as far as closes its outer side
    /// (a mitre, at most half the width). Qt strokes a wide polyline as one outline of all its segments and joins:
    /// a zigzag of 127 points with a 1.5 px pen took it a millisecond, where each piece is a
    /// rectangle it fills at once.
    /// Only the pieces within `visible` are made.
    static QVector<QLineF> strokePieces(const QVector<QPointF>& lines, const QVector<double>& dashes, double offset,
                                        double halfWidth, Qt::PenCapStyle cap,
                                        const QRectF& visible = QRectF(QPointF(-1e300, -1e300), QPointF(1e300, 1e300)));

protected:
    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override;
    /// Each spot once: dots within an eighth of a device pixel of one already drawn are left out.
    /// On a picture of pixels, each dot is a copy of the shape drawn at that eighth of a pixel.
    void drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const override;

private:
    /// What the dot images were drawn with.
    struct SpriteKey {
        QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssNone;
        double size = 0;
        QPen pen;
        QBrush brush;
        double scale = 0;
        bool antialiased = true;
        bool operator==(const SpriteKey& other) const;
    };
    /// The shape drawn at each of the 8 × 8 eighths of a pixel, its centre m_spriteCentre
    /// pixels (plus the eighths) from each image's corner.
    void makeSprites(const QCPScatterStyle& style, const SpriteKey& key) const;
    mutable SpriteKey m_spriteKey;
    mutable QVector<QImage> m_sprites;
    mutable int m_spriteCentre = 0;
};

/// A CurveGraph on these axes, owned by their plot (as QCustomPlot::addGraph's are).
CurveGraph* addCurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

} // namespace pe::ui
