// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QTextEdit;

namespace pe::ui {

class Document;

/// The formula behind the selected cell with today's numbers in it, and the rotation M_k that
/// takes the selected pair from PE(p) to PE(p+k): the blackboard next to the pictures. Every
/// number comes from core (column roles, frequencies, angles, values), none is re-derived here.
class FormulaPanel : public QWidget {
    Q_OBJECT
public:
    explicit FormulaPanel(Document* document, QWidget* parent = nullptr);

    QString html() const;
    /// What the panel says, as plain text (for tests and the clipboard).
    QString plainText() const;
    /// Multiplies the font size (presentation mode); 1 is normal.
    void setScale(double scale);

    /// A slider drag changes the numbers 60 times a second, faster than anyone reads them; each
    /// layout (2–3 ms) ran on the GUI thread beside the frame's two threads on two cores. The
    /// text is laid out at most every `settleMs`, and once more after the last change (html()
    /// and plainText() say the latest at once).
    static constexpr int settleMs = 100;

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void refresh();
    QString cellHtml() const;
    /// With a loaded table on screen: the table's value at the selected cell (the heatmap shows
    /// it, not the sinusoid), before the sinusoid's formula the other views draw from.
    QString tableHtml() const;
    QString rotationHtml() const;

    /// The text in the panel's own colours: a text view paints on its Base colour with its Text
    /// colour, the panel's background is Window with WindowText on it.
    void matchPanelColours();

    Document* m_document;
    /// Read-only rich text that scrolls: laying it out is all a step costs. A word-wrapped
    /// QLabel laid its text out two or three times a step (its height for the layout, then
    /// again to paint) and made the whole window lay itself out again: 3–5 ms a slider step.
    QTextEdit* m_text;
    QString m_html; ///< what m_text shows, as the panel wrote it
    bool m_stale = false; ///< the settings changed while the panel was hidden, or since its last layout
    QElapsedTimer m_sinceLayout;
    QTimer m_settle;
};

} // namespace pe::ui
