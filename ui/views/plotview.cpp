// SPDX-License-Identifier: MIT
#include "ui/views/plotview.h"
#include "ui/views/plotaccessible.h"

#include "ui/document/partjobs.h"

#include "ui/document/document.h"
#include "ui/widgets/explanationlabel.h"
#include "ui/widgets/textlabels.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/plotcolors.h"
#include "ui/plotting/fitting.h"

#include <QAccessible>
#include <QEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QLabel>
#include <QMenu>
#include <QPalette>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {
/// Ticks point out of a plot and out of a colour scale's bar: inside, they covered the
/// outermost cells of a map and the colours of the bar they label.
void pointTicksOut(QCPAxis* axis, double scale)
{
    axis->setTickLength(0, static_cast<int>(std::lround(4 * scale)));
    axis->setSubTickLength(0, static_cast<int>(std::lround(2 * scale)));
}

/// QCustomPlot's paint image, filled with the plot's background where QCustomPlot clears it to
/// transparent before every replot (QCustomPlot::setupPaintBuffers; the background is the one
/// the replot's beforeReplot handlers left, PlotView::applyColors).
class OpaquePaintBuffer : public QCPPaintBufferPixmap {
public:
    OpaquePaintBuffer(const QSize& size, double ratio, const QBrush& background)
        : QCPPaintBufferPixmap(size, ratio), m_background(background)
    {
    }
    void clear(const QColor& transparent) override
    {
        m_opaque = m_background.style() == Qt::SolidPattern && m_background.color().alpha() == 255;
        mBuffer.fill(m_opaque ? m_background.color() : transparent);
    }
    /// Whether the last replot filled every pixel.
    bool isOpaque() const { return m_opaque; }

private:
    const QBrush& m_background; ///< the plot's
    bool m_opaque = false;
};

/// A plot that paints opaquely and can give back the images it paints into.
///
/// QCustomPlot clears its paint image to transparent for each replot; each repaint then filled
/// the whole widget with the background and blended the image over it, pixel by pixel, after
/// the window had painted its own background there. Here the first image starts as the
/// plot's background instead (when that is one opaque colour and no picture): a repaint
/// copies it, and Qt paints nothing beneath the plot (Qt::WA_OpaquePaintEvent).
///
/// The images (8 MB each at 1920 × 1080) go when a view leaves the stage, and its next replot
/// makes them anew (QCustomPlot::setupPaintBuffers starts from an empty list).
class ViewPlot : public QCustomPlot {
public:
    explicit ViewPlot(QWidget* parent) : QCustomPlot(parent)
    {
        // Before QCustomPlot::replot sets up its images: the first one is ours.
        connect(this, &QCustomPlot::beforeReplot, this, &ViewPlot::useOpaqueFirstBuffer);
        // After it, before the repaint it asked for.
        connect(this, &QCustomPlot::afterReplot, this, [this] { setAttribute(Qt::WA_OpaquePaintEvent, paintsOpaquely()); });
    }
    void releasePaintBuffers() { mPaintBuffers.clear(); }

protected:
    void paintEvent(QPaintEvent* event) override
    {
        if (!paintsOpaquely()) { // not replotted since a resize: as QCustomPlot does, on the window's background
            if (testAttribute(Qt::WA_OpaquePaintEvent))
                QPainter(this).fillRect(rect(), palette().color(QPalette::Window));
            QCustomPlot::paintEvent(event);
            return;
        }
        QCPPainter painter(this);
        if (!painter.isActive())
            return;
        for (const QSharedPointer<QCPAbstractPaintBuffer>& buffer : std::as_const(mPaintBuffers))
            buffer->draw(&painter);
    }

private:
    const OpaquePaintBuffer* firstBuffer() const
    {
        return mPaintBuffers.isEmpty() ? nullptr : dynamic_cast<const OpaquePaintBuffer*>(mPaintBuffers.first().data());
    }
    /// Whether the first image covers the whole widget with opaque pixels.
    bool paintsOpaquely() const
    {
        const OpaquePaintBuffer* first = firstBuffer();
        return first && first->isOpaque() && mBackgroundPixmap.isNull() && viewport() == rect() && first->size() == rect().size();
    }
    void useOpaqueFirstBuffer()
    {
        if (firstBuffer())
            return;
        auto* buffer = new OpaquePaintBuffer(viewport().size(), mBufferDevicePixelRatio, mBackgroundBrush);
        if (mPaintBuffers.isEmpty())
            mPaintBuffers.append(QSharedPointer<QCPAbstractPaintBuffer>(buffer));
        else
            mPaintBuffers.first().reset(buffer);
    }
};
} // namespace

void stylePlot(QCustomPlot* plot, double scale)
{
    QFont font = plot->font();
    font.setPointSizeF(9.0 * scale);
    QFont labelFont = font;
    labelFont.setPointSizeF(10.0 * scale);
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            axis->setTickLabelFont(font);
            axis->setLabelFont(labelFont);
            QPen pen = axis->basePen();
            pen.setWidthF(std::max(1.0, scale));
            axis->setBasePen(pen);
            axis->setTickPen(pen);
            axis->setSubTickPen(pen);
            pointTicksOut(axis, scale);
        }
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
        if (auto* colourScale = qobject_cast<QCPColorScale*>(element))
            pointTicksOut(colourScale->axis(), scale);
    plot->legend->setFont(font);
}

PlotView::PlotView(Document* document, View view, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_view(view)
    , m_plot(new ViewPlot(this))
    , m_explanation(new ExplanationLabel(this))
    , m_readout(new ReadoutLabel(2, this))
{
    m_explanation->setObjectName(QStringLiteral("explanation"));
    m_readout->setObjectName(QStringLiteral("readout"));
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_plot->setMinimumSize(120, 100);
    m_plot->setFocusPolicy(Qt::StrongFocus); // the keyboard moves the selection in it (arrowKeys())
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    m_plot->setNoAntialiasingOnDrag(true);
    // On screen a curve's segments are drawn one by one rather than stroked as one path with
    // joins: at 1.5 px the joins look the same, and every view's replot was ~10 % faster.
    // A figure strokes whole paths (prepareForExport).
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    // A replot asks for a repaint (update()) rather than painting at once (repaint(), QCustomPlot's
    // default): the views that draw a frame are then painted and put on screen together, once.
    m_plot->setPlottingHint(QCP::phImmediateRefresh, false);
    // One paint buffer, not two: QCustomPlot gives its "overlay" layer a buffer of its own
    // (for items replotted alone), which no view draws on, yet every replot cleared it and
    // every repaint blended it over the window: 8 MB each at 1920 × 1080.
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    connect(m_plot, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        QMenu menu(this);
        menu.addAction(tr("Export this view…"), this, [this] { emit exportRequested(m_view); });
        menu.addAction(tr("Reset zoom"), this, [this] { m_plot->rescaleAxes(); m_plot->replot(); });
        menu.exec(m_plot->mapToGlobal(at));
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_explanation);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_readout);

    connect(document, &Document::frameReady, this, &PlotView::refresh);
    connect(document, &Document::releasingMemory, this, [this] {
        if (parentWidget() && !isOnScreen())
            releaseDrawing();
    });
    m_plot->installEventFilter(this); // the readout goes when the mouse leaves the plot
    // Views add and restyle items while redrawing: colour them just before every replot.
    connect(m_plot, &QCustomPlot::beforeReplot, this, &PlotView::applyColors);
    connect(m_plot, &QCustomPlot::beforeReplot, this, &PlotView::boundAxes);
    connect(m_plot, &QCustomPlot::beforeReplot, this, &PlotView::antialiasSparseCurves);
    static const bool chartsInstalled = [] {
        QAccessible::installFactory(plotAccessible);
        return true;
    }();
    Q_UNUSED(chartsInstalled);
    connect(m_plot, &QCustomPlot::afterReplot, this, &PlotView::announceChartChanges);
}

QString PlotView::chartName() const
{
    return m_chartTitle.section(QLatin1Char('\n'), 0, 0).trimmed();
}

QString PlotView::chartDescription() const
{
    QStringList said;
    const QString subtitle = m_chartTitle.section(QLatin1Char('\n'), 1).replace(QLatin1Char('\n'), QStringLiteral("; "));
    for (const QString& part : {subtitle, chartDetails(), describePlot(*m_plot)})
        if (!part.trimmed().isEmpty())
            said << QString(part).replace(QLatin1Char('\n'), QStringLiteral("; ")).trimmed();
    return said.join(QStringLiteral(". "));
}

void PlotView::announceChartChanges()
{
    // Qt passes events on only while a bridge (AT-SPI) is active; without a screen reader
    // nothing is described on a slider step.
    if (!QAccessible::isActive())
        return;
    const QString name = chartName();
    const QString description = chartDescription();
    if (name != m_announcedName) {
        m_announcedName = name;
        QAccessibleEvent event(m_plot, QAccessible::NameChanged);
        QAccessible::updateAccessibility(&event);
    }
    // The description only while the plot has the focus: a sweep redraws every view many times
    // a second, and a screen reader would read each one.
    if (description != m_announcedDescription && m_plot->hasFocus()) {
        m_announcedDescription = description;
        QAccessibleEvent event(m_plot, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&event);
    }
    if (const std::optional<double> value = chartValue(); value != m_announcedValue && m_plot->hasFocus()) {
        m_announcedValue = value;
        if (value) {
            QAccessibleValueChangeEvent event(m_plot, *value);
            QAccessible::updateAccessibility(&event);
        }
    }
}

void PlotView::antialiasSparseCurves()
{
    // A curve with more than two points in view per pixel column under it is drawn as vertical
    // strokes a pixel apart (QCustomPlot's adaptive sampling): antialiasing them changes nothing one can
    // see, and stroking them antialiased was a fifth of a slider step with the similarity view
    // on the stage. A sparse curve, any curve zoomed into, and every figure stay antialiased.
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        QCPGraph* graph = m_plot->graph(i);
        bool smooth = true;
        if (!m_paper && graph->lineStyle() != QCPGraph::lsNone && graph->keyAxis()) {
            const QCPRange range = graph->keyAxis()->range();
            const auto data = graph->data();
            const auto inView = data->findEnd(range.upper, false) - data->findBegin(range.lower, false);
            // QCustomPlot samples a line adaptively (a few points a pixel column) from 2·span + 2
            // points on; below that it draws every segment, which stays antialiased.
            const QRect area = graph->keyAxis()->axisRect()->rect();
            const int span = graph->keyAxis()->orientation() == Qt::Horizontal ? area.width() : area.height();
            smooth = inView <= 2 * span + 2;
        }
        graph->setAntialiased(smooth);
    }
}

bool PlotView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && event->type() == QEvent::Leave)
        setReadout(QString());
    if (watched == m_plot && event->type() == QEvent::MouseButtonPress)
        emit activated(m_view);
    if (watched == m_plot && event->type() == QEvent::Resize)
        placeReadoutOverPlot();
    if (watched == m_plot && (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut))
        update(); // the focus frame
    if (watched == m_plot && event->type() == QEvent::KeyPress && plotKeyPressed(static_cast<QKeyEvent*>(event)))
        return true;
    return QWidget::eventFilter(watched, event);
}

void PlotView::paintEvent(QPaintEvent* event)
{
    QWidget::paintEvent(event);
    if (!m_plot->hasFocus())
        return;
    // In the margin around the plot: the plot itself is never covered.
    QPainter painter(this);
    painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
    painter.drawRect(QRectF(m_plot->geometry()).adjusted(-2, -2, 2, 2));
}

bool PlotView::plotKeyPressed(QKeyEvent* event)
{
    const FramePtr& frame = m_document->frame();
    if (!frame)
        return false;
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier);
    if (modifiers != Qt::NoModifier)
        return false; // Ctrl+… and Alt+… are the window's
    const int step = event->modifiers() & Qt::ShiftModifier ? 10 : 1;
    const ArrowKeys keys = arrowKeys();
    const std::int64_t lastRow = std::max<std::int64_t>(0, frame->matrixRowCount() - 1);
    const int lastColumn = std::max(0, int(frame->matrixColumnCount()) - 1);
    const ViewState& state = m_document->state();
    const auto move = [&](ArrowMoves what, int by) {
        if (what == ArrowMoves::Position)
            m_document->selectPosition(std::clamp<std::int64_t>(state.position + by, 0, lastRow));
        else
            m_document->selectDimension(std::clamp(state.dimension + by, 0, lastColumn));
    };
    const int down = keys.downMovesForward ? step : -step;
    switch (event->key()) {
    case Qt::Key_Left: move(keys.horizontal, -step); break;
    case Qt::Key_Right: move(keys.horizontal, step); break;
    case Qt::Key_Up: move(keys.vertical, -down); break;
    case Qt::Key_Down: move(keys.vertical, down); break;
    case Qt::Key_Home: m_document->selectPosition(0); break;
    case Qt::Key_End: m_document->selectPosition(lastRow); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_Minus:
        if (!m_plot->interactions().testFlag(QCP::iRangeZoom))
            return false;
        zoomPlot(event->key() == Qt::Key_Minus ? 1.25 : 0.8);
        return true;
    default: return false;
    }
    // What was selected, shown where the hover shows a cell (spoken as the chart's description).
    setReadout(chartDetails());
    return true;
}

void PlotView::zoomPlot(double factor)
{
    for (QCPAxisRect* rect : m_plot->axisRects())
        for (Qt::Orientation orientation : {Qt::Horizontal, Qt::Vertical})
            for (QCPAxis* axis : rect->rangeZoomAxes(orientation))
                axis->scaleRange(factor, axis->range().center());
    m_plot->replot();
}

void PlotView::boundAxes()
{
    // QCustomPlot lets the wheel zoom out without end; past about 1e19 units its fixed-step
    // tickers overflow a 64-bit tick count and allocate without bound (the window froze, found
    // by the monkey test). No view has anything to show that far out.
    constexpr double limit = 1e13;
    for (QCPAxisRect* rect : m_plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            const QCPRange range = axis->range();
            if (range.lower >= -limit && range.upper <= limit)
                continue;
            const double lower = std::clamp(range.lower, -limit, limit), upper = std::clamp(range.upper, -limit, limit);
            axis->setRange(upper - lower > 1 ? QCPRange(lower, upper) : QCPRange(-limit, limit));
        }
}

void PlotView::applyColors()
{
    applyPlotColors(m_plot, m_paper ? paperColors() : plotColors(palette()));
}

void PlotView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_paper)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString PlotView::readoutText() const { return m_readout->fullText(); }
bool PlotView::fitViewTitle(QCPTextElement* title, const QString& text)
{
    // The first line is the title; the rest, a smaller subtitle under it, flowed into as few
    // lines as the width allows (a figure's title must not squeeze its plot).
    if (!m_chartTitleElement)
        m_chartTitleElement = title;
    if (title == m_chartTitleElement)
        m_chartTitle = text;
    const QString heading = text.section(QLatin1Char('\n'), 0, 0);
    const QString details = text.section(QLatin1Char('\n'), 1).replace(QLatin1Char('\n'), QStringLiteral(" · "));
    QCPTextElement*& subtitle = m_subtitles[title];
    if (!subtitle && !details.isEmpty() && title->layout()) {
        auto* grid = qobject_cast<QCPLayoutGrid*>(title->layout());
        for (int row = 0; grid && !subtitle && row < grid->rowCount(); ++row)
            for (int column = 0; column < grid->columnCount(); ++column)
                if (grid->element(row, column) == title) {
                    grid->insertRow(row + 1);
                    subtitle = new QCPTextElement(m_plot);
                    grid->addElement(row + 1, column, subtitle);
                    break;
                }
    }
    const auto takeOut = [this](QCPTextElement* element) { // once; the plot still owns it
        if (element && element->layout()) {
            element->layout()->take(element);
            element->setVisible(false); // it would still draw at its last place
            m_plot->plotLayout()->simplify();
        }
    };
    if (m_figureTitle == FigureTitle::None)
        takeOut(title);
    if (m_figureTitle != FigureTitle::Full || m_crowded || details.isEmpty())
        takeOut(subtitle);
    bool changed = fitTitle(title, m_figureTitle == FigureTitle::None ? QString() : heading);
    if (subtitle) {
        QFont font = title->font();
        font.setBold(false);
        if (m_paper) // a figure's pixel sizes are 96-dpi points × 4/3: never under 7 pt, journals' least
            font.setPixelSize(static_cast<int>(std::ceil(std::max(font.pixelSize() * 0.875, 7.0 * 96 / 72) - 0.01)));
        else if (font.pixelSize() > 0)
            font.setPixelSize(std::max(1, static_cast<int>(std::lround(font.pixelSize() * 0.85))));
        else
            font.setPointSizeF(font.pointSizeF() * 0.85);
        if (subtitle->font() != font) {
            subtitle->setFont(font);
            changed = true;
        }
        subtitle->setTextColor(title->textColor());
        changed = fitTitle(subtitle, m_figureTitle == FigureTitle::Full ? details : QString()) || changed;
    }
    return changed;
}

void PlotView::setExplanation(const QString& text) { m_explanation->setFullText(text); }
void PlotView::setReadout(const QString& text)
{
    m_readout->setFullText(text);
    placeReadoutOverPlot();
}

void PlotView::setReadoutOverPlot(bool over)
{
    auto* box = qobject_cast<QBoxLayout*>(layout());
    if (over == m_readoutOverPlot || !box)
        return;
    m_readoutOverPlot = over;
    if (over) {
        m_readoutIndex = box->indexOf(m_readout);
        box->removeWidget(m_readout);
        m_readout->setParent(m_plot);
        // A bar of its own over the bottom edge, in a tooltip's colours: opaque, so the labels
        // under it do not show through, and plainly not part of the plot it covers a while.
        // The palette's roles, not colours copied from it: a theme chosen while presenting
        // (View ▸ Theme) reaches it too.
        m_readout->setBackgroundRole(QPalette::ToolTipBase);
        m_readout->setForegroundRole(QPalette::ToolTipText);
        m_readout->setAutoFillBackground(true);
        // The pointer's moves over it still reach the plot, whose cell it describes.
        m_readout->setAttribute(Qt::WA_TransparentForMouseEvents, true);
        placeReadoutOverPlot();
    } else {
        m_readout->setParent(this);
        m_readout->setBackgroundRole(QPalette::Window);
        m_readout->setForegroundRole(QPalette::WindowText);
        m_readout->setAutoFillBackground(false);
        m_readout->setAttribute(Qt::WA_TransparentForMouseEvents, false);
        box->insertWidget(m_readoutIndex < 0 ? box->count() : m_readoutIndex, m_readout);
        m_readout->show();
    }
}

void PlotView::placeReadoutOverPlot()
{
    if (!m_readoutOverPlot)
        return;
    const int height = m_readout->height(); // ReadoutLabel keeps it fixed at its lines
    m_readout->setGeometry(0, m_plot->height() - height, m_plot->width(), height);
    m_readout->setVisible(!m_readout->fullText().isEmpty());
    m_readout->raise();
}
QString PlotView::explanation() const { return m_explanation->fullText(); }

void PlotView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // The paragraph gets a tenth of the view's height (two lines at least): beyond that the
    // plot needs the room more, and a reader unfolds the rest with "More…". Measured on the
    // view's size, which the stage sets, never on the plot's, which this decides.
    const QMargins margins = layout()->contentsMargins();
    const int lines = 2 * m_explanation->fontMetrics().lineSpacing();
    m_explanation->fitTo(width() - margins.left() - margins.right(), std::max(height() / 10, lines));
}

void PlotView::setExplanationVisible(bool visible) { m_explanation->setVisible(visible); }

void PlotView::setScale(double scale)
{
    m_scale = scale;
    // The whole view: its own controls (RoPE's variants, the methods' boxes), the explanation
    // and the readout inherit it; the plot's texts take absolute sizes in applyScale().
    QFont font = QWidget::font();
    font.setPointSizeF(QFont().pointSizeF() * scale);
    setFont(font);
    // Presenting, the plot needs the height more than the read-out needs a second line (its
    // tooltip holds the whole text) or a place of its own.
    m_readout->setLines(scale > 1 ? 1 : 2);
    setReadoutOverPlot(scale > 1);
    applyScale();
    redrawCurrent();
}

void PlotView::prepareForExport(double fontPixels)
{
    m_paper = true;
    antialiasSparseCurves(); // a figure antialiases every curve: it is drawn once
    m_plot->setPlottingHint(QCP::phFastPolylines, false);
    if (!m_fitsFigureHeight) { // connected after the view's own fit, so that it runs last
        m_fitsFigureHeight = true;
        connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
            if (m_fittingHeight)
                return;
            m_fittingHeight = true;
            for (int pass = 0; pass < 6 && fitFigureHeight(); ++pass) {
                for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
                    m_plot->plotLayout()->update(phase);
                emit m_plot->afterLayout(); // the view's own fit again: fewer ticks on a shorter axis
            }
            m_fittingHeight = false;
        });
    }
    const auto sized = [](QFont font, double pixels) {
        // Whole pixels, rounded up: 9.33 px (7 pt ticks in an 8 pt figure) would print at 6.75 pt.
        font.setPixelSize(std::max(1, static_cast<int>(std::ceil(pixels - 0.01))));
        return font;
    };
    const double small = fontPixels * 0.875;
    for (QCPLayoutElement* element : m_plot->plotLayout()->elements(true)) {
        if (auto* text = qobject_cast<QCPTextElement*>(element))
            text->setFont(sized(text->font(), fontPixels));
        else if (auto* legend = qobject_cast<QCPLegend*>(element))
            legend->setFont(sized(legend->font(), small));
        else if (auto* scale = qobject_cast<QCPColorScale*>(element)) {
            scale->axis()->setTickLabelFont(sized(scale->axis()->tickLabelFont(), small));
            scale->axis()->setLabelFont(sized(scale->axis()->labelFont(), fontPixels));
            scale->setBarWidth(static_cast<int>(fontPixels));
        } else if (auto* rect = qobject_cast<QCPAxisRect*>(element)) {
            for (QCPAxis* axis : rect->axes()) {
                axis->setTickLabelFont(sized(axis->tickLabelFont(), small));
                axis->setLabelFont(sized(axis->labelFont(), fontPixels));
            }
        }
    }
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(m_plot->legend->item(i)))
            item->setFont(sized(item->font(), small));
    for (int i = 0; i < m_plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(m_plot->item(i)))
            text->setFont(sized(text->font(), small));
    // Journals ask for lines of at least 0.5 pt; a cosmetic (width 0) pen prints as the finest
    // line a printer can make. 0.7 layout pixels print as 0.525 pt.
    const auto visible = [](QPen pen) {
        if (pen.style() != Qt::NoPen && pen.widthF() < 0.7)
            pen.setWidthF(0.7);
        return pen;
    };
    QList<QCPAxisRect*> rects = m_plot->axisRects();
    for (QCPLayoutElement* element : m_plot->plotLayout()->elements(true))
        if (auto* scale = qobject_cast<QCPColorScale*>(element))
            rects.append(scale->axis()->axisRect()); // the scale's own rect, with four axes
    for (QCPAxisRect* rect : rects)
        for (QCPAxis* axis : rect->axes()) {
            axis->grid()->setPen(visible(axis->grid()->pen()));
            axis->grid()->setSubGridPen(visible(axis->grid()->subGridPen()));
            axis->grid()->setZeroLinePen(visible(axis->grid()->zeroLinePen()));
            axis->setBasePen(visible(axis->basePen()));
            axis->setTickPen(visible(axis->tickPen()));
            axis->setSubTickPen(visible(axis->subTickPen()));
        }
    for (int i = 0; i < m_plot->plottableCount(); ++i)
        m_plot->plottable(i)->setPen(visible(m_plot->plottable(i)->pen()));
    applyColors();
}

void PlotView::applyScale()
{
    stylePlot(m_plot, m_scale);
}

QSizeF PlotView::devicePixelScale() const
{
    if (!m_devicePixelScale.isEmpty())
        return m_devicePixelScale;
    const double ratio = m_plot->bufferDevicePixelRatio();
    return QSizeF(ratio, ratio);
}

QSize PlotView::devicePixelsOf(const QRect& area) const
{
    // A plot in a dock tab never raised is laid out with rects spanning nearly the whole int
    // range (QRect::width() overflows there): it shows nothing yet.
    constexpr qint64 farTooLarge = 1 << 20;
    if (qint64(area.right()) - area.left() > farTooLarge || qint64(area.bottom()) - area.top() > farTooLarge)
        return {0, 0};
    const QSizeF scale = devicePixelScale();
    const auto span = [](double from, double length, double scale) {
        return static_cast<int>(std::lround((from + length) * scale) - std::lround(from * scale));
    };
    return QSize(std::max(0, span(area.x(), area.width(), scale.width())), std::max(0, span(area.y(), area.height(), scale.height())));
}

QSize PlotView::pixelsToRequest(const QRect& area, int slot)
{
    // An area crushed to nothing still asks for one bin: asking nothing would leave the document
    // at its default budget, computing hundreds of bins for a view that shows none.
    const QSize pixels = devicePixelsOf(area).expandedTo(QSize(1, 1));
    if (m_plot->size() != m_pixelsPlotSize) {
        m_pixelsPlotSize = m_plot->size();
        m_pixelHistory = {};
    }
    PixelHistory& history = m_pixelHistory.at(std::size_t(std::clamp(slot, 0, int(m_pixelHistory.size()) - 1)));
    QList<QSize>& requested = history.requested;
    if (history.settled.isValid()) {
        if (requested.contains(pixels))
            return history.settled; // still flipping between the two
        requested.clear(); // something else moved the layout: follow it
        history.settled = QSize();
    }
    if (requested.size() == 2 && pixels == requested.front() && pixels != requested.back()) {
        // The smaller of the two: never more bins than the pixels that show them.
        history.settled = pixels.boundedTo(requested.back());
        return history.settled;
    }
    if (requested.isEmpty() || requested.back() != pixels) {
        requested.append(pixels);
        if (requested.size() > 2)
            requested.removeFirst();
    }
    return pixels;
}

bool PlotView::isCrowded() const
{
    return m_plot->plotLayout()->minimumOuterSizeHint().height() > m_plot->viewport().height();
}

bool PlotView::fitFigureHeight()
{
    // At 89 × 70 mm the offset, precision and RoPE figures needed 20–56 layout pixels more than
    // they had, and QCustomPlot squeezed every row by the same share: legends and subtitles
    // were cut in half, tick labels ran into each other.
    QCPLayoutGrid* layout = m_plot->plotLayout();
    const int excess = layout->minimumOuterSizeHint().height() - m_plot->viewport().height();
    if (excess <= 0)
        return false;
    if (!m_crowded) {
        m_crowded = true; // fitViewTitle() leaves the subtitle out from now on
        bool tookOut = false;
        for (QCPTextElement* subtitle : std::as_const(m_subtitles))
            if (subtitle && subtitle->layout()) {
                subtitle->layout()->take(subtitle);
                subtitle->setVisible(false);
                tookOut = true;
            }
        if (tookOut) {
            layout->simplify();
            return true;
        }
    }
    // Then the plots' height (two stacked plots share the excess), never below a strip that
    // still shows its data.
    bool shrank = false;
    const auto shrink = [&](QCPLayoutElement* element) {
        const QSize minimum = element->minimumSize();
        const int height = std::max(minimumFigurePlotHeight, minimum.height() - (excess + 1) / 2);
        if (height < minimum.height()) {
            element->setMinimumSize(minimum.width(), height);
            shrank = true;
        }
    };
    for (QCPAxisRect* rect : m_plot->axisRects())
        shrink(rect);
    for (QCPLayoutElement* element : layout->elements(true))
        if (auto* scale = qobject_cast<QCPColorScale*>(element))
            shrink(scale);
    return shrank;
}

namespace {

/// In a figure every legend symbol keeps a gap from its label. QCustomPlot draws a graph's
/// legend line 5 px past its icon (so that a dashed pen's last dash shows) and relies on a clip
/// to the icon, which QSvgGenerator ignores: in an SVG the line ran into its label
/// ("——theta_max"). The padding takes that overshoot, the pen's square cap and the gap; a
/// marker wider than its icon likewise.
void keepLegendGaps(QCustomPlot* plot)
{
    constexpr double overshoot = 5, gap = 3;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        auto* legend = qobject_cast<QCPLegend*>(element);
        if (!legend)
            continue;
        double needed = 0;
        for (int i = 0; i < legend->itemCount(); ++i) {
            auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
            auto* graph = item ? qobject_cast<QCPGraph*>(item->plottable()) : nullptr;
            if (!graph)
                continue;
            const double halfIcon = legend->iconSize().width() / 2.0;
            if (graph->lineStyle() != QCPGraph::lsNone)
                needed = std::max(needed, overshoot + graph->pen().widthF() / 2 + gap);
            if (!graph->scatterStyle().isNone())
                needed = std::max(needed, graph->scatterStyle().size() / 2 - halfIcon + gap);
        }
        if (legend->iconTextPadding() < needed)
            legend->setIconTextPadding(static_cast<int>(std::ceil(needed)));
    }
}

} // namespace

void PlotView::layOutAt(const QSize& size)
{
    if (m_paper)
        keepLegendGaps(m_plot);
    // What QCustomPlot::updateLayout() does (it is protected), for a plot that is not shown.
    m_plot->setViewport(QRect(QPoint(0, 0), size));
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        m_plot->plotLayout()->update(phase);
    emit m_plot->afterLayout();
}

void PlotView::refresh()
{
    const FramePtr& frame = m_document->frame();
    if (!frame || frame == m_drawn)
        return;
    if (!m_stale && m_drawn && !(changesBetween(*m_drawn, *frame, m_view) & dependencies())) {
        m_drawn = frame; // nothing this view shows changed: keep the picture
        return;
    }
    drawFrame(frame);
}

void PlotView::redrawCurrent()
{
    if (const FramePtr& frame = m_document->frame())
        drawFrame(frame);
}

void PlotView::drawFrame(const FramePtr& frame)
{
    // A view waits for its part: a frame computed while it was off the stage has none.
    const bool partMissing = keepsPartByView(m_view) && !frame->partPointer(m_view);
    if (!isOnScreen() || partMissing) {
        m_stale = true; // nothing is drawn for a view nobody sees; a just-shown view waits for its part
        return;
    }
    // A readout names a cell of the matrix drawn before: after a new spec it would be wrong.
    if (!m_drawn || !(m_drawn->spec == frame->spec))
        setReadout(QString());
    m_stale = false;
    m_drawn = frame;
    ++m_redraws;
    redraw(*frame);
}

void PlotView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // Checked once the event loop comes back: a view shown and hidden again within one turn
    // (the stage rearranging itself) must not start work.
    QMetaObject::invokeMethod(this, &PlotView::updateOnScreen, Qt::QueuedConnection);
}

void PlotView::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    updateOnScreen();
}

bool PlotView::isOnScreen() const
{
    // A view on its own (an export's scene, a test's) has nothing to hide it and always draws.
    return !parentWidget() || isVisible();
}

void PlotView::releaseDrawing()
{
    for (int i = 0; i < m_plot->plottableCount(); ++i)
        if (auto* map = qobject_cast<CellColorMap*>(m_plot->plottable(i)))
            map->releaseCells();
}

void PlotView::updateOnScreen()
{
    const bool on = isOnScreen();
    if (parentWidget())
        m_document->setViewShown(m_view, on);
    if (!on && parentWidget()) {
        // A view off the stage keeps no frame: the one it drew last held every part computed
        // with it (megabytes at a large spec), for as long as the view stayed hidden. It draws
        // the current frame whole when it is shown again.
        m_drawn.reset();
        m_stale = true;
        // Its paint images go too, once a replot queued before the hide has run (it would
        // make them anew).
        QMetaObject::invokeMethod(this, [this] {
            if (!isOnScreen())
                static_cast<ViewPlot*>(m_plot)->releasePaintBuffers();
        }, Qt::QueuedConnection);
    }
    if (on && m_stale) {
        // What it drew last is still in its graphs and maps (unless a quiet spell released
        // them, releaseDrawing()): shown at once, not a blank plot while the frame with its
        // part is computed.
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        redrawCurrent();
    }
}

} // namespace pe::ui
