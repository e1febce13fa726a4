// SPDX-License-Identifier: MIT
// The frame's inner loops (core/simd.h) against plain long double sums, at every length that
// meets a different mix of vectors and leftovers. CTest runs this twice: as the processor
// chooses (AVX2 with FMA here) and with PE_SIMD=SSE2, the build every x86-64 has.
#include "core/encoding.h"
#include "core/precision.h"
#include "core/simd.h"

#include <QtTest>

#include <quadmath.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

using namespace pe::core;

class TestSimd : public QObject {
    Q_OBJECT

private slots:
    void runsTheBuildAskedFor();
    void rotateTurnsEachPhase();
    void dotsAreTheSums();
    void boxValuesInEitherLayout();
    void fourRowsAtOnceAreEachRowsAverage();
    void levelsPickEachValuesColour();
    void sinCosOfProductsIsExact();
    void sinCosOfProductsBeyondItsRange();
    void roundToFormatIsRoundTo();
    void turnLessOneKeepsTheSmallTerms();
    void absoluteErrorsAndTheLargest();
    void powersAndTheirPeak();
    void prefixModulusSumsOfFourRows();
    void columnsAlongAreTheTurnsRowByRow();
    void centredAndWindowed();
    void decibelsAreTenLogTen();
};

namespace {

std::vector<double> randomValues(std::size_t n, unsigned seed)
{
    std::mt19937_64 generator(seed);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    std::vector<double> v(n);
    for (double& x : v)
        x = uniform(generator);
    return v;
}

// Every length from none to past four of the widest vectors and their leftovers.
constexpr std::size_t longest = 41;

} // namespace

void TestSimd::runsTheBuildAskedFor()
{
    const char* asked = std::getenv("PE_SIMD");
    if (asked && std::strcmp(asked, "SSE2") == 0)
        QCOMPARE(QString(simd::instructionSet()), QStringLiteral("SSE2"));
    else
        QVERIFY(QString(simd::instructionSet()) == QStringLiteral("SSE2")
                || QString(simd::instructionSet()) == QStringLiteral("AVX2+FMA"));
}

void TestSimd::rotateTurnsEachPhase()
{
    for (std::size_t n = 0; n <= longest; ++n) {
        std::vector<double> c = randomValues(n, 1), s = randomValues(n, 2), tc = randomValues(n, 3), ts = randomValues(n, 4);
        const std::vector<double> c0 = c, s0 = s;
        simd::rotate(c.data(), s.data(), tc.data(), ts.data(), n);
        for (std::size_t k = 0; k < n; ++k) {
            const long double wantC = (long double)c0[k] * tc[k] - (long double)s0[k] * ts[k];
            const long double wantS = (long double)s0[k] * tc[k] + (long double)c0[k] * ts[k];
            QVERIFY2(std::fabs(c[k] - wantC) <= 4e-16 && std::fabs(s[k] - wantS) <= 4e-16,
                     qPrintable(QString("n %1, k %2").arg(n).arg(k)));
        }
    }
}

void TestSimd::dotsAreTheSums()
{
    for (std::size_t n = 0; n <= longest; ++n) {
        const std::vector<double> a = randomValues(n, 5), b = randomValues(n, 6), c = randomValues(n, 7), d = randomValues(n, 8);
        long double one = 0, two = 0;
        for (std::size_t k = 0; k < n; ++k) {
            one += (long double)a[k] * b[k];
            two += (long double)a[k] * b[k] + (long double)c[k] * d[k];
        }
        // n roundings of terms below 1 at most: n·2^−53 of the terms' size.
        const double tolerance = (n + 1) * 2.3e-16;
        QVERIFY2(std::fabs(simd::dot(a.data(), b.data(), n) - one) <= tolerance, qPrintable(QString("dot, n %1").arg(n)));
        QVERIFY2(std::fabs(simd::dot2(a.data(), b.data(), c.data(), d.data(), n) - two) <= 2 * tolerance,
                 qPrintable(QString("dot2, n %1").arg(n)));
    }
}

void TestSimd::boxValuesInEitherLayout()
{
    for (std::size_t n = 0; n <= longest; ++n) {
        const std::vector<double> ps = randomValues(n, 9), pc = randomValues(n, 10), dirichlet = randomValues(n, 11),
                                  edgeCos = randomValues(n, 12), edgeSin = randomValues(n, 13);
        const simd::BoxRow box{ps.data(), pc.data(), dirichlet.data(), edgeCos.data(), edgeSin.data(), 0.75, -0.25, 0.5};
        std::vector<double> split(2 * n + 1, 99.0), interleaved(2 * n + 1, 99.0);
        simd::boxValues(box, split.data(), split.data() + n, 1, n);
        simd::boxValues(box, interleaved.data(), interleaved.data() + 1, 2, n);
        for (std::size_t k = 0; k < n; ++k) {
            const long double re = dirichlet[k] + 0.75L * edgeCos[k], im = -0.25L * edgeSin[k];
            const long double wantSin = (ps[k] * re + pc[k] * im) * 0.5L, wantCos = (pc[k] * re - ps[k] * im) * 0.5L;
            const QString where = QString("n %1, k %2").arg(n).arg(k);
            QVERIFY2(std::fabs(split[k] - wantSin) <= 6e-16 && std::fabs(split[n + k] - wantCos) <= 6e-16, qPrintable(where));
            QCOMPARE(interleaved[2 * k], split[k]);
            QCOMPARE(interleaved[2 * k + 1], split[n + k]);
        }
        QCOMPARE(split[2 * n], 99.0); // nothing written past the row
        QCOMPARE(interleaved[2 * n], 99.0);
    }
}

void TestSimd::fourRowsAtOnceAreEachRowsAverage()
{
    // Output columns of 1 to 5.3 input columns each, over every width of input, 1 to 4 rows.
    for (std::size_t n = 1; n <= longest; ++n) {
        std::vector<std::vector<double>> rows;
        for (unsigned r = 0; r < 4; ++r)
            rows.push_back(randomValues(n, 20 + r));
        const double* pointers[4] = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data()};
        std::vector<double> tile(4 * n);
        simd::interleaveFourRows(pointers, n, tile.data());
        for (std::size_t c = 0; c < n; ++c)
            for (int r = 0; r < 4; ++r)
                QCOMPARE(tile[4 * c + r], rows[r][c]);
        for (Eigen::Index outputs : {Eigen::Index(1), Eigen::Index((n + 4) / 5), Eigen::Index(n)}) {
            const double lower = n > 2 ? 0.5 : 0.0, upper = static_cast<double>(n);
            const ColumnAverager averager(static_cast<Eigen::Index>(n), lower, upper, outputs);
            for (int count = 1; count <= 4; ++count) {
                std::vector<double> out(4 * outputs, 99.0);
                averager.applyToFour(tile.data(), out.data(), outputs, count);
                for (int r = 0; r < 4; ++r) {
                    std::vector<double> want(outputs);
                    averager.apply(rows[r].data(), want.data());
                    for (Eigen::Index j = 0; j < outputs; ++j) {
                        if (r >= count) {
                            QCOMPARE(out[r * outputs + j], 99.0); // rows beyond `count` untouched
                            continue;
                        }
                        QVERIFY2(std::fabs(out[r * outputs + j] - want[j]) <= 1e-15,
                                 qPrintable(QString("n %1, %2 outputs, row %3, column %4").arg(n).arg(outputs).arg(r).arg(j)));
                    }
                }
            }
        }
    }
}

void TestSimd::levelsPickEachValuesColour()
{
    // A colour map's table of 350 levels over −1…1, each colour its own index (opaque), so that
    // a wrong level shows as a wrong number. Values inside, on the levels' edges, at and beyond
    // both ends, infinities and NaN, at every length.
    constexpr int levels = 350;
    std::vector<std::uint32_t> colours(levels);
    for (int i = 0; i < levels; ++i)
        colours[i] = 0xff000000u | static_cast<std::uint32_t>(i + 1);
    const simd::LevelLookup lookup{-1.0, (levels - 1) / 2.0, levels - 1, colours.data()};
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    const std::vector<double> special = {-1.0, 1.0, -1.5, 1.5, inf, -inf, 0.0, -1.0 + 2.0 / (levels - 1), 1e300, -1e300};
    for (bool withNaN : {false, true})
        for (std::size_t n = 0; n <= longest; ++n) {
            std::vector<double> values = randomValues(n, 40 + static_cast<unsigned>(n));
            for (std::size_t k = 0; k < n; ++k)
                if (k % 3 == 1)
                    values[k] = special[(k / 3) % special.size()];
            if (withNaN && n > 0)
                values[n / 2] = nan;
            std::vector<std::uint32_t> out(n + 1, 0x12345678u);
            const std::uint32_t all = simd::lookUpLevels(lookup, values.data(), out.data(), n);
            std::uint32_t wantAll = ~0u;
            for (std::size_t k = 0; k < n; ++k) {
                const double v = values[k];
                // The level's index: ⌊(v + 1)·349/2⌋ within 0…349.
                const double level = (v - lookup.lower) * lookup.toLevel;
                const std::uint32_t want = std::isnan(v) ? 0u
                    : colours[static_cast<std::size_t>(level <= 0 ? 0.0 : std::min(std::floor(level), double(levels - 1)))];
                QVERIFY2(out[k] == want, qPrintable(QString("n %1, value %2: colour %3, not %4").arg(n).arg(v).arg(out[k]).arg(want)));
                wantAll &= want;
            }
            QCOMPARE(out[n], 0x12345678u); // nothing written past the row
            QCOMPARE(all, wantAll);
            QCOMPARE((all >> 24) == 0xffu, !(withNaN && n > 0)); // opaque unless a NaN is there
        }
    // The ends themselves: −1 is the first colour, +1 the last, and just below +1 the one before.
    const double ends[3] = {-1.0, 1.0, 1.0 - 1e-9};
    std::uint32_t out[3];
    simd::lookUpLevels(lookup, ends, out, 3);
    QCOMPARE(out[0], colours.front());
    QCOMPARE(out[1], colours.back());
    QCOMPARE(out[2], colours[levels - 2]);
}

void TestSimd::sinCosOfProductsIsExact()
{
    // The reference in quadruple precision (113 bits): the product of two doubles' worth of ω
    // and a multiple is exact there to ~2^−110 of itself, and sinq/cosq to its last bits.
    // Allowed: two ulps of the value, and 2^−100 of the angle (the product's own rounding:
    // 1e−18 at 10^12). Frequencies of a real spec (1 down to 1e−4) and beyond (ω up to 3, the
    // tiny ω of a huge base); multiples whole and not, negative, up to 2^40.
    std::mt19937_64 generator(7);
    std::uniform_real_distribution<long double> logOmega(-12.0L, 1.1L);
    std::uniform_int_distribution<int> bits(0, 40);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const auto check = [](long double omega, double multiple, std::size_t n, int lane) {
        std::vector<double> high(n), low(n), s(n), c(n);
        for (std::size_t k = 0; k < n; ++k) { // the tested ω in every lane position of a row of n
            high[k] = static_cast<double>(omega);
            low[k] = static_cast<double>(omega - static_cast<long double>(high[k]));
        }
        simd::sinCosOfProducts(high.data(), low.data(), multiple, s.data(), c.data(), n);
        const __float128 angle = static_cast<__float128>(multiple) * (static_cast<__float128>(high[lane]) + low[lane]);
        const double exactSin = static_cast<double>(sinq(angle)), exactCos = static_cast<double>(cosq(angle));
        const double floor = std::ldexp(std::abs(static_cast<double>(angle)), -100);
        const auto allowed = [floor](double v) { return 2 * std::ldexp(1.0, std::ilogb(v == 0 ? 1e-300 : v) - 52) + floor; };
        QVERIFY2(std::abs(s[lane] - exactSin) <= allowed(exactSin) && std::abs(c[lane] - exactCos) <= allowed(exactCos),
                 qPrintable(QString("ω %1, multiple %2: sin %3 (exact %4), cos %5 (exact %6)")
                                .arg(static_cast<double>(omega), 0, 'g', 19).arg(multiple, 0, 'g', 17)
                                .arg(s[lane], 0, 'g', 17).arg(exactSin, 0, 'g', 17).arg(c[lane], 0, 'g', 17).arg(exactCos, 0, 'g', 17)));
    };
    for (int i = 0; i < 20000; ++i) {
        const long double omega = std::exp(logOmega(generator));
        double multiple = std::floor(std::ldexp(unit(generator), bits(generator)));
        if (i % 3 == 1)
            multiple += 0.5; // a bin's centre
        if (i % 5 == 2)
            multiple = -multiple;
        const std::size_t n = 1 + static_cast<std::size_t>(i % 11); // the vector loop and the padded tail
        check(omega, multiple, n, i % static_cast<int>(n));
    }
    // Angles on and next to the quadrants' edges, where the reduction cancels most.
    for (double multiple : {0.0, 1.0, 2.0, 3.0, 355.0, 710.0, 103993.0, 833719.0, 1146408.0, 1048575.0})
        for (long double omega : {1.0L, 0.5L, 0.25L, std::numbers::pi_v<long double> / 2, std::numbers::pi_v<long double> / 4})
            for (std::size_t n : {std::size_t{1}, std::size_t{4}, std::size_t{9}})
                check(omega, multiple, n, 0);
}

void TestSimd::sinCosOfProductsBeyondItsRange()
{
    // Past 2^50, and for a product that is NaN or infinite, NaN in both: the caller's signal.
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> high{1.0, inf, nan, 1.0, 0x1p51, -0x1p51, 0.5};
    std::vector<double> s(high.size()), c(high.size());
    simd::sinCosOfProducts(high.data(), nullptr, 1.0, s.data(), c.data(), high.size());
    for (std::size_t k : {1, 2, 4, 5})
        QVERIFY2(std::isnan(s[k]) && std::isnan(c[k]), qPrintable(QString("lane %1").arg(k)));
    // Lanes in range beside them are unharmed; omegaLow null reads as zeros.
    QCOMPARE_LE(std::abs(s[0] - std::sin(1.0)), 2e-16);
    QCOMPARE_LE(std::abs(c[6] - std::cos(0.5)), 2e-16);
    QCOMPARE_LE(std::abs(s[3] - std::sin(1.0)), 2e-16);
}

void TestSimd::roundToFormatIsRoundTo()
{
    // Bit for bit core::roundTo (scalar, checked against the hardware's float and _Float16 in
    // tst_precision), for each narrow format: random values over the whole exponent range,
    // each format's subnormals, ties, values next to its largest, zeros, infinities and NaN.
    const struct {
        NumberFormat format;
        simd::FormatRounding rounding;
    } formats[] = {{NumberFormat::Float32, {23, -126, std::numeric_limits<float>::max()}},
                   {NumberFormat::BFloat16, {7, -126, 3.3895313892515355e38}},
                   {NumberFormat::Float16, {10, -14, 65504.0}}};
    std::mt19937_64 generator(11);
    std::uniform_real_distribution<double> fraction(1.0, 2.0);
    std::uniform_int_distribution<int> exponent(-1074, 1023);
    std::vector<double> values{0.0, -0.0, std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::denorm_min(), 1e-310,
                               65504.0, 65519.99, 65520.0, -65520.0, 3.3895313892515355e38, 3.4e38, 1e300, -1e300,
                               std::numeric_limits<double>::max(), 1.0 + 0x1p-11, 1.0 + 0x1p-8, 1.0 + 3 * 0x1p-11,
                               1.0 + 0x1p-24, 0x1p-25, 0x1p-150, 0x1p-133, 0x1p-24 * 1.5};
    for (int i = 0; i < 20000; ++i) {
        const double v = std::ldexp(fraction(generator), exponent(generator) % (i % 2 ? 40 : 1100));
        values.push_back(i % 3 ? v : -v);
    }
    for (std::size_t start = 0; start < 8; ++start) // every alignment of the tail
        for (const auto& f : formats) {
            std::vector<double> out(values.size() - start);
            simd::roundToFormat(f.rounding, values.data() + start, out.data(), out.size());
            for (std::size_t i = 0; i < out.size(); ++i) {
                const double expected = roundTo(values[start + i], f.format);
                if (std::memcmp(&out[i], &expected, sizeof(double)) != 0 && !(std::isnan(out[i]) && std::isnan(expected)))
                    QFAIL(qPrintable(QString("%1 of %2 gave %3, roundTo %4").arg(numberFormatName(f.format).data())
                                         .arg(values[start + i], 0, 'g', 17).arg(out[i], 0, 'g', 17).arg(expected, 0, 'g', 17)));
            }
        }
}

void TestSimd::turnLessOneKeepsTheSmallTerms()
{
    // (cos θ − 1, sin θ) turned 300 times by ω from θ = 0, for ω from 1 down to 1e−9 (a slow
    // pair: cos θ − 1 ~ 1e−14, where cos θ itself would keep only its rounding): each against
    // long double −2 sin²(θ/2) and sin θ, relative to the size of the terms.
    for (std::size_t n = 0; n <= longest; ++n) {
        std::vector<double> u(n, 0.0), s(n, 0.0), v(n), turn(n);
        std::vector<long double> omega(n);
        for (std::size_t k = 0; k < n; ++k) {
            omega[k] = std::pow(10.0L, -9.0L * static_cast<long double>(k) / static_cast<long double>(std::max<std::size_t>(n, 2) - 1));
            const long double half = std::sin(omega[k] / 2);
            v[k] = static_cast<double>(2 * half * half);
            turn[k] = static_cast<double>(std::sin(omega[k]));
        }
        for (int step = 1; step <= 300; ++step) {
            simd::turnLessOne(u.data(), s.data(), v.data(), turn.data(), n);
            for (std::size_t k = 0; k < n; ++k) {
                const long double theta = omega[k] * step, half = std::sin(theta / 2);
                const long double lessOne = -2 * half * half, sine = std::sin(theta);
                const double scale = static_cast<double>(std::min(1.0L, theta));
                if (std::abs(u[k] - static_cast<double>(lessOne)) > 1e-13 * scale * scale
                    || std::abs(s[k] - static_cast<double>(sine)) > 1e-13 * scale)
                    QFAIL(qPrintable(QString("n %1, ω %2, step %3: (%4, %5) against (%6, %7)").arg(n)
                                         .arg(static_cast<double>(omega[k])).arg(step).arg(u[k]).arg(s[k])
                                         .arg(static_cast<double>(lessOne)).arg(static_cast<double>(sine))));
            }
        }
    }
}

void TestSimd::absoluteErrorsAndTheLargest()
{
    // |held − exact|, infinity where held is ±∞ or NaN (a format's overflow), and the largest:
    // every length, with the specials at each lane in turn; in place too.
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t n = 0; n <= longest; ++n) {
        std::vector<double> held = randomValues(n, 5), exact = randomValues(n, 6), out(n + 1, -7.0);
        if (n > 0)
            held[n / 2] = n % 3 == 0 ? inf : n % 3 == 1 ? -inf : nan;
        if (n > 3)
            held[n - 1] = std::numeric_limits<double>::max(); // finite, however large
        double largest = 0;
        std::vector<double> want(n);
        for (std::size_t k = 0; k < n; ++k) {
            want[k] = std::isfinite(held[k]) ? std::abs(held[k] - exact[k]) : inf;
            largest = std::max(largest, want[k]);
        }
        QCOMPARE(simd::absoluteErrors(held.data(), exact.data(), out.data(), n), largest);
        for (std::size_t k = 0; k < n; ++k)
            QCOMPARE(out[k], want[k]);
        QCOMPARE(out[n], -7.0); // nothing past the row
        QCOMPARE(simd::absoluteErrors(held.data(), exact.data(), held.data(), n), largest);
        for (std::size_t k = 0; k < n; ++k)
            QCOMPARE(held[k], want[k]);
    }
}

void TestSimd::powersAndTheirPeak()
{
    // A spectrum column's powers re² + im² and its strongest bin, the first of equals, at every
    // length and every place of the peak; NaN passed over; none above 0: bin 0.
    for (std::size_t n = 1; n <= longest; ++n)
        for (std::size_t at = 0; at < n; ++at) {
            std::vector<double> complex = randomValues(2 * n, 7 + unsigned(n)), power(n + 1, -3.0);
            complex[2 * at] = 3.0; // |3 + i·im|² > every other (|re|, |im| < 1)
            if (at + 2 < n) { // the same power later: the first is the peak
                complex[2 * (at + 2)] = complex[2 * at];
                complex[2 * (at + 2) + 1] = complex[2 * at + 1];
            }
            if (at != 0 && n > 2)
                complex[0] = std::numeric_limits<double>::quiet_NaN();
            QCOMPARE(simd::powersAndPeak(complex.data(), power.data(), n), at);
            for (std::size_t f = 0; f < n; ++f) {
                const double want = complex[2 * f] * complex[2 * f] + complex[2 * f + 1] * complex[2 * f + 1];
                QVERIFY(power[f] == want || (std::isnan(power[f]) && std::isnan(want)));
            }
            QCOMPARE(power[n], -3.0);
        }
    std::vector<double> zeros(10, 0.0), power(5);
    QCOMPARE(simd::powersAndPeak(zeros.data(), power.data(), 5), std::size_t{0});
    std::vector<double> nans(10, std::numeric_limits<double>::quiet_NaN());
    QCOMPARE(simd::powersAndPeak(nans.data(), power.data(), 5), std::size_t{0});
}

void TestSimd::prefixModulusSumsOfFourRows()
{
    // RoPE's decay bound of four rows at once against long double sums row by row, at every
    // length (the tile from interleaveFourRows, as rope.cpp lays it out).
    for (std::size_t n = 0; n <= longest; ++n) {
        std::vector<double> rowsRe[4], rowsIm[4];
        for (unsigned r = 0; r < 4; ++r) {
            rowsRe[r] = randomValues(n, 20 + r);
            rowsIm[r] = randomValues(n, 30 + r);
        }
        const double* re[4] = {rowsRe[0].data(), rowsRe[1].data(), rowsRe[2].data(), rowsRe[3].data()};
        const double* im[4] = {rowsIm[0].data(), rowsIm[1].data(), rowsIm[2].data(), rowsIm[3].data()};
        std::vector<double> tileRe(4 * n), tileIm(4 * n);
        simd::interleaveFourRows(re, n, tileRe.data());
        simd::interleaveFourRows(im, n, tileIm.data());
        double totals[5] = {0, 0, 0, 0, -9.0};
        simd::prefixModulusSums(tileRe.data(), tileIm.data(), n, totals);
        for (int r = 0; r < 4; ++r) {
            long double sumRe = 0, sumIm = 0, total = 0;
            for (std::size_t k = 0; k < n; ++k) {
                sumRe += rowsRe[r][k];
                sumIm += rowsIm[r][k];
                total += std::sqrt(sumRe * sumRe + sumIm * sumIm);
            }
            QVERIFY2(std::abs(totals[r] - static_cast<double>(total)) <= 1e-13 * (1 + static_cast<double>(total)),
                     qPrintable(QString("n %1, row %2: %3 against %4").arg(n).arg(r).arg(totals[r]).arg(static_cast<double>(total))));
        }
        QCOMPARE(totals[4], -9.0);
    }
}

void TestSimd::columnsAlongAreTheTurnsRowByRow()
{
    // Every length of columns, both turns, columns at scattered places in `out`, some taking a
    // and some b, some writing b to a second column as well (a pair's sine beside its cosine):
    // the same bits as storing each row and calling rotate or turnLessOne.
    for (bool withSecond : {false, true})
        for (bool lessOne : {false, true})
            for (std::size_t n = 0; n <= longest; ++n) {
                const std::size_t rows = 37, stride = rows + 3;
                std::vector<double> a = randomValues(n, 11), b = randomValues(n, 12), ta = randomValues(n, 13), tb = randomValues(n, 14);
                std::vector<std::ptrdiff_t> offsets(n), second(n, -1);
                std::vector<char> takeB(n);
                for (std::size_t i = 0; i < n; ++i) {
                    offsets[i] = static_cast<std::ptrdiff_t>((n - 1 - i) * stride); // backwards, with gaps
                    takeB[i] = i % 3 == 1;
                    if (withSecond && i % 4 != 3)
                        second[i] = static_cast<std::ptrdiff_t>((n + i) * stride); // after them all
                }
                std::vector<double> expected(2 * n * stride + 1, -7.0), actual = expected;
                std::vector<double> ea = a, eb = b;
                for (std::size_t r = 0; r < rows; ++r) {
                    for (std::size_t i = 0; i < n; ++i) {
                        expected[offsets[i] + r] = takeB[i] ? eb[i] : ea[i];
                        if (second[i] >= 0)
                            expected[second[i] + r] = eb[i];
                    }
                    if (lessOne)
                        simd::turnLessOne(ea.data(), eb.data(), ta.data(), tb.data(), n);
                    else
                        simd::rotate(ea.data(), eb.data(), ta.data(), tb.data(), n);
                }
                simd::turnColumnsAlong(a.data(), b.data(), ta.data(), tb.data(), offsets.data(), takeB.data(),
                                       withSecond ? second.data() : nullptr, n, rows, lessOne, actual.data());
                QVERIFY2(std::memcmp(expected.data(), actual.data(), expected.size() * sizeof(double)) == 0,
                         qPrintable(QString("%1 columns, %2%3").arg(n).arg(lessOne ? "less one" : "rotated")
                                        .arg(withSecond ? ", b to second columns" : "")));
                QVERIFY(n == 0 // an empty vector's data() may be null, which memcmp may not be given
                        || (std::memcmp(ea.data(), a.data(), n * sizeof(double)) == 0 && std::memcmp(eb.data(), b.data(), n * sizeof(double)) == 0));
            }
}

void TestSimd::centredAndWindowed()
{
    // Each value less the column's mean, times its window, against long double, at every length.
    for (std::size_t n = 0; n <= longest; ++n) {
        std::vector<double> column = randomValues(n, 21), window = randomValues(n, 22);
        for (double& x : column)
            x += 3; // a mean well away from 0
        const std::vector<double> before = column;
        long double sum = 0;
        for (double x : before)
            sum += x;
        const long double mean = n > 0 ? sum / n : 0;
        simd::centreAndWindow(column.data(), window.data(), n);
        for (std::size_t k = 0; k < n; ++k) {
            const long double want = (before[k] - mean) * window[k];
            QVERIFY2(std::fabs(static_cast<double>(column[k] - want)) <= 4e-15,
                     qPrintable(QString("n %1, value %2: %3 against %4").arg(n).arg(k).arg(column[k]).arg(static_cast<double>(want))));
        }
    }
}

void TestSimd::decibelsAreTenLogTen()
{
    // The spectrum map's levels: 10·log10 against quad precision over the ratios a map holds
    // (log-uniform from 1e-12 to 10, every binade's ends, √2's neighbourhood where the
    // mantissa is halved, 1 itself), within 4 units in the last place of the result or 1e-14 dB
    // near 0 dB; the floor for 0, negatives, NaN, subnormals and anything below it; +∞ kept.
    std::mt19937_64 random(31);
    std::uniform_real_distribution<double> exponent(-12, 1);
    std::vector<double> ratios = {1.0, 0.5, 2.0, 0.1, 1e-8, 1.4142135623730951, 1.4142135623730949, 0.7071067811865476,
                                  std::nextafter(1.0, 0.0), std::nextafter(1.0, 2.0), 3.0, 0.999, 1e-7};
    for (int i = 0; i < 5000; ++i)
        ratios.push_back(std::pow(10.0, exponent(random)));
    const double floor = -80;
    const std::vector<double> floored = {0.0, -1.0, -0.0, std::numeric_limits<double>::quiet_NaN(), 1e-310, 1e-9, 1e-200,
                                         -std::numeric_limits<double>::infinity()};
    ratios.insert(ratios.end(), floored.begin(), floored.end());
    ratios.push_back(std::numeric_limits<double>::infinity());
    for (std::size_t offset = 0; offset < 4; ++offset) { // every lane and the scalar tail see every value
        std::vector<double> in(ratios.begin() + offset, ratios.end()), out(in.size(), -1.0);
        simd::decibels(in.data(), out.data(), in.size(), floor);
        for (std::size_t k = 0; k < in.size(); ++k) {
            const double x = in[k];
            if (std::isinf(x) && x > 0) {
                QVERIFY2(std::isinf(out[k]) && out[k] > 0, qPrintable(QString("+inf gave %1").arg(out[k])));
                continue;
            }
            const double want = x > 0 ? std::max(static_cast<double>(10 * log10q(static_cast<__float128>(x))), floor) : floor;
            const double tolerance = std::max(4 * std::numeric_limits<double>::epsilon() * std::abs(want), 1e-14);
            QVERIFY2(std::abs(out[k] - want) <= tolerance,
                     qPrintable(QString("ratio %1: %2 dB, quad precision %3").arg(x, 0, 'g', 17).arg(out[k], 0, 'g', 17).arg(want, 0, 'g', 17)));
        }
    }
}

QTEST_APPLESS_MAIN(TestSimd)
#include "tst_simd.moc"
