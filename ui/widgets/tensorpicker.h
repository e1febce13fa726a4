// SPDX-License-Identifier: MIT
#pragma once

#include "ui/modelfiles/tableformats.h"

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace pe::ui {

/// Which table of a .safetensors file to read, asked when it holds several: each listed with its
/// shape and dtype, `likely`'s pick offered first. An empty name for other files and for a
/// .safetensors file without tables (its reader then says why); nullopt when the user cancels
/// or the header cannot be read (a warning names the file). `question` gets the file's name
/// (%1) and its number of tables (%2).
std::optional<QString> askForTensor(QWidget* parent, const QString& path, const QString& title, const QString& question,
                                    const std::function<int(const SafetensorsHeader&)>& likely);

} // namespace pe::ui
