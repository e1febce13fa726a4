// SPDX-License-Identifier: MIT
// Frequencies, wavelengths and the extended-precision sin/cos every value comes from.
#include "core/encoding.h"
#include "core/frequencies.h"

#include "reference.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <thread>
#include <vector>

using namespace pe::core;
using ref::makeSpec;

Q_DECLARE_METATYPE(pe::core::EncodingSpec)

class TestFrequencies : public QObject {
    Q_OBJECT

private slots:
    void wavelengthsAndFrequencies_data();
    void wavelengthsAndFrequencies();
    void accurateSinCosMatchesLongDouble();
    void sinCosTablesHoldEveryPairsAngle();
    void sinCosOfMultiplesPastTheVectorRange();
    void rejectsInvalidSpec();
};

void TestFrequencies::wavelengthsAndFrequencies_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    for (int d : {1, 2, 7, 8, 33, 512})
        for (FrequencyRule f : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor})
            for (double base : {10000.0, 500000.0, 2.0, 1.0001})
                QTest::addRow("d%d %s base%g", d, ref::ruleTag(f), base) << makeSpec(d, Layout::Interleaved, f, base);
}

void TestFrequencies::wavelengthsAndFrequencies()
{
    QFETCH(EncodingSpec, spec);
    const double twoPi = 2.0 * std::numbers::pi;
    const Eigen::VectorXd omega = angularFrequencies(spec);
    const Eigen::VectorXd lambda = wavelengths(spec);
    // ⌈d/2⌉ paper frequencies; ⌊d/2⌋ tensor2tensor timescales (d = 1 has none: one zero column).
    const int pairs = ref::pairs(spec);
    QCOMPARE(omega.size(), pairs);
    QCOMPARE(lambda.size(), pairs);
    if (pairs == 0)
        return;

    QCOMPARE(omega[0], 1.0);
    QVERIFY(std::abs(lambda[0] / twoPi - 1.0) <= 1e-15);
    for (int k = 0; k < pairs; ++k) {
        const long double expected = ref::omega(spec, k);
        QVERIFY(std::fabs(omega[k] / expected - 1.0L) <= 1e-15L);
        QVERIFY(std::fabs(angularFrequencyLong(spec, k) / expected - 1.0L) <= 1e-17L);
        QVERIFY(std::abs(lambda[k] * omega[k] / twoPi - 1.0) <= 1e-15);
        if (k > 0) {
            QVERIFY(omega[k] < omega[k - 1]);
            // Geometric: every ratio is base^(2/d) (paper) or base^(1/(n−1)) (tensor2tensor).
            const double ratio = spec.frequencies == FrequencyRule::Paper ? std::pow(spec.base, 2.0 / spec.dModel)
                                                                         : std::pow(spec.base, 1.0 / (pairs - 1));
            QVERIFY(std::abs(lambda[k] / lambda[k - 1] / ratio - 1.0) <= 1e-12);
        }
    }
    if (spec.frequencies == FrequencyRule::Paper) {
        QVERIFY(lambda.maxCoeff() < twoPi * spec.base);
    } else if (pairs > 1) {
        // tensor2tensor's slowest wavelength is exactly 2π·base.
        QVERIFY(std::abs(lambda[pairs - 1] / (twoPi * spec.base) - 1.0) <= 1e-12);
    }
}

void TestFrequencies::accurateSinCosMatchesLongDouble()
{
    // The angle m·ω is formed in long double in both; what may differ is the reduction and the
    // evaluation, bounded by a few ulps of the long double angle (2^−64·m·ω) plus a few 1e−16.
    const long double omegas[] = {1.0L, 0.5L, 0.1L, ref::omega(makeSpec(64, Layout::Split, FrequencyRule::Paper), 17),
                                  1e-4L, 1e-12L};
    const long double multiples[] = {0.0L, 1.0L, 2.0L, 3.0L, 1000.0L, 12345.0L, 1e5L + 3, 1e6L, -1.0L, -977.0L, -1e6L,
                                     2147483648.0L, 1099511627776.0L + 2147483647.0L};
    for (long double omega : omegas)
        for (long double m : multiples) {
            const SinCos sc = accurateSinCos(omega, m);
            const long double angle = m * omega;
            const double tolerance = 4e-16 + 4.0 * std::ldexp(static_cast<double>(std::fabs(angle)), -64);
            const double sinError = static_cast<double>(std::fabs(sc.sin - std::sin(angle)));
            const double cosError = static_cast<double>(std::fabs(sc.cos - std::cos(angle)));
            QVERIFY2(sinError <= tolerance && cosError <= tolerance,
                     qPrintable(QString("ω %1, m %2: errors %3, %4 > %5")
                                    .arg(double(omega), 0, 'g', 17).arg(double(m), 0, 'g', 17)
                                    .arg(sinError).arg(cosError).arg(tolerance)));
            QVERIFY(std::abs(sc.sin * sc.sin + sc.cos * sc.cos - 1.0) <= 4e-16);
        }
    // Exact where the answer is exact.
    QCOMPARE(accurateSinCos(1.0L, 0.0L).cos, 1.0);
    QVERIFY(accurateSinCos(1.0L, 0.0L).sin == 0.0);
}

// The tables the frame's box averages share: every pair's sin and cos of multiple·ω_k, against
// the reference's long double angle, and one table for every thread that asks at once.
void TestFrequencies::sinCosTablesHoldEveryPairsAngle()
{
    const EncodingSpec spec = makeSpec(513, Layout::Interleaved, FrequencyRule::Paper, 10000.0);
    for (long double multiple : {0.5L, 1.0L, 2437.5L, 1048576.0L}) {
        const auto table = sinCosTable(spec, multiple);
        QCOMPARE(table->sin.size(), std::size_t(ref::pairs(spec)));
        QCOMPARE(table->cos.size(), table->sin.size());
        const std::vector<long double>& omega = frequencyTable(spec);
        for (int k = 0; k < ref::pairs(spec); ++k) {
            // The reference's ω (powl) and the core's (expl of a logarithm) differ by a few ulps
            // of long double, which the angle multiplies: as accurateSinCosMatchesLongDouble.
            const long double angle = multiple * ref::omega(spec, k);
            const double tolerance = 4e-16 + 8.0 * std::ldexp(static_cast<double>(angle), -64);
            QVERIFY2(std::fabs(table->sin[k] - std::sin(angle)) <= tolerance && std::fabs(table->cos[k] - std::cos(angle)) <= tolerance,
                     qPrintable(QString("multiple %1, pair %2").arg(double(multiple)).arg(k)));
            // Shared or not, a table holds accurateSinCos's very numbers.
            QCOMPARE(table->sin[k], accurateSinCos(omega[k], multiple).sin);
            QCOMPARE(table->cos[k], accurateSinCos(omega[k], multiple).cos);
        }
    }
    // Asked for at once by several threads: one table, the same numbers.
    std::vector<std::shared_ptr<const SinCosTable>> seen(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < seen.size(); ++t)
        threads.emplace_back([&, t] { seen[t] = sinCosTable(spec, 777.5L); });
    for (std::thread& thread : threads)
        thread.join();
    for (const auto& table : seen)
        QVERIFY(table == seen.front());
    // Kept within a memory budget: 63 newer tables of 65536 dims (32 MB) push the first one
    // out, so asking again makes a new one; 63 of 512 dims (252 KB) do not.
    for (const int dims : {65536, 512}) {
        const EncodingSpec wide = makeSpec(dims, Layout::Interleaved, FrequencyRule::Paper, 10000.0);
        const auto first = sinCosTable(wide, 0.25L);
        for (int m = 1; m < 64; ++m)
            sinCosTable(wide, 0.25L + m);
        QCOMPARE(sinCosTable(wide, 0.25L) == first, dims == 512);
    }
    // Another spec's table with the same multiple is another table.
    const auto other = sinCosTable(makeSpec(512, Layout::Interleaved, FrequencyRule::Paper, 10000.0), 777.5L);
    QVERIFY(other != seen.front());
    QVERIFY(other->sin[1] != seen.front()->sin[1]);
}

void TestFrequencies::rejectsInvalidSpec()
{
    EncodingSpec s = makeSpec(8, Layout::Interleaved, FrequencyRule::Paper);
    s.base = 0.5;
    QVERIFY_THROWS_EXCEPTION(SpecError, angularFrequencies(s));
    QVERIFY_THROWS_EXCEPTION(SpecError, wavelengths(s));
    QVERIFY_THROWS_EXCEPTION(SpecError, angularFrequencyLong(s, 0));
}

void TestFrequencies::sinCosOfMultiplesPastTheVectorRange()
{
    // Angles the vector kernel gives up on (past 2^50) come from accurateSinCos, those beside
    // them from the kernel, and a product that is not finite is NaN.
    const std::vector<double> high{1.0, 0.75, std::numeric_limits<double>::infinity(), 0.3, 1e-3};
    const std::vector<double> low{0.0, 1e-20, 0.0, 0.0, 0.0};
    for (const double multiple : {0x1p51, 3.0, -0x1p55 + 7}) {
        std::vector<double> s(high.size()), c(high.size());
        sinCosOfMultiples(high.data(), low.data(), multiple, s.data(), c.data(), high.size());
        for (std::size_t k = 0; k < high.size(); ++k) {
            if (k == 2) {
                QVERIFY(std::isnan(s[k]) && std::isnan(c[k]));
                continue;
            }
            const SinCos expected = accurateSinCos(static_cast<long double>(high[k]) + low[k], multiple);
            // Past 2^50 the same function; below, the kernel: within 2e−16 of it (the angle
            // rounded to 64 bits in accurateSinCos is off by up to 2^−64 of it).
            const double allowed = std::abs(high[k] * multiple) < 0x1p50 ? 2e-16 + std::abs(high[k] * multiple) * 0x1p-63 : 0.0;
            QVERIFY2(std::abs(s[k] - expected.sin) <= allowed && std::abs(c[k] - expected.cos) <= allowed,
                     qPrintable(QString("lane %1, multiple %2: %3, %4 against %5, %6").arg(k).arg(multiple)
                                    .arg(s[k]).arg(c[k]).arg(expected.sin).arg(expected.cos)));
        }
    }
}

QTEST_APPLESS_MAIN(TestFrequencies)
#include "tst_frequencies.moc"
