// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/colormapcatalog.h" // the colour maps' names, labels and colours

#include <QString>

class QCPColorGradient;

namespace pe::ui {

/// The gradient of the colour map `name` (colormapCatalog()'s stops, the default map's for an
/// unknown name).
QCPColorGradient colormapGradient(const QString& name);

} // namespace pe::ui
