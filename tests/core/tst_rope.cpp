// SPDX-License-Identifier: MIT
// Rotary position embedding and its context-extension scalings, checked against the papers'
// formulas written out here independently: explicit block-diagonal rotation matrices and
// complex sums in long double, never the core's own helpers.
#include "core/rope.h"

#include <QtTest>

#include <cmath>
#include <complex>
#include <numbers>
#include <random>

using namespace pe::core;

namespace {

using LMatrix = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;
using LVector = Eigen::Matrix<long double, Eigen::Dynamic, 1>;

long double refTheta(int d, long double base, int k)
{
    return std::pow(base, -2.0L * k / d);
}

/// RoFormer's R^d_{Θ,m}: block diagonal of [[cos mθ_k, −sin mθ_k], [sin mθ_k, cos mθ_k]], an
/// odd d keeping its last component.
LMatrix rotationMatrix(int d, long double base, long double m)
{
    LMatrix r = LMatrix::Identity(d, d);
    for (int k = 0; k < d / 2; ++k) {
        const long double a = m * refTheta(d, base, k);
        r(2 * k, 2 * k) = std::cos(a);
        r(2 * k, 2 * k + 1) = -std::sin(a);
        r(2 * k + 1, 2 * k) = std::sin(a);
        r(2 * k + 1, 2 * k + 1) = std::cos(a);
    }
    return r;
}

Eigen::VectorXd randomVector(int d, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal;
    Eigen::VectorXd v(d);
    for (int i = 0; i < d; ++i)
        v[i] = normal(rng);
    return v;
}

} // namespace

class TestRope : public QObject {
    Q_OBJECT

private slots:
    void frequencies();
    void rotationMatchesExplicitMatrix_data();
    void rotationMatchesExplicitMatrix();
    void scoreDependsOnDistanceOnly_data();
    void scoreDependsOnDistanceOnly();
    void decayBoundMatchesComplexSums();
    void decayBoundOnEvenlySpacedDistances();
    void decayBoundDecays();
    void positionInterpolation();
    void ntkAwareKeepsFastAndSlowsLastLikePi_data();
    void ntkAwareKeepsFastAndSlowsLastLikePi();
    void yarnRampBoundaries();
    void yarnBands();
    void noScalingAtScaleOne();
    void attentionFactor();
    void validation();
};

void TestRope::frequencies()
{
    const Eigen::VectorXd theta = ropeFrequencies(64, 10000.0);
    QCOMPARE(theta.size(), 32);
    QCOMPARE(ropeFrequencies(7, 10000.0).size(), 3);
    for (int k = 0; k < 32; ++k)
        QVERIFY(std::abs(theta[k] - static_cast<double>(refTheta(64, 10000.0L, k))) <= 1e-16 * 1.0);
    QCOMPARE(theta[0], 1.0);
}

void TestRope::rotationMatchesExplicitMatrix_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("base");
    QTest::addColumn<double>("m");
    QTest::newRow("d8 m0") << 8 << 10000.0 << 0.0;
    QTest::newRow("d8 m3") << 8 << 10000.0 << 3.0;
    QTest::newRow("d64 m100") << 64 << 10000.0 << 100.0;
    QTest::newRow("d7 odd m5") << 7 << 10000.0 << 5.0;
    QTest::newRow("d128 m1e5 base5e5") << 128 << 500000.0 << 1e5;
}

void TestRope::rotationMatchesExplicitMatrix()
{
    QFETCH(int, d);
    QFETCH(double, base);
    QFETCH(double, m);
    const Eigen::VectorXd x = randomVector(d, 7);
    const LVector expected = rotationMatrix(d, base, m) * x.cast<long double>();
    const Eigen::VectorXd got = rotaryEmbedding(x, m, ropeFrequencies(d, base));
    // θ_k arrives as a double (relative error ~1e−16), so the angle m·θ_k carries ~m·1e−16.
    const double tolerance = 1e-12 + m * 1e-15;
    for (int i = 0; i < d; ++i)
        QVERIFY2(std::abs(got[i] - static_cast<double>(expected[i])) < tolerance,
                 qPrintable(QStringLiteral("component %1: %2 vs %3").arg(i).arg(got[i]).arg(double(expected[i]))));
    // A rotation keeps the length.
    QVERIFY(std::abs(got.norm() - x.norm()) < 1e-12);
}

void TestRope::scoreDependsOnDistanceOnly_data()
{
    QTest::addColumn<double>("m");
    QTest::addColumn<double>("n");
    QTest::addColumn<double>("shift");
    QTest::newRow("5,2 +100") << 5.0 << 2.0 << 100.0;
    QTest::newRow("0,40 +7") << 0.0 << 40.0 << 7.0;
    QTest::newRow("1000,10 +50000") << 1000.0 << 10.0 << 50000.0;
}

void TestRope::scoreDependsOnDistanceOnly()
{
    QFETCH(double, m);
    QFETCH(double, n);
    QFETCH(double, shift);
    const int d = 64;
    const Eigen::VectorXd q = randomVector(d, 1), k = randomVector(d, 2);
    const Eigen::VectorXd theta = ropeFrequencies(d, 10000.0);
    // qᵀ R_mᵀ R_n k = qᵀ R_{n−m} k, written out with complex numbers:
    // Re Σ_k (q_2k + i q_2k+1) · conj(k_2k + i k_2k+1) · e^{i(m−n)θ_k}.
    std::complex<long double> sum = 0;
    for (int j = 0; j < d / 2; ++j) {
        const std::complex<long double> qc(q[2 * j], q[2 * j + 1]), kc(k[2 * j], k[2 * j + 1]);
        sum += qc * std::conj(kc) * std::polar(1.0L, (static_cast<long double>(m) - n) * refTheta(d, 10000.0L, j));
    }
    const double expected = static_cast<double>(sum.real());
    QVERIFY(std::abs(rotaryScore(q, k, m, n, theta) - expected) < 1e-11);
    QVERIFY(std::abs(rotaryScore(q, k, m + shift, n + shift, theta) - expected) < 1e-10);
    // And through the explicit matrices.
    const LMatrix rm = rotationMatrix(d, 10000.0L, m + shift), rn = rotationMatrix(d, 10000.0L, n + shift);
    const long double viaMatrices = (rm * q.cast<long double>()).dot(rn * k.cast<long double>());
    QVERIFY(std::abs(static_cast<double>(viaMatrices) - expected) < 1e-10);
}

void TestRope::decayBoundMatchesComplexSums()
{
    const int d = 128;
    const Eigen::VectorXd theta = ropeFrequencies(d, 10000.0);
    Eigen::VectorXd distances(5);
    distances << 0, 1, 17, 250, 5000;
    const Eigen::VectorXd bound = rotaryDecayBound(theta, distances);
    for (int i = 0; i < distances.size(); ++i) {
        long double total = 0;
        for (int j = 1; j <= d / 2; ++j) {
            std::complex<long double> s = 0;
            for (int k = 0; k < j; ++k)
                s += std::polar(1.0L, static_cast<long double>(distances[i]) * refTheta(d, 10000.0L, k));
            total += std::abs(s);
        }
        const double expected = static_cast<double>(total / (d / 2));
        QVERIFY2(std::abs(bound[i] - expected) < 1e-9 * expected,
                 qPrintable(QStringLiteral("r = %1: %2 vs %3").arg(distances[i]).arg(bound[i]).arg(expected)));
    }
    // At distance 0 every S_j = j: (1/P) Σ j = (P + 1)/2.
    QCOMPARE(bound[0], 32.5);
}

// Evenly spaced distances take each term from the one before by a rotation (re-anchored every
// 64 distances): the same sums, across the anchors and far from the origin.
void TestRope::decayBoundOnEvenlySpacedDistances()
{
    const int d = 64;
    const Eigen::VectorXd theta = ropeFrequencies(d, 10000.0);
    for (const double first : {0.0, 999000.0}) {
        Eigen::VectorXd distances(200);
        for (int i = 0; i < distances.size(); ++i)
            distances[i] = first + 37.0 * i;
        const Eigen::VectorXd bound = rotaryDecayBound(theta, distances);
        for (int i : {0, 1, 63, 64, 65, 130, 199}) {
            long double total = 0;
            std::complex<long double> s = 0;
            for (int k = 0; k < d / 2; ++k) {
                s += std::polar(1.0L, static_cast<long double>(distances[i]) * refTheta(d, 10000.0L, k));
                total += std::abs(s);
            }
            const double expected = static_cast<double>(total / (d / 2));
            QVERIFY2(std::abs(bound[i] - expected) < 1e-9,
                     qPrintable(QStringLiteral("r = %1: %2 vs %3").arg(distances[i]).arg(bound[i]).arg(expected)));
        }
    }
}

void TestRope::decayBoundDecays()
{
    // RoFormer's Figure 2: the bound falls from (P+1)/2 as the distance grows (not monotonically).
    const Eigen::VectorXd theta = ropeFrequencies(128, 10000.0);
    Eigen::VectorXd near(1), far(1);
    near << 10;
    far << 200;
    const double atNear = rotaryDecayBound(theta, near)[0], atFar = rotaryDecayBound(theta, far)[0];
    QVERIFY(atNear < 32.5);
    QVERIFY(atFar < 0.5 * atNear);
}

void TestRope::positionInterpolation()
{
    RopeScalingSpec spec;
    spec.scale = 8;
    const Eigen::VectorXd theta = ropeFrequencies(64, 10000.0);
    const Eigen::VectorXd pi = scaledRopeFrequencies(64, 10000.0, RopeScaling::PositionInterpolation, spec);
    // Rotating position m with θ/s is rotating position m/s with θ.
    const Eigen::VectorXd x = randomVector(64, 3);
    QVERIFY((rotaryEmbedding(x, 800, pi) - rotaryEmbedding(x, 100, theta)).norm() < 1e-12);
    for (int k = 0; k < 32; ++k)
        QVERIFY(std::abs(pi[k] - static_cast<double>(refTheta(64, 10000.0L, k) / 8)) < 1e-17);
}

void TestRope::ntkAwareKeepsFastAndSlowsLastLikePi_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("s");
    QTest::newRow("d64 s8") << 64 << 8.0;
    QTest::newRow("d128 s4") << 128 << 4.0;
    QTest::newRow("d16 s64") << 16 << 64.0;
}

void TestRope::ntkAwareKeepsFastAndSlowsLastLikePi()
{
    QFETCH(int, d);
    QFETCH(double, s);
    RopeScalingSpec spec;
    spec.scale = s;
    const Eigen::VectorXd ntk = scaledRopeFrequencies(d, 10000.0, RopeScaling::NtkAware, spec);
    const Eigen::VectorXd pi = scaledRopeFrequencies(d, 10000.0, RopeScaling::PositionInterpolation, spec);
    const int last = d / 2 - 1;
    // base'^(−2k/d) with base' = base·s^(d/(d−2)) is θ_k·s^(−2k/(d−2)): 1 at k = 0, 1/s at k = d/2−1.
    QCOMPARE(ntk[0], 1.0);
    QVERIFY(std::abs(ntk[last] / pi[last] - 1.0) < 1e-13);
    for (int k = 0; k <= last; ++k) {
        const long double expected = refTheta(d, 10000.0L, k) * std::pow(static_cast<long double>(s), -2.0L * k / (d - 2));
        QVERIFY(std::abs(ntk[k] / static_cast<double>(expected) - 1.0) < 1e-13);
    }
    QVERIFY(std::abs(ntkAwareBase(10000.0, d, s) - 10000.0 * std::pow(s, double(d) / (d - 2))) < 1e-9 * 10000.0);
}

void TestRope::yarnRampBoundaries()
{
    QCOMPARE(yarnRamp(1.0, 1.0, 32.0), 0.0);
    QCOMPARE(yarnRamp(32.0, 1.0, 32.0), 1.0);
    QCOMPARE(yarnRamp(0.5, 1.0, 32.0), 0.0);
    QCOMPARE(yarnRamp(100.0, 1.0, 32.0), 1.0);
    QCOMPARE(yarnRamp(16.5, 1.0, 32.0), 0.5);
}

void TestRope::yarnBands()
{
    RopeScalingSpec spec;
    spec.scale = 16;
    spec.originalLength = 4096;
    const int d = 64;
    const Eigen::VectorXd yarn = scaledRopeFrequencies(d, 10000.0, RopeScaling::Yarn, spec);
    int kept = 0, interpolated = 0, between = 0;
    for (int k = 0; k < d / 2; ++k) {
        const long double theta = refTheta(d, 10000.0L, k);
        const long double turns = 4096.0L * theta / (2 * std::numbers::pi_v<long double>);
        long double expected = theta;
        if (turns < 1) {
            expected = theta / 16; // a band that never completes a turn: interpolated like PI
            ++interpolated;
        } else if (turns <= 32) {
            const long double g = (turns - 1) / 31;
            expected = (1 - g) * theta / 16 + g * theta;
            ++between;
        } else {
            ++kept;
        }
        QVERIFY2(std::abs(yarn[k] / static_cast<double>(expected) - 1.0) < 1e-12, qPrintable(QString::number(k)));
    }
    // With base 10000, d 64, L_orig 4096 all three regimes occur.
    QVERIFY(kept > 0 && interpolated > 0 && between > 0);
}

void TestRope::noScalingAtScaleOne()
{
    RopeScalingSpec spec;
    spec.scale = 1;
    // Dynamic NTK (HF) still grows the base at s = 1 once L > L_orig: (L/L_orig)^(d/(d−2));
    // at the trained length it is no scaling (tst_libraries checks both).
    spec.sequenceLength = spec.originalLength;
    const Eigen::VectorXd theta = ropeFrequencies(32, 10000.0);
    for (RopeScaling scaling : allRopeScalings)
        QVERIFY((scaledRopeFrequencies(32, 10000.0, scaling, spec) - theta).cwiseAbs().maxCoeff() < 1e-15);
}

void TestRope::attentionFactor()
{
    QCOMPARE(yarnAttentionFactor(1.0), 1.0);
    QVERIFY(std::abs(yarnAttentionFactor(16.0) - (0.1 * std::log(16.0) + 1)) < 1e-15);
    QVERIFY(std::abs(yarnAttentionFactor(std::exp(1.0)) - 1.1) < 1e-15);
}

void TestRope::validation()
{
    RopeScalingSpec spec;
    QVERIFY(!ropeValidationError(64, 10000.0, spec));
    spec.scale = 0.5;
    QVERIFY(ropeValidationError(64, 10000.0, spec)->find("0.5") != std::string::npos);
    spec.scale = 8;
    QVERIFY(ropeValidationError(2, 10000.0, spec));
    spec.originalLength = 0;
    QVERIFY(ropeValidationError(64, 10000.0, spec));
}

QTEST_APPLESS_MAIN(TestRope)
#include "tst_rope.moc"
