// SPDX-License-Identifier: MIT
// Every view uses its room (issue 48), checked over every view in each of its states, at a
// projector's 1366 × 768, at 1280 × 720 and at 1920 × 1080, at the desk (the heatmap beside)
// and presenting (F5), in English and in Simplified Chinese. Asserted:
//   - presenting, the plot takes at least 60 % × 55 % of the window;
//   - no two texts overlap: the plot's titles, legend entries and text items, the view's labels
//     and buttons;
//   - no widget of the view is squeezed below its minimum size hint (its text would be cut);
//   - a hover over the middle of each axis rect moves no axis rect and not the plot (the
//     read-out has its place from the start).
//   - at the desk, the plot at least 300 px tall and half the view's width;
//   - at the desk, every panel (axis rect) at least 120 px tall, except the views still short
//     of it (panelsStillShort()): those shortfalls are printed as "room: …" so that the work
//     left is measured, not guessed.
// One window per size, language and mode goes through every state; a row reports every state
// that fails, not only the first.
// The same states as figures at 89 × 70, 120 × 80 and 183 × 100 mm, laid out as their PDF and
// SVG draw them: every legend symbol keeps 2 px from its label (an SVG keeps no clip: a graph's
// legend line runs 5 px past its icon), no text or inset legend lies on an axis line or is
// crossed by a straight line (RoPE's context lengths), and none on a curve.
#include "windowprobes.h"

#include "app/commandline.h"
#include "app/viewfiles.h"
#include "ui/document/document.h"
#include "ui/export/figureexport.h"
#include "ui/views/plotview.h"
#include "ui/views/ropeview.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QAbstractButton>
#include <QToolButton>
#include <QLabel>
#include <QHash>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <functional>
#include <tuple>

using pe::ui::MainWindow;
using pe::ui::View;

namespace {

/// A view in one of its states: the command-line options that set it up, and what a user then
/// clicks (RoPE's folded details).
struct ViewCase {
    QString name;
    QStringList options;
    std::function<void(MainWindow&)> then;
};

QList<ViewCase> viewCases()
{
    const auto unfold = [](bool model) {
        return [model](MainWindow& window) {
            auto* rope = qobject_cast<pe::ui::RopeView*>(window.plotView(pe::ui::views::rope));
            QToolButton* button = model ? rope->modelDetailsButton() : rope->detailsButton();
            if (!button->isChecked())
                button->click();
        };
    };
    QList<ViewCase> cases{
        {QStringLiteral("heatmap"), {QStringLiteral("--view"), QStringLiteral("heatmap")}, {}},
        {QStringLiteral("waves"), {QStringLiteral("--view"), QStringLiteral("waves")}, {}},
        {QStringLiteral("similarity"), {QStringLiteral("--view"), QStringLiteral("similarity")}, {}},
        {QStringLiteral("offset"), {QStringLiteral("--view"), QStringLiteral("offset")}, {}},
        {QStringLiteral("bands"), {QStringLiteral("--view"), QStringLiteral("bands")}, {}},
        {QStringLiteral("rope paper"), {QStringLiteral("--view"), QStringLiteral("rope")}, {}},
        {QStringLiteral("rope paper, details"), {QStringLiteral("--view"), QStringLiteral("rope")}, unfold(false)},
        {QStringLiteral("rope model"), {QStringLiteral("--model"), QStringLiteral("llama-3.1-8b")}, {}},
        {QStringLiteral("rope model against another"),
         {QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--compare-config"), QStringLiteral("qwen2.5-7b-yarn")}, {}},
        {QStringLiteral("rope model, details"), {QStringLiteral("--model"), QStringLiteral("deepseek-v3")}, unfold(true)},
        {QStringLiteral("conventions"), {QStringLiteral("--view"), QStringLiteral("conventions")}, {}},
        {QStringLiteral("conventions shifted cosine"),
         {QStringLiteral("--view"), QStringLiteral("conventions"), QStringLiteral("--compare"), QStringLiteral("shifted-cosine")}, {}},
        {QStringLiteral("precision"), {QStringLiteral("--view"), QStringLiteral("precision")}, {}},
        {QStringLiteral("embeddings"), {QStringLiteral("--view"), QStringLiteral("embeddings")}, {}},
        {QStringLiteral("spectrum"), {QStringLiteral("--view"), QStringLiteral("spectrum")}, {}},
    };
    for (const char* method : {"sinusoidal", "rope", "alibi", "t5", "shaw", "transformer-xl", "nope"})
        cases.append({QStringLiteral("methods %1").arg(QLatin1String(method)),
                      {QStringLiteral("--method"), QString::fromLatin1(method)}, {}});
    for (const char* source : {"mae", "dit", "rope-axial", "rope-mixed", "mrope"})
        cases.append({QStringLiteral("grid %1").arg(QLatin1String(source)),
                      {QStringLiteral("--grid-source"), QString::fromLatin1(source)}, {}});
    return cases;
}

/// Sets the window to `c` as the command line would at a start, then puts its view on the stage.
QString applyCase(MainWindow& window, const ViewCase& c)
{
    const auto parsed = pe::app::parseCommandLine(QStringList{QStringLiteral("pe-explorer")} + c.options);
    const auto* options = std::get_if<pe::app::LaunchOptions>(&parsed);
    if (!options)
        return QStringLiteral("options refused");
    const auto start = pe::app::windowStartReadingFiles(*options, {});
    if (const auto* error = std::get_if<QString>(&start))
        return *error;
    window.document()->apply(pe::ui::Settings{options->spec, std::get<pe::ui::ViewState>(start)});
    if (!windowprobes::bringOnScreen(window, options->view))
        return QStringLiteral("not drawn");
    if (c.then) {
        c.then(window);
        QTest::qWait(20);
        if (!windowprobes::waitForFrame(window))
            return QStringLiteral("not drawn after the click");
    }
    return {};
}

QString rectText(const QRectF& r)
{
    return QStringLiteral("%1×%2 at %3,%4").arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y());
}

/// Every axis rect of the plot that is laid out and visible, in the plot's coordinates.
QList<QCPAxisRect*> shownAxisRects(QCustomPlot* plot)
{
    QList<QCPAxisRect*> rects;
    for (QCPAxisRect* rect : plot->axisRects())
        if (rect->visible() && rect->layout() && rect->rect().width() > 0 && rect->rect().height() > 0)
            rects.append(rect);
    return rects;
}

/// Whether a layout element and every layout holding it are visible.
bool elementShown(QCPLayoutElement* element)
{
    for (QCPLayoutElement* e = element; e; e = e->layout())
        if (!e->visible())
            return false;
    return true;
}

/// The texts the plot draws, each with a name for the report, in the plot's coordinates.
QList<std::pair<QString, QRectF>> plotTexts(QCustomPlot* plot)
{
    QList<std::pair<QString, QRectF>> texts;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (!element || !elementShown(element) || element->rect().isEmpty())
            continue;
        if (auto* text = qobject_cast<QCPTextElement*>(element); text && !text->text().isEmpty()) {
            // The element spans its layout cell; the words take their own width, centred.
            const QFontMetricsF metrics(text->font());
            const QRectF words = metrics.boundingRect(QRectF(text->rect()), Qt::AlignCenter | Qt::TextWordWrap, text->text());
            texts.append({QStringLiteral("title '%1'").arg(text->text().section(QLatin1Char('\n'), 0, 0)), words & QRectF(text->rect())});
        }
        if (auto* legend = qobject_cast<QCPLegend*>(element))
            for (int i = 0; i < legend->itemCount(); ++i)
                if (QCPAbstractLegendItem* item = legend->item(i); item && item->visible())
                    texts.append({QStringLiteral("legend item %1").arg(i), QRectF(item->rect())});
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot->item(i));
        if (!text || !text->visible() || text->text().isEmpty())
            continue;
        const QRectF box = QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
        if (!box.isEmpty() && (!text->clipToAxisRect() || text->clipAxisRect()->rect().intersects(box.toRect())))
            texts.append({QStringLiteral("text '%1'").arg(text->text()), box});
    }
    return texts;
}

/// Pairs of texts whose boxes overlap by more than a pixel each way.
QStringList overlaps(const QList<std::pair<QString, QRectF>>& texts)
{
    QStringList found;
    for (int i = 0; i < texts.size(); ++i)
        for (int j = i + 1; j < texts.size(); ++j) {
            const QRectF both = texts[i].second & texts[j].second;
            if (both.width() > 1 && both.height() > 1)
                found << QStringLiteral("%1 (%2) overlaps %3 (%4)")
                             .arg(texts[i].first, rectText(texts[i].second), texts[j].first, rectText(texts[j].second));
        }
    return found;
}

/// Whether the segment a–b passes through `box`.
bool segmentCrosses(QPointF a, QPointF b, const QRectF& box)
{
    if (box.contains(a) || box.contains(b))
        return true;
    const QLineF line(a, b);
    const QPointF corners[4] = {box.topLeft(), box.topRight(), box.bottomRight(), box.bottomLeft()};
    for (int i = 0; i < 4; ++i)
        if (line.intersects(QLineF(corners[i], corners[(i + 1) % 4]), nullptr) == QLineF::BoundedIntersection)
            return true;
    return false;
}

/// What a figure's texts inside its plots run into: the curves drawn under them and the axis
/// lines along their rect; and legend symbols that touch their labels. QCustomPlot draws a
/// graph's legend line 5 px past its icon, clipped to it, but an SVG (QSvgGenerator) keeps no
/// clip: the line then ends 5 px + half its pen past the icon, and the label starts
/// iconTextPadding after it.
QStringList figureProblems(QCustomPlot* plot, QStringList& crossings)
{
    QStringList problems;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        auto* legend = qobject_cast<QCPLegend*>(element);
        if (!legend || !elementShown(legend))
            continue;
        for (int i = 0; i < legend->itemCount(); ++i) {
            auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
            auto* graph = item ? qobject_cast<QCPGraph*>(item->plottable()) : nullptr;
            if (!graph)
                continue;
            const double iconWidth = legend->iconSize().width();
            double symbolEnd = 0; // past the icon's left edge
            if (graph->lineStyle() != QCPGraph::lsNone)
                symbolEnd = iconWidth + 5 + graph->pen().widthF() / 2;
            if (!graph->scatterStyle().isNone())
                symbolEnd = std::max(symbolEnd, iconWidth / 2 + graph->scatterStyle().size() / 2);
            const double gap = iconWidth + legend->iconTextPadding() - symbolEnd;
            if (gap < 2)
                problems << QStringLiteral("legend '%1': its symbol ends %2 px from its label (at least 2)").arg(graph->name()).arg(gap);
        }
    }
    // Texts and legends drawn inside an axis rect, against its curves and its axis lines.
    QList<std::tuple<QString, QRectF, QCPAxisRect*>> inside;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot->item(i));
        if (!text || !text->visible() || text->text().isEmpty() || !text->clipAxisRect())
            continue;
        const QRectF box = QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
        inside.append({QStringLiteral("text '%1'").arg(text->text()), box, text->clipAxisRect()});
    }
    for (QCPAxisRect* rect : shownAxisRects(plot))
        for (QCPLayoutElement* element : rect->insetLayout()->elements(false))
            if (auto* legend = qobject_cast<QCPLegend*>(element); legend && elementShown(legend) && legend->itemCount() > 0)
                if (auto* first = qobject_cast<QCPPlottableLegendItem*>(legend->item(0)))
                    inside.append({QStringLiteral("legend of '%1'").arg(first->plottable()->name()), QRectF(legend->outerRect()), rect});
    for (const auto& [name, box, rect] : inside) {
        if (!rect->visible() || box.isEmpty())
            continue;
        const QRectF area(rect->rect());
        const QRectF shrunk = box.adjusted(1, 1, -1, -1); // a pixel of antialiasing
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible() || axis->basePen().style() == Qt::NoPen)
                continue;
            const QLineF line = axis->axisType() == QCPAxis::atLeft ? QLineF(area.topLeft(), area.bottomLeft())
                                : axis->axisType() == QCPAxis::atRight ? QLineF(area.topRight(), area.bottomRight())
                                : axis->axisType() == QCPAxis::atTop ? QLineF(area.topLeft(), area.topRight())
                                                                      : QLineF(area.bottomLeft(), area.bottomRight());
            if (segmentCrosses(line.p1(), line.p2(), shrunk))
                problems << QStringLiteral("%1 (%2) lies on the %3 axis line").arg(name, rectText(box)).arg(int(axis->axisType()));
        }
        // A horizontal straight line (RoPE's context lengths) across the text, not along its edge.
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* line = qobject_cast<QCPItemStraightLine*>(plot->item(i));
            if (!line || !line->visible() || line->clipAxisRect() != rect)
                continue;
            const QPointF a = line->point1->pixelPosition(), b = line->point2->pixelPosition();
            if (std::abs(a.y() - b.y()) < 0.5 && box.top() + 1 < a.y() && a.y() < box.bottom() - 1)
                problems << QStringLiteral("%1 (%2) is crossed by a line at y = %3").arg(name, rectText(box)).arg(a.y());
        }
        for (int g = 0; g < plot->graphCount(); ++g) {
            QCPGraph* graph = plot->graph(g);
            if (!graph->visible() || graph->keyAxis()->axisRect() != rect || graph->data()->isEmpty())
                continue;
            const QCPRange keys = graph->keyAxis()->range();
            auto begin = graph->data()->findBegin(keys.lower), end = graph->data()->findEnd(keys.upper);
            const bool lines = graph->lineStyle() != QCPGraph::lsNone;
            bool hit = false;
            QPointF previous;
            bool hasPrevious = false;
            for (auto it = begin; it != end && !hit; ++it) {
                if (!std::isfinite(it->value)) {
                    hasPrevious = false;
                    continue;
                }
                const QPointF point = graph->coordsToPixels(it->key, it->value);
                const double reach = lines ? 0 : graph->scatterStyle().size() / 2;
                hit = lines && hasPrevious ? segmentCrosses(previous, point, shrunk) : shrunk.adjusted(-reach, -reach, reach, reach).contains(point);
                previous = point;
                hasPrevious = true;
            }
            if (hit)
                crossings << QStringLiteral("%1 (%2) lies on the curve '%3'").arg(name, rectText(box), graph->name());
        }
    }
    problems.removeDuplicates();
    return problems;
}

/// A part of a compound control (a spin box's line edit) or a widget that scrolls in its own box.
bool insideAnother(const QWidget* widget, const QWidget* top)
{
    for (const QWidget* w = widget->parentWidget(); w && w != top; w = w->parentWidget())
        if (qobject_cast<const QAbstractScrollArea*>(w) || qobject_cast<const QAbstractSpinBox*>(w)
            || qobject_cast<const QComboBox*>(w))
            return true;
    return false;
}

/// The least height of each axis rect of a view's plot at the desk: a panel squeezed below it
/// by the texts and legends around it is hard to read (RoPE's lower plot was 50 px).
constexpr int minimumPanelHeight = 120;

/// The states whose panels are still under 120 px at the desk, reported and not asserted (the
/// work left in issue 48): the relative offset's small multiples, RoPE with its details
/// unfolded, and every view at 1280 × 720. A panel under 120 px anywhere else fails (RoPE's
/// lower plot was 50 px; the similarity's profile 63 px and the methods' curves 96 px).
bool panelsStillShort(const QString& state, QSize window)
{
    return window.height() <= 720 || state.startsWith(QLatin1String("offset")) || state.endsWith(QLatin1String("details"));
}

/// What is wrong with the view's room as drawn now. `shortfalls` gets what the plot lacks of
/// the room issue 48 asks for at the desk, which is not met yet in every state (see the note
/// in everyViewUsesItsRoom).
/// Lets the layouts asked for by the last change (a fold opened, a pane's scroll bar) land, and
/// the plot fit its parts: measured before them, a hover's event loop turn moved the plot.
void settle(QCustomPlot* plot)
{
    for (int turn = 0; turn < 5; ++turn) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    plot->replot();
    plot->replot(); // views that fit their parts settle on the second pass
}

QStringList roomProblems(MainWindow& window, View v, bool presenting, bool panelsShort, QStringList& shortfalls)
{
    QStringList problems;
    pe::ui::PlotView* view = window.plotView(v);
    QCustomPlot* plot = view->plot();
    settle(plot);
    const QList<QCPAxisRect*> rects = shownAxisRects(plot);
    if (rects.isEmpty())
        return {QStringLiteral("no axis rect shown")};
    if (presenting) {
        const QSize room = window.size();
        if (plot->width() < 0.6 * room.width() || plot->height() < 0.55 * room.height())
            problems << QStringLiteral("presenting, the plot is %1×%2 in a %3×%4 window (at least 60 % × 55 %)")
                            .arg(plot->width()).arg(plot->height()).arg(room.width()).arg(room.height());
    } else if (plot->height() < 300 || plot->width() < 0.5 * view->width()) {
        problems << QStringLiteral("the plot is %1×%2 in a %3×%4 view (at least 300 px tall and half as wide)")
                        .arg(plot->width()).arg(plot->height()).arg(view->width()).arg(view->height());
    }
    for (QCPAxisRect* rect : rects)
        if (!presenting && rect->rect().height() < minimumPanelHeight)
            (panelsShort ? shortfalls : problems) << QStringLiteral("a panel of the plot is %1×%2 (at least %3 px tall)")
                            .arg(rect->rect().width()).arg(rect->rect().height()).arg(minimumPanelHeight);
    problems << overlaps(plotTexts(plot));

    // The view's own widgets: labels apart, none below its minimum size.
    QList<std::pair<QString, QRectF>> labels;
    for (QWidget* child : view->findChildren<QWidget*>()) {
        if (!child->isVisibleTo(view) || child == plot || plot->isAncestorOf(child) || insideAnother(child, view))
            continue;
        const QRect inView(child->mapTo(view, QPoint(0, 0)), child->size());
        const QSize least = child->minimumSizeHint();
        const bool wraps = qobject_cast<QLabel*>(child) && qobject_cast<QLabel*>(child)->wordWrap();
        // A read-out lays its text out in the place it reserved (ReadoutLabel::fitText):
        // QLabel's hint for the whole text is not what it needs.
        const bool readout = child->objectName() == QLatin1String("readout");
        if (least.isValid() && !readout && (child->width() < least.width() - 1 || (!wraps && child->height() < least.height() - 1)))
            problems << QStringLiteral("%1 '%2' is %3×%4, needs %5×%6")
                            .arg(QString::fromLatin1(child->metaObject()->className()), child->objectName())
                            .arg(child->width()).arg(child->height()).arg(least.width()).arg(least.height());
        if (auto* label = qobject_cast<QLabel*>(child); label && !label->text().isEmpty())
            labels.append({QStringLiteral("label '%1'").arg(label->text().left(30)), QRectF(inView)});
        else if (auto* button = qobject_cast<QAbstractButton*>(child); button && !button->text().isEmpty())
            labels.append({QStringLiteral("button '%1'").arg(button->text().left(30)), QRectF(inView)});
    }
    problems << overlaps(labels);

    // A hover over the middle of each axis rect moves none of them.
    QList<QRect> before;
    for (QCPAxisRect* rect : rects)
        before << rect->rect();
    const QRect plotBefore = plot->geometry();
    for (QCPAxisRect* rect : rects) {
        windowprobes::hover(plot, rect->rect().center());
        QCoreApplication::processEvents();
        plot->replot();
        for (int i = 0; i < rects.size(); ++i)
            if (rects[i]->rect() != before[i])
                problems << QStringLiteral("a hover at %1,%2 moved axis rect %3 from %4 to %5")
                                .arg(rect->rect().center().x()).arg(rect->rect().center().y()).arg(i)
                                .arg(rectText(before[i]), rectText(rects[i]->rect()));
        if (plot->geometry() != plotBefore)
            problems << QStringLiteral("a hover moved the plot from %1 to %2").arg(rectText(plotBefore), rectText(plot->geometry()));
    }
    QTest::mouseMove(&window, QPoint(2, 2)); // away, for the next state
    problems.removeDuplicates();
    return problems;
}

} // namespace

class TestGeometry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PE Explorer tests"));
    }
    void init() { QSettings().clear(); }
    void cleanup() { pe::ui::installLanguage(pe::ui::Language::English); }

    void figuresKeepTextOffLinesAndDataAndLegendGaps_data()
    {
        QTest::addColumn<QSizeF>("millimetres");
        for (const QSizeF size : {QSizeF(89, 70), QSizeF(120, 80), QSizeF(183, 100)})
            QTest::addRow("%gx%g mm", size.width(), size.height()) << size;
    }

    void figuresKeepTextOffLinesAndDataAndLegendGaps()
    {
        // Every view in every state above, laid out as its PDF and SVG draw it: every legend
        // symbol keeps 2 px from its label, no text or inset legend lies on an axis line, and
        // none on a curve.
        QFETCH(QSizeF, millimetres);
        pe::ui::FigureSize size = pe::ui::singleColumnFigure();
        size.millimetres = millimetres;
        QStringList failures;
        for (const ViewCase& c : viewCases()) {
            const auto parsed = pe::app::parseCommandLine(QStringList{QStringLiteral("pe-explorer")} + c.options);
            const auto* options = std::get_if<pe::app::LaunchOptions>(&parsed);
            QVERIFY2(options, qPrintable(c.name));
            if (c.then)
                continue; // an unfolded panel of the window: not in a figure
            pe::ui::ExportRequest request;
            request.spec = options->spec;
            request.state = options->state;
            request.view = options->view;
            const auto scene = pe::ui::layOutFigure(request, size);
            QStringList crossings;
            for (const QString& problem : figureProblems(scene->view->plot(), crossings))
                failures << QStringLiteral("%1: %2").arg(c.name, problem);
            // At 89 × 70 mm RoPE's context labels shorten to find a free place ("original 8192",
            // "4096"), and the bands' max_len takes the room under its line at the right while
            // the 2π label hangs below its own (it lay on the float16 limits' markers).
            for (const QString& crossing : crossings)
                failures << QStringLiteral("%1: %2").arg(c.name, crossing);
        }
        if (!failures.isEmpty())
            QFAIL(qPrintable(QStringLiteral("\n") + failures.join(QLatin1Char('\n'))));
    }

    void presentingMakesEveryPanelLarger_data()
    {
        QTest::addColumn<QSize>("size");
        for (const QSize size : {QSize(1366, 768), QSize(1280, 720), QSize(1920, 1080)})
            QTest::addRow("%dx%d", size.width(), size.height()) << size;
    }

    void presentingMakesEveryPanelLarger()
    {
        // F5 is for the room: each panel (axis rect) shown at the desk is shown in F5 with at
        // least its area, and its shorter side at least 0.9 times as long (the presentation's
        // texts are 1.7 times as large; tst_presentation lets the plot lose 5 % of its height
        // to them). A panel may change its shape (RoPE's two plots stand side by side in F5),
        // but not become a strip: in F5 at 1366 × 768 RoPE's lower plot was 1166 × 78 px
        // against 406 × 120 at the desk; the relative offset's circles were 69 px tall in F5 at
        // 1280 × 720 against 106 at the desk, its vectors 812 × 183 against 278 × 245.
        QFETCH(QSize, size);
        auto window = windowprobes::launch(size);
        QVERIFY(window);
        QStringList failures;
        for (const ViewCase& c : viewCases()) {
            const auto parsed = pe::app::parseCommandLine(QStringList{QStringLiteral("pe-explorer")} + c.options);
            const View v = std::get<pe::app::LaunchOptions>(parsed).view;
            QHash<QCPAxisRect*, QSize> desk; // the same rects in both modes: one view object
            for (const bool presenting : {false, true}) {
                window->setPresentationMode(presenting);
                const QString setUp = applyCase(*window, c);
                if (!setUp.isEmpty()) {
                    failures << QStringLiteral("%1: %2").arg(c.name, setUp);
                    break;
                }
                QTest::qWait(presenting ? 50 : 10);
                QCustomPlot* plot = window->plotView(v)->plot();
                settle(plot);
                const QList<QCPAxisRect*> rects = shownAxisRects(plot);
                if (!presenting) {
                    for (QCPAxisRect* rect : rects)
                        desk.insert(rect, rect->rect().size());
                    continue;
                }
                QStringList problems;
                for (auto it = desk.cbegin(); it != desk.cend(); ++it) {
                    const QSize was = it.value();
                    const QSize now = rects.contains(it.key()) ? it.key()->rect().size() : QSize();
                    const auto shorter = [](QSize s) { return std::min(s.width(), s.height()); };
                    if (!now.isValid())
                        problems << QStringLiteral("a panel of %1×%2 at the desk is not shown in F5").arg(was.width()).arg(was.height());
                    else if (shorter(now) < 0.9 * shorter(was) || now.width() * now.height() < was.width() * was.height())
                        problems << QStringLiteral("a panel is %1×%2 in F5, %3×%4 at the desk")
                                        .arg(now.width()).arg(now.height()).arg(was.width()).arg(was.height());
                }
                for (const QString& problem : problems)
                    failures << QStringLiteral("%1: %2").arg(c.name, problem);
            }
            auto* rope = qobject_cast<pe::ui::RopeView*>(window->plotView(pe::ui::views::rope));
            for (QToolButton* details : {rope->detailsButton(), rope->modelDetailsButton()})
                if (details->isChecked())
                    details->click();
        }
        window->setPresentationMode(false);
        if (!failures.isEmpty())
            QFAIL(qPrintable(QStringLiteral("\n") + failures.join(QLatin1Char('\n'))));
    }

    void everyViewUsesItsRoom_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("presenting");
        for (const QSize size : {QSize(1366, 768), QSize(1280, 720), QSize(1920, 1080)})
            for (const char* language : {"en", "zh_CN"})
                for (const bool presenting : {false, true})
                    QTest::addRow("%dx%d %s %s", size.width(), size.height(), language, presenting ? "F5" : "desk")
                        << size << QString::fromLatin1(language) << presenting;
    }

    void everyViewUsesItsRoom()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(bool, presenting);
        QVERIFY(pe::ui::installLanguage(*pe::ui::parseLanguage(language)));
        auto window = windowprobes::launch(size);
        QVERIFY(window);
        window->setPresentationMode(presenting);
        QStringList failures;
        for (const ViewCase& c : viewCases()) {
            const QString setUp = applyCase(*window, c);
            if (!setUp.isEmpty()) {
                failures << QStringLiteral("%1: %2").arg(c.name, setUp);
                continue;
            }
            QTest::qWait(presenting ? 50 : 10); // the bar and the view at their fonts
            const auto parsed = pe::app::parseCommandLine(QStringList{QStringLiteral("pe-explorer")} + c.options);
            const View v = std::get<pe::app::LaunchOptions>(parsed).view;
            QStringList shortfalls;
            for (const QString& problem : roomProblems(*window, v, presenting, panelsStillShort(c.name, size), shortfalls))
                failures << QStringLiteral("%1: %2").arg(c.name, problem);
            for (const QString& shortfall : shortfalls)
                qInfo("room: %s: %s", qPrintable(c.name), qPrintable(shortfall));
            auto* rope = qobject_cast<pe::ui::RopeView*>(window->plotView(pe::ui::views::rope));
            for (QToolButton* details : {rope->detailsButton(), rope->modelDetailsButton()})
                if (details->isChecked()) // folded again, as the next state expects
                    details->click();
        }
        if (!failures.isEmpty())
            QFAIL(qPrintable(QStringLiteral("\n") + failures.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestGeometry)
#include "tst_geometry.moc"
