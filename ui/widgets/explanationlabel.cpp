// SPDX-License-Identifier: MIT
#include "ui/widgets/explanationlabel.h"

#include <QEvent>
#include <QTextDocument>

#include <cmath>

namespace pe::ui {

namespace {
const QString moreLink = QStringLiteral("#more");
const QString lessLink = QStringLiteral("#less");

QString link(const QString& target, const QString& text)
{
    return QStringLiteral(" <a href=\"%1\">%2</a>").arg(target, text);
}
} // namespace

QString leadOf(const QString& richText, bool withFirstSentence)
{
    static const QString open = QStringLiteral("<b>"), close = QStringLiteral("</b>");
    if (!richText.startsWith(open))
        return {};
    const qsizetype leadEnd = richText.indexOf(close);
    if (leadEnd < 0)
        return {};
    const qsizetype restBegin = leadEnd + close.size();
    if (!withFirstSentence)
        return richText.left(restBegin);
    // The first full stop outside a tag: ". " in Latin text, "。" in Chinese.
    bool inTag = false;
    for (qsizetype i = restBegin; i < richText.size(); ++i) {
        const QChar c = richText[i];
        if (c == u'<')
            inTag = true;
        else if (c == u'>')
            inTag = false;
        else if (!inTag && (c == u'。' || (c == u'.' && i + 1 < richText.size() && richText[i + 1] == u' ')))
            return richText.left(i + 1);
    }
    return {};
}

ExplanationLabel::ExplanationLabel(QWidget* parent)
    : WrappedLabel(parent)
{
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(this, &QLabel::linkActivated, this, [this](const QString& target) { setUnfolded(target == moreLink); });
}

void ExplanationLabel::setFullText(const QString& text)
{
    if (text == m_fullText)
        return;
    m_fullText = text;
    fit();
}

void ExplanationLabel::fitTo(int width, int height)
{
    if (width == m_width && height == m_height)
        return;
    m_width = width;
    m_height = height;
    fit();
}

void ExplanationLabel::setUnfolded(bool unfolded)
{
    if (unfolded == m_unfolded)
        return;
    m_unfolded = unfolded;
    fit();
}

void ExplanationLabel::changeEvent(QEvent* event)
{
    WrappedLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) // presenting, or a language with taller glyphs
        fit();
}

int ExplanationLabel::heightOf(const QString& richText, int width) const
{
    QTextDocument document;
    document.setDefaultFont(font());
    document.setDocumentMargin(0); // as QLabel lays out its text
    document.setHtml(richText);
    document.setTextWidth(width);
    return int(std::ceil(document.size().height()));
}

void ExplanationLabel::fit()
{
    QString shown = m_fullText;
    m_shortened = false;
    const int width = m_width - contentsMargins().left() - contentsMargins().right();
    if (width > 0 && m_height > 0 && heightOf(m_fullText, width) > m_height) {
        if (m_unfolded) {
            shown += link(lessLink, tr("Less"));
        } else {
            const QString more = link(moreLink, tr("More…"));
            const QString sentence = leadOf(m_fullText, true);
            const QString lead = leadOf(m_fullText, false);
            if (!sentence.isEmpty() && heightOf(sentence + more, width) <= m_height)
                shown = sentence + more;
            else if (!lead.isEmpty())
                shown = lead + more;
            m_shortened = shown != m_fullText;
        }
    }
    setLabelText(this, shown);
}

} // namespace pe::ui
