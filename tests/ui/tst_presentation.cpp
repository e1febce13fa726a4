// SPDX-License-Identifier: MIT
// Presentation mode (F5) is for the room (issue 48): the controls and formula docks step aside,
// the view gets the window and every plot is larger than in the working layout, never smaller;
// what a teacher drags while talking (d_model, max_len, the position, Play) stays on the stage's
// bar in large type; and the docks come back where they were, also after a layout was saved
// while presenting.
#include "windowprobes.h"

#include "ui/controls/animationcontrols.h"
#include "ui/controls/controlspanel.h"
#include "ui/controls/logslider.h"
#include "ui/controls/presentingcontrols.h"
#include "ui/controls/sweepanimator.h"
#include "ui/document/document.h"
#include "ui/views/plotview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFontInfo>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>
#include <qcustomplot.h>

#include <memory>

using pe::ui::MainWindow;
using pe::ui::View;

namespace {

QDockWidget* dock(MainWindow& window, const char* name)
{
    return window.findChild<QDockWidget*>(QString::fromLatin1(name));
}

/// The view's plot widget and its main axis rect (the one of the plot's x axis), as drawn now.
struct PlotRoom {
    QSize widget;
    QSize axisRect;
};

PlotRoom roomOf(MainWindow& window, View v)
{
    QCustomPlot* plot = window.plotView(v)->plot();
    plot->replot(); // lays the plot out at the widget's size
    plot->replot(); // views that fit their parts (square cells, captions) settle on the second pass
    return {plot->size(), plot->xAxis->axisRect()->rect().size()};
}

QString describe(const PlotRoom& room)
{
    return QStringLiteral("plot %1×%2, axis rect %3×%4")
        .arg(room.widget.width()).arg(room.widget.height()).arg(room.axisRect.width()).arg(room.axisRect.height());
}

} // namespace

class TestPresentation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void presentingGivesTheWindowToTheView();
    void everyPlotIsLargerWhilePresenting_data();
    void everyPlotIsLargerWhilePresenting();
    void theBarsControlsChangeTheDocument();
    void theOffsetIsOnTheBarForTheViewsAboutIt();
    void aLayoutSavedWhilePresentingKeepsTheDocks();
};

void TestPresentation::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_presentation"));
}

void TestPresentation::init()
{
    QSettings().clear(); // a first start: no layout, no presentation mode from another test
}

void TestPresentation::presentingGivesTheWindowToTheView()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QDockWidget* controls = dock(*window, "controlsDock");
    QDockWidget* formula = dock(*window, "formulaDock");
    QVERIFY(controls && formula && controls->isVisible() && formula->isVisible());
    const int controlsWidth = controls->width();
    QWidget* bar = window->stage()->presentingControls();
    QVERIFY(bar && !bar->isVisible());

    QTest::keyClick(window.get(), Qt::Key_F5);
    QVERIFY(window->presentationMode());
    QVERIFY(QTest::qWaitFor([&] { return !controls->isVisible() && !formula->isVisible(); }));
    QVERIFY(bar->isVisible());
    QVERIFY2(!window->stage()->besideBox()->isVisible(), "nothing stands beside a presented view");
    QVERIFY2(window->stage()->width() >= window->width() - 4, qPrintable(QString::number(window->stage()->width())));
    // Read at the back of a room: at least 18 px (issue 48).
    for (QWidget* text : {static_cast<QWidget*>(window->stage()->button(pe::ui::views::heatmap)), bar})
        QVERIFY2(QFontInfo(text->font()).pixelSize() >= 18, qPrintable(QString::number(QFontInfo(text->font()).pixelSize())));

    QTest::keyClick(window.get(), Qt::Key_F5);
    QVERIFY(!window->presentationMode());
    QVERIFY(QTest::qWaitFor([&] { return controls->isVisible() && formula->isVisible(); }));
    QVERIFY(!bar->isVisible());
    QVERIFY(window->stage()->besideBox()->isVisible());
    QVERIFY2(QTest::qWaitFor([&] { return std::abs(controls->width() - controlsWidth) <= 4; }),
             qPrintable(QStringLiteral("controls %1 px, were %2").arg(controls->width()).arg(controlsWidth)));
}

void TestPresentation::everyPlotIsLargerWhilePresenting_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("view");
    for (const QSize size : {QSize(1366, 768), QSize(1280, 720), QSize(1920, 1080)})
        for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog())
            QTest::addRow("%s %dx%d", d.key, size.width(), size.height()) << size << int(d.view);
}

void TestPresentation::everyPlotIsLargerWhilePresenting()
{
    QFETCH(QSize, size);
    QFETCH(int, view);
    const View v = View(view);
    auto window = windowprobes::launch(size);
    QVERIFY(window);
    QVERIFY(windowprobes::bringOnScreen(*window, v)); // with the heatmap beside, as a first start has it
    const PlotRoom working = roomOf(*window, v);
    window->setPresentationMode(true);
    QVERIFY(windowprobes::bringOnScreen(*window, v));
    QTest::qWait(50); // the bar and the view laid out at the presentation's fonts
    const PlotRoom presenting = roomOf(*window, v);
    const QString both = QStringLiteral("working: %1; presenting: %2").arg(describe(working), describe(presenting));
    // The plot as a whole is never smaller. Its texts are 1.7 times as large, and so are a view's
    // own controls above it: a few per cent of the height may go to them (the embeddings view
    // at 1920 × 1080 keeps 97 %), and the axis rect inside keeps at least 1.1 times its area.
    QVERIFY2(presenting.widget.width() >= working.widget.width() && presenting.widget.height() >= 0.95 * working.widget.height(),
             qPrintable(both));
    const auto area = [](QSize s) { return double(s.width()) * s.height(); };
    QVERIFY2(area(presenting.axisRect) >= 1.1 * area(working.axisRect), qPrintable(both));
    // Most of the window (issue 48: at least 60 % of its width and 55 % of its height).
    QVERIFY2(presenting.widget.width() >= 0.6 * size.width() && presenting.widget.height() >= 0.55 * size.height(),
             qPrintable(both));
    window->setPresentationMode(false);
}

void TestPresentation::theBarsControlsChangeTheDocument()
{
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->setPresentationMode(true);
    auto* bar = qobject_cast<pe::ui::PresentingControls*>(window->stage()->presentingControls());
    QVERIFY(bar && bar->isVisible());
    pe::ui::Document* document = window->document();

    bar->dModelSpin()->setValue(128);
    QCOMPARE(document->spec().dModel, 128);
    QCOMPARE(int(std::lround(bar->dModelSlider()->logValue())), 128);
    bar->maxLenSpin()->setValue(300);
    QCOMPARE(document->spec().maxLen, std::int64_t(300));
    bar->positionSpin()->setValue(42);
    QCOMPARE(document->state().position, std::int64_t(42));
    QCOMPARE(bar->positionSlider()->value(), 42);
    // One document: the dock's controls and the undo history follow the bar, and the bar follows them.
    QCOMPARE(window->controls()->dModelSpin()->value(), 128);
    document->undoStack()->undo(); // the position
    document->undoStack()->undo(); // max_len
    QCOMPARE(bar->maxLenSpin()->value(), 100);
    document->setDModel(256);
    QCOMPARE(bar->dModelSpin()->value(), 256);
    // Play is the Animation menu's action: one state, whichever is clicked.
    QToolButton* play = bar->playButton();
    QCOMPARE(play->defaultAction(), window->animationControls()->playAction());
    QTest::mouseClick(play, Qt::LeftButton);
    QVERIFY(window->animator()->isPlaying());
    QTest::mouseClick(play, Qt::LeftButton);
    QVERIFY(!window->animator()->isPlaying());
}

void TestPresentation::theOffsetIsOnTheBarForTheViewsAboutIt()
{
    // F5 hides the controls panel and its Offset k: the relative-offset view and the similarity
    // get it on the bar, the other views keep the bar short.
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->setPresentationMode(true);
    auto* bar = qobject_cast<pe::ui::PresentingControls*>(window->stage()->presentingControls());
    QVERIFY(bar);
    pe::ui::Document* document = window->document();
    for (View view : {pe::ui::views::offset, pe::ui::views::similarity, pe::ui::views::heatmap, pe::ui::views::waves}) {
        window->stage()->choose(view);
        const bool about = view == pe::ui::views::offset || view == pe::ui::views::similarity;
        QCOMPARE(bar->offsetSpin()->isVisible(), about);
        if (!about)
            continue;
        bar->offsetSpin()->setValue(7);
        QCOMPARE(document->state().offset, std::int64_t(7));
        QCOMPARE(bar->offsetSlider()->value(), 7);
        QCOMPARE(window->controls()->offsetSpin()->value(), 7); // one document
        document->setOffset(3);
        QCOMPARE(bar->offsetSpin()->value(), 3);
        // Its text is the bar's size, and it is not cut.
        QVERIFY(bar->offsetSpin()->width() >= bar->offsetSpin()->minimumSizeHint().width());
        QVERIFY(window->rect().contains(bar->offsetSpin()->mapTo(window.get(), bar->offsetSpin()->rect().bottomRight())));
    }
    window->setPresentationMode(false);
}

void TestPresentation::aLayoutSavedWhilePresentingKeepsTheDocks()
{
    {
        auto window = windowprobes::launch(QSize(1366, 768));
        QVERIFY(window);
        window->setPresentationMode(true);
        QVERIFY(!dock(*window, "controlsDock")->isVisible());
        // A session saved now, opened in a window that is not presenting: the docks are there.
        const QByteArray layout = window->saveLayout();
        auto other = windowprobes::launch(QSize(1366, 768));
        QVERIFY(other);
        other->setPresentationMode(false);
        other->restoreLayout(layout);
        QTest::qWait(50);
        QVERIFY(dock(*other, "controlsDock")->isVisible());
        QVERIFY(dock(*other, "formulaDock")->isVisible());
        other.reset();
        window->setPresentationMode(true); // the mode remembered is the last one set: `other` set it off
        QVERIFY(window->close()); // remembers the layout and the mode for the next start
    }
    // The next start presents at once (as the last one ended), and its docks come back with F5.
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(window->presentationMode());
    QVERIFY(QTest::qWaitFor([&] { return !dock(*window, "controlsDock")->isVisible(); }));
    QVERIFY(!dock(*window, "formulaDock")->isVisible());
    window->setPresentationMode(false);
    QVERIFY(QTest::qWaitFor([&] { return dock(*window, "controlsDock")->isVisible(); }));
    QVERIFY(dock(*window, "formulaDock")->isVisible());
    // View ▸ Reset layout while presenting: still presenting, the first start's docks after it.
    window->setPresentationMode(true);
    window->resetLayout();
    QTest::qWait(50);
    QVERIFY(!dock(*window, "controlsDock")->isVisible());
    window->setPresentationMode(false);
    QVERIFY(QTest::qWaitFor([&] { return dock(*window, "controlsDock")->isVisible(); }));
    QVERIFY(dock(*window, "formulaDock")->isVisible());
}

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
