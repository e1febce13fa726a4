// SPDX-License-Identifier: MIT
// What a teacher, a researcher and a paper author tripped over in a day with the app (issue 17),
// each driven on the real window as they drove it: at a projector's 1366×768, from fresh
// settings in Qt's test sandbox, keys and clicks on the offscreen platform.
#include "windowprobes.h"

#include "ui/controls/controlspanel.h"
#include "ui/views/conventionsview.h"
#include "ui/export/exportdialog.h"
#include "ui/export/figureexport.h"
#include "ui/views/heatmapview.h"
#include "ui/window/language.h"
#include "ui/controls/logslider.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"
#include "ui/views/ropeview.h"
#include "ui/views/similarityview.h"
#include "ui/state/ropeoptions.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QUrl>

#include <memory>

#include <qcustomplot.h>

using namespace windowprobes;
using pe::ui::Language;
using pe::ui::MainWindow;

namespace {

/// The menu entry whose text (without its '&') is `text`, in any menu or submenu.
QAction* menuAction(QWidget& window, const QString& text)
{
    const QList<QMenu*> menus = window.findChildren<QMenu*>();
    for (QMenu* menu : menus)
        for (QAction* action : menu->actions())
            if (QString(action->text()).remove(QLatin1Char('&')) == text)
                return action;
    return nullptr;
}

/// View ▸ Language ▸ `key`, returning the window that took this one's place.
MainWindow* chooseLanguage(MainWindow* window, const QString& key)
{
    QAction* chosen = nullptr;
    for (QMenu* menu : window->findChildren<QMenu*>())
        for (QAction* action : menu->actions())
            if (action->actionGroup() && action->data().toString() == key)
                chosen = action;
    if (!chosen)
        return nullptr;
    MainWindow* successor = nullptr;
    QObject::connect(window, &MainWindow::replaced, [&successor](MainWindow* next) { successor = next; });
    chosen->trigger();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    return successor;
}

/// The heatmap's share of the window's width: the figure the window is about.
double heatmapShare(MainWindow& window)
{
    return double(window.heatmap()->width()) / window.width();
}

/// The main figure needs this much of the window's width to be read (title, tick labels).
constexpr double minimumShare = 0.4;

/// Runs `act` (which opens a modal dialog) and hands the dialog to `inspect` while it is open;
/// `inspect` must close it. Returns false when no dialog opened.
template <typename Dialog>
bool whileDialogOpen(const std::function<void()>& act, const std::function<void(Dialog&)>& inspect)
{
    bool seen = false;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* dialog = qobject_cast<Dialog*>(QApplication::activeModalWidget()); dialog && !seen) {
            seen = true;
            poll.stop();
            inspect(*dialog);
        }
    });
    poll.start();
    act();
    poll.stop();
    return seen;
}

/// Clicks a message box's button once it is open (the replace question inside the dialog).
void answerNextQuestion(QMessageBox::StandardButton answer, bool* asked)
{
    auto* timer = new QTimer(qApp); // gone with the application if no question ever comes
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, answer, asked] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            *asked = true;
            timer->stop();
            timer->deleteLater();
            box->button(answer)->click();
        }
    });
    timer->start();
}

QPushButton* exportButton(pe::ui::ExportDialog& dialog)
{
    return dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
}

/// The widths the d_model slider offers, as its tooltip states them.
int offeredWidth(double raw)
{
    return raw < 1.5 ? 1 : raw < 63 ? 2 * int(std::lround(raw / 2)) : 64 * int(std::lround(raw / 64));
}

/// Pixels of the saturated red the band highlight is drawn in.
int redPixels(const QImage& image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            count += c.red() > 200 && c.green() < 140 && c.blue() < 140;
        }
    return count;
}

/// Grey text pixels in the top eighth of a figure (where a title goes).
int titleInk(const QImage& image)
{
    int count = 0;
    for (int y = 0; y < image.height() / 8; ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            count += c.red() < 128 && std::abs(c.red() - c.green()) < 12 && std::abs(c.green() - c.blue()) < 12;
        }
    return count;
}

} // namespace

class TestDayInUse : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void heatmapKeepsItsShareAfterALanguageSwitch_data();
    void heatmapKeepsItsShareAfterALanguageSwitch();
    void heatmapKeepsItsShareOfACrushedSavedLayout_data();
    void heatmapKeepsItsShareOfACrushedSavedLayout();
    void resetLayoutBringsBackTheDefaultDocks();
    void ropeScaleTakesDecimals();
    void resetToDefaultsResetsTheRopeScale();
    void exportShortcutWinsInASpinBoxAndOpensOnTheViewInUse();
    void exportDialogStaysOpenOnMistakes();
    void exportDialogReopensOnTheViewItExported();
    void exportedFiguresLeaveOutTitleAndMarksOnRequest();
    void waveDimsTakeRangesAndSayWhatIsWrong();
    void dModelSliderOffersTheWidthsPeopleUse();
    void conventionsMapsAreEquallyWide();
    void similarityNamesTheOffsetAboveTheCurve();
    void saveSessionStartsWhereTheLastExportWent();
    void exportSaysWhereItWroteWithOpenFolder();
    void everyViewNameIsReadableAndOneClickAway_data();
    void everyViewNameIsReadableAndOneClickAway();
};

void TestDayInUse::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_dayinuse"));
    QVERIFY(QSettings().fileName().contains(QStringLiteral("/.qttest/")));
    QSettings(QSettings::UserScope, QStringLiteral("QtProject")).remove(QStringLiteral("FileDialog")); // see cleanup()
}

void TestDayInUse::init()
{
    QSettings().clear(); // fresh settings, as the users had
}

void TestDayInUse::cleanup()
{
    pe::ui::installLanguage(Language::English);
    QSettings().clear();
    // Nor where Qt's file dialog was (its own settings, shared by every test in test mode).
    QSettings(QSettings::UserScope, QStringLiteral("QtProject")).remove(QStringLiteral("FileDialog"));
}

void TestDayInUse::heatmapKeepsItsShareAfterALanguageSwitch_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1280x720") << QSize(1280, 720);
}

void TestDayInUse::heatmapKeepsItsShareAfterALanguageSwitch()
{
    QFETCH(QSize, size);
    auto first = launch(size);
    QVERIFY(first);
    QVERIFY2(heatmapShare(*first) >= minimumShare, qPrintable(QString::number(first->heatmap()->width())));

    // View ▸ Language ▸ 简体中文, then quit (the layout is saved) and relaunch, twice, and back.
    MainWindow* chinese = chooseLanguage(first.release(), QStringLiteral("zh_CN"));
    QVERIFY(chinese);
    std::unique_ptr<MainWindow> current(chinese);
    QVERIFY(QTest::qWaitForWindowExposed(current.get()));
    QTest::qWait(50);
    QVERIFY2(heatmapShare(*current) >= minimumShare,
             qPrintable(QStringLiteral("after the switch: heatmap %1 of %2 px").arg(current->heatmap()->width()).arg(current->width())));
    // The status line says the language changed, in place of the settings, not drawn over them.
    QVERIFY2(current->statusText().contains(QStringLiteral("撤销历史")), qPrintable(current->statusText()));
    QVERIFY(current->statusBar()->currentMessage().isEmpty());
    for (int relaunch = 0; relaunch < 2; ++relaunch) {
        current->close();
        current.reset();
        current = launch(size);
        QVERIFY(current);
        QVERIFY2(heatmapShare(*current) >= minimumShare,
                 qPrintable(QStringLiteral("relaunch %1: heatmap %2 of %3 px").arg(relaunch + 1)
                                .arg(current->heatmap()->width()).arg(current->width())));
    }
    MainWindow* english = chooseLanguage(current.release(), QStringLiteral("en"));
    QVERIFY(english);
    current.reset(english);
    QTest::qWait(50);
    current->close();
    current.reset();
    current = launch(size);
    QVERIFY(current);
    QVERIFY2(heatmapShare(*current) >= minimumShare,
             qPrintable(QStringLiteral("back in English: heatmap %1 of %2 px").arg(current->heatmap()->width()).arg(current->width())));
}

void TestDayInUse::heatmapKeepsItsShareOfACrushedSavedLayout_data()
{
    heatmapKeepsItsShareAfterALanguageSwitch_data();
}

void TestDayInUse::heatmapKeepsItsShareOfACrushedSavedLayout()
{
    // A layout saved with the controls taking most of the width (as the language switch left
    // it before): relaunched, the heatmap gets its share back.
    QFETCH(QSize, size);
    {
        auto window = launch(QSize(1600, 1000));
        QVERIFY(window);
        auto* controls = window->findChild<QDockWidget*>(QStringLiteral("controlsDock"));
        window->resizeDocks({controls}, {1300}, Qt::Horizontal);
        QTest::qWait(50);
        QVERIFY2(window->heatmap()->width() < 0.35 * window->width(), "the set-up did not crush the heatmap");
        window->close();
    }
    auto window = launch(size);
    QVERIFY(window);
    QCOMPARE(window->size(), size);
    QVERIFY2(heatmapShare(*window) >= minimumShare,
             qPrintable(QStringLiteral("heatmap %1 of %2 px").arg(window->heatmap()->width()).arg(window->width())));
}

void TestDayInUse::resetLayoutBringsBackTheDefaultDocks()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    auto* controls = window->findChild<QDockWidget*>(QStringLiteral("controlsDock"));
    auto* formula = window->findChild<QDockWidget*>(QStringLiteral("formulaDock"));
    QVERIFY(controls && formula);
    // A user's mess: the formula floating then closed, the controls moved right, the spectrum
    // on the stage with nothing beside it.
    formula->setFloating(true);
    formula->close();
    window->removeDockWidget(controls);
    window->addDockWidget(Qt::RightDockWidgetArea, controls);
    controls->show();
    window->stage()->choose(pe::ui::views::spectrum);
    window->stage()->setBeside(std::nullopt);
    QTest::qWait(50);
    QCOMPARE(window->dockWidgetArea(controls), Qt::RightDockWidgetArea);
    QVERIFY(!window->heatmap()->isVisible());

    QAction* reset = menuAction(*window, QStringLiteral("Reset layout"));
    QVERIFY2(reset, "View ▸ Reset layout is missing");
    reset->trigger();
    QTest::qWait(50);
    QVERIFY(!formula->isFloating());
    QVERIFY(formula->isVisible());
    QCOMPARE(window->dockWidgetArea(controls), Qt::LeftDockWidgetArea);
    QCOMPARE(window->dockWidgetArea(formula), Qt::LeftDockWidgetArea);
    QCOMPARE(window->stage()->chosen(), pe::ui::views::heatmap);
    QCOMPARE(window->stage()->beside(), std::optional(pe::ui::views::heatmap)); // the companion of any other view
    QVERIFY2(heatmapShare(*window) >= minimumShare,
             qPrintable(QStringLiteral("heatmap %1 of %2 px after reset").arg(window->heatmap()->width()).arg(window->width())));
}

void TestDayInUse::ropeScaleTakesDecimals()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(bringOnScreen(*window, pe::ui::views::rope));
    auto* rope = qobject_cast<pe::ui::RopeView*>(window->plotView(pe::ui::views::rope));
    typeInto(rope->scaleBox(), QStringLiteral("2.5"));
    QCOMPARE(rope->scaleBox()->value(), 2.5);
    QVERIFY(QTest::qWaitFor([&] { return window->document()->isFrameCurrent(); }));
    QCoreApplication::processEvents();
    QCOMPARE(ropeOptions(window->document()->state()).scale, 2.5);
    QVERIFY2(plotTitle(rope->plot()).contains(QStringLiteral("s = 2.5")), qPrintable(plotTitle(rope->plot())));
    QVERIFY2(plotTitle(rope->plot()).contains(QStringLiteral("s·L_orig 10240")), qPrintable(plotTitle(rope->plot())));
    typeInto(rope->scaleBox(), QStringLiteral("1.5"));
    QCOMPARE(rope->scaleBox()->value(), 1.5);
}

void TestDayInUse::resetToDefaultsResetsTheRopeScale()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    auto* rope = qobject_cast<pe::ui::RopeView*>(window->plotView(pe::ui::views::rope));
    window->document()->setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(pe::ui::RopeOptions{2.5, 8192, false}));
    QCOMPARE(rope->scaleBox()->value(), 2.5);
    QAction* reset = menuAction(*window, QStringLiteral("Reset to defaults"));
    QVERIFY(reset);
    reset->trigger();
    QCOMPARE(rope->scaleBox()->value(), 8.0);
    QCOMPARE(rope->originalLengthBox()->value(), 4096);
    QCOMPARE(ropeOptions(window->document()->state()), pe::ui::RopeOptions{});
    window->document()->undoStack()->undo(); // Reset to defaults is an undo step, the options with it
    QCOMPARE(rope->scaleBox()->value(), 2.5);
}

void TestDayInUse::exportShortcutWinsInASpinBoxAndOpensOnTheViewInUse()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    // The author looks at the similarity matrix, then types a d_model and presses Ctrl+E.
    QTest::mouseClick(window->stage()->button(pe::ui::views::similarity), Qt::LeftButton);
    QTest::qWait(20);
    QCOMPARE(window->activeView(), pe::ui::views::similarity);
    QSpinBox* spin = window->controls()->dModelSpin();
    spin->setFocus();
    QVERIFY(QTest::qWaitFor([&] { return spin->hasFocus(); }));
    QTest::keyClicks(spin, QStringLiteral("128"));
    QString openedOn, suggested, renamed;
    const bool opened = whileDialogOpen<pe::ui::ExportDialog>(
        [&] { QTest::keyClick(QApplication::focusWidget(), Qt::Key_E, Qt::ControlModifier); },
        [&](pe::ui::ExportDialog& dialog) {
            openedOn = pe::ui::viewName(dialog.view());
            suggested = QFileInfo(dialog.path()).fileName();
            auto* views = dialog.findChild<QComboBox*>();
            views->setCurrentIndex(int(pe::ui::views::rope));
            renamed = QFileInfo(dialog.path()).fileName();
            dialog.reject();
        });
    QVERIFY2(opened, "Ctrl+E with the focus in the d_model box opened no dialog");
    QCOMPARE(openedOn, QStringLiteral("similarity"));
    QCOMPARE(suggested, QStringLiteral("pe-similarity.pdf"));
    QCOMPARE(renamed, QStringLiteral("pe-rope.pdf"));
    // Clicking into the heatmap makes it the view in use again.
    QTest::mouseClick(window->heatmap()->plot(), Qt::LeftButton, {}, window->heatmap()->plot()->rect().center());
    QCOMPARE(window->activeView(), pe::ui::views::heatmap);
}

void TestDayInUse::exportDialogReopensOnTheViewItExported()
{
    // An author exports the RoPE view from the dialog while the heatmap is in use, then wants
    // a second figure of it: the dialog reopens on RoPE. Once they turn to another view, the
    // dialog opens on that one.
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto openExport = [&](const std::function<void(pe::ui::ExportDialog&)>& inspect) {
        return whileDialogOpen<pe::ui::ExportDialog>([&] { menuAction(*window, QStringLiteral("Export…"))->trigger(); }, inspect);
    };
    QVERIFY(openExport([&](pe::ui::ExportDialog& dialog) {
        QCOMPARE(dialog.view(), pe::ui::views::heatmap);
        dialog.findChild<QComboBox*>()->setCurrentIndex(int(pe::ui::views::rope));
        dialog.findChild<QLineEdit*>()->setText(dir.filePath(QStringLiteral("rope.png")));
        exportButton(dialog)->click();
    }));
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("rope.png"))));
    pe::ui::View reopenedOn = pe::ui::views::heatmap, laterOn = pe::ui::views::heatmap;
    QVERIFY(openExport([&](pe::ui::ExportDialog& dialog) {
        reopenedOn = dialog.view();
        dialog.reject();
    }));
    QCOMPARE(reopenedOn, pe::ui::views::rope);
    window->stage()->choose(pe::ui::views::spectrum);
    QVERIFY(openExport([&](pe::ui::ExportDialog& dialog) {
        laterOn = dialog.view();
        dialog.reject();
    }));
    QCOMPARE(laterOn, pe::ui::views::spectrum);
}

void TestDayInUse::exportDialogStaysOpenOnMistakes()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString existing = dir.filePath(QStringLiteral("taken.pdf"));
    {
        QFile file(existing);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep me");
    }
    QStringList messages;
    bool stillOpen = true, asked = false;
    QString written;
    const bool opened = whileDialogOpen<pe::ui::ExportDialog>(
        [&] { menuAction(*window, QStringLiteral("Export…"))->trigger(); },
        [&](pe::ui::ExportDialog& dialog) {
            auto* path = dialog.findChild<QLineEdit*>();
            auto* title = dialog.findChildren<QComboBox*>().value(2);
            title->setCurrentIndex(1); // a choice that must survive the mistakes
            for (const QString& wrong : {dir.filePath(QStringLiteral("no/such/folder/fig.pdf")), dir.filePath(QStringLiteral("fig.txt"))}) {
                path->setText(wrong);
                exportButton(dialog)->click();
                stillOpen = stillOpen && dialog.isVisible();
                messages << dialog.errorText();
            }
            path->setText(existing);
            answerNextQuestion(QMessageBox::No, &asked);
            exportButton(dialog)->click();
            stillOpen = stillOpen && dialog.isVisible() && title->currentIndex() == 1;
            written = dir.filePath(QStringLiteral("fig.pdf"));
            path->setText(written);
            exportButton(dialog)->click();
        });
    QVERIFY(opened);
    QVERIFY2(stillOpen, "the dialog closed on a mistake or forgot a choice");
    QVERIFY2(messages.value(0).contains(QStringLiteral("does not exist")), qPrintable(messages.value(0)));
    QVERIFY2(messages.value(1).contains(QStringLiteral(".pdf")) && messages.value(1).contains(QStringLiteral("fig.txt")),
             qPrintable(messages.value(1)));
    QVERIFY(asked);
    QFile kept(existing);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("keep me"));
    QVERIFY2(QFileInfo(written).size() > 1000, "the corrected path was not exported");
}

void TestDayInUse::exportedFiguresLeaveOutTitleAndMarksOnRequest()
{
    pe::ui::ExportRequest request;
    request.state.bandFirst = 4;
    request.state.bandLast = 9;
    request.path = QStringLiteral("figure.png");
    pe::ui::FigureSize size = pe::ui::singleColumnFigure();
    size.dpi = 150;
    size.selectionMarks = true;
    const QImage marked = pe::ui::renderFigure(request, size);
    size.selectionMarks = false;
    const QImage clean = pe::ui::renderFigure(request, size);
    QVERIFY2(redPixels(marked) > 100, qPrintable(QString::number(redPixels(marked))));
    QCOMPARE(redPixels(clean), 0);
    const int fullTitle = titleInk(clean);
    size.title = pe::ui::FigureTitle::None;
    const int noTitle = titleInk(pe::ui::renderFigure(request, size));
    QVERIFY2(noTitle * 3 < fullTitle, qPrintable(QStringLiteral("title ink %1 without a title, %2 with").arg(noTitle).arg(fullTitle)));
    size.title = pe::ui::FigureTitle::Full;
    request.state.colormap = QStringLiteral("grayscale");
    const QImage grey = pe::ui::renderFigure(request, size);
    QVERIFY(grey != clean);
    // The recipe re-makes the same figure.
    size.title = pe::ui::FigureTitle::Short;
    const QString recipe = pe::ui::recipeCommand(request, size);
    QVERIFY2(recipe.contains(QStringLiteral("--title short")) && recipe.contains(QStringLiteral("--no-marks"))
                 && recipe.contains(QStringLiteral("--colormap grayscale")), qPrintable(recipe));
    // The slide preset beside the paper ones.
    pe::ui::ExportDialog dialog(pe::ui::views::heatmap, QStringLiteral("pe-heatmap.pdf"), QStringLiteral("viridis"));
    auto* presets = dialog.findChildren<QComboBox*>().value(1);
    const int slide = presets->findText(QStringLiteral("Slide 16:9"), Qt::MatchStartsWith);
    QVERIFY(slide >= 0);
    presets->setCurrentIndex(slide);
    emit presets->activated(slide);
    QCOMPARE(dialog.figureSize().millimetres, QSizeF(254, 143));
    QCOMPARE(dialog.figureSize().fontPoints, 14.0);
}

void TestDayInUse::waveDimsTakeRangesAndSayWhatIsWrong()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QLineEdit* dims = window->controls()->dimsEdit();
    auto* message = window->controls()->findChild<QLabel*>(QStringLiteral("dimsMessage"));
    QVERIFY(message);
    typeInto(dims, QStringLiteral("8-11"));
    QCOMPARE(window->document()->state().dims, (QList<int>{8, 9, 10, 11}));
    QVERIFY(!message->isVisible());
    typeInto(dims, QStringLiteral("0:64:8"));
    QCOMPARE(window->document()->state().dims, (QList<int>{0, 8, 16, 24, 32, 40, 48, 56}));
    typeInto(dims, QStringLiteral("1, 3-4, 60:64"));
    QCOMPARE(window->document()->state().dims, (QList<int>{1, 3, 4, 60, 61, 62, 63}));
    for (const char* wrong : {"4-x", "7-4", "60-70", "0:64:0"}) {
        typeInto(dims, QString::fromLatin1(wrong));
        QCOMPARE(window->document()->state().dims, (QList<int>{1, 3, 4, 60, 61, 62, 63}));
        QVERIFY2(message->isVisible(), wrong);
        QVERIFY2(message->text().contains(QString::fromLatin1(wrong)), qPrintable(message->text()));
    }
    QVERIFY(message->text().contains(QStringLiteral("step")));
    typeInto(dims, QStringLiteral("0:64"));
    QVERIFY2(message->text().contains(QStringLiteral("at most 16")), qPrintable(message->text()));
    typeInto(dims, QStringLiteral("4-7"));
    QVERIFY(!message->isVisible());
}

void TestDayInUse::dModelSliderOffersTheWidthsPeopleUse()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    pe::ui::LogSlider* slider = window->controls()->dModelSlider();
    QSlider& s = *slider;
    const auto raw = [&] { return std::pow(4096.0, double(s.sliderPosition()) / s.maximum()); };
    // A plain drag across the slider: every value it passes is offered.
    QSet<int> passed;
    s.setSliderDown(true);
    for (int position = 0; position <= s.maximum() + 6; position += 7) {
        s.setSliderPosition(std::min(position, s.maximum()));
        const int d = window->document()->spec().dModel;
        QCOMPARE(d, offeredWidth(raw()));
        passed.insert(d);
    }
    s.setSliderDown(false);
    QVERIFY(passed.contains(512) && passed.contains(768) && passed.contains(2048) && passed.contains(4096));
    QVERIFY(!passed.contains(1921));
    // With Shift held, every width in between.
    typeInto(window->controls()->dModelSpin(), QStringLiteral("64"));
    const QPoint from = sliderHandleCentre(&s);
    QTest::mousePress(&s, Qt::LeftButton, Qt::ShiftModifier, from);
    const QPoint to = from + QPoint(s.width() / 8, 0);
    QMouseEvent move(QEvent::MouseMove, to, s.mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::ShiftModifier);
    QApplication::sendEvent(&s, &move);
    const int fine = window->document()->spec().dModel;
    QTest::mouseRelease(&s, Qt::LeftButton, Qt::ShiftModifier, to);
    QCOMPARE(fine, int(std::lround(raw())));
    QVERIFY2(fine != offeredWidth(raw()), qPrintable(QString::number(fine)));
}

void TestDayInUse::conventionsMapsAreEquallyWide()
{
    for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
        auto window = launch(size);
        QVERIFY(window);
        QVERIFY(bringOnScreen(*window, pe::ui::views::conventions));
        auto* view = qobject_cast<pe::ui::ConventionsView*>(window->plotView(pe::ui::views::conventions));
        view->plot()->replot();
        const auto widths = view->mapWidths();
        const auto [least, most] = std::minmax({widths[0], widths[1], widths[2]});
        QVERIFY2(most - least <= 3, qPrintable(QStringLiteral("A %1, B %2, A − B %3 px").arg(widths[0]).arg(widths[1]).arg(widths[2])));
        QVERIFY(least > 20);
        window->close();
    }
}

void TestDayInUse::similarityNamesTheOffsetAboveTheCurve()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(bringOnScreen(*window, pe::ui::views::similarity));
    QCustomPlot* plot = window->plotView(pe::ui::views::similarity)->plot();
    plot->replot();
    QCPAxisRect* profile = qobject_cast<pe::ui::SimilarityView*>(window->plotView(pe::ui::views::similarity))->profileRect();
    QVERIFY(profile);
    const QString caption = profile->axis(QCPAxis::atTop)->label();
    QVERIFY2(caption.contains(QStringLiteral("k = 1")), qPrintable(caption));
    // p and q are one axis: the matrix's cells are square in the window too (issue 16).
    const QRect matrix = plot->xAxis->axisRect()->rect();
    QVERIFY2(std::abs(matrix.width() - matrix.height()) <= 2,
             qPrintable(QStringLiteral("the similarity matrix is %1 × %2 px").arg(matrix.width()).arg(matrix.height())));
    // No text inside the curve's plot area, where it covered the curve.
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)); text && text->visible() && text->clipAxisRect() == profile)
            QFAIL(qPrintable(QStringLiteral("a label on the curve: ") + text->text()));
}

void TestDayInUse::saveSessionStartsWhereTheLastExportWent()
{
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString figure = dir.filePath(QStringLiteral("figure.png"));
    QVERIFY(whileDialogOpen<pe::ui::ExportDialog>([&] { menuAction(*window, QStringLiteral("Export…"))->trigger(); },
                                                  [&](pe::ui::ExportDialog& dialog) {
                                                      dialog.findChild<QLineEdit*>()->setText(figure);
                                                      exportButton(dialog)->click();
                                                  }));
    QVERIFY(QFileInfo::exists(figure));
    for (const QString& entry : {QStringLiteral("Save session as…"), QStringLiteral("Open session…")}) {
        QString startedIn;
        QVERIFY(whileDialogOpen<QFileDialog>([&] { menuAction(*window, entry)->trigger(); },
                                             [&](QFileDialog& dialog) {
                                                 startedIn = dialog.directory().absolutePath();
                                                 dialog.reject();
                                             }));
        QCOMPARE(startedIn, QDir(dir.path()).absolutePath());
    }
}

/// Receives the URLs QDesktopServices::openUrl would give the file manager.
class UrlCatcher : public QObject {
    Q_OBJECT
public:
    QList<QUrl> urls;
public slots:
    void open(const QUrl& url) { urls << url; }
};

void TestDayInUse::exportSaysWhereItWroteWithOpenFolder()
{
    // Issue 48: after an export the status line names the file and its folder, with *Open
    // folder* beside it, which opens that folder; both go when the note does.
    auto window = launch(QSize(1366, 768));
    QVERIFY(window);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(!window->openFolderButton()->isVisible());
    const QString figure = dir.filePath(QStringLiteral("classroom.svg"));
    QVERIFY(whileDialogOpen<pe::ui::ExportDialog>([&] { menuAction(*window, QStringLiteral("Export…"))->trigger(); },
                                                  [&](pe::ui::ExportDialog& dialog) {
                                                      dialog.findChild<QLineEdit*>()->setText(figure);
                                                      exportButton(dialog)->click();
                                                  }));
    QVERIFY(QFileInfo::exists(figure));
    const QString status = window->statusText();
    QVERIFY2(status.contains(QStringLiteral("classroom.svg")) && status.contains(QDir::toNativeSeparators(dir.path())),
             qPrintable(status));
    QVERIFY(window->openFolderButton()->isVisible());
    QVERIFY(window->openFolderButton()->width() >= window->openFolderButton()->sizeHint().width());
    UrlCatcher catcher;
    QDesktopServices::setUrlHandler(QStringLiteral("file"), &catcher, "open");
    window->openFolderButton()->click();
    QDesktopServices::unsetUrlHandler(QStringLiteral("file"));
    QCOMPARE(catcher.urls.size(), 1);
    QCOMPARE(QDir(catcher.urls.first().toLocalFile()).canonicalPath(), QDir(dir.path()).canonicalPath());
    // Another note takes the line: the button goes with the export's note.
    window->showNote(QStringLiteral("something else"));
    QVERIFY(!window->openFolderButton()->isVisible());
}

void TestDayInUse::everyViewNameIsReadableAndOneClickAway_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("language");
    QTest::newRow("1366 × 768") << QSize(1366, 768) << QStringLiteral("en");
    QTest::newRow("1280 × 720, Chinese") << QSize(1280, 720) << QStringLiteral("zh_CN");
}

void TestDayInUse::everyViewNameIsReadableAndOneClickAway()
{
    // The stage's bar names every view in full, and a click puts it on the stage; it stays
    // while presenting, the projector's only way to another view without the menus.
    QFETCH(QSize, size);
    QFETCH(QString, language);
    auto window = launch(size);
    QVERIFY(window);
    if (language != QLatin1String("en")) {
        window.reset(chooseLanguage(window.release(), language));
        QVERIFY(window);
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    }
    for (const bool presenting : {false, true}) {
        window->setPresentationMode(presenting);
        QTest::qWait(20);
        int named = 0;
        for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog()) {
            QToolButton* button = window->stage()->button(d.view);
            QVERIFY(button);
            QVERIFY2(button->isVisible() && button->width() >= button->fontMetrics().horizontalAdvance(button->text()),
                     qPrintable(QStringLiteral("%1: button %2 px, visible %3").arg(button->text()).arg(button->width()).arg(button->isVisible())));
            QTest::mouseClick(button, Qt::LeftButton);
            pe::ui::PlotView* view = window->plotView(d.view);
            QVERIFY2(QTest::qWaitFor([&] { return view->isOnScreen(); }, 2000), qPrintable(button->text()));
            QCOMPARE(window->stage()->chosen(), d.view);
            QVERIFY(button->isChecked());
            QCOMPARE(window->activeView(), d.view); // File ▸ Export starts from it
            ++named;
        }
        QCOMPARE(named, pe::ui::viewNames().size());
    }
    window->setPresentationMode(false);
}

QTEST_MAIN(TestDayInUse)
#include "tst_dayinuse.moc"
