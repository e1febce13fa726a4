// SPDX-License-Identifier: MIT
// What a teacher relies on: the sweep animation (driven by a test clock, so every step is
// deterministic), the formula panel's numbers against the paper's formulas, and the
// presentation mode's simplified, remembered controls.
#include "windowprobes.h"

#include "core/encoding.h"
#include "ui/controls/animationcontrols.h"
#include "ui/controls/controlspanel.h"
#include "ui/controls/formulapanel.h"

#include <QTextDocument>
#include <QTextEdit>
#include "ui/controls/presentingcontrols.h"
#include "ui/views/heatmapview.h"
#include "ui/controls/logslider.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"
#include "ui/state/viewcatalog.h"
#include "ui/views/methodsview.h"
#include "ui/views/offsetview.h"
#include "ui/views/ropeview.h"
#include "ui/widgets/explanationlabel.h"
#include "ui/controls/sweepanimator.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTextEdit>
#include <QToolButton>
#include <QUndoStack>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

namespace core = pe::core;
using namespace windowprobes;
using pe::ui::MainWindow;
using pe::ui::SweepAnimator;

namespace {

/// The number of frequencies by DESIGN.md, independent of core: the paper's ⌈d/2⌉ (an odd d's
/// last pair is a lone sine), tensor2tensor's n = ⌊d/2⌋ (get_timing_signal_1d's channels // 2).
int expectedPairs(const core::EncodingSpec& spec)
{
    return spec.frequencies == core::FrequencyRule::Tensor2Tensor ? spec.dModel / 2 : (spec.dModel + 1) / 2;
}

/// ω_k by DESIGN.md's formulas, independent of core: base^(−2k/d) (paper) or
/// base^(−k/max(n−1, 1)) (tensor2tensor).
double expectedOmega(const core::EncodingSpec& spec, int pair)
{
    const int pairs = expectedPairs(spec);
    const double exponent = spec.frequencies == core::FrequencyRule::Paper ? 2.0 * pair / spec.dModel
                                                                           : double(pair) / std::max(pairs - 1, 1);
    return std::pow(spec.base, -exponent);
}

struct ExpectedRole {
    int pair;
    bool isSin;
    bool isZero = false; ///< tensor2tensor's odd d: the last column, padded with zeros (pair −1)
};

/// The pair and the function of a column by DESIGN.md's layouts.
ExpectedRole expectedRole(const core::EncodingSpec& spec, int column)
{
    if (spec.frequencies == core::FrequencyRule::Tensor2Tensor && spec.dModel % 2 == 1 && column == spec.dModel - 1)
        return {-1, false, true};
    const int pairs = expectedPairs(spec);
    if (spec.layout == core::Layout::Interleaved)
        return {column / 2, column % 2 == 0};
    return column < pairs ? ExpectedRole{column, true} : ExpectedRole{column - pairs, false};
}

double parsed(QString text)
{
    bool ok = false;
    const double value = text.replace(QChar(0x2212), QLatin1Char('-')).toDouble(&ok);
    return ok ? value : std::nan("");
}

bool near(double shown, double expected, double relative)
{
    return std::abs(shown - expected) <= relative * std::max(1.0, std::abs(expected));
}

} // namespace

class TestClassroom : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void aSweepStepsThePositionAndEveryViewFollows();
    void aStepWaitsForTheViewsToDrawThePreviousOne();
    void theSweepLoops_data();
    void theSweepLoops();
    void aPlayRunIsOneUndoStep();
    void playsOnARealTimer();
    void spaceTogglesPlayUnlessTyping();
    void spacePlaysWhereverTheFocusIs();
    void speedIsClampedAndRemembered();
    void formulaShowsTheCellsNumbers_data();
    void formulaShowsTheCellsNumbers();
    void formulaShowsTheRotation_data();
    void formulaShowsTheRotation();
    void formulaOfTheUnpairedSine();
    void formulaOfTheZeroColumn();
    void formulaSettlesWhileASliderMoves();
    void presentationModeSimplifiesAndIsRemembered();
    void explanationsCanBeHiddenAndAreRemembered();
    void aLongExplanationGivesWayToThePlotAndUnfolds();
    void anExplanationWithoutALeadIsShownWhole();

private:
    SweepAnimator* animator() const { return m_window->animator(); }
    pe::ui::Document* document() const { return m_window->document(); }
    /// Moves the test clock on and ticks once the views have drawn the last step.
    void stepClock(std::int64_t ms);

    std::unique_ptr<MainWindow> m_window;
    std::int64_t m_now = 0;
};

void TestClassroom::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_classroom"));
    QVERIFY(QSettings().fileName().contains(QStringLiteral("/.qttest/")));
}

void TestClassroom::init()
{
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(waitForFrame(*m_window));
    m_now = 1000;
    animator()->setClock([this] { return m_now; });
}

void TestClassroom::cleanup()
{
    m_window.reset();
    QSettings().clear();
}

void TestClassroom::stepClock(std::int64_t ms)
{
    QVERIFY(waitForFrame(*m_window));
    m_now += ms;
    animator()->tick();
}

void TestClassroom::aSweepStepsThePositionAndEveryViewFollows()
{
    animator()->setSpeed(10); // one position per 100 ms of the test clock
    m_window->animationControls()->playAction()->trigger();
    QVERIFY(animator()->isPlaying());
    QCOMPARE(document()->state().position, 0);
    stepClock(50);
    QCOMPARE(document()->state().position, 0); // half a step is not due yet
    stepClock(50);
    QCOMPARE(document()->state().position, 1);
    for (int i = 0; i < 4; ++i)
        stepClock(100);
    QCOMPARE(document()->state().position, 5);
    QCOMPARE(m_window->controls()->positionSpin()->value(), 5);
    QCOMPARE(settledViewsMismatch(*m_window), QString()); // the heatmap marker, PE(5) bars, profile…
    const Eigen::VectorXd pe = core::encodingVector(document()->spec(), 5);
    const auto bars = qobject_cast<pe::ui::OffsetView*>(m_window->plotView(pe::ui::views::offset))->encodingBars()->data();
    for (int c = 0; c < pe.size(); ++c)
        QCOMPARE((bars->constBegin() + c)->value, pe[c]);
    QVERIFY(m_window->formula()->plainText().contains(QStringLiteral("PE(5, 4)")));

    m_window->animationControls()->playAction()->trigger(); // pause
    QVERIFY(!animator()->isPlaying());
    stepClock(1000);
    QCOMPARE(document()->state().position, 5);
}

void TestClassroom::aStepWaitsForTheViewsToDrawThePreviousOne()
{
    animator()->setSpeed(10);
    animator()->setPlaying(true);
    stepClock(100);
    QCOMPARE(document()->state().position, 1);
    QVERIFY(!document()->isFrameCurrent()); // position 1 is still being computed
    m_now += 300;
    animator()->tick();
    QCOMPARE(document()->state().position, 1); // no second frame queued behind it
    stepClock(0); // drawn now: the step that was due follows
    QCOMPARE(document()->state().position, 2);
}

void TestClassroom::theSweepLoops_data()
{
    QTest::addColumn<bool>("offset");
    QTest::addColumn<int>("start");
    QTest::addColumn<int>("expected");
    QTest::newRow("position 99 → 0") << false << 99 << 0;
    QTest::newRow("position 98 → 99") << false << 98 << 99;
    QTest::newRow("offset 100 → 0") << true << 100 << 0;
    QTest::newRow("offset 7 → 8") << true << 7 << 8;
}

void TestClassroom::theSweepLoops()
{
    QFETCH(bool, offset);
    QFETCH(int, start);
    QFETCH(int, expected);
    if (offset) {
        m_window->animationControls()->targetCombo()->setCurrentIndex(1);
        emit m_window->animationControls()->targetCombo()->activated(1);
        document()->setOffset(start);
    } else {
        document()->selectPosition(start);
    }
    QCOMPARE(animator()->target(), offset ? SweepAnimator::Target::Offset : SweepAnimator::Target::Position);
    animator()->setSpeed(1);
    animator()->setPlaying(true);
    stepClock(1000);
    QCOMPARE(offset ? document()->state().offset : document()->state().position, std::int64_t(expected));
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestClassroom::aPlayRunIsOneUndoStep()
{
    document()->selectPosition(10);
    QUndoStack* undo = document()->undoStack();
    const int before = undo->count();
    animator()->setSpeed(10);
    animator()->setPlaying(true);
    for (int i = 0; i < 7; ++i)
        stepClock(100);
    animator()->setPlaying(false);
    QCOMPARE(document()->state().position, 17);
    QCOMPARE(undo->count(), before + 1);
    undo->undo();
    QCOMPARE(document()->state().position, 10);
    undo->redo();
    QCOMPARE(document()->state().position, 17);

    animator()->setPlaying(true); // a second run is a second step
    stepClock(100);
    animator()->setPlaying(false);
    QCOMPARE(undo->count(), before + 2);
}

void TestClassroom::playsOnARealTimer()
{
    auto elapsed = std::make_shared<QElapsedTimer>();
    elapsed->start();
    animator()->setClock([elapsed] { return elapsed->elapsed(); });
    animator()->setSpeed(100);
    animator()->setPlaying(true);
    QTRY_VERIFY_WITH_TIMEOUT(document()->state().position >= 3, 10000);
    animator()->setPlaying(false);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestClassroom::spaceTogglesPlayUnlessTyping()
{
    QAction* play = m_window->animationControls()->playAction();
    QVERIFY2(play->toolTip().contains(QKeySequence(Qt::Key_Space).toString(QKeySequence::NativeText)),
             qPrintable(play->toolTip()));
    QVERIFY(m_window->animationControls()->playButton()->toolTip().contains(QStringLiteral("Space")));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->heatmap()->plot()->setFocus();
    QTest::keyClick(m_window->heatmap()->plot(), Qt::Key_Space);
    QVERIFY(animator()->isPlaying());
    QTest::keyClick(m_window->heatmap()->plot(), Qt::Key_Space);
    QVERIFY(!animator()->isPlaying());

    QLineEdit* dims = m_window->controls()->dimsEdit();
    dims->setFocus();
    dims->setCursorPosition(dims->text().size());
    QTest::keyClick(dims, Qt::Key_Space);
    QVERIFY(!animator()->isPlaying());
    QVERIFY(dims->text().endsWith(QLatin1Char(' ')));
    QSpinBox* position = m_window->controls()->positionSpin();
    position->setFocus();
    QTest::keyClick(position, Qt::Key_Space);
    QVERIFY(!animator()->isPlaying());

    // Issue 48: everywhere else Space plays and pauses, whichever control has the focus (a slider,
    // a check box, a list, a button would otherwise take the key for itself).
    const QList<QWidget*> others = {m_window->controls()->positionSlider(), m_window->controls()->offsetSlider(),
                                    m_window->controls()->cosineCheck(), m_window->controls()->colormapCombo(),
                                    m_window->controls()->layoutCombo(), m_window->animationControls()->playButton(),
                                    m_window->controls()->findChild<QPushButton*>()};
    for (QWidget* widget : others) {
        QVERIFY(widget);
        const bool cosine = m_window->controls()->cosineCheck()->isChecked();
        const QString colormap = m_window->controls()->colormapCombo()->currentText();
        widget->setFocus();
        QCOMPARE(QApplication::focusWidget(), widget);
        QTest::keyClick(widget, Qt::Key_Space);
        QVERIFY2(animator()->isPlaying(), widget->metaObject()->className());
        QTest::keyClick(widget, Qt::Key_Space);
        QVERIFY2(!animator()->isPlaying(), widget->metaObject()->className());
        QCOMPARE(m_window->controls()->cosineCheck()->isChecked(), cosine);
        QCOMPARE(m_window->controls()->colormapCombo()->currentText(), colormap);
        QVERIFY(!m_window->controls()->colormapCombo()->view()->isVisible());
    }
}

namespace {

/// A control where Space is typed as text (a space in a field, a number box's text).
bool takesText(const QWidget* widget)
{
    if (qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget))
        return true;
    if (const auto* combo = qobject_cast<const QComboBox*>(widget))
        return combo->isEditable();
    if (const auto* edit = qobject_cast<const QTextEdit*>(widget))
        return !edit->isReadOnly();
    if (const auto* edit = qobject_cast<const QPlainTextEdit*>(widget))
        return !edit->isReadOnly();
    return false;
}

} // namespace

void TestClassroom::spacePlaysWhereverTheFocusIs()
{
    // Every control that takes the keyboard focus, on the views a class sees, whatever it is
    // (the bar's names, a view's combo boxes and check boxes, a table, a plot, the formula).
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    int tried = 0;
    using pe::ui::View;
    for (bool presenting : {false, true})
    for (View view : {pe::ui::views::heatmap, pe::ui::views::rope, pe::ui::views::embeddings, pe::ui::views::methods, pe::ui::views::grid, pe::ui::views::conventions}) {
        m_window->setPresentationMode(presenting);
        m_window->stage()->choose(view);
        QCoreApplication::processEvents();
        const QList<QWidget*> widgets = m_window->findChildren<QWidget*>();
        for (QWidget* widget : widgets) {
            if (!widget->isVisible() || !widget->isEnabled() || !(widget->focusPolicy() & Qt::TabFocus)
                || widget->focusProxy() || takesText(widget) || widget->window() != m_window.get())
                continue;
            widget->setFocus(Qt::TabFocusReason);
            if (QApplication::focusWidget() != widget)
                continue;
            ++tried;
            const QString name = QStringLiteral("%1 (%2) on %3")
                                     .arg(QString::fromLatin1(widget->metaObject()->className()), widget->objectName(),
                                          pe::ui::viewTitle(view))
                                 + (presenting ? QStringLiteral(", presenting") : QString());
            QTest::keyClick(widget, Qt::Key_Space);
            QVERIFY2(animator()->isPlaying(), qPrintable(name));
            QTest::keyClick(widget, Qt::Key_Space);
            QVERIFY2(!animator()->isPlaying(), qPrintable(name));
            QVERIFY2(!QApplication::activePopupWidget(), qPrintable(name));
        }
    }
    m_window->setPresentationMode(false);
    QVERIFY2(tried >= 20, qPrintable(QString::number(tried)));
}

void TestClassroom::speedIsClampedAndRemembered()
{
    QDoubleSpinBox* speed = m_window->animationControls()->speedSpin();
    typeInto(speed, QStringLiteral("12.5"));
    QCOMPARE(animator()->speed(), 12.5);
    m_window->animationControls()->menuActions().at(1)->trigger(); // Faster
    QCOMPARE(animator()->speed(), 25.0);
    QCOMPARE(speed->value(), 25.0);
    animator()->setSpeed(1e9);
    QCOMPARE(animator()->speed(), SweepAnimator::maxSpeed);
    animator()->setSpeed(std::nan(""));
    QCOMPARE(animator()->speed(), SweepAnimator::defaultSpeed);
    animator()->setSpeed(40);
    m_window->animationControls()->targetCombo()->setCurrentIndex(1);
    emit m_window->animationControls()->targetCombo()->activated(1);
    m_window.reset();

    MainWindow second;
    QCOMPARE(second.animator()->speed(), 40.0);
    QCOMPARE(second.animationControls()->speedSpin()->value(), 40.0);
    QCOMPARE(second.animator()->target(), SweepAnimator::Target::Offset);
}

void TestClassroom::formulaShowsTheCellsNumbers_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<int>("rule");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    const int i = int(core::Layout::Interleaved), s = int(core::Layout::Split);
    const int paper = int(core::FrequencyRule::Paper), t2t = int(core::FrequencyRule::Tensor2Tensor);
    QTest::newRow("paper, interleaved, cos") << i << paper << 64 << 0 << 12 << 5;
    QTest::newRow("paper, interleaved, sin") << i << paper << 64 << 0 << 99 << 0;
    QTest::newRow("paper, split, cos") << s << paper << 64 << 0 << 40 << 37;
    QTest::newRow("t2t, split, sin") << s << t2t << 64 << 2 << 30 << 9;
    // d 33 with tensor2tensor: n = 16 pairs, ω_k = base^(−k/15); column 31 is pair 15's cosine
    // (the slowest, ω = 1/base), column 32 the zero column.
    QTest::newRow("t2t, interleaved, odd d") << i << t2t << 33 << 0 << 77 << 31;
    QTest::newRow("t2t, split, odd d, last cosine") << s << t2t << 33 << 0 << 77 << 31;
    QTest::newRow("t2t, split, odd d, last sine") << s << t2t << 33 << 0 << 77 << 15;
    // d 7 with tensor2tensor: n = 3, ω_k = base^(−k/2); column 5 is pair 2's cosine at ω = 1/base.
    QTest::newRow("t2t, interleaved, d 7, last cosine") << i << t2t << 7 << 0 << 50 << 5;
    QTest::newRow("t2t, split, d 7, pair 1's sine") << s << t2t << 7 << 0 << 50 << 1;
}

void TestClassroom::formulaShowsTheCellsNumbers()
{
    QFETCH(int, layout);
    QFETCH(int, rule);
    QFETCH(int, dModel);
    QFETCH(int, first);
    QFETCH(int, row);
    QFETCH(int, column);
    pe::ui::Settings settings = document()->settings();
    settings.spec.layout = core::Layout(layout);
    settings.spec.frequencies = core::FrequencyRule(rule);
    settings.spec.dModel = dModel;
    settings.spec.firstPosition = first;
    settings.state.position = row;
    settings.state.dimension = column;
    document()->change(settings, pe::ui::Document::Field::All);
    const core::EncodingSpec& spec = document()->spec();
    const auto [pair, isSin, isZero] = expectedRole(spec, column);
    QVERIFY(!isZero); // the zero column has its own test
    const double omega = expectedOmega(spec, pair);
    const std::int64_t p = first + row;
    const double value = isSin ? std::sin(double(p) * omega) : std::cos(double(p) * omega);

    const QString text = m_window->formula()->plainText();
    const QString fn = isSin ? QStringLiteral("sin") : QStringLiteral("cos");
    QVERIFY2(text.contains(QStringLiteral("PE(%1, %2) = %3(%1 / ").arg(p).arg(column).arg(fn)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("of pair k = %1").arg(pair)), qPrintable(text));
    static const QRegularExpression numbers(QStringLiteral("= (sin|cos)\\((\\d+) · ([^)]+)\\) = (sin|cos)\\(([^)]+)\\) = (\\S+)"));
    const QRegularExpressionMatch m = numbers.match(text);
    QVERIFY2(m.hasMatch(), qPrintable(text));
    QCOMPARE(m.captured(2).toLongLong(), p);
    QVERIFY2(near(parsed(m.captured(3)), omega, 1e-3), qPrintable(m.captured(3)));
    QVERIFY2(near(parsed(m.captured(5)), double(p) * omega, 1e-3), qPrintable(m.captured(5)));
    QVERIFY2(std::abs(parsed(m.captured(6)) - value) <= 5.1e-5, qPrintable(m.captured(6)));
}

void TestClassroom::formulaShowsTheRotation_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("offset");
    QTest::newRow("interleaved, pair 2, k 3") << int(core::Layout::Interleaved) << 12 << 5 << 3;
    QTest::newRow("split, pair 0, k 1") << int(core::Layout::Split) << 40 << 32 << 1;
    QTest::newRow("split, pair 7, k −20") << int(core::Layout::Split) << 50 << 7 << -20;
}

void TestClassroom::formulaShowsTheRotation()
{
    QFETCH(int, layout);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(int, offset);
    pe::ui::Settings settings = document()->settings();
    settings.spec.layout = core::Layout(layout);
    settings.state.position = row;
    settings.state.dimension = column;
    settings.state.offset = offset;
    document()->change(settings, pe::ui::Document::Field::All);
    const auto [pair, isSin, isZero] = expectedRole(document()->spec(), column);
    QVERIFY(!isZero);
    const double omega = expectedOmega(document()->spec(), pair);
    const double c = std::cos(offset * omega), s = std::sin(offset * omega);
    // The matrices' numbers line by line, as the equations stand side by side: M_k; then
    // M_k · PE(p) (first line: M_k's first row and sin(pω), second: its second row and
    // cos(pω)); then the result PE(p+k).
    const double sinP = std::sin(row * omega), cosP = std::cos(row * omega);
    const std::vector<double> expected{c, s, -s, c, c, s, sinP, -s, c, cosP,
                                       std::sin((row + offset) * omega), std::cos((row + offset) * omega)};
    static const QRegularExpression cell(QStringLiteral("&nbsp;([−\\-0-9.]+)&nbsp;"));
    std::vector<double> shown;
    for (const auto& m : cell.globalMatch(m_window->formula()->html()))
        shown.push_back(parsed(m.captured(1)));
    QCOMPARE(shown.size(), expected.size());
    for (std::size_t i = 0; i < shown.size(); ++i)
        QVERIFY2(std::abs(shown[i] - expected[i]) <= 5.1e-5, qPrintable(QStringLiteral("cell %1: %2, expected %3").arg(i).arg(shown[i]).arg(expected[i])));
    const QString text = m_window->formula()->plainText();
    QVERIFY2(text.contains(QStringLiteral("Offset k = %1, pair %2").arg(offset).arg(pair)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("sin(%1ω)").arg(row + offset)), qPrintable(text));
}

void TestClassroom::formulaOfTheUnpairedSine()
{
    pe::ui::Settings settings = document()->settings();
    settings.spec.dModel = 7;
    settings.state.dimension = 6; // pair 3's sine, which has no cosine
    document()->change(settings, pe::ui::Document::Field::All);
    const QString text = m_window->formula()->plainText();
    QVERIFY2(text.contains(QStringLiteral("no cosine")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("PE(0, 6) = sin(0 / ")), qPrintable(text));
}

void TestClassroom::formulaOfTheZeroColumn()
{
    // tensor2tensor with d 7: n = ⌊7/2⌋ = 3 pairs in columns 0–5, column 6 is zero at every
    // position (tf.pad / fairseq's zero column): no pair, no frequency, no rotation.
    pe::ui::Settings settings = document()->settings();
    settings.spec.dModel = 7;
    settings.spec.frequencies = core::FrequencyRule::Tensor2Tensor;
    settings.state.position = 5;
    settings.state.dimension = 6;
    document()->change(settings, pe::ui::Document::Field::All);
    QVERIFY(expectedRole(document()->spec(), 6).isZero);
    const QString text = m_window->formula()->plainText();
    QVERIFY2(QRegularExpression(QStringLiteral("dimension 6 = 0(?![\\d.])")).match(text).hasMatch(), qPrintable(text));
    QVERIFY2(QRegularExpression(QStringLiteral("⌊d/2⌋ = 3(?!\\d)")).match(text).hasMatch(), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("of pair k")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("Offset k = %1, pair").arg(settings.state.offset)), qPrintable(text));

    // Column 5 is then pair 2's cosine (the last of the three), with ω_2 = base^(−2/2) = 1/base.
    settings.state.dimension = 5;
    document()->change(settings, pe::ui::Document::Field::All);
    const QString pairText = m_window->formula()->plainText();
    QVERIFY2(pairText.contains(QStringLiteral("PE(5, 5) = cos(5 / ")), qPrintable(pairText));
    QVERIFY2(pairText.contains(QStringLiteral("of pair k = 2")), qPrintable(pairText));
}

void TestClassroom::formulaSettlesWhileASliderMoves()
{
    // Twenty d_model steps as fast as a drag: the panel's text is laid out a few times, not
    // twenty (each layout is milliseconds of the GUI thread beside the frame's), what it says is
    // always the latest, and once the slider rests its text shows the last d.
    auto* text = m_window->formula()->findChild<QTextEdit*>();
    QVERIFY(text);
    QTest::qWait(pe::ui::FormulaPanel::settleMs + 20); // the start-up layout is past
    int layouts = 0;
    const QMetaObject::Connection counting = connect(text->document(), &QTextDocument::contentsChanged, [&] { ++layouts; });
    QElapsedTimer drag;
    drag.start();
    const int d = document()->spec().dModel;
    for (int i = 1; i <= 20; ++i) {
        document()->setDModel(d + 2 * i);
        QVERIFY(m_window->formula()->plainText().contains(QStringLiteral("/%1)").arg(d + 2 * i)));
    }
    const qint64 dragMs = drag.elapsed();
    disconnect(counting);
    // setHtml changes the contents twice (cleared, then filled): at most one layout per settling
    // time the drag took, and the first step's.
    QVERIFY2(layouts <= 2 * (1 + dragMs / pe::ui::FormulaPanel::settleMs + 1),
             qPrintable(QString("%1 changes of the text in %2 ms").arg(layouts).arg(dragMs)));
    QTRY_VERIFY_WITH_TIMEOUT(text->toPlainText().contains(QStringLiteral("/%1)").arg(d + 40)), 2000);
}

void TestClassroom::presentationModeSimplifiesAndIsRemembered()
{
    pe::ui::ControlsPanel* controls = m_window->controls();
    const QList<QWidget*> kept{controls->dModelSpin(), controls->maxLenSpin(), controls->positionSpin(),
                               controls->offsetSpin(), m_window->animationControls()->playButton()};
    const QList<QWidget*> advanced{controls->baseSpin(), controls->layoutCombo(), controls->frequenciesCombo(),
                                   controls->firstPositionSpin(), controls->colormapCombo(), controls->dimsEdit()};
    for (QWidget* w : kept + advanced)
        QVERIFY(w->isVisible());
    const double formulaPoints = m_window->formula()->findChild<QTextEdit*>()->font().pointSizeF();
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(m_window->presentationMode());
    // The docks step aside for the view; what a teacher drags while talking is on the stage's bar.
    auto* bar = qobject_cast<pe::ui::PresentingControls*>(m_window->stage()->presentingControls());
    QVERIFY(bar);
    for (QWidget* w : {static_cast<QWidget*>(bar->dModelSpin()), static_cast<QWidget*>(bar->maxLenSpin()),
                       static_cast<QWidget*>(bar->positionSpin()), static_cast<QWidget*>(bar->playButton())})
        QVERIFY(w->isVisible());
    for (QWidget* w : kept + advanced)
        QVERIFY(!w->isVisible());
    QVERIFY(m_window->formula()->findChild<QTextEdit*>()->font().pointSizeF() >= 1.5 * formulaPoints);
    m_window->close();
    m_window.reset();

    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->presentationMode());
    QVERIFY(!m_window->controls()->layoutCombo()->isVisible());
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(!m_window->presentationMode());
    QVERIFY(m_window->controls()->layoutCombo()->isVisible());
    QVERIFY(!QSettings().value(QStringLiteral("view/presentation")).toBool());
}

void TestClassroom::explanationsCanBeHiddenAndAreRemembered()
{
    const auto shownExplanations = [&] {
        int shown = 0;
        for (const QLabel* label : m_window->findChildren<QLabel*>(QStringLiteral("explanation")))
            shown += label->isVisible();
        return shown;
    };
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::methods));
    const auto* methods = qobject_cast<pe::ui::MethodsView*>(m_window->plotView(pe::ui::views::methods));
    QVERIFY(methods);
    QVERIFY(shownExplanations() >= 2); // the heatmap's and the methods view's
    const int side = methods->matrixRect()->rect().height();

    // Ctrl+F1: the paragraphs go and the plots take their height (the methods matrix, which
    // the 768-pixel-high window held to a small square, grows with it).
    QTest::keyClick(m_window.get(), Qt::Key_F1, Qt::ControlModifier);
    QCOMPARE(shownExplanations(), 0);
    QTRY_VERIFY2(methods->matrixRect()->rect().height() > side + 30,
                 qPrintable(QStringLiteral("%1 → %2 px").arg(side).arg(methods->matrixRect()->rect().height())));
    // Presentation mode hides them anyway; leaving it keeps them hidden as chosen.
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(!m_window->presentationMode());
    QCOMPARE(shownExplanations(), 0);

    // Remembered at the next start.
    m_window->close();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(shownExplanations(), 0);
    QTest::keyClick(m_window.get(), Qt::Key_F1, Qt::ControlModifier);
    QVERIFY(shownExplanations() >= 1);
    QVERIFY(QSettings().value(QStringLiteral("view/explanations")).toBool());
}

void TestClassroom::aLongExplanationGivesWayToThePlotAndUnfolds()
{
    // RoPE's paragraph is ten lines beside the heatmap at 1366 × 768: it shows its lead and
    // first sentence and "More…", within a tenth of the view's height (two lines at least).
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::rope));
    auto* rope = m_window->plotView(pe::ui::views::rope);
    pe::ui::ExplanationLabel* label = rope->explanationLabel();
    QTRY_VERIFY(label->isShortened());
    QVERIFY(label->text().startsWith(QStringLiteral("<b>Rotary position embedding (RoPE).</b> Instead of adding")));
    QVERIFY(label->text().contains(QStringLiteral("More…")));
    QVERIFY(!label->text().contains(QStringLiteral("Bottom:")));
    const int budget = std::max(rope->height() / 10, 2 * label->fontMetrics().lineSpacing());
    QVERIFY2(label->height() <= budget + 2, qPrintable(QStringLiteral("%1 px, budget %2").arg(label->height()).arg(budget)));
    // The whole paragraph is still the view's explanation (Help ▸ Guide shows it).
    QVERIFY(rope->explanation().contains(QStringLiteral("Bottom:")));
    QVERIFY(!rope->explanation().contains(QStringLiteral("More…")));

    // "More…" unfolds it whole, with "Less"; the plot gives up the height, and gets it back.
    QCoreApplication::processEvents();
    const int plotHeight = rope->plot()->height();
    emit label->linkActivated(QStringLiteral("#more"));
    QVERIFY(!label->isShortened());
    QVERIFY(label->text().contains(QStringLiteral("Bottom:")) && label->text().contains(QStringLiteral("Less")));
    QTRY_VERIFY(rope->plot()->height() < plotHeight - 40);
    emit label->linkActivated(QStringLiteral("#less"));
    QVERIFY(label->isShortened());
    QTRY_COMPARE(rope->plot()->height(), plotHeight);

    // In a taller window the heatmap's four lines fit their tenth and show whole.
    m_window->resize(1920, 1200);
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::heatmap));
    auto* heatmapLabel = m_window->plotView(pe::ui::views::heatmap)->explanationLabel();
    QTRY_VERIFY(!heatmapLabel->isShortened());
    QCOMPARE(heatmapLabel->text(), m_window->plotView(pe::ui::views::heatmap)->explanation());
}

void TestClassroom::anExplanationWithoutALeadIsShownWhole()
{
    // The lead is the bold opening; the first sentence ends at ". " or "。" outside a tag.
    using pe::ui::leadOf;
    const QString text = QStringLiteral("<b>Waves.</b> One <i>a.b</i> sentence. Two.");
    QCOMPARE(leadOf(text, false), QStringLiteral("<b>Waves.</b>"));
    QCOMPARE(leadOf(text, true), QStringLiteral("<b>Waves.</b> One <i>a.b</i> sentence."));
    QCOMPARE(leadOf(QStringLiteral("<b>波。</b>第一句。第二句。"), true), QStringLiteral("<b>波。</b>第一句。"));
    QCOMPARE(leadOf(QStringLiteral("No lead. Two."), true), QString());
    pe::ui::ExplanationLabel label;
    label.setFullText(QStringLiteral("No lead at all, and long enough to need three lines at forty pixels wide."));
    label.fitTo(40, 20);
    QVERIFY(!label.isShortened()); // nothing to fold to: whole
    QCOMPARE(label.text(), label.fullText());
}

QTEST_MAIN(TestClassroom)
#include "tst_classroom.moc"
