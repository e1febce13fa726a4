// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QLabel>

class QComboBox;

namespace pe::ui {

/// Lets a combo box with long entries shrink to about `characters` characters (the text is
/// then elided; the open list still shows every entry whole), so that it never forces its
/// panel wider than the window can spare.
void letShrink(QComboBox* combo, int characters = 12);

/// Makes every combo box under `root` measure itself again after a font change. QComboBox
/// forgets its size hint on a new font but keeps its minimum size hint, and a panel as wide as
/// its minimum cut the presentation font's "position" to "positio".
void remeasureComboBoxes(QWidget* root);

/// Sets a label's text only when it differs: QLabel::setText() re-lays out its text and asks
/// the whole window for a new layout even when the text is the same.
void setLabelText(QLabel* label, const QString& text);

/// A word-wrapped label that lays its text out once per text, font and width. QLabel answers
/// every heightForWidth() — the layouts ask several times per frame, for every label of the
/// window — by laying out its whole text again (a QTextDocument for rich text): most of a
/// slider step went there.
class WrappedLabel : public QLabel {
public:
    explicit WrappedLabel(QWidget* parent = nullptr);
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    /// Forgets the sizes when the text or the font changed since they were measured.
    void checkCache() const;

    mutable QString m_measuredText;
    mutable QFont m_measuredFont;
    mutable QHash<int, int> m_heights;
    mutable QSize m_sizeHint, m_minimumSizeHint;
};

/// The hover read-out under a plot: a place of `lines` lines kept from the start, empty or not,
/// so that a read-out appearing under the pointer never moves the plot (the heatmap went up
/// 42 px, and the cell under the pointer changed). A text longer than the place at the
/// label's width shows its first lines, the last one elided ("…"); the whole of it is the
/// tooltip and fullText().
class ReadoutLabel : public QLabel {
public:
    explicit ReadoutLabel(int lines = 2, QWidget* parent = nullptr);
    void setFullText(const QString& text);
    const QString& fullText() const { return m_fullText; }
    /// The number of lines kept (at least 1); the place is measured again.
    void setLines(int lines);
    /// True when the place shows less than the whole text.
    bool isCut() const { return m_cut; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void reserveHeight();
    void fitText();

    int m_lines;
    QString m_fullText;
    bool m_cut = false;
};

} // namespace pe::ui
