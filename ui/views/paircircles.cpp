// SPDX-License-Identifier: MIT
#include "ui/views/paircircles.h"

#include "core/frequencies.h"
#include "ui/document/offsetpart.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"

#include <QFontMetricsF>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>

namespace pe::ui {

namespace {

const QColor fromColour(120, 120, 120);

QCPItemLine* addLine(QCustomPlot* plot, QCPAxisRect* rect)
{
    auto* line = new QCPItemLine(plot);
    attachToRect(line, rect);
    return line;
}

QString pointText(const Eigen::VectorXd& values, int sinColumn, int cosColumn)
{
    return QStringLiteral("(%1, %2)").arg(QString::number(values[sinColumn], 'f', 4),
                                          QString::number(values[cosColumn], 'f', 4));
}

} // namespace

PairCircles::PairCircles(QCustomPlot* plot, QCPLayoutGrid* grid)
    : m_plot(plot)
    , m_grid(grid)
{
    for (int slot = 0; slot < slotCount; ++slot) {
        Circle c;
        c.rect = new QCPAxisRect(plot);
        grid->addElement(0, slot, c.rect);
        for (QCPAxis* axis : c.rect->axes()) {
            axis->setTicks(false);
            axis->setTickLabels(false);
            axis->setBasePen(Qt::NoPen);
            axis->grid()->setVisible(false);
        }
        // The captions are the labels of bare axes: the pair above, the angle below.
        c.rect->axis(QCPAxis::atTop)->setVisible(true);
        c.rect->axis(QCPAxis::atRight)->setVisible(false);
        c.rect->axis(QCPAxis::atLeft)->setVisible(false);
        c.rect->setMinimumMargins(QMargins(2, 2, 2, 2)); // the captions above and below make their own
        c.rect->setRangeDrag(Qt::Orientations());
        c.rect->setRangeZoom(Qt::Orientations());
        QCPAxis* x = c.rect->axis(QCPAxis::atBottom);
        QCPAxis* y = c.rect->axis(QCPAxis::atLeft);
        c.ring = new QCPItemEllipse(plot);
        attachToRect(c.ring, c.rect);
        c.ring->topLeft->setCoords(-1, 1);
        c.ring->bottomRight->setCoords(1, -1);
        c.fromRadius = addLine(plot, c.rect);
        c.toRadius = addLine(plot, c.rect);
        c.path = new QCPCurve(x, y);
        c.arrow = addLine(plot, c.rect);
        c.from = plot->addGraph(x, y);
        c.to = plot->addGraph(x, y);
        c.rotated = plot->addGraph(x, y);
        for (QCPGraph* point : {c.from, c.to, c.rotated}) {
            point->setLineStyle(QCPGraph::lsNone);
            point->removeFromLegend();
        }
        c.path->removeFromLegend();
        for (QCPItemLine* radius : {c.fromRadius, c.toRadius})
            radius->start->setCoords(0, 0);
        m_circles.append(c);
    }
    m_note = new QCPItemText(plot);
    m_note->setClipToAxisRect(false);
    m_note->position->setAxisRect(m_circles.front().rect);
    m_note->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_note->position->setCoords(0.05, 0.5);
    m_note->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_note->setText(tr("d_model = 1 has a single sine column and no (sin, cos) pair to turn."));
}

QCPAxisRect* PairCircles::rect(int slot) const
{
    return slot >= 0 && slot < m_circles.size() ? m_circles[slot].rect : nullptr;
}

int PairCircles::pairAt(const QCPAxisRect* rect) const
{
    for (const Circle& c : m_circles)
        if (c.rect == rect)
            return c.pair;
    return -1;
}

void PairCircles::setFonts(const QFont& caption)
{
    for (const Circle& c : m_circles)
        for (QCPAxis* axis : c.rect->axes())
            axis->setLabelFont(caption);
    m_note->setFont(caption);
}

bool PairCircles::fitCount(double width)
{
    // A circle needs the width of its longest caption and a little air on either side.
    const QFont font = m_circles.front().rect->axis(QCPAxis::atBottom)->labelFont();
    const double cell = 1.25 * QFontMetricsF(font).horizontalAdvance(tr("k·ω = −0.562"));
    const int count = std::clamp(static_cast<int>(width / cell), 1, static_cast<int>(slotCount));
    if (count == m_shown)
        return false;
    m_shown = count;
    for (int slot = 0; slot < m_circles.size(); ++slot) {
        Circle& c = m_circles[slot];
        const bool shown = slot < count;
        // An unused slot leaves the layout: a hidden element would still take its column.
        if (shown && !c.rect->layout())
            m_grid->addElement(0, slot, c.rect);
        else if (!shown && c.rect->layout())
            m_grid->take(c.rect);
        if (!shown)
            hide(c);
        c.rect->setVisible(shown);
    }
    m_grid->simplify();
    return true;
}

bool PairCircles::fitHeight()
{
    bool changed = false;
    for (int slot = 0; slot < m_shown; ++slot) {
        QCPAxisRect* rect = m_circles[slot].rect;
        const int width = rect->rect().width();
        if (width > 0 && std::abs(rect->maximumSize().height() - width) > 1) {
            rect->setMaximumSize(QWIDGETSIZE_MAX, width);
            changed = true;
        }
    }
    return changed;
}

void PairCircles::showCaption(Circle& c) const
{
    c.rect->axis(QCPAxis::atTop)->setLabel(m_oneLineCaptions ? c.caption : c.twoLineCaption);
}

bool PairCircles::fitCaptions()
{
    double widest = 0, narrowest = -1;
    for (int slot = 0; slot < m_shown; ++slot) {
        const Circle& c = m_circles[slot];
        const QFontMetricsF metrics(c.rect->axis(QCPAxis::atTop)->labelFont());
        widest = std::max(widest, metrics.horizontalAdvance(c.caption));
        const double width = c.rect->outerRect().width();
        narrowest = narrowest < 0 ? width : std::min(narrowest, width);
    }
    // Room to spare either way, so that a pixel's change does not flip it back and forth.
    const bool oneLine = narrowest > 0 && (m_oneLineCaptions ? widest + 8 <= narrowest : widest + 16 <= narrowest);
    if (oneLine == m_oneLineCaptions)
        return false;
    m_oneLineCaptions = oneLine;
    for (int slot = 0; slot < m_circles.size(); ++slot)
        if (!m_circles[slot].caption.isEmpty())
            showCaption(m_circles[slot]);
    return true;
}

void PairCircles::keepRound()
{
    constexpr double radius = 1.3; // room around the unit circle for the markers
    for (Circle& c : m_circles) {
        const double w = c.rect->width(), h = c.rect->height();
        if (w <= 0 || h <= 0)
            continue;
        const double rx = radius * std::max(1.0, w / h), ry = radius * std::max(1.0, h / w);
        c.rect->axis(QCPAxis::atBottom)->setRange(-rx, rx);
        c.rect->axis(QCPAxis::atLeft)->setRange(-ry, ry);
        // The head sits halfway along; beside the end markers (12 wide) a short path has no
        // room for it, and a head there would only blot out the markers.
        const double pixels = c.pathLength * w / (2 * rx);
        const double head = std::min(10.0 * m_scale, (pixels - 12.0 * m_scale) / 2);
        const bool room = head >= 4.0 * m_scale;
        c.arrow->setHead(room ? QCPLineEnding(QCPLineEnding::esSpikeArrow, 0.8 * head, head) : QCPLineEnding());
        // Past a full turn the arrow is the dashed chord itself, which stays without its head.
        c.arrow->setVisible(c.pair >= 0 && c.pathLength > 0 && (room || c.chord));
    }
}

void PairCircles::draw(const Frame& f, int firstPair, double scale)
{
    m_scale = scale;
    const int fullPairs = core::fullPairCount(f.spec);
    m_note->setVisible(fullPairs == 0);
    const OffsetPart* part = offsetPart(f);
    for (int slot = 0; slot < m_circles.size(); ++slot) {
        const int pair = firstPair + slot;
        if (slot < m_shown && pair < fullPairs && part && part->pe.size() == f.spec.dModel)
            drawCircle(m_circles[slot], f, *part, pair, scale);
        else
            hide(m_circles[slot]);
    }
}

void PairCircles::hide(Circle& c)
{
    c.pair = -1;
    c.pathLength = 0;
    c.ring->setVisible(false);
    c.fromRadius->setVisible(false);
    c.toRadius->setVisible(false);
    c.arrow->setVisible(false);
    for (QCPAbstractPlottable* plottable : std::initializer_list<QCPAbstractPlottable*>{c.path, c.from, c.to, c.rotated})
        plottable->setVisible(false);
    c.rect->axis(QCPAxis::atTop)->setLabel(QString());
    c.rect->axis(QCPAxis::atBottom)->setLabel(QString());
}

void PairCircles::drawCircle(Circle& c, const Frame& f, const OffsetPart& part, int pair, double scale)
{
    c.pair = pair;
    const int sinColumn = core::sinColumn(f.spec, pair), cosColumn = core::cosColumn(f.spec, pair);
    // x = cos, y = sin: the point sits at angle p·ω and turns counter-clockwise as p grows.
    const QPointF from(part.pe[cosColumn], part.pe[sinColumn]), to(part.peShifted[cosColumn], part.peShifted[sinColumn]);
    const bool selected = m_marksSelection && core::columnRole(f.spec, f.state.dimension).pair == pair;
    c.ring->setPen(QPen(selected ? QColor(40, 40, 40) : QColor(170, 170, 170), scale * (selected ? 2.0 : 1.0)));
    c.fromRadius->end->setCoords(from);
    c.toRadius->end->setCoords(to);
    c.fromRadius->setPen(QPen(fromColour, scale));
    c.toRadius->setPen(QPen(seriesColor(1), scale));
    c.from->setData({from.x()}, {from.y()}, true);
    c.to->setData({to.x()}, {to.y()}, true);
    c.rotated->setData({part.rotated[cosColumn]}, {part.rotated[sinColumn]}, true);
    c.from->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, fromColour, fromColour, 7 * scale));
    c.to->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(1), seriesColor(1), 7 * scale));
    c.rotated->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(0), 1.5 * scale),
                                               Qt::NoBrush, 12 * scale));

    // The path of the point from position p to p + k, the encoding's own curve (the part's);
    // past a full turn it would cover the circle, so then a dashed chord stands for it.
    const std::int64_t k = f.state.offset;
    const double turn = part.turns[pair];
    const QPolygonF path = part.path(pair);
    QVector<double> t, x, y;
    if (!path.isEmpty()) {
        for (int i = 0; i < path.size(); ++i) {
            t << i;
            x << path[i].x();
            y << path[i].y();
        }
        // The head sits halfway along, where the markers at the ends cannot hide it.
        const int middle = static_cast<int>(path.size()) / 2;
        c.arrow->start->setCoords(path[middle - 1]);
        c.arrow->end->setCoords(path[middle]);
        c.arrow->setPen(QPen(seriesColor(1), 1.5 * scale));
        c.pathLength = std::abs(turn);
        c.chord = false;
    } else {
        c.arrow->start->setCoords(from);
        c.arrow->end->setCoords(to);
        c.arrow->setPen(QPen(seriesColor(1), 1.2 * scale, Qt::DashLine));
        c.pathLength = k == 0 ? 0.0 : std::hypot(to.x() - from.x(), to.y() - from.y());
        c.chord = true;
    }
    c.path->setData(t, x, y, true);
    c.path->setPen(QPen(seriesColor(1), 2.0 * scale));

    c.ring->setVisible(true);
    c.fromRadius->setVisible(true);
    c.toRadius->setVisible(true);
    // keepRound() shows the arrow once the circle's size in pixels is known.
    for (QCPAbstractPlottable* plottable : std::initializer_list<QCPAbstractPlottable*>{c.path, c.from, c.to, c.rotated})
        plottable->setVisible(true);
    const QString wavelength = shortNumber(f.wavelength[pair], 3);
    c.caption = tr("pair %1 · λ = %2").arg(pair).arg(wavelength);
    c.twoLineCaption = tr("pair %1\nλ = %2").arg(pair).arg(wavelength);
    showCaption(c);
    // Past a full turn the chord is dashed; the angle says how far the point really went.
    c.rect->axis(QCPAxis::atBottom)->setLabel(tr("k·ω = %1").arg(shortNumber(turn, 3)));
}

QString PairCircles::description(const Frame& f, int pair)
{
    const OffsetPart* part = offsetPart(f);
    if (!part || pair < 0 || pair >= part->turns.size() || part->pe.size() != f.spec.dModel)
        return {};
    const int sinColumn = core::sinColumn(f.spec, pair), cosColumn = core::cosColumn(f.spec, pair);
    return tr("pair %1 (columns %2 sin, %3 cos) · λ = %4 · (sin, cos) at p: %5 · at p + k: %6 · "
              "M_k·PE(p): %7 · turned by k·ω = %8 rad%9")
        .arg(pair).arg(sinColumn).arg(cosColumn).arg(shortNumber(f.wavelength[pair]))
        .arg(pointText(part->pe, sinColumn, cosColumn), pointText(part->peShifted, sinColumn, cosColumn),
             pointText(part->rotated, sinColumn, cosColumn))
        .arg(shortNumber(part->turns[pair]))
        .arg(std::abs(part->turns[pair]) > 2 * std::numbers::pi
                 ? tr(" (more than a full turn: the dashed chord joins the two points)") : QString());
}

} // namespace pe::ui
