// SPDX-License-Identifier: MIT
#include "ui/widgets/accessiblenames.h"

#include <QRegularExpression>
#include <QTextDocumentFragment>
#include <QWidget>

namespace pe::ui {

QString accessibleText(const QString& labelText)
{
    QString text = Qt::mightBeRichText(labelText) ? QTextDocumentFragment::fromHtml(labelText).toPlainText() : labelText;
    // A single '&' marks the mnemonic; "&&" is a literal ampersand.
    QString plain = text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
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
