// SPDX-License-Identifier: MIT
// Validation of EncodingSpec, the matrix size guard, the column layout and the name parsers.
#include "core/encoding.h"
#include "core/rotation.h"
#include "core/similarity.h"
#include "core/spec.h"

#include <QRegularExpression>
#include <QtTest>

#include <limits>
#include <set>

using namespace pe::core;

Q_DECLARE_METATYPE(pe::core::EncodingSpec)

class TestSpec : public QObject {
    Q_OBJECT

private slots:
    void rejectsOutOfRange_data();
    void rejectsOutOfRange();
    void acceptsEdgeValues_data();
    void acceptsEdgeValues();
    void rejectsUnknownEnums();
    void matrixSizeGuard();
    void refusesHugeMatricesBeforeAllocating();
    void pairCounts();
    void columnRolesByExample();
    void columnRolesAreABijection();
    void names();
};

void TestSpec::rejectsOutOfRange_data()
{
    // Each pattern is a regular expression the message must match: the field, the rejected
    // value as written, and each end of the allowed range.
    QTest::addColumn<EncodingSpec>("spec");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("range");

    const auto with = [](auto change) {
        EncodingSpec s;
        change(s);
        return s;
    };
    const QStringList dRange{"\\b1\\b", "\\b65536\\b"};
    const QStringList lenRange{"\\b1\\b", "\\b2147483648\\b"};
    const QStringList baseRange{"\\b1\\b", "(1e\\+?12|1000000000000)"};
    const QStringList firstRange{"\\b0\\b", "\\b1099511627776\\b"};
    const QString firstName = "first[ _-]position";

    QTest::newRow("d_model 0") << with([](EncodingSpec& s) { s.dModel = 0; }) << "d_model" << "= 0\\b" << dRange;
    QTest::newRow("d_model -1") << with([](EncodingSpec& s) { s.dModel = -1; }) << "d_model" << "-1\\b" << dRange;
    QTest::newRow("d_model 65537") << with([](EncodingSpec& s) { s.dModel = 65537; }) << "d_model" << "65537" << dRange;
    QTest::newRow("max_len 0") << with([](EncodingSpec& s) { s.maxLen = 0; }) << "max_len" << "= 0\\b" << lenRange;
    QTest::newRow("max_len -5") << with([](EncodingSpec& s) { s.maxLen = -5; }) << "max_len" << "-5\\b" << lenRange;
    QTest::newRow("max_len 2^31+1") << with([](EncodingSpec& s) { s.maxLen = (std::int64_t{1} << 31) + 1; })
                                    << "max_len" << "2147483649" << lenRange;
    QTest::newRow("base 1") << with([](EncodingSpec& s) { s.base = 1.0; }) << "base" << "= 1\\b" << baseRange;
    QTest::newRow("base 0.5") << with([](EncodingSpec& s) { s.base = 0.5; }) << "base" << "0\\.5" << baseRange;
    QTest::newRow("base -3") << with([](EncodingSpec& s) { s.base = -3.0; }) << "base" << "-3\\b" << baseRange;
    QTest::newRow("base NaN") << with([](EncodingSpec& s) { s.base = std::numeric_limits<double>::quiet_NaN(); })
                              << "base" << "(?i)nan" << baseRange;
    QTest::newRow("base +inf") << with([](EncodingSpec& s) { s.base = std::numeric_limits<double>::infinity(); })
                               << "base" << "(?i)= \\+?inf" << baseRange;
    QTest::newRow("base -inf") << with([](EncodingSpec& s) { s.base = -std::numeric_limits<double>::infinity(); })
                               << "base" << "(?i)-inf" << baseRange;
    QTest::newRow("base 1e13") << with([](EncodingSpec& s) { s.base = 1e13; }) << "base"
                               << "(1e\\+?13|10000000000000)" << baseRange;
    QTest::newRow("first position -1") << with([](EncodingSpec& s) { s.firstPosition = -1; }) << firstName
                                       << "-1\\b" << firstRange;
    QTest::newRow("first position 2^40+1") << with([](EncodingSpec& s) { s.firstPosition = (std::int64_t{1} << 40) + 1; })
                                           << firstName << "1099511627777" << firstRange;
}

void TestSpec::rejectsOutOfRange()
{
    QFETCH(EncodingSpec, spec);
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QStringList, range);

    const std::optional<std::string> error = validationError(spec);
    QVERIFY2(error.has_value(), "an out-of-range spec was accepted");
    const QString message = QString::fromStdString(*error);
    const auto mustMatch = [&](const QString& pattern, const char* what) {
        const QRegularExpression re(pattern);
        QVERIFY(re.isValid());
        QVERIFY2(re.match(message).hasMatch(),
                 qPrintable(QString("message \"%1\" does not name the %2 (/%3/)").arg(message, what, pattern)));
    };
    mustMatch(field, "field");
    mustMatch(value, "value");
    for (const QString& end : range)
        mustMatch(end, "allowed range");

    // requireValid throws SpecError (also an std::invalid_argument) with the same message.
    try {
        requireValid(spec);
        QFAIL("requireValid did not throw");
    } catch (const SpecError& e) {
        QCOMPARE(QString::fromStdString(e.what()), message);
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, requireValid(spec));
    // Every entry point validates: nothing is computed from a bad spec.
    QVERIFY_THROWS_EXCEPTION(SpecError, encodingVector(spec, 0));
    QVERIFY_THROWS_EXCEPTION(SpecError, SimilarityKernel(spec, false));
}

void TestSpec::acceptsEdgeValues_data()
{
    QTest::addColumn<EncodingSpec>("spec");
    const auto with = [](auto change) {
        EncodingSpec s;
        change(s);
        return s;
    };
    QTest::newRow("defaults") << EncodingSpec{};
    QTest::newRow("d_model 1") << with([](EncodingSpec& s) { s.dModel = 1; });
    QTest::newRow("d_model 7 (odd)") << with([](EncodingSpec& s) { s.dModel = 7; });
    QTest::newRow("d_model 65536") << with([](EncodingSpec& s) { s.dModel = 65536; });
    QTest::newRow("max_len 1") << with([](EncodingSpec& s) { s.maxLen = 1; });
    QTest::newRow("max_len 2^31") << with([](EncodingSpec& s) { s.maxLen = std::int64_t{1} << 31; });
    QTest::newRow("base 1.0001") << with([](EncodingSpec& s) { s.base = 1.0001; });
    QTest::newRow("base 2") << with([](EncodingSpec& s) { s.base = 2.0; });
    QTest::newRow("base 1e12") << with([](EncodingSpec& s) { s.base = 1e12; });
    QTest::newRow("first position 2 (fairseq)") << with([](EncodingSpec& s) { s.firstPosition = 2; });
    QTest::newRow("first position 2^40") << with([](EncodingSpec& s) { s.firstPosition = std::int64_t{1} << 40; });
    QTest::newRow("split tensor2tensor odd") << with([](EncodingSpec& s) {
        s.dModel = 33;
        s.layout = Layout::Split;
        s.frequencies = FrequencyRule::Tensor2Tensor;
    });
}

void TestSpec::acceptsEdgeValues()
{
    QFETCH(EncodingSpec, spec);
    const auto error = validationError(spec);
    QVERIFY2(!error.has_value(), error ? error->c_str() : "");
    requireValid(spec); // must not throw
}

void TestSpec::rejectsUnknownEnums()
{
    EncodingSpec s;
    s.layout = static_cast<Layout>(7);
    QVERIFY(validationError(s).has_value());
    QVERIFY(QString::fromStdString(*validationError(s)).contains("layout"));
    s = EncodingSpec{};
    s.frequencies = static_cast<FrequencyRule>(-1);
    QVERIFY(validationError(s).has_value());
    QVERIFY(QString::fromStdString(*validationError(s)).contains("frequencies"));
}

void TestSpec::matrixSizeGuard()
{
    QVERIFY(!matrixSizeError(1000, 64, "m").has_value());
    QVERIFY(!matrixSizeError(0, 0, "m").has_value());
    // The limit is 4 GiB of float64: 2^29 values are allowed, one more row of 2^14 is not.
    QVERIFY(!matrixSizeError(std::int64_t{1} << 15, std::int64_t{1} << 14, "m").has_value());
    QVERIFY(matrixSizeError((std::int64_t{1} << 15) + 1, std::int64_t{1} << 14, "m").has_value());

    const auto huge = matrixSizeError(1000000, 1000000, "the similarity matrix");
    QVERIFY(huge.has_value());
    const QString message = QString::fromStdString(*huge);
    QVERIFY2(message.contains("the similarity matrix"), qPrintable(message));
    QVERIFY2(message.contains("1000000"), qPrintable(message));
    QVERIFY2(message.contains("GiB"), qPrintable(message));

    QVERIFY(matrixSizeError(-1, 5, "m").has_value());
    QVERIFY(matrixSizeError(5, -1, "m").has_value());
    // No overflow in rows × cols × 8 at the extremes.
    QVERIFY(matrixSizeError(std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::max(), "m")
                .has_value());
}

void TestSpec::refusesHugeMatricesBeforeAllocating()
{
    // Each of these would need terabytes; the guard must refuse at once with SpecError rather
    // than attempt the allocation (std::bad_alloc, or the machine swapping for minutes).
    EncodingSpec s;
    s.maxLen = std::int64_t{1} << 31;
    s.dModel = 65536;
    QVERIFY_THROWS_EXCEPTION(SpecError, encodingMatrix(s));
    s.dModel = 64;
    s.maxLen = 1000000;
    QVERIFY_THROWS_EXCEPTION(SpecError, similarityMatrix(s, false));
    s.dModel = 65536;
    QVERIFY_THROWS_EXCEPTION(SpecError, offsetRotation(s, 1));
}

void TestSpec::pairCounts()
{
    EncodingSpec s;
    for (int d : {1, 2, 3, 7, 8, 33, 64, 65535, 65536}) {
        s.dModel = d;
        s.frequencies = FrequencyRule::Paper;
        QCOMPARE(pairCount(s), (d + 1) / 2);
        QCOMPARE(fullPairCount(s), d / 2);
        QVERIFY(!hasZeroColumn(s));
        // tensor2tensor and fairseq: channels // 2 timescales, an odd d padded with a zero column.
        s.frequencies = FrequencyRule::Tensor2Tensor;
        QCOMPARE(pairCount(s), d / 2);
        QCOMPARE(fullPairCount(s), d / 2);
        QCOMPARE(hasZeroColumn(s), d % 2 == 1);
    }
    // tensor2tensor d = 7: [sin 0 1 2 | cos 0 1 2 | 0] split, (sin, cos) × 3 then 0 interleaved.
    s.dModel = 7;
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        s.layout = l;
        QVERIFY(columnRole(s, 6).isZero);
        QCOMPARE(columnRole(s, 6).pair, -1);
        for (int c = 0; c < 6; ++c)
            QVERIFY(!columnRole(s, c).isZero);
        QCOMPARE(cosColumn(s, 2), 5); // the last cosine in both layouts
        QCOMPARE(sinColumn(s, 2), l == Layout::Split ? 2 : 4);
    }
    s.layout = Layout::Split;
    QCOMPARE(cosColumn(s, 0), 3);
    QVERIFY(!columnRole(s, 3).isSin && columnRole(s, 3).pair == 0);
}

void TestSpec::columnRolesByExample()
{
    EncodingSpec s;
    s.dModel = 8;
    s.layout = Layout::Interleaved;
    QCOMPARE(columnRole(s, 0).pair, 0);
    QVERIFY(columnRole(s, 0).isSin);
    QCOMPARE(columnRole(s, 1).pair, 0);
    QVERIFY(!columnRole(s, 1).isSin);
    QCOMPARE(columnRole(s, 7).pair, 3);
    QVERIFY(!columnRole(s, 7).isSin);
    QCOMPARE(sinColumn(s, 2), 4);
    QCOMPARE(cosColumn(s, 2), 5);

    s.layout = Layout::Split;
    QCOMPARE(columnRole(s, 3).pair, 3);
    QVERIFY(columnRole(s, 3).isSin);
    QCOMPARE(columnRole(s, 4).pair, 0);
    QVERIFY(!columnRole(s, 4).isSin);
    QCOMPARE(sinColumn(s, 2), 2);
    QCOMPARE(cosColumn(s, 2), 6);

    // Odd d = 7: four pairs, the last one a lone sine.
    s.dModel = 7;
    s.layout = Layout::Interleaved;
    QCOMPARE(sinColumn(s, 3), 6);
    QCOMPARE(cosColumn(s, 3), -1);
    QCOMPARE(columnRole(s, 6).pair, 3);
    QVERIFY(columnRole(s, 6).isSin);
    s.layout = Layout::Split;
    QCOMPARE(sinColumn(s, 3), 3);
    QCOMPARE(cosColumn(s, 3), -1);
    QCOMPARE(cosColumn(s, 0), 4);
    QCOMPARE(cosColumn(s, 2), 6);
    QCOMPARE(columnRole(s, 6).pair, 2);
    QVERIFY(!columnRole(s, 6).isSin);

    s.dModel = 1;
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        s.layout = l;
        QCOMPARE(sinColumn(s, 0), 0);
        QCOMPARE(cosColumn(s, 0), -1);
    }
}

void TestSpec::columnRolesAreABijection()
{
    // For every d, columnRole maps the d columns one-to-one onto {(k, sin) : k < ⌈d/2⌉} ∪
    // {(k, cos) : k < ⌊d/2⌋}, and sinColumn/cosColumn are its inverse.
    EncodingSpec s;
    for (Layout l : {Layout::Interleaved, Layout::Split}) {
        s.layout = l;
        for (int d : {1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 33, 64, 65}) {
            s.dModel = d;
            std::set<std::pair<int, bool>> seen;
            for (int c = 0; c < d; ++c) {
                const ColumnRole r = columnRole(s, c);
                QVERIFY(r.pair >= 0 && r.pair < (d + 1) / 2);
                if (!r.isSin)
                    QVERIFY(r.pair < d / 2);
                QVERIFY(seen.insert({r.pair, r.isSin}).second);
                QCOMPARE(r.isSin ? sinColumn(s, r.pair) : cosColumn(s, r.pair), c);
                // The documented positions of each layout.
                const int expected = l == Layout::Interleaved ? 2 * r.pair + (r.isSin ? 0 : 1)
                                                              : (r.isSin ? r.pair : (d + 1) / 2 + r.pair);
                QCOMPARE(c, expected);
            }
            QCOMPARE(int(seen.size()), d);
        }
    }
}

void TestSpec::names()
{
    for (Layout l : {Layout::Interleaved, Layout::Split})
        QCOMPARE(parseLayout(layoutName(l)), std::optional<Layout>(l));
    for (FrequencyRule f : {FrequencyRule::Paper, FrequencyRule::Tensor2Tensor})
        QCOMPARE(parseFrequencyRule(frequencyRuleName(f)), std::optional<FrequencyRule>(f));
    // The command-line spellings (DESIGN.md).
    QCOMPARE(layoutName(Layout::Interleaved), std::string_view("interleaved"));
    QCOMPARE(layoutName(Layout::Split), std::string_view("split"));
    QCOMPARE(frequencyRuleName(FrequencyRule::Paper), std::string_view("paper"));
    QCOMPARE(frequencyRuleName(FrequencyRule::Tensor2Tensor), std::string_view("tensor2tensor"));

    for (const char* bad : {"", "interleave", "splits", " split", "split ", "paper", "diagonal"})
        QVERIFY2(!parseLayout(bad).has_value(), bad);
    for (const char* bad : {"", "t2t", "tensor2tensor ", "papers", "split", "fairseq"})
        QVERIFY2(!parseFrequencyRule(bad).has_value(), bad);
}

QTEST_APPLESS_MAIN(TestSpec)
#include "tst_spec.moc"
