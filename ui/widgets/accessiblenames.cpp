// SPDX-License-Identifier: MIT
#include "ui/widgets/accessiblenames.h"

#include <QTextDocumentFragment>
#include <QWidget>

namespace pe::ui {

QString accessibleText(const QString& labelText)
{
    QString text = Qt::mightBeRichText(labelText) ? QTextDocumentFragment::fromHtml(labelText).toPlainText() : labelText;
    // "&&" is a literal ampersand; a single '&' marks the mnemonic.
    QString plain;
    plain.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&')) {
            if (i + 1 < text.size() && text[i + 1] == QLatin1Char('&'))
                plain += text[++i];
            continue;
        }
        plain += text[i];
    }
    plain = plain.trimmed();
    while (plain.endsWith(QLatin1Char(':')) || plain.endsWith(QChar(0xFF1A))) // ':' and the full-width '：'
        plain.chop(1);
    return plain.trimmed();
}

void nameControls(const QString& labelText, std::initializer_list<QWidget*> controls)
{
    const QString name = accessibleText(labelText);
    for (QWidget* control : controls)
        control->setAccessibleName(name);
}

} // namespace pe::ui
