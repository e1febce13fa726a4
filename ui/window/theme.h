// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plotting/plotcolors.h"

#include <QString>

#include <optional>

class QMenu;
class QWidget;

namespace pe::ui {

/// View ▸ Theme: follow the system's palette, or force a light or a dark one.
enum class Theme { System, Light, Dark };

QString themeKey(Theme theme);               ///< "system", "light", "dark" (QSettings values)
std::optional<Theme> parseTheme(const QString& key);

/// Sets the application palette for `theme` (System: the palette the platform gave at start).
void applyTheme(Theme theme);
/// The theme remembered in QSettings (System when none).
Theme rememberedTheme();
/// View ▸ Theme with System / Light / Dark; choosing one applies and remembers it.
QMenu* createThemeMenu(QWidget* parent);

} // namespace pe::ui
