// SPDX-License-Identifier: MIT
// The RoPE view driven offscreen: what it plots is checked against the papers' formulas
// written out here (θ_k = base^(−2k/d), PI θ/s, NTK base·s^(d/(d−2)), YaRN's ramp, RoFormer's
// bound as a complex sum), and its controls, options and exports do what they say.
#include "ui/document/document.h"
#include "ui/export/figureexport.h"
#include "ui/views/ropeview.h"

#include <QCheckBox>
#include <QLabel>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <complex>
#include <numbers>

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
    void exportsHoldTheChosenScale();
    void presentationModeEnlargesFonts();

private:
    std::unique_ptr<Document> m_document;
    std::unique_ptr<RopeView> m_view;
};

void TestRopeView::init()
{
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
    }
    // NTK's slowest pair is slowed exactly as much as PI slows it; its fastest is untouched.
    QVERIFY(near(valueAt(ntk, d / 2 - 1), valueAt(pi, d / 2 - 1), 1e-12));
    QVERIFY(near(valueAt(ntk, 0), valueAt(none, 0)));
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
    QCOMPARE(m_document->state().rope.scale, 16.0);
    m_view->originalLengthBox()->setValue(1024);
    m_document->computeNow();
    QCOMPARE(m_document->state().rope.originalLength, 1024);
    const QString title = titleOf(m_view->plot());
    QVERIFY2(title.contains(QStringLiteral("s = 16")), qPrintable(title));
    QVERIFY(title.contains(QStringLiteral("1024")));
    // YaRN's attention factor for s = 16: 0.1·ln 16 + 1 = 1.2773.
    QVERIFY2(m_view->summaryText().contains(QStringLiteral("1.2773")), qPrintable(m_view->summaryText()));
    // At s = 1 every method is no scaling at all.
    m_view->scaleBox()->setValue(1);
    m_document->computeNow();
    for (RopeScaling method : pe::core::allRopeScalings)
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
    QCOMPARE(m_view->findChild<QLabel*>(QStringLiteral("ropeSummary"))->text(), text);
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
    m_document->setRopeOptions({32, 2048, true});
    QCOMPARE(m_view->scaleBox()->value(), 32);
    QCOMPARE(m_view->originalLengthBox()->value(), 2048);
    QVERIFY(m_view->logDistanceBox()->isChecked());
    m_document->computeNow();
    QVERIFY(m_view->decayRect()->axis(QCPAxis::atBottom)->scaleType() == QCPAxis::stLogarithmic);
    QVERIFY(near(valueAt(m_view->wavelengthGraph(RopeScaling::PositionInterpolation), 3),
                 32.0L * valueAt(m_view->wavelengthGraph(RopeScaling::None), 3)));
    m_view->scaleBox()->setValue(4);
    QCOMPARE(m_document->state().rope.scale, 4.0);
    m_document->undoStack()->undo();
    QCOMPARE(m_view->scaleBox()->value(), 32);
    m_document->undoStack()->undo();
    QCOMPARE(m_document->state().rope, pe::ui::RopeOptions{}); // the defaults: s = 8, L_orig = 4096, linear
    QCOMPARE(m_view->scaleBox()->value(), 8);
    QCOMPARE(m_view->originalLengthBox()->value(), 4096);
    QVERIFY(!m_view->logDistanceBox()->isChecked());
    m_document->computeNow();
    QVERIFY(m_view->decayRect()->axis(QCPAxis::atBottom)->scaleType() == QCPAxis::stLinear);
}

void TestRopeView::exportsHoldTheChosenScale()
{
    QTemporaryDir dir;
    ExportRequest request;
    request.view = View::Rope;
    request.state.rope = {4, 4096, false};
    request.path = dir.filePath(QStringLiteral("rope.csv"));
    QVERIFY(exportFile(request, singleColumnFigure()).ok());
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 32); // one row per pair
    for (int k : {0, 12, 31}) {
        const QList<QByteArray> cells = lines[k].split(',');
        QCOMPARE(cells.size(), 7);
        QCOMPARE(cells[0].toDouble(), double(k));
        QVERIFY(near(cells[1].toDouble(), theta(64, 10000.0L, k), 1e-15));
        QVERIFY(near(cells[3].toDouble(), 4 * cells[2].toDouble(), 1e-15)); // PI = s × none
    }
    // The slowest pair: NTK = PI; YaRN interpolates it fully (γ = 0), the fastest is kept (γ = 1).
    const QList<QByteArray> last = lines[31].split(','), first = lines[0].split(',');
    QVERIFY(near(last[4].toDouble(), last[3].toDouble(), 1e-12));
    QCOMPARE(last[6].toDouble(), 0.0);
    QCOMPARE(first[6].toDouble(), 1.0);
    for (const char* suffix : {"pdf", "svg", "png"}) {
        request.path = dir.filePath(QStringLiteral("rope.") + QLatin1String(suffix));
        const ExportResult result = exportFile(request, singleColumnFigure());
        QVERIFY2(result.ok(), qPrintable(result.message));
        QVERIFY(QFileInfo(request.path).size() > 1000);
    }
    // A bad option is refused with a message naming it.
    request.state.rope.scale = 0.5;
    request.path = dir.filePath(QStringLiteral("bad.npy"));
    const ExportResult bad = exportFile(request, singleColumnFigure());
    QCOMPARE(bad.status, ExportResult::Status::BadRequest);
    QVERIFY2(bad.message.contains(QStringLiteral("0.5")), qPrintable(bad.message));
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
