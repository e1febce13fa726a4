// SPDX-License-Identifier: MIT
// The relative-offset rotation M_k: PE(p + k) = M_k · PE(p), with M_k independent of p.
#include "core/encoding.h"
#include "core/rotation.h"

#include "reference.h"

#include <QtTest>

#include <cmath>

using namespace pe::core;

Q_DECLARE_METATYPE(pe::core::EncodingSpec)

namespace {

EncodingSpec makeSpec(int d, Layout l, FrequencyRule f = FrequencyRule::Paper, double base = 10000.0)
{
    EncodingSpec s;
    s.dModel = d;
    s.layout = l;
    s.frequencies = f;
    s.base = base;
    return s;
}

// The documented column of the sine and of the cosine of pair k (−1: none, odd d). The split
// layout has ⌈d/2⌉ sine columns with paper frequencies, ⌊d/2⌋ with tensor2tensor's.
int sinCol(const EncodingSpec& s, int k) { return s.layout == Layout::Interleaved ? 2 * k : k; }
int cosCol(const EncodingSpec& s, int k)
{
    if (k >= s.dModel / 2)
        return -1;
    return s.layout == Layout::Interleaved ? 2 * k + 1 : ref::pairs(s) + k;
}

Eigen::VectorXd referenceVector(const EncodingSpec& s, std::int64_t p)
{
    Eigen::VectorXd v(s.dModel);
    for (int c = 0; c < s.dModel; ++c)
        v[c] = static_cast<double>(ref::value(s, p, c));
    return v;
}

} // namespace

class TestRotation : public QObject {
    Q_OBJECT

private slots:
    void rotationMatrixStructure_data();
    void rotationMatrixStructure();
    void rotationMovesPositions_data();
    void rotationMovesPositions();
    void offsetDotProductsAreFlat_data();
    void offsetDotProductsAreFlat();
    void rejectsNegativePositions();
    void zeroColumnDoesNotTurn();
    void cleanupTestCase();

private:
    double m_worstResidual = 0.0;
};

void TestRotation::rotationMatrixStructure_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<qint64>("offset");
    for (int d : {2, 8, 64, 7, 33})
        for (Layout l : {Layout::Interleaved, Layout::Split})
            for (qint64 k : {qint64(0), qint64(1), qint64(-3), qint64(250), qint64(-99999)})
                QTest::addRow("d%d %s k%lld", d, ref::layoutTag(l), static_cast<long long>(k)) << makeSpec(d, l) << k;
    QTest::newRow("d16 t2t split k 7") << makeSpec(16, Layout::Split, FrequencyRule::Tensor2Tensor) << qint64(7);
}

void TestRotation::rotationMatrixStructure()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(qint64, offset);
    const int d = spec.dModel;
    const RowMatrix m = offsetRotation(spec, offset);
    QCOMPARE(m.rows(), d);
    QCOMPARE(m.cols(), d);

    // Expected: [[cos kω, sin kω], [−sin kω, cos kω]] on the (sin, cos) columns of each pair, the
    // lone sine of an odd d on the diagonal with cos kω, zero everywhere else.
    Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(d, d);
    for (int j = 0; j < (d + 1) / 2; ++j) {
        const long double angle = offset * ref::omega(spec, j);
        const double c = static_cast<double>(std::cos(angle)), s = static_cast<double>(std::sin(angle));
        const int sc = sinCol(spec, j), cc = cosCol(spec, j);
        expected(sc, sc) = c;
        if (cc < 0)
            continue;
        expected(sc, cc) = s;
        expected(cc, sc) = -s;
        expected(cc, cc) = c;
    }
    QVERIFY2((m - expected).cwiseAbs().maxCoeff() <= 1e-12,
             qPrintable(QString("max deviation %1").arg((m - expected).cwiseAbs().maxCoeff())));
    // Exactly zero off the 2×2 blocks.
    for (int r = 0; r < d; ++r)
        for (int c = 0; c < d; ++c)
            if (expected(r, c) == 0.0 && r != c)
                QVERIFY2(m(r, c) == 0.0, qPrintable(QString("m(%1, %2) = %3").arg(r).arg(c).arg(m(r, c))));

    if (d % 2 == 0) {
        const double orthogonality = (m.transpose() * m - Eigen::MatrixXd::Identity(d, d)).cwiseAbs().maxCoeff();
        QVERIFY2(orthogonality <= 1e-12, qPrintable(QString("|MᵀM − I| = %1").arg(orthogonality)));
    }
    if (offset == 0)
        QVERIFY((m - Eigen::MatrixXd::Identity(d, d)).cwiseAbs().maxCoeff() <= 1e-15);
}

void TestRotation::rotationMovesPositions_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    for (int d : {2, 8, 64, 7, 33})
        for (Layout l : {Layout::Interleaved, Layout::Split})
            for (FrequencyRule f : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor})
                QTest::addRow("d%d %s %s", d, ref::layoutTag(l), ref::ruleTag(f)) << makeSpec(d, l, f);
    QTest::newRow("d64 split base 500000") << makeSpec(64, Layout::Split, FrequencyRule::Paper, 500000.0);
    QTest::newRow("d12 interleaved base 2") << makeSpec(12, Layout::Interleaved, FrequencyRule::Paper, 2.0);
}

void TestRotation::rotationMovesPositions()
{
    QFETCH(EncodingSpec, spec);
    const int d = spec.dModel;
    const std::int64_t positions[] = {0, 1, 5, 99, 1000, 4097, 31415, 99990, 100000};
    const std::int64_t offsets[] = {0, 1, 2, 17, 512, 9999, -1, -5, -99, -1000, -31415};
    double worstResidual = 0.0;
    for (std::int64_t k : offsets) {
        const RowMatrix m = offsetRotation(spec, k); // one matrix for every position
        for (std::int64_t p : positions) {
            if (p + k < 0)
                continue;
            const Eigen::VectorXd moved = m * encodingVector(spec, p);
            const Eigen::VectorXd target = referenceVector(spec, p + k);
            // Every full pair lands on PE(p + k); the lone sine of an odd d cannot.
            double residual = 0.0;
            for (int j = 0; j < d / 2; ++j)
                for (int c : {sinCol(spec, j), cosCol(spec, j)})
                    residual = std::max(residual, std::abs(moved[c] - target[c]));
            worstResidual = std::max(worstResidual, residual);
            QVERIFY2(residual <= 1e-12, qPrintable(QString("p %1 k %2: residual %3").arg(p).arg(k).arg(residual)));
            QVERIFY(rotationResidual(spec, p, k) <= 1e-12);

            const Eigen::VectorXd rotated = rotatedEncoding(spec, p, k);
            QCOMPARE(rotated.size(), d);
            QVERIFY((rotated - moved).cwiseAbs().maxCoeff() <= 1e-14);
            // One pair alone, as the formula panel shows it: PE(p + k)'s pair.
            for (int j : {0, d / 4, d / 2 - 1}) {
                const SinCos pair = rotatedPair(spec, p, k, j);
                QVERIFY(std::abs(pair.sin - target[sinCol(spec, j)]) <= 1e-12);
                QVERIFY(std::abs(pair.cos - target[cosCol(spec, j)]) <= 1e-12);
            }
        }
    }
    m_worstResidual = std::max(m_worstResidual, worstResidual);
}

void TestRotation::offsetDotProductsAreFlat_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<qint64>("offset");
    for (int d : {2, 16, 64, 7, 33})
        for (qint64 k : {qint64(1), qint64(10), qint64(-3), qint64(777)}) {
            const Layout l = k % 2 == 0 ? Layout::Split : Layout::Interleaved;
            QTest::addRow("d%d %s k%lld", d, ref::layoutTag(l), static_cast<long long>(k)) << makeSpec(d, l) << k;
        }
    QTest::newRow("d64 t2t k 100") << makeSpec(64, Layout::Split, FrequencyRule::Tensor2Tensor) << qint64(100);
}

void TestRotation::offsetDotProductsAreFlat()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(qint64, offset);
    Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> positions(8);
    positions << 3, 4, 17, 1000, 4096, 65537, 123456, 1000000;
    const Eigen::VectorXd dots = offsetDotProducts(spec, offset, positions);
    QCOMPARE(dots.size(), positions.size());

    // Σ_k cos(offset·ω_k) over the full pairs, plus sin(pω)·sin((p+offset)ω) for a lone sine.
    long double flat = 0.0L;
    for (int k = 0; k < spec.dModel / 2; ++k)
        flat += std::cos(offset * ref::omega(spec, k));
    for (Eigen::Index i = 0; i < positions.size(); ++i) {
        long double expected = flat;
        if (spec.dModel % 2 == 1) {
            const long double w = ref::omega(spec, spec.dModel / 2);
            expected += std::sin(positions[i] * w) * std::sin((positions[i] + offset) * w);
        }
        QVERIFY2(std::fabs(dots[i] - expected) <= 1e-9,
                 qPrintable(QString("p %1: %2 vs %3").arg(positions[i]).arg(dots[i], 0, 'g', 17).arg(double(expected), 0, 'g', 17)));
    }
    if (spec.dModel % 2 == 0) {
        const double spread = dots.maxCoeff() - dots.minCoeff();
        QVERIFY2(spread <= 1e-9, qPrintable(QString("PE(p)·PE(p+k) varies by %1 over p").arg(spread)));
    }
}

void TestRotation::rejectsNegativePositions()
{
    const EncodingSpec s = makeSpec(8, Layout::Interleaved);
    QVERIFY_THROWS_EXCEPTION(SpecError, rotatedEncoding(s, 3, -4));
    QVERIFY_THROWS_EXCEPTION(SpecError, rotatedEncoding(s, -1, 2));
    QVERIFY_THROWS_EXCEPTION(SpecError, rotationResidual(s, 0, -1));
    QVERIFY_THROWS_EXCEPTION(SpecError, rotatedPair(s, 3, -4, 0));
    QVERIFY_THROWS_EXCEPTION(SpecError, rotatedPair(s, 3, 1, 4)); // d = 8 has pairs 0 to 3
    QVERIFY_THROWS_EXCEPTION(SpecError, rotatedPair(makeSpec(9, Layout::Interleaved), 3, 1, 4)); // the lone sine
    Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> positions(3);
    positions << 10, 2, 7;
    QVERIFY_THROWS_EXCEPTION(SpecError, offsetDotProducts(s, -3, positions));
    // p + k = 0 is allowed.
    QVERIFY(rotationResidual(s, 4, -4) <= 1e-12);
    EncodingSpec bad = s;
    bad.dModel = 0;
    QVERIFY_THROWS_EXCEPTION(SpecError, offsetRotation(bad, 1));
}

void TestRotation::cleanupTestCase()
{
    qInfo("largest |M_k·PE(p) - PE(p+k)| against the reference, p and p+k up to 1e5: %.2e", m_worstResidual);
}

void TestRotation::zeroColumnDoesNotTurn()
{
    // tensor2tensor's odd d ends with a zero column (tensor2tensor, fairseq pad it): M_k leaves
    // it alone (1 on its diagonal, 0 elsewhere in its row and column), and it stays 0.
    for (const Layout layout : {Layout::Interleaved, Layout::Split}) {
        EncodingSpec s;
        s.dModel = 7;
        s.maxLen = 50;
        s.layout = layout;
        s.frequencies = FrequencyRule::Tensor2Tensor;
        const RowMatrix m = offsetRotation(s, 5);
        QCOMPARE(m(6, 6), 1.0);
        for (int c = 0; c < 6; ++c) {
            QCOMPARE(m(6, c), 0.0);
            QCOMPARE(m(c, 6), 0.0);
        }
        QCOMPARE(rotatedEncoding(s, 3, 5)[6], 0.0);
        QVERIFY(rotationResidual(s, 3, 5) < 1e-13);
    }
}

QTEST_APPLESS_MAIN(TestRotation)
#include "tst_rotation.moc"
