// SPDX-License-Identifier: MIT
#include "ui/views/similarityview.h"
#include "ui/views/viewfactory.h"

#include "ui/plotting/cellcolormap.h"

#include "ui/plotting/colormaps.h"
#include "ui/document/document.h"
#include "ui/document/similaritypart.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"

#include <QFontMetricsF>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

const SimilarityPart& similarityOf(const Frame& frame) { return frame.partOrEmpty<SimilarityPart>(views::similarity); }

QString measureName(const Frame& f)
{
    if (f.table)
        return f.state.normalize ? SimilarityView::tr("cosine") : SimilarityView::tr("dot product");
    return f.state.normalize ? SimilarityView::tr("cosine") : QStringLiteral("PE(p)·PE(q)");
}


/// The row under a pixel of an axis of positions (the table's rows when one is loaded).
std::int64_t rowAt(const QCPAxis* axis, double pixel, const Frame& f)
{
    return rowAtPixel(axis, pixel, f.firstPosition(), f.positionCount());
}

/// The profile's headroom below its lowest value, as a share of its span.
constexpr double headroom = 0.08;

} // namespace

SimilarityView::SimilarityView(Document* document, QWidget* parent)
    : PlotView(document, views::similarity, parent)
{
    setExplanation(sinusoidExplanation());
    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_matrixRect = p->axisRect();
    QCPAxisRect* matrix = m_matrixRect;

    m_map = new CellColorMap(p->xAxis, p->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    // The profile's row repeats the matrix's columns, so q stays aligned.
    m_square = addSquareMatrix(p, matrix, BelowWidth::Aligned);
    m_scale = m_square.scale;
    m_map->setColorScale(m_scale);
    p->xAxis->setLabel(tr("Position q"));
    p->yAxis->setLabel(tr("Position p"));
    p->yAxis->setRangeReversed(true);
    m_rowLine = addStraightLine(p, matrix);
    m_columnLine = addStraightLine(p, matrix);

    m_profileRect = m_square.belowRect;
    QCPAxis* profileX = m_profileRect->axis(QCPAxis::atBottom);
    QCPAxis* profileY = m_profileRect->axis(QCPAxis::atLeft);
    profileX->setLabel(tr("Position q"));
    p->xAxis->setTicker(integerTicker());
    profileX->setTicker(integerTicker());
    p->yAxis->setTicker(integerTicker());
    m_profile = p->addGraph(profileX, profileY);
    m_selfMarker = addMarkerGraph(profileX, profileY);
    m_offsetLine = addStraightLine(p, m_profileRect);
    useTopAxisAsCaption(m_profileRect);

    // Zooming the matrix along q zooms the profile with it: both x axes are the position q.
    connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), profileX,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
    connect(profileX, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), p->xAxis,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_profileRect->setRangeDrag(Qt::Horizontal);
    m_profileRect->setRangeZoom(Qt::Horizontal);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    // After the fit, at the matrix's final size: one bin per device pixel at most.
    connect(p, &QCustomPlot::afterLayout, this, [this] {
        const QSize pixels = pixelsToRequest(m_matrixRect->rect());
        this->document()->setPixels(views::similarity, QSize(std::min(pixels.width(), pixels.height()), 0));
    });
    connect(p, &QCustomPlot::mouseMove, this, &SimilarityView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &SimilarityView::onMouseRelease);
    applyScale();
}

QString SimilarityView::sinusoidExplanation()
{
    return tr("<b>Similarity.</b> Each cell compares the codes of two positions: bright "
              "where they are alike, dark where they differ. The bright diagonal says every "
              "position is most like itself, and each row is the same pattern shifted — the "
              "similarity depends only on how far apart two positions are, not on where they "
              "are. Below, the selected row as a curve: it ripples instead of falling steadily. "
              "Click the matrix to select a position, the curve to set the offset.");
}

QString SimilarityView::tableExplanation()
{
    return tr("<b>Similarity of a loaded table.</b> Each cell compares two rows of the table you opened "
              "(a model's learned position embeddings): bright where they are alike. A learned table "
              "that behaves like the sinusoid shows a bright diagonal band whose width says how far "
              "apart two positions can be and still look alike; unlike the sinusoid, its rows need not "
              "be shifted copies of each other. Below, the selected row against every row. "
              "The cosine ignores each row's length; the dot product does not.");
}

void SimilarityView::releaseDrawing()
{
    PlotView::releaseDrawing();
    m_drawnMatrix = {}; // it also kept the matrix alive; the next frame fills the map again
}

void SimilarityView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_scale->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
    m_scale->axis()->setLabelFont(plot()->xAxis->labelFont());
    m_scale->setBarWidth(static_cast<int>(14 * scale()));
}

void SimilarityView::redraw(const Frame& f)
{
    if (!similarityPart(f))
        return;
    const std::pair rows{f.firstPosition(), f.positionCount()};
    if (!m_drawn || f.table != m_drawnTable) { // text only when it changes
        setExplanation(f.table ? tableExplanation() : sinusoidExplanation());
        const QString row = f.table ? tr("Row %1") : tr("Position %1");
        plot()->xAxis->setLabel(row.arg(QLatin1Char('q')));
        plot()->yAxis->setLabel(row.arg(QLatin1Char('p')));
        m_profileRect->axis(QCPAxis::atBottom)->setLabel(row.arg(QLatin1Char('q')));
    }
    m_drawnTable = f.table;
    if (!m_drawn || rows != m_drawnRows) { // other rows: zoomed out to all of them
        m_drawn = true;
        m_drawnRows = rows;
        const double first = static_cast<double>(rows.first);
        const QCPRange all(first - 0.5, first + static_cast<double>(rows.second) - 0.5);
        plot()->xAxis->setRange(all);
        plot()->yAxis->setRange(all);
    }
    drawMatrix(f);
    drawProfile(f);
    m_titleText = titleText(f);
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

QString SimilarityView::titleText(const Frame& f) const
{
    const SimilarityPart& sim = similarityOf(f);
    if (const QString problem = f.tableValuesProblem(); !problem.isEmpty())
        return tr("Similarity of the rows of %1\n%2").arg(f.table->table->displayName(), problem);
    const double cells = static_cast<double>(f.positionCount()) / static_cast<double>(std::max<Eigen::Index>(sim.matrix.rows(), 1));
    QString text = f.table
        ? tr("Similarity of the rows of %1\n%2\n%3").arg(f.table->table->displayName(), f.table->table->shapeText(),
              f.state.normalize ? (m_forExport ? tr("cosine of rows p and q") : tr("cosine of the angle between rows p and q"))
                                : tr("dot product of rows p and q"))
        : tr("Similarity of positions\nd_model %1 · max_len %2 · base %3\n%4")
              .arg(f.spec.dModel).arg(f.spec.maxLen).arg(shortNumber(f.spec.base, 6))
              .arg(f.state.normalize ? (m_forExport ? tr("cosine of PE(p) and PE(q)")
                                                    : tr("cosine of the angle between PE(p) and PE(q)"))
                                     : tr("dot product PE(p)·PE(q)"));
    if (!sim.exact())
        text += QStringLiteral(" · ") + (m_forExport ? tr("cells average %1 × %1 pairs")
                                                     : tr("each cell is the exact average of %1 × %1 position pairs"))
                                            .arg(shortNumber(cells, 3));
    else if (!m_forExport)
        text += QStringLiteral(" · ") + tr("exact values");
    return text;
}

void SimilarityView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    // A paper figure shows the similarities, not the window's crosshair.
    m_rowLine->setVisible(false);
    m_columnLine->setVisible(false);
    PlotView::prepareForExport(fontPixels);
}

bool SimilarityView::fitToSize()
{
    bool changed = fitViewTitle(m_title, m_titleText);
    for (QCPAxis* axis : {plot()->xAxis, plot()->yAxis, m_scale->axis(), m_profileRect->axis(QCPAxis::atBottom),
                          m_profileRect->axis(QCPAxis::atLeft)})
        changed = fitTickCount(axis) || changed;
    changed = fitAxisLabel(m_profileRect->axis(QCPAxis::atTop), m_profileCaptions) || changed;
    return keepMatrixSquare() || changed;
}

bool SimilarityView::keepMatrixSquare()
{
    return keepSquare(plot(), m_square, isPaper());
}

void SimilarityView::drawMatrix(const Frame& f)
{
    const SimilarityPart& sim = similarityOf(f);
    // The matrix only changes with the kernel (spec and normalize): a new position or offset
    // moves the crosshair and nothing else.
    if (!m_drawnMatrix.sameAs(sim.matrix) || m_drawnColormap != f.state.colormap)
        fillMatrix(f);
    const double position = static_cast<double>(f.firstPosition() + sim.profileRow);
    placeHorizontal(m_rowLine, position);
    placeVertical(m_columnLine, position);
    for (auto* line : {m_rowLine, m_columnLine})
        line->setPen(QPen(QColor(255, 255, 255, 220), penWidth(1.2), Qt::DashLine));
}

void SimilarityView::fillMatrix(const Frame& f)
{
    const SimilarityPart& sim = similarityOf(f);
    m_drawnMatrix = sim.matrix;
    m_drawnColormap = f.state.colormap;
    const auto bins = static_cast<int>(sim.matrix.rows());
    m_matrixLowest = 0.0;
    if (bins == 0) {
        m_map->cells()->clear();
        return;
    }
    // A one-cell map has no extent of its own; the map doubles it and the range spans two cells.
    const double rowsPerBin = static_cast<double>(f.positionCount()) / bins;
    const double firstCentre = static_cast<double>(f.firstPosition()) + (rowsPerBin - 1) / 2;
    const double lastCentre = bins > 1 ? firstCentre + rowsPerBin * (bins - 1) : firstCentre + rowsPerBin;
    m_map->cells()->share(sim.matrix.shared(), QCPRange(firstCentre, lastCentre), QCPRange(firstCentre, lastCentre));
    m_map->setGradient(colormapGradient(f.state.colormap));
    // NaN cells (a table with NaN in it) are left out of the range; they are drawn transparent.
    m_matrixLowest = std::min(0.0, sim.lowest);
    // Cosine lives in −1…1; a dot product up to ±‖PE‖², so the range follows what is drawn.
    const double largest = f.state.normalize ? 1.0 : std::max(std::abs(sim.lowest), std::abs(sim.highest));
    m_map->setDataRange(QCPRange(-std::max(largest, 1e-12), std::max(largest, 1e-12)));
    m_scale->axis()->setLabel(measureName(f));
}

void SimilarityView::drawProfile(const Frame& f)
{
    const SimilarityPart& sim = similarityOf(f);
    m_profile->setData(positionsOfRows(sim.profileX, f.firstPosition()), sim.profileY, true);
    m_profile->setPen(QPen(seriesColor(0), penWidth(1.5)));
    m_profile->setScatterStyle(f.positionCount() <= 200
        ? QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(0), seriesColor(0), 3.5 * scale())
        : QCPScatterStyle());
    const double p = static_cast<double>(f.firstPosition() + sim.profileRow);
    m_selfMarker->setData({p}, {sim.selfSimilarity}, true);
    m_selfMarker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(1), penWidth(2.0)),
                                                  Qt::NoBrush, 10.0 * scale()));
    // The profile's bins are the matrix's columns, their means beyond a pixel a column. Its range reaches
    // down to the lowest value of the whole matrix, so that it stays put while p is dragged.
    double highest = f.state.normalize ? 1.0 : std::abs(sim.selfSimilarity);
    double lowest = m_matrixLowest;
    for (double y : sim.profileY) {
        if (std::isnan(y))
            continue;
        highest = std::max(highest, y);
        lowest = std::min(lowest, y);
    }
    const double span = std::max(highest - lowest, 1e-12);
    m_profileRect->axis(QCPAxis::atLeft)->setRange(lowest - headroom * span, highest + 0.12 * span);
    m_profileRect->axis(QCPAxis::atLeft)->setLabel(measureName(f));
    const std::int64_t position = f.firstPosition() + sim.profileRow;
    const double target = p + static_cast<double>(f.state.offset);
    const double first = static_cast<double>(f.firstPosition());
    const double last = first + static_cast<double>(f.positionCount() - 1);
    const bool inside = target >= first && target <= last;
    placeVertical(m_offsetLine, target);
    m_offsetLine->setVisible(inside);
    m_offsetLine->setPen(QPen(seriesColor(2), penWidth(1.5), Qt::DashLine));
    // The offset is named in the caption above the curve (a label inside the plot sat on it);
    // when p + k is off the axis, the caption says on which side.
    QStringList offsetTexts;
    if (inside) {
        offsetTexts = {tr("dashed: offset k = %1").arg(f.state.offset), tr("k = %1").arg(f.state.offset)};
    } else {
        const bool after = target > last;
        const std::int64_t shifted = position + f.state.offset;
        offsetTexts = after ? QStringList{tr("offset k = %1: p + k = %2 lies beyond max_len →").arg(f.state.offset).arg(shifted),
                                            tr("k = %1: p + k = %2 →").arg(f.state.offset).arg(shifted)}
                              : QStringList{tr("← offset k = %1: p + k = %2 lies before the first row").arg(f.state.offset).arg(shifted),
                                            tr("← k = %1: p + k = %2").arg(f.state.offset).arg(shifted)};
    }
    // Beyond a pixel a position, each point is the mean over its positions q, as the matrix's cells are.
    const QString perPoint = sim.profileExact() ? QString()
        : tr(" (a point: the mean over %1 q)").arg(shortNumber(static_cast<double>(sim.positions) / sim.profileY.size(), 3));
    m_profileCaptions = {tr("position p = %1 against every position q").arg(position) + perPoint + QStringLiteral(" · ") + offsetTexts[0],
                         tr("p = %1 against every q").arg(position) + perPoint + QStringLiteral(" · ") + offsetTexts[1]};
    if (!perPoint.isEmpty()) // the note goes before the words do
        m_profileCaptions.append(tr("p = %1 against every q").arg(position) + QStringLiteral(" · ") + offsetTexts[1]);
    m_profileCaptions.append(QStringLiteral("p = %1 · k = %2").arg(position).arg(f.state.offset));
    m_profileRect->axis(QCPAxis::atTop)->setLabel(m_profileCaptions.front());
}

QString SimilarityView::cellDescription(std::int64_t row, std::int64_t column) const
{
    const FramePtr& f = document()->frame();
    const SimilarityPart* sim = f ? similarityPart(*f) : nullptr;
    if (!sim || sim->matrix.rows() == 0 || row < 0 || column < 0 || row >= f->positionCount() || column >= f->positionCount())
        return {};
    const std::int64_t L = f->positionCount(), bins = sim->matrix.rows(), first = f->firstPosition();
    const std::int64_t i = core::binOfRow(row, L, bins), j = core::binOfRow(column, L, bins);
    const double value = sim->matrix(i, j);
    if (sim->exact())
        return tr("p = %1, q = %2 (q − p = %3): %4 = %5")
            .arg(first + row).arg(first + column).arg(column - row).arg(measureName(*f))
            .arg(QString::number(value, 'f', 4));
    const auto range = [&](std::int64_t bin) {
        return QStringLiteral("%1–%2").arg(first + core::binStart(L, bins, bin))
                                      .arg(first + core::binStart(L, bins, bin + 1) - 1);
    };
    return tr("p in %1, q in %2: average %3 = %4")
        .arg(range(i), range(j), measureName(*f)).arg(QString::number(value, 'f', 4));
}

QString SimilarityView::profileDescription(std::int64_t row) const
{
    const FramePtr& f = document()->frame();
    const SimilarityPart* sim = f ? similarityPart(*f) : nullptr;
    if (!sim || sim->profileX.isEmpty())
        return {};
    const std::int64_t first = f->firstPosition(), L = sim->positions;
    if (sim->profileExact()) {
        const int index = nearestIndex(sim->profileX, static_cast<double>(row));
        const auto q = static_cast<std::int64_t>(sim->profileX[index]);
        return tr("p = %1, q = %2: %3 = %4 · click to set the offset k = q − p = %5")
            .arg(first + sim->profileRow).arg(first + q).arg(measureName(*f))
            .arg(QString::number(sim->profileY[index], 'f', 4)).arg(q - sim->profileRow);
    }
    // A bin of columns: the curve there is their mean, and the click sets k for the row pointed at.
    const std::int64_t bins = sim->profileY.size(), bin = core::binOfRow(std::clamp<std::int64_t>(row, 0, L - 1), L, bins);
    return tr("p = %1, q in %2–%3: average %4 = %5 · click to set the offset k = q − p = %6")
        .arg(first + sim->profileRow).arg(first + core::binStart(L, bins, bin)).arg(first + core::binStart(L, bins, bin + 1) - 1)
        .arg(measureName(*f)).arg(QString::number(sim->profileY[bin], 'f', 4)).arg(row - sim->profileRow);
}

void SimilarityView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    QCPAxisRect* rect = f ? axisRectAt(plot(), event->position()) : nullptr;
    if (rect == matrixRect())
        setReadout(cellDescription(rowAt(plot()->yAxis, event->position().y(), *f),
                                   rowAt(plot()->xAxis, event->position().x(), *f)));
    else if (rect == m_profileRect)
        setReadout(profileDescription(rowAt(rect->axis(QCPAxis::atBottom), event->position().x(), *f)));
    else
        setReadout(QString());
}

void SimilarityView::onMouseRelease(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    const SimilarityPart* sim = f ? similarityPart(*f) : nullptr;
    if (!sim || !m_click.isClick(event))
        return;
    QCPAxisRect* rect = axisRectAt(plot(), event->position());
    if (rect == matrixRect())
        document()->selectPosition(rowAt(plot()->yAxis, event->position().y(), *f));
    else if (rect == m_profileRect)
        document()->setOffset(rowAt(rect->axis(QCPAxis::atBottom), event->position().x(), *f) - sim->profileRow);
}

/// The similarity view's own part of its catalogue entry (cmake/views.cmake).
void similarityViewEntry(ViewDescription& entry)
{
    drawnBy<SimilarityView>(entry, buildSimilarityPart, similarityPartData,
                            PartInput::Spec | PartInput::Pixels | PartInput::Table | PartInput::Normalize |
                            PartInput::Position);
}

} // namespace pe::ui
