// SPDX-License-Identifier: MIT
// Rounding to float32 / bfloat16 / float16, and what lower precision does to the encoding.
#include "core/precision.h"

#include <QtTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace pe::core;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

/// The same double, bit for bit (so −0 ≠ +0), or both NaN. QCOMPARE on doubles is fuzzy.
bool sameDouble(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

#define COMPARE_EXACT(actual, expected)                                                                      \
    do {                                                                                                     \
        const double a_ = (actual), e_ = (expected);                                                         \
        QVERIFY2(sameDouble(a_, e_),                                                                         \
                 qPrintable(QString("%1 = %2, expected %3").arg(#actual).arg(a_, 0, 'g', 17).arg(e_, 0, 'g', 17))); \
    } while (false)

/// float → bfloat16 the way PyTorch and TensorFlow do it: round to nearest even on the upper
/// 16 bits of the float32 pattern. Exact for inputs that are floats (no double rounding).
double bfloat16OfFloat(float f)
{
    std::uint32_t bits = std::bit_cast<std::uint32_t>(f);
    bits += 0x7fffu + ((bits >> 16) & 1u);
    bits &= 0xffff0000u;
    return std::bit_cast<float>(bits);
}

const char* ref_tag(FrequencyRule f) { return f == FrequencyRule::Paper ? "paper" : "tensor2tensor"; }

EncodingSpec spec(int d, std::int64_t first, std::int64_t maxLen)
{
    EncodingSpec s;
    s.dModel = d;
    s.firstPosition = first;
    s.maxLen = maxLen;
    return s;
}

} // namespace

class TestPrecision : public QObject {
    Q_OBJECT

private slots:
    void float32MatchesTheHardware();
    void float16ByExample_data();
    void float16ByExample();
    void float16MatchesTheCompiler();
    void bfloat16ByExample_data();
    void bfloat16ByExample();
    void bfloat16MatchesTheLibraries();
    void specialValuesPassThrough();
    void storedErrorIsHalfAnUlp();
    void computedErrorGrowsWithPosition();
    void computedFloat32IsTheTutorialCode();
};

void TestPrecision::float32MatchesTheHardware()
{
    // Random doubles over the whole float range, subnormals included, against the CPU's own
    // double → float conversion (round to nearest even).
    std::mt19937_64 rng(20240611);
    std::uniform_real_distribution<double> mantissa(1.0, 2.0);
    std::uniform_int_distribution<int> exponent(-152, 127);
    for (int i = 0; i < 200000; ++i) {
        double x = std::ldexp(mantissa(rng), exponent(rng));
        if (i % 2)
            x = -x;
        if (std::abs(x) > std::numeric_limits<float>::max())
            continue; // out-of-range double → float is undefined behaviour in C++
        const double expected = static_cast<double>(static_cast<float>(x));
        const double got = roundTo(x, NumberFormat::Float32);
        if (!sameDouble(got, expected))
            QFAIL(qPrintable(QString("roundTo(%1, float32) = %2, float gives %3").arg(x, 0, 'g', 17).arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
    // The encoding's own values, all in [−1, 1].
    for (int i = 0; i < 2000; ++i) {
        const double x = std::sin(i * 0.7071);
        COMPARE_EXACT(roundTo(x, NumberFormat::Float32), static_cast<double>(static_cast<float>(x)));
    }
    // Overflow: FLT_MAX + 2^102 is below the midpoint to 2^128 and rounds down; the midpoint
    // FLT_MAX + 2^103 ties to the even neighbour 2^128, which is infinity.
    const double fmax = std::numeric_limits<float>::max();
    COMPARE_EXACT(roundTo(fmax + std::ldexp(1.0, 102), NumberFormat::Float32), fmax);
    COMPARE_EXACT(roundTo(fmax + std::ldexp(1.0, 103), NumberFormat::Float32), inf);
    COMPARE_EXACT(roundTo(-1e39, NumberFormat::Float32), -inf);
    COMPARE_EXACT(roundTo(1.0 / 3.0, NumberFormat::Float64), 1.0 / 3.0);
}

void TestPrecision::float16ByExample_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("expected");
    const double tiny = std::ldexp(1.0, -24); // smallest float16 subnormal
    QTest::newRow("2048 exact") << 2048.0 << 2048.0;
    QTest::newRow("2049 ties to 2048") << 2049.0 << 2048.0;   // spacing 2 above 2048: 2048 has the even significand
    QTest::newRow("2051 ties to 2052") << 2051.0 << 2052.0;
    QTest::newRow("2050.9 → 2050") << 2050.9 << 2050.0;
    QTest::newRow("1000.3 → 1000.5") << 1000.3 << 1000.5;     // spacing 0.5 in [512, 1024)
    QTest::newRow("65504 largest") << 65504.0 << 65504.0;
    QTest::newRow("65519 → 65504") << 65519.0 << 65504.0;
    QTest::newRow("65520 → inf") << 65520.0 << inf;           // the midpoint ties to 2^16, out of range
    QTest::newRow("-70000 → -inf") << -70000.0 << -inf;
    QTest::newRow("1/3") << 1.0 / 3.0 << 1365.0 / 4096.0;   // 0.0101010101|01…b: 11 bits 1.0101010101 × 2^−2
    QTest::newRow("smallest subnormal") << tiny << tiny;
    QTest::newRow("0.6 of it → it") << 0.6 * tiny << tiny;
    QTest::newRow("half of it ties to 0") << 0.5 * tiny << 0.0;
    QTest::newRow("0.4 of it → 0") << 0.4 * tiny << 0.0;
    QTest::newRow("1e-10 → 0") << 1e-10 << 0.0;
    QTest::newRow("subnormal 3.4 tiny → 3 tiny") << 3.4 * tiny << 3.0 * tiny;
    QTest::newRow("smallest normal") << std::ldexp(1.0, -14) << std::ldexp(1.0, -14);
}

void TestPrecision::float16ByExample()
{
    QFETCH(double, x);
    QFETCH(double, expected);
    COMPARE_EXACT(roundTo(x, NumberFormat::Float16), expected);
    COMPARE_EXACT(roundTo(-x, NumberFormat::Float16), -expected);
}

void TestPrecision::float16MatchesTheCompiler()
{
#if defined(__FLT16_MANT_DIG__)
    // GCC and Clang's _Float16 conversion rounds to nearest even with subnormals and overflow.
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> mantissa(1.0, 2.0);
    std::uniform_int_distribution<int> exponent(-27, 16);
    for (int i = 0; i < 100000; ++i) {
        const double x = (i % 2 ? -1 : 1) * std::ldexp(mantissa(rng), exponent(rng));
        const double expected = static_cast<double>(static_cast<_Float16>(x));
        const double got = roundTo(x, NumberFormat::Float16);
        if (!sameDouble(got, expected))
            QFAIL(qPrintable(QString("roundTo(%1, float16) = %2, _Float16 gives %3").arg(x, 0, 'g', 17).arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
#else
    qInfo("no _Float16 in this compiler: float16 is checked by the examples only");
#endif
}

void TestPrecision::bfloat16ByExample_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("expected");
    QTest::newRow("256 exact") << 256.0 << 256.0;
    QTest::newRow("257 ties to 256") << 257.0 << 256.0; // spacing 2 above 256, 256 has the even significand
    QTest::newRow("259 ties to 260") << 259.0 << 260.0;
    QTest::newRow("255 exact") << 255.0 << 255.0;
    // 1/3 = 1.0101010|1010…b × 2^−2: the dropped part is above one half, so the 8-bit
    // significand rounds up to 1.0101011b = 171/128, i.e. 171/512 = 0.333984375.
    QTest::newRow("1/3") << 1.0 / 3.0 << 171.0 / 512.0;
    // bfloat16 keeps float32's range: 3.3e38 = 1.9395… × 2^127 → 1.1111000b × 2^127.
    QTest::newRow("3.3e38 → 0x1.fp127") << 3.3e38 << 0x1.fp+127;
    QTest::newRow("largest 0x1.fep127") << 0x1.fep+127 << 0x1.fep+127;
    QTest::newRow("3.5e38 → inf") << 3.5e38 << inf;
}

void TestPrecision::bfloat16ByExample()
{
    QFETCH(double, x);
    QFETCH(double, expected);
    COMPARE_EXACT(roundTo(x, NumberFormat::BFloat16), expected);
    COMPARE_EXACT(roundTo(-x, NumberFormat::BFloat16), -expected);
}

void TestPrecision::bfloat16MatchesTheLibraries()
{
    std::mt19937 rng(11);
    std::uniform_int_distribution<std::uint32_t> pattern(0, 0x7f7fffffu); // every finite float
    for (int i = 0; i < 200000; ++i) {
        const float f = std::bit_cast<float>(pattern(rng) | (i % 2 ? 0x80000000u : 0u));
        const double got = roundTo(f, NumberFormat::BFloat16);
        const double expected = bfloat16OfFloat(f);
        if (!sameDouble(got, expected))
            QFAIL(qPrintable(QString("roundTo(%1, bfloat16) = %2, expected %3").arg(double(f), 0, 'g', 17).arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
}

void TestPrecision::specialValuesPassThrough()
{
    for (NumberFormat f : {NumberFormat::Float64, NumberFormat::Float32, NumberFormat::BFloat16, NumberFormat::Float16}) {
        QVERIFY(std::isnan(roundTo(std::numeric_limits<double>::quiet_NaN(), f)));
        COMPARE_EXACT(roundTo(inf, f), inf);
        COMPARE_EXACT(roundTo(-inf, f), -inf);
        // Finite doubles far past every format's largest value overflow to infinity (a table
        // of float64 may hold them), whatever their size: none comes back NaN.
        const double dmax = std::numeric_limits<double>::max();
        for (const double huge : {1e300, dmax, std::ldexp(1.0, 979), std::ldexp(1.0, 1000), 1e39})
            for (const double sign : {1.0, -1.0})
                COMPARE_EXACT(roundTo(sign * huge, f), f == NumberFormat::Float64 ? sign * huge : sign * inf);
        COMPARE_EXACT(roundTo(0.0, f), 0.0);
        COMPARE_EXACT(roundTo(-0.0, f), -0.0);
        COMPARE_EXACT(roundTo(1.0, f), 1.0);
        COMPARE_EXACT(roundTo(-0.5, f), -0.5);
    }
    QCOMPARE(numberFormatName(NumberFormat::Float32), std::string_view("float32"));
    QCOMPARE(numberFormatName(NumberFormat::BFloat16), std::string_view("bfloat16"));
    QCOMPARE(numberFormatName(NumberFormat::Float16), std::string_view("float16"));
    QCOMPARE(numberFormatName(NumberFormat::Float64), std::string_view("float64"));
}

void TestPrecision::storedErrorIsHalfAnUlp()
{
    // Stored: the float64 value rounded once. For values in [−1, 1] the error is at most half
    // the spacing at 1: 2^−24 ≈ 6e−8 (float32), 2^−9 (bfloat16), 2^−12 (float16).
    const EncodingSpec s = spec(64, 0, 12000);
    const Eigen::VectorXd f32 = maxErrorByRow(s, NumberFormat::Float32, PrecisionMode::Stored);
    QCOMPARE(f32.size(), s.maxLen);
    QVERIFY2(f32.maxCoeff() <= 6e-8, qPrintable(QString("%1").arg(f32.maxCoeff())));
    QVERIFY(f32.maxCoeff() > 1e-9); // rounding to float32 does change the values
    QVERIFY(maxErrorByRow(s, NumberFormat::BFloat16, PrecisionMode::Stored).maxCoeff() <= std::ldexp(1.0, -9));
    QVERIFY(maxErrorByRow(s, NumberFormat::Float16, PrecisionMode::Stored).maxCoeff() <= std::ldexp(1.0, -12));
    COMPARE_EXACT(maxErrorByRow(s, NumberFormat::Float64, PrecisionMode::Stored).maxCoeff(), 0.0);
    COMPARE_EXACT(encodingValueIn(s, 1, 0, NumberFormat::Float32, PrecisionMode::Stored),
                  static_cast<double>(static_cast<float>(std::sin(1.0))));
}

void TestPrecision::computedErrorGrowsWithPosition()
{
    // Computed in float32: the phase p·ω picks up p·ω·2^−24 of rounding, so the error grows with
    // the position: ~1e−6 near p = 10, ~8e−4 near p = 10^4 (DESIGN.md).
    const auto windowMax = [](std::int64_t first, NumberFormat f) {
        return maxErrorByRow(spec(64, first, 200), f, PrecisionMode::Computed).maxCoeff();
    };
    const double near10 = maxErrorByRow(spec(64, 1, 20), NumberFormat::Float32, PrecisionMode::Computed).maxCoeff();
    const double near1e3 = windowMax(900, NumberFormat::Float32);
    const double near1e4 = windowMax(9900, NumberFormat::Float32);
    const double stored = maxErrorByRow(spec(64, 9900, 200), NumberFormat::Float32, PrecisionMode::Stored).maxCoeff();
    const double f16 = std::max(windowMax(900, NumberFormat::Float16), windowMax(9900, NumberFormat::Float16));
    qInfo("float32 computed, max error near p = 10: %.2e, 10^3: %.2e, 10^4: %.2e; stored near 10^4: %.2e; "
          "float16 computed near 10^3..10^4: %.3f", near10, near1e3, near1e4, stored, f16);

    QVERIFY2(near1e4 >= 1e-4 && near1e4 <= 5e-3, qPrintable(QString("%1").arg(near1e4)));
    QVERIFY(near1e4 > 100 * near10);
    QVERIFY(near1e4 > near1e3);
    QVERIFY(near1e4 > 1000 * stored);
    // float16 has an 11-bit significand: an angle near 1000 is off by up to 0.25 rad.
    QVERIFY2(f16 > 0.1, qPrintable(QString("%1").arg(f16)));
    // The documents' code at position 0 is exact in any format: sin 0 = 0, cos 0 = 1.
    COMPARE_EXACT(maxErrorByRow(spec(64, 0, 1), NumberFormat::Float16, PrecisionMode::Computed)[0], 0.0);
    // Computed float64 is the naive float64 evaluation: close to, but not bit-for-bit, the exact one.
    QVERIFY(maxErrorByRow(spec(64, 9900, 200), NumberFormat::Float64, PrecisionMode::Computed).maxCoeff() <= 1e-11);
}

void TestPrecision::computedFloat32IsTheTutorialCode()
{
    // The PyTorch tutorial in float32, written out here with float arithmetic:
    //   div_term = exp(arange(0, d, 2) * (−log(base) / d));  pe[:, 0::2] = sin(position * div_term)
    // The Python scalar −log(base)/d is a double rounded once to float. The core forms each step in
    // double and rounds it to float, which is what a correctly rounded float libm returns; glibc's
    // sinf/cosf (< 0.6 ulp, not always correctly rounded) differ here in ~1% of values, by a step
    // (2^−24 … 2^−23 for values in [−1, 1]) in the final value, never in the angle (which would
    // show as differences up to ~1e−3 near p = 10^4).
    for (FrequencyRule rule : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor}) {
        EncodingSpec s = spec(64, 0, 1);
        s.frequencies = rule;
        s.layout = Layout::Split;
        const int pairs = 32;
        const float step = rule == FrequencyRule::Paper ? static_cast<float>(-std::log(s.base) / s.dModel)
                                                        : static_cast<float>(-std::log(s.base) / (pairs - 1));
        int values = 0, equal = 0;
        double worst = 0.0;
        for (std::int64_t first : {std::int64_t{0}, std::int64_t{1000}, std::int64_t{9990}})
            for (std::int64_t p = first; p < first + 40; ++p)
                for (int k = 0; k < pairs; ++k) {
                    const float index = rule == FrequencyRule::Paper ? float(2 * k) : float(k);
                    const float omega = std::exp(index * step);
                    const float angle = static_cast<float>(p) * omega;
                    for (bool isSin : {true, false}) {
                        const double expected = isSin ? std::sin(angle) : std::cos(angle);
                        const double got = encodingValueIn(s, p, isSin ? k : pairs + k, NumberFormat::Float32,
                                                           PrecisionMode::Computed);
                        ++values;
                        equal += got == expected;
                        worst = std::max(worst, std::abs(got - expected));
                    }
                }
        qInfo("%s: computed float32 equals float arithmetic in %d of %d values; largest difference %.2e",
              ref_tag(rule), equal, values, worst);
        QVERIFY2(equal >= values * 0.95, qPrintable(QString("only %1 of %2 values agree").arg(equal).arg(values)));
        QVERIFY2(worst <= std::ldexp(1.0, -23), qPrintable(QString("largest difference %1").arg(worst)));
    }
}

QTEST_APPLESS_MAIN(TestPrecision)
#include "tst_precision.moc"
