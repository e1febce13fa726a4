// SPDX-License-Identifier: MIT
#pragma once

#include <QLabel>
#include <QTimer>

namespace pe::ui {

/// A note too long for the status line, shown whole for a while above it: word-wrapped, over
/// the window's bottom edge and in no layout, so nothing under it moves. A click dismisses it.
class NoteToast : public QLabel {
    Q_OBJECT
public:
    explicit NoteToast(QWidget* window);
    /// Shows `text` for `milliseconds`, its bottom edge at `bottom` (the window's coordinates).
    void showNote(const QString& text, int bottom, int milliseconds);

protected:
    void mousePressEvent(QMouseEvent* event) override;

private:
    QTimer m_hide;
};

} // namespace pe::ui
