// SPDX-License-Identifier: MIT
#include "ui/views/bandsview.h"
#include "ui/views/viewfactory.h"

#include "ui/document/bandspart.h"
#include "ui/document/document.h"
#include "ui/plotting/curvegraph.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"

#include <QComboBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

namespace pe::ui {

namespace {

const BandsPart& bandsOf(const Frame& frame) { return frame.partOrEmpty<BandsPart>(views::bands); }

constexpr double twoPi = 2 * std::numbers::pi;
/// Beyond this many max_len a wave moves by less than a third of a radian over the sequence.
constexpr double nearlyConstantFactor = 20.0;

/// The legend's name of a kind: one line, or two where the legend is narrow.
QString reachText(BandsView::Reach reach, bool twoLines = false)
{
    if (twoLines) {
        switch (reach) {
        case BandsView::Reach::FullPeriods: return BandsView::tr("λ ≤ max_len\nfull periods");
        case BandsView::Reach::PartPeriod: return BandsView::tr("λ ≤ 20·max_len\npart of a period");
        case BandsView::Reach::NearlyConstant: return BandsView::tr("λ > 20·max_len\nnearly constant");
        }
    }
    switch (reach) {
    case BandsView::Reach::FullPeriods: return BandsView::tr("λ ≤ max_len: full periods");
    case BandsView::Reach::PartPeriod: return BandsView::tr("λ ≤ 20·max_len: part of a period");
    case BandsView::Reach::NearlyConstant: return BandsView::tr("λ > 20·max_len: nearly constant");
    }
    return {};
}

QCPScatterStyle reachStyle(BandsView::Reach reach, double scale)
{
    switch (reach) {
    case BandsView::Reach::FullPeriods:
        return QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(0), seriesColor(0), 6 * scale);
    case BandsView::Reach::PartPeriod:
        return QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(seriesColor(4), 1.5 * scale), seriesColor(4), 7 * scale);
    case BandsView::Reach::NearlyConstant:
        break;
    }
    return QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(QColor(110, 110, 110), 1.2 * scale), Qt::NoBrush, 6 * scale);
}

QCPItemRect* addBandRect(QCustomPlot* plot)
{
    auto* rect = new QCPItemRect(plot);
    for (QCPItemPosition* corner : {rect->topLeft, rect->bottomRight}) {
        corner->setTypeX(QCPItemPosition::ptPlotCoords);
        corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    rect->setVisible(false);
    return rect;
}

void placeBand(QCPItemRect* rect, int firstPair, int lastPair)
{
    rect->topLeft->setCoords(std::min(firstPair, lastPair) - 0.5, 0);
    rect->bottomRight->setCoords(std::max(firstPair, lastPair) + 0.5, 1);
}

} // namespace

BandsView::BandsView(Document* document, QWidget* parent)
    : PlotView(document, views::bands, parent)
{
    setExplanation(tr("<b>Frequency bands.</b> Each (sin, cos) pair turns at its own speed: its "
                      "wavelength — how many positions one full turn takes — grows by the same factor "
                      "from pair to pair, a straight line on this log scale from 2π up towards "
                      "2π·base. Pairs whose wavelength fits in max_len tell nearby positions apart; "
                      "the slow ones barely move and tell far-apart regions apart. Triangles: where the "
                      "angle p·ω, computed in the chosen format, starts to move by less than the format's "
                      "step from one position to the next — beyond it p and p+1 can get the same code. "
                      "Drag across pairs to highlight them in the heatmap; double-click to clear."));
    // The format of the resolution limits, shared with the precision view.
    m_formatBox = new QComboBox(this);
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("Resolution limit in"), bar);
    label->setBuddy(m_formatBox);
    row->addWidget(label);
    row->addWidget(m_formatBox, 1);
    for (core::NumberFormat f : {core::NumberFormat::Float32, core::NumberFormat::BFloat16, core::NumberFormat::Float16,
                                 core::NumberFormat::Float64})
        m_formatBox->addItem(QString::fromUtf8(core::numberFormatName(f).data()), int(f));
    m_formatBox->setToolTip(tr("For each pair, the position from which the angle p·ω computed in this format "
                               "can no longer tell p from p+1"));
    if (auto* box = qobject_cast<QBoxLayout*>(layout()))
        box->insertWidget(1, bar);
    connect(m_formatBox, &QComboBox::activated, this, [this](int index) {
        this->document()->setNumberFormat(static_cast<core::NumberFormat>(m_formatBox->itemData(index).toInt()));
    });

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_band = addBandRect(p);
    m_rubberBand = addBandRect(p);

    // CurveGraphs: a dot each is a copy of its shape (QCPGraph outlined and filled each of the
    // 2048 pairs' dots, 5 ms of a step at 4096 dims).
    m_line = addCurveGraph(p->xAxis, p->yAxis);
    m_line->removeFromLegend();
    m_resolution = addCurveGraph(p->xAxis, p->yAxis);
    m_resolution->setLineStyle(QCPGraph::lsNone);
    for (int i = 0; i < reachCount; ++i) {
        m_reach[i] = addCurveGraph(p->xAxis, p->yAxis);
        m_reach[i]->setLineStyle(QCPGraph::lsNone);
        m_reach[i]->setName(reachText(static_cast<Reach>(i)));
    }
    for (int i = 0; i < 3; ++i) {
        m_references[i] = addStraightLine(p, p->axisRect());
        m_referenceLabels[i] = addText(p, p->axisRect());
        m_referenceLabels[i]->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        m_referenceLabels[i]->setPadding(QMargins(3, 1, 3, 1));
    }

    p->xAxis->setLabel(tr("Pair index k"));
    p->xAxis->setTicker(integerTicker());
    p->yAxis->setLabel(tr("Wavelength λ (positions per turn)"));
    p->yAxis2->setLabel(tr("Frequency ω (radians per position)"));
    for (QCPAxis* axis : {p->yAxis, p->yAxis2}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(powersOfTenTicker());
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
        axis->setVisible(true);
    }
    // ω = 2π/λ: a reversed log axis whose range mirrors the left one labels the same points,
    // whatever moves the left one (a redraw, "Reset zoom").
    p->yAxis2->setRangeReversed(true);
    connect(p->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this](const QCPRange& range) {
        if (range.lower > 0)
            plot()->yAxis2->setRange(twoPi / range.upper, twoPi / range.lower);
    });
    p->yAxis->grid()->setSubGridVisible(true);
    placeLegendUnderTitle(p, reachCount + 1);
    p->axisRect()->setMinimumMargins(QMargins(15, 5, 15, 15)); // the legend row above is gap enough
    fitAfterLayout(p, this, [this] { return fitToSize(); });
    p->setInteractions(QCP::iRangeZoom);
    p->axisRect()->setRangeZoom(Qt::Horizontal);

    connect(p, &QCustomPlot::mousePress, this, &BandsView::onMousePress);
    connect(p, &QCustomPlot::mouseMove, this, &BandsView::onMouseMove);
    connect(p, &QCustomPlot::mouseRelease, this, &BandsView::onMouseRelease);
    connect(p, &QCustomPlot::mouseDoubleClick, this, [this] { this->document()->selectBand(-1, -1); });
    applyScale();
}

void BandsView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    for (QCPItemText* label : m_referenceLabels)
        label->setFont(plot()->xAxis->tickLabelFont());
}

BandsView::Reach BandsView::reachOf(double wavelength, std::int64_t maxLen)
{
    const auto length = static_cast<double>(maxLen);
    if (wavelength <= length)
        return Reach::FullPeriods;
    return wavelength <= nearlyConstantFactor * length ? Reach::PartPeriod : Reach::NearlyConstant;
}

void BandsView::redraw(const Frame& f)
{
    const auto pairs = static_cast<int>(bandsOf(f).wavelength.size());
    if (!m_drawn || !(f.spec == m_drawnSpec)) {
        m_drawn = true;
        m_drawnSpec = f.spec;
        plot()->xAxis->setRange(-0.5, std::max(pairs, 1) - 0.5);
    }
    m_formatBox->setCurrentIndex(m_formatBox->findData(int(f.state.format)));
    drawPairs(f);
    drawReferences(f);
    drawResolution(f);
    const bool banded = f.state.bandFirst >= 0 && f.state.bandFirst < pairs && showsSelectionMarks();
    m_band->setVisible(banded);
    if (banded)
        placeBand(m_band, f.state.bandFirst, f.state.bandLast);
    m_band->setPen(QPen(QColor(255, 80, 80), penWidth(1.5)));
    m_band->setBrush(QColor(255, 80, 80, 40));
    m_rubberBand->setPen(QPen(QColor(255, 80, 80), penWidth(1.0), Qt::DashLine));
    m_rubberBand->setBrush(QColor(255, 80, 80, 25));
    m_titleText = tr("Frequency bands\nd_model %1 · max_len %2 · base %3 · %4 frequencies")
                      .arg(f.spec.dModel).arg(f.spec.maxLen).arg(shortNumber(f.spec.base, 6))
                      .arg(frequencyRuleText(f.spec.frequencies));
    if (const QString resolution = resolutionText(f); !resolution.isEmpty())
        m_titleText += QLatin1Char('\n') + resolution;
    if (banded)
        m_titleText += QLatin1Char('\n') + (m_forExport ? tr("band: pairs %1–%2") : tr("band: pairs %1–%2, highlighted in the heatmap"))
                                               .arg(f.state.bandFirst).arg(f.state.bandLast);
    else if (!m_forExport)
        m_titleText += QLatin1Char('\n') + tr("drag across pairs to select a band");
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void BandsView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    m_rubberBand->setVisible(false);
    plot()->legend->setIconSize(10, 10); // room for a marker: these entries have no line
    plot()->legend->setIconTextPadding(4);
    PlotView::prepareForExport(fontPixels);
}

bool BandsView::fitToSize()
{
    QCustomPlot* p = plot();
    bool changed = fitViewTitle(m_title, m_titleText);
    // The kinds side by side, their names on two lines where one line each is too wide.
    QCPLegend* legend = p->legend;
    const double width = legendRowWidth(legend);
    const QString before = m_reach[0]->name();
    const auto kinds = static_cast<int>(std::ranges::count_if(m_reach, [legend](QCPGraph* g) { return legend->hasItemWithPlottable(g); }));
    for (bool twoLines : {false, true}) {
        for (int i = 0; i < reachCount; ++i)
            m_reach[i]->setName(reachText(static_cast<Reach>(i), twoLines));
        // Spread evenly, long names need some air to not run to the edge.
        if (legendColumnsFitting(legend, 0.8 * width, reachCount + 1) >= kinds)
            break;
    }
    changed = m_reach[0]->name() != before || changed;
    changed = setLegendColumns(legend, legendColumnsFitting(legend, width, reachCount + 1)) || changed;
    changed = fitAxisLabel(p->yAxis, {tr("Wavelength λ (positions per turn)"), tr("Wavelength λ (positions)"),
                                      tr("Wavelength λ"), QStringLiteral("λ")}) || changed;
    changed = fitAxisLabel(p->yAxis2, {tr("Frequency ω (radians per position)"), tr("Frequency ω (rad/position)"),
                                       tr("Frequency ω"), QStringLiteral("ω")}) || changed;
    changed = fitTickCount(p->xAxis, 8) || changed;
    // The labels of the reference lines share their corners with the rising line of pairs.
    const double room = 0.6 * p->axisRect()->width();
    for (int i = 0; i < 3; ++i)
        m_referenceLabels[i]->setText(fittingText(m_referenceTexts[i], m_referenceLabels[i]->font(), room));
    placeMaxLenLabel();
    return changed;
}

void BandsView::placeMaxLenLabel()
{
    const FramePtr& f = document()->frame();
    if (!f || bandsOf(*f).wavelength.size() == 0)
        return;
    // The label goes beside its line where no marker, no other label and no other line is:
    // first below it at the right (the slow pairs rise above max_len there), then above it at
    // the left (the fast pairs stay below), then the other two corners, then the middle.
    const QCPAxis* x = plot()->xAxis;
    const QCPAxis* y = plot()->yAxis;
    const QRect area = plot()->axisRect()->rect();
    QCPItemText* label = m_referenceLabels[2];
    const QFontMetricsF metrics(label->font());
    const double height = metrics.height() + 4;
    double width = 0;
    const double line = y->coordToPixel(static_cast<double>(f->spec.maxLen));
    const double fastest = y->coordToPixel(twoPi), slowest = y->coordToPixel(twoPi * f->spec.base);
    constexpr double clearance = 6; // a marker's radius and some air
    // A place: the label's x as a ratio of the rect, its alignment there, above or below its line.
    struct Place {
        double x;
        Qt::Alignment horizontal;
        bool above;
    };
    const auto boxAt = [&](const Place& place) {
        const double anchor = area.left() + place.x * area.width();
        const double left = place.horizontal == Qt::AlignRight ? anchor - width
                            : place.horizontal == Qt::AlignLeft ? anchor : anchor - width / 2;
        return QRectF(left, place.above ? line - height : line, width, height);
    };
    const auto textWidth = [&](const QCPItemText* other) { return metrics.horizontalAdvance(other->text()) + 8; };
    // The 2π label sits above its line at the right, the 2π·base one below its line at the left.
    const double twoPiWidth = textWidth(m_referenceLabels[0]);
    QRectF twoPiBox(area.right() - twoPiWidth, fastest - height, twoPiWidth, height); // below its line in a second pass
    const QRectF baseBox(area.left(), slowest, textWidth(m_referenceLabels[1]), height);
    const auto fits = [&](const Place& place) {
        const QRectF box = boxAt(place);
        if (box.intersects(twoPiBox) || box.intersects(baseBox))
            return false;
        for (const double other : {fastest, slowest}) // nor across the other reference lines
            if (box.top() < other && other < box.bottom())
                return false;
        const auto near = [&](double key, double value) {
            const double px = x->coordToPixel(key), py = y->coordToPixel(value);
            return px >= box.left() - clearance && px <= box.right() + clearance && py >= box.top() - clearance
                   && py <= box.bottom() + clearance;
        };
        for (Eigen::Index k = 0; k < bandsOf(*f).wavelength.size(); ++k)
            if (near(static_cast<double>(k), bandsOf(*f).wavelength[k]))
                return false;
        // Nor on the resolution limit's markers (float16: "max_len = 100" sat on them at 89 × 70 mm).
        if (m_resolution->visible())
            for (auto it = m_resolution->data()->constBegin(); it != m_resolution->data()->constEnd(); ++it)
                if (near(it->key, it->value))
                    return false;
        return true;
    };
    // The corners first, then the middle of the line; the text fitted to the width first, then
    // the shorter ones ("max_len" alone in a crowded 89 × 70 mm figure). Then the same with the
    // 2π label below its own line, which leaves max_len the room under its line at the right
    // (an 89 × 70 mm figure in float16, whose limits fill the rest). Where none fits, max_len
    // is within a label's height of 2π: max_len above its line and 2π below its own, at the right.
    static constexpr std::array<Place, 6> places{{{0.99, Qt::AlignRight, false},
                                                  {0.01, Qt::AlignLeft, true},
                                                  {0.99, Qt::AlignRight, true},
                                                  {0.01, Qt::AlignLeft, false},
                                                  {0.5, Qt::AlignHCenter, false},
                                                  {0.5, Qt::AlignHCenter, true}}};
    Place chosen{0.99, Qt::AlignRight, true};
    bool found = false, twoPiBelow = false;
    const QStringList& texts = m_referenceTexts[2];
    const qsizetype fitted = std::max<qsizetype>(0, texts.indexOf(label->text()));
    for (const bool below : {false, true}) {
        twoPiBox.moveTop(below ? fastest : fastest - height);
        for (qsizetype t = fitted; t < texts.size() && !found; ++t) {
            width = metrics.horizontalAdvance(texts[t]) + 8;
            for (const Place& place : places)
                if (fits(place)) {
                    chosen = place;
                    found = true;
                    twoPiBelow = below;
                    label->setText(texts[t]);
                    break;
                }
        }
        if (found)
            break;
    }
    if (!found)
        twoPiBelow = true;
    m_referenceLabels[0]->setPositionAlignment(Qt::AlignRight | (twoPiBelow ? Qt::AlignTop : Qt::AlignBottom));
    if (twoPiBelow) {
        // The 2π label hangs below its line: lower the axis until it fits above the tick labels
        // (a short figure has less than a label's height there). With U, T, L the logs of the
        // top, of 2π and of the bottom, the room (T − L)·H/(U − L) ≥ h needs T − L ≥ h(U − T)/(H − h).
        const double h = 1.15 * height, H = area.height();
        const double U = std::log10(y->range().upper), T = std::log10(twoPi);
        if (H > 2 * h && (y->coordToPixel(y->range().lower) - fastest) < h)
            plot()->yAxis->setRangeLower(std::pow(10.0, T - h * (U - T) / (H - h)));
    }
    label->position->setCoords(chosen.x, static_cast<double>(f->spec.maxLen));
    label->setPositionAlignment(chosen.horizontal | (chosen.above ? Qt::AlignBottom : Qt::AlignTop));
}

void BandsView::drawPairs(const Frame& f)
{
    const auto pairs = static_cast<int>(bandsOf(f).wavelength.size());
    QVector<double> keys(pairs);
    std::iota(keys.begin(), keys.end(), 0.0);
    m_line->setData(keys, QVector<double>(bandsOf(f).wavelength.data(), bandsOf(f).wavelength.data() + pairs), true);
    m_line->setPen(QPen(QColor(150, 150, 150), penWidth(1.0)));
    std::array<QVector<double>, reachCount> reachKeys, reachValues;
    for (int k = 0; k < pairs; ++k) {
        const auto reach = static_cast<int>(reachOf(bandsOf(f).wavelength[k], f.spec.maxLen));
        reachKeys[reach].append(k);
        reachValues[reach].append(bandsOf(f).wavelength[k]);
    }
    for (int i = 0; i < reachCount; ++i) {
        m_reach[i]->setData(reachKeys[i], reachValues[i], true);
        m_reach[i]->setScatterStyle(reachStyle(static_cast<Reach>(i), scale()));
        // An empty kind stays out of the legend: it would name pairs that are not there.
        if (reachKeys[i].isEmpty())
            m_reach[i]->removeFromLegend();
        else
            m_reach[i]->addToLegend();
    }
}

void BandsView::drawReferences(const Frame& f)
{
    const double length = static_cast<double>(f.spec.maxLen);
    const std::array<double, 3> levels{twoPi, twoPi * f.spec.base, length};
    const QString limit = shortNumber(twoPi * f.spec.base, 5);
    m_referenceTexts = {QStringList{tr("2π: the fastest possible pair"), tr("2π: fastest pair"), QStringLiteral("2π")},
                        QStringList{tr("2π·base = %1: no pair is slower").arg(limit), tr("2π·base = %1").arg(limit),
                                    QStringLiteral("2π·base")},
                        QStringList{tr("max_len = %1").arg(f.spec.maxLen), QStringLiteral("max_len")}};
    // Where the rising line of pairs leaves room: 2π above its line at the right (only the first
    // pairs are that fast, on the left), 2π·base below its line at the left (only the last pairs
    // come near it, on the right). max_len's place depends on the pairs: placeMaxLenLabel().
    const std::array<QPointF, 3> anchors{QPointF(0.99, 0), QPointF(0.01, 0), QPointF(0.01, 0)};
    const std::array<Qt::Alignment, 3> alignments{Qt::AlignRight | Qt::AlignBottom, Qt::AlignLeft | Qt::AlignTop,
                                                   Qt::AlignLeft | Qt::AlignBottom};
    const std::array<QColor, 3> colours{QColor(90, 90, 90), QColor(90, 90, 90), seriesColor(2).darker(120)};
    for (int i = 0; i < 3; ++i) {
        placeHorizontal(m_references[i], levels[i]);
        m_references[i]->setPen(QPen(colours[i], penWidth(i == 2 ? 1.5 : 1.0), Qt::DashLine));
        m_referenceLabels[i]->position->setCoords(anchors[i].x(), levels[i]);
        m_referenceLabels[i]->setPositionAlignment(alignments[i]);
        m_referenceLabels[i]->setText(m_referenceTexts[i].front());
        m_referenceLabels[i]->setColor(colours[i]);
    }
    double lowest = std::min(twoPi, length), highest = std::max(twoPi * f.spec.base, length);
    if (bandsOf(f).wavelength.size() > 0) {
        lowest = std::min(lowest, bandsOf(f).wavelength.minCoeff());
        highest = std::max(highest, bandsOf(f).wavelength.maxCoeff());
    }
    plot()->yAxis->setRange(lowest / 3.5, highest * 4.0); // room for a label under 2π
}

QString BandsView::resolutionText(const Frame& f) const
{
    if (bandsOf(f).resolution.isEmpty() || f.state.format == core::NumberFormat::Float64)
        return {};
    const auto [lowest, highest] = std::ranges::minmax(bandsOf(f).resolution);
    const QString format = QString::fromUtf8(core::numberFormatName(f.state.format).data());
    const QString range = lowest == highest ? shortNumber(lowest, 8) : tr("%1–%2").arg(shortNumber(lowest, 8), shortNumber(highest, 8));
    if (static_cast<double>(f.spec.firstPosition + f.spec.maxLen - 1) >= lowest)
        return tr("computed in %1 · positions beyond %2 can share an angle with the next · max_len reaches there").arg(format, range);
    return tr("computed in %1 · positions beyond %2 can share an angle with the next").arg(format, range);
}

void BandsView::drawResolution(const Frame& f)
{
    const bool shown = f.state.format != core::NumberFormat::Float64 && !bandsOf(f).resolution.isEmpty();
    QVector<double> keys, values;
    if (shown)
        for (int k = 0; k < bandsOf(f).resolution.size(); ++k) {
            keys.append(k);
            values.append(bandsOf(f).resolution[k]);
        }
    m_resolution->setData(keys, values, true);
    m_resolution->setName(tr("p_F: %1 resolution limit").arg(QString::fromUtf8(core::numberFormatName(f.state.format).data())));
    m_resolution->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, QPen(seriesColor(3), 1.4 * scale()),
                                                  Qt::NoBrush, 6 * scale()));
    if (shown) {
        m_resolution->addToLegend();
        // The axis reaches the limits as well, so that none is cut off.
        const QCPRange range = plot()->yAxis->range();
        const auto [lowest, highest] = std::ranges::minmax(values);
        plot()->yAxis->setRange(std::min(range.lower, lowest / 3.5), std::max(range.upper, highest * 4.0));
    } else {
        m_resolution->removeFromLegend();
    }
}

int BandsView::pairAtPixel(double x) const
{
    const FramePtr& f = document()->frame();
    const auto pairs = f ? static_cast<int>(bandsOf(*f).wavelength.size()) : 0;
    if (pairs == 0)
        return -1;
    const double key = plot()->xAxis->pixelToCoord(x);
    return std::isfinite(key) ? std::clamp(static_cast<int>(std::lround(key)), 0, pairs - 1) : -1;
}

QString BandsView::pairDescription(int pair) const
{
    const FramePtr& f = document()->frame();
    if (!f || pair < 0 || pair >= bandsOf(*f).wavelength.size())
        return {};
    const int cosColumn = core::cosColumn(f->spec, pair);
    const QString columns = cosColumn >= 0
        ? tr("columns %1 (sin) and %2 (cos)").arg(core::sinColumn(f->spec, pair)).arg(cosColumn)
        : tr("column %1 (sin only: the unpaired last sine)").arg(core::sinColumn(f->spec, pair));
    QString text = tr("pair k = %1 · ω = %2 radians per position · λ = %3 positions · %4 · %5")
        .arg(pair).arg(shortNumber(bandsOf(*f).omega[pair], 5)).arg(shortNumber(bandsOf(*f).wavelength[pair], 5))
        .arg(columns, reachText(reachOf(bandsOf(*f).wavelength[pair], f->spec.maxLen)));
    if (pair < bandsOf(*f).resolution.size() && f->state.format != core::NumberFormat::Float64)
        text += tr(" · computed in %1: p and p+1 can share an angle from p ≈ %2 on")
                    .arg(QString::fromUtf8(core::numberFormatName(f->state.format).data()))
                    .arg(static_cast<qint64>(bandsOf(*f).resolution[pair]));
    return text;
}

void BandsView::onMousePress(QMouseEvent* event)
{
    m_click.press(event);
    const bool inside = plot()->axisRect()->rect().contains(event->position().toPoint());
    m_dragFromPair = event->button() == Qt::LeftButton && inside ? pairAtPixel(event->position().x()) : -1;
}

void BandsView::onMouseMove(QMouseEvent* event)
{
    const int pair = pairAtPixel(event->position().x());
    const bool inside = plot()->axisRect()->rect().contains(event->position().toPoint());
    setReadout(inside ? pairDescription(pair) : QString());
    if (m_dragFromPair < 0 || !(event->buttons() & Qt::LeftButton) || pair < 0)
        return;
    placeBand(m_rubberBand, m_dragFromPair, pair);
    m_rubberBand->setVisible(true);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void BandsView::onMouseRelease(QMouseEvent* event)
{
    const int from = m_dragFromPair;
    m_dragFromPair = -1;
    m_rubberBand->setVisible(false);
    const int pair = pairAtPixel(event->position().x());
    if (from < 0 || pair < 0 || event->button() != Qt::LeftButton) {
        plot()->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    if (!m_click.isClick(event)) {
        m_anchorPair = from;
        document()->selectBand(from, pair);
    } else if ((event->modifiers() & Qt::ShiftModifier) && m_anchorPair >= 0) {
        document()->selectBand(m_anchorPair, pair);
    } else {
        m_anchorPair = pair;
        document()->selectBand(pair, pair);
    }
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

/// The bands view's own part of its catalogue entry (cmake/views.cmake).
void bandsViewEntry(ViewDescription& entry)
{
    drawnBy<BandsView>(entry, buildBandsPart, bandsPartData,
                       PartInput::Spec | PartInput::Format);
}

} // namespace pe::ui
