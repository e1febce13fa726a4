// SPDX-License-Identifier: MIT
// Where a label or a legend may go (ui/plotting/freeplace.h): a box is crossed by a curve
// exactly when one of the curve's segments, as drawn, meets it. Checked against every segment
// clipped to the box (Liang–Barsky), for boxes all over a plot with the key axis across,
// reversed, logarithmic and upright.
#include "ui/plotting/freeplace.h"

#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <random>

class TestFreePlace : public QObject {
    Q_OBJECT

private slots:
    void aBoxIsCrossedWhereASegmentMeetsIt_data();
    void aBoxIsCrossedWhereASegmentMeetsIt();
};

namespace {

/// Whether the segment a–b meets the closed box: the part of it left after clipping to each
/// of the box's four sides is not empty.
bool segmentMeets(QPointF a, QPointF b, const QRectF& box)
{
    double enter = 0, leave = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - box.left(), box.right() - a.x(), a.y() - box.top(), box.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false; // parallel to this side and outside it
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            enter = std::max(enter, t);
        else
            leave = std::min(leave, t);
    }
    return enter <= leave;
}

bool bruteForceThrough(const QRectF& box, const QCPGraph* graph)
{
    bool hasPrevious = false;
    QPointF previous;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        const QPointF point = graph->coordsToPixels(it->key, it->value);
        if (hasPrevious && segmentMeets(previous, point, box))
            return true;
        previous = point;
        hasPrevious = true;
    }
    return false;
}

} // namespace

void TestFreePlace::aBoxIsCrossedWhereASegmentMeetsIt_data()
{
    QTest::addColumn<bool>("upright");  // keys along the left axis
    QTest::addColumn<bool>("reversed"); // the key axis runs backwards
    QTest::addColumn<bool>("logKeys");
    QTest::newRow("across") << false << false << false;
    QTest::newRow("reversed") << false << true << false;
    QTest::newRow("logarithmic keys") << false << false << true;
    QTest::newRow("upright") << true << false << false;
}

void TestFreePlace::aBoxIsCrossedWhereASegmentMeetsIt()
{
    QFETCH(bool, upright);
    QFETCH(bool, reversed);
    QFETCH(bool, logKeys);
    QCustomPlot plot;
    plot.resize(600, 400);
    QCPAxis* keys = upright ? plot.yAxis : plot.xAxis;
    QCPAxis* values = upright ? plot.xAxis : plot.yAxis;
    QCPGraph* graph = plot.addGraph(keys, values);
    // A wiggly curve of 3000 points, part of it off screen on both sides.
    QVector<double> k, v;
    for (int i = 0; i < 3000; ++i) {
        k << (logKeys ? std::pow(10.0, -1 + 5.0 * i / 2999) : -100 + 1200.0 * i / 2999);
        v << std::sin(i * 0.05) * (1 + 0.5 * std::sin(i * 0.0031));
    }
    graph->setData(k, v, true);
    if (logKeys) {
        keys->setScaleType(QCPAxis::stLogarithmic);
        keys->setRange(1, 1000);
    } else {
        keys->setRange(0, 1000);
    }
    keys->setRangeReversed(reversed);
    values->setRange(-1.6, 1.6);
    plot.replot(); // lays out the axis rect: pixels are known
    const QRectF area(plot.axisRect()->rect());
    std::mt19937 random(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int crossed = 0, clear = 0;
    for (int i = 0; i < 400; ++i) {
        const double w = 5 + 120 * unit(random), h = 3 + 40 * unit(random);
        const QRectF box(area.left() + unit(random) * (area.width() - w), area.top() + unit(random) * (area.height() - h), w, h);
        const bool want = bruteForceThrough(box, graph);
        QCOMPARE(pe::ui::curvesThrough(box, {graph}) == 1, want);
        (want ? crossed : clear) += 1;
    }
    QVERIFY(crossed > 50 && clear > 50); // both answers were asked for
}

QTEST_MAIN(TestFreePlace)
#include "tst_freeplace.moc"
