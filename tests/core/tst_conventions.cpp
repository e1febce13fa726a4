// SPDX-License-Identifier: MIT
// The conventions compared side by side, and the two textbook mistakes, against the code they
// come from written out here in long double (never a core function).
#include "core/conventions.h"
#include "core/encoding.h"
#include "reference.h"

#include <QtTest>

#include <cmath>

using namespace pe::core;

namespace {

/// The published code of each variant, loop by loop, in long double: the value of column c at
/// position p (layout: interleaved 2k/2k+1 or split k/S+k, S the number of sine columns).
long double textbookValue(int d, long double base, Layout layout, FrequencyVariant variant, std::int64_t p, int column)
{
    // tensor2tensor's get_timing_signal_1d has n = d // 2 timescales and pads an odd d with a
    // zero column (fairseq too); the other variants end an odd d with a lone sine.
    const bool t2t = variant == FrequencyVariant::Tensor2Tensor;
    if (t2t && d % 2 == 1 && column == d - 1)
        return 0;
    const int sines = t2t ? d / 2 : (d + 1) / 2;
    const int k = layout == Layout::Interleaved ? column / 2 : (column < sines ? column : column - sines);
    const bool isSin = layout == Layout::Interleaved ? column % 2 == 0 : column < sines;
    const int i = 2 * k; // the loop variable `for i in range(0, d, 2)`
    long double denominator = 1;
    switch (variant) {
    case FrequencyVariant::Paper: denominator = std::pow(base, static_cast<long double>(i) / d); break;
    // tensor2tensor: inv_timescales = exp(−k·ln(base)/max(n − 1, 1)), n = d // 2
    case FrequencyVariant::Tensor2Tensor:
        denominator = std::pow(base, static_cast<long double>(k) / std::max(d / 2 - 1, 1));
        break;
    // "Transformers for NLP": sin(pos / base ** ((2 * i) / d)), cos(pos / base ** ((2 * i) / d))
    case FrequencyVariant::DoubledExponent: denominator = std::pow(base, 2.0L * i / d); break;
    // Embed.py: sin(pos / base ** ((2 * i) / d)), cos(pos / base ** ((2 * (i + 1)) / d))
    case FrequencyVariant::ShiftedCosine:
        denominator = std::pow(base, (isSin ? 2.0L * i : 2.0L * (i + 1)) / d);
        break;
    }
    const long double angle = static_cast<long double>(p) / denominator;
    return isSin ? std::sin(angle) : std::cos(angle);
}

EncodingSpec spec(int d, Layout layout = Layout::Interleaved, FrequencyRule rule = FrequencyRule::Paper,
                  std::int64_t first = 0, std::int64_t maxLen = 100)
{
    return ref::makeSpec(d, layout, rule, 10000.0, first, maxLen);
}

} // namespace

class TestConventions : public QObject {
    Q_OBJECT

private slots:
    void namesRoundTrip();
    void comparisonChangesOneThing();
    void valuesMatchTheTextbookCode_data();
    void valuesMatchTheTextbookCode();
    void cleanConventionsAreTheSpec();
    void binnedIsTheAverage_data();
    void binnedIsTheAverage();
    void shiftedCosineBreaksTheRotation();
    void doubledExponentMakesHalfThePairsSlow();
    void badInputIsRefused();
};

void TestConventions::namesRoundTrip()
{
    for (Comparison c : {Comparison::Layout, Comparison::Frequencies, Comparison::FirstPosition,
                         Comparison::DoubledExponent, Comparison::ShiftedCosine})
        QCOMPARE(parseComparison(comparisonName(c)), std::optional<Comparison>(c));
    QCOMPARE(comparisonName(Comparison::FirstPosition), std::string_view("first-position"));
    QVERIFY(!parseComparison("Layout"));
    QVERIFY(!isMistake(FrequencyVariant::Paper) && !isMistake(FrequencyVariant::Tensor2Tensor));
    QVERIFY(isMistake(FrequencyVariant::DoubledExponent) && isMistake(FrequencyVariant::ShiftedCosine));
}

void TestConventions::comparisonChangesOneThing()
{
    const EncodingSpec s = spec(16, Layout::Interleaved, FrequencyRule::Paper, 0);
    QCOMPARE(comparedConvention(s, Comparison::Layout), (Convention{Layout::Split, FrequencyVariant::Paper, 0}));
    QCOMPARE(comparedConvention(s, Comparison::Frequencies), (Convention{Layout::Interleaved, FrequencyVariant::Tensor2Tensor, 0}));
    QCOMPARE(comparedConvention(s, Comparison::FirstPosition), (Convention{Layout::Interleaved, FrequencyVariant::Paper, 2}));
    QCOMPARE(comparedConvention(s, Comparison::ShiftedCosine), (Convention{Layout::Interleaved, FrequencyVariant::ShiftedCosine, 0}));
    const EncodingSpec fairseq = spec(16, Layout::Split, FrequencyRule::Tensor2Tensor, 2);
    QCOMPARE(comparedConvention(fairseq, Comparison::Layout), (Convention{Layout::Interleaved, FrequencyVariant::Tensor2Tensor, 2}));
    QCOMPARE(comparedConvention(fairseq, Comparison::Frequencies), (Convention{Layout::Split, FrequencyVariant::Paper, 2}));
    QCOMPARE(comparedConvention(fairseq, Comparison::FirstPosition), (Convention{Layout::Split, FrequencyVariant::Tensor2Tensor, 0}));
    QCOMPARE(comparedConvention(fairseq, Comparison::DoubledExponent), (Convention{Layout::Split, FrequencyVariant::DoubledExponent, 2}));
}

void TestConventions::valuesMatchTheTextbookCode_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<FrequencyVariant>("variant");
    QTest::addColumn<qint64>("first");
    for (int d : {1, 7, 64})
        for (Layout l : {Layout::Interleaved, Layout::Split})
            for (FrequencyVariant v : {FrequencyVariant::Paper, FrequencyVariant::Tensor2Tensor,
                                       FrequencyVariant::DoubledExponent, FrequencyVariant::ShiftedCosine})
                for (qint64 first : {qint64{0}, qint64{2}, qint64{999990}})
                    QTest::addRow("d%d %s %s first %lld", d, ref::layoutTag(l), frequencyVariantName(v).data(), first)
                        << d << l << v << first;
}

void TestConventions::valuesMatchTheTextbookCode()
{
    QFETCH(int, d);
    QFETCH(Layout, layout);
    QFETCH(FrequencyVariant, variant);
    QFETCH(qint64, first);
    const EncodingSpec s = spec(d);
    const Convention c{layout, variant, first};
    double worst = 0;
    for (std::int64_t row = 0; row < 12; ++row)
        for (int col = 0; col < d; ++col)
            worst = std::max(worst, static_cast<double>(std::fabs(conventionValue(s, c, row, col)
                                                                 - textbookValue(d, 10000.0L, layout, variant, first + row, col))));
    // Angles up to 10^6 in long double (64-bit mantissa) are good to ~1e−13 in the reference.
    QVERIFY2(worst < (first > 1000 ? 1e-12 : 1e-15), qPrintable(QString("largest difference %1").arg(worst)));
}

void TestConventions::cleanConventionsAreTheSpec()
{
    // The spec's own convention gives the spec's encoding, row for row (rows start at its first position).
    for (const EncodingSpec& s : {spec(10, Layout::Split, FrequencyRule::Tensor2Tensor, 2, 40),
                                  spec(9, Layout::Interleaved, FrequencyRule::Paper, 0, 40)}) {
        RowMatrix m(40, s.dModel);
        fillBinnedConvention(s, conventionOf(s), 0, 40, m);
        QVERIFY(ref::maxError(m, ref::rows(s, s.firstPosition, 40)) < 1e-14);
    }
}

void TestConventions::binnedIsTheAverage_data()
{
    QTest::addColumn<int>("variant");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("bins");
    for (int v = 0; v < 4; ++v) {
        QTest::addRow("%s 1000 in 7", frequencyVariantName(FrequencyVariant(v)).data()) << v << qint64{1000} << qint64{7};
        QTest::addRow("%s 30 in 30", frequencyVariantName(FrequencyVariant(v)).data()) << v << qint64{30} << qint64{30};
        QTest::addRow("%s 101 in 50", frequencyVariantName(FrequencyVariant(v)).data()) << v << qint64{101} << qint64{50};
        // Many bins: the phases between re-anchorings must not drift.
        QTest::addRow("%s 20011 in 700", frequencyVariantName(FrequencyVariant(v)).data()) << v << qint64{20011} << qint64{700};
    }
}

void TestConventions::binnedIsTheAverage()
{
    QFETCH(int, variant);
    QFETCH(qint64, rows);
    QFETCH(qint64, bins);
    const int d = 12;
    const EncodingSpec s = spec(d, Layout::Interleaved, FrequencyRule::Paper, 0, rows);
    const Convention c{Layout::Split, FrequencyVariant(variant), 3};
    const std::int64_t firstRow = 5;
    RowMatrix m(bins, d);
    fillBinnedConvention(s, c, firstRow, rows, m);
    double worst = 0;
    for (std::int64_t b = 0; b < bins; ++b) {
        // The bins are the documented ⌊rows·b/bins⌋ boundaries; the average is summed here.
        const std::int64_t from = rows * b / bins, to = rows * (b + 1) / bins;
        for (int col = 0; col < d; ++col) {
            long double sum = 0;
            for (std::int64_t r = from; r < to; ++r)
                sum += textbookValue(d, 10000.0L, Layout::Split, FrequencyVariant(variant), 3 + firstRow + r, col);
            worst = std::max(worst, static_cast<double>(std::fabs(m(b, col) - sum / (to - from))));
        }
    }
    QVERIFY2(worst < 1e-12, qPrintable(QString("largest difference %1").arg(worst)));

    // Averaged over 5 bins of the 12 columns as each row is made (a map narrower than d_model):
    // each pixel the mean of the cells under it, fractions of a cell weighed by their share,
    // summed here from the textbook values.
    const int columnBins = 5;
    RowMatrix averaged(bins, columnBins);
    fillBinnedConventionAveraged(s, c, firstRow, rows, averaged);
    worst = 0;
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t from = rows * b / bins, to = rows * (b + 1) / bins;
        for (int j = 0; j < columnBins; ++j) {
            const long double left = static_cast<long double>(d) * j / columnBins, right = static_cast<long double>(d) * (j + 1) / columnBins;
            long double sum = 0;
            for (int col = 0; col < d; ++col) {
                const long double share = std::max(0.0L, std::min(right, col + 1.0L) - std::max(left, static_cast<long double>(col)));
                for (std::int64_t r = from; share > 0 && r < to; ++r)
                    sum += share * textbookValue(d, 10000.0L, Layout::Split, FrequencyVariant(variant), 3 + firstRow + r, col);
            }
            worst = std::max(worst, static_cast<double>(std::fabs(averaged(b, j) - sum / (to - from) / (right - left))));
        }
    }
    QVERIFY2(worst < 1e-12, qPrintable(QString("averaged over columns: largest difference %1").arg(worst)));
}

void TestConventions::shiftedCosineBreaksTheRotation()
{
    // A pair whose sine and cosine share ω turns by kω: M_k·PE(p) = PE(p+k). The shifted
    // cosine's pair does not: its residual is of order one, whatever p.
    const EncodingSpec s = spec(64);
    for (FrequencyVariant v : {FrequencyVariant::Paper, FrequencyVariant::Tensor2Tensor, FrequencyVariant::DoubledExponent})
        for (std::int64_t p : {0, 17, 5000})
            QVERIFY(conventionRotationResidual(s, {Layout::Interleaved, v, 0}, p, 7) < 1e-13);
    // The explicit residual of the mistake at p = 17, k = 7, from the textbook code.
    long double squares = 0;
    for (int k = 0; k < 32; ++k) {
        const long double ws = std::pow(10000.0L, -4.0L * k / 64), wc = std::pow(10000.0L, -(4.0L * k + 2) / 64);
        const long double s0 = std::sin(17 * ws), c0 = std::cos(17 * wc);
        const long double rs = std::cos(7 * ws) * s0 + std::sin(7 * ws) * c0;
        const long double rc = -std::sin(7 * ws) * s0 + std::cos(7 * ws) * c0;
        squares += std::pow(rs - std::sin(24 * ws), 2) + std::pow(rc - std::cos(24 * wc), 2);
    }
    const double residual = conventionRotationResidual(s, {Layout::Interleaved, FrequencyVariant::ShiftedCosine, 0}, 17, 7);
    QCOMPARE_LE(std::abs(residual - static_cast<double>(std::sqrt(squares))), 1e-14);
    QVERIFY2(residual > 0.1, qPrintable(QString("residual %1").arg(residual)));
}

void TestConventions::doubledExponentMakesHalfThePairsSlow()
{
    // base^(−4k/d) < 1/base once 4k/d > 1: the pairs k > d/4 are slower than any clean pair.
    QCOMPARE(pairsSlowerThanBase(spec(64), FrequencyVariant::Paper), 0);
    QCOMPARE(pairsSlowerThanBase(spec(64), FrequencyVariant::Tensor2Tensor), 0);
    QCOMPARE(pairsSlowerThanBase(spec(64), FrequencyVariant::DoubledExponent), 15); // k = 17 … 31
    QCOMPARE(pairsSlowerThanBase(spec(512), FrequencyVariant::ShiftedCosine), 127); // k = 129 … 255
}

void TestConventions::badInputIsRefused()
{
    const EncodingSpec s = spec(8);
    QVERIFY_THROWS_EXCEPTION(SpecError, conventionValue(s, {}, 0, 8));
    QVERIFY_THROWS_EXCEPTION(SpecError, conventionValue(s, {}, -1, 0));
    RowMatrix wrong(3, 7);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedConvention(s, {}, 0, 10, wrong));
    RowMatrix tooMany(11, 8);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedConvention(s, {}, 0, 10, tooMany));
    RowMatrix tooWide(3, 9), none(3, 0);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedConventionAveraged(s, {}, 0, 10, tooWide));
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedConventionAveraged(s, {}, 0, 10, none));
    RowMatrix narrow(11, 4);
    QVERIFY_THROWS_EXCEPTION(SpecError, fillBinnedConventionAveraged(s, {}, 0, 10, narrow)); // more bins than rows
    QVERIFY_THROWS_EXCEPTION(SpecError, conventionRotationResidual(s, {}, 3, -4));
    QVERIFY_THROWS_EXCEPTION(SpecError, variantFrequencies(s, FrequencyVariant::Paper, 4));
}

QTEST_APPLESS_MAIN(TestConventions)
#include "tst_conventions.moc"
