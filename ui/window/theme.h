// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plotting/plotcolors.h"

#include <QString>

#include <optional>

class QMenu;
class QWidget;

namespace pe::ui {

/// View ▸ Theme: follow the system's palette, or force a light, a dark or a high-contrast one
/// (white on black, yellow for what is selected or focused: for readers with low vision).
enum class Theme { System, Light, Dark, HighContrast };

QString themeKey(Theme theme);               ///< "system", "light", "dark", "high-contrast" (QSettings values)
std::optional<Theme> parseTheme(const QString& key);

/// Sets the application palette for `theme` (System: the palette the platform gave at start).
void applyTheme(Theme theme);
/// The theme remembered in QSettings (System when none).
Theme rememberedTheme();
/// View ▸ Theme with System / Light / Dark / High contrast; choosing one applies and remembers it.
QMenu* createThemeMenu(QWidget* parent);

} // namespace pe::ui
