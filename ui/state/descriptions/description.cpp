// SPDX-License-Identifier: MIT
#include "ui/state/descriptions/description.h"

namespace pe::ui {

ViewDescription described(const char* key, const char* title, const char* figureName, const char* icon, const char* dataShape)
{
    ViewDescription d;
    d.key = key;
    d.title = title;
    d.figureName = figureName;
    d.icon = icon;
    d.dataShape = dataShape;
    return d;
}

void takeCommandLine(ViewDescription& d, QList<QCommandLineOption> options,
                     QString (*read)(const QCommandLineParser&, QVariantMap&), QStringList (*write)(const QVariantMap&))
{
    d.commandLineOptions = std::move(options);
    d.readCommandLine = read;
    d.writeCommandLine = write;
}

} // namespace pe::ui
