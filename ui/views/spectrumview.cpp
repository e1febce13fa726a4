// SPDX-License-Identifier: MIT
#include "ui/views/spectrumview.h"
#include "ui/views/viewfactory.h"

#include "ui/document/document.h"
#include "ui/document/spectrumpart.h"
#include "ui/plotting/curvegraph.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/colormaps.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"

#include <qcustomplot.h>

#include <cmath>
#include <numbers>

namespace pe::ui {

namespace {

/// Where a dim without a frequency (a constant column, tensor2tensor's zero column) would sit on
/// a log axis: left out of the comparison instead.
bool comparable(double dominant, double reference) { return dominant > 0 && reference > 0; }

} // namespace

SpectrumView::SpectrumView(Document* document, QWidget* parent)
    : PlotView(document, views::spectrum, parent)
{
    setExplanation(tr("<b>Spectrum.</b> Each column of the map is one dimension's power spectrum along the "
                      "positions: bright at the frequencies it holds. The sinusoid's dimension 2k and 2k+1 "
                      "hold one frequency each, ω<sub>k</sub> = base<sup>−2k/d</sup> (white line): fast on the "
                      "left, ever slower to the right, until a wave is too slow to turn once over the "
                      "positions. Below, each dimension's strongest frequency against the sinusoid's: on the "
                      "diagonal when they agree. Open a model's position table to see which frequencies it "
                      "learned, the sinusoidal base that fits it best, and its first principal components."));
    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_mapRect = p->axisRect();
    m_map = new CellColorMap(p->xAxis, p->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(p);
    p->plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("power (dB)"));
    m_map->setColorScale(m_scale);
    p->xAxis->setLabel(tr("Dimension"));
    p->yAxis->setLabel(tr("ω (radians per position)"));
    useTopAxisAsCaption(m_mapRect);
    m_reference = p->addGraph(p->xAxis, p->yAxis);
    m_reference->setName(tr("the sinusoid's ω"));
    m_reference->setLineStyle(QCPGraph::lsStepCenter);

    // Below: the comparison (left) and the principal components (right).
    auto* below = new QCPLayoutGrid;
    p->plotLayout()->addElement(2, 0, below);
    m_comparisonRect = new QCPAxisRect(p);
    m_componentRect = new QCPAxisRect(p);
    below->addElement(0, 0, m_comparisonRect);
    below->addElement(0, 1, m_componentRect);
    below->setColumnSpacing(12);
    // Beside the map in a room much wider than tall (F5).
    m_panels = std::make_unique<PanelPair>(p->plotLayout(), 1, 0, PanelPair::First{m_mapRect, m_scale},
                                           PanelPair::Second{below, {m_comparisonRect, m_componentRect}}, 1.4 / 2.4);
    QCPAxis* rx = m_comparisonRect->axis(QCPAxis::atBottom);
    QCPAxis* ry = m_comparisonRect->axis(QCPAxis::atLeft);
    for (QCPAxis* axis : {rx, ry}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(powersOfTenTicker());
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
    }
    rx->setLabel(tr("sinusoid's ω"));
    ry->setLabel(tr("strongest ω"));
    useTopAxisAsCaption(m_comparisonRect);
    m_diagonal = p->addGraph(rx, ry);
    m_diagonal->setPen(QPen(QColor(150, 150, 150), 1.0, Qt::DashLine));
    m_unresolved = addCurveGraph(rx, ry); // a dot per spot, however many dims share it
    m_unresolved->setLineStyle(QCPGraph::lsNone);
    m_dominant = addCurveGraph(rx, ry);
    m_dominant->setLineStyle(QCPGraph::lsNone);
    QCPAxis* cx = m_componentRect->axis(QCPAxis::atBottom);
    QCPAxis* cy = m_componentRect->axis(QCPAxis::atLeft);
    cx->setLabel(tr("Position"));
    cy->setLabel(tr("score"));
    useTopAxisAsCaption(m_componentRect);
    for (int k = 0; k < 3; ++k) {
        QCPGraph* g = p->addGraph(cx, cy);
        m_components.append(g);
    }
    m_componentHint = addText(p, m_componentRect);
    m_componentHint->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_componentHint->position->setCoords(0.5, 0.5);
    m_componentHint->setPositionAlignment(Qt::AlignCenter);
    m_componentHint->setTextAlignment(Qt::AlignCenter);
    for (QCPGraph* g : p->legend ? QList<QCPGraph*>{m_reference, m_diagonal, m_dominant, m_unresolved} : QList<QCPGraph*>{})
        g->removeFromLegend();
    p->legend->setVisible(false);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    connect(p, &QCustomPlot::afterLayout, this, [this] {
        this->document()->setPixels(views::spectrum, pixelsToRequest(m_mapRect->rect()));
    });
    connect(p, &QCustomPlot::mouseMove, this, &SpectrumView::onMouseMove);
    applyScale();
}

void SpectrumView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_scale->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
    m_scale->axis()->setLabelFont(plot()->xAxis->labelFont());
    m_scale->setBarWidth(static_cast<int>(14 * scale()));
    m_componentHint->setFont(plot()->xAxis->labelFont());
}

void SpectrumView::redraw(const Frame& f)
{
    const SpectrumPart* part = spectrumPart(f);
    if (!part)
        return;
    if (!part->problem().isEmpty()) { // the table's file changed: nothing is read from it
        m_map->cells()->assign(core::RowMatrix(), QCPRange(0, 1), QCPRange(0, 1));
        for (QCPGraph* g : {m_reference, m_dominant, m_unresolved})
            g->data()->clear();
        for (QCPGraph* g : m_components)
            g->data()->clear();
        m_titleText = tr("Frequencies along the positions\n%1").arg(part->problem());
        m_title->setText(m_titleText);
        plot()->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    drawMap(f);
    drawComparison(f);
    drawComponents(f);
    const SpectrumData& s = *part->data;
    const QString source = s.fromTable ? f.table->table->displayName()
                                       : tr("d_model %1 · max_len %2 · base %3").arg(f.spec.dModel).arg(f.spec.maxLen)
                                             .arg(shortNumber(f.spec.base, 6));
    const QString used = s.spectrum.positions < s.rows ? tr("positions 0–%1 of %2").arg(s.spectrum.positions - 1).arg(s.rows)
                                                      : tr("all %1 positions").arg(s.rows);
    m_titleText = tr("Frequencies along the positions\n%1\n%2 · %3-point FFT").arg(source, used).arg(s.spectrum.fftLength);
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void SpectrumView::drawMap(const Frame& f)
{
    const SpectrumPart& part = *spectrumPart(f);
    const SpectrumData& s = *part.data;
    const double binWidth = s.resolution();
    const auto dims = static_cast<double>(s.spectrum.dominant.size());
    // Bin b covers ω in [(b − ½)·Δ, (b + ½)·Δ): cells centred on their bins, as the heatmap's rows.
    const auto centres = [](const HeatAxis& axis, double unit) {
        const double width = axis.cellsPerBin();
        const double first = (axis.lower + width / 2 - 0.5) * unit;
        return QCPRange(first, axis.bins > 1 ? (axis.upper - width / 2 - 0.5) * unit : first + width * unit);
    };
    m_map->cells()->assign(part.heat.matrix(), centres(part.dims, 1.0), centres(part.frequencies, binWidth));
    m_map->setGradient(colormapGradient(sequentialColormap(f.state.colormap)));
    m_map->setDataRange(QCPRange(core::SpectrumLimits::floorDb, 0));
    plot()->xAxis->setRange(-0.5, dims - 0.5);
    plot()->yAxis->setRange(-binWidth / 2, std::numbers::pi + binWidth / 2);
    QVector<double> x, y;
    if (!s.fromTable) // a learned table's dims have no order: the fitted ω are in the comparison only
        for (Eigen::Index i = 0; i < s.reference.size(); ++i) {
            x.append(static_cast<double>(i));
            y.append(s.reference[i]);
        }
    m_reference->setData(x, y, true);
    m_reference->setPen(QPen(QColor(255, 255, 255, 230), penWidth(1.4)));
    const QString pixels = part.dims.exact() ? QString() : tr(" · %1 dims per pixel").arg(shortNumber(part.dims.cellsPerBin(), 3));
    m_mapCaptions = s.fromTable ? QStringList{tr("each dim's power along the positions, dB below its peak%1").arg(pixels),
                                              tr("each dim's power, dB below its peak"), tr("power")}
                                : QStringList{tr("each dim's power along the positions, dB below its peak · white: the sinusoid's ω%1").arg(pixels),
                                              tr("each dim's power · white: the sinusoid's ω"), tr("power · white: sinusoid")};
    m_mapRect->axis(QCPAxis::atTop)->setLabel(m_mapCaptions.front());
}

void SpectrumView::drawComparison(const Frame& f)
{
    const SpectrumData& s = *spectrumPart(f)->data;
    // Dims whose sinusoid turns less than once over the positions cannot peak at their own ω
    // (the first bin is the slowest wave a spectrum resolves): hollow grey, apart from the rest.
    QVector<double> x, y, slowX, slowY;
    double lo = INFINITY, hi = 0;
    for (Eigen::Index i = 0; i < s.reference.size(); ++i)
        if (comparable(s.spectrum.dominant[i], s.reference[i])) {
            const bool resolved = s.reference[i] >= s.resolution();
            (resolved ? x : slowX).append(s.reference[i]);
            (resolved ? y : slowY).append(s.spectrum.dominant[i]);
            lo = std::min({lo, s.reference[i], s.spectrum.dominant[i]});
            hi = std::max({hi, s.reference[i], s.spectrum.dominant[i]});
        }
    m_dominant->setData(x, y);
    m_unresolved->setData(slowX, slowY);
    const QColor colour = seriesColor(0), grey(150, 150, 150);
    m_dominant->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 4 * scale()));
    m_unresolved->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(grey, penWidth(1.0)), Qt::NoBrush, 4 * scale()));
    if (!(hi > 0)) {
        lo = s.resolution() / 2;
        hi = std::numbers::pi;
    }
    const double from = std::min(lo, s.resolution()) / 1.5, to = std::max(hi, 1.0) * 1.5;
    m_diagonal->setData({from, to}, {from, to}, true);
    m_diagonal->setPen(QPen(QColor(150, 150, 150), penWidth(1.0), Qt::DashLine));
    for (QCPAxis* axis : {m_comparisonRect->axis(QCPAxis::atBottom), m_comparisonRect->axis(QCPAxis::atLeft)})
        axis->setRange(from, to);
    const QString resolution = tr("grey: ω below %1, less than one turn over the positions").arg(shortNumber(s.resolution(), 2));
    if (s.fromTable && s.fit.base > 0)
        m_comparisonCaptions = {tr("best-fitting sinusoid: base %1 · RMS log error %2 over %3 dims (sorted)")
                                    .arg(shortNumber(s.fit.base, 3), shortNumber(s.fit.rmsLogError, 2)).arg(s.fit.compared),
                                tr("best fit: base %1 · error %2").arg(shortNumber(s.fit.base, 3), shortNumber(s.fit.rmsLogError, 2)),
                                tr("base %1").arg(shortNumber(s.fit.base, 3))};
    else if (s.fromTable)
        m_comparisonCaptions = {tr("too few dims with a frequency to fit a sinusoid"), tr("no fit")};
    else
        m_comparisonCaptions = {tr("strongest frequency of each dim against the sinusoid's · %1").arg(resolution),
                                tr("strongest ω against the sinusoid's"), tr("strongest ω")};
    m_comparisonRect->axis(QCPAxis::atTop)->setLabel(m_comparisonCaptions.front());
}

void SpectrumView::drawComponents(const Frame& f)
{
    const SpectrumData& s = *spectrumPart(f)->data;
    const bool shown = s.fromTable && s.pca.scores.cols() > 0;
    // The components panel is there for a table only; the comparison takes the width otherwise.
    auto* below = qobject_cast<QCPLayoutGrid*>(m_comparisonRect->layout());
    const bool placed = m_componentRect->layout() != nullptr;
    if (below && s.fromTable && !placed) {
        below->addElement(0, 1, m_componentRect);
        m_componentRect->setVisible(true);
    } else if (below && !s.fromTable && placed) {
        below->take(m_componentRect);
        below->simplify();
        m_componentRect->setVisible(false);
    }
    m_componentHint->setVisible(s.fromTable && !shown);
    m_componentHint->setText(tr("principal components:\ntables of at most\n%1 values").arg(LoadedTable::mostValuesInMemory));
    QStringList parts;
    double lo = 0, hi = 0;
    for (int k = 0; k < m_components.size(); ++k) {
        QCPGraph* g = m_components[k];
        if (!shown || k >= s.pca.scores.cols()) {
            g->data()->clear();
            continue;
        }
        QVector<double> x(s.pca.scores.rows()), y(s.pca.scores.rows());
        for (Eigen::Index p = 0; p < s.pca.scores.rows(); ++p) {
            x[p] = static_cast<double>(p);
            y[p] = s.pca.scores(p, k);
            lo = std::min(lo, y[p]);
            hi = std::max(hi, y[p]);
        }
        g->setData(x, y, true);
        g->setPen(QPen(seriesColor(k + 1), penWidth(1.4)));
        parts << tr("PC%1 %2%").arg(k + 1).arg(QString::number(100 * s.pca.explained[k], 'f', 1));
    }
    const double rows = static_cast<double>(std::max<std::int64_t>(s.pca.scores.rows(), 2));
    m_componentRect->axis(QCPAxis::atBottom)->setRange(0, rows - 1);
    const double margin = (hi - lo) * 0.05 + 1e-12;
    m_componentRect->axis(QCPAxis::atLeft)->setRange(lo - margin, hi + margin);
    m_componentCaptions = shown ? QStringList{tr("first principal components: %1 of the variance").arg(parts.join(QStringLiteral(", "))),
                                              parts.join(QStringLiteral(", ")), tr("principal components")}
                                : QStringList{tr("principal components")};
    m_componentRect->axis(QCPAxis::atTop)->setLabel(m_componentCaptions.front());
}

bool SpectrumView::fitToSize()
{
    QCustomPlot* p = plot();
    bool changed = fitViewTitle(m_title, m_titleText);
    changed = m_panels->fit(!isPaper()) || changed; // a figure keeps the map over the rest
    changed = fitAxisLabel(m_comparisonRect->axis(QCPAxis::atTop), m_comparisonCaptions) || changed;
    changed = fitAxisLabel(m_componentRect->axis(QCPAxis::atTop), m_componentCaptions) || changed;
    changed = fitAxisLabel(m_mapRect->axis(QCPAxis::atTop), m_mapCaptions) || changed;
    for (QCPAxis* axis : {m_comparisonRect->axis(QCPAxis::atBottom), m_comparisonRect->axis(QCPAxis::atLeft)})
        changed = fitLogTickCount(axis, 5) || changed;
    changed = fitAxisLabel(p->yAxis, {tr("ω (radians per position)"), tr("ω")}) || changed;
    for (QCPAxis* axis : {p->xAxis, p->yAxis, m_componentRect->axis(QCPAxis::atBottom), m_componentRect->axis(QCPAxis::atLeft)})
        changed = fitTickCount(axis) || changed;
    return changed;
}

QString SpectrumView::dimDescription(int dim) const
{
    const FramePtr& f = document()->frame();
    const SpectrumPart* part = f ? spectrumPart(*f) : nullptr;
    if (!part || !part->problem().isEmpty() || dim < 0 || dim >= part->data->reference.size())
        return {};
    const SpectrumData& s = *part->data;
    const double dominant = s.spectrum.dominant[dim];
    const QString strongest = dominant > 0 ? tr("strongest ω %1 (wavelength %2 positions)").arg(shortNumber(dominant, 4), shortNumber(2 * std::numbers::pi / dominant, 4))
                                           : tr("no frequency (constant)");
    if (s.fromTable)
        return tr("dim %1 · %2").arg(dim).arg(strongest);
    return tr("dim %1 · %2 · the sinusoid's ω %3").arg(dim).arg(strongest, shortNumber(s.reference[dim], 4));
}

void SpectrumView::onMouseMove(QMouseEvent* event)
{
    if (axisRectAt(plot(), event->position()) != m_mapRect) {
        setReadout(QString());
        return;
    }
    setReadout(dimDescription(static_cast<int>(std::lround(plot()->xAxis->pixelToCoord(event->position().x())))));
}

/// The spectrum view's own part of its catalogue entry (cmake/views.cmake).
void spectrumViewEntry(ViewDescription& entry)
{
    drawnBy<SpectrumView>(entry, buildSpectrumPart, spectrumPartData,
                          PartInput::Spec | PartInput::Pixels | PartInput::Table);
}

} // namespace pe::ui
