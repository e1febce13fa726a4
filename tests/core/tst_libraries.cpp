// SPDX-License-Identifier: MIT
// Every preset equals the library it is named after, and every RoPE scaling the code it comes
// from (issue 13): the core against libraryports.h, each library's function ported loop by loop
// in long double. Agreement to 1e−12 (2e−10 at positions near 10^6, where a float64 library is
// itself only that good); the largest differences measured are printed for the README's table.
#include "core/encoding.h"
#include "core/presets.h"
#include "core/rope.h"
#include "core/similarity.h"
#include "libraryports.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace pe::core;
using namespace ports;

Q_DECLARE_METATYPE(pe::core::RopeScalingSpec)

namespace {

/// A library, the setting that reproduces it, and the d_model it can produce.
struct Library {
    const char* preset;
    Layout layout;
    FrequencyRule frequencies;
    std::int64_t firstPosition;
    Port port;
    bool evenOnly = false;
};

const Library libraries[] = {
    {"paper", Layout::Interleaved, FrequencyRule::Paper, 0, pytorchTutorial},
    {"annotated-transformer", Layout::Interleaved, FrequencyRule::Paper, 0, pytorchTutorial},
    {"tensorflow", Layout::Split, FrequencyRule::Paper, 0, tensorflow},
    {"tensorflow-interleaved", Layout::Interleaved, FrequencyRule::Paper, 0, hfDistilbert},
    {"tensor2tensor", Layout::Split, FrequencyRule::Tensor2Tensor, 0, tensor2tensor},
    {"fairseq", Layout::Split, FrequencyRule::Tensor2Tensor, 2, fairseq},
    {"hf-distilbert", Layout::Interleaved, FrequencyRule::Paper, 0, hfDistilbert},
    {"hf-marian", Layout::Split, FrequencyRule::Paper, 0, hfMarian},
    {"whisper", Layout::Split, FrequencyRule::Tensor2Tensor, 0, whisper, true},
};

const Library& library(const QString& name)
{
    return *std::find_if(std::begin(libraries), std::end(libraries),
                         [&](const Library& l) { return name == QLatin1String(l.preset); });
}

bool sameSetting(const Library& a, const Library& b)
{
    return a.layout == b.layout && a.frequencies == b.frequencies && a.firstPosition == b.firstPosition;
}

/// Largest |got − expected| over a block.
template <typename Matrix>
double maxDifference(const Matrix& got, const LMatrix& expected)
{
    double worst = 0;
    for (Eigen::Index r = 0; r < expected.rows(); ++r)
        for (Eigen::Index c = 0; c < expected.cols(); ++c)
            worst = std::max(worst, static_cast<double>(std::fabs(got(r, c) - expected(r, c))));
    return worst;
}

double maxRelativeDifference(const Eigen::VectorXd& got, const LVector& expected)
{
    double worst = 0;
    for (Eigen::Index k = 0; k < expected.size(); ++k)
        worst = std::max(worst, static_cast<double>(std::fabs(got[k] / expected[k] - 1)));
    return worst;
}

RopeScalingSpec ropeSpec(double scale, double originalLength)
{
    RopeScalingSpec s;
    s.scale = scale;
    s.originalLength = originalLength;
    return s;
}

} // namespace

class TestLibraries : public QObject {
    Q_OBJECT

private slots:
    void presetsAreTheLibrariesSettings();
    void presetEqualsItsLibrary_data();
    void presetEqualsItsLibrary();
    void matchingPresetsNameEverySharedSetting();
    void cosineOfAZeroVectorIsZero();
    void scalingEqualsItsSource_data();
    void scalingEqualsItsSource();
    void yarnRampsDifferOn25Pairs();
    void yarnCorrectionRangeIsTheReferences();
    void dynamicNtkUpToTheTrainedLengthIsNone();
    void llama3HasThreeRegimes();
    void attentionFactors();
    void scalingKeysRoundTrip();
    void cleanupTestCase();

private:
    std::map<QString, std::pair<double, double>> m_worst; // per preset: near 0, near 10^6
};

void TestLibraries::presetsAreTheLibrariesSettings()
{
    QCOMPARE(encodingPresets().size(), std::size(libraries));
    QCOMPARE(encodingPresets().front().name, std::string_view("paper")); // menus list the paper first
    for (const Library& l : libraries) {
        const EncodingPreset* p = findPreset(l.preset);
        QVERIFY2(p, l.preset);
        QCOMPARE(p->name, std::string_view(l.preset));
        QVERIFY(p->layout == l.layout && p->frequencies == l.frequencies);
        QCOMPARE(p->firstPosition, l.firstPosition);
        QVERIFY(!p->label.empty() && !p->reproduces.empty() && !p->oddDModel.empty());
    }
    for (const char* unknown : {"", "unknown", "pytorch", "fairseq2"})
        QVERIFY2(findPreset(unknown) == nullptr, unknown);
}

void TestLibraries::presetEqualsItsLibrary_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("d");
    for (const Library& l : libraries)
        for (int d : {1, 2, 3, 7, 63, 64, 512})
            if (!l.evenOnly || d >= 64) // Whisper asserts an even d and gives NaN at 2
                QTest::addRow("%s d%d", l.preset, d) << QString(l.preset) << d;
}

void TestLibraries::presetEqualsItsLibrary()
{
    QFETCH(QString, preset);
    QFETCH(int, d);
    const Library& lib = library(preset);
    const EncodingPreset* p = findPreset(lib.preset);
    QVERIFY(p);
    EncodingSpec custom;
    custom.dModel = d;
    custom.maxLen = 40;
    const EncodingSpec spec = withPreset(custom, *p);
    const std::int64_t first = spec.firstPosition;
    // float64 libraries carry ~p·1e−16 of phase: the bound is 2e−10 at 10^6.
    const auto tolerance = [](std::int64_t position) { return position > 10000 ? 2e-10 : 1e-12; };

    // The whole matrix: row r is the library's row of position first + r.
    const RowMatrix m = encodingMatrix(spec);
    double nearWorst = maxDifference(m, lib.port(first, spec.maxLen, d));
    // Single positions (fairseq reads none below padding_idx + 1 = 2).
    double farWorst = 0;
    for (std::int64_t position : {0, 1, 2, 1000, 999999, 1000000}) {
        if (position < first)
            continue;
        const Eigen::VectorXd v = encodingVector(spec, position);
        const double e = maxDifference(v.transpose(), lib.port(position, 1, d));
        QVERIFY2(e <= tolerance(position), qPrintable(QString("position %1: %2").arg(position).arg(e)));
        double& worst = position > 10000 ? farWorst : nearWorst;
        worst = std::max(worst, e);
    }
    // Streamed rows ending at position 10^6.
    EncodingSpec far = spec;
    far.maxLen = 1000001 - first;
    RowMatrix rows(8, d);
    fillEncodingRows(far, far.maxLen - 8, rows);
    farWorst = std::max(farWorst, maxDifference(rows, lib.port(1000001 - 8, 8, d)));
    QVERIFY2(nearWorst <= 1e-12, qPrintable(QString("largest difference %1").arg(nearWorst)));
    QVERIFY2(farWorst <= 2e-10, qPrintable(QString("largest difference near 10^6: %1").arg(farWorst)));

    // tensor2tensor's and fairseq's odd d: the padded column is exactly 0, not merely small.
    const bool padded = lib.frequencies == FrequencyRule::Tensor2Tensor && d % 2 == 1;
    QCOMPARE(hasZeroColumn(spec), padded);
    if (padded) {
        QVERIFY((m.col(d - 1).array() == 0.0).all());
        QVERIFY((rows.col(d - 1).array() == 0.0).all());
        QCOMPARE(encodingVector(spec, 1000000)[d - 1], 0.0);
    }
    auto& worst = m_worst[preset];
    worst = {std::max(worst.first, nearWorst), std::max(worst.second, farWorst)};
}

void TestLibraries::matchingPresetsNameEverySharedSetting()
{
    // Size and base are the user's; the preset sets layout, frequencies and first position.
    EncodingSpec custom;
    custom.dModel = 7;
    custom.maxLen = 33;
    custom.base = 500.0;
    for (const Library& l : libraries) {
        const EncodingPreset* preset = findPreset(l.preset);
        QVERIFY2(preset, l.preset);
        const EncodingSpec spec = withPreset(custom, *preset);
        QVERIFY(spec.dModel == 7 && spec.maxLen == 33 && spec.base == 500.0);
        QVERIFY(spec.layout == l.layout && spec.frequencies == l.frequencies && spec.firstPosition == l.firstPosition);
        // Several libraries share one setting (the paper's is also DistilBERT's): all are named.
        std::set<std::string_view> expected;
        for (const Library& other : libraries)
            if (sameSetting(l, other))
                expected.insert(other.preset);
        const std::vector<std::string_view> names = matchingPresets(spec);
        QCOMPARE(std::set<std::string_view>(names.begin(), names.end()), expected);
        for (const EncodingPreset& p : encodingPresets())
            QCOMPARE(matchesPreset(spec, p), expected.count(p.name) == 1);
    }
    // No library uses these: "custom".
    custom.layout = Layout::Interleaved;
    custom.frequencies = FrequencyRule::Tensor2Tensor;
    QVERIFY(matchingPresets(custom).empty());
    custom.layout = Layout::Split;
    custom.frequencies = FrequencyRule::Paper;
    custom.firstPosition = 2;
    QVERIFY(matchingPresets(custom).empty());
}

void TestLibraries::cosineOfAZeroVectorIsZero()
{
    // d_model 1, paper: PE(0) = (sin 0) = (0) has no direction; its cosine is written as 0, not
    // NaN. Every other pair of positions has cosine ±1.
    EncodingSpec one;
    one.dModel = 1;
    one.maxLen = 20;
    const SimilarityKernel paper(one, true);
    for (std::int64_t j = 0; j < one.maxLen; ++j) {
        QCOMPARE(paper.value(0, j), 0.0);
        QCOMPARE(paper.value(j, 0), 0.0);
        for (std::int64_t i = 1; i < one.maxLen && j > 0; ++i)
            QVERIFY(std::abs(std::abs(paper.value(i, j)) - 1.0) <= 1e-14);
    }
    QVERIFY((paper.profile(0).array() == 0.0).all());
    // tensor2tensor's d_model 1 is its zero column alone: every cosine and dot product is 0.
    for (const char* name : {"tensor2tensor", "fairseq"}) {
        const EncodingPreset* preset = findPreset(name);
        QVERIFY2(preset, name);
        const EncodingSpec zero = withPreset(one, *preset);
        for (bool normalize : {true, false}) {
            const SimilarityKernel kernel(zero, normalize);
            RowMatrix all(zero.maxLen, zero.maxLen);
            kernel.fillRows(0, all);
            QVERIFY2((all.array() == 0.0).all(), name);
            QCOMPARE(kernel.value(3, 7), 0.0);
            QVERIFY((similarityMatrix(zero, normalize).array() == 0.0).all());
        }
    }
}

void TestLibraries::scalingEqualsItsSource_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("base");
    QTest::addColumn<RopeScalingSpec>("spec");
    const RopeScalingSpec yarn = ropeSpec(8, 4096);
    for (int d : {64, 128}) {
        QTest::addRow("none d%d", d) << "none" << d << 10000.0 << yarn;
        QTest::addRow("pi d%d", d) << "pi" << d << 10000.0 << yarn;
        QTest::addRow("ntk d%d", d) << "ntk" << d << 10000.0 << yarn;
        QTest::addRow("yarn (paper) d%d", d) << "yarn" << d << 10000.0 << yarn;
        QTest::addRow("yarn-reference d%d", d) << "yarn-reference" << d << 10000.0 << yarn;
        RopeScalingSpec untruncated = yarn;
        untruncated.truncate = false;
        QTest::addRow("yarn-reference d%d no truncate", d) << "yarn-reference" << d << 10000.0 << untruncated;
        RopeScalingSpec dynamic = yarn;
        dynamic.sequenceLength = 4 * 4096;
        QTest::addRow("dynamic-ntk d%d L = 4·L_orig", d) << "dynamic-ntk" << d << 10000.0 << dynamic;
        dynamic.scale = 1; // HF's formula still grows the base at s = 1 once L > L_orig
        QTest::addRow("dynamic-ntk d%d s 1 L = 4·L_orig", d) << "dynamic-ntk" << d << 10000.0 << dynamic;
    }
    // L_orig 6: both correction dims fall to 0, the reference's "low == high: high += 0.001".
    QTest::newRow("yarn-reference low == high") << "yarn-reference" << 128 << 10000.0 << ropeSpec(8, 6);
    RopeScalingSpec llama = ropeSpec(8, 8192); // Llama 3.1's rope_scaling, its rope_theta 500000
    QTest::newRow("llama3 d128") << "llama3" << 128 << 500000.0 << llama;
    QTest::newRow("yarn-reference d128 base 500000") << "yarn-reference" << 128 << 500000.0 << llama;
}

void TestLibraries::scalingEqualsItsSource()
{
    QFETCH(QString, key);
    QFETCH(int, d);
    QFETCH(double, base);
    QFETCH(RopeScalingSpec, spec);
    const std::optional<RopeScaling> scaling = parseRopeScaling(key.toStdString());
    QVERIFY(scaling);
    QVERIFY(!ropeValidationError(d, base, spec));
    const Eigen::VectorXd got = scaledRopeFrequencies(d, base, *scaling, spec);
    QCOMPARE(got.size(), d / 2);
    const double worst = maxRelativeDifference(got, sourceFrequencies(*scaling, d, base, spec));
    QVERIFY2(worst <= 1e-12, qPrintable(QString("largest relative difference %1").arg(worst)));
    qInfo("%s: largest relative difference %.1e", QTest::currentDataTag(), worst);
}

void TestLibraries::yarnRampsDifferOn25Pairs()
{
    // The observation, from the two ports alone: for d 128, base 10000, s 8, L_orig
    // 4096 the paper's ramp over r and the reference's ramp over the pair index disagree on 25
    // of 64 pairs (21 … 45), and pair 36's wavelength is 2.3 times the reference's.
    const RopeScalingSpec s = ropeSpec(8, 4096);
    const LVector paper = paperYarn(128, 10000.0L, s), reference = hfYarn(128, 10000.0L, s);
    const auto differing = [](const auto& a, const auto& b) {
        int count = 0;
        for (Eigen::Index k = 0; k < a.size(); ++k)
            count += std::fabs(a[k] / b[k] - 1) > 1e-6;
        return count;
    };
    QCOMPARE(differing(paper, reference), 25);
    QVERIFY(std::fabs(reference[36] / paper[36] - 2.3L) < 0.01L);
    // The core keeps them apart the same way.
    const Eigen::VectorXd corePaper = scaledRopeFrequencies(128, 10000.0, RopeScaling::Yarn, s);
    const Eigen::VectorXd coreReference = scaledRopeFrequencies(128, 10000.0, RopeScaling::YarnReference, s);
    QCOMPARE(differing(corePaper, coreReference), 25);
}

void TestLibraries::yarnCorrectionRangeIsTheReferences()
{
    for (int d : {64, 128})
        for (bool truncate : {true, false}) {
            RopeScalingSpec s = ropeSpec(8, 4096);
            s.truncate = truncate;
            const auto [low, high] = hfCorrectionRange(d, 10000.0L, s);
            const CorrectionRange range = yarnCorrectionRange(d, 10000.0, s);
            QVERIFY2(std::fabs(range.low - low) <= 1e-12 * std::max(1.0L, low)
                         && std::fabs(range.high - high) <= 1e-12 * high,
                     qPrintable(QString("d %1: [%2, %3] vs [%4, %5]").arg(d).arg(range.low).arg(range.high)
                                    .arg(double(low)).arg(double(high))));
        }
    // d 128: dims 20.94 and 45.03, floored and ceiled.
    const CorrectionRange truncated = yarnCorrectionRange(128, 10000.0, ropeSpec(8, 4096));
    QCOMPARE(truncated.low, 20.0);
    QCOMPARE(truncated.high, 46.0);
}

void TestLibraries::dynamicNtkUpToTheTrainedLengthIsNone()
{
    // HF uses max(L, L_orig): up to the trained length the base, and so θ, is untouched.
    for (double length : {1.0, 100.0, 4095.0, 4096.0}) {
        RopeScalingSpec s = ropeSpec(8, 4096);
        s.sequenceLength = length;
        QVERIFY(std::abs(dynamicNtkBase(10000.0, 128, 8, length, 4096) / 10000.0 - 1) <= 1e-15);
        const LVector none = defaultInvFreq(128, 10000.0L);
        QVERIFY(maxRelativeDifference(scaledRopeFrequencies(128, 10000.0, RopeScaling::DynamicNtk, s), none) <= 1e-15);
    }
    // At 4·L_orig: base·(8·4 − 7)^(128/126) = base·25^(64/63).
    RopeScalingSpec s = ropeSpec(8, 4096);
    s.sequenceLength = 4 * 4096;
    const long double expected = hfDynamicBase(128, 10000.0L, s);
    QVERIFY(std::fabs(expected / (10000.0L * std::pow(25.0L, 64.0L / 63)) - 1) <= 1e-18L);
    QVERIFY(std::fabs(dynamicNtkBase(10000.0, 128, 8, s.sequenceLength, 4096) / expected - 1) <= 1e-13L);
}

void TestLibraries::llama3HasThreeRegimes()
{
    // Llama 3.1: factor 8, low 1, high 4, L_orig 8192, rope_theta 500000, head dim 128. Pairs
    // with λ < 2048 are kept, λ > 8192 divided by 8, the ones between smoothed: all three occur.
    const RopeScalingSpec s = ropeSpec(8, 8192);
    const LVector theta = defaultInvFreq(128, 500000.0L);
    const Eigen::VectorXd got = scaledRopeFrequencies(128, 500000.0, RopeScaling::Llama3, s);
    int kept = 0, divided = 0, smoothed = 0;
    for (int k = 0; k < 64; ++k) {
        const long double wavelength = twoPi / theta[k], ratio = got[k] / theta[k];
        if (wavelength < 2048) {
            ++kept;
            QVERIFY(std::fabs(ratio - 1) <= 1e-15L);
        } else if (wavelength > 8192) {
            ++divided;
            QVERIFY(std::fabs(ratio - 0.125L) <= 1e-15L);
        } else {
            ++smoothed;
            QVERIFY(ratio > 0.125L && ratio < 1);
        }
    }
    QVERIFY(kept > 0 && divided > 0 && smoothed > 0);
}

void TestLibraries::attentionFactors()
{
    // HF's attention_factor: get_mscale(factor) = 0.1·ln(factor) + 1 (1 for factor ≤ 1) for
    // YaRN, 1.0 for linear, dynamic and llama3.
    for (double scale : {1.0, 4.0, 8.0, 32.0})
        for (RopeScaling scaling : allRopeScalings) {
            const RopeScalingSpec s = ropeSpec(scale, 4096);
            const bool yarn = scaling == RopeScaling::Yarn || scaling == RopeScaling::YarnReference;
            const long double expected = yarn && scale > 1 ? 0.1L * std::log(static_cast<long double>(scale)) + 1 : 1;
            QVERIFY2(std::fabs(ropeAttentionFactor(scaling, s) - expected) <= 1e-15L,
                     qPrintable(QString("%1 s %2").arg(ropeScalingKey(scaling).data()).arg(scale)));
        }
    QVERIFY(std::abs(ropeAttentionFactor(RopeScaling::YarnReference, ropeSpec(8, 4096)) - 1.2079441541679836) <= 1e-15);
}

void TestLibraries::scalingKeysRoundTrip()
{
    const char* keys[] = {"none", "pi", "ntk", "dynamic-ntk", "yarn", "yarn-reference", "llama3"};
    for (std::size_t i = 0; i < allRopeScalings.size(); ++i) {
        QCOMPARE(ropeScalingKey(allRopeScalings[i]), std::string_view(keys[i]));
        QVERIFY(parseRopeScaling(keys[i]) == allRopeScalings[i]);
    }
    for (const char* bad : {"", "YaRN", "linear", "dynamic", "llama 3"})
        QVERIFY2(!parseRopeScaling(bad), bad);
}

void TestLibraries::cleanupTestCase()
{
    // The numbers for the README's table of presets.
    for (const auto& [preset, worst] : m_worst)
        qInfo("%s: largest difference %.1e (positions < 10^4), %.1e (near 10^6)", qPrintable(preset), worst.first,
              worst.second);
}

QTEST_APPLESS_MAIN(TestLibraries)
#include "tst_libraries.moc"
