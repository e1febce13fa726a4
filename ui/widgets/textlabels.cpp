// SPDX-License-Identifier: MIT
#include "ui/widgets/textlabels.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>

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

} // namespace pe::ui
