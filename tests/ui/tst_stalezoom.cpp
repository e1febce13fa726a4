// SPDX-License-Identifier: MIT
// A zoom belongs to the matrix it was made on (issue 47). A wheel or drag hands its range to
// the document once it pauses; when the spec changes within that pause while the view has not
// drawn the new matrix (it is off the stage, or its frame is slow), the range of the old axes
// must not become the new matrix's zoom. Each view with such a pause is driven through the
// monkey's sequence: zoom, off the stage, a new spec, the pause over, back on the stage.
#include "windowprobes.h"

#include "ui/controls/controlspanel.h"
#include "ui/document/heatmappart.h"
#include "ui/document/wavespart.h"
#include "ui/views/heatmapview.h"
#include "ui/views/methodsview.h"
#include "ui/views/wavesview.h"
#include "ui/views/zoomsettle.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QWheelEvent>
#include <qcustomplot.h>

using namespace windowprobes;
using pe::ui::MainWindow;
using pe::ui::View;
using pe::ui::ViewZoom;

namespace {

QString describe(const ViewZoom& zoom)
{
    return QStringLiteral("x %1…%2, y %3…%4").arg(zoom.xLower).arg(zoom.xUpper).arg(zoom.yLower).arg(zoom.yUpper);
}

/// `notches` turns of the wheel towards the user (zoom in) over `at`, as a mouse sends them.
void wheel(QCustomPlot* plot, QPoint at, int notches)
{
    for (int i = 0; i < notches; ++i) {
        QWheelEvent event(at, plot->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(plot, &event);
    }
}

/// Takes `view` off the stage: another view chosen, nothing beside it.
void takeOffStage(MainWindow& window, View view)
{
    window.stage()->setBeside(std::nullopt);
    window.stage()->choose(pe::ui::views::rope);
    QCoreApplication::processEvents();
    QVERIFY2(!window.plotView(view)->isOnScreen(), qPrintable(pe::ui::viewName(view)));
}

/// A new spec typed into the controls, as a user does it.
void typeSpec(MainWindow& window, int dModel, int maxLen)
{
    typeInto(window.controls()->dModelSpin(), QString::number(dModel));
    typeInto(window.controls()->maxLenSpin(), QString::number(maxLen));
    QCOMPARE(window.document()->spec().dModel, dModel);
    QCOMPARE(window.document()->spec().maxLen, std::int64_t(maxLen));
}

/// Long enough for a pending pause to end (ZoomSettle::pauseMs) on any machine that runs
/// timers at all: the assertions hold whether or not the old timer fired.
void letThePauseEnd()
{
    QTest::qWait(3 * pe::ui::ZoomSettle::pauseMs);
}

/// The monkey's sequence: three notches of the wheel at `at` on the view's plot, a new spec
/// typed in and the view off the stage before the pause ends, the pause over. Then the
/// document must hold no zoom for the view: the new matrix starts whole. No event is processed
/// between the wheel and the new spec (the keys are sent straight to the spin boxes), so the
/// pause is still running when the spec changes, however slow the machine.
void zoomThenChangeTheSpecOffStage(MainWindow& window, View view, QPoint at, int dModel, int maxLen)
{
    wheel(window.plotView(view)->plot(), at, 3);
    typeSpec(window, dModel, maxLen);
    takeOffStage(window, view);
    if (QTest::currentTestFailed())
        return;
    letThePauseEnd();
    QVERIFY2(window.document()->zoom(view) == ViewZoom(), qPrintable(describe(window.document()->zoom(view))));
}

/// Back on the stage, the view draws the new matrix and hands on no zoom of its own.
void bringBack(MainWindow& window, View view)
{
    QVERIFY(bringOnScreen(window, view));
    letThePauseEnd();
    QVERIFY(waitForFrame(window));
    QVERIFY2(window.document()->zoom(view) == ViewZoom(), qPrintable(describe(window.document()->zoom(view))));
}

} // namespace

class TestStaleZoom : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void heatmapShowsTheNewMatrixWhole();
    void wavesShowTheNewPositionsWhole();
    void methodsCurvesKeepNoOffsetsOfAnEarlierMaxLen();
    void aZoomOfTheCurrentMatrixStillSettles();
};

void TestStaleZoom::heatmapShowsTheNewMatrixWhole()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(bringOnScreen(*window, pe::ui::views::heatmap));
    QCustomPlot* plot = window->heatmap()->plot();
    zoomThenChangeTheSpecOffStage(*window, pe::ui::views::heatmap, plot->axisRect()->rect().center(), 4, 30);
    if (QTest::currentTestFailed())
        return;
    bringBack(*window, pe::ui::views::heatmap);
    if (QTest::currentTestFailed())
        return;
    // The part holds every cell of the new matrix, the axes show all of it, and the map agrees
    // with core over the whole of what the axes show.
    const pe::ui::HeatPart& heat = heatOf(*window->document()->frame());
    QCOMPARE(heat.rows.lower, 0.0);
    QCOMPARE(heat.rows.upper, 30.0);
    QCOMPARE(heat.columns.lower, 0.0);
    QCOMPARE(heat.columns.upper, 4.0);
    QCOMPARE(plot->xAxis->range(), QCPRange(-0.5, 3.5));
    QCOMPARE(plot->yAxis->range(), QCPRange(-0.5, 29.5));
    QCOMPARE(heatmapMismatch(*window), QString());
}

void TestStaleZoom::wavesShowTheNewPositionsWhole()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(bringOnScreen(*window, pe::ui::views::waves));
    QCustomPlot* plot = window->plotView(pe::ui::views::waves)->plot();
    zoomThenChangeTheSpecOffStage(*window, pe::ui::views::waves, plot->axisRect()->rect().center(), 8, 30);
    if (QTest::currentTestFailed())
        return;
    bringBack(*window, pe::ui::views::waves);
    if (QTest::currentTestFailed())
        return;
    // The curves run over all 30 positions, and the axis shows every one of them.
    const pe::ui::WavesPart* waves = pe::ui::wavesPart(*window->document()->frame());
    QVERIFY(waves);
    QCOMPARE(waves->firstRow, std::int64_t(0));
    QCOMPARE(waves->rowCount, std::int64_t(30));
    QVERIFY2(plot->xAxis->range().lower <= 0 && plot->xAxis->range().upper >= 29,
             qPrintable(QStringLiteral("%1…%2").arg(plot->xAxis->range().lower).arg(plot->xAxis->range().upper)));
    QCOMPARE(wavesMismatch(*window), QString());
}

void TestStaleZoom::methodsCurvesKeepNoOffsetsOfAnEarlierMaxLen()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(bringOnScreen(*window, pe::ui::views::methods));
    auto* methods = qobject_cast<pe::ui::MethodsView*>(window->plotView(pe::ui::views::methods));
    QVERIFY(methods);
    QCPAxis* offsets = methods->curveRect()->axis(QCPAxis::atBottom);
    const double before = offsets->range().size();
    // More offsets than the zoomed axis shows: its range would read as a zoom of the new ones.
    zoomThenChangeTheSpecOffStage(*window, pe::ui::views::methods, methods->curveRect()->rect().center(), 64, 200);
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(offsets->range().size() < before, "the wheel did not zoom the curves");
    bringBack(*window, pe::ui::views::methods);
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(offsets->range().lower <= -199 && offsets->range().upper >= 199,
             qPrintable(QStringLiteral("%1…%2").arg(offsets->range().lower).arg(offsets->range().upper)));
}

void TestStaleZoom::aZoomOfTheCurrentMatrixStillSettles()
{
    // The guard must not swallow the zoom it exists for: on the stage, with the matrix drawn,
    // the wheel's range reaches the document and the part computes the cells under the axes.
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(bringOnScreen(*window, pe::ui::views::heatmap));
    QCustomPlot* plot = window->heatmap()->plot();
    wheel(plot, plot->axisRect()->rect().center(), 3);
    QVERIFY(QTest::qWaitFor([&] { return !(window->document()->zoom(pe::ui::views::heatmap) == ViewZoom()); }, 20000));
    const ViewZoom zoom = window->document()->zoom(pe::ui::views::heatmap);
    QCOMPARE(zoom.xLower, plot->xAxis->range().lower + 0.5);
    QCOMPARE(zoom.xUpper, plot->xAxis->range().upper + 0.5);
    QVERIFY(waitForFrame(*window));
    QCOMPARE(heatmapMismatch(*window), QString());
}

QTEST_MAIN(TestStaleZoom)
#include "tst_stalezoom.moc"
