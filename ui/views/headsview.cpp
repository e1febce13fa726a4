// SPDX-License-Identifier: MIT
#include "ui/views/headsview.h"
#include "ui/views/viewfactory.h"

#include "core/encoding.h"
#include "ui/document/document.h"
#include "ui/document/headspart.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/colormaps.h"
#include "ui/widgets/accessiblenames.h"
#include "ui/widgets/flowlayout.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace pe::ui {

namespace {

HeadsOptions headsOptions(const ViewState& state) { return headsOptionsFrom(state.optionsOf(views::heads)); }

void setUpMapAxes(QCPAxisRect* rect, const QString& x, const QString& y)
{
    setUpImageAxes(rect);
    rect->axis(QCPAxis::atBottom)->setLabel(x);
    rect->axis(QCPAxis::atLeft)->setLabel(y);
}

/// Centres of `bins` equal bins over the cells 0 … n−1 (a bin's centre, as the heatmap's).
QCPRange binCentres(std::int64_t n, std::int64_t bins)
{
    const double width = double(n) / double(std::max<std::int64_t>(bins, 1));
    return QCPRange(-0.5 + width / 2, double(n) - 0.5 - width / 2);
}

} // namespace

HeadsView::HeadsView(Document* document, QWidget* parent)
    : PlotView(document, views::heads, parent)
{
    setExplanation(tr("<b>Attention heads of a checkpoint.</b> What a trained model does with positions, from its "
                      "own weights (File ▸ Open checkpoint…). For GPT-2 and BERT each tile is one head of the first "
                      "layer: how much each position (row) attends to each earlier position (column) when only the "
                      "position vectors go in. A bright line just below the diagonal is a previous-token head; a "
                      "bright first column, a sink on the first token. For the Llama family position enters only "
                      "by the rotation: each tile is what a head's mean query and mean key score at each pair of "
                      "positions, and the map bottom right shows which frequency pairs each head uses. Click a "
                      "tile to see that head large."));
    auto* box = static_cast<QVBoxLayout*>(layout());
    box->insertWidget(1, createControls());
    syncControls();
    connect(document, &Document::changed, this, [this](Changes what) {
        if (what & Change::ViewOptions)
            syncControls();
    });

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_headRect = p->axisRect();
    setUpMapAxes(m_headRect, tr("Key position j"), tr("Query position i"));
    m_headMap = addCellColorMap(m_headRect);
    m_headScale = new QCPColorScale(p);
    m_headScale->setType(QCPAxis::atRight);
    m_headMap->setColorScale(m_headScale);
    m_tilesRect = new QCPAxisRect(p);
    setUpMapAxes(m_tilesRect, QString(), QString());
    m_tilesRect->axis(QCPAxis::atBottom)->setTicks(false);
    m_tilesRect->axis(QCPAxis::atLeft)->setTicks(false);
    m_tiles = addCellColorMap(m_tilesRect);
    m_kernelRect = new QCPAxisRect(p);
    m_kernelRect->axis(QCPAxis::atBottom)->setLabel(tr("Offset i − j"));
    m_kernelRect->axis(QCPAxis::atLeft)->setLabel(tr("Mean score"));
    useTopAxisAsCaption(m_kernelRect);
    m_amplitudeRect = new QCPAxisRect(p);
    setUpMapAxes(m_amplitudeRect, tr("Pair k"), tr("Head"));
    m_amplitudes = addCellColorMap(m_amplitudeRect);
    // Top: the chosen head with its scale, the tiles. Bottom: the kernel, and for the Llama
    // family the amplitudes beside it (taken out of the row for the others, so the kernel
    // gets the width).
    auto* top = new QCPLayoutGrid;
    m_bottom = new QCPLayoutGrid;
    p->plotLayout()->take(m_headRect); // the plot's own axis rect goes into the grid below
    p->plotLayout()->addElement(1, 0, top);
    p->plotLayout()->addElement(2, 0, m_bottom);
    p->plotLayout()->setRowStretchFactor(1, 1.6);
    p->plotLayout()->setRowStretchFactor(2, 1.0);
    top->addElement(0, 0, m_headRect);
    top->addElement(0, 1, m_headScale);
    top->addElement(0, 2, m_tilesRect);
    top->setColumnStretchFactor(0, 1.0);
    top->setColumnStretchFactor(1, 0.01);
    top->setColumnStretchFactor(2, 1.0);
    m_bottom->addElement(0, 0, m_kernelRect);
    m_amplitudeRect->setVisible(false);
    p->legend->setVisible(false);

    // The title wraps to the plot's width, known after each layout.
    fitAfterLayout(p, this, [this] {
        bool changed = fitViewTitle(m_title, m_titleText);
        const std::pair<QCPAxisRect*, QStringList*> captions[] = {
            {m_headRect, &m_headCaptions}, {m_tilesRect, &m_tilesCaptions}, {m_kernelRect, &m_kernelCaptions}, {m_amplitudeRect, &m_amplitudeCaptions}};
        for (const auto& [rect, variants] : captions)
            if (!variants->isEmpty())
                changed = fitAxisLabel(rect->axis(QCPAxis::atTop), *variants) || changed;
        return changed;
    });
    connect(p, &QCustomPlot::afterLayout, this, &HeadsView::reportPixels);
    connect(p, &QCustomPlot::mouseMove, this, &HeadsView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &HeadsView::onMouseRelease);
    applyScale();
}

QWidget* HeadsView::createControls()
{
    auto* controls = new QWidget(this);
    auto* row = new FlowLayout(controls);
    row->setContentsMargins(0, 0, 0, 0);
    const auto labelled = [&](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text);
        label->setBuddy(buddy);
        row->addWidget(label);
        row->addWidget(buddy);
    };
    m_layerBox = new QSpinBox;
    m_layerBox->setRange(0, HeadsOptions::maxLayer);
    m_layerBox->setKeyboardTracking(false);
    m_layerBox->setToolTip(tr("The layer whose heads are drawn. GPT-2 and BERT: layer 0, whose input is the position "
                              "vectors; the Llama family: any layer, since position enters each by the rotation (--layer)"));
    labelled(tr("&Layer:"), m_layerBox);
    m_headBox = new QSpinBox;
    m_headBox->setRange(0, HeadsOptions::maxHead);
    m_headBox->setKeyboardTracking(false);
    m_headBox->setToolTip(tr("The head drawn large; click a tile to choose (--head)"));
    labelled(tr("H&ead:"), m_headBox);
    m_inputBox = new QComboBox;
    m_inputBox->addItem(tr("positions alone"));
    m_inputBox->addItem(tr("positions + mean token"));
    m_inputBox->setToolTip(tr("GPT-2 and BERT: the input at each position, its position vector alone or with the mean "
                              "of the token embeddings added, as an average token would bring (--heads-input)"));
    labelled(tr("&Input:"), m_inputBox);
    m_showBox = new QComboBox;
    m_showBox->addItem(tr("scores"), headsExportKey(HeadsExport::Scores));
    m_showBox->addItem(tr("attention"), headsExportKey(HeadsExport::Attention));
    m_showBox->setToolTip(tr("What the large map shows: the scores q·k / √d or the attention, each row's softmax "
                             "(causal for GPT-2 and the Llama family); the data export writes it (--heads-data)"));
    labelled(tr("&Show:"), m_showBox);
    connect(m_layerBox, &QSpinBox::valueChanged, this, &HeadsView::optionsEdited);
    connect(m_headBox, &QSpinBox::valueChanged, this, &HeadsView::optionsEdited);
    connect(m_inputBox, &QComboBox::currentIndexChanged, this, &HeadsView::optionsEdited);
    connect(m_showBox, &QComboBox::currentIndexChanged, this, &HeadsView::optionsEdited);
    return controls;
}

void HeadsView::syncControls()
{
    const HeadsOptions o = headsOptions(document()->state());
    const QSignalBlocker a(m_layerBox), b(m_headBox), c(m_inputBox), d(m_showBox);
    m_layerBox->setValue(o.layer);
    m_headBox->setValue(o.head);
    m_inputBox->setCurrentIndex(o.meanToken ? 1 : 0);
    m_showBox->setCurrentIndex(o.data == HeadsExport::Attention ? 1 : 0);
    const auto* data = dynamic_cast<const CheckpointData*>(document()->viewData(views::heads).get());
    if (data && data->checkpoint) {
        const CheckpointModel& m = data->checkpoint->model();
        m_layerBox->setMaximum(m.family == CheckpointFamily::Llama ? m.layers - 1 : 0);
        m_headBox->setMaximum(m.heads - 1);
        m_inputBox->setEnabled(m.family != CheckpointFamily::Llama);
    }
}

void HeadsView::optionsEdited()
{
    HeadsOptions o = headsOptions(document()->state());
    o.layer = m_layerBox->value();
    o.head = m_headBox->value();
    o.meanToken = m_inputBox->currentIndex() == 1;
    // The kernel and amplitudes exports keep their choice; the map shows scores or attention.
    const HeadsExport shown = m_showBox->currentIndex() == 1 ? HeadsExport::Attention : HeadsExport::Scores;
    if (o.data == HeadsExport::Scores || o.data == HeadsExport::Attention || m_showBox->currentIndex() == 1)
        o.data = shown;
    document()->setViewOptions(views::heads, toVariantMap(o));
}

void HeadsView::chooseHead(int head)
{
    HeadsOptions o = headsOptions(document()->state());
    if (o.head == head)
        return;
    o.head = head;
    document()->setViewOptions(views::heads, toVariantMap(o));
}

void HeadsView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_headScale->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
    m_headScale->setBarWidth(int(12 * scale()));
}

void HeadsView::clearPlots(const QString& why)
{
    for (CellColorMap* map : {m_headMap, m_tiles, m_amplitudes})
        map->cells()->assign(core::RowMatrix(), QCPRange(0, 1), QCPRange(0, 1));
    for (QCPGraph* graph : std::as_const(m_kernels))
        graph->data()->clear();
    m_heads = m_tileColumns = m_tileRows = 0;
    m_summary.clear();
    // The axes stay, empty: where the heads will be once a checkpoint is open.
    m_titleText = tr("Attention heads\n%1").arg(why);
    fitViewTitle(m_title, m_titleText);
    setReadout(QString());
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void HeadsView::redraw(const Frame& f)
{
    const HeadsPart* part = f.partOf<HeadsPart>(views::heads);
    if (!part)
        return;
    if (!part->problem().isEmpty() || !part->layer) {
        clearPlots(part->problem());
        return;
    }
    const HeadsOptions& o = part->options;
    const CheckpointModel& m = part->checkpoint->model();
    m_heads = part->headCount();
    m_length = part->length;
    const QCPColorGradient gradient = colormapGradient(f.state.colormap);

    // The chosen head, large: its scores on a symmetric scale, or its attention from 0 to its largest.
    const core::RowMatrix cells = part->map;
    const double bins = double(cells.rows());
    m_headMap->cells()->assign(cells, binCentres(m_length, std::int64_t(bins)), binCentres(m_length, std::int64_t(bins)));
    m_headMap->setGradient(gradient);
    m_headScale->setGradient(gradient);
    const double finiteMax = cells.size() ? cells.cwiseAbs().maxCoeff() : 1.0;
    m_headScale->setDataRange(part->mapIsAttention ? QCPRange(0, std::max(cells.maxCoeff(), 1e-12))
                                                   : QCPRange(-std::max(finiteMax, 1e-12), std::max(finiteMax, 1e-12)));
    m_headScale->axis()->setLabel(part->mapIsAttention ? tr("attention") : tr("score"));
    m_headRect->axis(QCPAxis::atBottom)->setRange(-0.5, double(m_length) - 0.5);
    m_headRect->axis(QCPAxis::atLeft)->setRange(-0.5, double(m_length) - 0.5);
    const QString perPixel = cells.rows() < m_length
        ? tr(" · each pixel the mean of %1 cells").arg(shortNumber(std::pow(double(m_length) / bins, 2), 3))
        : QString();
    const QString shown = part->mapIsAttention ? tr("attention") : tr("scores");
    m_headCaptions = {tr("head %1 %2%3").arg(o.head).arg(shown, perPixel), tr("head %1 %2").arg(o.head).arg(shown), tr("head %1").arg(o.head)};
    m_headRect->axis(QCPAxis::atTop)->setLabel(m_headCaptions.last());

    drawTiles(*part, f);
    drawKernel(*part);
    drawAmplitudes(*part, f);

    const HeadSummary& s = part->summaries[std::size_t(o.head)];
    m_summary = tr("head %1: %2").arg(o.head).arg(describeHead(s));
    if (s.strongestPair >= 0 && part->layer->rotary)
        m_summary += tr("; strongest pair %1 (wavelength %2)").arg(s.strongestPair)
                         .arg(shortNumber(2 * std::numbers::pi / part->layer->rotary->theta[s.strongestPair], 4));
    const QString input = m.family == CheckpointFamily::Llama ? tr("mean query and key of the vocabulary")
                        : o.meanToken                           ? tr("positions + mean token")
                                                                : tr("positions alone");
    m_titleText = tr("Attention heads: %1 (%2)\nlayer %3 · %4 heads · L = %5 · %6\n%7")
                      .arg(part->checkpoint->displayName(), checkpointFamilyName(m.family)).arg(part->layer->layer)
                      .arg(m_heads).arg(m_length).arg(input, m_summary);
    fitViewTitle(m_title, m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void HeadsView::drawTiles(const HeadsPart& part, const Frame& f)
{
    // The heads as a grid of tiles, a one-cell gap between them (NaN: not drawn).
    m_tileColumns = int(std::ceil(std::sqrt(double(m_heads))));
    m_tileRows = (m_heads + m_tileColumns - 1) / m_tileColumns;
    m_tileBins = part.tiles.empty() ? 0 : int(part.tiles.front().rows());
    const int step = m_tileBins + 1;
    core::RowMatrix image = core::RowMatrix::Constant(std::max(m_tileRows * step - 1, 1), std::max(m_tileColumns * step - 1, 1),
                                                      std::numeric_limits<double>::quiet_NaN());
    double largest = 1e-12;
    for (int h = 0; h < m_heads; ++h) {
        const Eigen::MatrixXd& tile = part.tiles[std::size_t(h)];
        // Each tile on its own scale: a head's pattern, not its strength, is what the tiles compare.
        const double reach = std::max(tile.cwiseAbs().maxCoeff(), 1e-12);
        image.block((h / m_tileColumns) * step, (h % m_tileColumns) * step, m_tileBins, m_tileBins)
            = part.layer->rotary ? Eigen::MatrixXd(tile / reach) : Eigen::MatrixXd(tile / reach * 2.0 - Eigen::MatrixXd::Ones(tile.rows(), tile.cols()));
        largest = std::max(largest, reach);
    }
    m_tiles->cells()->assign(image, QCPRange(0, double(image.cols() - 1)), QCPRange(0, double(image.rows() - 1)));
    m_tiles->setGradient(colormapGradient(f.state.colormap));
    m_tiles->setDataRange(QCPRange(-1, 1));
    m_tilesRect->axis(QCPAxis::atBottom)->setRange(-0.5, double(image.cols()) - 0.5);
    m_tilesRect->axis(QCPAxis::atLeft)->setRange(-0.5, double(image.rows()) - 0.5);
    m_tilesCaptions = {part.layer->rotary ? tr("every head's scores (click one)") : tr("every head's attention (click one)"), tr("every head")};
    m_tilesRect->axis(QCPAxis::atTop)->setLabel(m_tilesCaptions.last());
}

void HeadsView::drawKernel(const HeadsPart& part)
{
    QCustomPlot* p = plot();
    while (m_kernels.size() < m_heads) {
        auto* graph = p->addGraph(m_kernelRect->axis(QCPAxis::atBottom), m_kernelRect->axis(QCPAxis::atLeft));
        graph->removeFromLegend();
        m_kernels << graph;
    }
    const int chosen = part.options.head;
    QVector<double> offsets(part.kernel.rows());
    for (int d = 0; d < offsets.size(); ++d)
        offsets[d] = d;
    double lower = 0, upper = 0;
    for (int h = 0; h < m_kernels.size(); ++h) {
        QCPGraph* graph = m_kernels[h];
        const bool used = h < m_heads;
        graph->setVisible(used);
        if (!used)
            continue;
        QVector<double> values(part.kernel.rows());
        for (int d = 0; d < values.size(); ++d)
            values[d] = part.kernel(d, h);
        graph->setData(offsets, values, true);
        // The chosen head in the first series colour, thick; the others faint behind it.
        QColor colour = h == chosen ? seriesColor(0) : QColor(128, 128, 128, 70);
        graph->setPen(QPen(colour, penWidth(h == chosen ? 2.0 : 1.0)));
        graph->setName(h == chosen ? tr("head %1").arg(h) : QString());
        graph->setLayer(h == chosen ? QStringLiteral("overlay") : QStringLiteral("main"));
        if (values.size()) {
            lower = std::min(lower, *std::min_element(values.begin(), values.end()));
            upper = std::max(upper, *std::max_element(values.begin(), values.end()));
        }
    }
    m_kernelRect->axis(QCPAxis::atBottom)->setRange(0, std::max<double>(double(part.kernel.rows()) - 1, 1));
    m_kernelRect->axis(QCPAxis::atLeft)->setRange(lower - 0.05 * (upper - lower + 1e-12), upper + 0.05 * (upper - lower + 1e-12));
    const HeadSummary& s = part.summaries[std::size_t(chosen)];
    m_kernelCaptions = {tr("head %1: mean score per offset; the offset explains %2 %").arg(chosen).arg(100 * s.toeplitzShare, 0, 'f', 0),
                        tr("head %1 per offset (%2 %)").arg(chosen).arg(100 * s.toeplitzShare, 0, 'f', 0), tr("per offset")};
    m_kernelRect->axis(QCPAxis::atTop)->setLabel(m_kernelCaptions.last());
}

void HeadsView::drawAmplitudes(const HeadsPart& part, const Frame& f)
{
    const bool rotary = part.amplitudes.size() > 0;
    m_amplitudeRect->setVisible(rotary);
    if (rotary && m_bottom->elementCount() < 2) {
        m_bottom->addElement(0, 1, m_amplitudeRect);
    } else if (!rotary && m_bottom->hasElement(0, 1)) {
        m_bottom->take(m_amplitudeRect);
        m_bottom->simplify();
    }
    if (!rotary) {
        m_amplitudes->cells()->assign(core::RowMatrix(), QCPRange(0, 1), QCPRange(0, 1));
        return;
    }
    const core::RowMatrix a = part.amplitudes;
    m_amplitudes->cells()->assign(a, QCPRange(0, double(a.cols() - 1)), QCPRange(0, double(a.rows() - 1)));
    m_amplitudes->setGradient(colormapGradient(f.state.colormap));
    m_amplitudes->setDataRange(QCPRange(0, std::max(a.maxCoeff(), 1e-12)));
    m_amplitudeRect->axis(QCPAxis::atBottom)->setRange(-0.5, double(a.cols()) - 0.5);
    m_amplitudeRect->axis(QCPAxis::atLeft)->setRange(-0.5, double(a.rows()) - 0.5);
    const Eigen::VectorXd& theta = part.layer->rotary->theta;
    m_amplitudeCaptions = {tr("amplitude |q̄_k|·|k̄_k| per pair: wavelength %1 (pair 0) to %2 (pair %3)")
                               .arg(shortNumber(2 * std::numbers::pi / theta[0], 3))
                               .arg(shortNumber(2 * std::numbers::pi / theta[theta.size() - 1], 3))
                               .arg(theta.size() - 1),
                           tr("amplitude per pair (λ %1 to %2)").arg(shortNumber(2 * std::numbers::pi / theta[0], 3))
                               .arg(shortNumber(2 * std::numbers::pi / theta[theta.size() - 1], 3)),
                           tr("amplitude")};
    m_amplitudeRect->axis(QCPAxis::atTop)->setLabel(m_amplitudeCaptions.last());
}

void HeadsView::reportPixels()
{
    const QRect area = m_headRect->rect();
    if (area.width() > 0 && area.height() > 0)
        document()->setPixels(views::heads, pixelsToRequest(area));
}

int HeadsView::headAt(const QPointF& pixel) const
{
    if (m_heads <= 0 || !m_tilesRect->rect().contains(pixel.toPoint()))
        return -1;
    const double x = m_tilesRect->axis(QCPAxis::atBottom)->pixelToCoord(pixel.x());
    const double y = m_tilesRect->axis(QCPAxis::atLeft)->pixelToCoord(pixel.y());
    const int step = m_tileBins + 1;
    const int column = int(std::floor((x + 0.5) / step)), row = int(std::floor((y + 0.5) / step));
    const int head = row * m_tileColumns + column;
    return column >= 0 && column < m_tileColumns && row >= 0 && head < m_heads ? head : -1;
}

void HeadsView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    const HeadsPart* part = f ? f->partOf<HeadsPart>(views::heads) : nullptr;
    if (!part || !part->layer) {
        setReadout(QString());
        return;
    }
    const QPointF at = event->position();
    if (const int head = headAt(at); head >= 0) {
        setReadout(tr("head %1: %2 (click to draw it large)").arg(head).arg(describeHead(part->summaries[std::size_t(head)])));
        return;
    }
    if (m_headRect->rect().contains(at.toPoint()) && part->map.rows() > 0) {
        const std::int64_t i = std::clamp<std::int64_t>(std::llround(m_headRect->axis(QCPAxis::atLeft)->pixelToCoord(at.y())), 0, m_length - 1);
        const std::int64_t j = std::clamp<std::int64_t>(std::llround(m_headRect->axis(QCPAxis::atBottom)->pixelToCoord(at.x())), 0, m_length - 1);
        const std::int64_t bins = part->map.rows();
        const std::int64_t bi = core::binOfRow(i, m_length, bins), bj = core::binOfRow(j, m_length, bins);
        const QString what = part->mapIsAttention ? tr("attention") : tr("score");
        if (bins == m_length)
            setReadout(tr("query %1, key %2 (offset %3): %4 %5").arg(i).arg(j).arg(i - j).arg(what).arg(part->map(bi, bj), 0, 'g', 6));
        else
            setReadout(tr("queries %1–%2, keys %3–%4: mean %5 %6")
                           .arg(core::binStart(m_length, bins, bi)).arg(core::binStart(m_length, bins, bi + 1) - 1)
                           .arg(core::binStart(m_length, bins, bj)).arg(core::binStart(m_length, bins, bj + 1) - 1)
                           .arg(what).arg(part->map(bi, bj), 0, 'g', 6));
        return;
    }
    if (m_kernelRect->rect().contains(at.toPoint()) && part->kernel.rows() > 0) {
        const std::int64_t d = std::clamp<std::int64_t>(std::llround(m_kernelRect->axis(QCPAxis::atBottom)->pixelToCoord(at.x())), 0,
                                                        part->kernel.rows() - 1);
        setReadout(tr("offset %1: head %2's mean score %3").arg(d).arg(part->options.head).arg(part->kernel(d, part->options.head), 0, 'g', 6));
        return;
    }
    if (m_amplitudeRect->visible() && m_amplitudeRect->rect().contains(at.toPoint()) && part->amplitudes.size() > 0) {
        const int k = std::clamp(int(std::lround(m_amplitudeRect->axis(QCPAxis::atBottom)->pixelToCoord(at.x()))), 0, int(part->amplitudes.cols()) - 1);
        const int h = std::clamp(int(std::lround(m_amplitudeRect->axis(QCPAxis::atLeft)->pixelToCoord(at.y()))), 0, int(part->amplitudes.rows()) - 1);
        setReadout(tr("head %1, pair %2 (wavelength %3): amplitude %4")
                       .arg(h).arg(k).arg(shortNumber(2 * std::numbers::pi / part->layer->rotary->theta[k], 4)).arg(part->amplitudes(h, k), 0, 'g', 6));
        return;
    }
    setReadout(QString());
}

void HeadsView::onMouseRelease(QMouseEvent* event)
{
    if (!m_click.isClick(event))
        return;
    if (const int head = headAt(event->position()); head >= 0)
        chooseHead(head);
}

/// The heads view's own part of its catalogue entry (cmake/views.cmake).
void headsViewEntry(ViewDescription& entry)
{
    drawnBy<HeadsView>(entry, buildHeadsPart, headsPartData, PartInput::Spec | PartInput::Options | PartInput::Pixels | PartInput::Data);
    entry.buildPartFirst = true;
    entry.readData = readNamedCheckpoint;
    entry.dataLength = checkpointLength;
}

} // namespace pe::ui
