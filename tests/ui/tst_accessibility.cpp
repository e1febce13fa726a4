// SPDX-License-Identifier: MIT
// What a screen reader reads (issue 50), walked in process through the same QAccessible
// interfaces that Qt's AT-SPI bridge hands to Orca: every control a user can operate has a
// name, in English and in Chinese, on the stage and in presentation mode (F5); every plot is a
// chart named by its title, whose description says what it shows with the current numbers and
// follows them.
#include "windowprobes.h"

#include "ui/controls/controlspanel.h"
#include "ui/document/document.h"
#include "ui/export/exportdialog.h"
#include "ui/state/viewcatalog.h"
#include "ui/views/plotview.h"
#include "ui/views/wavesview.h"
#include "ui/window/guidedialog.h"
#include "ui/window/language.h"
#include "ui/window/shortcutsdialog.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"

#include <QAccessible>
#include <QRegularExpression>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QLocale>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>
#include <QStandardPaths>
#include <QTest>
#include <QWidget>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <memory>

using pe::ui::MainWindow;
using pe::ui::View;

namespace {

/// Roles of what a user operates: a screen reader announces these by name when they get focus.
bool isInteractive(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::PushButton:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::SpinBox:
    case QAccessible::Slider:
    case QAccessible::Dial:
    case QAccessible::EditableText:
    case QAccessible::ButtonMenu:
    case QAccessible::ButtonDropDown:
    case QAccessible::ButtonDropGrid:
    case QAccessible::PageTab:
    case QAccessible::MenuItem:
    case QAccessible::Link:
    case QAccessible::Chart:
        return true;
    default:
        return false;
    }
}

QString describe(QAccessibleInterface* iface)
{
    QObject* object = iface->object();
    QString where;
    for (QObject* o = object; o; o = o->parent())
        if (!o->objectName().isEmpty()) {
            where = o->objectName();
            break;
        }
    QString tip;
    if (auto* widget = qobject_cast<QWidget*>(object))
        tip = widget->toolTip().left(60);
    return QStringLiteral("%1 (role %2, %3, inside \"%4\", tooltip \"%5\")")
        .arg(object ? QString::fromLatin1(object->metaObject()->className()) : QStringLiteral("no object"))
        .arg(int(iface->role()))
        .arg(iface->text(QAccessible::Value), where, tip);
}

/// Every visible interactive object under `iface` without a name.
void collectNameless(QAccessibleInterface* iface, QStringList& nameless, int depth = 0)
{
    if (!iface || !iface->isValid() || depth > 64)
        return;
    if (iface->state().invisible)
        return;
    if (isInteractive(iface->role()) && iface->text(QAccessible::Name).trimmed().isEmpty())
        nameless << describe(iface);
    for (int i = 0; i < iface->childCount(); ++i)
        collectNameless(iface->child(i), nameless, depth + 1);
}

QStringList namelessIn(QWidget* window)
{
    QStringList nameless;
    collectNameless(QAccessible::queryAccessibleInterface(window), nameless);
    nameless.removeDuplicates();
    return nameless;
}

/// A title as read: its parts joined by " · " where the plot flowed them onto one line.
QString asRead(QString title)
{
    return title.remove(QChar(0x2026)).replace(QStringLiteral(" · "), QStringLiteral(" ")).simplified();
}

/// A key pressed where the keyboard's focus is, as the window system delivers it.
void press(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* focus = QApplication::focusWidget();
    QVERIFY2(focus, "nothing has the keyboard's focus");
    QTest::keyClick(focus, Qt::Key(key), modifiers);
}

/// Presses `key` until `target` has the focus, at most `most` times; false if it never does.
bool pressUntilFocused(int key, QWidget* target, int most = 200)
{
    for (int i = 0; i < most && QApplication::focusWidget() != target; ++i) {
        press(key);
        if (QTest::currentTestFailed())
            return false;
    }
    return QApplication::focusWidget() == target;
}

/// Types a number into the spin box that has the focus, as a user does: select all, type, Enter.
void typeNumber(const QString& digits)
{
    press(Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(QApplication::focusWidget(), digits);
    press(Qt::Key_Return);
}

} // namespace

class TestAccessibility : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyControlHasAName_data();
    void everyControlHasAName();
    void everyPlotIsAChartNamedByItsTitle();
    void theHeatmapsDescriptionFollowsTheNumbers();
    void aMatrixIsATableOfTheCellsAsDrawn();
    void curvesAndEveryMapAreTables();
    void theKeyboardAloneReachesEverything();
    void listenPlaysTheWavesOrSaysWhyNot();
};

void TestAccessibility::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_accessibility"));
    QSettings().clear();
    // Qt's file dialog keeps where it was (its history, the last folder) in settings of its
    // own, which every test shares in test mode. tst_session's read-only-file-system case
    // leaves /proc there, and this test's dialog then read /proc/kmsg to guess its type: a
    // read that waits for the kernel's next message, so the test hung when the kernel had none.
    QSettings(QSettings::UserScope, QStringLiteral("QtProject")).remove(QStringLiteral("FileDialog"));
}

void TestAccessibility::everyControlHasAName_data()
{
    QTest::addColumn<int>("language");
    QTest::newRow("English") << int(pe::ui::Language::English);
    QTest::newRow("Chinese") << int(pe::ui::Language::SimplifiedChinese);
}

void TestAccessibility::everyControlHasAName()
{
    QFETCH(int, language);
    pe::ui::installLanguage(pe::ui::Language(language));
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QStringList problems;
    for (bool presenting : {false, true}) {
        window->setPresentationMode(presenting);
        for (const auto& entry : pe::ui::viewCatalog()) {
            QVERIFY(windowprobes::bringOnScreen(*window, entry.view));
            QCoreApplication::processEvents(); // the replot that lays out the new frame's title
            for (const QString& nameless : namelessIn(window.get()))
                problems << QStringLiteral("%1%2: %3")
                                .arg(QLatin1String(entry.key), presenting ? QStringLiteral(" (F5)") : QString(), nameless);
        }
    }
    window->setPresentationMode(false);
    // Where the tooltip says more than the name, a screen reader reads it as the description.
    QSpinBox* dModel = window->controls()->dModelSpin();
    QAccessibleInterface* box = QAccessible::queryAccessibleInterface(dModel);
    QCOMPARE(box->text(QAccessible::Name), QStringLiteral("d_model"));
    QCOMPARE(box->text(QAccessible::Description), dModel->toolTip());
    // The export dialog (File ▸ Export…), for each view it can start from.
    for (const auto& entry : pe::ui::viewCatalog()) {
        pe::ui::ExportDialog dialog(entry.view, QStringLiteral("/tmp/figure.pdf"), pe::ui::defaultColormap(), window.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        for (const QString& nameless : namelessIn(&dialog))
            problems << QStringLiteral("export dialog (%1): %2").arg(QLatin1String(entry.key), nameless);
    }
    // The other dialogs: the guide, the shortcuts, and the file dialog every Open… shows (Qt's
    // own, where no desktop portal replaces it).
    {
        pe::ui::GuideDialog guide(window->stage(), window.get());
        pe::ui::ShortcutsDialog shortcuts(window.get());
        QFileDialog open(window.get(), QStringLiteral("Open encoding"), QDir::tempPath(), QStringLiteral("Tables (*.npy *.safetensors)"));
        open.setOption(QFileDialog::DontUseNativeDialog);
        for (QDialog* dialog : std::initializer_list<QDialog*>{&guide, &shortcuts, &open}) {
            dialog->show();
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            for (const QString& nameless : namelessIn(dialog))
                problems << QStringLiteral("%1: %2").arg(QString::fromLatin1(dialog->metaObject()->className()), nameless);
            dialog->hide();
        }
    }
    problems.removeDuplicates();
    for (const QString& problem : problems) // QVERIFY2 cuts a long message: one line each
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 controls without a name:\n").arg(problems.size())
                                            + problems.join(QLatin1Char('\n'))));
}

void TestAccessibility::everyPlotIsAChartNamedByItsTitle()
{
    pe::ui::installLanguage(pe::ui::Language::English);
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    for (bool presenting : {false, true}) {
        window->setPresentationMode(presenting);
        for (const auto& entry : pe::ui::viewCatalog()) {
            const QString name = QLatin1String(entry.key) + (presenting ? QStringLiteral(" (F5)") : QString());
            QVERIFY2(windowprobes::bringOnScreen(*window, entry.view), qPrintable(name));
            QCustomPlot* plot = window->plotView(entry.view)->plot();
            QCoreApplication::processEvents(); // the replot that lays out the new frame's title
            QAccessibleInterface* chart = QAccessible::queryAccessibleInterface(plot);
            QVERIFY2(chart, qPrintable(name));
            QVERIFY2(chart->role() == QAccessible::Chart, qPrintable(name));
            const QString title = windowprobes::plotTitle(plot);
            QVERIFY2(!title.isEmpty(), qPrintable(name));
            // The title whole, though the plot may elide it to its width.
            // The view's title, its first line, which the plot may show followed by the rest or elided.
            const QString shown = asRead(title);
            const QString named = asRead(chart->text(QAccessible::Name));
            QVERIFY2(!named.isEmpty() && (named.startsWith(shown) || shown.startsWith(named)),
                     qPrintable(name + QStringLiteral(": \"") + chart->text(QAccessible::Name) + QStringLiteral("\" / \"") + title));
            // What the plot shows, with numbers: at least its axes' spans.
            const QString description = chart->text(QAccessible::Description);
            if (qEnvironmentVariableIsSet("PE_PRINT_CHARTS"))
                qInfo("%s: %s — %s", qPrintable(name), qPrintable(chart->text(QAccessible::Name)), qPrintable(description));
            QVERIFY2(description.contains(QRegularExpression(QStringLiteral("\\d+ to \\x{2212}?\\d"))),
                     qPrintable(name + QStringLiteral(": ") + description));
            // A screen reader finds the chart inside the window, not only through the widget.
            bool reachable = false;
            for (QAccessibleInterface* a = chart; a && !reachable; a = a->parent())
                reachable = a->object() == window.get();
            QVERIFY2(reachable, qPrintable(name));
        }
    }
}

void TestAccessibility::theHeatmapsDescriptionFollowsTheNumbers()
{
    pe::ui::installLanguage(pe::ui::Language::English);
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heatmap));
    QCustomPlot* plot = window->plotView(pe::ui::views::heatmap)->plot();
    QAccessibleInterface* chart = QAccessible::queryAccessibleInterface(plot);
    QVERIFY(chart);
    const QString before = chart->text(QAccessible::Description);
    QVERIFY2(before.contains(QStringLiteral("0 to 63")), qPrintable(before)); // d_model 64's columns

    window->document()->setDModel(16);
    window->document()->selectCell(3, 5);
    QVERIFY(windowprobes::waitForFrame(*window));
    QTRY_VERIFY(!window->plotView(pe::ui::views::heatmap)->isStale());
    QCoreApplication::processEvents();
    const QString after = chart->text(QAccessible::Description);

    QVERIFY2(after.contains(QStringLiteral("0 to 15")), qPrintable(after));
    QVERIFY(after != before);
    // The selected cell's value, as core's formula gives it: PE(3, 5) = cos(3 / 10000^(4/16)).
    const QRegularExpressionMatch value = QRegularExpression(QStringLiteral("selected: position 3 · dimension 5 .*? value (-?[0-9.]+)"))
                                              .match(after);
    QVERIFY2(value.hasMatch(), qPrintable(after));
    QCOMPARE(QString::number(value.captured(1).toDouble(), 'f', 4),
             QString::number(std::cos(3.0 / std::pow(10000.0, 4.0 / 16.0)), 'f', 4));
    // The chart's value is the selected cell's, within its colour scale: what a value change says.
    QAccessibleValueInterface* chartValue = chart->valueInterface();
    QVERIFY(chartValue);
    QVERIFY(std::abs(chartValue->currentValue().toDouble() - std::cos(3.0 / std::pow(10000.0, 4.0 / 16.0))) < 1e-12);
    QCOMPARE(chartValue->minimumValue().toDouble(), -1.0);
    QCOMPARE(chartValue->maximumValue().toDouble(), 1.0);
}

void TestAccessibility::aMatrixIsATableOfTheCellsAsDrawn()
{
    pe::ui::installLanguage(pe::ui::Language::English);
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    pe::ui::Document* document = window->document();
    document->setDModel(16);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heatmap));
    QCoreApplication::processEvents();
    QCustomPlot* plot = window->plotView(pe::ui::views::heatmap)->plot();
    QAccessibleInterface* chart = QAccessible::queryAccessibleInterface(plot);
    QAccessibleTableInterface* table = chart->tableInterface();
    QVERIFY(table);
    // One cell a pixel or more: the table is the matrix, positions down, dimensions across.
    QCOMPARE(table->rowCount(), 100);
    QCOMPARE(table->columnCount(), 16);
    QAccessibleInterface* cell = table->cellAt(3, 5);
    QVERIFY(cell && cell->role() == QAccessible::Cell);
    QCOMPARE(cell->text(QAccessible::Name), QString::number(std::cos(3.0 / std::pow(10000.0, 4.0 / 16.0)), 'f', 4));
    QCOMPARE(table->rowDescription(3), QStringLiteral("Position 3"));
    QCOMPARE(table->columnDescription(5), QStringLiteral("Embedding dimension 5"));
    QCOMPARE(cell->tableCellInterface()->rowIndex(), 3);
    QVERIFY(plot->rect().contains(plot->mapFromGlobal(cell->rect().center())));

    // Beyond the screen's resolution a row is a pixel's bin: its header gives the positions it
    // covers, its cells their average (a slow dimension, whose mean moves from bin to bin).
    document->setMaxLen(100000);
    QVERIFY(windowprobes::waitForFrame(*window));
    QTRY_VERIFY(!window->plotView(pe::ui::views::heatmap)->isStale());
    QCoreApplication::processEvents();
    table = chart->tableInterface();
    QVERIFY(table);
    QVERIFY2(table->rowCount() < 2000, qPrintable(QString::number(table->rowCount())));
    // The rows' ranges cover every position once, in order: each starts where the one above
    // ended (or shares its edge position, a cell the bins' edge cuts), from 0 to 99,999.
    long previousLast = -1;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QRegularExpressionMatch range = QRegularExpression(QStringLiteral("^Position (\\d+)(?: to (\\d+))?$"))
                                                  .match(QString(table->rowDescription(row)).remove(QLatin1Char(',')));
        QVERIFY2(range.hasMatch(), qPrintable(table->rowDescription(row)));
        const long first = range.captured(1).toLong();
        const long last = range.captured(2).isEmpty() ? first : range.captured(2).toLong();
        QVERIFY2(first == previousLast + 1 || first == previousLast,
                 qPrintable(QStringLiteral("row %1 starts at %2 after %3").arg(row).arg(first).arg(previousLast)));
        QVERIFY(last >= first);
        previousLast = last;
    }
    QCOMPARE(previousLast, 99999L);
    const int column = 14; // sin of pair 7: ω = 10000^(−14/16), a wavelength of about 19,900 positions
    const double omega = std::pow(10000.0, -14.0 / 16.0);
    for (int row : {0, table->rowCount() / 3, table->rowCount() - 1}) {
        const QRegularExpressionMatch range = QRegularExpression(QStringLiteral("^Position (\\d+) to (\\d+)$"))
                                                  .match(QString(table->rowDescription(row)).remove(QLatin1Char(',')));
        QVERIFY2(range.hasMatch(), qPrintable(table->rowDescription(row)));
        const long first = range.captured(1).toLong(), last = range.captured(2).toLong();
        double sum = 0;
        for (long p = first; p <= last; ++p)
            sum += std::sin(p * omega);
        const double mean = sum / double(last - first + 1);
        // A bin's edges may cut a cell, which then counts in part: far less than a bin's step.
        const double shown = table->cellAt(row, column)->text(QAccessible::Name).replace(QChar(0x2212), QLatin1Char('-')).toDouble();
        QVERIFY2(std::abs(shown - mean) < 2e-3,
                 qPrintable(QStringLiteral("row %1 (%2): shown %3, mean of the cells %4").arg(row).arg(table->rowDescription(row)).arg(shown).arg(mean)));
    }
    QCOMPARE(table->rowDescription(table->rowCount() - 1).remove(QLatin1Char(',')).section(QLatin1Char(' '), -1), QStringLiteral("99999"));

    // One position: one row (the map draws it as two cells, the table has the one).
    document->setMaxLen(1);
    QVERIFY(windowprobes::waitForFrame(*window));
    QTRY_VERIFY(!window->plotView(pe::ui::views::heatmap)->isStale());
    QCoreApplication::processEvents();
    table = chart->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 1);
    QCOMPARE(table->columnCount(), 16);
    QCOMPARE(table->rowDescription(0), QStringLiteral("Position 0"));
    QCOMPARE(table->cellAt(0, 1)->text(QAccessible::Name), QStringLiteral("1.0000")); // cos(0)
}

/// A table cell's number as a program reads it (the cells write a minus sign, U+2212).
static double cellNumber(QAccessibleInterface* cell)
{
    return cell ? cell->text(QAccessible::Name).replace(QChar(0x2212), QLatin1Char('-')).remove(QLatin1Char(',')).toDouble() : qQNaN();
}

/// The chart's child tables (role Table), in the order drawn.
static QList<QAccessibleInterface*> childTables(QAccessibleInterface* chart)
{
    QList<QAccessibleInterface*> tables;
    for (int i = 0; i < chart->childCount(); ++i)
        if (QAccessibleInterface* child = chart->child(i); child && child->role() == QAccessible::Table && child->tableInterface())
            tables << child;
    return tables;
}

void TestAccessibility::curvesAndEveryMapAreTables()
{
    pe::ui::installLanguage(pe::ui::Language::English);
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    pe::ui::Document* document = window->document();
    document->setDModel(16);
    document->setMaxLen(50);

    // The waves: the x of every point shown, then the y of each dimension drawn (4, 5, 6, 7),
    // which is PE(x, dim) = sin or cos(x · 10000^(−2k/16)) at each x.
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::waves));
    QVERIFY(windowprobes::waitForFrame(*window));
    QTRY_VERIFY(!window->plotView(pe::ui::views::waves)->isStale());
    QCoreApplication::processEvents();
    QCustomPlot* plot = window->plotView(pe::ui::views::waves)->plot();
    QAccessibleInterface* chart = QAccessible::queryAccessibleInterface(plot);
    QAccessibleTableInterface* table = chart->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->columnCount(), 5);
    QCOMPARE(table->columnDescription(0), QStringLiteral("Position"));
    for (int dim : {4, 5, 6, 7})
        QVERIFY2(table->columnDescription(dim - 3).startsWith(QStringLiteral("dim %1 · %2").arg(dim).arg(dim % 2 ? QStringLiteral("cos") : QStringLiteral("sin"))),
                 qPrintable(table->columnDescription(dim - 3)));
    QVERIFY(table->rowCount() >= 50); // at least every position, the curve between them too
    const QCPRange shown = plot->xAxis->range();
    double previousX = -1e300;
    for (int row = 0; row < table->rowCount(); ++row) {
        const double x = cellNumber(table->cellAt(row, 0));
        QVERIFY2(shown.contains(x) && x >= previousX, qPrintable(QStringLiteral("row %1: x %2").arg(row).arg(x)));
        previousX = x;
        if (row % 7 != 0)
            continue;
        for (int dim : {4, 5, 6, 7}) {
            const double angle = x * std::pow(10000.0, -double(dim / 2 * 2) / 16.0);
            const double expected = dim % 2 ? std::cos(angle) : std::sin(angle);
            // x is read back to 5 digits, the value to 4 decimals.
            QVERIFY2(std::abs(cellNumber(table->cellAt(row, dim - 3)) - expected) < 3e-4,
                     qPrintable(QStringLiteral("row %1, x %2, dim %3: %4, not %5").arg(row).arg(x).arg(dim)
                                    .arg(table->cellAt(row, dim - 3)->text(QAccessible::Name)).arg(expected)));
        }
    }
    QCOMPARE(table->rowDescription(0), QStringLiteral("Position ") + table->cellAt(0, 0)->text(QAccessible::Name));
    // The same table is the chart's child, which a reader reaches by walking the tree.
    QList<QAccessibleInterface*> tables = childTables(chart);
    QCOMPARE(tables.size(), 1);
    QCOMPARE(tables[0]->parent(), chart);
    QCOMPARE(chart->indexOfChild(tables[0]), chart->childCount() - 1);
    QCOMPARE(tables[0]->tableInterface()->rowCount(), table->rowCount());
    QCOMPARE(tables[0]->tableInterface()->cellAt(1, 2)->parent(), tables[0]);

    // The conventions' three maps, each its own table: A (interleaved), B (split), A − B.
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::conventions));
    QVERIFY(windowprobes::waitForFrame(*window));
    QTRY_VERIFY(!window->plotView(pe::ui::views::conventions)->isStale());
    QCoreApplication::processEvents();
    chart = QAccessible::queryAccessibleInterface(window->plotView(pe::ui::views::conventions)->plot());
    tables = childTables(chart);
    QCOMPARE(tables.size(), 3);
    const double a = std::cos(3.0 / std::pow(10000.0, 4.0 / 16.0)); // interleaved: dim 5 = cos of pair 2
    const double b = std::sin(3.0 / std::pow(10000.0, 10.0 / 16.0)); // split: dim 5 = sin of pair 5
    const double expected[3] = {a, b, a - b};
    for (int i = 0; i < 3; ++i) {
        QAccessibleTableInterface* map = tables[i]->tableInterface();
        QCOMPARE(map->rowCount(), 50);
        QCOMPARE(map->columnCount(), 16);
        QCOMPARE(map->rowDescription(3), QStringLiteral("Row 3"));
        QCOMPARE(map->cellAt(3, 5)->text(QAccessible::Name), QLocale().toString(expected[i], 'f', 4).replace(QLatin1Char('-'), QChar(0x2212)));
        QCOMPARE(map->cellAt(3, 5)->parent(), tables[i]);
    }
    QVERIFY2(tables[0]->text(QAccessible::Name).startsWith(QStringLiteral("A")), qPrintable(tables[0]->text(QAccessible::Name)));
    QVERIFY2(tables[2]->text(QAccessible::Name).contains(QStringLiteral("A − B")), qPrintable(tables[2]->text(QAccessible::Name)));
    QCOMPARE(tables[1]->text(QAccessible::Description), QStringLiteral("50 rows, 16 columns"));

    // Every view: each table the chart holds has rows and columns, and its cells read numbers.
    for (const auto& entry : pe::ui::viewCatalog()) {
        QVERIFY(windowprobes::bringOnScreen(*window, entry.view));
        QCoreApplication::processEvents();
        chart = QAccessible::queryAccessibleInterface(window->plotView(entry.view)->plot());
        for (QAccessibleInterface* child : childTables(chart)) {
            QAccessibleTableInterface* t = child->tableInterface();
            const QString where = QLatin1String(entry.key) + QStringLiteral(": ") + child->text(QAccessible::Name);
            if (qEnvironmentVariableIsSet("PE_PRINT_CHARTS"))
                qInfo("%s (%s): %s = %s", qPrintable(where), qPrintable(child->text(QAccessible::Description)),
                      qPrintable(t->rowDescription(0) + QStringLiteral(", ") + t->columnDescription(t->columnCount() - 1)),
                      qPrintable(t->cellAt(0, t->columnCount() - 1)->text(QAccessible::Name)));
            QVERIFY2(t->rowCount() > 0 && t->columnCount() > 0, qPrintable(where));
            QVERIFY2(!child->text(QAccessible::Name).isEmpty(), qPrintable(where));
            const QString last = t->cellAt(t->rowCount() - 1, t->columnCount() - 1)->text(QAccessible::Name);
            QVERIFY2(last.contains(QRegularExpression(QStringLiteral("\\d|no value"))), qPrintable(where + QStringLiteral(": ") + last));
        }
    }
}

void TestAccessibility::theKeyboardAloneReachesEverything()
{
    pe::ui::installLanguage(pe::ui::Language::English);
    QSettings().clear();
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    pe::ui::Stage* stage = window->stage();
    pe::ui::Document* document = window->document();
    if (!QApplication::focusWidget())
        window->setFocus(); // where the window system puts the focus when the window opens

    // F6 reaches the bar of views; the arrows there go through every view, and the bar is
    // one tab stop (Tab leaves it for what follows, Shift+Tab comes back to the chosen view).
    QVERIFY(pressUntilFocused(Qt::Key_F6, stage->button(stage->chosen()), 12));
    const auto& views = pe::ui::viewCatalog();
    press(Qt::Key_Home);
    QCOMPARE(stage->chosen(), views.front().view);
    for (std::size_t i = 1; i < views.size(); ++i) {
        press(Qt::Key_Right);
        QCOMPARE(stage->chosen(), views[i].view);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(stage->button(views[i].view)));
    }
    press(Qt::Key_Home);
    QCOMPARE(stage->chosen(), pe::ui::views::heatmap);
    press(Qt::Key_Tab);
    QVERIFY(!qobject_cast<QToolButton*>(QApplication::focusWidget())
            || QApplication::focusWidget()->parentWidget() != stage->button(pe::ui::views::heatmap)->parentWidget());

    // Tab reaches d_model, max_len and the position; numbers typed there change the document.
    QVERIFY(pressUntilFocused(Qt::Key_Tab, window->controls()->dModelSpin()));
    typeNumber(QStringLiteral("16"));
    QCOMPARE(document->spec().dModel, 16);
    QVERIFY(pressUntilFocused(Qt::Key_Tab, window->controls()->maxLenSpin()));
    typeNumber(QStringLiteral("50"));
    QCOMPARE(document->spec().maxLen, 50);
    QVERIFY(pressUntilFocused(Qt::Key_Tab, window->controls()->positionSpin()));
    typeNumber(QStringLiteral("3"));
    QCOMPARE(document->state().position, 3);
    QVERIFY(windowprobes::waitForFrame(*window));

    // F6 reaches the heatmap's plot: the arrows move the selected cell, Shift by 10, Home and
    // End to the first and last position; the selection is read out under the plot.
    pe::ui::PlotView* heatmap = window->plotView(pe::ui::views::heatmap);
    QVERIFY(pressUntilFocused(Qt::Key_F6, heatmap->plot(), 12));
    const int dimension = document->state().dimension;
    press(Qt::Key_Right);
    QCOMPARE(document->state().dimension, dimension + 1);
    press(Qt::Key_Left);
    press(Qt::Key_Left);
    QCOMPARE(document->state().dimension, dimension - 1);
    press(Qt::Key_Down);
    QCOMPARE(document->state().position, 4);
    press(Qt::Key_Down, Qt::ShiftModifier);
    QCOMPARE(document->state().position, 14);
    press(Qt::Key_Up);
    QCOMPARE(document->state().position, 13);
    press(Qt::Key_End);
    QCOMPARE(document->state().position, 49);
    press(Qt::Key_Down); // the last position stays the last
    QCOMPARE(document->state().position, 49);
    press(Qt::Key_Home);
    QCOMPARE(document->state().position, 0);
    QVERIFY2(heatmap->readoutText().contains(QStringLiteral("position 0 · dimension %1").arg(dimension - 1)),
             qPrintable(heatmap->readoutText()));
    // + and − zoom the plot as the wheel does.
    const QCPRange before = heatmap->plot()->xAxis->range();
    press(Qt::Key_Plus);
    QVERIFY(heatmap->plot()->xAxis->range().size() < before.size());
    press(Qt::Key_Minus);
    QVERIFY(qAbs(heatmap->plot()->xAxis->range().size() - before.size()) < 1e-9 * before.size());

    // The similarity view, reached from the bar; its plot moves the position with the arrows.
    QVERIFY(pressUntilFocused(Qt::Key_F6, stage->button(stage->chosen()), 12));
    QVERIFY(pressUntilFocused(Qt::Key_Right, stage->button(pe::ui::views::similarity), int(views.size())));
    QCOMPARE(stage->chosen(), pe::ui::views::similarity);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::similarity));
    QVERIFY(pressUntilFocused(Qt::Key_F6, window->plotView(pe::ui::views::similarity)->plot(), 12));
    press(Qt::Key_Down);
    QCOMPARE(document->state().position, 1);
    press(Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(document->state().position, 11);
}

void TestAccessibility::listenPlaysTheWavesOrSaysWhyNot()
{
    pe::ui::installLanguage(pe::ui::Language::English);
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::waves));
    auto* waves = qobject_cast<pe::ui::WavesView*>(window->plotView(pe::ui::views::waves));
    QVERIFY(waves);
    QToolButton* listen = waves->listenButton();
    QVERIFY(listen->isVisible() && listen->isEnabled());
    QVERIFY(!listen->text().isEmpty()); // its name to a screen reader
    QTest::mouseClick(listen, Qt::LeftButton);
    // A machine with a sound card plays dimension 4 first (the default dims 4–7); one without
    // (this suite's machines) says so under the plot, and how to write the sound to a file.
    const QString said = waves->readoutText();
    if (listen->isChecked()) {
        QVERIFY2(said.contains(QStringLiteral("Playing dimension 4 (1 of 4)")), qPrintable(said));
        QTest::mouseClick(listen, Qt::LeftButton); // Stop
        QTRY_VERIFY(!listen->isChecked());
    } else {
        QVERIFY2(said.contains(QStringLiteral("no audio output")) && said.contains(QStringLiteral("--export waves.wav")), qPrintable(said));
    }
    QCOMPARE(listen->text(), QStringLiteral("Listen"));
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
