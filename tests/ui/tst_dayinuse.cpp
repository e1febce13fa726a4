// SPDX-License-Identifier: MIT
// What a teacher, a researcher and a paper author tripped over in a day with the app (issue 17),
// each driven on the real window as they drove it: at a projector's 1366×768, from fresh
// settings in Qt's test sandbox, keys and clicks on the offscreen platform.
#include "windowprobes.h"

#include "ui/heatmapview.h"
#include "ui/language.h"
#include "ui/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <memory>

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

std::unique_ptr<MainWindow> launch(QSize size)
{
    auto window = std::make_unique<MainWindow>();
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    QTest::qWait(50); // the layout restored after the window got its size
    return window;
}

/// The heatmap's share of the window's width: the figure the window is about.
double heatmapShare(MainWindow& window)
{
    return double(window.heatmap()->width()) / window.width();
}

/// The main figure needs this much of the window's width to be read (title, tick labels).
constexpr double minimumShare = 0.4;

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
};

void TestDayInUse::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_dayinuse"));
    QVERIFY(QSettings().fileName().contains(QStringLiteral("/.qttest/")));
}

void TestDayInUse::init()
{
    QSettings().clear(); // fresh settings, as the users had
}

void TestDayInUse::cleanup()
{
    pe::ui::installLanguage(Language::English);
    QSettings().clear();
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
    // A layout saved with the docks taking nearly all the width (as the language switch left
    // it before): relaunched, the heatmap gets its share back.
    QFETCH(QSize, size);
    {
        auto window = launch(QSize(1600, 1000));
        QVERIFY(window);
        auto* controls = window->findChild<QDockWidget*>(QStringLiteral("controlsDock"));
        auto* waves = window->findChild<QDockWidget*>(QStringLiteral("wavesDock"));
        window->resizeDocks({controls, waves}, {500, 1000}, Qt::Horizontal);
        QTest::qWait(50);
        QVERIFY2(window->heatmap()->width() < 0.3 * window->width(), "the set-up did not crush the heatmap");
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
    auto* waves = window->findChild<QDockWidget*>(QStringLiteral("wavesDock"));
    auto* similarity = window->findChild<QDockWidget*>(QStringLiteral("similarityDock"));
    auto* formula = window->findChild<QDockWidget*>(QStringLiteral("formulaDock"));
    QVERIFY(controls && waves && similarity && formula);
    // A user's mess: the similarity dock floating, the formula closed, the controls moved right.
    similarity->setFloating(true);
    formula->close();
    window->removeDockWidget(controls);
    window->addDockWidget(Qt::RightDockWidgetArea, controls);
    controls->show();
    window->resizeDocks({controls, waves}, {600, 600}, Qt::Horizontal);
    QTest::qWait(50);
    QVERIFY(heatmapShare(*window) < minimumShare);

    QAction* reset = menuAction(*window, QStringLiteral("Reset layout"));
    QVERIFY2(reset, "View ▸ Reset layout is missing");
    reset->trigger();
    QTest::qWait(50);
    QVERIFY(!similarity->isFloating());
    QVERIFY(formula->isVisible());
    QCOMPARE(window->dockWidgetArea(controls), Qt::LeftDockWidgetArea);
    QCOMPARE(window->dockWidgetArea(waves), Qt::RightDockWidgetArea);
    QCOMPARE(window->tabifiedDockWidgets(waves).size(), 7); // the eight docked views share one tab bar
    QVERIFY2(heatmapShare(*window) >= minimumShare,
             qPrintable(QStringLiteral("heatmap %1 of %2 px after reset").arg(window->heatmap()->width()).arg(window->width())));
}

QTEST_MAIN(TestDayInUse)
#include "tst_dayinuse.moc"
