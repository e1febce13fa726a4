// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewstate.h" // colormapNames()

#include <QString>

class QCPColorGradient;

namespace pe::ui {

QString colormapLabel(const QString& name); ///< translated name for menus
QCPColorGradient colormapGradient(const QString& name);
/// Diverging maps need a range symmetric about 0 so that white means 0.
bool colormapIsDiverging(const QString& name);

} // namespace pe::ui
