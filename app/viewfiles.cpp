// SPDX-License-Identifier: MIT
#include "app/viewfiles.h"

#include "ui/document/partjobs.h"

namespace pe::app {

namespace {

/// The options `view` had before the command line: the session's, else its defaults.
QVariantMap optionsBeforeCommandLine(const LaunchOptions& options, ui::View view)
{
    return options.session ? options.session->settings.state.optionsOf(view) : ui::ViewState().optionsOf(view);
}

} // namespace

QString readViewData(const LaunchOptions& options, ui::View view, ui::ViewState& state, const QVariantMap* before,
                     ui::ViewDataPtr* data)
{
    const std::optional<ui::ViewDataReader> reader = ui::viewDataReader(view);
    if (!reader)
        return {};
    QVariantMap viewOptions = state.optionsOf(view);
    const auto read = (*reader)(viewOptions, before);
    if (const auto* error = std::get_if<QString>(&read)) {
        // The session's own file (not one the command line named): said as the session's.
        QVariantMap again = viewOptions;
        const QVariantMap sessionOptions = optionsBeforeCommandLine(options, view);
        if (options.session && !std::holds_alternative<QString>((*reader)(again, &sessionOptions)))
            return QStringLiteral("session %1: view.options.%2: %3").arg(options.sessionPath, ui::viewName(view), *error);
        return *error;
    }
    state.setOptionsOf(view, ui::validViewOptions(view, viewOptions));
    if (data)
        *data = std::get<ui::ViewDataPtr>(read);
    return {};
}

QString readGivenViewData(const LaunchOptions& options, ui::ViewState& state, std::optional<ui::View> except)
{
    for (const QString& key : options.viewOptionsGiven)
        if (const auto view = ui::parseView(key); view && view != except) {
            const QVariantMap before = optionsBeforeCommandLine(options, *view);
            if (const QString error = readViewData(options, *view, state, &before); !error.isEmpty())
                return error;
        }
    return {};
}

std::variant<ui::ViewState, QString> windowStartReadingFiles(const LaunchOptions& options,
                                                             const QMap<QString, QVariantMap>& rememberedViewOptions)
{
    // A file the command line names (over the session's options or the defaults) is refused
    // now if it cannot be used; one named before it (a session's, the last one used, gone
    // since) is left to the window, which reads it again and says so.
    ui::ViewState checked = options.state;
    if (const QString error = readGivenViewData(options, checked); !error.isEmpty())
        return error;
    if (options.session)
        return checked; // its options, the command line's over them
    ui::ViewState state = windowStartState(options, rememberedViewOptions);
    // Over the options used last, each view's unless those cannot be read with it: then as checked.
    for (const QString& key : options.viewOptionsGiven) {
        const auto view = ui::parseView(key);
        if (!view)
            continue;
        if (!rememberedViewOptions.contains(key)) { // none used last: the command line's over the defaults, as read
            state.setOptionsOf(*view, checked.optionsOf(*view));
            continue;
        }
        const QVariantMap before = ui::validViewOptions(*view, rememberedViewOptions.value(key));
        if (!readViewData(options, *view, state, &before).isEmpty())
            state.setOptionsOf(*view, checked.optionsOf(*view));
    }
    return state;
}

} // namespace pe::app
