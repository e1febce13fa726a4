// SPDX-License-Identifier: MIT
#include "ui/views/heatmapview.h"
#include "ui/views/viewfactory.h"

#include "core/frequencies.h"
#include "ui/document/heatmappart.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/colormaps.h"
#include "ui/document/document.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/fitting.h"
#include "ui/views/zoomsettle.h"

#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

namespace {

QString number(double value, int digits = 6) { return QString::number(value, 'g', digits); }
/// Cells per pixel, short: 2752, 7.49, 1.43.
QString cellCount(double value) { return value >= 100 ? QString::number(std::llround(value)) : QString::number(value, 'g', 3); }

} // namespace

HeatmapView::HeatmapView(Document* document, QWidget* parent)
    : PlotView(document, views::heatmap, parent)
{
    setExplanation(sinusoidExplanation());
    QCustomPlot* p = plot();
    p->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(p, QString(), QFont(font().family(), 11, QFont::Bold));
    p->plotLayout()->addElement(0, 0, m_title);
    // Narrow docks and presentation fonts: the title breaks between its parts instead of
    // running off both edges.
    fitAfterLayout(p, this, [this] { return fitViewTitle(m_title, m_titleText); });
    connect(p, &QCustomPlot::afterLayout, this, &HeatmapView::reportPixels); // after the fit: the final size

    m_map = new CellColorMap(p->xAxis, p->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(p);
    p->plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_map->setColorScale(m_scale);
    m_scale->axis()->setLabel(tr("PE value"));
    auto* margins = new QCPMarginGroup(p);
    p->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);

    p->xAxis->setLabel(tr("Embedding dimension"));
    p->yAxis->setLabel(tr("Position"));
    p->yAxis->setRangeReversed(true);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_positionLine = new QCPItemStraightLine(p);
    m_dimensionLine = new QCPItemStraightLine(p);
    for (auto* line : {m_positionLine, m_dimensionLine})
        line->setPen(QPen(QColor(255, 255, 255, 200), 1.0, Qt::DashLine));

    connect(p, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, &HeatmapView::onMousePress);
    connect(p, &QCustomPlot::mouseRelease, this, &HeatmapView::onMouseRelease);
    m_zoomSettle = new ZoomSettle(document, [this] { return axesShowDocument(); }, [this] { onRangeChanged(); }, this);
    for (QCPAxis* axis : {p->xAxis, p->yAxis})
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
            if (!m_settingRange)
                m_zoomSettle->restart();
        });
    applyScale();
}

void HeatmapView::applyScale()
{
    PlotView::applyScale();
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(11.0 * scale());
    m_title->setFont(titleFont);
    QFont tick = plot()->xAxis->tickLabelFont();
    m_scale->axis()->setTickLabelFont(tick);
    m_scale->axis()->setLabelFont(plot()->xAxis->labelFont());
    m_scale->setBarWidth(static_cast<int>(14 * scale()));
}

namespace {

/// The coordinates of the first and last bins' centres on an axis whose cell c is centred on
/// c + shift. A one-bin axis has no extent of its own; the map doubles it and the range spans two bins.
QCPRange binCentres(const HeatAxis& axis, double shift)
{
    const double width = axis.cellsPerBin();
    const double first = axis.lower + width / 2 - 0.5 + shift;
    return QCPRange(first, axis.bins > 1 ? axis.upper - width / 2 - 0.5 + shift : first + width);
}

/// Row c of the heatmap's matrix is centred on c + this: the first position for the sinusoid,
/// 0 for a loaded table (its rows are the model's positions 0, 1, …).
double firstRowCoordinate(const Frame& f) { return f.table ? 0.0 : double(f.spec.firstPosition); }

} // namespace


void HeatmapView::labelAxes(const Frame& f)
{
    // Beyond the screen's resolution the axes say how many cells each pixel averages.
    const QString rows = cellCount(heatOf(f).rows.cellsPerBin()), columns = cellCount(heatOf(f).columns.cellsPerBin());
    if (f.table) { // a table's columns are whatever the model learned, not sines and cosines
        // A printed figure's pixels are not the screen's: its axes name what they show, no more.
        const QString y = heatOf(f).rows.exact() || isPaper() ? tr("Row (position)")
                        : f.table->preview ? tr("Row (position; 1 row sampled of %1 per pixel)").arg(rows)
                                           : tr("Row (position; %1 per pixel)").arg(rows);
        const QString x = heatOf(f).columns.exact() || isPaper() ? tr("Column (dimension)")
                                                             : tr("Column (dimension; %1 per pixel)").arg(columns);
        if (plot()->yAxis->label() != y)
            plot()->yAxis->setLabel(y);
        if (plot()->xAxis->label() != x)
            plot()->xAxis->setLabel(x);
        return;
    }
    const QString y = heatOf(f).rows.exact() || isPaper() ? tr("Position")
                                                      : tr("Position (%1 per pixel; zoom in for cells)").arg(rows);
    const QString x = heatOf(f).columns.exact() || isPaper() ? tr("Embedding dimension")
                                                         : tr("Embedding dimension (%1 per pixel)").arg(columns);
    if (plot()->yAxis->label() != y)
        plot()->yAxis->setLabel(y);
    if (plot()->xAxis->label() != x)
        plot()->xAxis->setLabel(x);
}

QString HeatmapView::sinusoidExplanation()
{
    return tr("<b>Encoding heatmap.</b> Each row is the vector added to the word at that "
              "position; each column is one dimension. Even columns hold a sine, odd ones a "
              "cosine, and each pair of columns turns slower than the one before it — so "
              "the left side changes fast from row to row and the right side hardly at all. "
              "Hover for the formula with its numbers; click to select.");
}

QString HeatmapView::tableExplanation()
{
    return tr("<b>Loaded position table.</b> Each row is the vector a model learned for that position; "
              "each column is one dimension. Columns that change smoothly down the rows are waves the "
              "model found, like the sinusoid's bands. Hover for a cell's value; File ▸ Close encoding "
              "returns to the sinusoid.");
}

QString HeatmapView::tableTitle(const Frame& f) const
{
    const EncodingTable& table = *f.table->table;
    const TableStats& stats = f.table->stats;
    const QString scale = f.state.tableDataRange ? tr("colour %1 to %2 (data range)").arg(number(stats.min, 4), number(stats.max, 4))
                                                 : tr("colour ±%1 (symmetric)").arg(number(stats.maxAbs, 4));
    QString title = f.table->preview
        ? tr("Loaded table: preview while the pass over its values runs\n%1\n%2 · %3 of %4 sampled rows · exact averages when it is done")
              .arg(table.displayName(), table.shapeText(), scale, QString::number(f.table->sampledRows))
        : tr("Loaded table\n%1\n%2 · %3").arg(table.displayName(), table.shapeText(), scale);
    if (stats.nonFinite > 0)
        title += tr(" · %1 non-finite values (transparent)").arg(stats.nonFinite);
    if (!heatOf(f).tableProblem.isEmpty())
        title += QLatin1Char('\n') + heatOf(f).tableProblem;
    return title;
}

namespace {

QCPRange tableColourRange(const Frame& f)
{
    const TableStats& stats = f.table->stats;
    QCPRange range = f.state.tableDataRange ? QCPRange(stats.min, stats.max) : QCPRange(-stats.maxAbs, stats.maxAbs);
    if (!(range.size() > 0)) // a constant table: one colour, centred
        range = QCPRange(range.lower - 1, range.upper + 1);
    return range;
}

} // namespace

void HeatmapView::redraw(const Frame& f)
{
    const auto columns = static_cast<double>(f.matrixColumnCount());
    const double firstRow = firstRowCoordinate(f);
    m_map->cells()->share(heatOf(f).heat.shared(), binCentres(heatOf(f).columns, 0), binCentres(heatOf(f).rows, firstRow));
    m_map->setGradient(colormapGradient(f.state.colormap));
    m_map->setDataRange(f.table ? tableColourRange(f) : QCPRange(-1.0, 1.0));
    m_scale->axis()->setLabel(f.table ? tr("value") : tr("PE value"));

    // A new matrix (spec, or table opened or closed) is shown whole.
    // A table stays what it is whatever the spec does, and the table a preview's pass gave is
    // the same matrix: where the preview was zoomed to stays.
    const bool sameTable = m_drawnTable && f.table && m_drawnTable->table == f.table->table;
    const bool newSource = !m_drawnSpec || (f.table ? !sameTable : m_drawnTable || !(f.spec == *m_drawnSpec));
    const bool zoomedOut = !(f.zooms.of(views::heatmap).yUpper > f.zooms.of(views::heatmap).yLower);
    if (!m_drawnSpec || bool(m_drawnTable) != bool(f.table)) // text only when it changes
        setExplanation(f.table ? tableExplanation() : sinusoidExplanation());
    m_drawnTable = f.table;
    if (newSource || zoomedOut) {
        m_drawnSpec = f.spec;
        m_settingRange = true;
        if (newSource || !plot()->yAxis->range().contains(firstRow)) {
            plot()->xAxis->setRange(-0.5, columns - 0.5);
            plot()->yAxis->setRange(firstRow - 0.5, firstRow + double(f.matrixRowCount()) - 0.5);
        }
        m_settingRange = false;
    }
    m_titleText = f.table ? tableTitle(f)
                          : tr("Positional encoding\nd_model %1 · max_len %2 · base %3\n%4 · %5")
                                .arg(f.spec.dModel).arg(f.spec.maxLen).arg(number(f.spec.base))
                                .arg(layoutText(f.spec.layout), frequencyRuleText(f.spec.frequencies));
    labelAxes(f);
    m_title->setText(m_titleText);
    updateOverlays(f);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::updateOverlays(const Frame& f)
{
    const double position = f.spec.firstPosition + f.state.position;
    m_positionLine->point1->setCoords(0, position);
    m_positionLine->point2->setCoords(1, position);
    m_dimensionLine->point1->setCoords(f.state.dimension, 0);
    m_dimensionLine->point2->setCoords(f.state.dimension, 1);
    for (auto* line : {m_positionLine, m_dimensionLine})
        line->setPen(QPen(QColor(255, 255, 255, 220), penWidth(1.2), Qt::DashLine));

    for (QCPItemRect* rect : m_bandRects)
        plot()->removeItem(rect);
    m_bandRects.clear();
    // The selection belongs to the sinusoid: a loaded table shows none of it.
    m_positionLine->setVisible(!f.table && !isPaper()); // a paper figure never shows them (prepareForExport)
    m_dimensionLine->setVisible(!f.table && !isPaper());
    if (f.table || f.state.bandFirst < 0 || !showsSelectionMarks())
        return;
    // A band of pairs covers one run of columns when interleaved, two (sines, cosines) when split.
    QList<std::pair<int, int>> runs;
    const int first = f.state.bandFirst, last = f.state.bandLast;
    if (f.spec.layout == core::Layout::Interleaved) {
        runs.append({core::sinColumn(f.spec, first), std::min(2 * last + 1, f.spec.dModel - 1)});
    } else {
        runs.append({core::sinColumn(f.spec, first), core::sinColumn(f.spec, last)});
        const int lastCos = core::cosColumn(f.spec, last) >= 0 ? core::cosColumn(f.spec, last)
                                                                : core::cosColumn(f.spec, last - 1);
        if (core::cosColumn(f.spec, first) >= 0 && lastCos >= 0)
            runs.append({core::cosColumn(f.spec, first), lastCos});
    }
    for (const auto& [from, to] : runs) {
        auto* rect = new QCPItemRect(plot());
        rect->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(from - 0.5, 0);
        rect->bottomRight->setCoords(to + 0.5, 1);
        rect->setPen(QPen(QColor(255, 80, 80), penWidth(2.0)));
        rect->setBrush(QColor(255, 255, 255, 40));
        m_bandRects.append(rect);
    }
}

void HeatmapView::prepareForExport(double fontPixels)
{
    PlotView::prepareForExport(fontPixels);
    // A paper figure shows the encoding, not the window's selection.
    m_positionLine->setVisible(false);
    m_dimensionLine->setVisible(false);
    redrawCurrent(); // the title without the window's hints
}

std::pair<std::int64_t, int> HeatmapView::cellAt(const QPointF& pixel) const
{
    const FramePtr& f = document()->frame();
    if (!f || !plot()->axisRect()->rect().contains(pixel.toPoint()))
        return {-1, -1};
    const double x = plot()->xAxis->pixelToCoord(pixel.x());
    const double y = plot()->yAxis->pixelToCoord(pixel.y());
    const auto column = static_cast<int>(std::lround(x));
    const auto row = static_cast<std::int64_t>(std::llround(y - firstRowCoordinate(*f)));
    if (column < 0 || column >= f->matrixColumnCount() || row < 0 || row >= f->matrixRowCount())
        return {-1, -1};
    return {row, column};
}

namespace {

/// A loaded table's cell under the pointer: its value where a pixel is a cell, else the cells the
/// pixel covers and the value it shows (their mean, or a sampled row's during the pass).
QString tableCellDescription(const HeatPart& part, std::int64_t row, int column)
{
    const std::optional<HeatPart::Pixel> pixel = part.pixelAt(row, column);
    if (!pixel)
        return HeatmapView::tr("row %1 · column %2").arg(row).arg(column);
    const QString value = QString::number(pixel->value, 'g', 7);
    if (pixel->single())
        return HeatmapView::tr("row %1 · column %2 · value %3").arg(row).arg(column).arg(value);
    const QString rows = pixel->firstRow == pixel->lastRow ? HeatmapView::tr("row %1").arg(pixel->firstRow)
        : HeatmapView::tr("rows %1–%2").arg(pixel->firstRow).arg(pixel->lastRow);
    const QString columns = pixel->firstColumn == pixel->lastColumn ? HeatmapView::tr("column %1").arg(pixel->firstColumn)
        : HeatmapView::tr("columns %1–%2").arg(pixel->firstColumn).arg(pixel->lastColumn);
    const bool sampled = part.table && part.table->preview && !part.rows.exact();
    return sampled ? HeatmapView::tr("%1 · %2 · value %3 (a sampled row until the pass over the values is done)").arg(rows, columns, value)
                   : HeatmapView::tr("%1 · %2 · value %3 (the mean of the cells under this pixel)").arg(rows, columns, value);
}

} // namespace

QString HeatmapView::cellDescription(std::int64_t row, int column) const
{
    const FramePtr& f = document()->frame();
    if (!f || row < 0 || row >= f->matrixRowCount() || column < 0 || column >= f->matrixColumnCount())
        return {};
    const HeatPart* part = heatPart(*f);
    if (!part)
        return {};
    if (f->table) // what the pixel shows, from the part: no file is read on this thread
        return part->tableProblem.isEmpty() ? tableCellDescription(*part, row, column) : part->tableProblem;
    const core::EncodingSpec& spec = part->spec;
    const std::int64_t position = spec.firstPosition + row;
    const core::CellFormula cell = part->formulaAt(row, column); // as the formula panel says it
    if (cell.role.isZero)
        return tr("position %1 · dimension %2 · the zero column that ends tensor2tensor's odd d_model · PE(%1, %2) = %3")
            .arg(position).arg(column).arg(QString::number(0.0, 'f', 6));
    const QString fn = cell.role.isSin ? QStringLiteral("sin") : QStringLiteral("cos");
    const QString exponent = QStringLiteral("%1/%2").arg(cell.exponentNumerator).arg(cell.exponentDenominator);
    return tr("position %1 · dimension %2 (pair %3, %4) · wavelength %5 · value %6\n"
              "PE(%1, %2) = %4(%1 / %7^(%8)) = %4(%1 × %9) = %4(%10) = %6")
        .arg(position).arg(column).arg(cell.role.pair).arg(fn)
        .arg(number(cell.wavelength)).arg(QString::number(cell.value, 'f', 6))
        .arg(number(spec.base)).arg(exponent).arg(number(cell.omega))
        .arg(number(cell.angle));
}

QString HeatmapView::chartDetails() const
{
    const ViewState& state = document()->state();
    const QString cell = cellDescription(state.position, state.dimension);
    return cell.isEmpty() ? QString() : tr("selected: %1").arg(cell);
}

std::optional<double> HeatmapView::chartValue() const
{
    const FramePtr& f = document()->frame();
    const ViewState& state = document()->state();
    const HeatPart* part = f ? heatPart(*f) : nullptr;
    if (!part || f->table || state.position < 0 || state.position >= f->matrixRowCount() || state.dimension < 0
        || state.dimension >= f->matrixColumnCount())
        return std::nullopt; // a table's cell is read off the GUI thread: its description says it
    return part->formulaAt(state.position, state.dimension).value;
}

void HeatmapView::onMouseMove(QMouseEvent* event)
{
    const auto [row, column] = cellAt(event->position());
    setReadout(row < 0 ? QString() : cellDescription(row, column));
}

void HeatmapView::onMousePress(QMouseEvent* event)
{
    m_pressPosition = event->position();
}

void HeatmapView::onMouseRelease(QMouseEvent* event)
{
    // A release far from the press ends a pan, not a click.
    if (event->button() != Qt::LeftButton || (event->position() - m_pressPosition).manhattanLength() > 4)
        return;
    const auto [row, column] = cellAt(event->position());
    if (row >= 0 && !document()->table()) // a table's cells are not the sinusoid's selection
        document()->selectCell(row, column);
}

bool HeatmapView::axesShowDocument() const
{
    if (!m_drawnSpec)
        return false;
    // A table is shown whatever the spec; the table a preview's pass gave is the same matrix.
    if (const LoadedTablePtr& table = document()->table())
        return m_drawnTable && m_drawnTable->table == table->table;
    return !m_drawnTable && *m_drawnSpec == document()->spec();
}

void HeatmapView::onRangeChanged()
{
    // Cell c is centred on coordinate c (rows: first position + c) and covers [c − ½, c + ½):
    // the first position of the matrix the axes were drawn for (ZoomSettle: the document's).
    const QCPRange rows = plot()->yAxis->range(), columns = plot()->xAxis->range();
    const double shift = 0.5 - (m_drawnTable ? 0.0 : double(m_drawnSpec->firstPosition));
    document()->setZoom(views::heatmap, {columns.lower + 0.5, columns.upper + 0.5, rows.lower + shift, rows.upper + shift});
}

void HeatmapView::reportPixels()
{
    const QSize pixels = pixelsToRequest(plot()->axisRect()->rect());
    document()->setPixels(views::heatmap, pixels);
}

/// The heatmap view's own part of its catalogue entry (cmake/views.cmake).
void heatmapViewEntry(ViewDescription& entry)
{
    drawnBy<HeatmapView>(entry, buildHeatPart, heatPartData,
                         PartInput::Spec | PartInput::Table | PartInput::Pixels | PartInput::Zoom);
    entry.buildPartFirst = true;
}

} // namespace pe::ui
