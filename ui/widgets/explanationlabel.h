// SPDX-License-Identifier: MIT
#pragma once

#include "ui/widgets/textlabels.h"

namespace pe::ui {

/// A view's opening paragraph ("<b>Lead.</b> The rest…") that gives way to the plot: whole when
/// it fits the height it is allowed at its width, else its lead and first sentence (or the lead
/// alone) and a "More…" link. "More…" shows it whole, with "Less" to fold it again. At
/// 1366×768 with a companion beside, RoPE's paragraph was ten lines over a decay plot 50 px tall.
class ExplanationLabel : public WrappedLabel {
    Q_OBJECT
public:
    explicit ExplanationLabel(QWidget* parent = nullptr);
    /// The whole paragraph (rich text); the same text again changes nothing (views set it
    /// on every frame).
    void setFullText(const QString& text);
    const QString& fullText() const { return m_fullText; }
    /// Shows the paragraph as it fits `height` pixels at `width` (the view's room for it).
    void fitTo(int width, int height);
    /// True when the label shows less than the whole paragraph.
    bool isShortened() const { return m_shortened; }
    /// Shows the whole paragraph whatever its height (the "More…" link), or folds it again.
    void setUnfolded(bool unfolded);
    bool isUnfolded() const { return m_unfolded; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void fit();
    /// The height `richText` takes at `width` in this label's font.
    int heightOf(const QString& richText, int width) const;

    QString m_fullText;
    int m_width = 0;
    int m_height = 0;
    bool m_unfolded = false;
    bool m_shortened = false;
};

/// The paragraph's bold lead and its first sentence after it, or the lead alone when that
/// sentence cannot be told (empty when the text opens with no bold lead).
QString leadOf(const QString& richText, bool withFirstSentence);

} // namespace pe::ui
