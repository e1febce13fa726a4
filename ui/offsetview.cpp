// SPDX-License-Identifier: MIT
#include "ui/offsetview.h"

#include "ui/document.h"

#include <QBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <qcustomplot.h>

#include <numeric>

namespace pe::ui {

namespace {

constexpr int wideModel = 128;   // above this many dimensions the bars start zoomed in
constexpr int zoomedColumns = 64;

QVector<double> toVector(const Eigen::VectorXd& values)
{
    return QVector<double>(values.data(), values.data() + values.size());
}

} // namespace

OffsetView::OffsetView(Document* document, QWidget* parent)
    : PlotView(document, View::Offset, parent)
    , m_pairsBar(new QWidget(this))
    , m_pairsLabel(new QLabel(m_pairsBar))
    , m_pairsSpin(new QSpinBox(m_pairsBar))
{
    setExplanation(tr("<b>Relative offset.</b> Moving k positions ahead turns each (sin, cos) pair "
                      "around its circle by a fixed angle k·ω, whatever the position p: a rotation "
                      "M_k takes PE(p) exactly to PE(p+k) (hollow rings on the dots). That is why the "
                      "dot product PE(p)·PE(p+k), top right, is the same for every p — a model can "
                      "read off how far apart two words are from their codes alone."));
    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_vectorRect = p->axisRect();
    QCPAxisRect* vectors = m_vectorRect;
    p->plotLayout()->take(vectors);
    auto* top = new QCPLayoutGrid;
    p->plotLayout()->addElement(1, 0, top);
    top->addElement(0, 0, vectors);
    m_dotRect = new QCPAxisRect(p);
    top->addElement(0, 1, m_dotRect);
    top->setColumnStretchFactors({2.0, 1.0});
    auto* circleRow = new QCPLayoutGrid;
    p->plotLayout()->addElement(2, 0, circleRow);
    p->plotLayout()->setRowStretchFactors({0.001, 3.0, 2.0});
    m_circles = std::make_unique<PairCircles>(p, circleRow);
    connect(p, &QCustomPlot::afterLayout, this, [this] { m_circles->keepRound(); });

    m_pe = new QCPBars(p->xAxis, p->yAxis);
    m_pe->setWidth(0.8);
    m_pe->setName(tr("PE(p)"));
    m_shifted = p->addGraph();
    m_shifted->setName(tr("PE(p+k)"));
    m_rotated = p->addGraph();
    m_rotated->setName(tr("M_k·PE(p): PE(p) turned by k"));
    for (QCPGraph* graph : {m_shifted, m_rotated})
        graph->setLineStyle(QCPGraph::lsNone);
    p->xAxis->setTicker(integerTicker());
    p->yAxis->setLabel(tr("value"));
    p->yAxis->setRange(-1.15, 1.65);
    p->legend->setVisible(true);
    p->legend->setFillOrder(QCPLegend::foColumnsFirst);
    p->legend->setBrush(QColor(255, 255, 255, 220));
    p->legend->setBorderPen(Qt::NoPen);
    vectors->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignHCenter);
    vectors->setRangeDrag(Qt::Horizontal);
    vectors->setRangeZoom(Qt::Horizontal);

    QCPAxis* dotX = m_dotRect->axis(QCPAxis::atBottom);
    dotX->setLabel(tr("Position p"));
    dotX->setTicker(integerTicker());
    dotX->ticker()->setTickCount(4); // a narrow panel: long positions need the room
    m_dotRect->axis(QCPAxis::atLeft)->setLabel(QStringLiteral("PE(p)·PE(p+k)"));
    useTopAxisAsCaption(m_dotRect);
    m_dots = p->addGraph(dotX, m_dotRect->axis(QCPAxis::atLeft));
    m_dotMarker = p->addGraph(dotX, m_dotRect->axis(QCPAxis::atLeft));
    m_dotMarker->setLineStyle(QCPGraph::lsNone);
    for (QCPGraph* graph : {m_dots, m_dotMarker})
        graph->removeFromLegend();
    m_dotPositionLine = addStraightLine(p, m_dotRect);
    m_dotRect->setRangeDrag(Qt::Horizontal);
    m_dotRect->setRangeZoom(Qt::Horizontal);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    // Paging through the circles when there are more pairs than slots.
    auto* pairsRow = new QHBoxLayout(m_pairsBar);
    pairsRow->setContentsMargins(0, 0, 0, 0);
    pairsRow->addWidget(new QLabel(tr("Circles from pair"), m_pairsBar));
    pairsRow->addWidget(m_pairsSpin);
    pairsRow->addWidget(m_pairsLabel, 1);
    if (auto* box = qobject_cast<QBoxLayout*>(layout()))
        box->insertWidget(1, m_pairsBar);
    connect(m_pairsSpin, &QSpinBox::valueChanged, this, &OffsetView::setFirstCirclePair);

    connect(p, &QCustomPlot::mouseMove, this, &OffsetView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &OffsetView::onMouseRelease);
    connect(p, &QCustomPlot::mouseWheel, this, &OffsetView::onMouseWheel);
    applyScale();
}

OffsetView::~OffsetView() = default;

void OffsetView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_circles->setFonts(plot()->xAxis->tickLabelFont());
    QFont font = m_pairsBar->font();
    font.setPointSizeF(QFont().pointSizeF() * scale());
    m_pairsBar->setFont(font);
}

void OffsetView::setFirstCirclePair(int pair)
{
    const FramePtr& f = document()->frame();
    const int last = f ? std::max(0, core::fullPairCount(f->spec) - PairCircles::slotCount) : 0;
    pair = std::clamp(pair, 0, last);
    if (pair == m_firstPair && m_pairsSpin->value() == pair)
        return;
    m_firstPair = pair;
    if (f) {
        m_circles->draw(*f, m_firstPair, scale());
        updatePairControls(*f);
        plot()->replot(QCustomPlot::rpQueuedReplot);
    }
}

void OffsetView::redraw(const Frame& f)
{
    const bool newSpec = !m_drawn || !(f.spec == m_drawnSpec);
    const bool newOffset = newSpec || f.state.offset != m_drawnOffset;
    if (newSpec) {
        plot()->xAxis->setRange(-0.7, std::min(f.spec.dModel, f.spec.dModel > wideModel ? zoomedColumns : f.spec.dModel) - 0.3);
        m_followedDimension = -1;
    }
    drawVectors(f);
    drawOffsetDots(f);
    if (newOffset && !f.offsetDotX.isEmpty()) {
        const double first = static_cast<double>(f.spec.firstPosition);
        const double low = first + f.offsetDotX.front(), high = first + f.offsetDotX.back();
        const double margin = std::max(0.5, 0.02 * (high - low));
        m_dotRect->axis(QCPAxis::atBottom)->setRange(low - margin, high + margin);
    }
    m_drawn = true;
    m_drawnSpec = f.spec;
    m_drawnOffset = f.state.offset;
    followSelectedDimension(f);
    m_circles->draw(f, m_firstPair, scale());
    updatePairControls(f);
    m_title->setText(titleText(f));
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void OffsetView::drawVectors(const Frame& f)
{
    if (f.pe.size() != f.spec.dModel)
        return;
    QVector<double> columns(f.spec.dModel);
    std::iota(columns.begin(), columns.end(), 0.0);
    m_pe->setData(columns, toVector(f.pe), true);
    m_pe->setPen(Qt::NoPen);
    m_pe->setBrush(QColor(190, 190, 190));
    m_shifted->setData(columns, toVector(f.peShifted), true);
    m_rotated->setData(columns, toVector(f.rotated), true);
    m_shifted->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(1), seriesColor(1), 6 * scale()));
    m_rotated->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(0), penWidth(1.5)),
                                               Qt::NoBrush, 11 * scale()));
    plot()->xAxis->setLabel(f.spec.dModel > wideModel
        ? tr("Dimension (%1 in all: drag and wheel to move along)").arg(f.spec.dModel)
        : tr("Dimension"));
}

void OffsetView::drawOffsetDots(const Frame& f)
{
    m_dots->setData(positionsOfRows(f.offsetDotX, f.spec.firstPosition), f.offsetDotY, true);
    m_dots->setPen(QPen(seriesColor(2), penWidth(2.0)));
    // A flat line must look flat: the axis spans every value a dot product can take, ±‖PE‖².
    const double reach = 1.1 * core::pairCount(f.spec);
    m_dotRect->axis(QCPAxis::atLeft)->setRange(-reach, reach);
    const double p = static_cast<double>(f.state.position);
    const auto at = std::lower_bound(f.offsetDotX.begin(), f.offsetDotX.end(), p);
    if (at != f.offsetDotX.end() && *at == p)
        m_dotMarker->setData({p + f.spec.firstPosition}, {f.offsetDotY[at - f.offsetDotX.begin()]}, true);
    else
        m_dotMarker->data()->clear();
    m_dotMarker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(1), penWidth(2.0)),
                                                 Qt::NoBrush, 10 * scale()));
    placeVertical(m_dotPositionLine, p + f.spec.firstPosition);
    m_dotPositionLine->setPen(QPen(QColor(60, 60, 60), penWidth(1.0), Qt::DashLine));
    m_dotRect->axis(QCPAxis::atTop)->setLabel(
        f.spec.dModel % 2 == 0 ? tr("the same for every p") : tr("nearly the same for every p"));
}

QString OffsetView::titleText(const Frame& f) const
{
    const std::int64_t p = f.spec.firstPosition + f.state.position;
    QString text = tr("Relative offset · p = %1 · k = %2 · p + k = %3").arg(p).arg(f.state.offset).arg(p + f.state.offset);
    if (f.state.position + f.state.offset >= f.spec.maxLen)
        text += tr(" (beyond max_len: the formula holds anywhere)");
    const int fullPairs = core::fullPairCount(f.spec);
    if (fullPairs == 0)
        return text + QLatin1Char('\n') + tr("d_model = 1: a single sine and no (sin, cos) pair to turn");
    text += QLatin1Char('\n') + tr("‖M_k·PE(p) − PE(p+k)‖ = %1").arg(QString::number(f.residual, 'g', 2));
    if (f.residual < 1e-9)
        text += tr(": equal up to rounding");
    if (core::pairCount(f.spec) > fullPairs)
        text += tr(" (full pairs only)");
    return text;
}

void OffsetView::followSelectedDimension(const Frame& f)
{
    // Selecting a dimension anywhere brings its pair's circle into view.
    if (f.state.dimension == m_followedDimension || f.state.dimension >= f.spec.dModel)
        return;
    m_followedDimension = f.state.dimension;
    const int pair = core::columnRole(f.spec, f.state.dimension).pair;
    const int last = std::max(0, core::fullPairCount(f.spec) - PairCircles::slotCount);
    if (pair < m_firstPair || pair >= m_firstPair + PairCircles::slotCount)
        m_firstPair = std::min(pair / PairCircles::slotCount * PairCircles::slotCount, last);
    m_firstPair = std::clamp(m_firstPair, 0, last);
}

void OffsetView::updatePairControls(const Frame& f)
{
    const int fullPairs = core::fullPairCount(f.spec);
    const QSignalBlocker blocker(m_pairsSpin);
    m_pairsSpin->setRange(0, std::max(0, fullPairs - PairCircles::slotCount));
    m_pairsSpin->setValue(m_firstPair);
    m_pairsLabel->setText(tr("showing pairs %1–%2 of %3 · the wheel over the circles pages too")
                              .arg(m_firstPair).arg(m_firstPair + PairCircles::slotCount - 1).arg(fullPairs));
    m_pairsBar->setVisible(fullPairs > PairCircles::slotCount);
}

QString OffsetView::dimensionDescription(int column) const
{
    const FramePtr& f = document()->frame();
    if (!f || column < 0 || column >= f->spec.dModel || f->pe.size() != f->spec.dModel)
        return {};
    const core::ColumnRole role = core::columnRole(f->spec, column);
    const auto value = [](double v) { return QString::number(v, 'f', 4); };
    QString text = tr("dimension %1 (pair %2, %3) · PE(p) = %4 · PE(p+k) = %5 · M_k·PE(p) = %6")
                       .arg(column).arg(role.pair)
                       .arg(role.isSin ? QStringLiteral("sin") : QStringLiteral("cos"))
                       .arg(value(f->pe[column]), value(f->peShifted[column]), value(f->rotated[column]));
    if (core::cosColumn(f->spec, role.pair) < 0)
        text += tr(" · the unpaired last sine has no cosine to turn with, so M_k cannot match it");
    return text;
}

QString OffsetView::dotDescription(std::int64_t row) const
{
    const FramePtr& f = document()->frame();
    if (!f || f->offsetDotX.isEmpty())
        return {};
    const int index = nearestIndex(f->offsetDotX, static_cast<double>(row));
    const auto p = f->spec.firstPosition + static_cast<std::int64_t>(f->offsetDotX[index]);
    return tr("p = %1, p + k = %2: PE(p)·PE(p+k) = %3")
        .arg(p).arg(p + f->state.offset).arg(QString::number(f->offsetDotY[index], 'f', 12));
}

void OffsetView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    QCPAxisRect* rect = f ? axisRectAt(plot(), event->position()) : nullptr;
    if (!rect)
        setReadout(QString());
    else if (rect == vectorRect())
        setReadout(dimensionDescription(static_cast<int>(std::lround(plot()->xAxis->pixelToCoord(event->position().x())))));
    else if (rect == m_dotRect) {
        // The flat line's rows may start past 0 (a negative k): hover in rows, as the frame holds them.
        const double position = rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x());
        setReadout(dotDescription(static_cast<std::int64_t>(std::llround(position)) - f->spec.firstPosition));
    } else
        setReadout(PairCircles::description(*f, m_circles->pairAt(rect)));
}

void OffsetView::onMouseRelease(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    if (!f || !m_click.isClick(event))
        return;
    QCPAxisRect* rect = axisRectAt(plot(), event->position());
    if (rect == vectorRect()) {
        const auto column = std::lround(plot()->xAxis->pixelToCoord(event->position().x()));
        if (column >= 0 && column < f->spec.dModel)
            document()->selectDimension(static_cast<int>(column));
    } else if (rect == m_dotRect) {
        document()->selectPosition(rowAtPixel(rect->axis(QCPAxis::atBottom), event->position().x(), f->spec));
    } else if (const int pair = m_circles->pairAt(rect); pair >= 0) {
        document()->selectDimension(core::sinColumn(f->spec, pair));
    }
}

void OffsetView::onMouseWheel(QWheelEvent* event)
{
    // Over the circles the wheel pages through the pairs (their rects do not zoom).
    const QCPAxisRect* rect = axisRectAt(plot(), event->position());
    if (rect && rect != vectorRect() && rect != m_dotRect && event->angleDelta().y() != 0)
        setFirstCirclePair(m_firstPair + (event->angleDelta().y() > 0 ? -1 : 1));
}

} // namespace pe::ui
