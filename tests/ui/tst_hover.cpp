// SPDX-License-Identifier: MIT
// Nothing moves under the pointer (issue 48): a hover's read-out takes a place kept for it from
// the start, so no plot and no axis rect changes its geometry when the pointer rests over it.
// Every view of the catalogue, on the stage beside the heatmap, at a projector's 1366 × 768
// and in presentation mode, hovered at the centre of each of its axis rects.
#include "windowprobes.h"

#include "ui/views/plotview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

using pe::ui::MainWindow;
using pe::ui::View;

namespace {

/// Where the plot and each of its axis rects are, in the window's coordinates.
QList<QRect> geometry(MainWindow& window, QCustomPlot* plot)
{
    QList<QRect> rects{QRect(plot->mapTo(&window, QPoint(0, 0)), plot->size())};
    for (QCPAxisRect* rect : plot->axisRects())
        rects << rect->outerRect().translated(rect->parentPlot()->mapTo(&window, QPoint(0, 0)));
    return rects;
}

QString describe(const QList<QRect>& rects)
{
    QStringList parts;
    for (const QRect& r : rects)
        parts << QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
    return parts.join(QStringLiteral("; "));
}

} // namespace

class TestHover : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void aHoverMovesNoPlot_data();
    void aHoverMovesNoPlot();
};

void TestHover::aHoverMovesNoPlot_data()
{
    QTest::addColumn<bool>("presenting");
    QTest::newRow("working layout") << false;
    QTest::newRow("presentation") << true;
}

void TestHover::aHoverMovesNoPlot()
{
    QFETCH(bool, presenting);
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->setPresentationMode(presenting);
    int readouts = 0;
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog()) {
        QVERIFY2(windowprobes::bringOnScreen(*window, d.view), d.key);
        pe::ui::PlotView* view = window->plotView(d.view);
        QCustomPlot* plot = view->plot();
        for (int r = 0; r < plot->axisRects().size(); ++r) {
            QCoreApplication::processEvents(); // laid out and drawn as the user sees it
            plot->replot(QCustomPlot::rpImmediateRefresh);
            const QList<QRect> before = geometry(*window, plot);
            const QPoint centre = plot->axisRects()[r]->rect().center();
            windowprobes::hover(plot, centre);
            QCoreApplication::processEvents(); // the layouts a new read-out asked for
            plot->replot(QCustomPlot::rpImmediateRefresh);
            const QList<QRect> after = geometry(*window, plot);
            if (!view->readoutText().isEmpty())
                ++readouts;
            QVERIFY2(after == before, qPrintable(QStringLiteral("%1, axis rect %2, reading “%3”: %4 became %5")
                                                     .arg(QLatin1String(d.key)).arg(r).arg(view->readoutText(),
                                                     describe(before), describe(after))));
        }
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(plot, &leave);
    }
    // The hovers were real: most views read out what lies under the pointer.
    QVERIFY2(readouts >= int(pe::ui::viewCatalog().size()) / 2, qPrintable(QString::number(readouts)));
}

QTEST_MAIN(TestHover)
#include "tst_hover.moc"
