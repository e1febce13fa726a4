// SPDX-License-Identifier: MIT
// Level of detail: binned rows are the exact means of the rows they stand for, and a pixel
// narrower than the data is the exact box average of the cells under it.
#include "core/encoding.h"
#include "core/frequencies.h"

#include "reference.h"

#include <QtTest>

#include <cmath>

using namespace pe::core;
using ref::makeSpec;
using ref::maxError;

Q_DECLARE_METATYPE(pe::core::EncodingSpec)

class TestBinned : public QObject {
    Q_OBJECT

private slots:
    void binStartPartitions();
    void binOfRowIsTheBinHoldingTheRow();
    void binnedIsTheMeanOfItsRows_data();
    void binnedIsTheMeanOfItsRows();
    void rejectsBadBins();
    void boxAverageIsTheWeightedMeanOfTheRowsUnderIt_data();
    void boxAverageIsTheWeightedMeanOfTheRowsUnderIt();
    void columnAverageIsTheWeightedMeanOfTheColumnsUnderIt();
    void boxAveragesOfBothAxesAreRowsThenColumns_data() { boxAverageIsTheWeightedMeanOfTheRowsUnderIt_data(); }
    void boxAveragesOfBothAxesAreRowsThenColumns();
    void boxAveragesInRunsOfBinsAreTheWholePicture_data() { boxAverageIsTheWeightedMeanOfTheRowsUnderIt_data(); }
    void boxAveragesInRunsOfBinsAreTheWholePicture();
    void boxAveragesRejectBadRanges();
    void turnedPhasesStayWithinE13OfAccurateOnes();
};

namespace {

/// The length cell [c, c + 1) shares with the pixel [from, to): the weight a box filter gives it.
double sharedLength(double from, double to, std::int64_t cell)
{
    return std::max(0.0, std::min(to, double(cell + 1)) - std::max(from, double(cell)));
}

} // namespace

void TestBinned::binOfRowIsTheBinHoldingTheRow()
{
    // Every row, against a bin found by walking the boundaries; huge counts near their ends.
    for (std::int64_t rows : {1, 2, 7, 100, 1000, 4097})
        for (std::int64_t bins : {std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, std::int64_t{64}, rows}) {
            if (bins > rows)
                continue;
            std::int64_t holding = 0;
            for (std::int64_t row = 0; row < rows; ++row) {
                while (pe::core::binStart(rows, bins, holding + 1) <= row)
                    ++holding;
                QCOMPARE(pe::core::binOfRow(row, rows, bins), holding);
            }
        }
    const std::int64_t huge = std::int64_t{1} << 40;
    for (std::int64_t row : {std::int64_t{0}, huge / 3, huge - 1}) {
        const std::int64_t bin = pe::core::binOfRow(row, huge, 997);
        QVERIFY(pe::core::binStart(huge, 997, bin) <= row && row < pe::core::binStart(huge, 997, bin + 1));
    }
    QCOMPARE(pe::core::binOfRow(-5, 100, 10), std::int64_t{0});  // clamped to the rows
    QCOMPARE(pe::core::binOfRow(500, 100, 10), std::int64_t{9});
}

void TestBinned::binStartPartitions()
{
    const std::int64_t big = std::int64_t{1} << 31;
    const std::pair<std::int64_t, std::int64_t> cases[] = {{1000, 37}, {1000, 1000}, {7, 1}, {100, 99}, {big, 1920},
                                                           {big, big - 1}};
    for (const auto& [rows, bins] : cases) {
        QCOMPARE(binStart(rows, bins, 0), 0);
        QCOMPARE(binStart(rows, bins, bins), rows);
        // Balanced: every bin has ⌊rows/bins⌋ or ⌈rows/bins⌉ rows.
        const std::int64_t lo = rows / bins, hi = (rows + bins - 1) / bins;
        for (std::int64_t b : {std::int64_t{0}, std::int64_t{1}, bins / 2, bins - 2, bins - 1}) {
            if (b < 0 || b >= bins)
                continue;
            const std::int64_t size = binStart(rows, bins, b + 1) - binStart(rows, bins, b);
            QVERIFY2(size == lo || size == hi, qPrintable(QString("bin %1 of %2 has %3 rows").arg(b).arg(bins).arg(size)));
        }
    }
    for (std::int64_t b = 0; b < 37; ++b) {
        const std::int64_t size = binStart(1000, 37, b + 1) - binStart(1000, 37, b);
        QVERIFY(size == 27 || size == 28);
    }
}

void TestBinned::binnedIsTheMeanOfItsRows_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<qint64>("firstRow");
    QTest::addColumn<qint64>("rowCount");
    QTest::addColumn<qint64>("bins");
    for (Layout l : {Layout::Interleaved, Layout::Split})
        for (FrequencyRule f : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor}) {
            const QString tag = QString("%1 %2").arg(ref::layoutTag(l), ref::ruleTag(f));
            QTest::addRow("%s d7 first5 1000→37", qPrintable(tag)) << makeSpec(7, l, f, 10000.0, 5, 1000) << qint64(0)
                                                                << qint64(1000) << qint64(37);
            QTest::addRow("%s d33 first5 row100 900→37", qPrintable(tag))
                << makeSpec(33, l, f, 10000.0, 5, 1000) << qint64(100) << qint64(900) << qint64(37);
            QTest::addRow("%s d64 near 1e6 1000→37", qPrintable(tag))
                << makeSpec(64, l, f, 10000.0, 999000, 1000) << qint64(0) << qint64(1000) << qint64(37);
            QTest::addRow("%s d16 base2 500→1", qPrintable(tag)) << makeSpec(16, l, f, 2.0, 0, 500) << qint64(0)
                                                               << qint64(500) << qint64(1);
            QTest::addRow("%s d9 300→299", qPrintable(tag)) << makeSpec(9, l, f, 10000.0, 2, 300) << qint64(0)
                                                           << qint64(300) << qint64(299);
            QTest::addRow("%s d7 bins == rows", qPrintable(tag)) << makeSpec(7, l, f, 10000.0, 5, 1000) << qint64(0)
                                                                << qint64(1000) << qint64(1000);
        }
}

void TestBinned::binnedIsTheMeanOfItsRows()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(qint64, firstRow);
    QFETCH(qint64, rowCount);
    QFETCH(qint64, bins);

    RowMatrix binned(bins, spec.dModel);
    fillBinnedEncoding(spec, firstRow, rowCount, binned);
    const ref::Block rows = ref::rows(spec, spec.firstPosition + firstRow, rowCount);

    if (bins == rowCount) { // each bin is one row: exactly the encoding
        RowMatrix plain(rowCount, spec.dModel);
        fillEncodingRows(spec, firstRow, plain);
        QVERIFY(binned == plain);
        QVERIFY(maxError(binned, rows) <= 1e-12);
        return;
    }
    // The bins partition the rows; each is the plain mean of the rows it covers.
    std::int64_t covered = 0;
    double worst = 0.0;
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t from = binStart(rowCount, bins, b), to = binStart(rowCount, bins, b + 1);
        QCOMPARE(from, covered);
        QVERIFY(to > from);
        covered = to;
        for (int c = 0; c < spec.dModel; ++c) {
            long double sum = 0.0L;
            for (std::int64_t r = from; r < to; ++r)
                sum += rows(r, c);
            worst = std::max(worst, static_cast<double>(std::fabs(binned(b, c) - sum / (to - from))));
        }
    }
    QCOMPARE(covered, rowCount);
    QVERIFY2(worst <= 1e-9, qPrintable(QString("max error of a bin mean: %1").arg(worst)));
}

void TestBinned::rejectsBadBins()
{
    const EncodingSpec s = makeSpec(8, Layout::Interleaved, FrequencyRule::Paper);
    RowMatrix tooMany(11, 8);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedEncoding(s, 0, 10, tooMany));
    RowMatrix none(0, 8);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedEncoding(s, 0, 10, none));
    RowMatrix wrongWidth(5, 7);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedEncoding(s, 0, 10, wrongWidth));
}

void TestBinned::boxAverageIsTheWeightedMeanOfTheRowsUnderIt_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("upper");
    QTest::addColumn<qint64>("bins");
    for (Layout l : {Layout::Interleaved, Layout::Split})
        for (FrequencyRule f : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor}) {
            const QString tag = QString("%1 %2").arg(ref::layoutTag(l), ref::ruleTag(f));
            // 1000 rows on 700 pixels: 1.43 rows each, edges almost never on row edges.
            QTest::addRow("%s d64 1000 rows on 700 px", qPrintable(tag)) << makeSpec(64, l, f, 10000.0, 0, 1000) << 0.0 << 1000.0 << qint64(700);
            QTest::addRow("%s d7 first5 zoomed 12.25…987.6 on 37 px", qPrintable(tag))
                << makeSpec(7, l, f, 10000.0, 5, 1000) << 12.25 << 987.6 << qint64(37);
            // Exactly one row per pixel, every pixel half of one row and half of the next.
            QTest::addRow("%s d9 3.5…10.5 on 7 px", qPrintable(tag)) << makeSpec(9, l, f, 10000.0, 0, 20) << 3.5 << 10.5 << qint64(7);
            QTest::addRow("%s d33 near 1e6 on 101 px", qPrintable(tag))
                << makeSpec(33, l, f, 10000.0, 999000, 1000) << 0.0 << 1000.0 << qint64(101);
            // Many pixels, positions near 10^6: the phase recurrence between anchors must not drift.
            QTest::addRow("%s d6 first 800000, 200000 rows on 997 px", qPrintable(tag))
                << makeSpec(6, l, f, 10000.0, 800000, 200000) << 0.0 << 200000.0 << qint64(997);
            QTest::addRow("%s d16 base2 all in 1 px", qPrintable(tag)) << makeSpec(16, l, f, 2.0, 0, 500) << 0.0 << 500.0 << qint64(1);
        }
}

void TestBinned::boxAverageIsTheWeightedMeanOfTheRowsUnderIt()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(double, lower);
    QFETCH(double, upper);
    QFETCH(qint64, bins);

    RowMatrix averaged(bins, spec.dModel);
    fillRowBoxAverages(spec, lower, upper, averaged);
    const ref::Block rows = ref::rows(spec, spec.firstPosition, spec.maxLen);
    // Brute force: every row under the pixel, weighted by the length it shares with it.
    double worst = 0.0;
    const double height = (upper - lower) / bins;
    for (std::int64_t b = 0; b < bins; ++b) {
        const double from = lower + b * height, to = lower + (b + 1) * height;
        for (int c = 0; c < spec.dModel; ++c) {
            long double sum = 0.0L, weights = 0.0L;
            for (auto r = std::int64_t(std::floor(from)); r < std::int64_t(std::ceil(to)) && r < spec.maxLen; ++r) {
                sum += sharedLength(from, to, r) * rows(r, c);
                weights += sharedLength(from, to, r);
            }
            worst = std::max(worst, static_cast<double>(std::fabs(averaged(b, c) - sum / weights)));
        }
    }
    QVERIFY2(worst <= 1e-9, qPrintable(QString("max error of a pixel's average: %1").arg(worst)));
}

void TestBinned::boxAveragesOfBothAxesAreRowsThenColumns()
{
    // The heatmap of a wide model fuses both averages a row at a time; it must be the same
    // picture as the two steps above, each checked against brute force.
    QFETCH(EncodingSpec, spec);
    QFETCH(double, lower);
    QFETCH(double, upper);
    QFETCH(qint64, bins);
    const double d = spec.dModel;
    const std::tuple<double, double, Eigen::Index> windows[] = {
        {0, d, 1}, {0, d, std::max<Eigen::Index>(1, spec.dModel / 3)}, {0.5, d - 0.25, 2}};
    RowMatrix rows(bins, spec.dModel);
    fillRowBoxAverages(spec, lower, upper, rows);
    for (const auto& [from, to, columns] : windows) {
        RowMatrix twoSteps(bins, columns), fused(bins, columns);
        averageColumns(rows, from, to, twoSteps);
        fillBoxAverages(spec, lower, upper, from, to, fused);
        QVERIFY2((fused - twoSteps).cwiseAbs().maxCoeff() <= 1e-15,
                 qPrintable(QString("columns %1 … %2 in %3 bins: %4 apart").arg(from).arg(to).arg(columns)
                                .arg((fused - twoSteps).cwiseAbs().maxCoeff())));
    }
    RowMatrix tooWide(bins, 2);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBoxAverages(spec, lower, upper, 0, d + 1, tooWide));
}

void TestBinned::boxAveragesInRunsOfBinsAreTheWholePicture()
{
    // The heatmap fills its rows in two runs on two threads: each run writes its own rows only,
    // and together they are the picture filled at once, itself checked against brute force.
    QFETCH(EncodingSpec, spec);
    QFETCH(double, lower);
    QFETCH(double, upper);
    QFETCH(qint64, bins);
    const Eigen::Index columns = std::max(1, spec.dModel / 3);
    RowMatrix whole(bins, columns);
    fillBoxAverages(spec, lower, upper, 0, spec.dModel, whole);
    const Eigen::Index splits[] = {1, bins / 2, bins - 1, 257};
    for (const Eigen::Index split : splits) {
        if (split <= 0 || split >= bins)
            continue;
        RowMatrix runs = RowMatrix::Constant(bins, columns, std::numeric_limits<double>::quiet_NaN());
        fillBoxAverages(spec, lower, upper, 0, spec.dModel, runs, split, bins - split);
        QVERIFY2(runs.topRows(split).array().isNaN().all(), "the second run wrote rows of the first");
        fillBoxAverages(spec, lower, upper, 0, spec.dModel, runs, 0, split);
        const double apart = (runs - whole).cwiseAbs().maxCoeff();
        QVERIFY2(apart <= 1e-13, qPrintable(QString("runs split at bin %1: %2 from the whole picture").arg(split).arg(apart)));
    }
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBoxAverages(spec, lower, upper, 0, spec.dModel, whole, 1, bins));
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBoxAverages(spec, lower, upper, 0, spec.dModel, whole, -1, 1));
}

void TestBinned::columnAverageIsTheWeightedMeanOfTheColumnsUnderIt()
{
    // A matrix whose every value is distinct, so a wrong weight or a shifted column shows; seven
    // rows, so that a group of four rows and a last one of three are averaged.
    RowMatrix in(7, 50);
    for (Eigen::Index r = 0; r < in.rows(); ++r)
        for (Eigen::Index c = 0; c < in.cols(); ++c)
            in(r, c) = std::sin(1.0 + 0.37 * c + 2.1 * r) + 0.01 * c;
    const std::tuple<double, double, Eigen::Index> cases[] = {{0, 50, 7}, {0, 50, 50}, {2.5, 47.75, 13}, {0.3, 1.7, 1}, {10, 20, 20}};
    for (const auto& [lower, upper, bins] : cases) {
        // Written into rows of a larger matrix, as the precision view's halves do.
        RowMatrix larger = RowMatrix::Constant(in.rows() + 2, bins, -7.0);
        averageColumns(in, lower, upper, larger.middleRows(1, in.rows()));
        QVERIFY((larger.row(0).array() == -7.0).all() && (larger.row(in.rows() + 1).array() == -7.0).all());
        const RowMatrix out = larger.middleRows(1, in.rows());
        const double width = (upper - lower) / bins;
        for (Eigen::Index r = 0; r < in.rows(); ++r)
            for (Eigen::Index j = 0; j < bins; ++j) {
                const double from = lower + j * width, to = from + width;
                double sum = 0, weights = 0;
                for (Eigen::Index c = 0; c < in.cols(); ++c) {
                    sum += sharedLength(from, to, c) * in(r, c);
                    weights += sharedLength(from, to, c);
                }
                QVERIFY2(std::fabs(out(r, j) - sum / weights) <= 1e-12,
                         qPrintable(QString("%1…%2 in %3 columns: column %4 is %5, not %6").arg(lower).arg(upper).arg(bins).arg(j).arg(out(r, j)).arg(sum / weights)));
            }
    }
}

void TestBinned::boxAveragesRejectBadRanges()
{
    const EncodingSpec s = makeSpec(8, Layout::Interleaved, FrequencyRule::Paper, 10000.0, 0, 100);
    RowMatrix out(10, 8);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillRowBoxAverages(s, 0, 9.5, out));  // under a row per pixel
    QVERIFY_THROWS_EXCEPTION(SpecError, fillRowBoxAverages(s, 0, 101, out));  // past max_len
    QVERIFY_THROWS_EXCEPTION(SpecError, fillRowBoxAverages(s, -1, 50, out));
    QVERIFY_THROWS_EXCEPTION(SpecError, fillRowBoxAverages(s, std::nan(""), 50, out));
    RowMatrix wrongWidth(10, 7);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillRowBoxAverages(s, 0, 100, wrongWidth));
    RowMatrix in(2, 8), narrow(2, 3), tooFewRows(1, 3);
    in.setZero();
    QVERIFY_THROWS_EXCEPTION(SpecError, averageColumns(in, 0, 9, narrow));
    QVERIFY_THROWS_EXCEPTION(SpecError, averageColumns(in, 5, 5, narrow));
    QVERIFY_THROWS_EXCEPTION(SpecError, averageColumns(in, 0, 8, tooFewRows));
}

void TestBinned::turnedPhasesStayWithinE13OfAccurateOnes()
{
    // fillRowBoxAverages turns each pair's phase from one bin to the next and takes it afresh
    // only every few hundred bins; fillBinnedEncoding takes an accurate sine and cosine for
    // every bin. Where their bins are the same (max_len a multiple of the bins), the drift of
    // the turned phases must stay within 1e−13 over a thousand bins of a million positions.
    for (const Layout layout : {Layout::Interleaved, Layout::Split}) {
        const EncodingSpec spec = makeSpec(256, layout, FrequencyRule::Paper, 10000.0, 0, std::int64_t{1} << 20);
        const std::int64_t bins = 1024;
        RowMatrix turned(bins, spec.dModel), accurate(bins, spec.dModel);
        fillRowBoxAverages(spec, 0, static_cast<double>(spec.maxLen), turned);
        fillBinnedEncoding(spec, 0, spec.maxLen, accurate);
        const double worst = (turned - accurate).cwiseAbs().maxCoeff();
        QVERIFY2(worst <= 1e-13, qPrintable(QString("%1: turned phases %2 from accurate ones")
                                                .arg(QLatin1String(ref::layoutTag(layout))).arg(worst)));
    }
}

QTEST_APPLESS_MAIN(TestBinned)
#include "tst_binned.moc"
