// SPDX-License-Identifier: MIT
#include "ui/widgets/focusorder.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QWidget>

namespace pe::ui {

namespace {

/// Inside a box whose editor is a part of it (the box takes the focus, not its line edit).
bool insideCompound(const QWidget* widget, const QWidget* root)
{
    for (const QWidget* w = widget->parentWidget(); w && w != root; w = w->parentWidget())
        if (qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QComboBox*>(w))
            return true;
    return false;
}

} // namespace

QList<QWidget*> tabStopsIn(QWidget* root)
{
    QList<QWidget*> stops;
    if (!root)
        return stops;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if ((w->focusPolicy() & Qt::TabFocus) != Qt::TabFocus || w->focusProxy() || w->isWindow())
            continue;
        if (!insideCompound(w, root))
            stops.append(w);
    }
    return stops;
}

void chainTabOrder(const QList<QWidget*>& widgets)
{
    for (qsizetype i = 1; i < widgets.size(); ++i)
        if (widgets[i - 1] != widgets[i])
            QWidget::setTabOrder(widgets[i - 1], widgets[i]);
}

QWidget* firstFocusable(const QList<QWidget*>& widgets)
{
    for (QWidget* w : widgets)
        if (w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus))
            return w;
    return nullptr;
}

} // namespace pe::ui
