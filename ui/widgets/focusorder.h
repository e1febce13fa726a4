// SPDX-License-Identifier: MIT
#pragma once

#include <QList>

class QWidget;

namespace pe::ui {

/// The widgets under `root` that Tab stops at, in the order they were made (a parent before
/// its children, as the layouts place them top to bottom); a spin box's or combo box's own
/// editor is left out: Tab stops at the box.
QList<QWidget*> tabStopsIn(QWidget* root);

/// Chains `widgets` for Tab in this order (Shift+Tab goes back along it).
void chainTabOrder(const QList<QWidget*>& widgets);

/// The first of `widgets` that can take the focus now (shown and enabled); null if none can.
QWidget* firstFocusable(const QList<QWidget*>& widgets);

} // namespace pe::ui
