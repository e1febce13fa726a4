// SPDX-License-Identifier: MIT
// The similarity matrix against the explicit product E·Eᵀ of the reference encoding.
#include "core/similarity.h"

#include "reference.h"

#include <QtTest>

#include <cmath>

using namespace pe::core;

Q_DECLARE_METATYPE(pe::core::EncodingSpec)

namespace {

EncodingSpec makeSpec(int d, Layout l, FrequencyRule f, std::int64_t first, std::int64_t maxLen)
{
    EncodingSpec s;
    s.dModel = d;
    s.layout = l;
    s.frequencies = f;
    s.firstPosition = first;
    s.maxLen = maxLen;
    return s;
}

/// Explicit dot products and cosines of the reference rows first … first+L−1.
struct Explicit {
    std::int64_t n;
    std::vector<long double> dot, cosine;
    long double operator()(bool normalize, std::int64_t i, std::int64_t j) const
    {
        return (normalize ? cosine : dot)[i * n + j];
    }
};

Explicit explicitSimilarity(const EncodingSpec& s)
{
    const ref::Block e = ref::rows(s, s.firstPosition, s.maxLen);
    Explicit x{s.maxLen, ref::dotMatrix(e), {}};
    x.cosine.resize(x.dot.size());
    for (std::int64_t i = 0; i < x.n; ++i)
        for (std::int64_t j = 0; j < x.n; ++j) {
            const long double norms = std::sqrt(x.dot[i * x.n + i] * x.dot[j * x.n + j]);
            x.cosine[i * x.n + j] = x.dot[i * x.n + j] / norms;
        }
    return x;
}

} // namespace

class TestSimilarity : public QObject {
    Q_OBJECT

private slots:
    void matchesExplicitProduct_data();
    void matchesExplicitProduct();
    void evenDimensionStructure_data();
    void evenDimensionStructure();
    void notMonotoneInDistance();
    void binnedIsTheBlockAverage_data();
    void binnedIsTheBlockAverage();
    void binnedAtAMillionPositions_data();
    void binnedAtAMillionPositions();
    void sampledProfileAtAMillionPositions_data();
    void sampledProfileAtAMillionPositions();
    void profileMeansAreTheBinsMeans_data();
    void profileMeansAreTheBinsMeans();
    void profileMeansAtAMillionPositions_data();
    void profileMeansAtAMillionPositions();
    void lonePositionVectorHasNoNaN();
    void rejectsBadRows();
};

void TestSimilarity::matchesExplicitProduct_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    for (int d : {2, 8, 64, 7, 33})
        for (Layout l : {Layout::Interleaved, Layout::Split})
            for (std::int64_t first : {std::int64_t{0}, std::int64_t{2}}) {
                const FrequencyRule f = d % 3 == 0 ? FrequencyRule::Tensor2Tensor : FrequencyRule::Paper;
                QTest::addRow("d%d %s %s first%lld", d, ref::layoutTag(l), ref::ruleTag(f), static_cast<long long>(first))
                    << makeSpec(d, l, f, first, 120);
            }
    QTest::newRow("d64 t2t first 1e6") << makeSpec(64, Layout::Split, FrequencyRule::Tensor2Tensor, 1000000, 80);
    QTest::newRow("d33 paper first 1e6") << makeSpec(33, Layout::Interleaved, FrequencyRule::Paper, 1000000, 80);
}

void TestSimilarity::matchesExplicitProduct()
{
    QFETCH(EncodingSpec, spec);
    const Explicit x = explicitSimilarity(spec);
    const std::int64_t L = spec.maxLen;
    for (bool normalize : {false, true}) {
        const RowMatrix m = similarityMatrix(spec, normalize);
        QCOMPARE(m.rows(), L);
        QCOMPARE(m.cols(), L);
        double worst = 0.0;
        for (std::int64_t i = 0; i < L; ++i)
            for (std::int64_t j = 0; j < L; ++j)
                worst = std::max(worst, static_cast<double>(std::fabs(m(i, j) - x(normalize, i, j))));
        QVERIFY2(worst <= 1e-9, qPrintable(QString("%1: max error %2").arg(normalize ? "cosine" : "dot").arg(worst)));

        // A profile is a row of the matrix, whichever way it is obtained.
        const SimilarityKernel kernel(spec, normalize);
        for (std::int64_t row : {std::int64_t{0}, L / 3, L - 1}) {
            QVERIFY((similarityProfile(spec, row, normalize) - m.row(row).transpose()).cwiseAbs().maxCoeff() <= 1e-15);
            QVERIFY((kernel.profile(row) - m.row(row).transpose()).cwiseAbs().maxCoeff() <= 1e-15);
            QVERIFY(std::abs(kernel.value(row, L / 2) - m(row, L / 2)) <= 1e-15);
        }
        RowMatrix some(5, L);
        kernel.fillRows(L - 5, some);
        QVERIFY((some - m.bottomRows(5)).cwiseAbs().maxCoeff() <= 1e-15);
    }
    // ‖PE(p)‖² from the kernel.
    const SimilarityKernel kernel(spec, false);
    for (std::int64_t i = 0; i < L; ++i)
        QVERIFY(std::fabs(kernel.squaredNorm(i) - x.dot[i * L + i]) <= 1e-12);
}

void TestSimilarity::evenDimensionStructure_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    for (int d : {2, 16, 64, 128})
        for (Layout l : {Layout::Interleaved, Layout::Split})
            QTest::addRow("d%d %s", d, ref::layoutTag(l)) << makeSpec(d, l, FrequencyRule::Paper, 2, 150);
    QTest::newRow("d64 t2t first 1e5") << makeSpec(64, Layout::Split, FrequencyRule::Tensor2Tensor, 100000, 150);
}

void TestSimilarity::evenDimensionStructure()
{
    QFETCH(EncodingSpec, spec);
    const std::int64_t L = spec.maxLen;
    const double half = spec.dModel / 2.0;
    const RowMatrix dot = similarityMatrix(spec, false);
    const RowMatrix cosine = similarityMatrix(spec, true);
    const SimilarityKernel kernel(spec, false);
    for (std::int64_t i = 0; i < L; ++i) {
        QVERIFY(std::abs(dot(i, i) - half) <= 1e-12);              // ‖PE(p)‖² = d/2
        QVERIFY(std::abs(kernel.squaredNorm(i) - half) <= 1e-12);
        for (std::int64_t j = 0; j < L; ++j) {
            QVERIFY(std::abs(dot(i, j) - dot(j, i)) <= 1e-12);     // symmetric
            if (i + 1 < L && j + 1 < L)
                QVERIFY(std::abs(dot(i, j) - dot(i + 1, j + 1)) <= 1e-12); // Toeplitz
            QVERIFY(std::abs(cosine(i, j) - dot(i, j) / half) <= 1e-14);
        }
    }
    // PE(p)·PE(q) = Σ_k cos((p−q)·ω_k), independent of where the positions start.
    for (std::int64_t delta : {std::int64_t{0}, std::int64_t{1}, std::int64_t{37}, L - 1}) {
        long double sum = 0.0L;
        for (int k = 0; k < spec.dModel / 2; ++k)
            sum += std::cos(delta * ref::omega(spec, k));
        QVERIFY(std::fabs(kernel.offsetKernel(delta) - sum) <= 1e-12);
        QVERIFY(std::fabs(kernel.offsetKernel(-delta) - sum) <= 1e-12);
        QVERIFY(std::fabs(dot(0, delta) - sum) <= 1e-12);
    }
}

void TestSimilarity::notMonotoneInDistance()
{
    // Similarity falls off with |p − q| overall but not monotonically: somewhere it rises again.
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        const EncodingSpec s = makeSpec(64, l, FrequencyRule::Paper, 0, 200);
        const Eigen::VectorXd profile = similarityProfile(s, 0, false);
        QVERIFY(profile[0] > profile[1]);
        std::int64_t rise = -1;
        for (std::int64_t q = 1; q + 1 < s.maxLen && rise < 0; ++q)
            if (profile[q + 1] > profile[q] + 1e-3)
                rise = q;
        QVERIFY2(rise > 0, "the dot product never increases with distance");
        // The rise is real, not an artefact: the reference shows it too.
        long double a = 0.0L, b = 0.0L;
        for (int k = 0; k < 32; ++k) {
            a += std::cos(rise * ref::omega(s, k));
            b += std::cos((rise + 1) * ref::omega(s, k));
        }
        QVERIFY(b > a);
    }
}

void TestSimilarity::binnedIsTheBlockAverage_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<qint64>("bins");
    QTest::addColumn<bool>("normalize");
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        const char* lt = ref::layoutTag(l);
        QTest::addRow("d64 %s dot 300→17", lt) << makeSpec(64, l, FrequencyRule::Paper, 0, 300) << qint64(17) << false;
        QTest::addRow("d64 %s cosine 300→17", lt) << makeSpec(64, l, FrequencyRule::Paper, 0, 300) << qint64(17) << true;
        QTest::addRow("d16 t2t %s dot first2 301→1", lt)
            << makeSpec(16, l, FrequencyRule::Tensor2Tensor, 2, 301) << qint64(1) << false;
        QTest::addRow("d8 %s cosine 250→249", lt) << makeSpec(8, l, FrequencyRule::Paper, 0, 250) << qint64(249) << true;
        QTest::addRow("d7 %s dot first2 300→17", lt) << makeSpec(7, l, FrequencyRule::Paper, 2, 300) << qint64(17) << false;
        QTest::addRow("d33 t2t %s dot 299→40", lt)
            << makeSpec(33, l, FrequencyRule::Tensor2Tensor, 5, 299) << qint64(40) << false;
        QTest::addRow("d33 %s dot bins == L", lt) << makeSpec(33, l, FrequencyRule::Paper, 0, 90) << qint64(90) << false;
        QTest::addRow("d7 %s cosine bins == L", lt) << makeSpec(7, l, FrequencyRule::Paper, 0, 90) << qint64(90) << true;
        // Hundreds of diagonals: the angle turned from one to the next and re-anchored.
        QTest::addRow("d64 %s dot 1500→700", lt) << makeSpec(64, l, FrequencyRule::Paper, 3, 1500) << qint64(700) << false;
        QTest::addRow("d31 %s dot 1201→400", lt) << makeSpec(31, l, FrequencyRule::Paper, 0, 1201) << qint64(400) << false;
    }
}

void TestSimilarity::binnedIsTheBlockAverage()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(qint64, bins);
    QFETCH(bool, normalize);
    const Explicit x = explicitSimilarity(spec);
    const std::int64_t L = spec.maxLen;
    RowMatrix binned(bins, bins);
    SimilarityKernel(spec, normalize).fillBinned(binned);

    // Bins of ⌊L/bins⌋ or ⌈L/bins⌉ consecutive rows covering all L rows, the same for columns.
    std::vector<std::int64_t> edge(bins + 1);
    for (std::int64_t b = 0; b <= bins; ++b)
        edge[b] = binStart(L, bins, b);
    QCOMPARE(edge.front(), 0);
    QCOMPARE(edge.back(), L);
    for (std::int64_t b = 0; b < bins; ++b)
        QVERIFY(edge[b + 1] - edge[b] == L / bins || edge[b + 1] - edge[b] == (L + bins - 1) / bins);

    double worst = 0.0;
    for (std::int64_t i = 0; i < bins; ++i)
        for (std::int64_t j = 0; j < bins; ++j) {
            long double sum = 0.0L;
            for (std::int64_t p = edge[i]; p < edge[i + 1]; ++p)
                for (std::int64_t q = edge[j]; q < edge[j + 1]; ++q)
                    sum += x(normalize, p, q);
            const long double mean = sum / ((edge[i + 1] - edge[i]) * (edge[j + 1] - edge[j]));
            worst = std::max(worst, static_cast<double>(std::fabs(binned(i, j) - mean)));
        }
    QVERIFY2(worst <= 1e-8, qPrintable(QString("max error of a block average: %1").arg(worst)));
}

// At a million positions no block can be summed cell by cell; the average of PE(p)·PE(q) over
// a block is also the dot product of the two bins' mean encodings (the dot product is
// bilinear), and the mean encodings have a closed form of their own (fillBinnedEncoding,
// checked against cell sums in tst_binned): the Toeplitz blocks must equal it.
void TestSimilarity::binnedAtAMillionPositions_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<qint64>("bins");
    QTest::addColumn<bool>("normalize");
    QTest::newRow("d 256, 600 bins, dot") << 256 << qint64(600) << false;
    QTest::newRow("d 255, 333 bins, dot") << 255 << qint64(333) << false;
    QTest::newRow("d 128, 1024 bins, cosine") << 128 << qint64(1024) << true;
}

void TestSimilarity::binnedAtAMillionPositions()
{
    QFETCH(int, d);
    QFETCH(qint64, bins);
    QFETCH(bool, normalize);
    const EncodingSpec spec = makeSpec(d, Layout::Interleaved, FrequencyRule::Paper, 0, std::int64_t{1} << 20);
    RowMatrix binned(bins, bins);
    SimilarityKernel(spec, normalize).fillBinned(binned);
    RowMatrix means(bins, d);
    fillBinnedEncoding(spec, 0, spec.maxLen, means);
    RowMatrix expected = means * means.transpose();
    if (normalize)
        expected /= double(d / 2);
    // The blocks' angles are turned from one diagonal to the next and taken afresh every 128
    // diagonals: within 1e−13 of the scale of the values (d/2, or 1 for the cosine).
    const double scale = normalize ? 1.0 : d / 2.0;
    const double worst = (binned - expected).cwiseAbs().maxCoeff() / scale;
    QVERIFY2(worst <= 1e-13, qPrintable(QString("max difference from the mean encodings' products: %1 of d/2").arg(worst)));
}

// Beyond the table (a million positions × thousands of pairs) a sampled profile turns each
// pair's phase from sample to sample: against the reference encoding's own dot products, in
// long double, position by position — across the anchors, odd d (the lone sine) and cosine.
void TestSimilarity::sampledProfileAtAMillionPositions_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<bool>("normalize");
    QTest::newRow("d 4096 dot") << 4096 << false;
    QTest::newRow("d 4095 dot") << 4095 << false;
    QTest::newRow("d 4095 cosine") << 4095 << true;
}

void TestSimilarity::sampledProfileAtAMillionPositions()
{
    QFETCH(int, d);
    QFETCH(bool, normalize);
    EncodingSpec s;
    s.dModel = d;
    s.maxLen = 1 << 20;
    s.firstPosition = 3;
    const SimilarityKernel kernel(s, normalize);
    const std::int64_t row = 777777, step = 4099, count = 200;
    const Eigen::VectorXd values = kernel.valuesAlong(row, 11, step, count);
    const auto encoding = [&](std::int64_t r) {
        std::vector<long double> v(static_cast<std::size_t>(d));
        for (int c = 0; c < d; ++c)
            v[c] = ref::value(s, s.firstPosition + r, c);
        return v;
    };
    const std::vector<long double> p = encoding(row);
    for (std::int64_t i : {0, 1, 63, 64, 65, 128, 199}) {
        const std::vector<long double> q = encoding(11 + i * step);
        long double dot = 0, pp = 0, qq = 0;
        for (int c = 0; c < d; ++c) {
            dot += p[c] * q[c];
            pp += p[c] * p[c];
            qq += q[c] * q[c];
        }
        const double expected = static_cast<double>(normalize ? dot / std::sqrt(pp * qq) : dot);
        QVERIFY2(std::abs(values[i] - expected) < 1e-10 * (normalize ? 1 : d),
                 qPrintable(QStringLiteral("sample %1: %2, the reference %3").arg(i).arg(values[i], 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.valuesAlong(row, 0, step, 1000)); // past the last row
}

void TestSimilarity::profileMeansAreTheBinsMeans_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<qint64>("row");
    QTest::addColumn<qint64>("bins");
    QTest::addColumn<bool>("normalize");
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        const char* lt = ref::layoutTag(l);
        QTest::addRow("d64 %s dot 300→17", lt) << makeSpec(64, l, FrequencyRule::Paper, 0, 300) << qint64(40) << qint64(17) << false;
        QTest::addRow("d64 %s cosine 300→17", lt) << makeSpec(64, l, FrequencyRule::Paper, 0, 300) << qint64(299) << qint64(17) << true;
        QTest::addRow("d7 %s dot first2 300→23", lt) << makeSpec(7, l, FrequencyRule::Paper, 2, 300) << qint64(0) << qint64(23) << false;
        QTest::addRow("d33 t2t %s dot 299→40", lt) << makeSpec(33, l, FrequencyRule::Tensor2Tensor, 5, 299) << qint64(150) << qint64(40) << false;
        QTest::addRow("d16 %s dot 301→1", lt) << makeSpec(16, l, FrequencyRule::Paper, 0, 301) << qint64(7) << qint64(1) << false;
        QTest::addRow("d8 %s cosine 90→90", lt) << makeSpec(8, l, FrequencyRule::Paper, 0, 90) << qint64(5) << qint64(90) << true;
        // Hundreds of bins: the phase turned from one bin to the next and taken afresh every 128.
        QTest::addRow("d64 %s dot 1500→700", lt) << makeSpec(64, l, FrequencyRule::Paper, 3, 1500) << qint64(1234) << qint64(700) << false;
    }
}

// A pixel of the profile shows the mean of its positions' similarities to the row: against the
// textbook's dot products (or cosines) summed position by position.
void TestSimilarity::profileMeansAreTheBinsMeans()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(qint64, row);
    QFETCH(qint64, bins);
    QFETCH(bool, normalize);
    const Explicit x = explicitSimilarity(spec);
    const Eigen::VectorXd means = SimilarityKernel(spec, normalize).meansAlong(row, bins);
    QCOMPARE(means.size(), bins);
    double worst = 0.0;
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t first = binStart(spec.maxLen, bins, b), end = binStart(spec.maxLen, bins, b + 1);
        long double sum = 0.0L;
        for (std::int64_t q = first; q < end; ++q)
            sum += x(normalize, row, q);
        worst = std::max(worst, static_cast<double>(std::fabs(means[b] - sum / (end - first))));
    }
    QVERIFY2(worst <= 1e-9, qPrintable(QString("max error of a bin's mean: %1").arg(worst)));
    QVERIFY_THROWS_EXCEPTION(SpecError, SimilarityKernel(spec, normalize).meansAlong(row, spec.maxLen + 1));
    QVERIFY_THROWS_EXCEPTION(SpecError, SimilarityKernel(spec, normalize).meansAlong(spec.maxLen, bins));
}

void TestSimilarity::profileMeansAtAMillionPositions_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<qint64>("bins");
    QTest::addColumn<bool>("normalize");
    QTest::newRow("d 4096, 499 bins, dot") << 4096 << qint64(499) << false;
    QTest::newRow("d 4095, 777 bins, dot") << 4095 << qint64(777) << false;
    QTest::newRow("d 256, 1024 bins, cosine") << 256 << qint64(1024) << true;
}

// At a million positions a bin of thousands of positions is not summed one by one: the mean of
// PE(p)·PE(q) over q in a bin is PE(p) dotted with the bin's mean encoding (the dot product is
// linear), and fillBinnedEncoding's means are checked against cell sums in tst_binned.
void TestSimilarity::profileMeansAtAMillionPositions()
{
    QFETCH(int, d);
    QFETCH(qint64, bins);
    QFETCH(bool, normalize);
    EncodingSpec spec = makeSpec(d, Layout::Interleaved, FrequencyRule::Paper, 0, std::int64_t{1} << 20);
    spec.firstPosition = 3;
    const std::int64_t row = 777777;
    const Eigen::VectorXd means = SimilarityKernel(spec, normalize).meansAlong(row, bins);
    RowMatrix binMeans(bins, d);
    fillBinnedEncoding(spec, 0, spec.maxLen, binMeans);
    RowMatrix own(1, d);
    fillBinnedEncoding(spec, row, 1, own);
    Eigen::VectorXd expected = binMeans * own.row(0).transpose();
    if (normalize)
        expected /= double(d / 2);
    const double scale = normalize ? 1.0 : d / 2.0;
    const double worst = (means - expected).cwiseAbs().maxCoeff() / scale;
    QVERIFY2(worst <= 1e-12, qPrintable(QString("max difference from the mean encodings' products: %1 of d/2").arg(worst)));
}

void TestSimilarity::lonePositionVectorHasNoNaN()
{
    // d = 1: PE(p) = (sin p), which is 0 at p = 0, a vector without direction. The cosine view
    // must still show numbers, and the dot view the exact products; the odd-d cosine fallback of
    // fillBinned shows a value within the range of the block it stands for.
    const EncodingSpec s = makeSpec(1, Layout::Interleaved, FrequencyRule::Paper, 0, 60);
    const RowMatrix cosine = similarityMatrix(s, true);
    QVERIFY(cosine.allFinite());
    QVERIFY(cosine.cwiseAbs().maxCoeff() <= 1.0 + 1e-15);
    const RowMatrix dot = similarityMatrix(s, false);
    for (int i = 0; i < 60; ++i)
        for (int j = 0; j < 60; ++j)
            QVERIFY(std::abs(dot(i, j) - std::sin(double(i)) * std::sin(double(j))) <= 1e-15);

    const EncodingSpec odd = makeSpec(7, Layout::Split, FrequencyRule::Paper, 0, 100);
    const Explicit x = explicitSimilarity(odd);
    RowMatrix binned(9, 9);
    SimilarityKernel(odd, true).fillBinned(binned);
    for (std::int64_t i = 0; i < 9; ++i)
        for (std::int64_t j = 0; j < 9; ++j) {
            long double lo = 2.0L, hi = -2.0L;
            for (std::int64_t p = binStart(100, 9, i); p < binStart(100, 9, i + 1); ++p)
                for (std::int64_t q = binStart(100, 9, j); q < binStart(100, 9, j + 1); ++q) {
                    lo = std::min(lo, x(true, p, q));
                    hi = std::max(hi, x(true, p, q));
                }
            QVERIFY(binned(i, j) >= lo - 1e-12 && binned(i, j) <= hi + 1e-12);
        }
}

void TestSimilarity::rejectsBadRows()
{
    const EncodingSpec s = makeSpec(8, Layout::Interleaved, FrequencyRule::Paper, 0, 20);
    const SimilarityKernel kernel(s, false);
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.profile(-1));
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.profile(20));
    QVERIFY_THROWS_EXCEPTION(SpecError, similarityProfile(s, 20, true));
    RowMatrix rows(2, 20);
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.fillRows(19, rows));
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.fillRows(-1, rows));
    RowMatrix wrongWidth(2, 19);
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.fillRows(0, wrongWidth));
    RowMatrix notSquare(4, 5), tooMany(21, 21), none(0, 0);
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.fillBinned(notSquare));
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.fillBinned(tooMany));
    QVERIFY_THROWS_EXCEPTION(SpecError, kernel.fillBinned(none));
}

QTEST_APPLESS_MAIN(TestSimilarity)
#include "tst_similarity.moc"
