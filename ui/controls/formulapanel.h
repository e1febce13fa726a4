// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QLabel;

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

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();
    QString cellHtml() const;
    /// With a loaded table on screen: the table's value at the selected cell (the heatmap shows
    /// it, not the sinusoid), before the sinusoid's formula the other views draw from.
    QString tableHtml() const;
    QString rotationHtml() const;

    Document* m_document;
    QLabel* m_label;
    bool m_stale = false; ///< the settings changed while the panel was hidden
};

} // namespace pe::ui
