// SPDX-License-Identifier: MIT
// The encoding against published vectors and against the long double reference (reference.h).
#include "core/encoding.h"
#include "core/scratch.h"

#include "reference.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <thread>
#include <vector>

using namespace pe::core;
using ref::makeSpec;
using ref::maxError;

Q_DECLARE_METATYPE(pe::core::EncodingSpec)

class TestEncoding : public QObject {
    Q_OBJECT

private slots:
    void scratchBeyondTheBudgetIsGivenBack();
    void cellFormulaAddsUp();
    void publishedVectors_data();
    void publishedVectors();
    void matchesReference_data();
    void matchesReference();
    void firstPositionShiftsRows();
    void splitIsAColumnPermutation();
    void extremePositionsStayOnTheCircle();
    void columnsTurnedOverThousandsOfRowsStayAccurate();
    void interleavedSpecsAndThreadsDoNotInterfere();
    void rejectsBadArguments();
    void cleanupTestCase();

private:
    // Largest error against the reference, per function, by the magnitude of the positions.
    std::map<std::int64_t, std::map<QString, double>> m_errorByMagnitude;
};

void TestEncoding::publishedVectors_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<QList<double>>("expected");
    // d = 8, position 1, base 10000. Paper: ω = 1, 0.1, 0.01, 0.001, columns (sin, cos) per pair.
    QTest::newRow("paper interleaved") << makeSpec(8, Layout::Interleaved, FrequencyRule::Paper)
                                       << QList<double>{0.841471, 0.540302, 0.099833, 0.995004,
                                                        0.010000, 0.999950, 0.001000, 1.000000};
    // tensor2tensor: ω = 10000^(−k/3) = 1, 0.046416, 0.0021544, 0.0001, four sines then cosines.
    QTest::newRow("tensor2tensor split") << makeSpec(8, Layout::Split, FrequencyRule::Tensor2Tensor)
                                         << QList<double>{0.841471, 0.046399, 0.002154, 0.000100,
                                                          0.540302, 0.998923, 0.999998, 1.000000};
}

void TestEncoding::publishedVectors()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(QList<double>, expected);
    const double tolerance = 1e-6; // the vectors are published to 6 decimals
    const Eigen::VectorXd v = encodingVector(spec, 1);
    QCOMPARE(v.size(), 8);
    const RowMatrix m = encodingMatrix(spec);
    for (int c = 0; c < 8; ++c) {
        QVERIFY2(std::abs(v[c] - expected[c]) <= tolerance,
                 qPrintable(QString("column %1: %2, published %3").arg(c).arg(v[c], 0, 'g', 10).arg(expected[c])));
        QVERIFY(std::abs(encodingValue(spec, 1, c) - expected[c]) <= tolerance);
        QVERIFY(std::abs(m(1, c) - expected[c]) <= tolerance);
    }
}

void TestEncoding::matchesReference_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<qint64>("firstRow");
    QTest::addColumn<qint64>("magnitude");

    const std::int64_t rows = 24;
    int i = 0;
    for (std::int64_t magnitude : {std::int64_t{0}, std::int64_t{1000}, std::int64_t{10000}, std::int64_t{100000},
                                   std::int64_t{1000000}})
        for (int d : {7, 33, 64})
            for (Layout l : {Layout::Interleaved, Layout::Split})
                for (FrequencyRule f : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor})
                    for (double base : {10000.0, 500000.0, 2.0}) {
                        // Reach the block through the first position or through the first row
                        // in turn, a little before the round number so that the block crosses it.
                        const std::int64_t start = std::max<std::int64_t>(0, magnitude - 7 - i % 5);
                        const std::int64_t first = (i % 2 == 0) ? start : std::min<std::int64_t>(start, 2);
                        const std::int64_t firstRow = start - first;
                        EncodingSpec s = makeSpec(d, l, f, base, first, firstRow + rows);
                        QTest::addRow("p%lld d%d %s %s base%g", static_cast<long long>(start), d,
                                      ref::layoutTag(l), ref::ruleTag(f), base)
                            << s << qint64(firstRow) << qint64(magnitude);
                        ++i;
                    }
}

void TestEncoding::matchesReference()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(qint64, firstRow);
    QFETCH(qint64, magnitude);

    const std::int64_t rows = spec.maxLen - firstRow;
    const std::int64_t p0 = spec.firstPosition + firstRow;
    const ref::Block expected = ref::rows(spec, p0, rows);
    // The contract: 1e−12 up to 10^4, 2e−10 up to 10^6. Where long double is x87 extended
    // (64-bit significand) the reference's own phase error is ~1e−19·p, which allows a sharper
    // bound, 1e−12 + 1e−18·p: one that a naive float64 evaluation (~1.4e−10 at 10^6, DESIGN.md)
    // would fail, so the accuracy the core claims is really checked.
    const double contract = p0 + rows <= 10100 ? 1e-12 : 2e-10;
    const double tolerance = std::numeric_limits<long double>::digits >= 64
        ? std::min(contract, 1e-12 + 1e-18 * static_cast<double>(p0 + rows))
        : contract;

    RowMatrix byValue(rows, spec.dModel), byVector(rows, spec.dModel), filled(rows, spec.dModel);
    for (std::int64_t r = 0; r < rows; ++r) {
        byVector.row(r) = encodingVector(spec, p0 + r).transpose();
        for (int c = 0; c < spec.dModel; ++c)
            byValue(r, c) = encodingValue(spec, p0 + r, c);
    }
    fillEncodingRows(spec, firstRow, filled);
    EncodingSpec whole = spec;
    whole.firstPosition = p0;
    whole.maxLen = rows;
    const RowMatrix matrix = encodingMatrix(whole);
    QCOMPARE(matrix.rows(), rows);
    QCOMPARE(matrix.cols(), spec.dModel);
    // The spectrum's columns, written column-major a few columns at a time (stride > rows).
    Eigen::MatrixXd columnMajor(rows + 3, spec.dModel);
    for (int c = 0; c < spec.dModel; c += 5)
        fillEncodingColumns(spec, firstRow, rows, c, std::min(5, spec.dModel - c), columnMajor.col(c).data(), rows + 3);
    const RowMatrix columns = columnMajor.topRows(rows);

    const std::pair<const char*, const RowMatrix*> results[] = {
        {"encodingValue", &byValue}, {"encodingVector", &byVector},
        {"fillEncodingRows", &filled}, {"encodingMatrix", &matrix}, {"fillEncodingColumns", &columns}};
    for (const auto& [name, m] : results) {
        const double error = maxError(*m, expected);
        double& worst = m_errorByMagnitude[magnitude][name];
        worst = std::max(worst, error);
        QVERIFY2(error <= tolerance, qPrintable(QString("%1: max error %2 > %3").arg(name).arg(error).arg(tolerance)));
    }
}

void TestEncoding::columnsTurnedOverThousandsOfRowsStayAccurate()
{
    // fillEncodingColumns turns each column's phase row by row, taken afresh every 256 rows:
    // over 3000 rows near a million it must stay within 1e−13 of the accurate rows.
    for (Layout l : {Layout::Interleaved, Layout::Split})
        for (int d : {64, 33}) {
            const EncodingSpec spec = makeSpec(d, l, d == 33 ? FrequencyRule::Tensor2Tensor : FrequencyRule::Paper,
                                               10000.0, 999000, 3000);
            RowMatrix rows(spec.maxLen, d);
            fillEncodingRows(spec, 0, rows);
            Eigen::MatrixXd columns(spec.maxLen, d);
            fillEncodingColumns(spec, 0, spec.maxLen, 0, d, columns.data(), spec.maxLen);
            const double worst = (columns - rows).cwiseAbs().maxCoeff();
            QVERIFY2(worst <= 1e-13, qPrintable(QString("d %1 %2: %3").arg(d).arg(ref::layoutTag(l)).arg(worst)));
            // The spectrum's columns: cosines less one, a pair's sine from its cosine's turn
            // when both are in the block (all, both halves, or strips of 5 that split pairs).
            for (int strip : {d, d / 2, 5}) {
                Eigen::MatrixXd lessOne(spec.maxLen, d);
                for (int c = 0; c < d; c += strip)
                    fillEncodingColumns(spec, 0, spec.maxLen, c, std::min(strip, d - c), lessOne.col(c).data(), spec.maxLen,
                                        CosineColumns::LessOne);
                double worstLessOne = 0;
                for (int c = 0; c < d; ++c) {
                    const ColumnRole role = columnRole(spec, c);
                    const double shift = role.isZero || role.isSin ? 0.0 : 1.0;
                    worstLessOne = std::max(worstLessOne, (lessOne.col(c).array() + shift - rows.col(c).array()).abs().maxCoeff());
                }
                QVERIFY2(worstLessOne <= 1e-13, qPrintable(QString("less one, d %1 %2, strips of %3: %4").arg(d)
                                                               .arg(ref::layoutTag(l)).arg(strip).arg(worstLessOne)));
            }
        }
    const EncodingSpec spec = makeSpec(8, Layout::Interleaved, FrequencyRule::Paper, 10000.0, 0, 10);
    double buffer[40];
    QVERIFY_THROWS_EXCEPTION(SpecError, fillEncodingColumns(spec, 0, 10, 6, 3, buffer, 10)); // past d_model
    QVERIFY_THROWS_EXCEPTION(SpecError, fillEncodingColumns(spec, 0, 10, 0, 2, buffer, 5));  // columns overlap
    QVERIFY_THROWS_EXCEPTION(SpecError, fillEncodingColumns(spec, -1, 5, 0, 1, buffer, 10));
}

void TestEncoding::firstPositionShiftsRows()
{
    // fairseq starts at padding_idx + 1 = 2: row r holds position 2 + r.
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        const EncodingSpec fromTwo = makeSpec(16, l, FrequencyRule::Tensor2Tensor, 10000.0, 2, 50);
        const RowMatrix m = encodingMatrix(fromTwo);
        const ref::Block expected = ref::rows(fromTwo, 2, 50);
        QVERIFY(maxError(m, expected) <= 1e-13);
        // Row 0 is position 2, not position 0 (whose sines are all 0).
        QVERIFY(std::abs(m(0, 0) - std::sin(2.0)) <= 1e-15);

        const RowMatrix fromZero = encodingMatrix(makeSpec(16, l, FrequencyRule::Tensor2Tensor, 10000.0, 0, 52));
        QVERIFY((m - fromZero.bottomRows(50)).cwiseAbs().maxCoeff() <= 1e-15);

        // fillEncodingRows counts firstRow from the first position.
        RowMatrix block(5, 16);
        fillEncodingRows(fromTwo, 40, block);
        QVERIFY(maxError(block, ref::rows(fromTwo, 42, 5)) <= 1e-13);
    }
}

void TestEncoding::splitIsAColumnPermutation()
{
    for (int d : {1, 2, 7, 8, 33, 64}) {
        for (FrequencyRule f : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor}) {
            const RowMatrix inter = encodingMatrix(makeSpec(d, Layout::Interleaved, f, 10000.0, 3, 200));
            const RowMatrix split = encodingMatrix(makeSpec(d, Layout::Split, f, 10000.0, 3, 200));
            // Sine columns: ⌈d/2⌉ with paper frequencies, ⌊d/2⌋ with tensor2tensor's, whose odd d
            // ends in a zero column in both layouts.
            const int sines = f == FrequencyRule::Paper ? (d + 1) / 2 : d / 2;
            for (int k = 0; k < sines; ++k) {
                QVERIFY((split.col(k) - inter.col(2 * k)).cwiseAbs().maxCoeff() <= 1e-15);
                if (2 * k + 1 < d)
                    QVERIFY((split.col(sines + k) - inter.col(2 * k + 1)).cwiseAbs().maxCoeff() <= 1e-15);
            }
            if (f == FrequencyRule::Tensor2Tensor && d % 2 == 1)
                QVERIFY(split.col(d - 1).isZero(0.0) && inter.col(d - 1).isZero(0.0));
        }
    }
}

void TestEncoding::extremePositionsStayOnTheCircle()
{
    // Far beyond what the long double reference can check: values stay finite, every full pair
    // on the unit circle, and the block evaluation agrees with the per-value one. At p ≈ 2^40
    // an angle formed in long double carries 2^(40−64) ≈ 6e−8 of rounding, so the two ways of
    // forming it may differ by a few 1e−7; that is the bound here, not a few 1e−16.
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        EncodingSpec s = makeSpec(33, l, FrequencyRule::Paper, 10000.0, std::int64_t{1} << 40, std::int64_t{1} << 31);
        RowMatrix block(8, 33);
        const std::int64_t firstRow = s.maxLen - 8;
        fillEncodingRows(s, firstRow, block);
        for (int r = 0; r < 8; ++r)
            for (int k = 0; k < 16; ++k) {
                const int sc = l == Layout::Interleaved ? 2 * k : k;
                const int cc = l == Layout::Interleaved ? 2 * k + 1 : 17 + k;
                QVERIFY(std::isfinite(block(r, sc)) && std::isfinite(block(r, cc)));
                QVERIFY(std::abs(block(r, sc) * block(r, sc) + block(r, cc) * block(r, cc) - 1.0) <= 4e-15);
                QVERIFY(std::abs(block(r, sc) - encodingValue(s, s.firstPosition + firstRow + r, sc)) <= 1e-6);
            }
    }
}

void TestEncoding::interleavedSpecsAndThreadsDoNotInterfere()
{
    // Views evaluate several specs in turn, from several threads: whatever the core caches per
    // spec must follow every field that changes the frequencies (d_model, base, rule).
    const EncodingSpec specs[] = {
        makeSpec(64, Layout::Interleaved, FrequencyRule::Paper, 10000.0),
        makeSpec(64, Layout::Interleaved, FrequencyRule::Paper, 500000.0),
        makeSpec(64, Layout::Interleaved, FrequencyRule::Tensor2Tensor, 10000.0),
        makeSpec(65, Layout::Interleaved, FrequencyRule::Paper, 10000.0),
        makeSpec(64, Layout::Split, FrequencyRule::Paper, 10000.0),
    };
    const auto worstError = [&specs](int offset) {
        double worst = 0.0;
        for (int round = 0; round < 400; ++round) {
            const EncodingSpec& s = specs[(round + offset) % std::size(specs)];
            const std::int64_t p = 37 * round + offset;
            const int c = (round * 7) % s.dModel;
            worst = std::max(worst, static_cast<double>(std::fabs(encodingValue(s, p, c) - ref::value(s, p, c))));
            const Eigen::VectorXd v = encodingVector(s, p + 1);
            for (int col = 0; col < s.dModel; ++col)
                worst = std::max(worst, static_cast<double>(std::fabs(v[col] - ref::value(s, p + 1, col))));
        }
        return worst;
    };
    QVERIFY(worstError(0) <= 1e-12);
    double fromThreads[4] = {};
    {
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] { fromThreads[t] = worstError(t + 1); });
        for (std::thread& thread : threads)
            thread.join();
    }
    for (double e : fromThreads)
        QVERIFY2(e <= 1e-12, qPrintable(QString("max error %1 with concurrent threads").arg(e)));
}

void TestEncoding::rejectsBadArguments()
{
    const EncodingSpec s = makeSpec(8, Layout::Interleaved, FrequencyRule::Paper);
    QVERIFY_THROWS_EXCEPTION(SpecError, encodingValue(s, -1, 0));
    QVERIFY_THROWS_EXCEPTION(SpecError, encodingValue(s, 0, 8));
    QVERIFY_THROWS_EXCEPTION(SpecError, encodingValue(s, 0, -1));
    QVERIFY_THROWS_EXCEPTION(SpecError, encodingVector(s, -1));
    RowMatrix wrong(4, 7);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillEncodingRows(s, 0, wrong));
}

void TestEncoding::cleanupTestCase()
{
    for (const auto& [magnitude, byFunction] : m_errorByMagnitude) {
        QString line = QString("max |PE - long double reference| at positions near %1:").arg(magnitude);
        for (const auto& [name, error] : byFunction)
            line += QString(" %1 %2").arg(name).arg(error, 0, 'e', 2);
        qInfo().noquote() << line;
    }
}

// What the heatmap's read-out and the formula panel print: each number of the formula
// against its definition, and the formula's steps against each other.
void TestEncoding::cellFormulaAddsUp()
{
    for (FrequencyRule rule : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor})
        for (Layout layout : {Layout::Interleaved, Layout::Split}) {
            EncodingSpec spec;
            spec.dModel = 11;
            spec.base = 500;
            spec.frequencies = rule;
            spec.layout = layout;
            for (std::int64_t position : {std::int64_t{0}, std::int64_t{7}, std::int64_t{123456}})
                for (int column = 0; column < spec.dModel; ++column) {
                    const CellFormula cell = cellFormula(spec, position, column);
                    QCOMPARE(cell.value, encodingValue(spec, position, column));
                    if (cell.role.isZero) {
                        QCOMPARE(cell.value, 0.0);
                        continue;
                    }
                    const double omega = std::pow(spec.base, -double(cell.exponentNumerator) / cell.exponentDenominator);
                    QVERIFY(std::abs(cell.omega - omega) <= 1e-15 * omega);
                    QVERIFY(std::abs(cell.wavelength * cell.omega - 2 * std::numbers::pi) < 1e-12);
                    const double reference = cell.role.isSin ? std::sin(double(position) * omega) : std::cos(double(position) * omega);
                    QVERIFY(std::abs(cell.value - reference) < 1e-9); // double-precision product at position 123456
                    const double byAngle = cell.role.isSin ? std::sin(cell.angle) : std::cos(cell.angle);
                    // The printed angle gives the printed value, to the angle's own rounding to double.
                    QVERIFY(std::abs(cell.value - byAngle) <= 1e-15 + 4 * std::abs(cell.angle) * std::numeric_limits<double>::epsilon());
                }
        }
}

// The buffers a thread keeps between frames (core/scratch.h): one that grew past the budget for
// a large call gives its memory back when the call ends; one within it stays, so that the
// next frame touches no fresh pages.
void TestEncoding::scratchBeyondTheBudgetIsGivenBack()
{
    using pe::core::keptScratchBytes;
    const auto doubles = static_cast<Eigen::Index>(keptScratchBytes / sizeof(double));
    std::vector<double> within(static_cast<std::size_t>(doubles)), beyond(static_cast<std::size_t>(doubles) + 1);
    pe::core::RowMatrix wide(2, doubles / 2 + 1), small(4, 4);
    const double* kept = within.data();
    {
        const pe::core::ScratchBudget budget(within, beyond, wide, small);
        QCOMPARE(beyond.size(), std::size_t(doubles) + 1); // nothing goes while the call runs
    }
    QCOMPARE(within.data(), kept);
    QCOMPARE(within.size(), std::size_t(doubles));
    QCOMPARE(beyond.capacity(), std::size_t(0));
    QCOMPARE(wide.size(), Eigen::Index(0));
    QCOMPARE(small.size(), Eigen::Index(16));
}

QTEST_APPLESS_MAIN(TestEncoding)
#include "tst_encoding.moc"
