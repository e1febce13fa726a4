// SPDX-License-Identifier: MIT
#include "ui/views/precisionview.h"
#include "ui/views/viewfactory.h"

#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/colormaps.h"
#include "ui/document/document.h"
#include "ui/document/precisionpart.h"
#include "ui/widgets/flowlayout.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"

#include <QComboBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

namespace {

const PrecisionPart& precisionOf(const Frame& frame) { return frame.partOrEmpty<PrecisionPart>(views::precision); }

/// Where a curve is drawn when the format yields no value, as the map draws it.
constexpr double overflowLevel = PrecisionPart::shownOverflow;

QString errorText(double error)
{
    return std::isfinite(error) ? shortNumber(error, 2) : PrecisionView::tr("overflow (NaN)");
}

QString formatText(core::NumberFormat format)
{
    return QString::fromUtf8(core::numberFormatName(format).data());
}

QString modeText(core::PrecisionMode mode)
{
    return mode == core::PrecisionMode::Computed ? PrecisionView::tr("computed end to end")
                                                 : PrecisionView::tr("stored after float64");
}

int formatIndex(core::NumberFormat format)
{
    switch (format) {
    case core::NumberFormat::Float32: return 0;
    case core::NumberFormat::BFloat16: return 2;
    case core::NumberFormat::Float16: return 4;
    case core::NumberFormat::Float64: break;
    }
    return 6;
}

} // namespace

QString errorCurveName(const ErrorCurveKind& kind)
{
    if (kind.format == core::NumberFormat::Float64)
        return PrecisionView::tr("float64 computed (naive)");
    return kind.mode == core::PrecisionMode::Computed ? PrecisionView::tr("%1 computed").arg(formatText(kind.format))
                                                      : PrecisionView::tr("%1 stored").arg(formatText(kind.format));
}

PrecisionView::PrecisionView(Document* document, QWidget* parent)
    : PlotView(document, views::precision, parent)
    , m_formatBox(new QComboBox(this))
    , m_modeBox(new QComboBox(this))
{
    setExplanation(sinusoidExplanation());
    auto* bar = new QWidget(this);
    auto* row = new FlowLayout(bar); // wraps in a narrow dock
    auto* label = new QLabel(tr("Heatmap of"), bar);
    label->setBuddy(m_formatBox);
    row->addWidget(label);
    for (core::NumberFormat f : {core::NumberFormat::Float32, core::NumberFormat::BFloat16, core::NumberFormat::Float16,
                                 core::NumberFormat::Float64})
        m_formatBox->addItem(formatText(f), int(f));
    m_modeBox->addItem(modeText(core::PrecisionMode::Computed), int(core::PrecisionMode::Computed));
    m_modeBox->addItem(modeText(core::PrecisionMode::Stored), int(core::PrecisionMode::Stored));
    m_formatBox->setToolTip(tr("The number format whose error the heatmap shows (float64: the naive double code)"));
    m_modeBox->setToolTip(tr("Computed: every step of the code in that format. Stored: computed exactly, then rounded."));
    row->addWidget(m_formatBox);
    row->addWidget(m_modeBox);
    if (auto* box = qobject_cast<QBoxLayout*>(layout()))
        box->insertWidget(1, bar);
    connect(m_formatBox, &QComboBox::activated, this, [this](int index) {
        this->document()->setNumberFormat(static_cast<core::NumberFormat>(m_formatBox->itemData(index).toInt()));
    });
    connect(m_modeBox, &QComboBox::activated, this, [this](int index) {
        this->document()->setPrecisionMode(static_cast<core::PrecisionMode>(m_modeBox->itemData(index).toInt()));
    });

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    placeLegendUnderTitle(p, 4);
    m_heatRect = p->axisRect();
    m_map = new CellColorMap(p->xAxis, p->yAxis); // draws the part's matrix without a copy
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setDataScaleType(QCPAxis::stLogarithmic);
    m_map->removeFromLegend();
    m_scale = new QCPColorScale(p);
    p->plotLayout()->addElement(2, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setDataScaleType(QCPAxis::stLogarithmic);
    m_scale->axis()->setTicker(powersOfTenTicker());
    m_scale->axis()->setNumberFormat(QStringLiteral("eb"));
    m_scale->axis()->setNumberPrecision(0);
    m_scale->axis()->setLabel(tr("|error|"));
    m_map->setColorScale(m_scale);
    p->xAxis->setLabel(tr("Dimension"));
    p->xAxis->setTicker(integerTicker());
    p->yAxis->setLabel(tr("Position"));
    p->yAxis->setTicker(integerTicker());
    p->yAxis->setRangeReversed(true);
    useTopAxisAsCaption(m_heatRect);
    m_rowLine = addStraightLine(p, m_heatRect);

    m_curveRect = new QCPAxisRect(p);
    // The map over the curves, or beside them in a room much wider than tall (F5).
    m_panels = std::make_unique<PanelPair>(p->plotLayout(), 2, 0, PanelPair::First{m_heatRect, m_scale},
                                           PanelPair::Second{m_curveRect, {m_curveRect}}, 0.5);
    QCPAxis* x = m_curveRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_curveRect->axis(QCPAxis::atLeft);
    for (QCPAxis* axis : {x, y}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(powersOfTenTicker());
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
    }
    x->setLabel(tr("Position"));
    y->setLabel(tr("Max |error|"));
    useTopAxisAsCaption(m_curveRect);
    y->setRange(1e-17, 3);
    const QVector<ErrorCurveKind> kinds = errorCurveKinds();
    for (int i = 0; i < kinds.size(); ++i) {
        QCPGraph* g = p->addGraph(x, y);
        // One legend entry per format (its colour); the line style says stored or computed.
        g->setName(kinds[i].format == core::NumberFormat::Float64 ? tr("float64 (naive)") : formatText(kinds[i].format));
        if (kinds[i].mode == core::PrecisionMode::Stored)
            g->removeFromLegend();
        m_curves.append(g);
    }
    p->legend->setFillOrder(p->legend->fillOrder(), true); // no empty cells where the stored curves were
    p->legend->setIconSize(22, 10);
    m_positionLine = addStraightLine(p, m_curveRect);
    m_curveRect->setRangeDrag(Qt::Horizontal);
    m_curveRect->setRangeZoom(Qt::Horizontal);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    // One sampled row per pixel row of the map (after the fit: the final size), and at least
    // the first and the last position: a colour map has two rows at least, spanning them. At
    // most one column per pixel column, each the mean of the dimensions under it.
    connect(p, &QCustomPlot::afterLayout, this, [this] {
        const QSize pixels = pixelsToRequest(m_heatRect->rect());
        this->document()->setPixels(views::precision, QSize(pixels.width(), std::max(pixels.height(), 2)));
    });
    connect(p, &QCustomPlot::mouseMove, this, &PrecisionView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &PrecisionView::onMouseRelease);
    applyScale();
}

QString PrecisionView::sinusoidExplanation()
{
    return tr("<b>Precision.</b> How far the encoding is from its exact value when a model "
              "holds it in float32, bfloat16 or float16. Stored (dashed): computed in float64, "
              "then rounded — half a step of the format, whatever the position. Computed end to "
              "end (solid): the angle p·ω itself is rounded, so the error grows with the position: "
              "float32 reaches ~1e−3 near 10^4 and ~0.1 near 10^6; bfloat16 and float16 lose whole "
              "turns. Raise max_len to 1,000,000 to see the growth.");
}

QString PrecisionView::tableExplanation()
{
    return tr("<b>Precision of a loaded table.</b> What storing the table you opened in float32, bfloat16 or "
              "float16 would change: each value rounded to the format, |rounded − value|. The error is about "
              "half a step of the format at the value's size, so it follows the values, not the position. A "
              "table already stored in a format has no error in it (a float32 file in float32). Each row of "
              "the map is the exact mean over the rows it stands for; below, the largest error over the "
              "columns at log-spaced rows.");
}

void PrecisionView::describeTable(const Frame& f)
{
    const PrecisionPart& p = precisionOf(f);
    const QString name = f.table->table->displayName();
    if (const QString problem = f.tableValuesProblem(); !problem.isEmpty()) {
        m_titleText = tr("Error of storing %1 in lower precision").arg(name) + QLatin1Char('\n') + problem;
        m_heatCaptions = {QString()};
        m_curveCaptions = {QString()};
        return;
    }
    m_titleText = tr("Error of storing %1 in lower precision\n%2").arg(name, f.table->table->shapeText());
    const QString kind = formatText(f.state.format);
    const std::int64_t rows = f.positionCount(), bins = p.rows.size();
    const QString binning = bins < rows ? tr("each map row the exact mean of %1 rows").arg(shortNumber(double(rows) / double(bins), 3))
                                        : tr("every row");
    m_heatCaptions = {tr("|value in %1 − value| · %2").arg(kind, binning), tr("|value in %1 − value|").arg(kind), kind};
    m_curveCaptions = {p.errorRows.size() < rows
                           ? tr("largest storage error over the columns at %1 log-spaced rows").arg(p.errorRows.size())
                           : tr("largest storage error over the columns at every row"),
                       tr("largest storage error"), tr("stored")};
}

void PrecisionView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_scale->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
    m_scale->axis()->setLabelFont(plot()->xAxis->labelFont());
    m_scale->setBarWidth(static_cast<int>(14 * scale()));
}

void PrecisionView::redraw(const Frame& f)
{
    if (!precisionPart(f))
        return;
    const PrecisionPart& p = *precisionPart(f);
    if (!m_drawn || f.table != m_drawnTable) { // text only when it changes
        setExplanation(f.table ? tableExplanation() : sinusoidExplanation());
        plot()->yAxis->setLabel(f.table ? tr("Row") : tr("Position"));
        m_curveRect->axis(QCPAxis::atBottom)->setLabel(f.table ? tr("Row") : tr("Position"));
        // A table has stored curves only: they take the legend (one entry per format, as the
        // computed curves have for the sinusoid).
        const QVector<ErrorCurveKind> kinds = errorCurveKinds();
        for (int i = 0; i < m_curves.size(); ++i) {
            const bool stored = kinds[i].mode == core::PrecisionMode::Stored;
            m_curves[i]->setVisible(!f.table || stored);
            const bool named = f.table ? stored : (!stored || kinds[i].format == core::NumberFormat::Float64);
            if (named)
                m_curves[i]->addToLegend();
            else
                m_curves[i]->removeFromLegend();
        }
    }
    if (!m_drawn || f.table != m_drawnTable || (!f.table && !(f.spec == m_drawnSpec))) {
        m_drawn = true;
        m_drawnSpec = f.spec;
        m_drawnTable = f.table;
        const double first = static_cast<double>(f.firstPosition()), rows = static_cast<double>(f.positionCount());
        plot()->xAxis->setRange(-0.5, static_cast<double>(f.matrixColumnCount()) - 0.5);
        plot()->yAxis->setRange(first - 0.5, first + rows - 0.5);
        const double lowest = std::max(1.0, first), highest = std::max(first + rows - 1, 10 * lowest);
        m_curveRect->axis(QCPAxis::atBottom)->setRange(lowest / 1.2, highest * 1.2);
    }
    m_formatBox->setCurrentIndex(m_formatBox->findData(int(f.state.format)));
    m_modeBox->setCurrentIndex(m_modeBox->findData(int(f.state.precisionMode)));
    // A table's values are only stored: computing them in a format has no meaning for it.
    m_modeBox->setEnabled(f.state.format != core::NumberFormat::Float64 && !f.table);
    drawHeat(f);
    drawCurves(f);
    if (f.table) {
        describeTable(f);
        m_heatRect->axis(QCPAxis::atTop)->setLabel(m_heatCaptions.front());
        m_curveRect->axis(QCPAxis::atTop)->setLabel(m_curveCaptions.front());
        m_title->setText(m_titleText);
        plot()->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const bool sampled = p.rows.size() < f.spec.maxLen;
    m_titleText = tr("Error of lower precision\nd_model %1 · max_len %2 · base %3")
                      .arg(f.spec.dModel).arg(f.spec.maxLen).arg(shortNumber(f.spec.base, 6));
    const QString rows = sampled ? tr("%1 of %2 positions, evenly sampled").arg(p.rows.size()).arg(f.spec.maxLen)
                                 : tr("every position");
    for (QString& caption : m_heatCaptions)
        caption = tr("%1 · %2").arg(caption, rows);
    m_heatCaptions.append(formatText(f.state.format));
    m_heatRect->axis(QCPAxis::atTop)->setLabel(m_heatCaptions.front());
    m_curveCaptions = {p.errorRows.size() < f.spec.maxLen
                           ? tr("largest error over the columns at %1 log-spaced positions · solid: computed, dashed: stored")
                                 .arg(p.errorRows.size())
                           : tr("largest error over the columns at every position · solid: computed, dashed: stored"),
                       tr("solid: computed · dashed: stored"), tr("— computed  - - stored")};
    m_curveRect->axis(QCPAxis::atTop)->setLabel(m_curveCaptions.front());
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void PrecisionView::drawHeat(const Frame& f)
{
    const PrecisionPart& p = precisionOf(f);
    const auto rows = static_cast<int>(p.shown.rows());
    const auto columns = static_cast<int>(p.shown.cols());
    m_map->setVisible(rows > 0 && columns > 0);
    if (rows == 0 || columns == 0)
        return;
    // Each shown column the mean over d / columns dimensions: centred on the middle of its span.
    const double width = static_cast<double>(p.heat.cols()) / columns;
    const double firstKey = width / 2 - 0.5;
    const QCPRange keys(firstKey, columns > 1 ? static_cast<double>(p.heat.cols()) - width / 2 - 0.5 : firstKey + width);
    const double first = static_cast<double>(f.firstPosition() + p.rows.front());
    const double last = rows > 1 ? static_cast<double>(f.firstPosition() + p.rows.back()) : first + 1;
    m_map->cells()->share(p.shown.shared(), keys, QCPRange(first, last));
    // Beyond the screen's resolution the axis says how many dimensions each pixel averages (a
    // printed figure's pixels are not the screen's: there it names what it shows, no more).
    const QString dimensions = f.table ? tr("Column") : tr("Dimension");
    const QString x = columns == p.heat.cols() || isPaper() ? dimensions
                                                            : tr("%1 (%2 per pixel)").arg(dimensions, shortNumber(width, 3));
    if (plot()->xAxis->label() != x)
        plot()->xAxis->setLabel(x);
    m_map->setGradient(colormapGradient(sequentialColormap(f.state.colormap)));
    m_map->setDataRange(QCPRange(1e-16, 1));
    const QString kind = f.state.format == core::NumberFormat::Float64
        ? tr("float64, the naive double code")
        : tr("%1, %2").arg(formatText(f.state.format), modeText(f.state.precisionMode));
    m_heatCaptions = {tr("|PE in %1 − PE|").arg(kind), kind};
    m_heatRect->axis(QCPAxis::atTop)->setLabel(m_heatCaptions.front());
    placeHorizontal(m_rowLine, static_cast<double>(f.firstPosition() + f.selectedRow()));
    m_rowLine->setPen(QPen(QColor(255, 255, 255, 220), penWidth(1.2), Qt::DashLine));
    m_rowLine->setVisible(!m_forExport);
}

void PrecisionView::drawCurves(const Frame& f)
{
    const PrecisionPart& p = precisionOf(f);
    const QVector<ErrorCurveKind> kinds = errorCurveKinds();
    QVector<double> x;
    for (std::int64_t row : p.errorRows)
        x.append(static_cast<double>(f.firstPosition() + row));
    for (int i = 0; i < m_curves.size() && i < p.errorCurves.size(); ++i) {
        QVector<double> y = p.errorCurves[i];
        for (int j = 0; j < y.size(); ++j) {
            if (y[j] <= 0 || x[j] <= 0) // a log axis has no place for 0: a gap
                y[j] = std::numeric_limits<double>::quiet_NaN();
            else if (!std::isfinite(y[j]))
                y[j] = overflowLevel; // no value at all (float16 beyond 65504): drawn at the top
        }
        m_curves[i]->setData(x, y, true);
        const bool chosen = kinds[i].format == f.state.format
            && (kinds[i].format == core::NumberFormat::Float64 || kinds[i].mode == f.state.precisionMode);
        const QColor colour = kinds[i].format == core::NumberFormat::Float64 ? QColor(120, 120, 120) : seriesColor(formatIndex(kinds[i].format) / 2);
        QPen pen(colour, penWidth(chosen ? 2.6 : 1.4), kinds[i].mode == core::PrecisionMode::Stored ? Qt::DashLine : Qt::SolidLine);
        m_curves[i]->setPen(pen);
        m_curves[i]->setScatterStyle(x.size() <= 20 ? QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 4 * scale())
                                                    : QCPScatterStyle());
    }
    const std::int64_t position = f.firstPosition() + f.selectedRow();
    placeVertical(m_positionLine, static_cast<double>(position));
    m_positionLine->setPen(QPen(QColor(90, 90, 90), penWidth(1.0), Qt::DotLine));
    m_positionLine->setVisible(position > 0);
}

void PrecisionView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    PlotView::prepareForExport(fontPixels);
}

bool PrecisionView::fitToSize()
{
    QCustomPlot* p = plot();
    bool changed = fitViewTitle(m_title, m_titleText);
    changed = m_panels->fit(!isPaper()) || changed; // a figure keeps the map over the curves
    changed = setLegendColumns(p->legend, legendColumnsFitting(p->legend, legendRowWidth(p->legend), 4)) || changed;
    changed = fitAxisLabel(m_heatRect->axis(QCPAxis::atTop), m_heatCaptions) || changed;
    changed = fitAxisLabel(m_curveRect->axis(QCPAxis::atTop), m_curveCaptions) || changed;
    changed = fitAxisLabel(m_curveRect->axis(QCPAxis::atLeft), {tr("Max |error|"), tr("error")}) || changed;
    for (QCPAxis* axis : {p->xAxis, p->yAxis})
        changed = fitTickCount(axis) || changed;
    changed = fitLogTickCount(m_scale->axis(), 5) || changed;
    changed = fitLogTickCount(m_curveRect->axis(QCPAxis::atLeft), 5) || changed;
    changed = fitLogTickCount(m_curveRect->axis(QCPAxis::atBottom), 7) || changed;
    return changed;
}

QString PrecisionView::cellDescription(std::int64_t row, int column) const
{
    const FramePtr& f = document()->frame();
    if (!f)
        return {};
    const PrecisionPart& p = precisionOf(*f);
    if (p.rows.isEmpty() || column < 0 || column >= p.heat.cols())
        return {};
    QVector<double> rows;
    for (std::int64_t r : p.rows)
        rows.append(static_cast<double>(r));
    const int index = nearestIndex(rows, static_cast<double>(row));
    const std::int64_t shown = p.rows[index];
    if (f->table)
        return tr("row %1, column %2: |error| = %3 (%4, stored)%5")
            .arg(shown).arg(column).arg(errorText(p.heat(index, column))).arg(formatText(f->state.format))
            .arg(p.rows.size() < f->positionCount() ? tr(" · the mean of the rows this map row stands for") : QString());
    return tr("position %1, column %2: |error| = %3 (%4, %5)%6")
        .arg(f->spec.firstPosition + shown).arg(column).arg(errorText(p.heat(index, column)))
        .arg(formatText(f->state.format), modeText(f->state.precisionMode))
        .arg(p.rows.size() < f->spec.maxLen ? tr(" · nearest sampled position") : QString());
}

QString PrecisionView::positionDescription(std::int64_t row) const
{
    const FramePtr& f = document()->frame();
    if (!f)
        return {};
    const PrecisionPart& p = precisionOf(*f);
    if (p.errorRows.isEmpty())
        return {};
    QVector<double> rows;
    for (std::int64_t r : p.errorRows)
        rows.append(static_cast<double>(r));
    const int index = nearestIndex(rows, static_cast<double>(row));
    const QVector<ErrorCurveKind> kinds = errorCurveKinds();
    QStringList parts;
    for (int i = 0; i < kinds.size() && i < p.errorCurves.size(); ++i)
        if (!f->table || kinds[i].mode == core::PrecisionMode::Stored) // a table has stored curves only
            parts << tr("%1 %2").arg(errorCurveName(kinds[i]), errorText(p.errorCurves[i][index]));
    return (f->table ? tr("row %1, largest error: %2") : tr("position %1, largest error: %2"))
        .arg(f->firstPosition() + p.errorRows[index]).arg(parts.join(QStringLiteral(" · ")));
}

void PrecisionView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    QCPAxisRect* rect = f ? axisRectAt(plot(), event->position()) : nullptr;
    if (rect == m_heatRect)
        setReadout(cellDescription(rowAtPixel(plot()->yAxis, event->position().y(), f->firstPosition(), f->positionCount()),
                                   static_cast<int>(std::lround(plot()->xAxis->pixelToCoord(event->position().x())))));
    else if (rect == m_curveRect)
        setReadout(positionDescription(rowAtPixel(m_curveRect->axis(QCPAxis::atBottom), event->position().x(), f->firstPosition(), f->positionCount())));
    else
        setReadout(QString());
}

void PrecisionView::onMouseRelease(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    if (!f || !m_click.isClick(event))
        return;
    QCPAxisRect* rect = axisRectAt(plot(), event->position());
    if (rect == m_heatRect) {
        const auto column = static_cast<int>(std::lround(plot()->xAxis->pixelToCoord(event->position().x())));
        const std::int64_t row = rowAtPixel(plot()->yAxis, event->position().y(), f->firstPosition(), f->positionCount());
        if (column >= 0 && column < precisionOf(*f).heat.cols())
            document()->selectCell(row, column);
    } else if (rect == m_curveRect) {
        document()->selectPosition(rowAtPixel(m_curveRect->axis(QCPAxis::atBottom), event->position().x(), f->firstPosition(), f->positionCount()));
    }
}

/// The precision view's own part of its catalogue entry (cmake/views.cmake).
void precisionViewEntry(ViewDescription& entry)
{
    drawnBy<PrecisionView>(entry, buildPrecisionPart, precisionPartData,
                           PartInput::Spec | PartInput::Pixels | PartInput::Table | PartInput::Format |
                           PartInput::PrecisionMode);
}

} // namespace pe::ui
