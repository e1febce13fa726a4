// SPDX-License-Identifier: MIT
#include "ui/views/ropemodelplot.h"

#include "core/precision.h"
#include "ui/plotting/freeplace.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/pointing.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace pe::ui {

namespace {

constexpr double twoPi = 2 * std::numbers::pi;

QString count(double v)
{
    return QString::number(v, 'f', 0);
}

void linearValueAxis(QCPAxis* axis)
{
    if (axis->scaleType() == QCPAxis::stLinear)
        return;
    axis->setScaleType(QCPAxis::stLinear);
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(QStringLiteral("gb"));
    axis->setNumberPrecision(6);
}

QString treatmentName(core::PairTreatment t)
{
    switch (t) {
    case core::PairTreatment::Kept: return RopeModelPlot::tr("kept");
    case core::PairTreatment::Interpolated: return RopeModelPlot::tr("÷ factor");
    case core::PairTreatment::Blended: return RopeModelPlot::tr("blended");
    case core::PairTreatment::Sped: return RopeModelPlot::tr("faster");
    }
    return {};
}

QCPScatterStyle::ScatterShape treatmentShape(core::PairTreatment t)
{
    switch (t) {
    case core::PairTreatment::Kept: return QCPScatterStyle::ssDisc;
    case core::PairTreatment::Interpolated: return QCPScatterStyle::ssSquare;
    case core::PairTreatment::Blended: return QCPScatterStyle::ssDiamond;
    case core::PairTreatment::Sped: return QCPScatterStyle::ssTriangle;
    }
    return QCPScatterStyle::ssDisc;
}

QString typeName(const core::RopeModel& m)
{
    if (m.type == core::RopeType::Default)
        return m.mropeSection.empty() ? RopeModelPlot::tr("no scaling") : RopeModelPlot::tr("M-RoPE sections, no scaling");
    return QString::fromUtf8(core::ropeTypeKey(m.type).data(), static_cast<qsizetype>(core::ropeTypeKey(m.type).size()));
}

} // namespace

RopeModelPlot::RopeModelPlot(QCustomPlot* plot, QCPAxisRect* bands, QCPAxisRect* lower)
    : m_plot(plot), m_bands(bands), m_lower(lower)
{
    QCPAxis* x = bands->axis(QCPAxis::atBottom);
    QCPAxis* y = bands->axis(QCPAxis::atLeft);
    m_unscaled = plot->addGraph(x, y);
    m_original = plot->addGraph(x, y);
    m_longest = plot->addGraph(x, y);
    m_other = plot->addGraph(x, y);
    m_local = plot->addGraph(x, y);
    for (core::PairTreatment t : {core::PairTreatment::Kept, core::PairTreatment::Interpolated, core::PairTreatment::Blended,
                                  core::PairTreatment::Sped}) {
        QCPGraph* g = plot->addGraph(x, y);
        g->setLineStyle(QCPGraph::lsNone);
        g->setName(treatmentName(t));
        m_treatment[static_cast<std::size_t>(t)] = g;
    }
    QCPAxis* lx = lower->axis(QCPAxis::atBottom);
    QCPAxis* ly = lower->axis(QCPAxis::atLeft);
    m_query = plot->addGraph(lx, ly);
    m_score = plot->addGraph(lx, ly);
    m_decay = plot->addGraph(lx, ly);
    for (QCPGraph*& g : m_precision)
        g = plot->addGraph(lx, ly);
    for (QCPGraph* g : {m_query, m_score, m_decay, m_precision[0], m_precision[1], m_precision[2]})
        g->removeFromLegend();
    // The cosines' own legend, in the empty lower left of their rect (they start at 1 and fall
    // to the right): the legend above the plots already holds eight entries.
    m_lowerLegend = new QCPLegend;
    lower->insetLayout()->addElement(m_lowerLegend, Qt::AlignLeft | Qt::AlignBottom);
    m_lowerLegend->setLayer(QStringLiteral("legend"));
    m_lowerLegend->setBrush(QColor(255, 255, 255, 220));
    m_lowerLegend->setBorderPen(Qt::NoPen);
    m_lowerLegend->setVisible(false);
    for (int i = 0; i < 2; ++i) {
        m_contextLines[i] = addStraightLine(plot, bands);
        m_contextLabels[i] = addText(plot, bands);
        m_contextLabels[i]->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        // At the left, where only the fast pairs are (far below both lines): the original
        // context's label under its line, the longest's above its own.
        m_contextLabels[i]->setPositionAlignment(Qt::AlignLeft | (i == 0 ? Qt::AlignTop : Qt::AlignBottom));
        m_contextLabels[i]->setPadding(QMargins(3, 1, 3, 1));
        m_lowerLines[i] = addStraightLine(plot, lower);
        m_sectionLines[i] = addStraightLine(plot, bands);
    }
    for (auto& label : m_sectionLabels) {
        label = addText(plot, bands);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    }
    setShown(false);
}

bool RopeModelPlot::fitContextLabels()
{
    if (!m_shown)
        return false;
    // Each context's label on its line where no curve runs, the original's first; the longest's
    // only where it can stand apart from it (left out in a crowded 89 × 70 mm figure rather
    // than written over it), decided anew at every layout.
    QList<QCPGraph*> curves{m_unscaled, m_original, m_longest, m_other, m_local};
    for (QCPGraph* markers : m_treatment)
        curves << markers;
    const QList<QCPItemText*> sections(m_sectionLabels.begin(), m_sectionLabels.end()); // M-RoPE's t, h, w
    bool changed = false;
    if (m_bothContexts) {
        changed = placeLineLabels(m_bands, {m_contextLabels[0], m_contextLabels[1]}, {false, true}, curves, sections,
                                  {m_contextTexts[0], m_contextTexts[1]});
    } else {
        changed = placeLineLabels(m_bands, {m_contextLabels[0]}, {false}, curves, sections, {m_contextTexts[0]});
        changed = m_contextLabels[1]->visible() || changed;
        m_contextLabels[1]->setVisible(false);
    }
    // The comparison's or the precision's legend in the corner its curves leave free.
    // A plot too short for it anywhere off its axes (a crowded 89 × 70 mm figure) leaves it out.
    if (m_lowerLegendWanted) {
        QList<QCPGraph*> lower{m_query, m_score};
        for (QCPGraph* g : m_precision)
            lower << g;
        bool fits = false;
        changed = placeInsetLegend(m_lower, m_lowerLegend, lower, &fits) || changed;
        if (m_lowerLegend->visible() != fits) {
            m_lowerLegend->setVisible(fits);
            changed = true;
        }
    }
    return changed;
}

void RopeModelPlot::setShown(bool shown)
{
    m_shown = shown;
    for (QCPGraph* g : {m_unscaled, m_original, m_longest, m_other, m_local, m_query, m_score, m_decay}) {
        g->setVisible(shown);
        if (!shown)
            g->data()->clear();
    }
    for (QCPGraph* g : m_precision) {
        g->setVisible(shown);
        g->data()->clear();
        g->removeFromLegend(m_lowerLegend);
    }
    for (QCPGraph* g : m_treatment) {
        g->setVisible(shown);
        if (!shown)
            g->data()->clear();
    }
    for (QCPGraph* g : {m_unscaled, m_original, m_longest})
        shown ? (void)g->addToLegend() : (void)g->removeFromLegend();
    m_other->removeFromLegend(); // added by draw() when there is one
    m_local->removeFromLegend();
    for (QCPGraph* g : m_treatment)
        g->removeFromLegend(); // added back by draw() for the treatments present
    for (auto* item : m_contextLines)
        item->setVisible(shown);
    for (auto* item : m_contextLabels)
        item->setVisible(shown);
    for (auto* item : m_lowerLines)
        item->setVisible(shown);
    if (!shown) {
        m_query->removeFromLegend(m_lowerLegend);
        m_score->removeFromLegend(m_lowerLegend);
        m_lowerLegend->setVisible(false);
        m_lowerLegendWanted = false;
        m_lowerShare = 0.4;
    }
    for (auto* item : m_sectionLines)
        item->setVisible(false);
    for (auto* item : m_sectionLabels)
        item->setVisible(false);
}

void RopeModelPlot::clear()
{
    setShown(false); // empties the graphs and takes them out of the legends
    setShown(true);
}

void RopeModelPlot::draw(const RopeModelCurves& c, double penScale, bool forExport)
{
    const core::RopeModel& m = c.model;
    const auto pen = [&](const QColor& colour, double width, Qt::PenStyle style) {
        QPen p(colour, width * penScale, style);
        p.setCapStyle(Qt::FlatCap);
        return p;
    };
    m_unscaled->setName(tr("unscaled"));
    m_unscaled->setPen(pen(QColor(40, 40, 40), 1.3, Qt::DotLine));
    m_unscaled->setData(c.pairs, c.unscaledWavelength, true);
    m_original->setName(tr("theta_original"));
    m_original->setPen(pen(seriesColor(0), 1.6, Qt::DashLine));
    m_original->setData(c.pairs, c.originalWavelength, true);
    m_longest->setName(tr("theta_max"));
    m_longest->setPen(pen(seriesColor(2), 2.0, Qt::SolidLine));
    m_longest->setData(c.pairs, c.maxWavelength, true);
    if (c.other) {
        QVector<double> keys(c.otherWavelength.size());
        for (int k = 0; k < keys.size(); ++k)
            keys[k] = k;
        m_other->setName(tr("B's theta_max"));
        m_other->setPen(pen(seriesColor(1), 1.8, Qt::DashDotLine));
        m_other->setData(keys, c.otherWavelength, true);
        m_other->addToLegend();
    } else {
        m_other->data()->clear();
        m_other->removeFromLegend();
    }
    if (!c.localWavelength.isEmpty()) {
        m_local->setName(tr("local layers (base %1)").arg(shortNumber(*m.localBase, 6)));
        m_local->setPen(pen(QColor(110, 110, 110), 1.4, Qt::DashDotDotLine));
        m_local->setData(c.pairs, c.localWavelength, true);
        m_local->addToLegend();
    } else {
        m_local->data()->clear();
        m_local->removeFromLegend();
    }
    // The markers tell what the configuration does to each pair at its longest context.
    const double marker = (forExport || c.pairs.size() > 48 ? 4.5 : 6.5) * penScale;
    for (std::size_t t = 0; t < m_treatment.size(); ++t) {
        QVector<double> keys, values;
        for (int k = 0; k < c.pairs.size(); ++k)
            if (static_cast<std::size_t>(c.treatment[static_cast<std::size_t>(k)]) == t) {
                keys << k;
                values << c.maxWavelength[k];
            }
        QCPGraph* g = m_treatment[t];
        g->setData(keys, values, true);
        const auto treatment = static_cast<core::PairTreatment>(t);
        const QColor colour = treatment == core::PairTreatment::Kept ? QColor(40, 40, 40) : seriesColor(2);
        g->setScatterStyle(QCPScatterStyle(treatmentShape(treatment), QPen(colour, 1.2 * penScale),
                                           treatment == core::PairTreatment::Interpolated ? QBrush(Qt::NoBrush) : QBrush(colour), marker));
        // Only a model that scales has treatments worth a legend entry.
        if (!keys.isEmpty() && m.type != core::RopeType::Default)
            g->addToLegend();
        else
            g->removeFromLegend();
    }
    const std::array<double, 2> lengths{c.originalContext, c.maxContext};
    const std::array<QString, 2> texts{tr("original context %1").arg(count(c.originalContext)),
                                       tr("longest context %1").arg(count(c.maxContext))};
    // Shorter where the long ones find no free place (fitContextLabels).
    m_contextTexts = {QStringList{texts[0], tr("original %1").arg(count(c.originalContext)), count(c.originalContext)},
                      QStringList{texts[1], tr("longest %1").arg(count(c.maxContext)), count(c.maxContext)}};
    for (int i = 0; i < 2; ++i) {
        placeHorizontal(m_contextLines[i], lengths[i]);
        m_contextLines[i]->setPen(QPen(QColor(120, 120, 120), penScale, i == 0 ? Qt::DashLine : Qt::DotLine));
        m_contextLabels[i]->setText(texts[i]);
        m_contextLabels[i]->setColor(QColor(90, 90, 90));
        m_contextLabels[i]->setFont(m_bands->axis(QCPAxis::atBottom)->tickLabelFont());
        m_contextLabels[i]->position->setCoords(0.01, lengths[i]);
    }
    // The two lines meet when the model does not extend its context: one label says both.
    const bool same = c.originalContext == c.maxContext;
    m_bothContexts = !same;
    m_contextLines[1]->setVisible(!same);
    m_contextLabels[1]->setVisible(!same); // and left out where it cannot stand (fitContextLabels)
    if (same) {
        m_contextLabels[0]->setText(tr("context %1").arg(count(c.maxContext)));
        m_contextTexts[0] = {m_contextLabels[0]->text(), count(c.maxContext)};
    }

    // M-RoPE: the pairs' time, height and width sections.
    const bool sections = m.mropeSection.size() == 3;
    double start = 0;
    for (int i = 0; i < 3; ++i) {
        const double width = sections ? m.mropeSection[static_cast<std::size_t>(i)] : 0;
        m_sectionLabels[i]->setVisible(sections);
        m_sectionLabels[i]->setText(QStringList{tr("time"), tr("height"), tr("width")}[i]);
        m_sectionLabels[i]->setFont(m_bands->axis(QCPAxis::atBottom)->tickLabelFont());
        m_sectionLabels[i]->position->setCoords(start + width / 2 - 0.5, 0.02);
        start += width;
        if (i < 2) {
            m_sectionLines[i]->setVisible(sections);
            placeVertical(m_sectionLines[i], start - 0.5);
            m_sectionLines[i]->setPen(QPen(QColor(150, 150, 150), penScale, Qt::DashDotLine));
        }
    }
    const int pairs = std::max<int>(static_cast<int>(c.pairs.size()), static_cast<int>(c.otherWavelength.size()));
    m_bands->axis(QCPAxis::atBottom)->setRange(-0.5, std::max(pairs, 1) - 0.5);
    m_bands->axis(QCPAxis::atLeft)->setRange(c.lowestWavelength / 3.0, c.highestWavelength * 4.0);

    // Bottom: the comparison, or the decay bound.
    QCPAxis* lx = m_lower->axis(QCPAxis::atBottom);
    QCPAxis* ly = m_lower->axis(QCPAxis::atLeft);
    const core::RopeComparison& cmp = c.comparison;
    for (int i = 0; i < 2; ++i) {
        placeVertical(m_lowerLines[i], lengths[i]);
        m_lowerLines[i]->setPen(QPen(QColor(120, 120, 120), penScale, i == 0 ? Qt::DashLine : Qt::DotLine));
    }
    m_lowerLines[1]->setVisible(!same);
    for (QCPGraph* g : m_precision) {
        g->data()->clear();
        g->removeFromLegend(m_lowerLegend);
    }
    if (cmp.positions.size() == 0 && !c.precisionKeys.isEmpty()) {
        drawPrecision(c, penScale);
        return;
    }
    if (cmp.positions.size() > 0) {
        const QVector<double> positions(cmp.positions.data(), cmp.positions.data() + cmp.positions.size());
        m_query->setData(positions, QVector<double>(cmp.queryCosine.data(), cmp.queryCosine.data() + cmp.queryCosine.size()), true);
        m_score->setData(positions, QVector<double>(cmp.scoreCosine.data(), cmp.scoreCosine.data() + cmp.scoreCosine.size()), true);
        m_query->setName(tr("query cosine"));
        m_score->setName(tr("scores cosine"));
        m_query->setPen(pen(seriesColor(0), 1.8, Qt::DashLine));
        m_score->setPen(pen(seriesColor(2), 2.2, Qt::SolidLine));
        m_query->addToLegend(m_lowerLegend);
        m_score->addToLegend(m_lowerLegend);
        m_lowerLegend->setFont(m_bands->axis(QCPAxis::atBottom)->tickLabelFont());
        m_lowerLegend->setIconSize(static_cast<int>(20 * penScale), static_cast<int>(8 * penScale));
        m_lowerLegend->setVisible(true);
        m_lowerLegendWanted = true;
        m_lowerShare = 0.5; // the comparison is half the story: equal room
        m_decay->data()->clear();
        lx->setScaleType(QCPAxis::stLogarithmic);
        lx->setTicker(powersOfTenTicker());
        lx->setNumberFormat(QStringLiteral("eb"));
        lx->setNumberPrecision(0);
        lx->setRange(1, positions.back());
        linearValueAxis(ly);
        const double lowest = std::min(cmp.queryCosine.minCoeff(), cmp.scoreCosine.minCoeff());
        ly->setRange(std::min(0.0, lowest) - 0.03, 1.03);
        m_lowerCaptions = {tr("A = %1 against B = %2: cosine of the rotated query and of the causal scores at each query position")
                               .arg(QString::fromStdString(m.name), QString::fromStdString(c.other->name)),
                           tr("A against B: cosine of the query and of the scores"), tr("A against B")};
        lx->setLabel(tr("Query position m (keys at 0 … m)"));
        ly->setLabel(tr("Cosine A · B"));
    } else {
        m_query->data()->clear();
        m_score->data()->clear();
        m_query->removeFromLegend(m_lowerLegend);
        m_score->removeFromLegend(m_lowerLegend);
        m_lowerLegend->setVisible(false);
        m_lowerLegendWanted = false;
        m_lowerShare = 0.4;
        m_decay->setData(c.decayKeys, c.decayBound, true);
        m_decay->setPen(pen(seriesColor(2), 2.0, Qt::SolidLine));
        linearValueAxis(lx);
        linearValueAxis(ly);
        lx->setRange(0, c.decayKeys.isEmpty() ? 1.0 : std::max(c.decayKeys.back(), 1.0));
        ly->setRange(0, c.highestDecayBound * 1.08);
        m_lowerCaptions = {tr("Long-term decay at theta_max: RoFormer's bound of q·k against m − n, up to the longest context"),
                           tr("Decay bound at theta_max"), tr("Decay bound")};
        lx->setLabel(tr("Relative distance m − n"));
        ly->setLabel(tr("Relative bound"));
    }
}

void RopeModelPlot::drawPrecision(const RopeModelCurves& c, double penScale)
{
    QCPAxis* lx = m_lower->axis(QCPAxis::atBottom);
    QCPAxis* ly = m_lower->axis(QCPAxis::atLeft);
    m_query->data()->clear();
    m_score->data()->clear();
    m_query->removeFromLegend(m_lowerLegend);
    m_score->removeFromLegend(m_lowerLegend);
    m_decay->data()->clear();
    const std::array<QString, 3> names{QStringLiteral("float32"), QStringLiteral("bfloat16"), QStringLiteral("float16")};
    const std::array<Qt::PenStyle, 3> dashes{Qt::SolidLine, Qt::DashLine, Qt::DotLine};
    double lowest = std::numeric_limits<double>::infinity(), highest = 0;
    for (std::size_t f = 0; f < m_precision.size(); ++f) {
        // A log axis shows neither 0 (no error) nor infinity (the format cannot hold the id): gaps.
        QVector<double> values = c.precisionError[f];
        for (int i = 0; i < values.size(); ++i) {
            if (!(values[i] > 0) || !std::isfinite(values[i]))
                values[i] = std::numeric_limits<double>::quiet_NaN();
            else {
                lowest = std::min(lowest, values[i]);
                highest = std::max(highest, values[i]);
            }
        }
        QCPGraph* g = m_precision[f];
        g->setData(c.precisionKeys, values, true);
        QPen pen(seriesColor(static_cast<int>(f == 0 ? 2 : f == 1 ? 0 : 1)), 1.8 * penScale, dashes[f]);
        pen.setCapStyle(Qt::FlatCap);
        g->setPen(pen);
        // The first id the format cannot hold (float16: 65520, where rounding passes 65504).
        const double unheld = c.firstUnheldId[f];
        g->setName(unheld > 0 ? tr("%1 ids (none from %2)").arg(names[f], count(unheld)) : tr("%1 ids").arg(names[f]));
        g->addToLegend(m_lowerLegend);
    }
    m_lowerLegend->setFont(m_bands->axis(QCPAxis::atBottom)->tickLabelFont());
    m_lowerLegend->setIconSize(static_cast<int>(20 * penScale), static_cast<int>(8 * penScale));
    m_lowerLegend->setVisible(true);
    m_lowerLegendWanted = true;
    for (QCPAxis* axis : {lx, ly}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(powersOfTenTicker());
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
    }
    lx->setRange(1, std::max(2.0, c.maxContext));
    if (std::isfinite(lowest))
        ly->setRange(lowest / 2, highest * 3);
    m_lowerShare = 0.5;
    m_lowerCaptions = {tr("Position ids in low precision: the largest error of any pair's angle m·θ (float32 arithmetic) per range of positions"),
                       tr("Angle error of low-precision position ids"), tr("Angle error")};
    lx->setLabel(tr("Position m"));
    ly->setLabel(tr("Angle error (rad)"));
}

void RopeModelPlot::matchFonts()
{
    const QFont font = m_bands->axis(QCPAxis::atBottom)->tickLabelFont();
    m_lowerLegend->setFont(font);
    for (QCPItemText* label : m_contextLabels)
        label->setFont(font);
    for (QCPItemText* label : m_sectionLabels)
        label->setFont(font);
}

QString RopeModelPlot::title(const RopeModelCurves& c, bool forExport) const
{
    const core::RopeModel& m = c.model;
    const QString first = c.other ? tr("%1 against %2").arg(QString::fromStdString(m.name), QString::fromStdString(c.other->name))
                                  : tr("RoPE of %1").arg(QString::fromStdString(m.name));
    const QString second = tr("%1 · %2 pairs of a %3-wide head · base %4 · attention factor %5")
                               .arg(typeName(m)).arg(core::ropeModelPairs(m)).arg(m.headDim).arg(shortNumber(m.base, 6))
                               .arg(QString::number(c.attention, 'f', 4));
    Q_UNUSED(forExport);
    return first + QLatin1Char('\n') + second;
}

QString RopeModelPlot::details(const RopeModelCurves& c)
{
    const core::RopeModel& m = c.model;
    QStringList lines;
    QStringList fields;
    for (const std::string& f : m.fieldsUsed)
        fields << QString::fromStdString(f).toHtmlEscaped();
    lines << tr("<b>%1</b> — from %2").arg(QString::fromStdString(m.name).toHtmlEscaped(), QString::fromStdString(m.source).toHtmlEscaped());
    lines << tr("Fields used: %1").arg(fields.join(QStringLiteral("; ")));
    const std::array<int, 4>& counts = c.treatmentCounts;
    if (m.type != core::RopeType::Default)
        lines << tr("At its longest context (%1 tokens): %2 pairs kept, %3 interpolated, %4 blended or with their own factor, %5 faster.")
                     .arg(count(c.maxContext)).arg(counts[0]).arg(counts[1]).arg(counts[2]).arg(counts[3]);
    lines << tr("Attention factor (cos and sin × it): %1").arg(QString::number(c.attention, 'f', 6))
                 + (c.softmaxScale != 1 ? tr(" · DeepSeek's softmax scale × mscale(factor, mscale_all_dim)² = %1")
                                              .arg(QString::number(c.softmaxScale, 'f', 6))
                                        : QString());
    if (m.mropeSection.size() == 3)
        lines << tr("M-RoPE: pairs 0–%1 turn with time, %2–%3 with height, %4–%5 with width.")
                     .arg(m.mropeSection[0] - 1).arg(m.mropeSection[0]).arg(m.mropeSection[0] + m.mropeSection[1] - 1)
                     .arg(m.mropeSection[0] + m.mropeSection[1]).arg(core::ropeModelPairs(m) - 1);
    if (m.localBase)
        lines << tr("Sliding-window layers rotate with base %1 instead (rope_local_base_freq), unscaled.").arg(shortNumber(*m.localBase, 6));
    lines << (m.pairing == core::RopePairing::Interleaved
                  ? tr("Pairs interleaved (x<sub>2k</sub>, x<sub>2k+1</sub>), as GPT-J. Its weights run with rotate_half's "
                       "(x<sub>k</sub>, x<sub>k+d/2</sub>) pairs: a random q·k over distances 0–%1 keeps a cosine of %2 with the right scores.")
                  : tr("Pairs as rotate_half (x<sub>k</sub>, x<sub>k+d/2</sub>), as GPT-NeoX and Llama: the same rotation as "
                       "interleaved pairs under a permutation of the dimensions. Its weights run with interleaved pairs: a random "
                       "q·k over distances 0–%1 keeps a cosine of %2 with the right scores."))
                 .arg(c.pairingDistances).arg(QString::number(c.pairingMismatch, 'f', 3));
    // Position ids in low precision: the first position each format cannot hold.
    const double last = c.maxContext - 1;
    QStringList collide;
    const std::array<QString, 3> formats{QStringLiteral("bfloat16"), QStringLiteral("float16"), QStringLiteral("float32")};
    for (std::size_t f = 0; f < formats.size(); ++f) {
        const double first = c.firstCollidingId[f];
        collide << (first <= last ? tr("%1 from %2 (of %3)").arg(formats[f], count(first), count(last))
                                  : tr("%1 never").arg(formats[f]));
    }
    lines << tr("Position ids that collide: %1. In float32, the angle m·θ at m = %2 is off by up to %3 rad.")
                 .arg(collide.join(QStringLiteral(", ")), count(last), shortNumber(c.float32AngleErrorAtLast, 3));
    if (c.other && c.comparison.positions.size() > 0) {
        const auto at = [&](double position) {
            Eigen::Index best = 0;
            for (Eigen::Index i = 0; i < c.comparison.positions.size(); ++i)
                if (c.comparison.positions[i] <= position)
                    best = i;
            return best;
        };
        const Eigen::Index o = at(c.originalContext - 1), e = c.comparison.positions.size() - 1;
        lines << tr("Against %1: scores' cosine %2 at position %3, %4 at %5 (%6 pairs compared).")
                     .arg(QString::fromStdString(c.other->name).toHtmlEscaped())
                     .arg(QString::number(c.comparison.scoreCosine[o], 'f', 4)).arg(count(c.comparison.positions[o]))
                     .arg(QString::number(c.comparison.scoreCosine[e], 'f', 4)).arg(count(c.comparison.positions[e]))
                     .arg(c.comparison.pairs);
    }
    return lines.join(QStringLiteral("<br>"));
}

QString RopeModelPlot::pairReadout(const RopeModelCurves& c, int pair) const
{
    if (pair < 0 || pair >= c.pairs.size())
        return {};
    const double unscaled = twoPi / c.unscaledWavelength[pair];
    QString text = tr("pair k = %1 · unscaled λ = %2 · theta_original λ = %3 · theta_max λ = %4 (θ × %5) · %6")
        .arg(pair).arg(shortNumber(c.unscaledWavelength[pair], 5), shortNumber(c.originalWavelength[pair], 5),
                       shortNumber(c.maxWavelength[pair], 5), shortNumber(twoPi / c.maxWavelength[pair] / unscaled, 4),
                       treatmentName(c.treatment[static_cast<std::size_t>(pair)]));
    // The angle by which A and B turn this pair apart, at the end of the original context and of the longest.
    const core::RopeComparison& cmp = c.comparison;
    if (cmp.positions.size() > 0 && pair < cmp.pairs) {
        Eigen::Index atOriginal = 0;
        for (Eigen::Index i = 0; i < cmp.positions.size(); ++i)
            if (cmp.positions[i] <= c.originalContext - 1)
                atOriginal = i;
        const Eigen::Index last = cmp.positions.size() - 1;
        text += tr(" · A − B angle %1 rad at position %2, %3 rad at %4")
                    .arg(shortNumber(cmp.angleDifference(atOriginal, pair), 3), count(cmp.positions[atOriginal]),
                         shortNumber(cmp.angleDifference(last, pair), 3), count(cmp.positions[last]));
    }
    return text;
}

QString RopeModelPlot::lowerReadout(const RopeModelCurves& c, double x) const
{
    const core::RopeComparison& cmp = c.comparison;
    if (cmp.positions.size() > 0) {
        const QVector<double> positions(cmp.positions.data(), cmp.positions.data() + cmp.positions.size());
        const int i = nearestIndex(positions, x);
        if (i < 0)
            return {};
        return tr("query position %1 · rotated query cosine %2 · causal scores cosine %3")
            .arg(count(positions[i]), QString::number(cmp.queryCosine[i], 'f', 5), QString::number(cmp.scoreCosine[i], 'f', 5));
    }
    if (!c.precisionKeys.isEmpty()) {
        const int i = nearestIndex(c.precisionKeys, x);
        if (i < 0)
            return {};
        const auto error = [&](int f) {
            const double v = c.precisionError[static_cast<std::size_t>(f)][i];
            return std::isinf(v) ? tr("not held") : shortNumber(v, 3);
        };
        return tr("positions near %1 · largest angle error (rad): float32 %2 · bfloat16 %3 · float16 %4")
            .arg(count(c.precisionKeys[i]), error(0), error(1), error(2));
    }
    const int i = nearestIndex(c.decayKeys, x);
    return i < 0 ? QString() : tr("distance m − n = %1 · bound %2").arg(count(c.decayKeys[i]), shortNumber(c.decayBound[i], 4));
}

} // namespace pe::ui
