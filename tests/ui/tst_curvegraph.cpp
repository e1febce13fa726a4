// SPDX-License-Identifier: MIT
// The graph the methods and RoPE views draw their curves with (ui/plotting/curvegraph.h): a
// dashed curve keeps its dashes where they can be seen and is stroked solid where it zigzags
// faster than the pixels (a band of its colour either way).
#include "ui/plotting/curvegraph.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>

using pe::ui::CurveGraph;

class TestCurveGraph : public QObject {
    Q_OBJECT

private slots:
    void zigzagsFasterThanThePixelsAreDense();
    void aDenseCurveIsDrawnSolidAndASmoothOneDashed();
    void aDotIsDrawnOncePerSpot();
};

namespace {

/// Points of a sine across `width` pixels, one per pixel, `period` pixels long, `amplitude` high.
QVector<QPointF> sine(int width, double period, double amplitude)
{
    QVector<QPointF> points;
    for (int x = 0; x < width; ++x)
        points.append(QPointF(x, 150 + amplitude * std::sin(2 * std::numbers::pi * x / period)));
    return points;
}

} // namespace

void TestCurveGraph::zigzagsFasterThanThePixelsAreDense()
{
    // A score oscillating every pixel, 100 pixels high: ~127 pixels of line per pixel across.
    QVERIFY(CurveGraph::tooDenseForDashes(sine(600, 2.2, 100), Qt::Horizontal));
    // Smooth ones: a wave over 200 pixels, even 100 high (π/2 per pixel at most), and a line.
    QVERIFY(!CurveGraph::tooDenseForDashes(sine(600, 200, 100), Qt::Horizontal));
    QVERIFY(!CurveGraph::tooDenseForDashes(sine(600, 2.2, 0), Qt::Horizontal));
    // Turned upright (a vertical key axis): measured along y, dense or smooth alike.
    QVector<QPointF> upright, uprightSmooth;
    for (const QPointF& p : sine(600, 2.2, 100))
        upright.append(QPointF(p.y(), p.x()));
    for (const QPointF& p : sine(600, 200, 100))
        uprightSmooth.append(QPointF(p.y(), p.x()));
    QVERIFY(CurveGraph::tooDenseForDashes(upright, Qt::Vertical));
    QVERIFY(!CurveGraph::tooDenseForDashes(uprightSmooth, Qt::Vertical));
    // A gap is no travel: two smooth pieces with a jump between them stay smooth.
    QVector<QPointF> gapped = sine(300, 200, 10);
    gapped.append(QPointF(std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()));
    for (const QPointF& p : sine(300, 200, 10))
        gapped.append(p + QPointF(300, 1000));
    QVERIFY(!CurveGraph::tooDenseForDashes(gapped, Qt::Horizontal));
    QVERIFY(!CurveGraph::tooDenseForDashes({}, Qt::Horizontal));
    QVERIFY(!CurveGraph::tooDenseForDashes({QPointF(3, 4)}, Qt::Horizontal));
}

void TestCurveGraph::aDenseCurveIsDrawnSolidAndASmoothOneDashed()
{
    // The picture of a dashed curve against the same curve drawn with a solid pen.
    const auto drawn = [](const QVector<QPointF>& points, Qt::PenStyle style) {
        QCustomPlot plot;
        plot.resize(640, 320);
        plot.xAxis->setRange(0, 600);
        plot.yAxis->setRange(0, 300);
        plot.xAxis->setVisible(false);
        plot.yAxis->setVisible(false);
        plot.axisRect()->setAutoMargins(QCP::msNone);
        plot.axisRect()->setMargins(QMargins(0, 0, 0, 0));
        auto* graph = pe::ui::addCurveGraph(plot.xAxis, plot.yAxis);
        QVector<double> x, y;
        for (const QPointF& p : points) {
            x.append(p.x());
            y.append(p.y());
        }
        graph->setData(x, y, true);
        graph->setPen(QPen(Qt::blue, 2, style));
        return plot.toPixmap().toImage();
    };
    const QVector<QPointF> dense = sine(600, 2.2, 100), smooth = sine(600, 200, 100);
    QCOMPARE(drawn(dense, Qt::DashLine), drawn(dense, Qt::SolidLine));
    QVERIFY(drawn(smooth, Qt::DashLine) != drawn(smooth, Qt::SolidLine)); // its dashes are kept
}

void TestCurveGraph::aDotIsDrawnOncePerSpot()
{
    // The spectrum's dims: a pair's sine and cosine on one spot. A disc drawn twice darkens its
    // antialiased rim; drawn once per spot, the picture is that of each spot once, and a dot a
    // pixel away is still drawn.
    const auto drawn = [](const QVector<double>& x, const QVector<double>& y) {
        QCustomPlot plot;
        plot.resize(200, 200);
        plot.xAxis->setRange(0, 10);
        plot.yAxis->setRange(0, 10);
        auto* graph = pe::ui::addCurveGraph(plot.xAxis, plot.yAxis);
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(30, 90, 200, 160), QColor(30, 90, 200, 160), 9));
        graph->setData(x, y, true);
        return plot.toPixmap().toImage();
    };
    QCOMPARE(drawn({2, 2, 2, 5, 5}, {3, 3, 3, 7, 7}), drawn({2, 5}, {3, 7}));
    QVERIFY(drawn({2, 2.1, 5}, {3, 3, 7}) != drawn({2, 5}, {3, 7}));
}

QTEST_MAIN(TestCurveGraph)
#include "tst_curvegraph.moc"
