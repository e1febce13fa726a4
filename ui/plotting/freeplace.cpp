// SPDX-License-Identifier: MIT
#include "ui/plotting/freeplace.h"

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace pe::ui {

namespace {

bool segmentCrosses(const QPointF& a, const QPointF& b, const QRectF& box)
{
    // Wholly beside, above or below the box: no edge to cross (most segments of a long curve).
    if (std::max(a.x(), b.x()) < box.left() || std::min(a.x(), b.x()) > box.right()
        || std::max(a.y(), b.y()) < box.top() || std::min(a.y(), b.y()) > box.bottom())
        return false;
    if (box.contains(a) || box.contains(b))
        return true;
    const QLineF line(a, b);
    const std::array<QPointF, 4> corners{box.topLeft(), box.topRight(), box.bottomRight(), box.bottomLeft()};
    for (int i = 0; i < 4; ++i)
        if (line.intersects(QLineF(corners[i], corners[(i + 1) % 4]), nullptr) == QLineF::BoundedIntersection)
            return true;
    return false;
}

bool graphThrough(const QRectF& box, const QCPGraph* graph)
{
    if (!graph->visible() || graph->data()->isEmpty())
        return false;
    const QCPRange keys = graph->keyAxis()->range();
    const bool lines = graph->lineStyle() != QCPGraph::lsNone;
    const double reach = graph->scatterStyle().isNone() ? 0 : graph->scatterStyle().size() / 2;
    const QRectF markerBox = box.adjusted(-reach, -reach, reach, reach);
    QPointF previous;
    bool hasPrevious = false;
    // Only the points whose keys are under the box, and within the axis's range (findBegin and
    // findEnd add one point each side: the segments into the box). A label's box spans a tenth
    // of a curve of thousands of points, and is asked at ten places each step.
    const bool keysAcross = graph->keyAxis()->orientation() == Qt::Horizontal;
    const double boxFirst = graph->keyAxis()->pixelToCoord(keysAcross ? markerBox.left() : markerBox.top());
    const double boxLast = graph->keyAxis()->pixelToCoord(keysAcross ? markerBox.right() : markerBox.bottom());
    const double lowest = std::max(keys.lower, std::min(boxFirst, boxLast)), highest = std::min(keys.upper, std::max(boxFirst, boxLast));
    if (!(lowest <= highest))
        return false; // the box is off the curve's keys on screen
    auto begin = graph->data()->findBegin(lowest), end = graph->data()->findEnd(highest);
    for (auto it = begin; it != end; ++it) {
        if (!std::isfinite(it->value) || (graph->valueAxis()->scaleType() == QCPAxis::stLogarithmic && it->value <= 0)) {
            hasPrevious = false;
            continue;
        }
        const QPointF point = graph->coordsToPixels(it->key, it->value);
        if (reach > 0 && markerBox.contains(point))
            return true;
        if (lines && hasPrevious && segmentCrosses(previous, point, box))
            return true;
        previous = point;
        hasPrevious = true;
    }
    return false;
}

} // namespace

int curvesThrough(const QRectF& box, const QList<QCPGraph*>& graphs)
{
    int count = 0;
    for (const QCPGraph* graph : graphs)
        count += graph && graphThrough(box, graph);
    return count;
}

bool placeLineLabels(QCPAxisRect* rect, const QList<QCPItemText*>& labels, const QList<bool>& optional,
                     const QList<QCPGraph*>& graphs, const QList<QCPItemText*>& others, const QList<QStringList>& texts)
{
    const QRectF area(rect->rect());
    const QCPAxis* y = rect->axis(QCPAxis::atLeft);
    struct Place {
        double x;
        Qt::Alignment alignment;
    };
    // Left first (the fast pairs' short wavelengths are low there), then right, then the middle.
    static const std::array<Place, 10> places{{{0.01, Qt::AlignLeft | Qt::AlignBottom},
                                               {0.01, Qt::AlignLeft | Qt::AlignTop},
                                               {0.99, Qt::AlignRight | Qt::AlignTop},
                                               {0.99, Qt::AlignRight | Qt::AlignBottom},
                                               {0.5, Qt::AlignHCenter | Qt::AlignBottom},
                                               {0.5, Qt::AlignHCenter | Qt::AlignTop},
                                               {0.3, Qt::AlignHCenter | Qt::AlignBottom},
                                               {0.3, Qt::AlignHCenter | Qt::AlignTop},
                                               {0.7, Qt::AlignHCenter | Qt::AlignBottom},
                                               {0.7, Qt::AlignHCenter | Qt::AlignTop}}};
    const auto boxOf = [&](const QCPItemText* label, const QString& text, const Place& place) {
        const QFontMetricsF metrics(label->font());
        const double width = metrics.horizontalAdvance(text) + label->padding().left() + label->padding().right();
        const double height = metrics.height() + label->padding().top() + label->padding().bottom();
        const double lineY = y->coordToPixel(label->position->coords().y());
        const double x = area.left() + place.x * area.width();
        const double left = place.alignment & Qt::AlignLeft ? x : place.alignment & Qt::AlignRight ? x - width : x - width / 2;
        const double top = place.alignment & Qt::AlignBottom ? lineY - height : lineY;
        return QRectF(left, top, width, height);
    };
    bool changed = false;
    QList<QRectF> taken;
    for (const QCPItemText* other : others)
        if (other->visible() && !other->text().isEmpty())
            taken << QRectF(other->topLeft->pixelPosition(), other->bottomRight->pixelPosition()).normalized();
    for (qsizetype i = 0; i < labels.size(); ++i) {
        QCPItemText* label = labels[i];
        // Its texts, longest first: the first with a free place, else the shortest where the
        // fewest curves cross it (a small figure's crowded plot).
        const QStringList candidates = texts.value(i).isEmpty() ? QStringList{label->text()} : texts.value(i);
        int chosen = -1, fewest = -1;
        QString text;
        for (const QString& candidate : candidates) {
            if (fewest == 0)
                break;
            chosen = -1;
            fewest = -1;
            text = candidate;
            for (int p = 0; p < int(places.size()); ++p) {
                const QRectF box = boxOf(label, text, places[p]);
                if (!area.contains(box))
                    continue;
                bool meets = false;
                for (const QRectF& other : taken)
                    meets = meets || box.intersects(other);
                // Nor across another label's line (drawn whether its label is shown or not).
                for (const QCPItemText* other : labels) {
                    const double otherY = y->coordToPixel(other->position->coords().y());
                    meets = meets || (other != label && box.top() + 1 < otherY && otherY < box.bottom() - 1);
                }
                if (meets)
                    continue;
                const int through = curvesThrough(box.adjusted(1, 1, -1, -1), graphs);
                if (fewest < 0 || through < fewest) {
                    fewest = through;
                    chosen = p;
                }
                if (through == 0)
                    break;
            }
        }
        if (label->text() != text) {
            label->setText(text);
            changed = true;
        }
        // An optional label only where it is free: left out rather than written over the curves.
        const bool shown = optional.value(i) ? chosen >= 0 && fewest == 0 : true;
        if (label->visible() != shown) {
            label->setVisible(shown);
            changed = true;
        }
        if (!shown)
            continue;
        const Place& place = places[static_cast<std::size_t>(std::max(chosen, 0))];
        if (label->positionAlignment() != place.alignment || label->position->coords().x() != place.x) {
            label->setPositionAlignment(place.alignment);
            label->position->setCoords(place.x, label->position->coords().y());
            changed = true;
        }
        taken << boxOf(label, text, place);
    }
    return changed;
}

bool placeInsetLegend(QCPAxisRect* rect, QCPLegend* legend, const QList<QCPGraph*>& graphs, bool* fits)
{
    *fits = false;
    QCPLayoutInset* inset = rect->insetLayout();
    int index = -1;
    for (int i = 0; i < inset->elementCount(); ++i)
        if (inset->elementAt(i) == legend)
            index = i;
    if (index < 0)
        return false;
    // The legend's size with its entries one under the other, or in one row (a short plot),
    // from its entries' sizes: rearranging the legend to measure it, at every layout, was work
    // on every frame of a RoPE comparison.
    QSizeF column, row;
    int entries = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        const QSize item = legend->item(i)->minimumOuterSizeHint();
        column = QSizeF(std::max(column.width(), double(item.width())), column.height() + item.height());
        row = QSizeF(row.width() + item.width(), std::max(row.height(), double(item.height())));
        ++entries;
    }
    if (entries == 0)
        return false;
    const QMargins margins = legend->margins();
    const QSizeF frame(margins.left() + margins.right(), margins.top() + margins.bottom());
    column += frame + QSizeF(0, (entries - 1) * legend->rowSpacing());
    row += frame + QSizeF((entries - 1) * legend->columnSpacing(), 0);

    const QRectF area(rect->rect());
    constexpr double gap = 4; // off the axis lines
    struct Choice {
        bool row = false;
        QRectF box;
        int through = -1;
    } best;
    for (const bool inRow : {false, true}) {
        const QSizeF size = inRow ? row : column;
        const double left = area.left() + gap, right = area.right() - gap - size.width();
        const double top = area.top() + gap, bottom = area.bottom() - gap - size.height();
        if (right < left || bottom < top)
            continue; // no room off the axes
        for (const QPointF corner : {QPointF(left, bottom), QPointF(left, top), QPointF(right, bottom), QPointF(right, top)}) {
            const QRectF box(corner, size);
            const int through = curvesThrough(box, graphs);
            if (best.through < 0 || through < best.through)
                best = {inRow, box, through};
        }
        if (best.through == 0)
            break;
    }
    if (best.through < 0)
        return false; // too small a plot for it anywhere
    *fits = true;
    const bool wasRow = legend->fillOrder() == QCPLayoutGrid::foColumnsFirst && legend->wrap() == 0;
    bool moved = false;
    if (best.row != wasRow) {
        legend->setWrap(0);
        legend->setFillOrder(best.row ? QCPLayoutGrid::foColumnsFirst : QCPLayoutGrid::foRowsFirst, true);
        moved = true;
    }
    const QRectF ratio((best.box.x() - area.left()) / area.width(), (best.box.y() - area.top()) / area.height(),
                       best.box.width() / area.width(), best.box.height() / area.height());
    const QRectF was = inset->insetRect(index);
    moved = moved || inset->insetPlacement(index) != QCPLayoutInset::ipFree
            || std::abs(was.x() - ratio.x()) * area.width() > 0.5 || std::abs(was.y() - ratio.y()) * area.height() > 0.5
            || std::abs(was.width() - ratio.width()) * area.width() > 0.5
            || std::abs(was.height() - ratio.height()) * area.height() > 0.5;
    if (moved) {
        inset->setInsetPlacement(index, QCPLayoutInset::ipFree);
        inset->setInsetRect(index, ratio);
    }
    return moved;
}

} // namespace pe::ui
