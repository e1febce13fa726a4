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
    void aDenseCurveCoversWhatItsStrokeWould_data();
    void aDenseCurveCoversWhatItsStrokeWould();
    void theColumnsOfALineAreItsExtremesInEach();
    void aDotIsDrawnOncePerSpot();
    void dotsAreCopiesOfTheirShape_data();
    void dotsAreCopiesOfTheirShape();
    void thinningLeavesOutOnlyPointsWithinTheTolerance();
    void aThinnedCurveLooksAsBefore();
    void onlyWhatIsInSightIsMade();
    void dashesInPiecesAreQtsDashes_data();
    void dashesInPiecesAreQtsDashes();
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

/// A plot `width` × `height` pixels showing x from 0 to xMax and y from 0 to yMax.
void frame(QCustomPlot& plot, int width, int height, double xMax, double yMax)
{
    plot.resize(width, height);
    plot.xAxis->setRange(0, xMax);
    plot.yAxis->setRange(0, yMax);
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
        frame(plot, 640, 320, 600, 300);
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

void TestCurveGraph::aDenseCurveCoversWhatItsStrokeWould_data()
{
    QTest::addColumn<bool>("upright");
    QTest::addColumn<bool>("reversed");
    QTest::addColumn<double>("penWidth");
    QTest::newRow("across") << false << false << 2.0;
    QTest::newRow("reversed key axis") << false << true << 2.0;
    QTest::newRow("upright") << true << false << 2.0;
    QTest::newRow("wide pen") << false << false << 5.0;
}

void TestCurveGraph::aDenseCurveCoversWhatItsStrokeWould()
{
    // The band a dense curve is filled as covers, in every pixel column, what Qt's stroke of
    // the same line covers, to one pixel. Half the curve is
    // a zigzag faster than the pixels (a sine every 2.2 samples, three to a pixel), half a calm
    // wave, so both the band's extremes and its pen width are seen.
    QFETCH(bool, upright);
    QFETCH(bool, reversed);
    QFETCH(double, penWidth);
    QVector<double> keys, values;
    for (int i = 0; i < 1800; ++i) {
        keys.append(i / 3.0);
        values.append(150 + (i < 900 ? 100 * std::sin(2 * std::numbers::pi * i / 2.2) : 40 * std::sin(i / 60.0)));
    }
    const auto drawn = [&](bool asBand) {
        QCustomPlot plot;
        plot.resize(upright ? 320 : 640, upright ? 640 : 320);
        plot.axisRect()->setAutoMargins(QCP::msNone);
        plot.axisRect()->setMargins(QMargins(20, 20, 20, 20));
        QCPAxis* keyAxis = upright ? plot.yAxis : plot.xAxis;
        QCPAxis* valueAxis = upright ? plot.xAxis : plot.yAxis;
        keyAxis->setRange(0, 600);
        keyAxis->setRangeReversed(reversed);
        valueAxis->setRange(0, 300);
        plot.xAxis->setVisible(false);
        plot.yAxis->setVisible(false);
        QCPGraph* graph = asBand ? pe::ui::addCurveGraph(keyAxis, valueAxis) : plot.addGraph(keyAxis, valueAxis);
        graph->setData(keys, values, true);
        graph->setPen(QPen(Qt::blue, penWidth));
        return plot.toPixmap().toImage().convertToFormat(QImage::Format_RGB32);
    };
    const QImage band = drawn(true), stroke = drawn(false);
    QVERIFY(band != stroke); // the band is drawn, not the stroke
    // Antialiasing half inks a pixel the pen half covers, so a pixel is solid at three quarters
    // ink and touched at one quarter. In every column, what one picture inks solidly the other
    // touches, to half the pen (a spike's tip is square in the band, a wedge in the stroke):
    // the band hides no part of the line, and adds none.
    const int acrossCount = upright ? band.height() : band.width(), alongCount = upright ? band.width() : band.height();
    const auto extent = [&](const QImage& image, int across, int darkerThan) {
        int first = -1, last = -1;
        for (int along = 0; along < alongCount; ++along) {
            if (qRed(upright ? image.pixel(along, across) : image.pixel(across, along)) < darkerThan) {
                first = first < 0 ? along : first;
                last = along;
            }
        }
        return std::pair(first, last);
    };
    const int tolerance = std::max(1, int(std::ceil(penWidth / 2)));
    const auto within = [tolerance](std::pair<int, int> inner, std::pair<int, int> outer) {
        return inner.first < 0 || (outer.first >= 0 && inner.first >= outer.first - tolerance && inner.second <= outer.second + tolerance);
    };
    int inkedColumns = 0;
    for (int across = 0; across < acrossCount; ++across) {
        const auto bandSolid = extent(band, across, 64), bandTouched = extent(band, across, 192);
        const auto strokeSolid = extent(stroke, across, 64), strokeTouched = extent(stroke, across, 192);
        QVERIFY2(within(bandSolid, strokeTouched) && within(strokeSolid, bandTouched),
                 qPrintable(QString("column %1: band %2–%3 (touched %4–%5), stroke %6–%7 (touched %8–%9)")
                                .arg(across)
                                .arg(bandSolid.first).arg(bandSolid.second).arg(bandTouched.first).arg(bandTouched.second)
                                .arg(strokeSolid.first).arg(strokeSolid.second).arg(strokeTouched.first).arg(strokeTouched.second)));
        inkedColumns += bandSolid.first >= 0;
    }
    QVERIFY(inkedColumns >= 600);
}

void TestCurveGraph::theColumnsOfALineAreItsExtremesInEach()
{
    const auto compare = [](const QVector<QLineF>& actual, const QVector<QLineF>& expected) {
        QCOMPARE(actual.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            QVERIFY2((actual[i].p1() - expected[i].p1()).manhattanLength() < 1e-12 &&
                         (actual[i].p2() - expected[i].p2()).manhattanLength() < 1e-12,
                     qPrintable(QString("column line %1: (%2, %3)–(%4, %5)")
                                    .arg(i).arg(actual[i].x1()).arg(actual[i].y1()).arg(actual[i].x2()).arg(actual[i].y2())));
        }
    };
    // Columns 2 wide from x = 0; a line up and down within the first column, then a segment
    // across the second into the third, a gap, and a lone point.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const QVector<QPointF> lines{{0, 5}, {1, -3}, {1.5, 8}, {5.5, 0}, {nan, nan}, {9, 4}};
    // Column [0, 2): -3 to 8 (the last segment falls 2 per unit from 8 at x 1.5, so it leaves at
    // 7); [2, 4): 7 down to 3; [4, 6): 3 down to 0. The lone point is a column of its own. Each
    // is a line along the column's middle.
    compare(CurveGraph::denseColumns(lines, Qt::Horizontal, 2.0, 0.0),
            {{{1, -3}, {1, 8}}, {{3, 3}, {3, 7}}, {{5, 0}, {5, 3}}, {{9, 4}, {9, 4}}});
    // Upright, and with a pen 2.4 wide: the columns turned and widened by 1.2 at both ends. The
    // pen reaches a column beside a point where it covers a quarter of it or more: x 0 (its 5)
    // covers 0.6 of [-2, 0); x 1.5 (its 8) 0.7 of [2, 4), x 1 (its -3) only 0.2 of it; x 5.5 (its
    // 0) 0.7 of [6, 8); the lone point x 9 only 0.2 of the columns beside its own.
    QVector<QPointF> turned;
    for (const QPointF& p : lines)
        turned.append(QPointF(p.y(), p.x()));
    compare(CurveGraph::denseColumns(turned, Qt::Vertical, 2.0, 1.2),
            {{{3.8, -1}, {6.2, -1}}, {{-4.2, 1}, {9.2, 1}}, {{1.8, 3}, {9.2, 3}}, {{-1.2, 5}, {4.2, 5}},
             {{-1.2, 7}, {1.2, 7}}, {{2.8, 9}, {5.2, 9}}});
}

void TestCurveGraph::aDotIsDrawnOncePerSpot()
{
    // The spectrum's dims: a pair's sine and cosine on one spot. A disc drawn twice darkens its
    // antialiased rim; drawn once per spot, the picture is that of each spot once, and a dot a
    // pixel away is still drawn.
    const auto drawn = [](const QVector<double>& x, const QVector<double>& y) {
        QCustomPlot plot;
        frame(plot, 200, 200, 10, 10);
        auto* graph = pe::ui::addCurveGraph(plot.xAxis, plot.yAxis);
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(30, 90, 200, 160), QColor(30, 90, 200, 160), 9));
        graph->setData(x, y, true);
        return plot.toPixmap().toImage();
    };
    QCOMPARE(drawn({2, 2, 2, 5, 5}, {3, 3, 3, 7, 7}), drawn({2, 5}, {3, 7}));
    QVERIFY(drawn({2, 2.1, 5}, {3, 3, 7}) != drawn({2, 5}, {3, 7}));
}

void TestCurveGraph::dotsAreCopiesOfTheirShape_data()
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<double>("scale");
    QTest::newRow("discs") << int(QCPScatterStyle::ssDisc) << 1.0;
    QTest::newRow("circles") << int(QCPScatterStyle::ssCircle) << 1.0;
    QTest::newRow("crosses") << int(QCPScatterStyle::ssCross) << 1.0;
    QTest::newRow("discs at twice the size") << int(QCPScatterStyle::ssDisc) << 2.0;
}

void TestCurveGraph::dotsAreCopiesOfTheirShape()
{
    // Dots at places that are not whole pixels, drawn as copies against QCPGraph drawing each
    // shape: the same picture, but for the antialiasing of a place rounded to an eighth of a pixel.
    QFETCH(int, shape);
    QFETCH(double, scale);
    QVector<double> x, y;
    std::uint32_t state = 99;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) / double(1 << 24);
    };
    for (int i = 0; i < 60; ++i) {
        x.append(0.3 + 9.4 * next());
        y.append(0.3 + 9.4 * next());
    }
    const auto drawn = [&](bool copies) {
        QCustomPlot plot;
        frame(plot, 220, 180, 10, 10);
        QCPGraph* graph = copies ? pe::ui::addCurveGraph(plot.xAxis, plot.yAxis) : plot.addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        const QColor colour(30, 90, 200, 160);
        const QBrush fill = shape == QCPScatterStyle::ssCircle ? QBrush(Qt::NoBrush) : QBrush(colour); // a ring, as the spectrum's
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ScatterShape(shape), QPen(colour, 1.5), fill, 7));
        graph->setData(x, y, true);
        return plot.toPixmap(0, 0, scale).toImage().convertToFormat(QImage::Format_RGB32);
    };
    const QImage copies = drawn(true), shapes = drawn(false);
    QCOMPARE(copies.size(), shapes.size());
    int worst = 0;
    double total = 0;
    for (int row = 0; row < copies.height(); ++row)
        for (int column = 0; column < copies.width(); ++column) {
            const QRgb a = copies.pixel(column, row), b = shapes.pixel(column, row);
            const int apart = std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
            worst = std::max(worst, apart);
            total += apart;
        }
    QVERIFY2(worst <= 24, qPrintable(QString("a pixel %1 levels apart").arg(worst)));
    QVERIFY2(total / (copies.width() * copies.height()) <= 0.4, qPrintable(QString("%1 levels apart on average").arg(total / (copies.width() * copies.height()))));
}

void TestCurveGraph::thinningLeavesOutOnlyPointsWithinTheTolerance()
{
    // Distance from a point to a segment.
    const auto distance = [](QPointF p, QPointF a, QPointF b) {
        const QPointF ab = b - a, ap = p - a;
        const double length2 = QPointF::dotProduct(ab, ab);
        const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(ap, ab) / length2, 0.0, 1.0) : 0.0;
        const QPointF d = ap - t * ab;
        return std::hypot(d.x(), d.y());
    };
    // Every original point lies within the tolerance of the kept line, segment by segment in
    // order (a point between the i-th and j-th kept ones is near a segment between them), and
    // the kept points are original ones, gaps where they were.
    const auto check = [&](const QVector<QPointF>& lines, double tolerance) {
        const QVector<QPointF> kept = CurveGraph::thinned(lines, tolerance);
        int k = 0;
        for (int i = 0; i < lines.size(); ++i) {
            if (!std::isfinite(lines[i].x())) {
                while (k < kept.size() && std::isfinite(kept[k].x()))
                    ++k;
                if (k >= kept.size())
                    return QString("gap %1 lost").arg(i);
                ++k;
                continue;
            }
            if (k < kept.size() && kept[k] == lines[i]) {
                ++k;
                continue;
            }
            if (k == 0 || k >= kept.size() || !std::isfinite(kept[k - 1].x()) || !std::isfinite(kept[k].x()))
                return QString("point %1 (%2, %3) dropped at a run's end").arg(i).arg(lines[i].x()).arg(lines[i].y());
            const double off = distance(lines[i], kept[k - 1], kept[k]);
            if (off > tolerance * (1 + 1e-9))
                return QString("point %1 (%2, %3) is %4 from the kept line").arg(i).arg(lines[i].x()).arg(lines[i].y()).arg(off);
        }
        return k == kept.size() ? QString() : QString("%1 points kept past the end").arg(kept.size() - k);
    };
    // A straight line of 1000 points is its two ends.
    QVector<QPointF> straight;
    for (int i = 0; i < 1000; ++i)
        straight.append(QPointF(0.4 * i, 3 + 0.25 * i));
    QCOMPARE(CurveGraph::thinned(straight, 0.2), QVector<QPointF>({straight.front(), straight.back()}));
    // A wave sampled four times a pixel, with a gap, and noise as QCPGraph's sampling leaves it.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QVector<QPointF> wave;
    std::uint32_t state = 12345;
    const auto noise = [&state] {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) / double(1 << 24) - 0.5;
    };
    for (int i = 0; i < 2400; ++i) {
        if (i == 1200)
            wave.append(QPointF(nan, nan));
        wave.append(QPointF(i / 4.0, 100 + 80 * std::sin(i / 150.0) + 0.3 * noise()));
    }
    for (double tolerance : {0.05, 0.2, 1.0})
        QVERIFY2(check(wave, tolerance).isEmpty(), qPrintable(check(wave, tolerance)));
    QVERIFY(CurveGraph::thinned(wave, 0.2).size() < wave.size() / 2);
    // A spike out and back along itself keeps its tip; a lone point and a run of one stay.
    const QVector<QPointF> spike{{0, 0}, {5, 0}, {10, 0}, {4, 0}, {4, 5}};
    QVERIFY2(check(spike, 0.2).isEmpty(), qPrintable(check(spike, 0.2)));
    QVERIFY(CurveGraph::thinned(spike, 0.2).contains(QPointF(10, 0)));
    const QVector<QPointF> lone{{1, 1}, {nan, nan}, {2, 2}, {3, 3}};
    QVERIFY2(check(lone, 0.2).isEmpty(), qPrintable(check(lone, 0.2)));
}

void TestCurveGraph::aThinnedCurveLooksAsBefore()
{
    // A smooth curve with a wide solid pen, drawn thinned, inks the same pixels as QCPGraph's
    // own drawing of every sampled point, to one pixel in each column.
    QVector<double> keys, values;
    for (int i = 0; i < 2400; ++i) {
        keys.append(i / 4.0);
        values.append(150 + 100 * std::sin(i / 90.0) * std::exp(-i / 2000.0));
    }
    const auto drawn = [&](bool thinned) {
        QCustomPlot plot;
        frame(plot, 640, 320, 600, 300);
        QCPGraph* graph = thinned ? pe::ui::addCurveGraph(plot.xAxis, plot.yAxis) : plot.addGraph();
        graph->setData(keys, values, true);
        graph->setPen(QPen(Qt::blue, 2.5));
        return plot.toPixmap().toImage().convertToFormat(QImage::Format_RGB32);
    };
    const QImage thinned = drawn(true), full = drawn(false);
    QVERIFY(thinned != full); // drawn with fewer points, not by QCPGraph alone
    for (int x = 0; x < thinned.width(); ++x) {
        int firstThinned = -1, lastThinned = -1, firstFull = -1, lastFull = -1;
        for (int y = 0; y < thinned.height(); ++y) {
            if (qBlue(thinned.pixel(x, y)) > 128 && qRed(thinned.pixel(x, y)) < 128) {
                firstThinned = firstThinned < 0 ? y : firstThinned;
                lastThinned = y;
            }
            if (qBlue(full.pixel(x, y)) > 128 && qRed(full.pixel(x, y)) < 128) {
                firstFull = firstFull < 0 ? y : firstFull;
                lastFull = y;
            }
        }
        QVERIFY2(std::abs(firstThinned - firstFull) <= 1 && std::abs(lastThinned - lastFull) <= 1,
                 qPrintable(QString("column %1: %2–%3 thinned, %4–%5 in full").arg(x).arg(firstThinned).arg(lastThinned).arg(firstFull).arg(lastFull)));
    }
}

void TestCurveGraph::onlyWhatIsInSightIsMade()
{
    // A plot zoomed far in: a segment from x −10⁶ to 10⁶ across a plot 100 wide. Its dashes (4
    // on, 2 off, from its start) are made only in sight, where the pattern has got to: each
    // starts a whole number of periods from −10⁶ (or at the edge of sight) and is 4 long (or
    // cut there).
    const QVector<QPointF> segment{{-1e6, 5}, {1e6, 5}};
    const QRectF sight(0, 0, 100, 10);
    const QVector<QLineF> dashes = CurveGraph::strokePieces(segment, {4, 2}, 0, 0, Qt::FlatCap, sight);
    QVERIFY(dashes.size() >= 16 && dashes.size() <= 18);
    for (const QLineF& dash : dashes) {
        const double from = std::min(dash.x1(), dash.x2()), to = std::max(dash.x1(), dash.x2());
        QVERIFY2(from >= 0 - 1e-6 && to <= 100 + 1e-6, qPrintable(QString("a dash from %1 to %2").arg(from).arg(to)));
        const double phase = std::fmod(from + 1e6, 6.0);
        QVERIFY2(from <= 1e-6 || phase < 1e-6 || phase > 6 - 1e-6, qPrintable(QString("a dash begins at %1").arg(from)));
        QVERIFY2(std::abs(to - from - 4) < 1e-6 || from <= 1e-6 || to >= 100 - 1e-6, qPrintable(QString("a dash %1 long").arg(to - from)));
    }
    // Wholly out of sight: nothing, solid or dashed.
    QVERIFY(CurveGraph::strokePieces({{-50, 50}, {150, 60}}, {}, 0, 1, Qt::SquareCap, sight).isEmpty());
    QVERIFY(CurveGraph::strokePieces({{-50, 50}, {150, 60}}, {4, 2}, 0, 1, Qt::SquareCap, sight).isEmpty());
    // A dense line's columns: the ones in sight, however far the line runs.
    QVector<QPointF> zigzag;
    for (int i = 0; i <= 2000; ++i)
        zigzag.append(QPointF(-1e6 + 1e3 * i, i % 2 ? 0 : 10));
    const QVector<QLineF> columns = CurveGraph::denseColumns(zigzag, Qt::Horizontal, 1.0, 0.5, 0, 100);
    QVERIFY(columns.size() >= 100 && columns.size() <= 101);
    for (const QLineF& column : columns)
        QVERIFY(column.x1() >= 0 && column.x1() <= 101);
}

void TestCurveGraph::dashesInPiecesAreQtsDashes_data()
{
    QTest::addColumn<Qt::PenStyle>("style");
    QTest::addColumn<double>("width");
    QTest::addColumn<bool>("jagged");
    QTest::addColumn<Qt::PenCapStyle>("cap");
    QTest::newRow("dashes on a wave") << Qt::DashLine << 1.5 << false << Qt::SquareCap;
    QTest::newRow("dash-dots on a wave") << Qt::DashDotLine << 2.0 << false << Qt::SquareCap;
    QTest::newRow("dots on a wave") << Qt::DotLine << 1.5 << false << Qt::SquareCap;
    QTest::newRow("dashes on a zigzag") << Qt::DashLine << 1.5 << true << Qt::SquareCap;
    QTest::newRow("dash-dot-dots on a zigzag") << Qt::DashDotDotLine << 1.8 << true << Qt::SquareCap;
    QTest::newRow("flat dashes on a wave") << Qt::DashLine << 1.6 << false << Qt::FlatCap;
    QTest::newRow("flat dots on a zigzag") << Qt::DotLine << 1.5 << true << Qt::FlatCap;
}

void TestCurveGraph::dashesInPiecesAreQtsDashes()
{
    // The same points drawn with Qt's dashed pen and as strokePieces with a flat-capped solid
    // one: the same dashes, where they begin and end, to antialiasing at the corners.
    QFETCH(Qt::PenStyle, style);
    QFETCH(double, width);
    QFETCH(bool, jagged);
    QFETCH(Qt::PenCapStyle, cap);
    QVector<QPointF> points;
    std::uint32_t state = 7;
    for (int i = 0; i < 130; ++i) {
        state = state * 1664525u + 1013904223u;
        const double noise = (state >> 8) / double(1 << 24);
        points.append(QPointF(10 + 3.5 * i, jagged ? 60 + 40 * noise : 80 + 50 * std::sin(i / 12.0)));
    }
    points.insert(70, QPointF(qQNaN(), qQNaN())); // a gap starts the pattern again
    const auto drawn = [&](bool inPieces) {
        QImage image(480, 160, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        QPen pen(Qt::black, width, style);
        pen.setCapStyle(cap);
        if (!inPieces) {
            painter.setPen(pen);
            for (const QPolygonF& run : {QPolygonF(points.mid(0, 70)), QPolygonF(points.mid(71))})
                painter.drawPolyline(run);
            return image;
        }
        QVector<double> dashes;
        for (qreal dash : pen.dashPattern())
            dashes.append(dash * width);
        pen.setStyle(Qt::SolidLine);
        pen.setCapStyle(Qt::FlatCap);
        painter.setPen(pen);
        painter.drawLines(CurveGraph::strokePieces(points, dashes, 0, width / 2, cap));
        return image;
    };
    const QImage pieces = drawn(true), qt = drawn(false);
    int inked = 0, differing = 0;
    for (int y = 0; y < pieces.height(); ++y) {
        for (int x = 0; x < pieces.width(); ++x) {
            const int a = qRed(pieces.pixel(x, y)), b = qRed(qt.pixel(x, y));
            inked += b < 128;
            differing += std::abs(a - b) > 96;
        }
    }
    QVERIFY(inked > 500);
    // On a wave, where a corner turns by little, no more than one inked pixel in a hundred; on a
    // zigzag, where a dash's corner is a mitre (at most a square cap) in the pieces and a bevel
    // in Qt's, no more than a pixel for each of its 128 corners.
    const int allowed = jagged ? 128 : inked / 100;
    QVERIFY2(differing <= allowed, qPrintable(QString("%1 of %2 inked pixels differ").arg(differing).arg(inked)));
}

QTEST_MAIN(TestCurveGraph)
#include "tst_curvegraph.moc"
