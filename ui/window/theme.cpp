// SPDX-License-Identifier: MIT
#include "ui/window/theme.h"

#include "ui/state/preferences.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QApplication>
#include <QMenu>
#include <QPalette>
#include <QStyle>
#include <qcustomplot.h>

#include <functional>

namespace pe::ui {

QString themeKey(Theme theme)
{
    switch (theme) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::HighContrast: return QStringLiteral("high-contrast");
    case Theme::System: break;
    }
    return QStringLiteral("system");
}

std::optional<Theme> parseTheme(const QString& key)
{
    for (Theme theme : {Theme::System, Theme::Light, Theme::Dark, Theme::HighContrast})
        if (themeKey(theme) == key)
            return theme;
    return std::nullopt;
}

namespace {

/// White on black; yellow marks what is selected, focused or a link (as the high-contrast
/// themes of GNOME and Windows do). Every text is at least 7:1 on its background (WCAG AAA),
/// greyed text too (silver on black, 11:1).
QPalette highContrastPalette()
{
    const QColor black(Qt::black), white(Qt::white), yellow(255, 255, 0), silver(192, 192, 192);
    QPalette p;
    for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase, QPalette::Button,
                                     QPalette::ToolTipBase, QPalette::Shadow})
        p.setColor(role, black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText,
                                     QPalette::BrightText, QPalette::Light, QPalette::Midlight, QPalette::Mid, QPalette::Dark})
        p.setColor(role, white);
    p.setColor(QPalette::PlaceholderText, silver);
    p.setColor(QPalette::Link, yellow);
    p.setColor(QPalette::LinkVisited, yellow);
    p.setColor(QPalette::Highlight, yellow);
    p.setColor(QPalette::HighlightedText, black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, silver);
    return p;
}

} // namespace

void applyTheme(Theme theme)
{
    // The platform's palette, as it was before any theme was applied.
    static const QPalette system = QApplication::palette();
    if (theme == Theme::System) {
        QApplication::setPalette(system);
        return;
    }
    if (theme == Theme::Light) {
        QApplication::setPalette(isDark(system) ? QApplication::style()->standardPalette() : system);
        if (isDark(QApplication::palette())) { // a style whose standard palette is dark
            QPalette light(QColor(239, 239, 239), QColor(255, 255, 255));
            QApplication::setPalette(light);
        }
        return;
    }
    if (theme == Theme::HighContrast) {
        QApplication::setPalette(highContrastPalette());
        return;
    }
    // Fusion's usual dark palette.
    QPalette dark;
    const QColor window(53, 53, 53), base(35, 35, 35), text(230, 230, 230), disabled(127, 127, 127);
    const QColor accent(42, 130, 218);
    dark.setColor(QPalette::Window, window);
    dark.setColor(QPalette::WindowText, text);
    dark.setColor(QPalette::Base, base);
    dark.setColor(QPalette::AlternateBase, window);
    dark.setColor(QPalette::ToolTipBase, window);
    dark.setColor(QPalette::ToolTipText, text);
    dark.setColor(QPalette::PlaceholderText, disabled);
    dark.setColor(QPalette::Text, text);
    dark.setColor(QPalette::Button, window);
    dark.setColor(QPalette::ButtonText, text);
    dark.setColor(QPalette::BrightText, Qt::red);
    dark.setColor(QPalette::Link, accent);
    dark.setColor(QPalette::Highlight, accent);
    dark.setColor(QPalette::HighlightedText, Qt::black);
    dark.setColor(QPalette::Light, window.lighter(150));
    dark.setColor(QPalette::Midlight, window.lighter(125));
    dark.setColor(QPalette::Mid, window.darker(120));
    dark.setColor(QPalette::Dark, window.darker(150));
    dark.setColor(QPalette::Shadow, Qt::black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        dark.setColor(QPalette::Disabled, role, disabled);
    QApplication::setPalette(dark);
}

Theme rememberedTheme()
{
    return parseTheme(Preferences::theme()).value_or(Theme::System);
}

QMenu* createThemeMenu(QWidget* parent)
{
    auto* menu = new QMenu(QCoreApplication::translate("pe::ui::Theme", "&Theme"), parent);
    menu->setToolTipsVisible(true);
    auto* group = new QActionGroup(menu);
    const Theme current = rememberedTheme();
    const std::pair<Theme, QString> entries[] = {
        {Theme::System, QCoreApplication::translate("pe::ui::Theme", "&System")}, {Theme::Light, QCoreApplication::translate("pe::ui::Theme", "&Light")}, {Theme::Dark, QCoreApplication::translate("pe::ui::Theme", "&Dark")},
        {Theme::HighContrast, QCoreApplication::translate("pe::ui::Theme", "&High contrast")}};
    for (const auto& [theme, label] : entries) {
        QAction* action = menu->addAction(label);
        action->setCheckable(true);
        action->setChecked(theme == current);
        action->setData(themeKey(theme));
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, menu, [chosen = theme] {
            applyTheme(chosen);
            Preferences::setTheme(themeKey(chosen));
        });
    }
    menu->actions().at(0)->setToolTip(QCoreApplication::translate("pe::ui::Theme", "Follow the desktop's light or dark colours"));
    menu->actions().at(3)->setToolTip(QCoreApplication::translate("pe::ui::Theme", "White on black, yellow for the selection and the focus, "
                                                                                  "strong grid lines: for low vision"));
    return menu;
}

} // namespace pe::ui
