// SPDX-License-Identifier: MIT
#include "ui/views/offsetview.h"
#include "ui/views/viewfactory.h"

#include "ui/document/document.h"
#include "ui/document/offsetpart.h"
#include "ui/plotting/panelpair.h"
#include "ui/widgets/textlabels.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"

#include <QBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <qcustomplot.h>

#include <cmath>
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
    : PlotView(document, views::offset, parent)
    , m_pairsBar(new QWidget(this))
    , m_pairsLabel(new WrappedLabel(m_pairsBar))
    , m_pairsSpin(new QSpinBox(m_pairsBar))
{
    setExplanation(tr("<b>Relative offset.</b> Moving k positions ahead turns each (sin, cos) pair "
                      "around its circle by a fixed angle k·ω, whatever the position p: a rotation "
                      "M_k takes PE(p) exactly to PE(p+k) (hollow rings on the dots). That is why the "
                      "dot product PE(p)·PE(p+k), top right, is the same for every p — a model can "
                      "read off how far apart two words are from their codes alone."));
    QCustomPlot* p = plot();
    m_title = addTitle(p);
    // The legend has a row of its own under the title: inside the bars it hid some of them.
    placeLegendUnderTitle(p, 3);
    m_vectorRect = p->axisRect();
    QCPAxisRect* vectors = m_vectorRect;
    p->plotLayout()->take(vectors);
    auto* top = new QCPLayoutGrid;
    p->plotLayout()->addElement(2, 0, top);
    top->addElement(0, 0, vectors);
    m_dotRect = new QCPAxisRect(p);
    top->addElement(0, 1, m_dotRect);
    top->setColumnStretchFactors({2.0, 1.0});
    auto* heights = new QCPMarginGroup(p); // the two panels' plots level, whatever their tick labels
    vectors->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
    m_dotRect->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
    auto* circleRow = new QCPLayoutGrid;
    p->plotLayout()->addElement(3, 0, circleRow);
    p->plotLayout()->setRowStretchFactors({0.001, 0.001, 3.0, 2.0});
    m_circles = std::make_unique<PairCircles>(p, circleRow);

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
    p->yAxis->setRange(-1.15, 1.15);
    vectors->setRangeDrag(Qt::Horizontal);
    vectors->setRangeZoom(Qt::Horizontal);

    QCPAxis* dotX = m_dotRect->axis(QCPAxis::atBottom);
    dotX->setLabel(tr("Position p"));
    dotX->setTicker(integerTicker()); // fitToSize() thins the ticks of this narrow panel
    m_dotRect->axis(QCPAxis::atLeft)->setLabel(QStringLiteral("PE(p)·PE(p+k)"));
    m_dots = p->addGraph(dotX, m_dotRect->axis(QCPAxis::atLeft));
    m_dotMarker = addMarkerGraph(dotX, m_dotRect->axis(QCPAxis::atLeft));
    for (QCPGraph* graph : {m_dots, m_dotMarker})
        graph->removeFromLegend();
    m_dotPositionLine = addStraightLine(p, m_dotRect);
    m_dotNote = addText(p, m_dotRect);
    m_dotNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_dotNote->setPadding(QMargins(2, 2, 2, 2));
    m_dotRect->setRangeDrag(Qt::Horizontal);
    m_dotRect->setRangeZoom(Qt::Horizontal);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    // Paging through the circles when there are more pairs than slots.
    auto* pairsRow = new QHBoxLayout(m_pairsBar);
    pairsRow->setContentsMargins(0, 0, 0, 0);
    auto* pairsName = new QLabel(tr("Circles from pair"), m_pairsBar);
    pairsName->setBuddy(m_pairsSpin); // its name to a screen reader
    pairsRow->addWidget(pairsName);
    pairsRow->addWidget(m_pairsSpin);
    pairsRow->addWidget(m_pairsLabel, 1);
    m_pairsLabel->setWordWrap(true); // in presentation mode it would hold the whole dock area wide
    if (auto* box = qobject_cast<QBoxLayout*>(layout()))
        box->insertWidget(1, m_pairsBar);
    connect(m_pairsSpin, &QSpinBox::valueChanged, this, &OffsetView::setFirstCirclePair);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
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
    m_dotNote->setFont(plot()->xAxis->labelFont());
    QFont font = m_pairsBar->font();
    font.setPointSizeF(QFont().pointSizeF() * scale());
    m_pairsBar->setFont(font);
}

void OffsetView::setFirstCirclePair(int pair)
{
    const FramePtr& f = document()->frame();
    const int last = f ? std::max(0, core::fullPairCount(f->spec) - m_circles->shownCount()) : 0;
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
    const OffsetPart* part = offsetPart(f);
    if (!part)
        return;
    const bool newSpec = !m_drawn || !(f.spec == m_drawnSpec);
    const bool newOffset = newSpec || f.state.offset != m_drawnOffset;
    if (newSpec) {
        plot()->xAxis->setRange(-0.7, std::min(f.spec.dModel, f.spec.dModel > wideModel ? zoomedColumns : f.spec.dModel) - 0.3);
        m_followedDimension = -1;
    }
    drawVectors(f, *part);
    drawOffsetDots(f, *part);
    if (newOffset && !part->dotRows.isEmpty()) {
        const double first = static_cast<double>(f.spec.firstPosition);
        const double low = first + part->dotRows.front(), high = first + part->dotRows.back();
        const double margin = std::max(0.5, 0.02 * (high - low));
        m_dotRect->axis(QCPAxis::atBottom)->setRange(low - margin, high + margin);
    }
    m_drawn = true;
    m_drawnSpec = f.spec;
    m_drawnOffset = f.state.offset;
    followSelectedDimension(f);
    m_circles->draw(f, m_firstPair, scale());
    updatePairControls(f);
    m_titleText = titleText(f, *part);
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void OffsetView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    m_circles->setMarksSelection(false);
    redrawCurrent();
    m_dotPositionLine->setVisible(false);
    plot()->legend->setIconSize(16, 10);
    plot()->legend->setIconTextPadding(4);
    PlotView::prepareForExport(fontPixels);
    m_circles->setFonts(plot()->xAxis->tickLabelFont()); // captions as small as tick labels
}

bool OffsetView::fitToSize()
{
    QCustomPlot* p = plot();
    bool changed = fitViewTitle(m_title, m_titleText);
    changed = fitLegend() || changed;
    changed = fitAxisLabel(p->xAxis, m_dimensionLabels) || changed;
    // A narrow plot gives the flat line a larger share, or its axes leave it no room at all.
    if (auto* top = qobject_cast<QCPLayoutGrid*>(m_vectorRect->layout())) {
        QList<double> shares = p->viewport().width() < 480 ? QList<double>{1.4, 1.0} : QList<double>{2.0, 1.0};
        if (m_legendBeside)
            shares.insert(1, 0.001); // the legend: its entries' width
        if (top->columnStretchFactors() != shares) {
            top->setColumnStretchFactors(shares);
            changed = true;
        }
    }
    m_dotNote->setText(fittingText(m_dotCaptions, m_dotNote->font(), m_dotRect->width() - 6));
    for (QCPAxis* axis : {p->xAxis, p->yAxis, m_dotRect->axis(QCPAxis::atBottom), m_dotRect->axis(QCPAxis::atLeft)})
        changed = fitTickCount(axis) || changed;
    changed = fitCircles() || changed;
    // Rings no wider than the bars' spacing allows, or neighbours merge into a chain.
    const double ring = ringSize();
    if (m_rotated->scatterStyle().size() != ring) {
        m_rotated->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(0), penWidth(1.5)),
                                                   Qt::NoBrush, ring));
        m_shifted->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(1), seriesColor(1), ring * 6 / 11));
    }
    return changed;
}

bool OffsetView::fitLegend()
{
    const bool moved = placeLegend();
    // The third entry says what M_k does where the row has room for it: spread evenly over the
    // row, the long name needs some air or it runs to the edge.
    QCPLegend* legend = plot()->legend;
    const double width = legendRowWidth(legend);
    const QString before = m_rotated->name();
    m_rotated->setName(tr("M_k·PE(p): PE(p) turned by k"));
    if (m_legendBeside) { // one entry a line, in a column as wide as the longest
        const bool renamed = m_rotated->name() != before;
        return setLegendColumns(legend, 1) || renamed || moved;
    }
    if (legendColumnsFitting(legend, 0.75 * width, 3) < 3)
        m_rotated->setName(QStringLiteral("M_k·PE(p)"));
    const bool renamed = m_rotated->name() != before;
    return setLegendColumns(legend, legendColumnsFitting(legend, width, 3)) || renamed || moved;
}

bool OffsetView::placeLegend()
{
    const QRect room = plot()->viewport();
    const bool beside = !m_forExport && roomIsWide(room.width(), room.height(), m_legendBeside);
    auto* top = qobject_cast<QCPLayoutGrid*>(m_vectorRect->layout());
    QCPLayoutGrid* rows = plot()->plotLayout();
    if (beside == m_legendBeside || !top)
        return false;
    QCPLegend* legend = plot()->legend;
    if (!m_legendColumn) { // the legend at the top of its column, not spread over its height
        m_legendColumn = new QCPLayoutGrid;
        m_legendMargins = legend->margins();
    }
    if (beside) {
        rows->take(legend);
        rows->simplify(); // its row goes
        top->insertColumn(1);
        // Empty when it joins the plot (QCustomPlot would hand its plot on to the empty cell too).
        top->addElement(0, 1, m_legendColumn);
        m_legendColumn->addElement(0, 0, legend);
        m_legendColumn->expandTo(2, 1); // an empty row under it takes the height
        m_legendColumn->setRowStretchFactors({0.001, 1.0});
    } else {
        m_legendColumn->take(legend);
        top->take(m_legendColumn);
        top->simplify();
        int topRow = 0; // the legend's row is the one above the panels
        while (topRow < rows->rowCount() && rows->element(topRow, 0) != top)
            ++topRow;
        rows->insertRow(topRow);
        rows->addElement(topRow, 0, legend);
        rows->setRowStretchFactor(topRow, 0.001);
    }
    m_legendBeside = beside;
    legend->setMargins(beside ? QMargins(12, 0, 12, 0) : m_legendMargins);
    return true;
}

bool OffsetView::fitCircles()
{
    const int shownBefore = m_circles->shownCount();
    bool changed = false;
    if (m_circles->fitCount(plot()->viewport().width())) {
        if (const FramePtr& f = document()->frame()) {
            // The selected pair stays in view, on the page of the new size that holds it.
            const int shown = m_circles->shownCount();
            const int selected = core::columnRole(f->spec, std::clamp(f->state.dimension, 0, f->spec.dModel - 1)).pair;
            if (selected >= m_firstPair && selected < m_firstPair + shownBefore)
                m_firstPair = selected / shown * shown;
            m_firstPair = std::clamp(m_firstPair, 0, std::max(0, core::fullPairCount(f->spec) - shown));
            m_circles->draw(*f, m_firstPair, scale());
            updatePairControls(*f);
        }
        changed = true;
    }
    changed = m_circles->fitCaptions() || changed;
    changed = m_circles->fitHeight() || changed;
    m_circles->keepRound();
    return changed;
}

double OffsetView::ringSize() const
{
    const double spacing = std::abs(plot()->xAxis->coordToPixel(1) - plot()->xAxis->coordToPixel(0));
    const double largest = 11 * scale();
    return std::isfinite(spacing) ? std::clamp(1.6 * spacing, std::min(5.0, largest), largest) : largest;
}

void OffsetView::drawVectors(const Frame& f, const OffsetPart& part)
{
    if (part.pe.size() != f.spec.dModel)
        return;
    QVector<double> columns(f.spec.dModel);
    std::iota(columns.begin(), columns.end(), 0.0);
    m_pe->setData(columns, toVector(part.pe), true);
    m_pe->setPen(Qt::NoPen);
    m_pe->setBrush(QColor(190, 190, 190));
    m_shifted->setData(columns, toVector(part.peShifted), true);
    m_rotated->setData(columns, toVector(part.rotated), true);
    const double ring = ringSize();
    m_shifted->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(1), seriesColor(1), ring * 6 / 11));
    m_rotated->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(0), penWidth(1.5)),
                                               Qt::NoBrush, ring));
    m_dimensionLabels = QStringList{tr("Dimension")};
    if (f.spec.dModel > wideModel) {
        m_dimensionLabels.prepend(tr("Dimension (of %1)").arg(f.spec.dModel));
        if (!m_forExport)
            m_dimensionLabels.prepend(tr("Dimension (%1 in all: drag and wheel to move along)").arg(f.spec.dModel));
    }
    plot()->xAxis->setLabel(m_dimensionLabels.front());
}

void OffsetView::drawOffsetDots(const Frame& f, const OffsetPart& part)
{
    m_dots->setData(positionsOfRows(part.dotRows, f.spec.firstPosition), part.dots, true);
    m_dots->setPen(QPen(seriesColor(2), penWidth(2.0)));
    // A flat line must look flat: the axis spans every value a dot product can take, ±‖PE‖².
    const double reach = 1.1 * core::pairCount(f.spec);
    m_dotRect->axis(QCPAxis::atLeft)->setRange(-reach, reach);
    const double p = static_cast<double>(f.state.position);
    const auto at = std::lower_bound(part.dotRows.begin(), part.dotRows.end(), p);
    if (at != part.dotRows.end() && *at == p)
        m_dotMarker->setData({p + f.spec.firstPosition}, {part.dots[at - part.dotRows.begin()]}, true);
    else
        m_dotMarker->data()->clear();
    m_dotMarker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(1), penWidth(2.0)),
                                                 Qt::NoBrush, 10 * scale()));
    placeVertical(m_dotPositionLine, p + f.spec.firstPosition);
    m_dotPositionLine->setPen(QPen(QColor(60, 60, 60), penWidth(1.0), Qt::DashLine));
    m_dotCaptions = f.spec.dModel % 2 == 0
        ? QStringList{tr("the same for every p"), tr("same for every p"), tr("same for all p"), tr("same for\nall p"), QString()}
        : QStringList{tr("nearly the same for every p"), tr("nearly the same for all p"), tr("≈ same for all p"),
                      tr("≈ same for\nall p"), QString()};
    m_dotNote->setText(m_dotCaptions.front());
    m_dotNote->setColor(seriesColor(2).darker(130));
    // The note takes the half of the panel that the (flat) line leaves free.
    double mean = 0;
    for (double y : part.dots)
        mean += y / static_cast<double>(part.dots.size());
    const bool below = mean >= 0;
    m_dotNote->position->setCoords(0.5, below ? 0.97 : 0.03);
    m_dotNote->setPositionAlignment(Qt::AlignHCenter | (below ? Qt::AlignBottom : Qt::AlignTop));
}

QString OffsetView::titleText(const Frame& f, const OffsetPart& part) const
{
    const std::int64_t p = f.spec.firstPosition + f.state.position;
    QString text = tr("Relative offset · p = %1 · k = %2 · p + k = %3").arg(p).arg(f.state.offset).arg(p + f.state.offset);
    if (f.state.position + f.state.offset >= f.spec.maxLen)
        text += QStringLiteral(" · ") + tr("beyond max_len: the formula holds anywhere");
    const int fullPairs = core::fullPairCount(f.spec);
    if (fullPairs == 0)
        return text + QLatin1Char('\n')
            + (core::hasZeroColumn(f.spec) ? tr("d_model = 1 with tensor2tensor's frequencies: one zero column · nothing to turn")
                                           : tr("d_model = 1: a single sine · no (sin, cos) pair to turn"));
    text += QLatin1Char('\n') + tr("‖M_k·PE(p) − PE(p+k)‖ = %1").arg(QString::number(part.residual, 'g', 2));
    if (part.residual < 1e-9)
        text += QStringLiteral(" · ") + tr("equal up to rounding");
    if (core::pairCount(f.spec) > fullPairs)
        text += QStringLiteral(" · ") + tr("full pairs only");
    return text;
}

void OffsetView::followSelectedDimension(const Frame& f)
{
    // Selecting a dimension anywhere brings its pair's circle into view.
    if (f.state.dimension == m_followedDimension || f.state.dimension >= f.spec.dModel)
        return;
    m_followedDimension = f.state.dimension;
    const int pair = core::columnRole(f.spec, f.state.dimension).pair;
    const int shown = m_circles->shownCount();
    const int last = std::max(0, core::fullPairCount(f.spec) - shown);
    if (pair < m_firstPair || pair >= m_firstPair + shown)
        m_firstPair = std::min(pair / shown * shown, last);
    m_firstPair = std::clamp(m_firstPair, 0, last);
}

void OffsetView::updatePairControls(const Frame& f)
{
    const int fullPairs = core::fullPairCount(f.spec);
    const int shown = m_circles->shownCount();
    const QSignalBlocker blocker(m_pairsSpin);
    m_pairsSpin->setRange(0, std::max(0, fullPairs - shown));
    m_pairsSpin->setValue(m_firstPair);
    m_pairsLabel->setText(tr("showing pairs %1–%2 of %3 · the wheel over the circles pages too")
                              .arg(m_firstPair).arg(std::min(m_firstPair + shown, fullPairs) - 1).arg(fullPairs));
    m_pairsBar->setVisible(fullPairs > shown);
}

QString OffsetView::dimensionDescription(int column) const
{
    const FramePtr& f = document()->frame();
    const OffsetPart* part = f ? offsetPart(*f) : nullptr;
    if (!part || column < 0 || column >= f->spec.dModel || part->pe.size() != f->spec.dModel)
        return {};
    const core::ColumnRole role = core::columnRole(f->spec, column);
    if (role.isZero)
        return tr("dimension %1 · tensor2tensor's zero column: 0 at every position, nothing to turn").arg(column);
    const auto value = [](double v) { return QString::number(v, 'f', 4); };
    QString text = tr("dimension %1 (pair %2, %3) · PE(p) = %4 · PE(p+k) = %5 · M_k·PE(p) = %6")
                       .arg(column).arg(role.pair)
                       .arg(role.isSin ? QStringLiteral("sin") : QStringLiteral("cos"))
                       .arg(value(part->pe[column]), value(part->peShifted[column]), value(part->rotated[column]));
    if (core::cosColumn(f->spec, role.pair) < 0)
        text += tr(" · the unpaired last sine has no cosine to turn with, so M_k cannot match it");
    return text;
}

QString OffsetView::dotDescription(std::int64_t row) const
{
    const FramePtr& f = document()->frame();
    const OffsetPart* part = f ? offsetPart(*f) : nullptr;
    if (!part || part->dotRows.isEmpty())
        return {};
    const int index = nearestIndex(part->dotRows, static_cast<double>(row));
    const auto p = f->spec.firstPosition + static_cast<std::int64_t>(part->dotRows[index]);
    return tr("p = %1, p + k = %2: PE(p)·PE(p+k) = %3")
        .arg(p).arg(p + f->state.offset).arg(QString::number(part->dots[index], 'f', 12));
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

/// The offset view's own part of its catalogue entry (cmake/views.cmake).
void offsetViewEntry(ViewDescription& entry)
{
    drawnBy<OffsetView>(entry, buildOffsetPart, offsetPartData,
                        PartInput::Spec | PartInput::Position | PartInput::Offset);
}

} // namespace pe::ui
