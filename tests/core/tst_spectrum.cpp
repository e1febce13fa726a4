// SPDX-License-Identifier: MIT
// The spectrum view's numbers (issue 14): each column's power spectrum along the positions, its
// dominant frequency, the sinusoidal base that fits a table best, and principal components.
// References are written here: the frequencies from the paper's formula, a naive DFT, and
// tables built from known waves and a known helix.
#include "core/spectrum.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

using namespace pe::core;

namespace {

constexpr double pi = std::numbers::pi;

/// A (positions × dims) table of the paper's sinusoid, written from the formula.
RowMatrix sinusoidTable(std::int64_t positions, int dims, double base)
{
    RowMatrix m(positions, dims);
    for (std::int64_t p = 0; p < positions; ++p)
        for (int i = 0; i < dims; ++i) {
            const double omega = std::pow(base, -2.0 * (i / 2) / dims);
            m(p, i) = i % 2 == 0 ? std::sin(double(p) * omega) : std::cos(double(p) * omega);
        }
    return m;
}

} // namespace

class TestSpectrum : public QObject {
    Q_OBJECT
private slots:
    void aSinusoidPeaksAtItsFrequencyWithinOneBin()
    {
        const int d = 64;
        const RowMatrix table = sinusoidTable(1024, d, 10000);
        const PositionSpectrum s = positionSpectrum(table);
        QCOMPARE(s.fftLength, 1024);
        QCOMPARE(s.power.rows(), 513);
        const double bin = 2 * pi / s.fftLength;
        int resolved = 0;
        for (int i = 0; i < d; ++i) {
            const double omega = std::pow(10000.0, -2.0 * (i / 2) / d);
            if (omega < bin) { // slower than one period over the positions: no bin can resolve it
                QVERIFY2(s.dominant[i] <= bin, qPrintable(QString("dim %1").arg(i)));
                continue;
            }
            ++resolved;
            QVERIFY2(std::abs(s.dominant[i] - omega) <= bin,
                     qPrintable(QString("dim %1: peak at %2, ω = %3, one bin %4").arg(i).arg(s.dominant[i]).arg(omega).arg(bin)));
            QCOMPARE(s.power.col(i).maxCoeff(), 1.0); // normalised to its peak
        }
        QVERIFY(resolved >= 30); // 36 dims at this base and length
    }

    void powerIsTheDftOfTheWindowedColumn()
    {
        // A column that is not a pure wave, positions not a power of two (zero-padded to 128).
        RowMatrix column(100, 1);
        for (int p = 0; p < 100; ++p)
            column(p, 0) = std::sin(0.7 * p) + 0.3 * std::cos(2.1 * p) + 0.5;
        const PositionSpectrum s = positionSpectrum(column);
        QCOMPARE(s.fftLength, 128);
        std::vector<double> power(65);
        double mean = column.col(0).mean(), peak = 0;
        for (int f = 0; f <= 64; ++f) {
            std::complex<double> sum = 0;
            for (int p = 0; p < 100; ++p) // the Hann window as documented
                sum += (column(p, 0) - mean) * 0.5 * (1 - std::cos(2 * pi * p / 99)) * std::polar(1.0, -2 * pi * f * p / 128);
            power[f] = std::norm(sum);
            peak = std::max(peak, power[f]);
        }
        for (int f = 0; f <= 64; ++f) {
            QVERIFY2(std::abs(s.power(f, 0) - power[f] / peak) < 1e-12, qPrintable(QString("bin %1").arg(f)));
        }
        QVERIFY(std::abs(s.dominant[0] - 0.7) <= 2 * pi / 128);
    }

    void theSinusoidsColumnsGiveTheSpectrumOfItsRows()
    {
        // The window's sinusoid skips its rows: the columns written straight into the
        // transform's buffer must give the spectrum of the rows, bin for bin.
        for (const int d : {64, 7}) {
            EncodingSpec spec;
            spec.dModel = d;
            spec.layout = Layout::Split;
            spec.firstPosition = 3;
            spec.maxLen = 1500;
            const std::int64_t positions = std::min<std::int64_t>(spec.maxLen, SpectrumLimits::maxPositions);
            RowMatrix rows(positions, d);
            fillEncodingRows(spec, 0, rows);
            const PositionSpectrum fromRows = positionSpectrum(rows);
            const PositionSpectrum fromColumns = positionSpectrum(positions, d,
                [&](Eigen::Index first, Eigen::Index count, double* out, std::ptrdiff_t stride) {
                    fillEncodingColumns(spec, 0, positions, int(first), int(count), out, stride);
                });
            QCOMPARE(fromColumns.fftLength, fromRows.fftLength);
            QCOMPARE(fromColumns.power.cols(), Eigen::Index(d));
            QVERIFY2((fromColumns.power - fromRows.power).cwiseAbs().maxCoeff() <= 1e-10,
                     qPrintable(QString::number((fromColumns.power - fromRows.power).cwiseAbs().maxCoeff())));
            QVERIFY(fromColumns.dominant == fromRows.dominant);
        }
    }

    void slowColumnsKeepTheirRelativePrecision_data()
    {
        QTest::addColumn<double>("base");
        QTest::addColumn<int>("maxLen");
        for (const double base : {1e4, 5e5, 1e6})
            for (const int maxLen : {100, 1024})
                QTest::addRow("base %g, max_len %d", base, maxLen) << base << maxLen;
    }
    void slowColumnsKeepTheirRelativePrecision()
    {
        // The exact spectrum of the slowest pairs from the definition, in long double: each
        // cosine as −2 sin²(θ/2) (nothing cancels), the mean removed, the Hann window, a plain
        // DFT. Over the first positions a slow cosine stays within 1e−7 of 1, and cos θ − mean
        // kept only its rounding: 1e−9 relative at base 500000 (issue 47).
        QFETCH(double, base);
        QFETCH(int, maxLen);
        constexpr int d = 128;
        EncodingSpec spec;
        spec.dModel = d;
        spec.maxLen = maxLen;
        spec.base = base;
        spec.layout = Layout::Interleaved;
        const PositionSpectrum s = sinusoidSpectrum(spec);
        const int positions = maxLen, n = s.fftLength;
        QCOMPARE(n, maxLen == 100 ? 128 : 1024);
        using Long = long double;
        const Long twoPi = 2 * std::numbers::pi_v<Long>;
        std::vector<Long> twiddleCos(static_cast<std::size_t>(n)), twiddleSin(static_cast<std::size_t>(n));
        for (int k = 0; k < n; ++k) {
            twiddleCos[std::size_t(k)] = std::cos(twoPi * k / n);
            twiddleSin[std::size_t(k)] = std::sin(twoPi * k / n);
        }
        double worst = 0;
        QString where;
        for (int column = d - 16; column < d; ++column) {
            const Long omega = std::pow(Long(base), -Long(2 * (column / 2)) / d);
            std::vector<Long> x(static_cast<std::size_t>(positions));
            Long mean = 0;
            for (int p = 0; p < positions; ++p) {
                const Long half = std::sin(omega * p / 2);
                x[std::size_t(p)] = column % 2 == 0 ? std::sin(omega * p) : -2 * half * half;
                mean += x[std::size_t(p)];
            }
            mean /= positions;
            for (int p = 0; p < positions; ++p)
                x[std::size_t(p)] = (x[std::size_t(p)] - mean) * Long(0.5) * (1 - std::cos(twoPi * p / (positions - 1)));
            std::vector<Long> power(static_cast<std::size_t>(n / 2 + 1));
            for (int f = 0; f <= n / 2; ++f) {
                Long re = 0, im = 0;
                for (int p = 0; p < positions; ++p) {
                    const auto k = std::size_t((std::int64_t(f) * p) % n);
                    re += x[std::size_t(p)] * twiddleCos[k];
                    im -= x[std::size_t(p)] * twiddleSin[k];
                }
                power[std::size_t(f)] = re * re + im * im;
            }
            const Long peak = *std::max_element(power.begin(), power.end());
            for (int f = 0; f <= n / 2; ++f) {
                const Long exact = power[std::size_t(f)] / peak;
                // Where float64 can hold it: a transform rounds to about 1e−16 × log₂ n of the
                // peak's amplitude, so a bin of power q (of the peak's) keeps 1e−12 relative
                // only while √q is well above 1e−3: within 30 dB of the peak.
                if (exact < 1e-3L)
                    continue;
                const double error = double(std::abs((Long(s.power(f, column)) - exact) / exact));
                if (error > worst) {
                    worst = error;
                    where = QStringLiteral("column %1, bin %2: %3, exact %4").arg(column).arg(f)
                                .arg(s.power(f, column), 0, 'g', 13).arg(double(exact), 0, 'g', 13);
                }
            }
        }
        qInfo("largest relative error %.3g (%s)", worst, qPrintable(where));
        QVERIFY2(worst <= 1e-12, qPrintable(QStringLiteral("relative error %1 at %2").arg(worst).arg(where)));
    }

    void aConstantColumnHasNoFrequency()
    {
        const RowMatrix flat = RowMatrix::Constant(50, 2, 0.25);
        const PositionSpectrum s = positionSpectrum(flat);
        QCOMPARE(s.dominant[0], 0.0);
        QCOMPARE(s.power(3, 1), 0.0);
        QCOMPARE(powerDecibels(0.0), SpectrumLimits::floorDb);
        QCOMPARE(powerDecibels(0.01), -20.0);
    }

    void theFittedBaseIsTheTablesBase_data()
    {
        QTest::addColumn<double>("base");
        QTest::newRow("10000") << 10000.0;
        QTest::newRow("500") << 500.0;
        QTest::newRow("1e6") << 1e6;
    }
    void theFittedBaseIsTheTablesBase()
    {
        QFETCH(double, base);
        RowMatrix table = sinusoidTable(1024, 128, base);
        // A learned table keeps no order of dims: shuffle the columns (a fixed permutation).
        RowMatrix shuffled(table.rows(), table.cols());
        for (int i = 0; i < 128; ++i)
            shuffled.col((i * 37) % 128) = table.col(i);
        const PositionSpectrum s = positionSpectrum(shuffled);
        const BaseFit fit = fitSinusoidalBase(s.dominant, 2 * pi / s.fftLength);
        QVERIFY2(std::abs(std::log(fit.base / base)) < 0.25, qPrintable(QString("fitted %1 for %2").arg(fit.base).arg(base)));
        QVERIFY(fit.rmsLogError < 0.1);
        QVERIFY(fit.compared > 20);
    }

    void principalComponentsOfAHelix()
    {
        // Positions on a circle (cos, sin) with a smaller third wave, written into 16 dims by a
        // fixed orthonormal map; whole periods, so the three are uncorrelated.
        const int n = 400, d = 16;
        RowMatrix helix(n, 3);
        for (int p = 0; p < n; ++p)
            helix.row(p) << 3 * std::cos(2 * pi * p / 100.0), 3 * std::sin(2 * pi * p / 100.0), 0.5 * std::cos(2 * pi * p * 3 / 100.0);
        Eigen::MatrixXd mix = Eigen::MatrixXd::Zero(3, d);
        for (int j = 0; j < d; ++j) // orthonormal rows: three disjoint sets of dims, equal weights
            mix(j % 3, j) = 1.0;
        for (int r = 0; r < 3; ++r)
            mix.row(r).normalize();
        const RowMatrix table = helix * mix;
        const PrincipalComponents pc = principalComponents(table, 3);
        QCOMPARE(pc.scores.rows(), n);
        // Variances 4.5, 4.5 and 0.125 of 9.125 in all.
        QVERIFY(std::abs(pc.explained[0] - 4.5 / 9.125) < 1e-9);
        QVERIFY(std::abs(pc.explained[1] - 4.5 / 9.125) < 1e-9);
        QVERIFY(std::abs(pc.explained[2] - 0.125 / 9.125) < 1e-9);
        for (int p = 0; p < n; ++p) { // the first two trace the circle of radius 3, the third the small wave
            QVERIFY(std::abs(std::hypot(pc.scores(p, 0), pc.scores(p, 1)) - 3) < 1e-6);
            QVERIFY(std::abs(std::abs(pc.scores(p, 2)) - std::abs(helix(p, 2))) < 1e-6);
        }
        // Both Gram forms agree: fewer rows than dims.
        const PrincipalComponents few = principalComponents(table.topRows(10), 2);
        QCOMPARE(few.scores.rows(), 10);
        QVERIFY(few.explained.sum() <= 1 + 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestSpectrum)
#include "tst_spectrum.moc"
