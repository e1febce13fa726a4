// SPDX-License-Identifier: MIT
#include "ui/plotting/curvegraph.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <vector>

namespace pe::ui {

namespace {

bool finite(const QPointF& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }

/// run(begin, end) for each run of finite points between the gaps (NaN points) of a line;
/// gap(point) for each gap point.
template <typename Run, typename Gap>
void forEachRun(const QVector<QPointF>& lines, Run run, Gap gap)
{
    const QPointF* const end = lines.constData() + lines.size();
    for (const QPointF* first = lines.constData(); first != end;) {
        if (!finite(*first)) {
            gap(*first++);
            continue;
        }
        const QPointF* last = first;
        while (last != end && finite(*last))
            ++last;
        run(first, last);
        first = last;
    }
}

} // namespace

CurveGraph::CurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPGraph(keyAxis, valueAxis) {}

bool CurveGraph::tooDenseForDashes(const QVector<QPointF>& lines, Qt::Orientation across)
{
    double travel = 0, lowest = INFINITY, highest = -INFINITY;
    const QPointF* previous = nullptr;
    for (const QPointF& point : lines) {
        if (!finite(point)) {
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

namespace {

/// The columns of one gap-free run of a line, `a` across and `v` along the value axis.
void columnsOfRun(const QPointF* begin, const QPointF* end, bool horizontal, double columnWidth, double halfPen,
                  double visibleFrom, double visibleTo, QVector<QLineF>& columnLines)
{
    const auto acrossOf = [horizontal](const QPointF& p) { return horizontal ? p.x() : p.y(); };
    const auto valueOf = [horizontal](const QPointF& p) { return horizontal ? p.y() : p.x(); };
    double first = INFINITY, last = -INFINITY;
    for (const QPointF* p = begin; p != end; ++p) {
        first = std::min(first, acrossOf(*p));
        last = std::max(last, acrossOf(*p));
    }
    // The pixel columns from where the pen starts to where it ends (columns of the device's
    // pixels: multiples of `columnWidth`), those in sight only.
    const double start = std::max(first - halfPen, visibleFrom), stop = std::min(last + halfPen, visibleTo);
    if (!(start <= stop))
        return;
    const double firstColumn = std::floor(start / columnWidth);
    const auto columnOf = [&](double a) { return static_cast<qsizetype>(std::floor(a / columnWidth) - firstColumn); };
    const qsizetype columns = columnOf(stop) + 1;
    std::vector<double> low(columns, INFINITY), high(columns, -INFINITY);
    // A point of the line inks its own column and those the pen around it covers at least a
    // quarter of: a spike's tip that only grazes a column is a thin wedge of its stroke there.
    // A point on the edge between two columns is in both.
    const double reachColumns = halfPen / columnWidth - 0.25;
    const auto reach = [&](double a, double value, qsizetype ownFirst, qsizetype ownLast) {
        const double column = a / columnWidth - firstColumn;
        const qsizetype from = std::max<qsizetype>(std::min<qsizetype>(ownFirst, std::floor(column - reachColumns)), 0);
        const qsizetype to = std::min<qsizetype>(std::max<qsizetype>(ownLast, std::floor(column + reachColumns)), columns - 1);
        for (qsizetype c = from; c <= to; ++c) {
            low[c] = std::min(low[c], value);
            high[c] = std::max(high[c], value);
        }
    };
    reach(acrossOf(*begin), valueOf(*begin), columnOf(acrossOf(*begin)), columnOf(acrossOf(*begin)));
    for (const QPointF* p = begin; p + 1 != end; ++p) {
        // The segment's far end and where it crosses from one column into the next: a line is
        // straight between them, so these are its extremes in each column.
        const double a0 = acrossOf(p[0]), v0 = valueOf(p[0]), a1 = acrossOf(p[1]), v1 = valueOf(p[1]);
        reach(a1, v1, columnOf(a1), columnOf(a1));
        const qsizetype c0 = columnOf(std::min(a0, a1)), c1 = columnOf(std::max(a0, a1)); // a reversed key axis
        for (qsizetype c = std::max<qsizetype>(c0, -1); c < std::min<qsizetype>(c1, columns); ++c) {
            const double edge = (firstColumn + c + 1) * columnWidth;
            reach(edge, v0 + (v1 - v0) * (edge - a0) / (a1 - a0), c, c + 1);
        }
    }
    // Each column from its lowest to its highest point, widened by the half pen, as a line
    // along its middle.
    const auto point = [horizontal](double a, double v) { return horizontal ? QPointF(a, v) : QPointF(v, a); };
    for (qsizetype c = 0; c < columns; ++c) {
        if (low[c] <= high[c]) { // the pen's ends may leave a column at either end untouched
            const double middle = (firstColumn + c + 0.5) * columnWidth;
            columnLines.append(QLineF(point(middle, low[c] - halfPen), point(middle, high[c] + halfPen)));
        }
    }
}

} // namespace

QVector<QLineF> CurveGraph::denseColumns(const QVector<QPointF>& lines, Qt::Orientation across, double columnWidth,
                                         double halfPen, double visibleFrom, double visibleTo)
{
    QVector<QLineF> columnLines;
    forEachRun(
        lines,
        [&](const QPointF* begin, const QPointF* end) {
            columnsOfRun(begin, end, across == Qt::Horizontal, columnWidth, halfPen, visibleFrom, visibleTo, columnLines);
        },
        [](const QPointF&) {});
    return columnLines;
}

namespace {

/// One gap-free run thinned: a point is left out while every point since the last one kept lies
/// within `tolerance` of a line from it (the directions that do so narrow to a cone, as in Zhao
/// and Saalfeld's sleeve fitting) and the run does not turn back towards it. The cone is held
/// as its two edges' directions, compared by cross products (no angle is computed).
void thinRun(const QPointF* begin, const QPointF* end, double tolerance, QVector<QPointF>& kept)
{
    const auto cross = [](QPointF a, QPointF b) { return a.x() * b.y() - a.y() * b.x(); };
    kept.append(*begin);
    QPointF anchor = *begin, clockwiseEdge, counterEdge; // the cone, as directions
    double farthest = 0;
    bool cone = false;
    for (const QPointF* p = begin + 1; p != end; ++p) {
        QPointF toPoint = *p - anchor;
        double distance = std::hypot(toPoint.x(), toPoint.y());
        if (cone && (cross(clockwiseEdge, toPoint) < 0 || cross(toPoint, counterEdge) < 0 || distance < farthest - tolerance)) {
            // This point leaves the cone: the one before it is kept, and starts the next.
            anchor = p[-1];
            kept.append(anchor);
            toPoint = *p - anchor;
            distance = std::hypot(toPoint.x(), toPoint.y());
            cone = false;
            farthest = 0;
        }
        if (distance <= tolerance)
            continue; // within reach of the anchor whichever way the line goes on
        // The directions from the anchor that pass within the tolerance of this point: its own,
        // turned either way by asin(tolerance / distance).
        const double sine = tolerance / distance, cosine = std::sqrt(1 - sine * sine);
        const QPointF unit = toPoint / distance;
        const QPointF clockwise(unit.x() * cosine + unit.y() * sine, unit.y() * cosine - unit.x() * sine);
        const QPointF counter(unit.x() * cosine - unit.y() * sine, unit.y() * cosine + unit.x() * sine);
        if (!cone) {
            clockwiseEdge = clockwise;
            counterEdge = counter;
            cone = true;
        } else {
            if (cross(clockwiseEdge, clockwise) > 0)
                clockwiseEdge = clockwise;
            if (cross(counter, counterEdge) > 0)
                counterEdge = counter;
        }
        farthest = std::max(farthest, distance);
    }
    if (kept.back() != end[-1])
        kept.append(end[-1]);
}

/// The part [t0, t1] of the segment from a to b (t from 0 to 1) inside `rect` (Liang and
/// Barsky's clipping); t0 > t1 when none is.
std::pair<double, double> insideOf(const QRectF& rect, QPointF a, QPointF b)
{
    double t0 = 0, t1 = 1;
    const QPointF d = b - a;
    const auto clip = [&](double p, double q) { // the part where p·t ≤ q
        if (p == 0)
            return q >= 0;
        const double t = q / p;
        if (p < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        return true;
    };
    if (!clip(-d.x(), a.x() - rect.left()) || !clip(d.x(), rect.right() - a.x()) || !clip(-d.y(), a.y() - rect.top())
        || !clip(d.y(), rect.bottom() - a.y()))
        return {1, 0};
    return {t0, t1};
}

} // namespace

QVector<QLineF> CurveGraph::strokePieces(const QVector<QPointF>& lines, const QVector<double>& dashes, double offset,
                                         double halfWidth, Qt::PenCapStyle cap, const QRectF& visible)
{
    const double capReach = cap == Qt::SquareCap ? halfWidth : 0.0; // how far an end's cap reaches past it
    QVector<QLineF> pieces;
    double period = 0;
    for (double dash : dashes)
        period += dash;
    if (!dashes.isEmpty() && !(period > 0))
        return pieces; // a pattern of nothing draws nothing
    // How far a piece reaches past the corner at lines[i] so that it and the next close the
    // corner's outer side: half the width times the tangent of half the turn (a mitre), at most
    // half the width (a square cap, where the line turns back on itself).
    const auto pastCorner = [&](qsizetype i) {
        if (i <= 0 || i + 1 >= lines.size() || !finite(lines[i - 1]) || !finite(lines[i + 1]))
            return capReach; // the run's end
        const QPointF in = lines[i] - lines[i - 1], out = lines[i + 1] - lines[i];
        const double inLength = std::hypot(in.x(), in.y()), outLength = std::hypot(out.x(), out.y());
        if (!(inLength > 0) || !(outLength > 0))
            return halfWidth;
        const double cosine = std::clamp(QPointF::dotProduct(in, out) / (inLength * outLength), -1.0, 1.0);
        // tan(turn / 2) = sqrt((1 - cos turn) / (1 + cos turn))
        return cosine <= 0 ? halfWidth : std::min(halfWidth, halfWidth * std::sqrt((1 - cosine) / (1 + cosine)));
    };
    // A piece from a to b on the segment i - 1 → i, reaching past its ends as the cap does where
    // a dash ends and as the corner needs where it ends at a corner.
    const auto addPiece = [&](QPointF a, QPointF b, double pastStart, double pastEnd) {
        const QPointF along = b - a;
        const double length = std::hypot(along.x(), along.y());
        if (!(length > 0)) {
            if (pastStart + pastEnd > 0) // a dot, as a square cap draws it (a flat one draws none)
                pieces.append(QLineF(a - QPointF(pastStart, 0), a + QPointF(pastEnd, 0)));
            return;
        }
        const QPointF unit = along / length;
        pieces.append(QLineF(a - unit * pastStart, b + unit * pastEnd));
    };
    qsizetype dash = 0;
    double left = 0; // of the current dash or gap
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!finite(lines[i]))
            continue;
        if (i == 0 || !finite(lines[i - 1])) {
            if (!dashes.isEmpty()) {
                // Each run between gaps starts the pattern again, as Qt's dasher does each subpath.
                dash = 0;
                double into = std::fmod(offset, period);
                while (into >= dashes[dash]) {
                    into -= dashes[dash];
                    dash = (dash + 1) % dashes.size();
                }
                left = dashes[dash] - into;
            }
            continue;
        }
        const QPointF from = lines[i - 1], to = lines[i];
        const double startCorner = pastCorner(i - 1), endCorner = pastCorner(i);
        if (dashes.isEmpty()) {
            if (const auto [inFrom, inTo] = insideOf(visible, from, to); inFrom <= inTo)
                addPiece(from, to, startCorner, endCorner);
            continue;
        }
        const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
        // Along the part of the segment in sight only (a segment of a plot zoomed far in may run
        // millions of pixels past it); the pattern moves on over the rest as if drawn.
        const auto [inFrom, inTo] = insideOf(visible, from, to);
        const auto passOver = [&](double distance) {
            distance = std::fmod(distance, period); // a whole period brings the pattern back
            while (distance > 0) {
                const double step = std::min(left, distance);
                distance -= step;
                left -= step;
                if (left <= 0) {
                    dash = (dash + 1) % dashes.size();
                    left = dashes[dash];
                }
            }
        };
        if (!(inFrom <= inTo)) {
            passOver(length);
            continue;
        }
        double at = inFrom * length;
        passOver(at);
        const double end = inTo * length;
        while (at < end) {
            const double step = std::min(left, end - at);
            if (dash % 2 == 0 && step > 0) {
                const bool fromCorner = at == 0 && left < dashes[dash]; // the dash began on the segment before
                const bool toCorner = at + step >= length && step < left; // it goes on past the corner
                addPiece(from + (to - from) * (at / length), from + (to - from) * ((at + step) / length),
                         fromCorner ? startCorner : capReach, toCorner ? endCorner : capReach);
            }
            at += step;
            left -= step;
            if (left <= 0) {
                dash = (dash + 1) % dashes.size();
                left = dashes[dash];
            }
        }
        passOver(length - end);
    }
    return pieces;
}

QVector<QPointF> CurveGraph::thinned(const QVector<QPointF>& lines, double tolerance)
{
    QVector<QPointF> kept;
    kept.reserve(lines.size());
    forEachRun(
        lines, [&](const QPointF* begin, const QPointF* end) { thinRun(begin, end, tolerance, kept); },
        [&](const QPointF& gap) { kept.append(gap); }); // the gap, as QCPGraph draws it
    return kept;
}

void CurveGraph::drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const
{
    const QPen pen = painter->pen();
    if (pen.style() == Qt::NoPen || mLineStyle == lsNone)
        return;
    const bool vector = painter->modes().testFlag(QCPPainter::pmVectorized);
    // Device pixels: a figure exported at twice the size has twice as many, and QCPPainter
    // shifts an antialiased drawing by half a pixel.
    const QTransform toDevice = painter->deviceTransform();
    const double scale = std::sqrt(std::abs(toDevice.determinant()));
    if (!tooDenseForDashes(lines, keyAxis()->orientation())) {
        const QVector<QPointF> points = thinned(lines, thinningTolerance / std::max(scale, 1e-9));
        // A dashed line is drawn in pieces where a picture of pixels is drawn with an opaque,
        // square- or flat-capped, wide pen (where pieces overlap at a corner they are one colour). Qt
        // strokes the rest, and every vector figure, whose pens stay whole paths. A solid line
        // stays Qt's: its pieces would overlap at every point, and antialiased edges drawn twice
        // there look a pixel wider.
        const bool pieces = !vector && pen.style() != Qt::SolidLine && !pen.isCosmetic() && pen.widthF() >= 1
            && pen.capStyle() != Qt::RoundCap && pen.brush().style() == Qt::SolidPattern && pen.color().alpha() == 255;
        if (!pieces) {
            QCPGraph::drawLinePlot(painter, points);
            return;
        }
        QVector<double> dashes;
        for (qreal dash : pen.dashPattern())
            dashes.append(dash * pen.widthF()); // Qt's dash lengths are in pen widths
        applyDefaultAntialiasingHint(painter);
        QPen flat = pen;
        flat.setStyle(Qt::SolidLine);
        flat.setCapStyle(Qt::FlatCap); // the pieces reach past their ends themselves
        painter->setPen(flat);
        const double margin = 2 * pen.widthF() + 1;
        painter->drawLines(strokePieces(points, dashes, pen.dashOffset() * pen.widthF(), pen.widthF() / 2, pen.capStyle(),
                                        QRectF(clipRect()).adjusted(-margin, -margin, margin, margin)));
        painter->setPen(pen);
        return;
    }
    if (vector) {
        // A PDF or SVG has no pixel columns (and a viewer zooms into it): the zigzag itself,
        // stroked solid, is its band at every zoom.
        QPen solid = pen;
        solid.setStyle(Qt::SolidLine);
        painter->setPen(solid);
        QCPGraph::drawLinePlot(painter, lines);
        painter->setPen(pen);
        return;
    }
    // The columns are found on the device's pixels and drawn there, each a line one device pixel
    // wide: Qt draws such lines without making an outline to fill (a polygon of the band took
    // twice the zigzag's time).
    QVector<QPointF> onDevice(lines.size());
    for (qsizetype i = 0; i < lines.size(); ++i)
        onDevice[i] = toDevice.map(lines[i]);
    // A cosmetic pen's width is in device pixels, at least one.
    const double halfPen = (pen.isCosmetic() ? std::max(pen.widthF(), 1.0) : pen.widthF() * scale) / 2;
    painter->save();
    painter->resetTransform();
    QPen column(pen.brush(), 0, Qt::SolidLine, Qt::FlatCap); // cosmetic: one device pixel
    painter->setPen(column);
    // The plot's own rectangle on the device, with the pen's width to spare.
    const QRectF visible = toDevice.mapRect(QRectF(clipRect())).adjusted(-2 * halfPen - 1, -2 * halfPen - 1, 2 * halfPen + 1, 2 * halfPen + 1);
    const bool horizontal = keyAxis()->orientation() == Qt::Horizontal;
    painter->drawLines(denseColumns(onDevice, keyAxis()->orientation(), 1.0, halfPen, horizontal ? visible.left() : visible.top(),
                                    horizontal ? visible.right() : visible.bottom()));
    painter->restore();
}

bool CurveGraph::SpriteKey::operator==(const SpriteKey& other) const
{
    return shape == other.shape && size == other.size && pen == other.pen && brush == other.brush && scale == other.scale
        && antialiased == other.antialiased;
}

void CurveGraph::drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const
{
    // Dots on the same spot (to an eighth of a pixel) draw the same disc again: the spectrum's
    // 4096 dims at d_model 4096 put each pair's sine and cosine on one spot, and thousands of
    // antialiased discs were a seventh of its slider step. And a dot is outlined and filled
    // by Qt as a path every time (2048 discs were 5 ms of the spectrum's step): on a picture of
    // pixels each is drawn once per eighth of a pixel into a small image, and then copied.
    applyScattersAntialiasingHint(painter); // QCPPainter shifts antialiased drawing by half a pixel
    const QTransform toDevice = painter->deviceTransform();
    const bool sprites = !painter->modes().testFlag(QCPPainter::pmVectorized) && toDevice.type() <= QTransform::TxScale
        && toDevice.m11() == toDevice.m22() && toDevice.m11() > 0 && style.shape() != QCPScatterStyle::ssPixmap
        && style.shape() != QCPScatterStyle::ssCustom && style.shape() != QCPScatterStyle::ssNone;
    const double eighths = 8 * (sprites ? toDevice.m11() : (painter->device() ? painter->device()->devicePixelRatioF() : 1.0));
    QVector<QPointF> spots;
    spots.reserve(scatters.size());
    QSet<QPair<qint64, qint64>> seen;
    seen.reserve(scatters.size());
    for (const QPointF& point : scatters) {
        const QPointF at = sprites ? toDevice.map(point) : point * (eighths / 8);
        const QPair<qint64, qint64> key(std::llround(at.x() * 8), std::llround(at.y() * 8));
        if (!seen.contains(key)) {
            seen.insert(key);
            spots.append(sprites ? QPointF(key.first / 8.0, key.second / 8.0) : point);
        }
    }
    if (!sprites) {
        QCPGraph::drawScatterPlot(painter, spots, style);
        return;
    }
    const SpriteKey key{style.shape(), style.size(), style.isPenDefined() ? style.pen() : mPen, style.brush(), toDevice.m11(),
                        mAntialiasedScatters};
    if (!(m_spriteKey == key) || m_sprites.isEmpty())
        makeSprites(style, key);
    painter->save();
    painter->resetTransform();
    for (const QPointF& spot : spots) {
        // The spot in eighths of a device pixel: its whole pixel and which of the 64 images.
        const auto x = static_cast<qint64>(std::llround(spot.x() * 8)), y = static_cast<qint64>(std::llround(spot.y() * 8));
        const qint64 wholeX = x >= 0 ? x / 8 : -((-x + 7) / 8), wholeY = y >= 0 ? y / 8 : -((-y + 7) / 8);
        const int phase = static_cast<int>((y - 8 * wholeY) * 8 + (x - 8 * wholeX));
        painter->drawImage(QPoint(static_cast<int>(wholeX) - m_spriteCentre, static_cast<int>(wholeY) - m_spriteCentre),
                           m_sprites[phase]);
    }
    painter->restore();
}

void CurveGraph::makeSprites(const QCPScatterStyle& style, const SpriteKey& key) const
{
    // Room for the shape and its pen on every side, in device pixels.
    const double reach = (key.size / 2 + key.pen.widthF() + 2) * key.scale;
    m_spriteCentre = static_cast<int>(std::ceil(reach));
    const int side = 2 * m_spriteCentre + 2;
    m_sprites.clear();
    for (int phase = 0; phase < 64; ++phase) {
        QImage sprite(side, side, QImage::Format_ARGB32_Premultiplied);
        sprite.fill(Qt::transparent);
        QCPPainter painter(&sprite);
        painter.setAntialiasing(key.antialiased); // as the plot's painter draws shapes (its lines unrounded)…
        if (key.antialiased)
            painter.translate(-0.5, -0.5); // … but without its half-pixel shift: the spot's place is exact here
        painter.scale(key.scale, key.scale);
        style.applyTo(&painter, key.pen);
        style.drawShape(&painter, (m_spriteCentre + (phase % 8) / 8.0) / key.scale, (m_spriteCentre + (phase / 8) / 8.0) / key.scale);
        painter.end();
        m_sprites.append(sprite);
    }
    m_spriteKey = key;
}

CurveGraph* addCurveGraph(QCPAxis* keyAxis, QCPAxis* valueAxis)
{
    return new CurveGraph(keyAxis, valueAxis); // QCPGraph's constructor hands it to the plot
}

} // namespace pe::ui
