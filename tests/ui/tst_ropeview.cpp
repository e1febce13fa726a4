// SPDX-License-Identifier: MIT
// The RoPE view driven offscreen: what it plots is checked against the papers' formulas
// written out here (θ_k = base^(−2k/d), PI θ/s, NTK base·s^(d/(d−2)), YaRN's ramp, RoFormer's
// bound as a complex sum) and Hugging Face's modeling_rope_utils for the deployed variants
// (dynamic NTK, YaRN's reference ramp over the pair index, Llama 3.1), and its controls,
// options and exports do what they say.
#include "ui/document/document.h"
#include "ui/export/figureexport.h"
#include "ui/plotting/labels.h"
#include "ui/views/ropeview.h"
#include "ui/state/ropeoptions.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QToolButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <utility>

using namespace pe::ui;
using pe::core::RopeScaling;

namespace {

constexpr long double twoPi = 2 * std::numbers::pi_v<long double>;

long double theta(int d, long double base, int k)
{
    return std::pow(base, -2.0L * k / d);
}

double valueAt(const QCPGraph* graph, int i)
{
    return graph->data()->at(i)->value;
}

bool near(double a, long double b, double relative = 1e-12)
{
    return std::abs(a - static_cast<double>(b)) <= relative * std::abs(static_cast<double>(b));
}

/// HF _compute_dynamic_ntk_parameters: seq_len = max(seq_len, max_position_embeddings);
/// base · ((factor · seq_len / max_position_embeddings) − (factor − 1)) ** (dim / (dim − 2)).
long double hfDynamicNtkBase(int d, long double base, long double s, long double length, long double originalLength)
{
    const long double seqLen = std::max(length, originalLength);
    return base * std::pow(s * seqLen / originalLength - (s - 1), static_cast<long double>(d) / (d - 2));
}

/// HF _compute_yarn_parameters' find_correction_range(beta_fast = 32, beta_slow = 1, dim, base,
/// max_position_embeddings, truncate = True): find_correction_dim(n) = dim·ln(L_orig/(n·2π)) /
/// (2·ln base), floor of β_fast's and ceil of β_slow's, clamped to [0, dim − 1]; then
/// linear_ramp_factor's "prevent singularity" (+0.001 to an empty span). In double, as Python.
/// truncate = False keeps the fractional ends.
std::pair<double, double> hfCorrectionRange(int d, double base, double originalLength, bool truncate = true)
{
    const auto dim = [&](double rotations) {
        return d * std::log(originalLength / (rotations * 2 * std::numbers::pi)) / (2 * std::log(base));
    };
    const double low = std::max(truncate ? std::floor(dim(32)) : dim(32), 0.0);
    double high = std::min(truncate ? std::ceil(dim(1)) : dim(1), d - 1.0);
    if (low == high)
        high += 0.001;
    return {low, high};
}

/// HF _compute_yarn_parameters' extrapolation_factor of pair k: 1 − linear_ramp_factor(low, high, dim // 2)[k]
/// (1 = θ kept, 0 = θ/s).
long double hfYarnKept(int d, double base, double originalLength, int k, bool truncate = true)
{
    const auto [low, high] = hfCorrectionRange(d, base, originalLength, truncate);
    return 1 - std::clamp((k - static_cast<long double>(low)) / (high - low), 0.0L, 1.0L);
}

/// HF _compute_yarn_parameters: inv_freq = interpolation·(1 − extrapolation_factor) + extrapolation·extrapolation_factor.
long double hfYarnTheta(int d, long double base, long double s, double originalLength, int k, bool truncate = true)
{
    const long double t = theta(d, base, k), kept = hfYarnKept(d, double(base), originalLength, k, truncate);
    return t / s * (1 - kept) + t * kept;
}

/// HF _compute_llama3_parameters (low_freq_factor 1, high_freq_factor 4 unless given).
long double hfLlama3Theta(int d, long double base, long double s, long double originalLength, int k,
                        long double lowFreqFactor = 1, long double highFreqFactor = 4)
{
    const long double invFreq = theta(d, base, k), wavelen = twoPi / invFreq;
    const long double lowFreqWavelen = originalLength / lowFreqFactor, highFreqWavelen = originalLength / highFreqFactor;
    const long double llama = wavelen > lowFreqWavelen ? invFreq / s : invFreq;
    const long double smooth = (originalLength / wavelen - lowFreqFactor) / (highFreqFactor - lowFreqFactor);
    const long double smoothed = (1 - smooth) * llama / s + smooth * llama;
    const bool isMediumFreq = !(wavelen < highFreqWavelen) && !(wavelen > lowFreqWavelen);
    return isMediumFreq ? smoothed : llama;
}

} // namespace

namespace {

/// The plot's title and subtitle, as one text.
QString titleOf(QCustomPlot* plot)
{
    QStringList parts;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
        if (auto* text = qobject_cast<QCPTextElement*>(element))
            parts << text->text();
    return parts.join(QLatin1Char('\n'));
}

} // namespace

class TestRopeView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void bandsFollowTheFormulas();
    void scaleControlReachesThePlot();
    void decayCurveIsRoFormersBound();
    void logDistanceAxis();
    void summaryShowsTheRelativeScoreCheck();
    void followsTheDocument();
    void tooSmallDModelIsExplainedNotDrawn();
    void optionsRoundTrip();
    void deployedVariantControlsReachThePlotAndExport();
    void badDeployedVariantOptionsAreClamped();
    void variantParametersFoldAwayAndTheChoiceIsRemembered();
    void exportsHoldTheChosenScale();
    void presentationModeEnlargesFonts();

private:
    std::unique_ptr<Document> m_document;
    std::unique_ptr<RopeView> m_view;
};

void TestRopeView::initTestCase()
{
    // The folded details are remembered: keep the user's settings out of it.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QSettings().clear();
}

void TestRopeView::init()
{
    QSettings().clear(); // each test starts with the details folded, as a first start has them
    m_document = std::make_unique<Document>();
    m_document->computeNow();
    m_view = std::make_unique<RopeView>(m_document.get());
    m_view->resize(700, 800);
    m_view->show();
    m_view->refresh();
}

void TestRopeView::cleanup()
{
    m_view.reset();
    m_document.reset();
}

void TestRopeView::bandsFollowTheFormulas()
{
    // Defaults: d 64, base 10000, s 8, L_orig 4096.
    const int d = 64;
    const long double s = 8, L = 4096;
    const QCPGraph* none = m_view->wavelengthGraph(RopeScaling::None);
    const QCPGraph* pi = m_view->wavelengthGraph(RopeScaling::PositionInterpolation);
    const QCPGraph* ntk = m_view->wavelengthGraph(RopeScaling::NtkAware);
    const QCPGraph* yarn = m_view->wavelengthGraph(RopeScaling::Yarn);
    QCOMPARE(none->dataCount(), d / 2);
    const long double ntkBase = 10000.0L * std::pow(s, static_cast<long double>(d) / (d - 2));
    for (int k = 0; k < d / 2; ++k) {
        const long double t = theta(d, 10000.0L, k);
        QVERIFY(near(valueAt(none, k), twoPi / t));
        QVERIFY(near(valueAt(pi, k), s * twoPi / t));
        QVERIFY(near(valueAt(ntk, k), twoPi / theta(d, ntkBase, k), 1e-11));
        const long double turns = L * t / twoPi;
        const long double gamma = std::clamp((turns - 1) / 31, 0.0L, 1.0L);
        QVERIFY(near(valueAt(yarn, k), twoPi / ((1 - gamma) * t / s + gamma * t)));
        // The pair's hover names its turns in L_orig and its ramp γ (the part's numbers).
        const QString hover = m_view->pairDescription(k);
        QVERIFY2(hover.contains(QStringLiteral("%1 turns in L_orig").arg(pe::ui::shortNumber(double(turns), 4)))
                     && hover.contains(QStringLiteral("YaRN γ = %1 ").arg(pe::ui::shortNumber(double(gamma), 3))),
                 qPrintable(hover));
    }
    // NTK's slowest pair is slowed exactly as much as PI slows it; its fastest is untouched.
    QVERIFY(near(valueAt(ntk, d / 2 - 1), valueAt(pi, d / 2 - 1), 1e-12));
    QVERIFY(near(valueAt(ntk, 0), valueAt(none, 0)));

    // The deployed variants at the default L = 32768 = 8·L_orig: dynamic NTK's base is then
    // 10000·(8·8 − 7)^(64/62); YaRN's reference ramp runs over pairs 10 to 23 (⌊10.47⌋, ⌈22.51⌉);
    // Llama 3.1 keeps λ < 1024 (pairs 0–17), divides λ > 4096 (pairs 23–31) by s, blends between.
    const QCPGraph* dynamic = m_view->wavelengthGraph(RopeScaling::DynamicNtk);
    const QCPGraph* reference = m_view->wavelengthGraph(RopeScaling::YarnReference);
    const QCPGraph* llama = m_view->wavelengthGraph(RopeScaling::Llama3);
    for (const QCPGraph* graph : {dynamic, reference, llama})
        QCOMPARE(graph->dataCount(), d / 2);
    const long double dynamicBase = hfDynamicNtkBase(d, 10000.0L, s, 32768, L);
    QVERIFY(near(double(dynamicBase), 10000.0L * std::pow(57.0L, 64.0L / 62), 1e-15));
    QCOMPARE(hfCorrectionRange(d, 10000.0, 4096.0), (std::pair{10.0, 23.0}));
    for (int k = 0; k < d / 2; ++k) {
        QVERIFY(near(valueAt(dynamic, k), twoPi / theta(d, dynamicBase, k), 1e-11));
        QVERIFY(near(valueAt(reference, k), twoPi / hfYarnTheta(d, 10000.0L, s, 4096.0, k)));
        QVERIFY(near(valueAt(llama, k), twoPi / hfLlama3Theta(d, 10000.0L, s, L, k)));
    }
    for (int k : {0, 10})
        QVERIFY(near(valueAt(reference, k), valueAt(none, k)));
    for (int k : {23, 31})
        QVERIFY(near(valueAt(reference, k), valueAt(pi, k)));
    for (int k : {0, 17})
        QVERIFY(near(valueAt(llama, k), valueAt(none, k)));
    for (int k : {23, 31})
        QVERIFY(near(valueAt(llama, k), valueAt(pi, k)));
    // Between: slower than no scaling, faster than PI.
    for (int k = 18; k <= 22; ++k)
        QVERIFY(valueAt(llama, k) > valueAt(none, k) && valueAt(llama, k) < valueAt(pi, k));
    QVERIFY(m_view->plot()->yAxis->scaleType() == QCPAxis::stLogarithmic);
}

void TestRopeView::scaleControlReachesThePlot()
{
    m_view->scaleBox()->setValue(16);
    m_document->computeNow();
    const QCPGraph* none = m_view->wavelengthGraph(RopeScaling::None);
    const QCPGraph* pi = m_view->wavelengthGraph(RopeScaling::PositionInterpolation);
    for (int k : {0, 5, 31})
        QVERIFY(near(valueAt(pi, k), 16.0L * valueAt(none, k)));
    QCOMPARE(ropeOptions(m_document->state()).scale, 16.0);
    m_view->originalLengthBox()->setValue(1024);
    m_document->computeNow();
    QCOMPARE(ropeOptions(m_document->state()).originalLength, 1024);
    const QString title = titleOf(m_view->plot());
    QVERIFY2(title.contains(QStringLiteral("s = 16")), qPrintable(title));
    QVERIFY(title.contains(QStringLiteral("1024")));
    // YaRN's attention factor for s = 16: 0.1·ln 16 + 1 = 1.2773.
    QVERIFY2(m_view->summaryText().contains(QStringLiteral("1.2773")), qPrintable(m_view->summaryText()));
    // At s = 1 every method is no scaling at all — dynamic NTK only while the sequence length
    // L is at most L_orig: Hugging Face's base·(s·L/L_orig − (s − 1))^(d/(d−2)) is base·(L/L_orig)^(d/(d−2))
    // at s = 1, which still raises the base for L > L_orig (the default L 32768 > L_orig 1024
    // here). So L = L_orig first, through the document; the view's controls follow it.
    pe::ui::RopeOptions options = ropeOptions(m_document->state());
    options.sequenceLength = options.originalLength; // 1024
    m_document->setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(options));
    m_view->scaleBox()->setValue(1);
    m_document->computeNow();
    QCOMPARE(ropeOptions(m_document->state()).scale, 1.0);
    QCOMPARE(ropeOptions(m_document->state()).sequenceLength, 1024);
    for (RopeScaling method : pe::core::allRopeScalings)
        for (int k : {0, 17, 31})
            QVERIFY(near(valueAt(m_view->wavelengthGraph(method), k), valueAt(none, k)));
    // … and with L = 4·L_orig dynamic NTK at s = 1 raises the base to base·4^(64/62), as HF does,
    // while every other method stays no scaling.
    options = ropeOptions(m_document->state());
    options.sequenceLength = 4096;
    m_document->setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(options));
    m_document->computeNow();
    const QCPGraph* dynamic = m_view->wavelengthGraph(RopeScaling::DynamicNtk);
    const long double raised = 10000.0L * std::pow(4.0L, 64.0L / 62);
    QVERIFY(near(double(hfDynamicNtkBase(64, 10000.0L, 1, 4096, 1024)), raised, 1e-15));
    QVERIFY(near(valueAt(dynamic, 0), valueAt(none, 0)));
    for (int k : {17, 31}) {
        QVERIFY(near(valueAt(dynamic, k), twoPi / theta(64, raised, k), 1e-11));
        QVERIFY(valueAt(dynamic, k) > 1.5 * valueAt(none, k));
    }
    for (RopeScaling method : pe::core::allRopeScalings)
        if (method != RopeScaling::DynamicNtk)
            for (int k : {0, 17, 31})
                QVERIFY(near(valueAt(m_view->wavelengthGraph(method), k), valueAt(none, k)));
}

void TestRopeView::decayCurveIsRoFormersBound()
{
    const QCPGraph* none = m_view->decayGraph(RopeScaling::None);
    // max_len 100: every distance 0…99.
    QCOMPARE(none->dataCount(), 100);
    QCOMPARE(none->data()->at(0)->key, 0.0);
    QCOMPARE(valueAt(none, 0), 16.5); // (P + 1)/2 with P = 32
    for (int r : {1, 10, 99}) {
        long double total = 0;
        std::complex<long double> partial = 0;
        for (int k = 0; k < 32; ++k) {
            partial += std::polar(1.0L, r * theta(64, 10000.0L, k));
            total += std::abs(partial);
        }
        QCOMPARE(none->data()->at(r)->key, double(r));
        QVERIFY(near(valueAt(none, r), total / 32, 1e-12));
    }
    // PI turns every pair s times slower: its bound at distance 8r is the plain one at r.
    const QCPGraph* pi = m_view->decayGraph(RopeScaling::PositionInterpolation);
    QVERIFY(near(valueAt(pi, 80), valueAt(none, 10), 1e-12));
}

void TestRopeView::logDistanceAxis()
{
    m_view->logDistanceBox()->setChecked(true);
    m_document->computeNow();
    const QCPAxis* x = m_view->decayRect()->axis(QCPAxis::atBottom);
    QCOMPARE(x->scaleType(), QCPAxis::stLogarithmic);
    const QCPGraph* none = m_view->decayGraph(RopeScaling::None);
    QCOMPARE(none->data()->at(0)->key, 1.0); // log axis: from distance 1
    QCOMPARE(none->data()->at(none->dataCount() - 1)->key, 99.0);
    m_view->logDistanceBox()->setChecked(false);
    m_document->computeNow();
    QCOMPARE(x->scaleType(), QCPAxis::stLinear);
}

void TestRopeView::summaryShowsTheRelativeScoreCheck()
{
    m_document->selectPosition(5);
    m_document->setOffset(3);
    m_document->computeNow();
    const QString text = m_view->summaryText();
    QVERIFY2(text.contains(QStringLiteral("m = 8")) && text.contains(QStringLiteral("n = 5"))
                 && text.contains(QStringLiteral("m = 1008")), qPrintable(text));
    // The same score printed twice: at (8, 5) and at (1008, 1005).
    static const QRegularExpression number(QStringLiteral("is (-?\\d+\\.\\d+); at .* it is (-?\\d+\\.\\d+)"));
    const auto match = number.match(text);
    QVERIFY2(match.hasMatch(), qPrintable(text));
    QCOMPARE(match.captured(1), match.captured(2));
    // NTK base for d 64, s 8: 10000·8^(64/62) = 85550.38.
    QVERIFY2(text.contains(QStringLiteral("85550.4")), qPrintable(text));
    // Unfolded, the label shows it, and follows the next step while it is seen.
    QTest::mouseClick(m_view->detailsButton(), Qt::LeftButton);
    const auto* label = m_view->findChild<QLabel*>(QStringLiteral("ropeSummary"));
    QCOMPARE(label->text(), text);
    m_document->selectPosition(6);
    m_document->computeNow();
    QVERIFY2(label->text().contains(QStringLiteral("m = 9")), qPrintable(label->text()));
    QCOMPARE(label->text(), m_view->summaryText());
}

void TestRopeView::followsTheDocument()
{
    m_document->setDModel(128);
    m_document->setBase(500000);
    m_document->computeNow();
    const QCPGraph* none = m_view->wavelengthGraph(RopeScaling::None);
    QCOMPARE(none->dataCount(), 64);
    QVERIFY(near(valueAt(none, 63), twoPi / theta(128, 500000.0L, 63)));
    QCOMPARE(m_view->decayGraph(RopeScaling::None)->data()->at(0)->value, 32.5);
}

void TestRopeView::tooSmallDModelIsExplainedNotDrawn()
{
    m_document->setDModel(3);
    m_document->computeNow();
    QCOMPARE(m_view->wavelengthGraph(RopeScaling::None)->dataCount(), 0);
    const QString title = titleOf(m_view->plot());
    QVERIFY2(title.contains(QStringLiteral("allowed: 4 or more")), qPrintable(title));
    m_view->plot()->replot(); // and draws without trouble
}

void TestRopeView::optionsRoundTrip()
{
    // The options are the document's: set there, the controls and the plot follow; each edit
    // is an undo step.
    m_document->setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(pe::ui::RopeOptions{32, 2048, true, 8192}));
    QCOMPARE(m_view->scaleBox()->value(), 32);
    QCOMPARE(m_view->originalLengthBox()->value(), 2048);
    QVERIFY(m_view->logDistanceBox()->isChecked());
    m_document->computeNow();
    QVERIFY(m_view->decayRect()->axis(QCPAxis::atBottom)->scaleType() == QCPAxis::stLogarithmic);
    QVERIFY(near(valueAt(m_view->wavelengthGraph(RopeScaling::PositionInterpolation), 3),
                 32.0L * valueAt(m_view->wavelengthGraph(RopeScaling::None), 3)));
    // The sequence length reaches dynamic NTK: base·(32·8192/2048 − 31)^(64/62) = base·97^(64/62).
    QVERIFY(near(valueAt(m_view->wavelengthGraph(RopeScaling::DynamicNtk), 31),
                 twoPi / theta(64, 10000.0L * std::pow(97.0L, 64.0L / 62), 31), 1e-11));
    m_view->scaleBox()->setValue(4);
    QCOMPARE(ropeOptions(m_document->state()).scale, 4.0);
    m_document->undoStack()->undo();
    QCOMPARE(m_view->scaleBox()->value(), 32);
    m_document->undoStack()->undo();
    QCOMPARE(ropeOptions(m_document->state()), pe::ui::RopeOptions{}); // the defaults: s = 8, L_orig = 4096, linear, L = 32768
    QCOMPARE(m_view->scaleBox()->value(), 8);
    QCOMPARE(m_view->originalLengthBox()->value(), 4096);
    QVERIFY(!m_view->logDistanceBox()->isChecked());
    m_document->computeNow();
    QVERIFY(m_view->decayRect()->axis(QCPAxis::atBottom)->scaleType() == QCPAxis::stLinear);
}

void TestRopeView::deployedVariantControlsReachThePlotAndExport()
{
    // Defaults d 64, base 10000, s 8, L_orig 4096. YaRN's reference range there runs from pair
    // 10.47 to 22.51: truncated to 10…23, untruncated the ramp starts later and ends sooner.
    const QCPGraph* none = m_view->wavelengthGraph(RopeScaling::None);
    const QCPGraph* reference = m_view->wavelengthGraph(RopeScaling::YarnReference);
    const QCPGraph* llama = m_view->wavelengthGraph(RopeScaling::Llama3);
    QVERIFY(m_view->yarnTruncateBox()->isChecked());
    const double truncated11 = valueAt(reference, 11);
    QVERIFY(near(truncated11, twoPi / hfYarnTheta(64, 10000.0L, 8, 4096.0, 11)));
    const int steps = m_document->undoStack()->count();
    m_view->yarnTruncateBox()->click();
    QCOMPARE(ropeOptions(m_document->state()).yarnTruncate, false);
    QCOMPARE(m_document->undoStack()->count(), steps + 1);
    m_document->computeNow();
    for (int k = 0; k < 32; ++k)
        QVERIFY2(near(valueAt(reference, k), twoPi / hfYarnTheta(64, 10000.0L, 8, 4096.0, k, false)), qPrintable(QString::number(k)));
    // Pair 11: ramp (11 − 10)/13 truncated, (11 − 10.47)/12.04 untruncated — closer to kept.
    QVERIFY(valueAt(reference, 11) < truncated11);
    QVERIFY(valueAt(reference, 11) > valueAt(none, 11));

    // Llama 3's factors: low 2, high 8 → λ below L_orig/8 = 512 kept, above L_orig/2 = 2048
    // divided by s, a blend between.
    m_view->highFrequencyFactorBox()->setValue(8);
    m_view->lowFrequencyFactorBox()->setValue(2);
    QCOMPARE(ropeOptions(m_document->state()).lowFrequencyFactor, 2.0);
    QCOMPARE(ropeOptions(m_document->state()).highFrequencyFactor, 8.0);
    m_document->computeNow();
    int kept = 0, divided = 0;
    for (int k = 0; k < 32; ++k) {
        QVERIFY2(near(valueAt(llama, k), twoPi / hfLlama3Theta(64, 10000.0L, 8, 4096, k, 2, 8)), qPrintable(QString::number(k)));
        kept += near(valueAt(llama, k), valueAt(none, k), 1e-15);
        divided += near(valueAt(llama, k), 8.0L * valueAt(none, k), 1e-15);
    }
    // λ_k = 2π·10000^(k/32): below 512 for k ≤ 15, above 2048 from k = 21.
    QCOMPARE(kept, 16);
    QCOMPARE(divided, 11);
    QVERIFY2(m_view->summaryText().contains(QStringLiteral("Llama 3: low 2, high 8")), qPrintable(m_view->summaryText()));
    // The boxes keep low below high: typing 9 into low (high is 8) is refused.
    QCOMPARE(m_view->lowFrequencyFactorBox()->maximum(), 7.99);
    QCOMPARE(m_view->highFrequencyFactorBox()->minimum(), 2.01);
    m_view->lowFrequencyFactorBox()->findChild<QLineEdit*>()->selectAll();
    QTest::keyClicks(m_view->lowFrequencyFactorBox(), QStringLiteral("9"));
    QTest::keyClick(m_view->lowFrequencyFactorBox(), Qt::Key_Return);
    QVERIFY(ropeOptions(m_document->state()).lowFrequencyFactor < ropeOptions(m_document->state()).highFrequencyFactor);

    // The data export carries the same options: columns 8 (YaRN reference) and 9 (Llama 3).
    QTemporaryDir dir;
    ExportRequest request;
    request.view = pe::ui::views::rope;
    setRopeOptions(request.state, ropeOptions(m_document->state()));
    { auto o = ropeOptions(request.state); o.lowFrequencyFactor = 2; setRopeOptions(request.state, o); }
    request.path = dir.filePath(QStringLiteral("rope.csv"));
    QVERIFY(exportFile(request, singleColumnFigure()).ok());
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 32);
    for (int k = 0; k < 32; ++k) {
        const QList<QByteArray> cells = lines[k].split(',');
        QVERIFY2(near(cells[8].toDouble(), twoPi / hfYarnTheta(64, 10000.0L, 8, 4096.0, k, false)), qPrintable(lines[k]));
        QVERIFY2(near(cells[9].toDouble(), twoPi / hfLlama3Theta(64, 10000.0L, 8, 4096, k, 2, 8)), qPrintable(lines[k]));
        QVERIFY2(std::abs(cells[10].toDouble() - double(hfYarnKept(64, 10000.0, 4096.0, k, false))) <= 1e-12, qPrintable(lines[k]));
    }
    // Undo takes the factors back one step at a time, then the truncate switch.
    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QCOMPARE(ropeOptions(m_document->state()).lowFrequencyFactor, 1.0);
    QCOMPARE(ropeOptions(m_document->state()).highFrequencyFactor, 4.0);
    QCOMPARE(m_view->lowFrequencyFactorBox()->value(), 1.0);
    QCOMPARE(m_view->highFrequencyFactorBox()->value(), 4.0);
    m_document->undoStack()->undo();
    QVERIFY(m_view->yarnTruncateBox()->isChecked());
}

void TestRopeView::badDeployedVariantOptionsAreClamped()
{
    // A session may hold anything: the factors come back to what the boxes allow, and a low
    // factor not below the high one takes Llama 3.1's published pair (1, 4).
    const auto from = [](const QVariantMap& map) { return pe::ui::ropeOptionsFrom(map); };
    RopeOptions o = from({{QStringLiteral("lowFrequencyFactor"), 5}, {QStringLiteral("highFrequencyFactor"), 3}});
    QCOMPARE(o.lowFrequencyFactor, 1.0);
    QCOMPARE(o.highFrequencyFactor, 4.0);
    o = from({{QStringLiteral("lowFrequencyFactor"), 0.001}, {QStringLiteral("highFrequencyFactor"), 1e9}});
    QCOMPARE(o.lowFrequencyFactor, RopeOptions::minFrequencyFactor);
    QCOMPARE(o.highFrequencyFactor, RopeOptions::maxFrequencyFactor);
    o = from({{QStringLiteral("lowFrequencyFactor"), std::nan("")}, {QStringLiteral("highFrequencyFactor"), 2.345}});
    QCOMPARE(o.lowFrequencyFactor, 1.0);
    QCOMPARE(o.highFrequencyFactor, 2.35); // two decimals, as the box shows
    o = from({{QStringLiteral("yarnTruncate"), false}});
    QCOMPARE(o.yarnTruncate, false);
    QCOMPARE(from({}), RopeOptions{});
    // Whatever comes in, the core accepts the factors.
    QVERIFY(!pe::core::ropeValidationError(64, 10000, ropeScalingOf(o)));
}

void TestRopeView::variantParametersFoldAwayAndTheChoiceIsRemembered()
{
    // Folded at first, so that a narrow dock leaves the plot its height; one click unfolds the
    // variants' parameters and the numbers, and a new view starts the way the last one was left.
    QVERIFY(m_view->scaleBox()->isVisible() && m_view->originalLengthBox()->isVisible());
    QVERIFY(!m_view->yarnTruncateBox()->isVisible());
    QVERIFY(!m_view->lowFrequencyFactorBox()->isVisible());
    QVERIFY(!m_view->sequenceLengthBox()->isVisible());
    QCoreApplication::processEvents(); // the layout after the explanation fitted the view's height
    const int foldedPlotHeight = m_view->plot()->height();
    QTest::mouseClick(m_view->detailsButton(), Qt::LeftButton);
    QCoreApplication::processEvents();
    QVERIFY(m_view->yarnTruncateBox()->isVisible());
    QVERIFY(m_view->highFrequencyFactorBox()->isVisible());
    QVERIFY(m_view->sequenceLengthBox()->isVisible());
    const auto* summary = m_view->findChild<QLabel*>(QStringLiteral("ropeSummary"));
    QVERIFY(summary && summary->isVisible() && summary->text().contains(QStringLiteral("Llama 3: low 1, high 4")));
    QVERIFY2(m_view->plot()->height() < foldedPlotHeight,
             qPrintable(QStringLiteral("%1 → %2").arg(foldedPlotHeight).arg(m_view->plot()->height())));
    RopeView another(m_document.get());
    another.resize(700, 800);
    another.show();
    QVERIFY(another.yarnTruncateBox()->isVisible());
    QTest::mouseClick(another.detailsButton(), Qt::LeftButton);
    QVERIFY(!another.yarnTruncateBox()->isVisible());
    RopeView third(m_document.get());
    third.show();
    QVERIFY(!third.yarnTruncateBox()->isVisible());
}

void TestRopeView::exportsHoldTheChosenScale()
{
    QTemporaryDir dir;
    ExportRequest request;
    request.view = pe::ui::views::rope;
    setRopeOptions(request.state, pe::ui::RopeOptions{4, 4096, false});
    request.path = dir.filePath(QStringLiteral("rope.csv"));
    QVERIFY(exportFile(request, singleColumnFigure()).ok());
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 32); // one row per pair
    for (int k : {0, 12, 31}) {
        const QList<QByteArray> cells = lines[k].split(',');
        QCOMPARE(cells.size(), 12);
        QCOMPARE(cells[0].toDouble(), double(k));
        QVERIFY(near(cells[1].toDouble(), theta(64, 10000.0L, k), 1e-15));
        QVERIFY(near(cells[3].toDouble(), 4 * cells[2].toDouble(), 1e-15)); // PI = s × none
    }
    // The slowest pair: NTK = PI; YaRN interpolates it fully (γ = 0), the fastest is kept (γ = 1).
    const QList<QByteArray> last = lines[31].split(','), first = lines[0].split(',');
    QVERIFY(near(last[4].toDouble(), last[3].toDouble(), 1e-12));
    QCOMPARE(last[6].toDouble(), 0.0);
    QCOMPARE(first[6].toDouble(), 1.0);
    // The columns after the first seven, every row, for s = 4, L_orig = 4096 and the default
    // L = 32768: 7 dynamic NTK's wavelength (base·(4·32768/4096 − 3)^(64/62) = base·29^(64/62));
    // 8 YaRN (reference)'s, ramp over pairs ⌊10.47⌋ = 10 to ⌈22.51⌉ = 23; 9 Llama 3.1's (low 1,
    // high 4: λ < 1024 kept, λ > 4096 × s); 10 the reference ramp as kept (1) … divided by s (0);
    // 11 YaRN's attention factor 0.1·ln 4 + 1 = 1.1386294361.
    const long double s = 4, dynamicBase = hfDynamicNtkBase(64, 10000.0L, s, 32768, 4096);
    QVERIFY(near(double(dynamicBase), 10000.0L * std::pow(29.0L, 64.0L / 62), 1e-15));
    const long double attention = 0.1L * std::log(s) + 1;
    QVERIFY(std::abs(double(attention) - 1.1386294361) < 1e-10);
    for (int k = 0; k < 32; ++k) {
        const QList<QByteArray> cells = lines[k].split(',');
        QCOMPARE(cells.size(), 12);
        const long double plain = twoPi / theta(64, 10000.0L, k);
        QVERIFY2(near(cells[7].toDouble(), twoPi / theta(64, dynamicBase, k), 1e-11), qPrintable(lines[k]));
        QVERIFY2(near(cells[8].toDouble(), twoPi / hfYarnTheta(64, 10000.0L, s, 4096.0, k)), qPrintable(lines[k]));
        QVERIFY2(near(cells[9].toDouble(), twoPi / hfLlama3Theta(64, 10000.0L, s, 4096, k)), qPrintable(lines[k]));
        const long double kept = hfYarnKept(64, 10000.0, 4096.0, k);
        QVERIFY2(std::abs(cells[10].toDouble() - double(kept)) <= 1e-12, qPrintable(lines[k]));
        QVERIFY2(near(cells[11].toDouble(), attention, 1e-15), qPrintable(lines[k]));
        // Where the ramps and Llama 3's bands sit: pairs up to 10 kept, from 23 on divided by s.
        if (k <= 10)
            QVERIFY2(cells[10].toDouble() == 1.0 && near(cells[8].toDouble(), plain), qPrintable(lines[k]));
        if (k >= 23)
            QVERIFY2(cells[10].toDouble() == 0.0 && near(cells[8].toDouble(), s * plain), qPrintable(lines[k]));
        if (k <= 17) // λ < L_orig/4 = 1024
            QVERIFY2(near(cells[9].toDouble(), plain), qPrintable(lines[k]));
        if (k >= 23) // λ > L_orig/1 = 4096
            QVERIFY2(near(cells[9].toDouble(), s * plain), qPrintable(lines[k]));
    }
    // The linear ramp between: pair 16 is 6/13 of the way from kept to divided.
    QVERIFY(std::abs(lines[16].split(',')[10].toDouble() - (1 - 6.0 / 13)) <= 1e-12);
    for (const char* suffix : {"pdf", "svg", "png"}) {
        request.path = dir.filePath(QStringLiteral("rope.") + QLatin1String(suffix));
        const ExportResult result = exportFile(request, singleColumnFigure());
        QVERIFY2(result.ok(), qPrintable(result.message));
        QVERIFY(QFileInfo(request.path).size() > 1000);
    }
    // A model whose config is gone is refused with a message naming it.
    { auto o = ropeOptions(request.state); o.model = QStringLiteral("/no/such/folder/config.json"); setRopeOptions(request.state, o); }
    request.path = dir.filePath(QStringLiteral("bad.npy"));
    const ExportResult bad = exportFile(request, singleColumnFigure());
    QCOMPARE(bad.status, ExportResult::Status::BadRequest);
    QVERIFY2(bad.message.contains(QStringLiteral("/no/such/folder/config.json")), qPrintable(bad.message));
    QVERIFY(!QFileInfo::exists(request.path));
}

void TestRopeView::presentationModeEnlargesFonts()
{
    const double before = m_view->plot()->xAxis->labelFont().pointSizeF();
    m_view->setScale(1.7);
    QVERIFY(m_view->plot()->xAxis->labelFont().pointSizeF() > 1.6 * before);
    QVERIFY(m_view->decayRect()->axis(QCPAxis::atBottom)->labelFont().pointSizeF() > 1.6 * before);
}

QTEST_MAIN(TestRopeView)
#include "tst_ropeview.moc"
