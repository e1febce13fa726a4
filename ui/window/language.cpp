// SPDX-License-Identifier: MIT
#include "ui/window/language.h"

#include "ui/state/preferences.h"

#include <QActionGroup>
#include <QApplication>
#include <QFont>
#include <QLibraryInfo>
#include <QMenu>
#include <QPointer>
#include <QTranslator>

#include <memory>

namespace pe::ui {

namespace {

const QString chineseFamily = QStringLiteral("Noto Sans CJK SC");

/// The translators and the font the application had before any language was installed.
struct Installed {
    Language language = Language::English;
    // Children of the application, so that they go with it; QPointer because they do.
    QPointer<QTranslator> app;
    QPointer<QTranslator> qt;
    std::optional<QFont> englishFont;
};

Installed& installed()
{
    static Installed state;
    return state;
}

void removeTranslators()
{
    Installed& state = installed();
    for (QPointer<QTranslator>* translator : {&state.app, &state.qt}) {
        if (*translator) {
            QCoreApplication::removeTranslator(*translator);
            delete translator->data();
        }
    }
}

QTranslator* install(std::unique_ptr<QTranslator> translator)
{
    translator->setParent(QCoreApplication::instance());
    QCoreApplication::installTranslator(translator.get());
    return translator.release();
}

void applyFont(Language language)
{
    Installed& state = installed();
    if (!state.englishFont)
        state.englishFont = QApplication::font();
    if (language == Language::English) {
        QFont::removeSubstitutions(state.englishFont->family());
        QApplication::setFont(*state.englishFont);
        return;
    }
    // The family list makes the CJK SC face the fallback of every font built from the
    // application font; the substitution covers fonts that name the usual family directly.
    QFont font = *state.englishFont;
    font.setFamilies({state.englishFont->family(), chineseFamily});
    QFont::insertSubstitution(state.englishFont->family(), chineseFamily);
    QApplication::setFont(font);
}

} // namespace

QString languageKey(Language language)
{
    return language == Language::SimplifiedChinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

std::optional<Language> parseLanguage(const QString& key)
{
    for (Language language : {Language::English, Language::SimplifiedChinese})
        if (languageKey(language) == key)
            return language;
    return std::nullopt;
}

QString languageName(Language language)
{
    return language == Language::SimplifiedChinese ? QStringLiteral("简体中文") : QStringLiteral("English");
}

Language rememberedLanguage()
{
    return parseLanguage(Preferences::language()).value_or(Language::English);
}

void rememberLanguage(Language language) { Preferences::setLanguage(languageKey(language)); }

bool installLanguage(Language language)
{
    removeTranslators();
    Installed& state = installed();
    bool loaded = true;
    if (language != Language::English) {
        const QString key = languageKey(language);
        auto app = std::make_unique<QTranslator>();
        loaded = app->load(QStringLiteral(":/i18n/pe-explorer_%1.qm").arg(key));
        if (loaded) {
            state.app = install(std::move(app));
            // Qt's own texts (dialog buttons, file dialogs); missing on a minimal Qt, harmless.
            auto qt = std::make_unique<QTranslator>();
            if (qt->load(QStringLiteral("qtbase_%1").arg(key), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
                state.qt = install(std::move(qt));
        }
    }
    state.language = loaded ? language : Language::English;
    applyFont(state.language);
    return loaded;
}

Language installedLanguage() { return installed().language; }

QMenu* createLanguageMenu(QWidget* parent, const std::function<void(Language)>& choose)
{
    // "Language" in both languages, so that someone who switched by mistake finds the way back.
    auto* menu = new QMenu(QCoreApplication::translate("pe::ui::Language", "&Language / 语言"), parent);
    auto* group = new QActionGroup(menu);
    for (Language language : {Language::English, Language::SimplifiedChinese}) {
        QAction* action = menu->addAction(languageName(language));
        action->setCheckable(true);
        action->setChecked(language == installedLanguage());
        action->setData(languageKey(language));
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, menu, [choose, language] { choose(language); });
    }
    return menu;
}

} // namespace pe::ui
