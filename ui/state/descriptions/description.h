// SPDX-License-Identifier: MIT
// What a built-in view's description (ui/state/descriptions/<name>.cpp) is made of.
#pragma once

#include "ui/state/viewcatalog.h"

namespace pe::ui {

/// The start of a view's description: its key, its names (translated in the context
/// "pe::ui::Views": give them through QT_TRANSLATE_NOOP), its icon and its `--help` line on its data.
ViewDescription described(const char* key, const char* title, const char* figureName, const char* icon, const char* dataShape);

/// Options of its own, of type Options, kept by key: their defaults, made valid by `from`.
template <class Options>
void keepOptions(ViewDescription& d, Options (*from)(const QVariantMap&))
{
    d.defaultOptions = toVariantMap(Options{});
    d.validOptions = [from](QVariantMap options) { return toVariantMap(from(options)); };
}

/// Its command-line options, how they set its options, and the arguments that give them back.
void takeCommandLine(ViewDescription& d, QList<QCommandLineOption> options,
                     QString (*read)(const QCommandLineParser&, QVariantMap&), QStringList (*write)(const QVariantMap&));

} // namespace pe::ui
