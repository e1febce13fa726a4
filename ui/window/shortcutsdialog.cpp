// SPDX-License-Identifier: MIT
#include "ui/window/shortcutsdialog.h"
#include "ui/widgets/accessiblenames.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pe::ui {

namespace {

/// A menu entry's text as a sentence: as a screen reader says it (no '&' mnemonics), no trailing "…".
QString plainText(QString text)
{
    text = accessibleText(text);
    if (text.endsWith(QStringLiteral("…")))
        text.chop(1);
    return text;
}

void addMenuRows(const QMenu* menu, const QString& path, QList<QPair<QString, QString>>& rows, QList<const QAction*>& seen)
{
    for (const QAction* action : menu->actions()) {
        if (action->menu()) {
            addMenuRows(action->menu(), path + plainText(action->menu()->title()) + QStringLiteral(" ▸ "), rows, seen);
            continue;
        }
        if (action->shortcuts().isEmpty() || seen.contains(action))
            continue;
        seen.append(action);
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        rows.append({keys.join(QStringLiteral(", ")), path + plainText(action->text())});
    }
}

} // namespace

QList<QPair<QString, QString>> ShortcutsDialog::shortcutRows(const QWidget* window)
{
    QList<QPair<QString, QString>> rows;
    QList<const QAction*> seen;
    if (const auto* bar = window->findChild<QMenuBar*>())
        for (const QAction* top : bar->actions())
            if (top->menu())
                addMenuRows(top->menu(), plainText(top->menu()->title()) + QStringLiteral(" ▸ "), rows, seen);
    // Keys and gestures that no menu entry carries.
    rows.append({tr("Shift + drag the d_model slider"), tr("Every width, not only the offered even ones and multiples of 64")});
    rows.append({tr("Arrow keys, Page Up, Page Down, Home"), tr("On a slider: step its value")});
    rows.append({tr("Mouse wheel over a plot"), tr("Zoom in or out around the pointer")});
    rows.append({tr("Drag in a plot"), tr("Pan a zoomed plot")});
    rows.append({tr("Click in a plot"), tr("Select the position, dimension, pair or patch under the pointer")});
    rows.append({tr("Arrow keys in a plot"), tr("Move the selected position (and in a map the dimension); with Shift by 10")});
    rows.append({tr("Home, End in a plot"), tr("Select the first or the last position")});
    rows.append({tr("+, − in a plot"), tr("Zoom in or out around the middle")});
    rows.append({tr("Arrow keys, Home, End on the bar of views"), tr("Put the view beside, the first or the last on the stage")});
    return rows;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window)
    : QDialog(window)
    , m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Keyboard shortcuts"));
    const QList<QPair<QString, QString>> rows = shortcutRows(window);
    m_table->setColumnCount(2);
    m_table->setRowCount(int(rows.size()));
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("What they do")});
    for (int r = 0; r < rows.size(); ++r) {
        m_table->setItem(r, 0, new QTableWidgetItem(rows[r].first));
        m_table->setItem(r, 1, new QTableWidgetItem(rows[r].second));
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(640, 520);
}

} // namespace pe::ui
