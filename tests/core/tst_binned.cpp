// SPDX-License-Identifier: MIT
// Level of detail: binned rows are the exact means of the rows they stand for.
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
    void binnedIsTheMeanOfItsRows_data();
    void binnedIsTheMeanOfItsRows();
    void rejectsBadBins();
};

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

QTEST_APPLESS_MAIN(TestBinned)
#include "tst_binned.moc"
