// SPDX-License-Identifier: MIT
#include "app/viewfiles.h"

#include "ui/document/viewparts.h"

namespace pe::app {

QString readViewData(const LaunchOptions& options, ui::View view, ui::ViewState& state, ui::ViewDataPtr* data)
{
    const std::optional<ui::ViewDataReader> reader = ui::viewDataReader(view);
    if (!reader)
        return {};
    QVariantMap viewOptions = state.optionsOf(view);
    const auto read = (*reader)(viewOptions);
    if (const auto* error = std::get_if<QString>(&read)) {
        if (options.session && !options.viewOptionsGiven.contains(ui::viewName(view)))
            return QStringLiteral("session %1: view.options.%2: %3").arg(options.sessionPath, ui::viewName(view), *error);
        return *error;
    }
    state.setOptionsOf(view, ui::validViewOptions(view, viewOptions));
    if (data)
        *data = std::get<ui::ViewDataPtr>(read);
    return {};
}

QString readGivenViewData(const LaunchOptions& options, ui::ViewState& state)
{
    for (const QString& key : options.viewOptionsGiven)
        if (const auto view = ui::parseView(key))
            if (const QString error = readViewData(options, *view, state); !error.isEmpty())
                return error;
    return {};
}

std::variant<ui::ViewState, QString> windowStartReadingFiles(const LaunchOptions& options,
                                                             const QMap<QString, QVariantMap>& rememberedViewOptions)
{
    // Checked as given (over the session's options or the defaults): a file the user did not
    // name on the command line (the last one used, gone since) is not a reason to refuse.
    ui::ViewState checked = options.state;
    if (const QString error = readGivenViewData(options, checked); !error.isEmpty())
        return error;
    ui::ViewState state = windowStartState(options, rememberedViewOptions);
    // Over the options used last, unless those cannot be read with it: then as checked.
    if (!readGivenViewData(options, state).isEmpty())
        for (const QString& key : options.viewOptionsGiven)
            if (const auto view = ui::parseView(key))
                state.setOptionsOf(*view, checked.optionsOf(*view));
    return state;
}

} // namespace pe::app
