// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <functional>
#include <optional>

class QMenu;
class QWidget;

namespace pe::ui {

/// View ▸ Language: the interface in English (the default, whatever the system locale) or in
/// Simplified Chinese. The command line never installs a translator: its help, its messages
/// and the figures it exports stay English, so that scripts can rely on them.
enum class Language { English, SimplifiedChinese };

QString languageKey(Language language); ///< "en", "zh_CN" (QSettings values)
std::optional<Language> parseLanguage(const QString& key);
/// The language's own name, the same in every language ("English", "简体中文").
QString languageName(Language language);

/// The language remembered in QSettings (English when none).
Language rememberedLanguage();
void rememberLanguage(Language language);

/// Installs the translators for `language` (the app's :/i18n catalogue and Qt's own qtbase
/// one, so that standard dialog buttons follow) and the font that writes it: for Chinese,
/// "Noto Sans CJK SC" behind the usual family, so that Han characters take their simplified
/// Chinese shapes and not the Japanese ones fontconfig may pick. Widgets created afterwards
/// show the new language; existing ones keep their texts (MainWindow rebuilds itself).
/// Returns false when the app's catalogue for it could not be loaded (English is then kept).
bool installLanguage(Language language);
/// The language installed last (English before any call).
Language installedLanguage();

/// View ▸ Language with one exclusive entry per language; choosing one calls `choose`.
QMenu* createLanguageMenu(QWidget* parent, const std::function<void(Language)>& choose);

} // namespace pe::ui
