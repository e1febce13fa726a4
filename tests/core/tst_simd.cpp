// SPDX-License-Identifier: MIT
// The frame's inner loops (core/simd.h) against plain long double sums, at every length that
// meets a different mix of vectors and leftovers. CTest runs this twice: as the processor
// chooses (AVX2 with FMA here) and with PE_SIMD=SSE2, the build every x86-64 has.
#include "core/encoding.h"
#include "core/simd.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
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

QTEST_APPLESS_MAIN(TestSimd)
#include "tst_simd.moc"
