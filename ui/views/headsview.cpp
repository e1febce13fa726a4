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
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"

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
    // fitSquareCells gives maximum sizes with the margins included.
    for (QCPLayoutElement* element : {static_cast<QCPLayoutElement*>(m_headRect), static_cast<QCPLayoutElement*>(m_tilesRect),
                                      static_cast<QCPLayoutElement*>(m_headScale)})
        element->setSizeConstraintRect(QCPLayoutElement::scrOuterRect);
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
    // Empty columns at both ends take the width that square cells leave (fitSquareCells), so
    // the map and the tiles stay centred.
    top->addElement(0, 0, new QCPLayoutElement(p));
    top->addElement(0, 1, m_headRect);
    top->addElement(0, 2, m_headScale);
    // The tiles in a column of their own, empty rows above and below: a grid of tiles wider
    // than the map is then shorter than the row instead of stretched to its height.
    auto* tilesColumn = new QCPLayoutGrid;
    tilesColumn->addElement(0, 0, new QCPLayoutElement(p));
    tilesColumn->addElement(1, 0, m_tilesRect);
    tilesColumn->addElement(2, 0, new QCPLayoutElement(p));
    tilesColumn->setRowStretchFactors({0.001, 1.0, 0.001});
    tilesColumn->setRowSpacing(0);
    top->addElement(0, 3, tilesColumn);
    top->addElement(0, 4, new QCPLayoutElement(p));
    top->setColumnStretchFactors({0.001, 1.0, 0.01, 1.0, 0.001});
    m_top = top;
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
        return fitSquareCells() || changed;
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

void HeadsView::chooseHead(int layer, int head)
{
    HeadsOptions o = headsOptions(document()->state());
    if (o.head == head && o.layer == layer)
        return;
    o.layer = layer;
    o.head = head;
    document()->setViewOptions(views::heads, toVariantMap(o));
}

void HeadsView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_headScale->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
    m_headScale->axis()->setLabelFont(plot()->xAxis->labelFont());
    m_headScale->setBarWidth(int(12 * scale()));
    // The amplitudes are out of the layout for GPT-2 and BERT, where stylePlot does not reach them.
    for (QCPAxis* axis : m_amplitudeRect->axes()) {
        const QCPAxis* like = m_kernelRect->axis(axis->axisType());
        axis->setTickLabelFont(like->tickLabelFont());
        axis->setLabelFont(like->labelFont());
        axis->setBasePen(like->basePen());
        axis->setTickPen(like->tickPen());
        axis->setSubTickPen(like->subTickPen());
        axis->setTickLengthOut(like->tickLengthOut());
        axis->setTickLengthIn(like->tickLengthIn());
    }
}

void HeadsView::clearPlots(const QString& why)
{
    for (CellColorMap* map : {m_headMap, m_tiles, m_amplitudes})
        map->cells()->assign(core::RowMatrix(), QCPRange(0, 1), QCPRange(0, 1));
    for (QCPGraph* graph : std::as_const(m_kernels))
        graph->data()->clear();
    m_headScale->setVisible(false); // no scores, no scale (it would show QCustomPlot's own 0 … 6)
    m_heads = m_tileColumns = m_tileRows = m_tileBins = 0;
    m_tilesAspect = 1.0;
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
    m_headMap->cells()->assign(cells, binCentres(m_length, cells.cols()), binCentres(m_length, cells.rows()));
    m_headMap->setGradient(gradient);
    m_headScale->setGradient(gradient);
    m_headScale->setVisible(true);
    const double finiteMax = cells.size() ? cells.cwiseAbs().maxCoeff() : 1.0;
    m_headScale->setDataRange(part->mapIsAttention ? QCPRange(0, std::max(cells.maxCoeff(), 1e-12))
                                                   : QCPRange(-std::max(finiteMax, 1e-12), std::max(finiteMax, 1e-12)));
    m_headScale->axis()->setLabel(part->mapIsAttention ? tr("attention") : tr("score"));
    m_headRect->axis(QCPAxis::atBottom)->setRange(-0.5, double(m_length) - 0.5);
    m_headRect->axis(QCPAxis::atLeft)->setRange(-0.5, double(m_length) - 0.5);
    const double perBin = double(m_length) / double(std::max<Eigen::Index>(cells.rows(), 1)) * double(m_length)
                        / double(std::max<Eigen::Index>(cells.cols(), 1));
    const QString perPixel = perBin > 1.0 ? tr(" · each pixel the mean of %1 cells").arg(shortNumber(perBin, 3)) : QString();
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
    // The summary's word goes with the kernel's caption (drawKernel); the title stays two lines.
    m_titleText = tr("Attention heads: %1 (%2)\nlayer %3 · %4 heads · L = %5 · %6")
                      .arg(part->checkpoint->displayName(), checkpointFamilyName(m.family)).arg(part->layer->layer)
                      .arg(m_heads).arg(m_length).arg(input);
    fitViewTitle(m_title, m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void HeadsView::drawTiles(const HeadsPart& part, const Frame& f)
{
    // The tiles' grid, a one-cell gap between them (NaN: not drawn).
    m_tileColumns = part.tileColumns;
    m_tileRows = part.tileRows;
    m_tileBins = int(part.tileBins);
    m_tilesByLayer = part.tilesByLayer;
    const int step = m_tileBins + 1;
    core::RowMatrix image = core::RowMatrix::Constant(std::max(m_tileRows * step - 1, 1), std::max(m_tileColumns * step - 1, 1),
                                                      std::numeric_limits<double>::quiet_NaN());
    for (std::size_t t = 0; t < part.tiles.size(); ++t) {
        const Eigen::MatrixXd& tile = part.tiles[t];
        // Each tile on its own scale: a head's pattern, not its strength, is what the tiles compare.
        const double reach = std::max(tile.cwiseAbs().maxCoeff(), 1e-12);
        image.block(int(t) / m_tileColumns * step, int(t) % m_tileColumns * step, m_tileBins, m_tileBins)
            = part.layer->rotary ? Eigen::MatrixXd(tile / reach) : Eigen::MatrixXd(tile / reach * 2.0 - Eigen::MatrixXd::Ones(tile.rows(), tile.cols()));
    }
    m_tilesAspect = double(image.cols()) / double(image.rows());
    m_tiles->cells()->assign(image, QCPRange(0, double(image.cols() - 1)), QCPRange(0, double(image.rows() - 1)));
    m_tiles->setGradient(colormapGradient(f.state.colormap));
    m_tiles->setDataRange(QCPRange(-1, 1));
    m_tilesRect->axis(QCPAxis::atBottom)->setRange(-0.5, double(image.cols()) - 0.5);
    m_tilesRect->axis(QCPAxis::atLeft)->setRange(-0.5, double(image.rows()) - 0.5);
    if (part.tilesByLayer)
        m_tilesCaptions = {tr("every head's scores: layers 0–%1 down, heads 0–%2 across").arg(m_tileRows - 1).arg(m_tileColumns - 1),
                           tr("layers ↓ × heads →"), tr("layers × heads")};
    else
        m_tilesCaptions = {part.layer->rotary ? tr("every head's scores") : tr("every head's attention"), tr("every head")};
    m_tilesRect->axis(QCPAxis::atTop)->setLabel(m_tilesCaptions.last());
}

bool HeadsView::fitSquareCells()
{
    // A cell of the head's L × L map and of the tiles is square on screen: a stretched
    // picture would show a slope the scores do not have. The natural layout first, then the
    // row no taller than both fit square into their columns' widths. (The grid's
    // frameSquareCells keeps what the cells leave as blank in the row; here the row itself
    // gives it up, and the kernel below gets the height.)
    QCPLayout* layout = plot()->plotLayout();
    const QSize before[] = {m_headRect->maximumSize(), m_tilesRect->maximumSize(), m_headScale->maximumSize()};
    const QSize unlimited(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    m_headRect->setMaximumSize(unlimited);
    m_tilesRect->setMaximumSize(unlimited);
    m_headScale->setMaximumSize(unlimited);
    layout->update(QCPLayoutElement::upLayout);
    const QRect head = m_headRect->rect(), headOuter = m_headRect->outerRect();
    const QRect tiles = m_tilesRect->rect(), tilesOuter = m_tilesRect->outerRect();
    const int headX = headOuter.width() - head.width(), headY = headOuter.height() - head.height();
    const int tilesX = tilesOuter.width() - tiles.width(), tilesY = tilesOuter.height() - tiles.height();
    const int row = std::max(std::min(headOuter.height(), head.width() + headY), headY + 1);
    // The tiles as large as fits in their column at the row's height, their own aspect.
    const double tilesWidth = std::min(double(tiles.width()), double(row - tilesY) * m_tilesAspect);
    const QSize after[] = {QSize(row - headY + headX, row),
                           QSize(int(std::floor(tilesWidth)) + tilesX, int(std::floor(tilesWidth / m_tilesAspect)) + tilesY),
                           QSize(m_headScale->outerRect().width(), QWIDGETSIZE_MAX)};
    m_headRect->setMaximumSize(after[0]);
    m_tilesRect->setMaximumSize(after[1]);
    m_headScale->setMaximumSize(after[2]);
    layout->update(QCPLayoutElement::upLayout);
    // As many ticks under the square as have room (a small map of 8192 positions ran
    // "2000400060008000" together).
    const bool ticksChanged = fitTickCount(m_headRect->axis(QCPAxis::atBottom));
    return ticksChanged || !std::equal(std::begin(before), std::end(before), std::begin(after));
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
    // The head's word and the number behind it, then as much of the rest as fits.
    const QString word = tr("head %1, %2 (%3)").arg(chosen).arg(headKindName(s.kind), headKindEvidence(s));
    const QString share = QString::number(100 * s.toeplitzShare, 'f', 0);
    m_kernelCaptions = {tr("%1 · mean score per offset; the offset explains %2 % of the scores").arg(word, share),
                        tr("%1 · the offset explains %2 %").arg(word, share), word,
                        tr("head %1, %2").arg(chosen).arg(headKindName(s.kind)), tr("head %1").arg(chosen)};
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
    // The pairs' wavelengths on the axis (pair 0 the shortest) at four pairs, first to last:
    // short labels ("63", "6.3k", "1.2M"), since they span several decades.
    const Eigen::VectorXd& theta = part.layer->rotary->theta;
    const auto label = [&](Eigen::Index k) {
        const double wavelength = 2 * std::numbers::pi / theta[k];
        return wavelength >= 1e6 ? shortNumber(wavelength / 1e6, 2) + QStringLiteral("M")
             : wavelength >= 1e3 ? shortNumber(wavelength / 1e3, 2) + QStringLiteral("k")
                                 : shortNumber(wavelength, 2);
    };
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const Eigen::Index pairs = theta.size();
    for (int t = 0; t < 4; ++t) {
        const Eigen::Index k = pairs > 1 ? (pairs - 1) * t / 3 : 0;
        ticker->addTick(double(k), label(k));
    }
    m_amplitudeRect->axis(QCPAxis::atBottom)->setTicker(ticker);
    m_amplitudeRect->axis(QCPAxis::atBottom)->setLabel(tr("Wavelength of pair k"));
    m_amplitudeCaptions = {tr("amplitude |q̄_k|·|k̄_k| per head and pair k = 0 … %1").arg(pairs - 1), tr("amplitude per pair"), tr("amplitude")};
    m_amplitudeRect->axis(QCPAxis::atTop)->setLabel(m_amplitudeCaptions.last());
}

void HeadsView::reportPixels()
{
    const QRect area = m_headRect->rect();
    if (area.width() > 0 && area.height() > 0)
        document()->setPixels(views::heads, pixelsToRequest(area));
}

std::pair<int, int> HeadsView::tileAt(const QPointF& pixel) const
{
    if (m_heads <= 0 || m_tileBins <= 0 || !m_tilesRect->rect().contains(pixel.toPoint()))
        return {-1, -1};
    const FramePtr& f = document()->frame();
    const HeadsPart* part = f ? f->partOf<HeadsPart>(views::heads) : nullptr;
    if (!part)
        return {-1, -1};
    const double x = m_tilesRect->axis(QCPAxis::atBottom)->pixelToCoord(pixel.x());
    const double y = m_tilesRect->axis(QCPAxis::atLeft)->pixelToCoord(pixel.y());
    const int step = m_tileBins + 1;
    return part->tileHead(int(std::floor((y + 0.5) / step)), int(std::floor((x + 0.5) / step)));
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
    if (const auto [layer, head] = tileAt(at); head >= 0) {
        if (layer == part->layer->layer)
            setReadout(tr("head %1: %2 (click to draw it large)").arg(head).arg(describeHead(part->summaries[std::size_t(head)])));
        else
            setReadout(tr("layer %1, head %2 (click to draw it large)").arg(layer).arg(head));
        return;
    }
    if (m_headRect->rect().contains(at.toPoint()) && part->map.rows() > 0) {
        const std::int64_t i = std::clamp<std::int64_t>(std::llround(m_headRect->axis(QCPAxis::atLeft)->pixelToCoord(at.y())), 0, m_length - 1);
        const std::int64_t j = std::clamp<std::int64_t>(std::llround(m_headRect->axis(QCPAxis::atBottom)->pixelToCoord(at.x())), 0, m_length - 1);
        const std::int64_t rows = part->map.rows(), columns = part->map.cols();
        const std::int64_t bi = core::binOfRow(i, m_length, rows), bj = core::binOfRow(j, m_length, columns);
        const QString what = part->mapIsAttention ? tr("attention") : tr("score");
        if (rows == m_length && columns == m_length)
            setReadout(tr("query %1, key %2 (offset %3): %4 %5").arg(i).arg(j).arg(i - j).arg(what).arg(part->map(bi, bj), 0, 'g', 6));
        else
            setReadout(tr("queries %1–%2, keys %3–%4: mean %5 %6")
                           .arg(core::binStart(m_length, rows, bi)).arg(core::binStart(m_length, rows, bi + 1) - 1)
                           .arg(core::binStart(m_length, columns, bj)).arg(core::binStart(m_length, columns, bj + 1) - 1)
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
    if (const auto [layer, head] = tileAt(event->position()); head >= 0)
        chooseHead(layer, head);
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
