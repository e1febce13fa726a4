// SPDX-License-Identifier: MIT
// The stage (issue 32): a chosen view gets most of the window at a projector's size, beside the
// heatmap or any other view; presenting projects it alone with its controls enlarged and a
// way to switch views in sight; dragging the docks never squeezes it; the layout is remembered
// in sessions and across starts.
#include "extraview.h"
#include "windowprobes.h"

#include "ui/views/heatmapview.h"
#include "ui/views/plotview.h"
#include "ui/views/ropeview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/sessioncontroller.h"
#include "ui/window/shortcutsdialog.h"
#include "ui/window/stage.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QImage>
#include <QSet>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <qcustomplot.h>

#include <memory>

using pe::ui::MainWindow;
using pe::ui::Stage;
using pe::ui::View;

namespace {

/// What a reader at the back of a room needs of a view: its readable width, and most of the
/// window's height for the plot under its controls.
QString squeezed(MainWindow& window, View v)
{
    pe::ui::PlotView* view = window.plotView(v);
    if (!view->isOnScreen())
        return QStringLiteral("%1 is not on screen").arg(pe::ui::viewName(v));
    if (view->width() < Stage::readableWidth)
        return QStringLiteral("%1 is %2 px wide").arg(pe::ui::viewName(v)).arg(view->width());
    return {};
}

} // namespace

class TestStage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void aChosenViewGetsTheStageWithTheHeatmapBeside();
    void shortcutsAndTheMenuChooseViews();
    void aViewEnteredAtStartUpTakesTheStage();
    void helpListsEveryShortcut();
    void theBesideBoxSaysWhatIsBeside();
    void aViewMovedOnTheStageDrawsAtItsNewSize();
    void anyTwoViewsSideBySide();
    void draggingTheDocksNeverSqueezesTheStage();
    void theSplitterKeepsBothViewsReadable();
    void presentingProjectsTheChosenViewAlone();
    void sessionsRememberTheStage();
    void aLayoutFromBeforeTheStageStillOpens();
    void aViewBackOnTheStageIsPaintedAgain();
    void aViewLongOffTheStageLetsGoOfItsMapsAndDrawsThemAgain_data();
    void aViewLongOffTheStageLetsGoOfItsMapsAndDrawsThemAgain();
};

void TestStage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestStage::init()
{
    QSettings().clear(); // a first start: no layout, no presentation mode from another test
}

void TestStage::aChosenViewGetsTheStageWithTheHeatmapBeside()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    // At first the heatmap alone, as wide as the stage.
    QCOMPARE(window->stage()->chosen(), pe::ui::views::heatmap);
    QVERIFY(!window->stage()->companion());
    QVERIFY2(window->heatmap()->width() >= 0.6 * window->width(), qPrintable(QString::number(window->heatmap()->width())));
    // RoPE from the bar: the larger part of the stage, the heatmap still there beside it.
    QTest::mouseClick(window->stage()->button(pe::ui::views::rope), Qt::LeftButton);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::rope));
    QCOMPARE(window->stage()->companion(), std::optional(pe::ui::views::heatmap));
    QCOMPARE(squeezed(*window, pe::ui::views::rope), QString());
    QCOMPARE(squeezed(*window, pe::ui::views::heatmap), QString());
    QVERIFY(window->plotView(pe::ui::views::rope)->width() > window->heatmap()->width());
    auto* rope = qobject_cast<pe::ui::RopeView*>(window->plotView(pe::ui::views::rope));
    QVERIFY2(rope->plot()->height() >= 300, qPrintable(QStringLiteral("RoPE's plot is %1 px tall").arg(rope->plot()->height())));
    // Views off the stage are hidden: the document computes nothing for them.
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog())
        if (d.view != pe::ui::views::rope && d.view != pe::ui::views::heatmap)
            QVERIFY2(!window->plotView(d.view)->isOnScreen(), d.key);
}

// Help ▸ Keyboard shortcuts (F1) lists every key of every action of the window, each beside
// what its menu calls it.
void TestStage::helpListsEveryShortcut()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QTest::keyClick(window.get(), Qt::Key_F1);
    auto* dialog = window->findChild<pe::ui::ShortcutsDialog*>();
    QVERIFY(dialog);
    QTableWidget* table = dialog->table();
    QStringList listed;
    for (int r = 0; r < table->rowCount(); ++r)
        listed << table->item(r, 0)->text() + QStringLiteral(" | ") + table->item(r, 1)->text();
    int keys = 0;
    for (const QAction* action : window->findChildren<QAction*>())
        for (const QKeySequence& key : action->shortcuts()) {
            const QString text = key.toString(QKeySequence::NativeText);
            const bool found = std::any_of(listed.cbegin(), listed.cend(), [&](const QString& row) {
                return row.section(QStringLiteral(" | "), 0, 0).split(QStringLiteral(", ")).contains(text);
            });
            QVERIFY2(found, qPrintable(QStringLiteral("%1 (%2) is not listed").arg(text, action->text())));
            ++keys;
        }
    QVERIFY2(keys >= 25, qPrintable(QString::number(keys))); // the menus' keys were there to look for
    QVERIFY(listed.contains(QStringLiteral("F5 | View ▸ Presentation mode")));
    QVERIFY(listed.contains(QStringLiteral("Ctrl+1 | View ▸ Heatmap")));
    dialog->reject();
}

// Beside ▸ Heatmap while the heatmap itself is on the stage (issue 48): nothing can stand
// beside its own view, and the box says so rather than naming a view that is not there.
void TestStage::theBesideBoxSaysWhatIsBeside()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    pe::ui::Stage* stage = window->stage();
    auto* box = window->findChild<QComboBox*>(QStringLiteral("besideBox"));
    QVERIFY(box);
    stage->choose(pe::ui::views::rope);
    QCOMPARE(stage->companion(), std::optional(pe::ui::views::heatmap));
    QCOMPARE(box->currentData().toString(), QStringLiteral("heatmap"));
    stage->choose(pe::ui::views::heatmap);
    QCOMPARE(stage->companion(), std::nullopt);
    QCOMPARE(box->currentData().toString(), QStringLiteral("-")); // "Nothing"
    const auto* model = qobject_cast<QStandardItemModel*>(box->model());
    QVERIFY(model);
    QVERIFY(!model->item(box->findData(QStringLiteral("heatmap")))->isEnabled());
    QVERIFY(model->item(box->findData(QStringLiteral("rope")))->isEnabled());
    // Another view on the stage: the heatmap is beside it again, and can be chosen there.
    stage->choose(pe::ui::views::waves);
    QCOMPARE(stage->companion(), std::optional(pe::ui::views::heatmap));
    QCOMPARE(box->currentData().toString(), QStringLiteral("heatmap"));
    QVERIFY(model->item(box->findData(QStringLiteral("heatmap")))->isEnabled());
    QVERIFY(!model->item(box->findData(QStringLiteral("waves")))->isEnabled());
}

void TestStage::shortcutsAndTheMenuChooseViews()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    // Ctrl+1 … Ctrl+0: the catalogue's first ten views, in the bar's order.
    const auto& views = pe::ui::viewCatalog();
    for (int i = 0; i < 10; ++i) {
        QTest::keyClick(window.get(), Qt::Key(Qt::Key_0 + (i + 1) % 10), Qt::ControlModifier);
        QCOMPARE(window->stage()->chosen(), views[std::size_t(i)].view);
        QToolButton* button = window->stage()->button(views[std::size_t(i)].view);
        QVERIFY(button->isChecked());
        const QString key = QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + (i + 1) % 10)).toString(QKeySequence::NativeText);
        QVERIFY2(button->toolTip().contains(key), qPrintable(button->toolTip())); // the bar tells the key
    }
    // Ctrl+Page Down walks on, past the last view back to the first.
    window->stage()->choose(views.back().view);
    QTest::keyClick(window.get(), Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(window->stage()->chosen(), views.front().view);
    QTest::keyClick(window.get(), Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(window->stage()->chosen(), views.back().view);
    // View ▸ <name>, checked for the view on the stage.
    auto* spectrum = window->findChild<QAction*>(QStringLiteral("spectrumViewAction"));
    QVERIFY(spectrum);
    window->findChild<QAction*>(QStringLiteral("bandsViewAction"))->trigger();
    QCOMPARE(window->stage()->chosen(), pe::ui::views::bands);
    QVERIFY(!spectrum->isChecked());
    QVERIFY(window->findChild<QAction*>(QStringLiteral("bandsViewAction"))->isChecked());
}

// The extra view (extraview.cpp), entered at this binary's start-up like a plug-in: its button
// and menu entry choose it, it draws its part with the heatmap beside, and a spec change reaches it.
void TestStage::aViewEnteredAtStartUpTakesTheStage()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    const pe::ui::View extra = extraview::key();
    QToolButton* button = window->stage()->button(extra);
    QVERIFY(button);
    QCOMPARE(button->text(), QStringLiteral("Wavelength table"));
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(window->stage()->chosen(), extra);
    QVERIFY(windowprobes::bringOnScreen(*window, extra));
    QCOMPARE(window->stage()->companion(), std::optional(pe::ui::views::heatmap));
    auto* view = dynamic_cast<extraview::WavelengthView*>(window->plotView(extra));
    QVERIFY(view);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown, QStringLiteral("4 rows from pair 0"), 10000);
    window->document()->setDModel(64); // 32 pairs: two from pair 30 on
    window->document()->setViewOptions(extra, extraview::options(30, 8));
    QTRY_COMPARE_WITH_TIMEOUT(view->shown, QStringLiteral("2 rows from pair 30"), 10000);
    window->document()->setDModel(128); // 64 pairs: all eight
    QTRY_COMPARE_WITH_TIMEOUT(view->shown, QStringLiteral("8 rows from pair 30"), 10000);
    window->findChild<QAction*>(QStringLiteral("heatmapViewAction"))->trigger();
    QCOMPARE(window->stage()->chosen(), pe::ui::views::heatmap);
    window->findChild<QAction*>(QStringLiteral("wavelengthsViewAction"))->trigger();
    QCOMPARE(window->stage()->chosen(), extra);
}

void TestStage::aViewMovedOnTheStageDrawsAtItsNewSize()
{
    // The heatmap goes from the whole stage to the companion's pane and back, again and again
    // (a teacher flipping between views): each time its map has one cell per device pixel
    // of the area it has now, or every cell when they are fewer.
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->document()->setDModel(512);
    window->document()->setMaxLen(4096);
    for (int flip = 0; flip < 6; ++flip) {
        window->stage()->choose(flip % 2 ? pe::ui::views::heatmap : pe::ui::views::rope);
        QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heatmap));
        QCustomPlot* plot = window->heatmap()->plot();
        const QRect area = plot->axisRect()->rect();
        const double ratio = plot->bufferDevicePixelRatio();
        QCPColorMapData* data = window->heatmap()->colorMap()->data();
        const QString where = flip % 2 ? QStringLiteral("alone") : QStringLiteral("beside RoPE");
        QVERIFY2(data->keySize() == std::min(512, int(std::lround(area.width() * ratio))),
                 qPrintable(QStringLiteral("%1: %2 columns in %3 px").arg(where).arg(data->keySize()).arg(area.width())));
        QVERIFY2(data->valueSize() == int(std::lround(area.height() * ratio)),
                 qPrintable(QStringLiteral("%1: %2 rows in %3 px").arg(where).arg(data->valueSize()).arg(area.height())));
    }
}

void TestStage::anyTwoViewsSideBySide()
{
    // A loaded table's heatmap beside its spectrum, RoPE beside the methods: any two.
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    Stage* stage = window->stage();
    stage->choose(pe::ui::views::methods);
    QComboBox* beside = stage->besideBox();
    beside->setCurrentIndex(beside->findData(QStringLiteral("rope")));
    emit beside->activated(beside->currentIndex());
    QCOMPARE(stage->companion(), std::optional(pe::ui::views::rope));
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::methods));
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::rope));
    QCOMPARE(squeezed(*window, pe::ui::views::methods), QString());
    QCOMPARE(squeezed(*window, pe::ui::views::rope), QString());
    QVERIFY(!window->heatmap()->isOnScreen());
    // Nothing beside: the chosen view takes the whole stage.
    beside->setCurrentIndex(beside->findData(QStringLiteral("-")));
    emit beside->activated(beside->currentIndex());
    QVERIFY(!stage->companion());
    QVERIFY(QTest::qWaitFor([&] { return !window->plotView(pe::ui::views::rope)->isOnScreen(); }));
    QVERIFY(QTest::qWaitFor([&] { return window->plotView(pe::ui::views::methods)->width() >= stage->width() - 40; }));
    // The view chosen that is also the one beside: shown once, alone.
    stage->setBeside(pe::ui::views::spectrum);
    stage->choose(pe::ui::views::spectrum);
    QVERIFY(!stage->companion());
}

void TestStage::draggingTheDocksNeverSqueezesTheStage()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->stage()->choose(pe::ui::views::similarity);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::similarity));
    QCOMPARE(window->stage()->companion(), std::optional(pe::ui::views::heatmap));
    auto* controls = window->findChild<QDockWidget*>(QStringLiteral("controlsDock"));
    // The user drags the controls' edge far to the right, live.
    window->resizeDocks({controls}, {1200}, Qt::Horizontal);
    QVERIFY(QTest::qWaitFor([&] { return !window->stage()->companion(); })); // no room for two: the heatmap stepped aside
    QVERIFY2(window->stage()->width() >= Stage::readableWidth, qPrintable(QString::number(window->stage()->width())));
    QVERIFY(QTest::qWaitFor([&] { return !window->heatmap()->isOnScreen(); }));
    QCOMPARE(squeezed(*window, pe::ui::views::similarity), QString());
    // Dragged back, the heatmap returns beside it.
    window->resizeDocks({controls}, {300}, Qt::Horizontal);
    QVERIFY(QTest::qWaitFor([&] { return window->stage()->companion() == std::optional(pe::ui::views::heatmap); }));
    QVERIFY(QTest::qWaitFor([&] { return window->heatmap()->isOnScreen(); }));
    QCOMPARE(squeezed(*window, pe::ui::views::heatmap), QString());
}

void TestStage::theSplitterKeepsBothViewsReadable()
{
    auto window = windowprobes::launch(QSize(1600, 900));
    QVERIFY(window);
    window->stage()->choose(pe::ui::views::offset);
    QTest::qWait(20);
    auto* splitter = window->stage()->findChild<QSplitter*>(QStringLiteral("stageSplitter"));
    QVERIFY(splitter);
    // Dragged all the way to either side: neither view goes below its readable width.
    for (const bool toTheLeft : {true, false}) {
        splitter->setSizes(toTheLeft ? QList<int>{0, 5000} : QList<int>{5000, 0});
        QTest::qWait(20);
        QCOMPARE(squeezed(*window, pe::ui::views::offset), QString());
        QCOMPARE(squeezed(*window, pe::ui::views::heatmap), QString());
    }
}

void TestStage::presentingProjectsTheChosenViewAlone()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->stage()->choose(pe::ui::views::rope);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::rope));
    auto* rope = qobject_cast<pe::ui::RopeView*>(window->plotView(pe::ui::views::rope));
    const double scalePoints = rope->scaleBox()->font().pointSizeF();
    window->setPresentationMode(true);
    QTest::qWait(50);
    QVERIFY(!window->stage()->companion());
    QVERIFY(QTest::qWaitFor([&] { return !window->heatmap()->isOnScreen(); }));
    // The whole stage, less a scroll bar should the view be taller than the projector's height.
    QVERIFY2(QTest::qWaitFor([&] { return rope->width() >= window->stage()->width() - 40; }),
             qPrintable(QStringLiteral("RoPE %1 px on a stage of %2").arg(rope->width()).arg(window->stage()->width())));
    QVERIFY2(rope->plot()->height() >= 0.6 * window->height(),
             qPrintable(QStringLiteral("RoPE's plot is %1 px of %2").arg(rope->plot()->height()).arg(window->height())));
    // Its own controls grow with the rest (they kept their small font before).
    QVERIFY2(rope->scaleBox()->font().pointSizeF() >= 1.5 * scalePoints,
             qPrintable(QStringLiteral("%1 pt, was %2").arg(rope->scaleBox()->font().pointSizeF()).arg(scalePoints)));
    // The bar stays in sight, and a click there changes the projected view.
    QToolButton* methods = window->stage()->button(pe::ui::views::methods);
    QVERIFY(methods->isVisible());
    QTest::mouseClick(methods, Qt::LeftButton);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::methods));
    QVERIFY(!rope->isOnScreen());
    window->setPresentationMode(false);
    QVERIFY2(QTest::qWaitFor([&] { return window->stage()->companion() == std::optional(pe::ui::views::heatmap); }),
             qPrintable(QStringLiteral("stage %1 px after presenting").arg(window->stage()->width()))); // back beside it
}

void TestStage::sessionsRememberTheStage()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("lesson.pe-session"));
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->stage()->choose(pe::ui::views::conventions);
    window->stage()->setBeside(pe::ui::views::waves);
    QCOMPARE(window->sessions()->saveSession(path), QString());
    window->stage()->choose(pe::ui::views::precision);
    window->stage()->setBeside(std::nullopt);
    QCOMPARE(window->sessions()->openSession(path), QString());
    QTest::qWait(50);
    QCOMPARE(window->stage()->chosen(), pe::ui::views::conventions);
    QCOMPARE(window->stage()->beside(), std::optional(pe::ui::views::waves));
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::conventions));
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::waves));
}

void TestStage::aLayoutFromBeforeTheStageStillOpens()
{
    // Sessions and settings saved by earlier versions hold QMainWindow::saveState() alone
    // (with docks for every view): the docks come back, the stage starts as at first.
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    auto* formula = window->findChild<QDockWidget*>(QStringLiteral("formulaDock"));
    formula->hide();
    const QByteArray docksOnly = window->saveState();
    formula->show();
    window->stage()->choose(pe::ui::views::spectrum);
    window->restoreLayout(docksOnly);
    QTest::qWait(50);
    QVERIFY(formula->isHidden());
    QCOMPARE(window->stage()->chosen(), pe::ui::views::heatmap);
    // Bytes that are no layout at all: the first start's layout, nothing else.
    window->restoreLayout(QByteArray("\x50\x45\x4c\x59garbage", 11));
    QTest::qWait(50);
    QCOMPARE(window->stage()->chosen(), pe::ui::views::heatmap);
    QVERIFY(window->heatmap()->isOnScreen());
}

void TestStage::aViewBackOnTheStageIsPaintedAgain()
{
    // A view off the stage gives up its frame and its plot's paint images (memory: issue 47);
    // back on the stage it paints the map again, not a blank plot.
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heatmap));
    window->stage()->setBeside(std::nullopt);
    window->stage()->choose(pe::ui::views::rope);
    QVERIFY(QTest::qWaitFor([&] { return !window->heatmap()->isOnScreen(); }));
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heatmap));
    QCustomPlot* plot = window->heatmap()->plot();
    QVERIFY(QTest::qWaitFor([&] {
        const QImage image = plot->grab().toImage();
        const QRect area = plot->axisRect()->rect();
        // Cells of the encoding: more than a handful of colours inside the axes.
        QSet<QRgb> colours;
        for (int y = area.top() + 2; y < area.bottom() - 2; y += 7)
            for (int x = area.left() + 2; x < area.right() - 2; x += 7)
                colours.insert(image.pixel(x, y));
        return colours.size() > 20;
    }, 20000));
    QCOMPARE(windowprobes::heatmapMismatch(*window), QString());
}

void TestStage::aViewLongOffTheStageLetsGoOfItsMapsAndDrawsThemAgain_data()
{
    QTest::addColumn<int>("viewIndex");
    QTest::addColumn<void*>("probe"); // QString (*)(MainWindow&)
    QTest::newRow("heatmap") << int(pe::ui::views::heatmap) << reinterpret_cast<void*>(&windowprobes::heatmapMismatch);
    QTest::newRow("similarity") << int(pe::ui::views::similarity) << reinterpret_cast<void*>(&windowprobes::similarityMismatch);
    // Methods and similarity skip refilling a map whose data they drew already: after the
    // release they must not.
    QTest::newRow("methods") << int(pe::ui::views::methods) << reinterpret_cast<void*>(&windowprobes::methodsMismatch);
    QTest::newRow("spectrum") << int(pe::ui::views::spectrum) << reinterpret_cast<void*>(&windowprobes::spectrumMismatch);
}

void TestStage::aViewLongOffTheStageLetsGoOfItsMapsAndDrawsThemAgain()
{
    // Issue 47: after a day in use the colour maps of views long off the stage held 25 MB
    // (heaptrack), as much as the view on the stage. When the window has been quiet, the
    // document's idle trim asks views off the stage to let go of them first.
    QFETCH(int, viewIndex);
    QFETCH(void*, probe);
    const auto view = View(viewIndex);
    const auto mismatch = reinterpret_cast<QString (*)(MainWindow&)>(probe);
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(windowprobes::bringOnScreen(*window, view));
    QCustomPlot* plot = window->plotView(view)->plot();
    const auto mapsHoldCells = [plot] {
        int cells = 0;
        for (int i = 0; i < plot->plottableCount(); ++i)
            if (auto* map = qobject_cast<QCPColorMap*>(plot->plottable(i)))
                cells += map->data()->isEmpty() ? 0 : map->data()->keySize() * map->data()->valueSize();
        return cells;
    };
    QVERIFY(mapsHoldCells() > 100);
    window->stage()->setBeside(std::nullopt);
    window->stage()->choose(view == pe::ui::views::rope ? pe::ui::views::bands : pe::ui::views::rope);
    QVERIFY(QTest::qWaitFor([&] { return !window->plotView(view)->isOnScreen(); }));
    QVERIFY(mapsHoldCells() > 100); // a moment off the stage keeps the picture for a quick return

    emit window->document()->releasingMemory();
    QCOMPARE(mapsHoldCells(), 0);

    QVERIFY(windowprobes::bringOnScreen(*window, view));
    QVERIFY(QTest::qWaitFor([&] { return mapsHoldCells() > 100; }, 20000));
    QCOMPARE(mismatch(*window), QString());
}

QTEST_MAIN(TestStage)
#include "tst_stage.moc"
