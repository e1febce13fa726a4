// SPDX-License-Identifier: MIT
// View ▸ Language: the window switches to Simplified Chinese and back through the menu, at once,
// keeping what the user had set; the choice is remembered; English is the default whatever the
// locale; and the catalogue has a translation for every message, with all of its %N arguments.
#include "ui/controls/controlspanel.h"
#include "ui/views/heatmapview.h"
#include "ui/window/language.h"
#include "ui/window/guidedialog.h"
#include "ui/window/mainwindow.h"
#include "ui/views/plotview.h"
#include "ui/state/viewcatalog.h"
#include "ui/window/stage.h"
#include "windowprobes.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFontDatabase>
#include <QImage>
#include <QLibraryInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <QXmlStreamReader>
#include <qcustomplot.h>

using pe::ui::Language;
using pe::ui::MainWindow;

namespace {

/// The View ▸ Language entry whose data is `key` ("en", "zh_CN").
QAction* languageAction(MainWindow& window, const QString& key)
{
    for (QAction* top : window.menuBar()->actions())
        if (top->menu())
            for (QAction* entry : top->menu()->actions())
                if (entry->menu())
                    for (QAction* action : entry->menu()->actions())
                        if (action->data().toString() == key && action->actionGroup())
                            return action;
    return nullptr;
}

QStringList menuTitles(MainWindow& window)
{
    QStringList titles;
    for (QAction* top : window.menuBar()->actions())
        titles << top->text();
    return titles;
}

QString dockTitle(MainWindow& window, const QString& objectName)
{
    auto* dock = window.findChild<QDockWidget*>(objectName);
    return dock ? dock->windowTitle() : QString();
}

QStringList controlLabels(MainWindow& window)
{
    QStringList texts;
    for (QLabel* label : window.controls()->findChildren<QLabel*>())
        texts << label->text();
    return texts;
}

QString presentationTip(MainWindow& window)
{
    for (QAction* top : window.menuBar()->actions())
        if (top->menu())
            for (QAction* action : top->menu()->actions())
                if (action->shortcut() == QKeySequence(Qt::Key_F5))
                    return action->toolTip();
    return {};
}

/// Triggers the language's menu entry and returns the window that replaced `window`.
MainWindow* chooseLanguage(MainWindow* window, const QString& key)
{
    QAction* action = languageAction(*window, key);
    if (!action)
        return nullptr;
    MainWindow* successor = nullptr;
    QObject::connect(window, &MainWindow::replaced, [&successor](MainWindow* next) { successor = next; });
    QPointer<MainWindow> old(window);
    action->trigger();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    if (old) // the replaced window must be gone, not just hidden
        return nullptr;
    return successor;
}

/// Two characters whose simplified Chinese and Japanese glyphs differ, drawn in `font`.
QImage hanGlyphs(QFont font)
{
    QImage image(160, 60, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    font.setPixelSize(40);
    painter.setFont(font);
    painter.drawText(image.rect(), Qt::AlignCenter, QStringLiteral("直骨"));
    return image;
}

QFont family(const QString& name)
{
    QFont font;
    font.setFamilies({name});
    return font;
}

} // namespace

class TestLanguage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void englishIsTheDefault();
    void switchesThroughTheMenuAndKeepsTheState();
    void choiceIsRemembered();
    void chineseTakesTheSimplifiedChineseFace();
    void catalogueIsComplete();
    void guideToursEveryViewInBothLanguages_data();
    void guideToursEveryViewInBothLanguages();
    void viewNamesAreWhole_data();
    void viewNamesAreWhole();
};

void TestLanguage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_language"));
    QSettings().clear();
}

void TestLanguage::cleanup()
{
    pe::ui::installLanguage(Language::English);
    QSettings().clear();
}

void TestLanguage::englishIsTheDefault()
{
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    QCOMPARE(pe::ui::rememberedLanguage(), Language::English);
    QLocale::setDefault(QLocale::c());
    QCOMPARE(pe::ui::installedLanguage(), Language::English);
    MainWindow window;
    QVERIFY(menuTitles(window).contains(QStringLiteral("&File")));
    QAction* english = languageAction(window, QStringLiteral("en"));
    QAction* chinese = languageAction(window, QStringLiteral("zh_CN"));
    QVERIFY(english && chinese);
    QVERIFY(english->isChecked());
    QVERIFY(!chinese->isChecked());
    QCOMPARE(chinese->text(), QStringLiteral("简体中文")); // each language in its own words
    QCOMPARE(english->text(), QStringLiteral("English"));
}

void TestLanguage::switchesThroughTheMenuAndKeepsTheState()
{
    pe::ui::Settings settings;
    settings.spec.dModel = 96;
    settings.spec.maxLen = 200;
    settings.state.position = 17;
    settings.state.offset = 5;
    auto* window = new MainWindow(settings);
    window->resize(1366, 768);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window));
    QVERIFY(windowprobes::waitForFrame(*window));
    window->setPresentationMode(true);
    const QSize size = window->size();
    const QFont englishFont = QApplication::font();

    MainWindow* chinese = chooseLanguage(window, QStringLiteral("zh_CN"));
    QVERIFY(chinese);
    QVERIFY(chinese->isVisible());
    QCOMPARE(pe::ui::installedLanguage(), Language::SimplifiedChinese);
    QCOMPARE(menuTitles(*chinese),
             (QStringList{QStringLiteral("文件(&F)"), QStringLiteral("编辑(&E)"), QStringLiteral("视图(&V)"),
                          QStringLiteral("动画(&A)"), QStringLiteral("帮助(&H)")}));
    QCOMPARE(dockTitle(*chinese, QStringLiteral("controlsDock")), QStringLiteral("控制"));
    QCOMPARE(chinese->stage()->button(pe::ui::views::similarity)->text(), QStringLiteral("相似度"));
    QCOMPARE(chinese->stage()->button(pe::ui::views::bands)->text(), QStringLiteral("频带"));
    QVERIFY(controlLabels(*chinese).contains(QStringLiteral("起始位置")));
    QVERIFY(!controlLabels(*chinese).contains(QStringLiteral("First position")));
    QCOMPARE(presentationTip(*chinese), QStringLiteral("用于投影：更大的字体和更粗的线条，只显示主要控件，不显示说明（F5）"));
    QCOMPARE(chinese->heatmap()->plot()->xAxis->label(), QStringLiteral("嵌入维度"));
    QCOMPARE(chinese->heatmap()->plot()->yAxis->label(), QStringLiteral("位置"));
    QVERIFY(chinese->statusText().contains(QStringLiteral("撤销历史")));
    // Qt's own texts follow (qtbase_zh_CN), and Han characters get the simplified Chinese face.
    const QString qtCatalogue = QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_zh_CN.qm");
    QVERIFY2(QFile::exists(qtCatalogue),
             qPrintable(QStringLiteral("%1 not found: Qt's own Chinese texts (Cancel, OK, …) come from it; "
                                       "install qt6-translations-l10n (scripts/setup.sh does)").arg(qtCatalogue)));
    QDialogButtonBox buttons(QDialogButtonBox::Cancel);
    QCOMPARE(buttons.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
    QVERIFY2(QApplication::font().families().contains(QStringLiteral("Noto Sans CJK SC")),
             "the window's font does not ask for Noto Sans CJK SC (is fonts-noto-cjk installed?)");
    QVERIFY(languageAction(*chinese, QStringLiteral("zh_CN"))->isChecked());
    QCOMPARE(languageAction(*chinese, QStringLiteral("en"))->text(), QStringLiteral("English"));

    // What the user had set survived the rebuild.
    QCOMPARE(chinese->document()->spec().dModel, 96);
    QCOMPARE(chinese->document()->spec().maxLen, 200);
    QCOMPARE(chinese->document()->state().position, 17);
    QCOMPARE(chinese->document()->state().offset, 5);
    QVERIFY(chinese->presentationMode());
    QCOMPARE(chinese->size(), size);
    QVERIFY(windowprobes::waitForFrame(*chinese));

    MainWindow* english = chooseLanguage(chinese, QStringLiteral("en"));
    QVERIFY(english);
    QCOMPARE(pe::ui::installedLanguage(), Language::English);
    QCOMPARE(menuTitles(*english),
             (QStringList{QStringLiteral("&File"), QStringLiteral("&Edit"), QStringLiteral("&View"),
                          QStringLiteral("&Animation"), QStringLiteral("&Help")}));
    QCOMPARE(dockTitle(*english, QStringLiteral("controlsDock")), QStringLiteral("Controls"));
    QVERIFY(controlLabels(*english).contains(QStringLiteral("First position")));
    QCOMPARE(english->heatmap()->plot()->xAxis->label(), QStringLiteral("Embedding dimension"));
    QCOMPARE(QDialogButtonBox(QDialogButtonBox::Cancel).button(QDialogButtonBox::Cancel)->text(),
             QStringLiteral("Cancel"));
    QCOMPARE(QApplication::font(), englishFont);
    QCOMPARE(english->document()->spec().dModel, 96);
    QCOMPARE(english->document()->state().position, 17);
    QCOMPARE(english->document()->state().offset, 5);
    QVERIFY(english->presentationMode());
    english->setPresentationMode(false);
    delete english;
}

void TestLanguage::choiceIsRemembered()
{
    {
        auto* window = new MainWindow;
        MainWindow* chinese = chooseLanguage(window, QStringLiteral("zh_CN"));
        QVERIFY(chinese);
        delete chinese;
    }
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
    // A fresh start: English installed, then what main() does with the remembered choice.
    pe::ui::installLanguage(Language::English);
    QCOMPARE(pe::ui::rememberedLanguage(), Language::SimplifiedChinese);
    QVERIFY(pe::ui::installLanguage(pe::ui::rememberedLanguage()));
    MainWindow window;
    QCOMPARE(menuTitles(window).value(0), QStringLiteral("文件(&F)"));
    QVERIFY(languageAction(window, QStringLiteral("zh_CN"))->isChecked());
}

void TestLanguage::chineseTakesTheSimplifiedChineseFace()
{
    const QStringList families = QFontDatabase::families();
    for (const QString& name : {QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans CJK JP")})
        QVERIFY2(families.contains(name), qPrintable(name + QStringLiteral(" is missing: install fonts-noto-cjk")));
    const QImage simplified = hanGlyphs(family(QStringLiteral("Noto Sans CJK SC")));
    QVERIFY(simplified != hanGlyphs(family(QStringLiteral("Noto Sans CJK JP")))); // the characters tell them apart
    QVERIFY(pe::ui::installLanguage(Language::SimplifiedChinese));
    QCOMPARE(hanGlyphs(QApplication::font()), simplified);
    MainWindow window; // widgets built now write Han characters in it too
    QCOMPARE(hanGlyphs(window.controls()->font()), simplified);
}

// At a projector's size, in English and in Chinese, working and presenting: every view's name
// is whole and visible in the stage's bar (no "R…", no overflow menu), and so is the name in
// the Beside box and in any tab bar the remaining docks make.
void TestLanguage::viewNamesAreWhole_data()
{
    QTest::addColumn<int>("language");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presenting");
    for (const auto& [name, language] : {std::pair{"en", Language::English}, std::pair{"zh_CN", Language::SimplifiedChinese}})
        for (const QSize size : {QSize(1366, 768), QSize(1280, 720)})
            for (const bool presenting : {false, true})
                QTest::addRow("%s %dx%d%s", name, size.width(), size.height(), presenting ? " presenting" : "")
                    << int(language) << size << presenting;
}

void TestLanguage::viewNamesAreWhole()
{
    QFETCH(int, language);
    QFETCH(QSize, size);
    QFETCH(bool, presenting);
    pe::ui::installLanguage(Language(language));
    MainWindow window;
    window.setPresentationMode(presenting);
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(20); // laid out once the event loop runs
    const auto whole = [](QWidget* widget, const QString& text) {
        const int needed = widget->fontMetrics().horizontalAdvance(text);
        const QRect inWindow(widget->mapTo(widget->window(), QPoint(0, 0)), widget->size());
        return widget->isVisible() && widget->width() >= needed && widget->window()->rect().contains(inWindow);
    };
    pe::ui::Stage* stage = window.stage();
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog()) {
        QToolButton* button = stage->button(d.view);
        QVERIFY(button);
        QCOMPARE(button->text(), pe::ui::viewTitle(d.view));
        QVERIFY2(whole(button, button->text()),
                 qPrintable(QStringLiteral("'%1': %2 px at %3, %4 px of text").arg(button->text()).arg(button->width())
                                .arg(button->mapTo(&window, QPoint(0, 0)).x()).arg(button->fontMetrics().horizontalAdvance(button->text()))));
        QVERIFY2(button->font().pointSizeF() >= (presenting ? 1.5 : 1.0) * QFont().pointSizeF(), "names as large as the controls");
    }
    // Nothing stands beside a presented view: the box steps aside with the docks.
    QCOMPARE(stage->besideBox()->isVisible(), !presenting);
    for (int i = 0; i < (presenting ? 0 : stage->besideBox()->count()); ++i) {
        stage->besideBox()->setCurrentIndex(i);
        const int needed = stage->besideBox()->fontMetrics().horizontalAdvance(stage->besideBox()->currentText());
        QVERIFY2(stage->besideBox()->isVisible() && stage->besideBox()->width() > needed,
                 qPrintable(stage->besideBox()->currentText()));
    }
    for (QTabBar* bar : window.findChildren<QTabBar*>()) {
        if (!bar->isVisible())
            continue;
        for (int i = 0; i < bar->count(); ++i)
            QVERIFY2(bar->tabRect(i).width() >= bar->fontMetrics().horizontalAdvance(bar->tabText(i)), qPrintable(bar->tabText(i)));
    }
}

void TestLanguage::catalogueIsComplete()
{
    QFile file(QStringLiteral(PE_TS_FILE));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    QXmlStreamReader xml(&file);
    QString context, source, translation;
    int messages = 0;
    static const QRegularExpression placeholder(QStringLiteral("%\\d+"));
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            translation = xml.readElementText();
            ++messages;
            const QString where = context + QStringLiteral(": ") + source;
            QVERIFY2(type.isEmpty(), qPrintable(type + QStringLiteral(" translation of ") + where));
            QVERIFY2(!translation.trimmed().isEmpty(), qPrintable(QStringLiteral("empty translation of ") + where));
            for (auto it = placeholder.globalMatch(source); it.hasNext();) {
                const QString arg = it.next().captured();
                QVERIFY2(translation.contains(QRegularExpression(QRegularExpression::escape(arg) + QStringLiteral("(?!\\d)"))),
                         qPrintable(arg + QStringLiteral(" missing in the translation of ") + where));
            }
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(messages > 400);
}

void TestLanguage::guideToursEveryViewInBothLanguages_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("heading");
    QTest::newRow("English") << QStringLiteral("en") << QStringLiteral("A tour of PE Explorer");
    QTest::newRow("简体中文") << QStringLiteral("zh_CN") << QStringLiteral("PE Explorer 导览");
}

void TestLanguage::guideToursEveryViewInBothLanguages()
{
    // Issue 48: Help ▸ Guide is a short tour of the window and of every view of the bar, with the
    // explanation each view shows, in the interface's language.
    QFETCH(QString, language);
    QFETCH(QString, heading);
    pe::ui::installLanguage(*pe::ui::parseLanguage(language));
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* guide = window.findChild<QAction*>(QStringLiteral("guideAction"));
    QVERIFY(guide);
    guide->trigger();
    auto* dialog = window.findChild<pe::ui::GuideDialog*>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    const QString text = dialog->browser()->toPlainText();
    QVERIFY2(text.contains(heading), qPrintable(text.left(200)));
    for (const pe::ui::PlotView* view : window.stage()->views()) {
        QVERIFY2(text.contains(pe::ui::viewTitle(view->view())), qPrintable(pe::ui::viewTitle(view->view())));
        QTextDocument explanation;
        explanation.setHtml(view->explanation());
        const QString first = explanation.toPlainText().simplified().left(40);
        QVERIFY2(!first.isEmpty() && text.simplified().contains(first), qPrintable(first));
    }
    // Readable inside the window, and it closes with Esc.
    QVERIFY(window.geometry().contains(dialog->geometry()) || dialog->width() <= window.width());
    QTest::keyClick(dialog, Qt::Key_Escape);
    QTRY_VERIFY(!dialog->isVisible());
}

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
