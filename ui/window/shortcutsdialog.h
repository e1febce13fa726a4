// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>
#include <QList>
#include <QPair>

class QTableWidget;

namespace pe::ui {

/// Help ▸ Keyboard shortcuts: every key of the window's menus read from its actions (so the
/// list cannot fall behind them), then the keys and gestures no menu holds.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* window);
    /// The rows shown: keys as the platform writes them, and what they do.
    static QList<QPair<QString, QString>> shortcutRows(const QWidget* window);
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};

} // namespace pe::ui
