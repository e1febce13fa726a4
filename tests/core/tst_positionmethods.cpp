// SPDX-License-Identifier: MIT
// The other position methods (ALiBi, T5 buckets, Shaw, Transformer-XL, NoPE) against references
// written out here: the ALiBi authors' get_slopes recursion in long double, T5's buckets as an
// exact integer comparison (no logarithm at all), Transformer-XL's R in long double.
#include "core/frequencies.h"
#include "core/positionmethods.h"
#include "core/rope.h"
#include "core/tokenembedding.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace pe::core;

namespace {

/// get_slopes(n) of ofirpress/attention_with_linear_biases, literally, in long double.
std::vector<long double> referenceSlopes(int n)
{
    const auto powerOfTwo = [](int m) {
        const long double start = std::pow(2.0L, -std::pow(2.0L, -(std::log2((long double)m) - 3)));
        std::vector<long double> s;
        for (int i = 0; i < m; ++i)
            s.push_back(start * std::pow(start, (long double)i));
        return s;
    };
    const long double exponent = std::log2((long double)n);
    if (exponent == std::floor(exponent))
        return powerOfTwo(n);
    const int closest = 1 << int(std::floor(exponent));
    std::vector<long double> s = powerOfTwo(closest);
    const std::vector<long double> twice = referenceSlopes(2 * closest);
    for (std::size_t i = 0; i < twice.size() && int(s.size()) < n; i += 2)
        s.push_back(twice[i]);
    return s;
}

using Wide = unsigned __int128;

Wide power(Wide x, int e)
{
    Wide r = 1;
    while (e-- > 0)
        r *= x;
    return r;
}

/// T5's bucket with exact integers, for max_exact and max_distance / max_exact powers of two:
/// beyond the exact buckets, bucket max_exact + k holds the distances n with
/// ⌊log(n/me)/log(md/me)·R⌋ = k, R = buckets − me; that is (n/me)^R ≥ (md/me)^k, which is
/// n^R ≥ 2^(R·log2 me + k·log2(md/me)) — integers, no logarithm.
int exactBucket(std::int64_t relative, bool bidirectional, int numBuckets, int maxDistance)
{
    int buckets = numBuckets, bucket = 0;
    std::int64_t n = 0;
    if (bidirectional) {
        buckets /= 2;
        bucket = relative > 0 ? buckets : 0;
        n = relative < 0 ? -relative : relative;
    } else {
        n = relative < 0 ? -relative : 0;
    }
    const int me = buckets / 2, r = buckets - me;
    if (n < me)
        return bucket + int(n);
    if (n >= maxDistance)
        return bucket + buckets - 1;
    const int logMe = int(std::lround(std::log2(me))), logRatio = int(std::lround(std::log2(maxDistance / me)));
    int k = 0;
    while (k + 1 < r && power(Wide(n), r) >= power(Wide(2), r * logMe + (k + 1) * logRatio))
        ++k;
    return bucket + me + k;
}

} // namespace

class TestPositionMethods : public QObject {
    Q_OBJECT
private slots:
    void alibiSlopesAreTheAuthors_data();
    void alibiSlopesAreTheAuthors();
    void alibiScoreIsMinusSlopeTimesDistance();
    void t5BucketsAreExactUpToAMillion_data();
    void t5BucketsAreExactUpToAMillion();
    void t5BucketsOfThePaper();
    void shawClipsTheDistance();
    void transformerXlRelativeTerm();
    void nopeIsTheCausalMaskAlone();
    void matrixIsTheScoreOfEveryPair();
    void badParametersAreNamed();
    void keysRoundTrip();
    void rotaryScoreSeriesIsRotaryScore_data();
    void rotaryScoreSeriesIsRotaryScore();
    void offsetsAreTheScoreOfEveryOffset_data();
    void offsetsAreTheScoreOfEveryOffset();
    void toeplitzBinsAreBlockMeans_data();
    void toeplitzBinsAreBlockMeans();
    void offsetMeansAreRunMeans();
    void seriesOfTheSameFrequenciesShareTheirRunSums();
    void gramBinsAreBlockMeans();
    void seriesBinsInClosedFormAreBlockMeans_data();
    void seriesBinsInClosedFormAreBlockMeans();
};

void TestPositionMethods::alibiSlopesAreTheAuthors_data()
{
    QTest::addColumn<int>("heads");
    for (int h = 1; h <= 64; ++h)
        QTest::addRow("H = %d", h) << h;
}

void TestPositionMethods::alibiSlopesAreTheAuthors()
{
    QFETCH(int, heads);
    const Eigen::VectorXd slopes = alibiSlopes(heads);
    const std::vector<long double> expected = referenceSlopes(heads);
    QCOMPARE(int(slopes.size()), heads);
    QCOMPARE(int(expected.size()), heads);
    for (int h = 0; h < heads; ++h) {
        const double relative = double(std::abs((long double)slopes[h] - expected[h]) / expected[h]);
        QVERIFY2(relative < 1e-15, qPrintable(QStringLiteral("head %1: %2, the authors' %3").arg(h + 1).arg(slopes[h], 0, 'g', 17)
                                                  .arg(double(expected[h]), 0, 'g', 17)));
    }
}

void TestPositionMethods::alibiScoreIsMinusSlopeTimesDistance()
{
    // The paper's 8 heads: 1/2, 1/4, … 1/256; 12 heads add 2^−0.5, 2^−1.5, 2^−2.5, 2^−3.5.
    const Eigen::VectorXd eight = alibiSlopes(8);
    for (int h = 0; h < 8; ++h)
        QCOMPARE(eight[h], std::ldexp(1.0, -(h + 1)));
    const Eigen::VectorXd twelve = alibiSlopes(12);
    for (int j = 0; j < 4; ++j)
        QCOMPARE(twelve[8 + j], std::pow(2.0, -0.5 - j));
    PositionMethodSpec spec;
    spec.heads = 8;
    spec.head = 3;
    spec.causal = false;
    const MethodVectors none = methodVectors(spec);
    QCOMPARE(positionMethodScore(PositionMethod::Alibi, spec, none, 10, 3), -0.125 * 7);
    QCOMPARE(positionMethodScore(PositionMethod::Alibi, spec, none, 3, 10), -0.125 * 7);
    QCOMPARE(positionMethodScore(PositionMethod::Alibi, spec, none, 5, 5), 0.0);
    spec.head = 0; // the mean over the heads
    QCOMPARE(positionMethodScore(PositionMethod::Alibi, spec, none, 4, 0), -4 * (255.0 / 256) / 8);
    spec.causal = true;
    QVERIFY(std::isinf(positionMethodScore(PositionMethod::Alibi, spec, none, 3, 4)));
    QVERIFY(positionMethodScore(PositionMethod::Alibi, spec, none, 4, 3) < 0);
}

void TestPositionMethods::t5BucketsAreExactUpToAMillion_data()
{
    QTest::addColumn<bool>("bidirectional");
    QTest::addColumn<int>("numBuckets");
    QTest::addColumn<int>("maxDistance");
    QTest::addRow("encoder 32 / 128 (T5)") << true << 32 << 128;
    QTest::addRow("decoder 32 / 128 (T5)") << false << 32 << 128;
    QTest::addRow("encoder 16 / 64") << true << 16 << 64;
    QTest::addRow("encoder 64 / 256") << true << 64 << 256;
    QTest::addRow("decoder 16 / 256") << false << 16 << 256;
}

void TestPositionMethods::t5BucketsAreExactUpToAMillion()
{
    QFETCH(bool, bidirectional);
    QFETCH(int, numBuckets);
    QFETCH(int, maxDistance);
    for (std::int64_t n = 0; n <= 1000000; ++n)
        for (std::int64_t relative : {n, -n}) {
            const int got = t5RelativeBucket(relative, bidirectional, numBuckets, maxDistance);
            const int expected = exactBucket(relative, bidirectional, numBuckets, maxDistance);
            if (got != expected)
                QFAIL(qPrintable(QStringLiteral("j − i = %1: bucket %2, exactly %3").arg(relative).arg(got).arg(expected)));
        }
}

void TestPositionMethods::t5BucketsOfThePaper()
{
    // Encoder, 32 buckets, 128: keys before the query in 0…15, after it in 16…31; 0…7 exact;
    // 8 at distance 8, 10 at 16 (a tie: log 2 / log 16 · 8 = 2 exactly), 15 from 128 on.
    QCOMPARE(t5RelativeBucket(0, true, 32, 128), 0);
    QCOMPARE(t5RelativeBucket(-7, true, 32, 128), 7);
    QCOMPARE(t5RelativeBucket(7, true, 32, 128), 23);
    QCOMPARE(t5RelativeBucket(-8, true, 32, 128), 8);
    QCOMPARE(t5RelativeBucket(-15, true, 32, 128), 9);
    QCOMPARE(t5RelativeBucket(-16, true, 32, 128), 10);
    QCOMPARE(t5RelativeBucket(-127, true, 32, 128), 15);
    QCOMPARE(t5RelativeBucket(-128, true, 32, 128), 15);
    QCOMPARE(t5RelativeBucket(1000000, true, 32, 128), 31);
    // Decoder: future keys all in bucket 0 (they are masked anyway).
    QCOMPARE(t5RelativeBucket(5, false, 32, 128), 0);
    QCOMPARE(t5RelativeBucket(-20, false, 32, 128), exactBucket(-20, false, 32, 128));
    PositionMethodSpec spec;
    const MethodVectors vectors = methodVectors(spec);
    QCOMPARE(int(vectors.t5Bias.size()), 32);
    QCOMPARE(positionMethodScore(PositionMethod::T5Buckets, spec, vectors, 20, 4), vectors.t5Bias[10]);
    spec.bidirectional = false;
    QVERIFY(std::isinf(positionMethodScore(PositionMethod::T5Buckets, spec, vectors, 4, 20)));
}

void TestPositionMethods::shawClipsTheDistance()
{
    for (std::int64_t r = -20; r <= 20; ++r)
        QCOMPARE(shawClippedDistance(r, 4), std::max<std::int64_t>(-4, std::min<std::int64_t>(4, r)));
    PositionMethodSpec spec;
    spec.clip = 3;
    spec.causal = false;
    const MethodVectors vectors = methodVectors(spec);
    QCOMPARE(positionMethodScore(PositionMethod::Shaw, spec, vectors, 10, 2), -3.0);
    QCOMPARE(positionMethodScore(PositionMethod::Shaw, spec, vectors, 2, 4), 2.0);
}

void TestPositionMethods::transformerXlRelativeTerm()
{
    // R_r = [sin(r ω_0) … sin(r ω_{⌈d/2⌉−1}), cos(r ω_0) …], ω_k = base^(−2k/d) (the authors'
    // torch.cat([sin, cos])), and the score q·R_{i−j} + v·R_{i−j}.
    for (int d : {64, 7}) {
        for (long double r : {0.0L, 1.0L, 5.0L, 99.0L}) {
            const Eigen::VectorXd got = transformerXlRelativeEncoding(double(r), d, 10000.0);
            QCOMPARE(int(got.size()), d);
            const int sines = (d + 1) / 2;
            for (int k = 0; k < sines; ++k) {
                const long double angle = r * std::pow(10000.0L, -2.0L * k / d);
                // The angle in double is within a few units in the last place of r·ω_k.
                const double tolerance = 4e-16 * double(1 + r);
                QVERIFY(std::abs(got[k] - double(std::sin(angle))) < tolerance);
                if (sines + k < d)
                    QVERIFY(std::abs(got[sines + k] - double(std::cos(angle))) < tolerance);
            }
        }
    }
    PositionMethodSpec spec;
    spec.dModel = 16;
    const MethodVectors vectors = methodVectors(spec);
    QCOMPARE(int(vectors.xlQuery.size()), 16);
    QCOMPARE(int(vectors.xlV.size()), 16);
    long double expected = 0;
    for (int k = 0; k < 8; ++k) {
        const long double angle = 3 * std::pow(10000.0L, -2.0L * k / 16);
        expected += (vectors.xlQuery[k] + (long double)vectors.xlV[k]) * std::sin(angle)
                  + (vectors.xlQuery[8 + k] + (long double)vectors.xlV[8 + k]) * std::cos(angle);
    }
    QVERIFY(std::abs(positionMethodScore(PositionMethod::TransformerXl, spec, vectors, 7, 4) - double(expected)) < 1e-12);
    QCOMPARE(positionMethodScore(PositionMethod::TransformerXl, spec, vectors, 107, 104),
             positionMethodScore(PositionMethod::TransformerXl, spec, vectors, 7, 4));
    QVERIFY(std::isinf(positionMethodScore(PositionMethod::TransformerXl, spec, vectors, 4, 7)));
}

void TestPositionMethods::nopeIsTheCausalMaskAlone()
{
    const PositionMethodSpec spec;
    const MethodVectors vectors = methodVectors(spec);
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) {
            const double s = positionMethodScore(PositionMethod::NoPe, spec, vectors, i, j);
            if (j > i)
                QVERIFY(std::isinf(s) && s < 0);
            else
                QCOMPARE(s, 0.0);
        }
}

void TestPositionMethods::matrixIsTheScoreOfEveryPair()
{
    PositionMethodSpec spec;
    spec.heads = 12;
    spec.head = 5;
    spec.causal = false;
    const MethodVectors vectors = methodVectors(spec);
    for (PositionMethod method : allPositionMethods) {
        const auto m = positionMethodMatrix(method, spec, 30, 7, 25, 11);
        QCOMPARE(int(m.rows()), 7);
        QCOMPARE(int(m.cols()), 11);
        for (int r = 0; r < 7; ++r)
            for (int c = 0; c < 11; ++c) {
                const double expected = positionMethodScore(method, spec, vectors, 30 + r, 25 + c);
                if (std::isinf(expected))
                    QVERIFY(std::isinf(m(r, c)) && m(r, c) < 0);
                else
                    QCOMPARE(m(r, c), expected);
            }
    }
}

void TestPositionMethods::badParametersAreNamed()
{
    QVERIFY(!positionMethodValidationError(PositionMethodSpec{}));
    const auto error = [](auto change) {
        PositionMethodSpec spec;
        change(spec);
        return QString::fromStdString(positionMethodValidationError(spec).value_or(std::string()));
    };
    QVERIFY(error([](auto& s) { s.heads = 0; }).contains(QLatin1String("heads 0")));
    QVERIFY(error([](auto& s) { s.head = 9; }).contains(QLatin1String("head 9")));
    QVERIFY(error([](auto& s) { s.numBuckets = 2; }).contains(QLatin1String("num_buckets 2")));
    QVERIFY(error([](auto& s) { s.maxDistance = 16; }).contains(QLatin1String("max_distance 16")));
    QVERIFY(error([](auto& s) { s.clip = 0; }).contains(QLatin1String("clip 0")));
    QVERIFY(error([](auto& s) { s.base = std::numeric_limits<double>::quiet_NaN(); }).contains(QLatin1String("base")));
}

void TestPositionMethods::keysRoundTrip()
{
    for (PositionMethod method : allPositionMethods)
        QCOMPARE(parsePositionMethod(positionMethodKey(method)), std::optional<PositionMethod>(method));
    QCOMPARE(parsePositionMethod("rope"), std::optional<PositionMethod>());
}

void TestPositionMethods::rotaryScoreSeriesIsRotaryScore_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<qint64>("first");
    QTest::newRow("d 64 around 0") << 64 << qint64(-300);
    QTest::newRow("d 65 (one dimension not turned)") << 65 << qint64(-300);
    QTest::newRow("d 128 near a million") << 128 << qint64(999'000);
    QTest::newRow("d 2 far before") << 2 << qint64(-1'000'000);
}

void TestPositionMethods::rotaryScoreSeriesIsRotaryScore()
{
    // rope.h's rotaryScore rotates q by i·θ and k by j·θ and takes the dot product: the series
    // must give the same number for every offset δ = i − j, with i and j anywhere.
    QFETCH(int, dModel);
    QFETCH(qint64, first);
    const Eigen::VectorXd q = pseudoRandomWordVector("q", dModel) * std::sqrt(double(dModel));
    const Eigen::VectorXd k = pseudoRandomWordVector("k", dModel) * std::sqrt(double(dModel));
    const Eigen::VectorXd theta = ropeFrequencies(dModel, 10000.0);
    Eigen::VectorXd values(600);
    evaluateOffsetSeries(rotaryScoreSeries(q, k, theta), first, values);
    const double scale = q.norm() * k.norm();
    for (Eigen::Index i = 0; i < values.size(); ++i) {
        const double delta = double(first + i);
        // The key at 7 and the query 7 + δ: only their difference may matter.
        const double expected = rotaryScore(q, k, 7 + delta, 7, theta);
        QVERIFY2(std::abs(values[i] - expected) <= 1e-9 * scale,
                 qPrintable(QStringLiteral("δ = %1: series %2, rotaryScore %3").arg(delta).arg(values[i]).arg(expected)));
    }
}

void TestPositionMethods::offsetsAreTheScoreOfEveryOffset_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<bool>("causal");
    for (PositionMethod m : allPositionMethods)
        for (bool causal : {true, false})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QString::fromUtf8(positionMethodKey(m).data()))
                                         .arg(causal ? QStringLiteral("causal") : QStringLiteral("both ways"))))
                << int(m) << causal;
}

void TestPositionMethods::offsetsAreTheScoreOfEveryOffset()
{
    QFETCH(int, method);
    QFETCH(bool, causal);
    PositionMethodSpec spec;
    spec.causal = causal;
    spec.bidirectional = !causal;
    spec.heads = 12;
    spec.head = 5;
    spec.dModel = 48;
    const MethodVectors vectors = methodVectors(spec);
    const auto m = PositionMethod(method);
    for (const qint64 first : {qint64(-700), qint64(999'500)}) {
        Eigen::VectorXd values(1400);
        positionMethodOffsets(m, spec, vectors, first, values);
        for (Eigen::Index i = 0; i < values.size(); ++i) {
            const double expected = positionMethodScore(m, spec, vectors, first + i, 0);
            if (std::isinf(expected)) {
                QCOMPARE(values[i], expected);
                continue;
            }
            // Transformer-XL's rotations drift by a few ulps of Σ|weights| (≈ 2·d here).
            QVERIFY2(std::abs(values[i] - expected) <= 1e-10 * (1 + std::abs(expected)) + 1e-11 * spec.dModel,
                     qPrintable(QStringLiteral("δ = %1: %2, expected %3").arg(first + i).arg(values[i]).arg(expected)));
        }
    }
}

void TestPositionMethods::toeplitzBinsAreBlockMeans_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<qint64>("length");
    QTest::addColumn<qint64>("bins");
    QTest::newRow("ALiBi causal 37 in 5") << int(PositionMethod::Alibi) << qint64(37) << qint64(5);
    QTest::newRow("ALiBi causal 37 exact") << int(PositionMethod::Alibi) << qint64(37) << qint64(37);
    QTest::newRow("T5 both ways 300 in 7") << int(PositionMethod::T5Buckets) << qint64(300) << qint64(7);
    QTest::newRow("Transformer-XL 257 in 16") << int(PositionMethod::TransformerXl) << qint64(257) << qint64(16);
    QTest::newRow("NoPE 50 in 3") << int(PositionMethod::NoPe) << qint64(50) << qint64(3);
    QTest::newRow("Shaw 1 in 1") << int(PositionMethod::Shaw) << qint64(1) << qint64(1);
}

void TestPositionMethods::toeplitzBinsAreBlockMeans()
{
    // Every block mean against the full matrix summed cell by cell in long double.
    QFETCH(int, method);
    QFETCH(qint64, length);
    QFETCH(qint64, bins);
    PositionMethodSpec spec;
    const auto m = PositionMethod(method);
    const RowMatrix full = positionMethodMatrix(m, spec, 0, length, 0, length);
    Eigen::VectorXd byOffset(2 * length - 1);
    positionMethodOffsets(m, spec, methodVectors(spec), -(length - 1), byOffset);
    RowMatrix binned(bins, bins);
    fillToeplitzBinned(byOffset, length, binned);
    for (qint64 r = 0; r < bins; ++r)
        for (qint64 c = 0; c < bins; ++c) {
            long double sum = 0;
            qint64 count = 0;
            for (qint64 i = binStart(length, bins, r); i < binStart(length, bins, r + 1); ++i)
                for (qint64 j = binStart(length, bins, c); j < binStart(length, bins, c + 1); ++j)
                    if (!std::isinf(full(i, j))) {
                        sum += full(i, j);
                        ++count;
                    }
            if (count == 0) {
                QVERIFY2(std::isnan(binned(r, c)), qPrintable(QStringLiteral("block %1, %2 is all masked").arg(r).arg(c)));
                continue;
            }
            const double expected = double(sum / count);
            QVERIFY2(std::abs(binned(r, c) - expected) <= 1e-12 * (1 + std::abs(expected)),
                     qPrintable(QStringLiteral("block %1, %2: %3, cell by cell %4").arg(r).arg(c).arg(binned(r, c)).arg(expected)));
        }
}

void TestPositionMethods::offsetMeansAreRunMeans()
{
    const double inf = std::numeric_limits<double>::infinity();
    Eigen::VectorXd values(7);
    values << -inf, -inf, -inf, 1, 2, 3, 6;
    const Eigen::VectorXd means = binnedOffsetMeans(values, 3); // runs [0,2) [2,4) [4,7)
    QVERIFY(std::isnan(means[0]));
    QCOMPARE(means[1], 1.0);
    QCOMPARE(means[2], 11.0 / 3);
    QCOMPARE(binnedOffsetMeans(values, 100).size(), 7); // never more runs than values
}

void TestPositionMethods::gramBinsAreBlockMeans()
{
    RowMatrix table(10, 3);
    for (int i = 0; i < 10; ++i)
        table.row(i) = pseudoRandomWordVector("row " + std::to_string(i), 3).transpose();
    RowMatrix binned(3, 3);
    fillGramBinned(table, binned); // rows [0,3) [3,6) [6,10)
    const RowMatrix gram = table * table.transpose();
    const int starts[] = {0, 3, 6, 10};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            const auto block = gram.block(starts[r], starts[c], starts[r + 1] - starts[r], starts[c + 1] - starts[c]);
            QVERIFY(std::abs(binned(r, c) - block.mean()) < 1e-14);
        }
}

void TestPositionMethods::seriesBinsInClosedFormAreBlockMeans_data()
{
    QTest::addColumn<qint64>("length");
    QTest::addColumn<qint64>("bins");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("rope");
    QTest::newRow("Transformer-XL 300 in 7, causal") << qint64(300) << qint64(7) << true << false;
    QTest::newRow("Transformer-XL 1000 in 13") << qint64(1000) << qint64(13) << false << false;
    QTest::newRow("RoPE 301 in 10, causal") << qint64(301) << qint64(10) << true << true;
    QTest::newRow("RoPE 20 exact") << qint64(20) << qint64(20) << false << true;
}

void TestPositionMethods::seriesBinsInClosedFormAreBlockMeans()
{
    // The closed forms (geometric sums, one matrix product) against the prefix sums over every
    // offset, which the tests above check cell by cell; and the curve's run means likewise.
    QFETCH(qint64, length);
    QFETCH(qint64, bins);
    QFETCH(bool, causal);
    QFETCH(bool, rope);
    PositionMethodSpec spec;
    spec.dModel = 33;
    spec.causal = causal;
    const OffsetSeries series = rope ? rotaryScoreSeries(pseudoRandomWordVector("q", 32) * 6, pseudoRandomWordVector("k", 32) * 6,
                                                         ropeFrequencies(32, 10000.0))
                                     : transformerXlSeries(spec, methodVectors(spec));
    Eigen::VectorXd g(2 * length - 1);
    evaluateOffsetSeries(series, -(length - 1), g);
    if (causal)
        g.head(length - 1).setConstant(-std::numeric_limits<double>::infinity());
    RowMatrix expected(bins, bins), closed(bins, bins);
    fillToeplitzBinned(g, length, expected);
    fillOffsetSeriesBinned(series, length, causal, closed);
    const double scale = series.cosine.cwiseAbs().sum() + series.sine.cwiseAbs().sum();
    for (qint64 r = 0; r < bins; ++r)
        for (qint64 c = 0; c < bins; ++c) {
            if (std::isnan(expected(r, c))) {
                QVERIFY2(std::isnan(closed(r, c)), qPrintable(QStringLiteral("block %1, %2 should be masked").arg(r).arg(c)));
                continue;
            }
            QVERIFY2(std::abs(closed(r, c) - expected(r, c)) <= 1e-11 * scale,
                     qPrintable(QStringLiteral("block %1, %2: closed form %3, prefix sums %4").arg(r).arg(c)
                                    .arg(closed(r, c)).arg(expected(r, c))));
        }
    const Eigen::VectorXd runs = offsetSeriesRunMeans(series, -(length - 1), 2 * length - 1, 9, causal);
    const Eigen::VectorXd reference = binnedOffsetMeans(g, 9);
    for (Eigen::Index b = 0; b < runs.size(); ++b) {
        if (std::isnan(reference[b])) {
            QVERIFY(std::isnan(runs[b]));
            continue;
        }
        QVERIFY2(std::abs(runs[b] - reference[b]) <= 1e-11 * scale,
                 qPrintable(QStringLiteral("run %1: %2, expected %3").arg(b).arg(runs[b]).arg(reference[b])));
    }
}

void TestPositionMethods::seriesOfTheSameFrequenciesShareTheirRunSums()
{
    // The methods view sums the sinusoid's and RoPE's curves together when their frequencies
    // agree to the bit: each column must be that series' own run means, whatever the runs.
    const Eigen::VectorXd omega = pe::core::ropeFrequencies(96, 10000.0);
    std::mt19937 generator(3);
    std::normal_distribution<double> normal;
    std::vector<OffsetSeries> series(3);
    for (OffsetSeries& s : series) {
        s.omega = omega;
        s.cosine = Eigen::VectorXd::NullaryExpr(omega.size(), [&] { return normal(generator); });
        s.sine = Eigen::VectorXd::NullaryExpr(omega.size(), [&] { return normal(generator); });
    }
    for (const bool masked : {false, true})
        for (const std::int64_t bins : {1, 7, 600}) {
            const Eigen::MatrixXd together = offsetSeriesRunMeans(series, -99999, 199999, bins, masked);
            QCOMPARE(together.cols(), Eigen::Index(3));
            for (int j = 0; j < 3; ++j) {
                const Eigen::VectorXd alone = offsetSeriesRunMeans(series[std::size_t(j)], -99999, 199999, bins, masked);
                QCOMPARE(together.rows(), alone.size());
                for (Eigen::Index b = 0; b < alone.size(); ++b)
                    QVERIFY((std::isnan(alone[b]) && std::isnan(together(b, j))) || together(b, j) == alone[b]);
            }
        }
    // Frequencies a bit apart are refused, not summed with the wrong phases.
    series[1].omega[5] = std::nextafter(series[1].omega[5], 1.0);
    QVERIFY_THROWS_EXCEPTION(pe::core::SpecError, offsetSeriesRunMeans(series, 0, 100, 5, false));
    // RoPE's frequencies are the sinusoid's to the bit (the sharing depends on it).
    for (const int d : {64, 127, 4095, 4096})
        for (const double base : {10.0, 10000.0, 500000.0}) {
            pe::core::EncodingSpec spec;
            spec.dModel = d;
            spec.base = base;
            QVERIFY(pe::core::ropeFrequencies(d, base) == pe::core::angularFrequencies(spec).head(d / 2));
        }
}

QTEST_APPLESS_MAIN(TestPositionMethods)
#include "tst_positionmethods.moc"
