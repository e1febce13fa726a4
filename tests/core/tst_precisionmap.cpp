// SPDX-License-Identifier: MIT
// The precision view's numbers: the error of each format at chosen rows, against the CPU's own
// float/_Float16 arithmetic and a long double reference, and the resolution limit (the position
// beyond which consecutive positions share one angle) against a brute-force search.
#include "core/precision.h"
#include "reference.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace pe::core;

namespace {

EncodingSpec spec(int d, std::int64_t first, std::int64_t maxLen, FrequencyRule rule = FrequencyRule::Paper)
{
    return ref::makeSpec(d, Layout::Interleaved, rule, 10000.0, first, maxLen);
}

/// The documents' float32 code for column c of an interleaved paper spec, in float arithmetic.
double float32Value(int d, std::int64_t p, int c)
{
    const float step = static_cast<float>(-std::log(10000.0) / d);
    const float omega = std::exp(static_cast<float>(2 * (c / 2)) * step);
    const float angle = static_cast<float>(p) * omega;
    return c % 2 == 0 ? std::sin(angle) : std::cos(angle);
}

/// The first position p at which p·ω̃ and (p+1)·ω̃ round to one value of the format, by trying
/// every p (exact: p < 2^24 and ω̃ of ≤ 24 bits multiply exactly in double).
std::int64_t firstSharedAngle(double omega, NumberFormat f, std::int64_t limit)
{
    double previous = roundTo(0.0, f);
    for (std::int64_t p = 1; p <= limit; ++p) {
        const double angle = roundTo(roundTo(static_cast<double>(p), f) * omega, f);
        if (angle == previous)
            return p - 1;
        previous = angle;
    }
    return -1;
}

} // namespace

class TestPrecisionMap : public QObject {
    Q_OBJECT

private slots:
    void storedErrorIsTheRoundingOfTheValue();
    void computedFloat32IsFloatArithmetic();
    void computedFloat16IsHalfArithmetic();
    void float32ErrorAtTheDocumentedPositions();
    void resolutionLimitAgreesWithBruteForce_data();
    void resolutionLimitAgreesWithBruteForce();
    void resolutionLimitsByFormat();
    void float16OverflowIsInfinite();
    void allCurvesAtOnceAreEachCurve();
    void badRowsAreRefused();
};

void TestPrecisionMap::float16OverflowIsInfinite()
{
    // 65504 is float16's largest value: position 65520 rounds to infinity, the angle too, and
    // sin(∞) is NaN — no usable value, reported as an infinite error.
    const EncodingSpec s = spec(4, 0, 70000);
    const std::vector<std::int64_t> rows{65504, 65519, 65520};
    const Eigen::VectorXd worst = maxErrorAtRows(s, rows, NumberFormat::Float16, PrecisionMode::Computed);
    QVERIFY(std::isfinite(worst[0]) && std::isfinite(worst[1]));
    QVERIFY(std::isinf(worst[2]));
    QVERIFY(std::isfinite(maxErrorAtRows(s, rows, NumberFormat::Float16, PrecisionMode::Stored)[2]));
    // Cell by cell, as the map has them: every column of the overflowing row infinite but
    // tensor2tensor's zero column (exact in every format), the rows before finite; each as
    // encodingValueIn gives it.
    const EncodingSpec odd = spec(7, 0, 70000, FrequencyRule::Tensor2Tensor);
    RowMatrix cells(static_cast<Eigen::Index>(rows.size()), odd.dModel);
    fillErrorRows(odd, rows, NumberFormat::Float16, PrecisionMode::Computed, cells);
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int c = 0; c < odd.dModel; ++c) {
            const double held = encodingValueIn(odd, rows[i], c, NumberFormat::Float16, PrecisionMode::Computed);
            const double cell = cells(static_cast<Eigen::Index>(i), c);
            QVERIFY2(std::isfinite(held) ? std::isfinite(cell) : std::isinf(cell),
                     qPrintable(QString("row %1 column %2: %3, the code holds %4").arg(rows[i]).arg(c).arg(cell).arg(held)));
        }
    QCOMPARE(cells(2, odd.dModel - 1), 0.0);
    QVERIFY(std::isinf(cells(2, 0)) && std::isinf(cells(2, odd.dModel - 2)));
}

void TestPrecisionMap::allCurvesAtOnceAreEachCurve()
{
    // The precision view computes its curves together; each must be what the per-row maximum
    // over the whole row (maxErrorByRow, its own path) gives, odd d and float16's overflow included.
    const std::vector<ErrorKind> kinds{{NumberFormat::Float32, PrecisionMode::Stored}, {NumberFormat::Float32, PrecisionMode::Computed},
                                       {NumberFormat::BFloat16, PrecisionMode::Stored}, {NumberFormat::BFloat16, PrecisionMode::Computed},
                                       {NumberFormat::Float16, PrecisionMode::Stored}, {NumberFormat::Float16, PrecisionMode::Computed},
                                       {NumberFormat::Float64, PrecisionMode::Computed}};
    for (const EncodingSpec& s : {spec(33, 65400, 200), spec(16, 0, 3000, FrequencyRule::Tensor2Tensor)}) {
        const std::vector<std::int64_t> rows{0, 1, 99, 118, 119, s.maxLen - 1};
        const Eigen::MatrixXd together = maxErrorsAtRows(s, rows, kinds);
        QCOMPARE(together.rows(), Eigen::Index(rows.size()));
        QCOMPARE(together.cols(), Eigen::Index(kinds.size()));
        for (std::size_t j = 0; j < kinds.size(); ++j) {
            const Eigen::VectorXd byRow = maxErrorByRow(s, kinds[j].format, kinds[j].mode);
            // Their exact values come from two computations a few 1e−15 apart.
            for (std::size_t i = 0; i < rows.size(); ++i)
                QVERIFY2(together(Eigen::Index(i), Eigen::Index(j)) == byRow[rows[i]]
                             || std::abs(together(Eigen::Index(i), Eigen::Index(j)) - byRow[rows[i]]) <= 1e-14,
                         qPrintable(QString("kind %1, row %2: %3 together, %4 alone").arg(j).arg(rows[i])
                                        .arg(together(Eigen::Index(i), Eigen::Index(j)), 0, 'g', 17).arg(byRow[rows[i]], 0, 'g', 17)));
        }
    }
}

void TestPrecisionMap::storedErrorIsTheRoundingOfTheValue()
{
    const EncodingSpec s = spec(16, 0, 5000);
    const std::vector<std::int64_t> rows{0, 1, 77, 4999};
    RowMatrix err(rows.size(), 16);
    fillErrorRows(s, rows, NumberFormat::BFloat16, PrecisionMode::Stored, err);
    const ref::Block exact = ref::rows(s, 0, 5000);
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int c = 0; c < 16; ++c) {
            // bfloat16 keeps 8 significant bits: the error is at most half a step of the value.
            const long double v = exact(rows[i], c);
            const double bound = v == 0 ? 0 : std::ldexp(1.0, std::ilogb(static_cast<double>(v)) - 8);
            QVERIFY(err(i, c) <= bound + 1e-15);
            QCOMPARE_LE(std::abs(err(i, c) - std::abs(static_cast<double>(roundTo(static_cast<double>(v), NumberFormat::BFloat16) - v))), 1e-15);
        }
    QCOMPARE(err(0, 1), 0.0); // cos 0 = 1 is a bfloat16
}

void TestPrecisionMap::computedFloat32IsFloatArithmetic()
{
    // The core rounds each step of the double evaluation to float; the CPU's float arithmetic
    // (expf, sinf within an ulp) must give the same error to within a float step.
    const int d = 32;
    const EncodingSpec s = spec(d, 0, 1000001);
    const std::vector<std::int64_t> rows{3, 999, 10000, 123457, 1000000};
    const Eigen::VectorXd worst = maxErrorAtRows(s, rows, NumberFormat::Float32, PrecisionMode::Computed);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        double expected = 0;
        for (int c = 0; c < d; ++c)
            expected = std::max(expected, static_cast<double>(std::fabs(float32Value(d, rows[i], c) - ref::value(s, rows[i], c))));
        QVERIFY2(std::abs(worst[i] - expected) <= 2.5e-7,
                 qPrintable(QString("row %1: %2 against float arithmetic %3").arg(rows[i]).arg(worst[i]).arg(expected)));
    }
}

void TestPrecisionMap::computedFloat16IsHalfArithmetic()
{
#if defined(__FLT16_MANT_DIG__)
    // Every step of the documents' code in _Float16 (exp and sin through double, rounded once).
    const int d = 8;
    const EncodingSpec s = spec(d, 0, 3000);
    const std::vector<std::int64_t> rows{1, 100, 1500, 2049, 2999};
    RowMatrix err(rows.size(), d);
    fillErrorRows(s, rows, NumberFormat::Float16, PrecisionMode::Computed, err);
    const _Float16 step = static_cast<_Float16>(-std::log(10000.0) / d);
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int c = 0; c < d; ++c) {
            const _Float16 index = static_cast<_Float16>(2 * (c / 2));
            const _Float16 product = index * step;
            const _Float16 omega = static_cast<_Float16>(std::exp(static_cast<double>(product)));
            const _Float16 angle = static_cast<_Float16>(rows[i]) * omega;
            const double a = static_cast<double>(angle);
            const _Float16 v = static_cast<_Float16>(c % 2 == 0 ? std::sin(a) : std::cos(a));
            const double expected = std::fabs(static_cast<double>(v) - static_cast<double>(ref::value(s, rows[i], c)));
            QVERIFY2(std::abs(err(i, c) - expected) < 1e-12,
                     qPrintable(QString("row %1 column %2: %3, _Float16 gives %4").arg(rows[i]).arg(c).arg(err(i, c)).arg(expected)));
        }
#else
    qInfo("no _Float16 in this compiler: float16 is checked through float32 and the limits");
#endif
}

void TestPrecisionMap::float32ErrorAtTheDocumentedPositions()
{
    // DESIGN.md: "~8e−4 absolute error at p = 10^4 and ~6e−2 at 10^6" for float32 computation.
    // The largest error over the 100 rows up to each position (d = 512), to show the size.
    const EncodingSpec s = spec(512, 0, 1000001);
    std::vector<std::int64_t> near4, near6;
    for (std::int64_t p = 9901; p <= 10000; ++p)
        near4.push_back(p);
    for (std::int64_t p = 999901; p <= 1000000; ++p)
        near6.push_back(p);
    const double e4 = maxErrorAtRows(s, near4, NumberFormat::Float32, PrecisionMode::Computed).maxCoeff();
    const double e6 = maxErrorAtRows(s, near6, NumberFormat::Float32, PrecisionMode::Computed).maxCoeff();
    const double stored6 = maxErrorAtRows(s, near6, NumberFormat::Float32, PrecisionMode::Stored).maxCoeff();
    qInfo("float32 computed, d 512, max over rows 9901–10000: %.2e; 999901–1000000: %.2e; stored: %.2e", e4, e6, stored6);
    // p·ω rounds to half a step of the angle: at most p·2^−24 ≈ 6e−4 at 10^4 and 6e−2 at 10^6
    // (plus ω's own rounding, which p multiplies as well).
    QVERIFY(e4 > 2e-4 && e4 < 2e-3);
    QVERIFY(e6 > 2e-2 && e6 < 2e-1);
    QVERIFY(stored6 <= std::ldexp(1.0, -25));
}

void TestPrecisionMap::resolutionLimitAgreesWithBruteForce_data()
{
    QTest::addColumn<NumberFormat>("format");
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("base");
    for (NumberFormat f : {NumberFormat::Float16, NumberFormat::BFloat16})
        for (int d : {8, 64, 257})
            for (double base : {10.0, 10000.0, 1e6})
                QTest::addRow("%s d%d base %g", numberFormatName(f).data(), d, base) << f << d << base;
    QTest::addRow("float32 d8") << NumberFormat::Float32 << 8 << 10000.0;
}

void TestPrecisionMap::resolutionLimitAgreesWithBruteForce()
{
    QFETCH(NumberFormat, format);
    QFETCH(int, d);
    QFETCH(double, base);
    EncodingSpec s = spec(d, 0, 100);
    s.base = base;
    const int pairs = (d + 1) / 2;
    for (int k = 0; k < pairs; k += std::max(1, pairs / 9)) {
        const double omega = frequencyIn(s, k, format);
        const std::int64_t limit = resolutionLimit(s, k, format);
        if (omega == 0) { // the frequency underflowed: every position has angle 0
            QCOMPARE(limit, std::int64_t{0});
            continue;
        }
        const std::int64_t shared = firstSharedAngle(omega, format, 4 * limit + 4);
        QVERIFY2(shared >= limit - 1 && shared <= 4 * limit,
                 qPrintable(QString("pair %1, ω̃ = %2: limit %3, first shared angle at p = %4").arg(k).arg(omega).arg(limit).arg(shared)));
    }
}

void TestPrecisionMap::resolutionLimitsByFormat()
{
    // p_F ∈ (2^m, 2^(m+1)] with m fraction bits, whatever the pair.
    const EncodingSpec s = spec(64, 0, 100);
    for (int k = 0; k < 32; ++k) {
        const std::int64_t f16 = resolutionLimit(s, k, NumberFormat::Float16);
        const std::int64_t bf16 = resolutionLimit(s, k, NumberFormat::BFloat16);
        const std::int64_t f32 = resolutionLimit(s, k, NumberFormat::Float32);
        QVERIFY2(f16 > 1024 && f16 <= 2048, qPrintable(QString::number(f16)));
        QVERIFY2(bf16 > 128 && bf16 <= 256, qPrintable(QString::number(bf16)));
        QVERIFY2(f32 > (1 << 23) && f32 <= (1 << 24), qPrintable(QString::number(f32)));
    }
    // ω_0 = 1: the angle is the position itself, exact up to 2^(m+1).
    QCOMPARE(resolutionLimit(s, 0, NumberFormat::Float16), std::int64_t{2048});
    QCOMPARE(resolutionLimit(s, 0, NumberFormat::BFloat16), std::int64_t{256});
    QCOMPARE(firstSharedAngle(1.0, NumberFormat::Float16, 5000), std::int64_t{2048});
}

void TestPrecisionMap::badRowsAreRefused()
{
    const EncodingSpec s = spec(8, 0, 10);
    const std::vector<std::int64_t> rows{10};
    RowMatrix out(1, 8);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillErrorRows(s, rows, NumberFormat::Float32, PrecisionMode::Stored, out));
    RowMatrix wrong(2, 8);
    const std::vector<std::int64_t> fine{1};
    QVERIFY_THROWS_EXCEPTION(SpecError, fillErrorRows(s, fine, NumberFormat::Float32, PrecisionMode::Stored, wrong));
    QVERIFY_THROWS_EXCEPTION(SpecError, resolutionLimit(s, 4, NumberFormat::Float16));
}

QTEST_APPLESS_MAIN(TestPrecisionMap)
#include "tst_precisionmap.moc"
