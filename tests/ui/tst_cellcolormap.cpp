// SPDX-License-Identifier: MIT
// The colour map the heatmap and similarity views draw with (ui/plotting/cellcolormap.h): a
// frame's matrix shown without a copy, kept alive while shown and let go when cleared, and
// each cell in the colour of its level.
#include "ui/plotting/cellcolormap.h"

#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <memory>

using pe::core::RowMatrix;
using pe::ui::CellColorMap;

class TestCellColorMap : public QObject {
    Q_OBJECT

private slots:
    void aSharedMatrixIsShownUntilCleared();
    void eachCellIsItsLevelsColour();
    void aLogarithmicScaleColoursByTheLogarithm();
};

namespace {

RowMatrix cellsFrom(double first)
{
    RowMatrix m(3, 4);
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            m(r, c) = first + 0.13 * double(r * m.cols() + c);
    return m;
}

/// The colour drawn at the centre of cell (row, column) of a map whose cells' centres are 0, 1, …
QColor drawnAt(QCustomPlot& plot, CellColorMap* map, Eigen::Index row, Eigen::Index column)
{
    const QImage image = plot.toPixmap().toImage();
    const double x = map->keyAxis()->coordToPixel(double(column)), y = map->valueAxis()->coordToPixel(double(row));
    return image.pixelColor(int(std::lround(x)), int(std::lround(y)));
}

} // namespace

void TestCellColorMap::aSharedMatrixIsShownUntilCleared()
{
    QCustomPlot plot;
    auto* map = pe::ui::addCellColorMap(plot.axisRect());
    auto matrix = std::make_shared<const RowMatrix>(cellsFrom(-0.7));
    const std::weak_ptr<const RowMatrix> watch = matrix;
    map->cells()->share(matrix, QCPRange(0, 3), QCPRange(0, 2));
    matrix.reset(); // as a frame that is no longer current: the map keeps its matrix
    QVERIFY(!watch.expired());
    const RowMatrix want = cellsFrom(-0.7);
    for (int v = 0; v < 3; ++v)
        for (int k = 0; k < 4; ++k)
            QCOMPARE(map->data()->cell(k, v), want(v, k)); // what a screen reader's table reads
    // A copy assigned after it lets the shared matrix go; so does clearing a shared one.
    map->cells()->assign(cellsFrom(0.1), QCPRange(0, 3), QCPRange(0, 2));
    QVERIFY(watch.expired());
    QCOMPARE(map->data()->cell(2, 1), cellsFrom(0.1)(1, 2));
    auto again = std::make_shared<const RowMatrix>(cellsFrom(-0.2));
    const std::weak_ptr<const RowMatrix> watchAgain = again;
    map->cells()->share(std::move(again), QCPRange(0, 3), QCPRange(0, 2));
    QCOMPARE(map->data()->cell(3, 2), cellsFrom(-0.2)(2, 3));
    map->releaseCells(); // a view off the stage keeps no frame's matrix
    QVERIFY(watchAgain.expired());
    QVERIFY(map->data()->isEmpty());
    // A one-row matrix is held twice (two cells per axis), as a copy.
    map->cells()->share(std::make_shared<const RowMatrix>(RowMatrix::Constant(1, 4, 0.5)), QCPRange(0, 3), QCPRange(0, 1));
    QCOMPARE(map->data()->valueSize(), 2);
    QCOMPARE(map->data()->cell(1, 1), 0.5);
}

void TestCellColorMap::eachCellIsItsLevelsColour()
{
    QCustomPlot plot;
    plot.resize(400, 300);
    auto* map = pe::ui::addCellColorMap(plot.axisRect());
    QCPColorGradient gradient(QCPColorGradient::gpThermal); // color() is not const
    map->setGradient(gradient);
    map->setDataRange(QCPRange(-1, 1));
    RowMatrix cells = cellsFrom(-0.77);
    cells(0, 3) = 1.5;   // above the range: the last colour
    cells(1, 0) = -1.5;  // below: the first
    cells(2, 2) = std::numeric_limits<double>::quiet_NaN(); // transparent: the plot's background
    map->cells()->share(std::make_shared<const RowMatrix>(cells), QCPRange(0, 3), QCPRange(0, 2));
    plot.xAxis->setRange(-0.5, 3.5);
    plot.yAxis->setRange(-0.5, 2.5);
    for (QCPAxis* axis : {plot.xAxis, plot.yAxis})
        axis->grid()->setVisible(false); // its lines cross the cells' centres
    for (Eigen::Index r = 0; r < cells.rows(); ++r)
        for (Eigen::Index c = 0; c < cells.cols(); ++c) {
            const double value = cells(r, c);
            // NaN shows the plot's background: QCustomPlot's white in toPixmap().
            const QColor want = std::isnan(value) ? QColor(Qt::white) : QColor(gradient.color(value, QCPRange(-1, 1)));
            QCOMPARE(drawnAt(plot, map, r, c), want);
        }
}

void TestCellColorMap::aLogarithmicScaleColoursByTheLogarithm()
{
    // The precision view's errors over 1e−16 … 1 on a log scale: each cell the colour
    // QCPColorGradient gives it on that scale, 0 the first colour (log 0 = −∞), NaN none.
    QCustomPlot plot;
    plot.resize(400, 300);
    auto* map = pe::ui::addCellColorMap(plot.axisRect());
    QCPColorGradient gradient(QCPColorGradient::gpThermal);
    map->setGradient(gradient);
    map->setDataScaleType(QCPAxis::stLogarithmic);
    const QCPRange range(1e-16, 1);
    map->setDataRange(range);
    RowMatrix cells(3, 4);
    // Values between the levels' edges (350 levels over 16 decades: an edge every 0.046 decades).
    cells << 3.3e-16, 2.1e-13, 7.7e-11, 5.4e-9, 1.7e-7, 2.9e-5, 6.1e-4, 0.031, 0.52, 2.5, 1e-18, 0.0;
    cells(2, 2) = std::numeric_limits<double>::quiet_NaN();
    map->cells()->share(std::make_shared<const RowMatrix>(cells), QCPRange(0, 3), QCPRange(0, 2));
    plot.xAxis->setRange(-0.5, 3.5);
    plot.yAxis->setRange(-0.5, 2.5);
    for (QCPAxis* axis : {plot.xAxis, plot.yAxis})
        axis->grid()->setVisible(false);
    for (Eigen::Index r = 0; r < cells.rows(); ++r)
        for (Eigen::Index c = 0; c < cells.cols(); ++c) {
            const double value = cells(r, c);
            const QColor want = std::isnan(value) ? QColor(Qt::white)
                : value <= 0                      ? QColor(gradient.color(range.lower, range, true))
                                                  : QColor(gradient.color(value, range, true));
            QVERIFY2(drawnAt(plot, map, r, c) == want, qPrintable(QString("cell %1, %2 (%3)").arg(r).arg(c).arg(value)));
        }
}

QTEST_MAIN(TestCellColorMap)
#include "tst_cellcolormap.moc"
