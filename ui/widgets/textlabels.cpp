// SPDX-License-Identifier: MIT
#include "ui/widgets/textlabels.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace pe::ui {

void setLabelText(QLabel* label, const QString& text)
{
    if (label->text() != text)
        label->setText(text);
}

void letShrink(QComboBox* combo, int characters)
{
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(characters);
    combo->setSizePolicy(QSizePolicy::Expanding, combo->sizePolicy().verticalPolicy());
}

void remeasureComboBoxes(QWidget* root)
{
    for (QComboBox* combo : root->findChildren<QComboBox*>()) {
        // A style change is what makes QComboBox drop both cached hints (Qt 6.4).
        QEvent styleChange(QEvent::StyleChange);
        QCoreApplication::sendEvent(combo, &styleChange);
        combo->updateGeometry();
    }
}

WrappedLabel::WrappedLabel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

void WrappedLabel::checkCache() const
{
    if (m_measuredText == text() && m_measuredFont == font())
        return;
    m_measuredText = text();
    m_measuredFont = font();
    m_heights.clear();
    m_sizeHint = m_minimumSizeHint = QSize();
}

int WrappedLabel::heightForWidth(int width) const
{
    checkCache();
    if (const auto known = m_heights.constFind(width); known != m_heights.cend())
        return *known;
    if (m_heights.size() > 64) // a window resized through many widths
        m_heights.clear();
    const int height = QLabel::heightForWidth(width);
    m_heights.insert(width, height);
    return height;
}

// QLabel's own hints lay a wrapped text out at its natural width and again at width 0 (one
// word a line) on top of the width it is shown at; each is a full layout of a rich text. The
// layouts here ask for heights at real widths anyway, so the hints need only a width and
// the height at it.
QSize WrappedLabel::sizeHint() const
{
    checkCache();
    if (!m_sizeHint.isValid()) {
        const int width = this->width() > 1 ? this->width() : fontMetrics().averageCharWidth() * 40;
        m_sizeHint = QSize(width, heightForWidth(width));
    }
    return m_sizeHint;
}

QSize WrappedLabel::minimumSizeHint() const
{
    checkCache();
    if (!m_minimumSizeHint.isValid()) {
        const QMargins margins = contentsMargins();
        m_minimumSizeHint = QSize(fontMetrics().averageCharWidth() * 8 + margins.left() + margins.right(),
                                  fontMetrics().height() + margins.top() + margins.bottom());
    }
    return m_minimumSizeHint;
}

void WrappedLabel::changeEvent(QEvent* event)
{
    // Margins, indent, alignment and style changes arrive here too: measure again.
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::ContentsRectChange)
        m_measuredText.clear();
    QLabel::changeEvent(event);
}

ReadoutLabel::ReadoutLabel(int lines, QWidget* parent)
    : QLabel(parent), m_lines(std::max(lines, 1))
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false); // the lines are laid out here, within the reserved height
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed); // never widens its view either
    reserveHeight();
}

void ReadoutLabel::setFullText(const QString& text)
{
    if (text == m_fullText)
        return;
    m_fullText = text;
    fitText();
}

void ReadoutLabel::setLines(int lines)
{
    m_lines = std::max(lines, 1);
    reserveHeight();
    fitText();
}

void ReadoutLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange
        || event->type() == QEvent::ContentsRectChange) {
        reserveHeight();
        fitText();
    }
}

void ReadoutLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    fitText();
}

void ReadoutLabel::reserveHeight()
{
    const QMargins margins = contentsMargins();
    const int height = int(std::ceil(fontMetrics().lineSpacing() * m_lines)) + margins.top() + margins.bottom() + 2 * margin();
    if (minimumHeight() != height || maximumHeight() != height)
        setFixedHeight(height);
}

void ReadoutLabel::fitText()
{
    const int width = contentsRect().width() - 2 * margin();
    QStringList shown;
    bool cut = false;
    if (width > 0) {
        // The paragraphs wrapped at the width as a word-wrapped label would, line by line,
        // until the place is full; the last line shown takes what is left, elided.
        const QStringList paragraphs = m_fullText.split(QLatin1Char('\n'));
        for (qsizetype p = 0; p < paragraphs.size() && !cut; ++p) {
            QTextLayout layout(paragraphs[p], font());
            QTextOption option;
            option.setWrapMode(QTextOption::WordWrap);
            layout.setTextOption(option);
            layout.beginLayout();
            for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
                line.setLineWidth(width);
                if (shown.size() == m_lines - 1) { // the last line: the rest of the text
                    QString rest = paragraphs[p].mid(line.textStart());
                    for (qsizetype q = p + 1; q < paragraphs.size(); ++q)
                        rest += QStringLiteral(" · ") + paragraphs[q];
                    const QString elided = fontMetrics().elidedText(rest, Qt::ElideRight, width);
                    cut = elided != rest;
                    shown << elided;
                    break;
                }
                shown << paragraphs[p].mid(line.textStart(), line.textLength()).trimmed();
            }
            layout.endLayout();
            if (shown.size() >= m_lines)
                break;
        }
    } else { // not laid out yet: nothing of it is known to fit
        shown << m_fullText;
        cut = !m_fullText.isEmpty();
    }
    m_cut = cut;
    setText(shown.join(QLatin1Char('\n')));
    setToolTip(cut ? m_fullText : QString());
}

} // namespace pe::ui
