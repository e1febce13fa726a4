// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

class QCPColorGradient;

namespace pe::ui {

/// The colormaps offered everywhere: "viridis" (default; yellow ≈ +1, dark purple ≈ −1),
/// "diverging" (blue–white–red, centred on 0) and "grayscale".
QStringList colormapNames();
QString colormapLabel(const QString& name); ///< translated name for menus
QCPColorGradient colormapGradient(const QString& name);
/// Diverging maps need a range symmetric about 0 so that white means 0.
bool colormapIsDiverging(const QString& name);

} // namespace pe::ui
