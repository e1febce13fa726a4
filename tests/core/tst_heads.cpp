// SPDX-License-Identifier: MIT
// What a checkpoint's heads do with positions (issue 51), in core: stored numbers widened
// exactly, the norms, the scores' statistics and the rotary kernel. Expected values come from
// IEEE 754's definitions and from the formulas written out here term by term, not from the code.
#include "core/heads.h"

#include <QTest>

#include <cmath>
#include <complex>
#include <cstring>
#include <numbers>
#include <random>
#include <vector>

using namespace pe::core;

namespace {

TensorRef refOf(const std::vector<unsigned char>& bytes, TensorType type, std::int64_t rows, std::int64_t columns)
{
    return TensorRef{bytes.data(), type, rows, columns};
}

std::vector<unsigned char> bytesOf(const std::vector<float>& values)
{
    std::vector<unsigned char> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

} // namespace

class TestHeads : public QObject {
    Q_OBJECT
private slots:
    void halfAndBfloatWidenExactly()
    {
        // float16: 0x3C00 = 1, 0xC000 = −2, 0x0001 = 2^−24 (the smallest subnormal), 0x7BFF = 65504,
        // 0x3555 = 1 + 341/1024 times 2^−2; bfloat16: 0x3F80 = 1, 0xC0A0 = −5, 0x3E80 = 0.25.
        const std::vector<unsigned char> half{0x00, 0x3C, 0x00, 0xC0, 0x01, 0x00, 0xFF, 0x7B, 0x55, 0x35};
        const double halfWant[] = {1.0, -2.0, std::ldexp(1.0, -24), 65504.0, (1.0 + 341.0 / 1024.0) / 4.0};
        for (int i = 0; i < 5; ++i)
            QCOMPARE(widen(half.data() + 2 * i, TensorType::Float16), halfWant[i]);
        QVERIFY(std::isinf(widen(std::vector<unsigned char>{0x00, 0x7C}.data(), TensorType::Float16)));
        QVERIFY(std::isnan(widen(std::vector<unsigned char>{0x01, 0x7C}.data(), TensorType::Float16)));
        const std::vector<unsigned char> bf{0x80, 0x3F, 0xA0, 0xC0, 0x80, 0x3E};
        const double bfWant[] = {1.0, -5.0, 0.25};
        for (int i = 0; i < 3; ++i)
            QCOMPARE(widen(bf.data() + 2 * i, TensorType::BFloat16), bfWant[i]);
        const float third = 1.0f / 3.0f;
        const auto f32 = bytesOf({third});
        QCOMPARE(widen(f32.data(), TensorType::Float32), double(third));
    }

    void normsAndProductsFollowTheirDefinitions()
    {
        // LayerNorm of (1, 2, 3, 6): mean 3, biased variance (4 + 1 + 0 + 9) / 4 = 3.5.
        Eigen::MatrixXd x(1, 4);
        x << 1, 2, 3, 6;
        const Eigen::VectorXd weight = Eigen::Vector4d(1, 2, 1, 0.5), bias = Eigen::Vector4d(0, 1, 0, -1);
        const Eigen::MatrixXd ln = layerNorm(x, weight, bias, 0.5);
        const double scale = 1 / std::sqrt(3.5 + 0.5);
        QCOMPARE(ln(0, 0), -2 * scale);
        QCOMPARE(ln(0, 1), -1 * scale * 2 + 1);
        QCOMPARE(ln(0, 3), 3 * scale * 0.5 - 1);
        // RMSNorm's mean over two rows: (3, 4) / sqrt(12.5 + eps) and (0, 2) / sqrt(2 + eps), times weight.
        const auto rows = bytesOf({3, 4, 0, 2});
        const Eigen::VectorXd mean = meanRmsNormRow(refOf(rows, TensorType::Float32, 2, 2), Eigen::Vector2d(2, 1), 0.25);
        QCOMPARE(mean[0], (3 / std::sqrt(12.75) + 0) / 2 * 2);
        QCOMPARE(mean[1], (4 / std::sqrt(12.75) + 2 / std::sqrt(2.25)) / 2);
        // Before the weight: the same mean, weight 1.
        const Eigen::VectorXd direction = meanRmsDirection(refOf(rows, TensorType::Float32, 2, 2), 0.25);
        QCOMPARE(direction[0], (3 / std::sqrt(12.75) + 0) / 2);
        QCOMPARE(direction[1], mean[1]);
        // W·x and X·W read in place, against the products written out.
        const auto w = bytesOf({1, 2, 3, 4, 5, 6}); // 2 × 3
        const Eigen::VectorXd wx = matrixTimesVector(refOf(w, TensorType::Float32, 2, 3), Eigen::Vector3d(1, 0, -1));
        QCOMPARE(wx[0], 1.0 - 3.0);
        QCOMPARE(wx[1], 4.0 - 6.0);
        Eigen::MatrixXd a(1, 2);
        a << 1, -1;
        const Eigen::MatrixXd aw = timesTensor(a, refOf(w, TensorType::Float32, 2, 3));
        QCOMPARE(aw(0, 2), 3.0 - 6.0);
        const Eigen::MatrixXd awt = timesTensorTransposed(Eigen::MatrixXd::Ones(1, 3), refOf(w, TensorType::Float32, 2, 3));
        QCOMPARE(awt(0, 1), 15.0);
    }

    void softmaxOffsetsAndToeplitzShare()
    {
        Eigen::MatrixXd s(3, 3);
        s << 0, 9, 9, std::log(2.0), 0, 9, 0, 0, 0;
        const Eigen::MatrixXd causal = rowSoftmax(s, true);
        QCOMPARE(causal(0, 0), 1.0);
        QCOMPARE(causal(0, 1), 0.0); // above the diagonal: nothing, whatever the score
        QVERIFY(std::abs(causal(1, 0) - 2.0 / 3.0) < 1e-15);
        QVERIFY(std::abs(causal(2, 1) - 1.0 / 3.0) < 1e-15);
        const Eigen::MatrixXd all = rowSoftmax(s, false);
        QVERIFY(std::abs(all.row(0).sum() - 1) < 1e-15 && all(0, 1) > 0.49);
        // Offset means: Δ = 0 over the diagonal (0, 0, 0), Δ = 1 over (log 2, 0), Δ = 2 over (0).
        const Eigen::VectorXd offsets = offsetMeans(s);
        QCOMPARE(offsets[0], 0.0);
        QCOMPARE(offsets[1], std::log(2.0) / 2);
        QCOMPARE(offsets[2], 0.0);
        // A Toeplitz matrix is explained by its offsets alone; adding noise off the diagonals is not.
        Eigen::MatrixXd toeplitz(5, 5);
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 5; ++j)
                toeplitz(i, j) = std::cos(0.7 * (i - j)) + 0.1 * (i - j);
        QVERIFY(std::abs(toeplitzShare(toeplitz, false) - 1) < 1e-12);
        QVERIFY(std::abs(toeplitzShare(toeplitz, true) - 1) < 1e-12);
        // Rows alike in every column (S[i, j] = f(i)): the offset explains only what f's
        // diagonals share. Worked out: f = (0, 1, 2) causal cells (0,0) (1,0) (1,1) (2,0) (2,1) (2,2)
        // = 0, 1, 1, 2, 2, 2; diagonals Δ0: 0,1,2 (mean 1), Δ1: 1,2 (1.5), Δ2: 2; grand mean 4/3;
        // between = 3(1 − 4/3)² + 2(1.5 − 4/3)² + (2 − 4/3)² = 1/3 + 1/18 + 4/9 = 5/6; total =
        // Σ(s − 4/3)² = 16/9 + 1/9 + 1/9 + 4/9 · 3 = 10/3; share 1/4.
        Eigen::MatrixXd rowsOnly(3, 3);
        rowsOnly << 0, 0, 0, 1, 1, 1, 2, 2, 2;
        QVERIFY(std::abs(toeplitzShare(rowsOnly, true) - 0.25) < 1e-12);
    }

    void aSinglePairsKernelIsOneCosine()
    {
        // Two heads sharing one key head, four rotated pairs; head 0's mean query and key live in
        // pair 2 only (rotate_half: components 2 and 6 of 8), head 1 in pair 0.
        const int headDim = 8, pairs = 4;
        Eigen::VectorXd theta(pairs);
        for (int k = 0; k < pairs; ++k)
            theta[k] = std::pow(10000.0, -2.0 * k / headDim);
        Eigen::VectorXd q = Eigen::VectorXd::Zero(2 * headDim), key = Eigen::VectorXd::Zero(headDim);
        q[2] = 0.6; q[2 + pairs] = -0.8;      // z_q = 0.6 − 0.8i (head 0, pair 2)
        key[2] = 1.5; key[2 + pairs] = 2.0;   // z_k = 1.5 + 2i (the shared key head, pair 2)
        q[headDim + 0] = 2.0;                 // head 1: z_q = 2 in pair 0, where the key is 0
        const RotaryHeads heads = rotaryHeads(q, key, 2, 1, headDim, headDim, false, theta, 1.0);
        const Eigen::MatrixXd kernel = rotaryKernel(heads, 50);
        const std::complex<double> c = std::complex<double>(0.6, -0.8) * std::conj(std::complex<double>(1.5, 2.0)) / std::sqrt(8.0);
        for (int d = 0; d < 50; ++d) {
            const double want = std::abs(c) * std::cos(d * theta[2] + std::arg(c));
            QVERIFY2(std::abs(kernel(d, 0) - want) < 1e-12, qPrintable(QString::number(d)));
            QCOMPARE(kernel(d, 1), 0.0);
        }
        const Eigen::MatrixXd amplitudes = rotaryAmplitudes(heads);
        QCOMPARE(amplitudes(0, 2), 1.0 * 2.5);
        QCOMPARE(amplitudes(0, 0) + amplitudes(0, 1) + amplitudes(0, 3), 0.0);
        // The scores are the kernel along each diagonal, both ways: S[i, j] = kernel(i − j).
        const Eigen::MatrixXd scores = rotaryScores(heads, 0, 6);
        QVERIFY(std::abs(scores(5, 2) - kernel(3, 0)) < 1e-12);
        QVERIFY(std::abs(scores(2, 5) - std::abs(c) * std::cos(-3 * theta[2] + std::arg(c))) < 1e-12);
        // YaRN's attention factor a multiplies each score by a².
        const RotaryHeads scaled = rotaryHeads(q, key, 2, 1, headDim, headDim, false, theta, 1.5);
        QVERIFY(std::abs(rotaryKernel(scaled, 5)(4, 0) - 2.25 * kernel(4, 0)) < 1e-12);
        // Interleaved pairing reads (x[2k], x[2k+1]).
        Eigen::VectorXd qi = Eigen::VectorXd::Zero(headDim), ki = Eigen::VectorXd::Zero(headDim);
        qi[4] = 1; ki[5] = 1; // pair 2: z_q = 1, z_k = i
        const RotaryHeads interleaved = rotaryHeads(qi, ki, 1, 1, headDim, headDim, true, theta, 1.0);
        QVERIFY(std::abs(rotaryKernel(interleaved, 3)(1, 0) - std::cos(theta[2] - std::numbers::pi / 2) / std::sqrt(8.0)) < 1e-12);
        // Both ways at once: row Δ + n − 1 holds |c|·cos(Δθ + arg c) for Δ = −(n−1) … n−1.
        const Eigen::MatrixXd both = rotaryKernelBothWays(heads, 7);
        QCOMPARE(both.rows(), Eigen::Index(13));
        for (int d = -6; d <= 6; ++d)
            QVERIFY2(std::abs(both(d + 6, 0) - std::abs(c) * std::cos(d * theta[2] + std::arg(c))) < 1e-12, qPrintable(QString::number(d)));
    }

    void binnedToeplitzIsEachBinsMean()
    {
        // Random offsets' values on a 37 × 37 matrix cut into 5 × 8 and 37 × 3 bins; each bin's
        // cells summed one by one (bin b of B starts at floor(37·b / B)).
        const std::int64_t n = 37;
        std::mt19937 random(11);
        std::uniform_real_distribution<double> value(-3, 3);
        Eigen::VectorXd byOffset(2 * n - 1);
        for (Eigen::Index t = 0; t < byOffset.size(); ++t)
            byOffset[t] = value(random);
        for (const auto& [rowBins, columnBins] : {std::pair<std::int64_t, std::int64_t>{5, 8}, {n, 3}, {1, 1}, {n, n}}) {
            const Eigen::MatrixXd binned = binnedToeplitz(byOffset, n, rowBins, columnBins);
            QCOMPARE(binned.rows(), Eigen::Index(rowBins));
            QCOMPARE(binned.cols(), Eigen::Index(columnBins));
            for (std::int64_t b = 0; b < rowBins; ++b)
                for (std::int64_t c = 0; c < columnBins; ++c) {
                    double sum = 0;
                    std::int64_t cells = 0;
                    for (std::int64_t i = n * b / rowBins; i < n * (b + 1) / rowBins; ++i)
                        for (std::int64_t j = n * c / columnBins; j < n * (c + 1) / columnBins; ++j, ++cells)
                            sum += byOffset[i - j + n - 1];
                    QVERIFY2(std::abs(binned(b, c) - sum / double(cells)) < 1e-12,
                             qPrintable(QStringLiteral("%1 × %2 bins: (%3, %4)").arg(rowBins).arg(columnBins).arg(b).arg(c)));
                }
        }
    }

    void projectedScoresAreQueryTimesKey()
    {
        std::mt19937 random(7);
        std::uniform_real_distribution<double> uniform(-1, 1);
        ProjectedHeads heads;
        heads.heads = 2;
        heads.headDim = 3;
        heads.queries = Eigen::MatrixXd::NullaryExpr(5, 6, [&] { return uniform(random); });
        heads.keys = Eigen::MatrixXd::NullaryExpr(5, 6, [&] { return uniform(random); });
        const Eigen::MatrixXd s = headScores(heads, 1);
        double want = 0;
        for (int c = 3; c < 6; ++c)
            want += heads.queries(4, c) * heads.keys(1, c);
        QVERIFY(std::abs(s(4, 1) - want / std::sqrt(3.0)) < 1e-15);
    }
};

QTEST_GUILESS_MAIN(TestHeads)
#include "tst_heads.moc"
