// SPDX-License-Identifier: MIT
#include "ui/recentfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace pe::ui {

namespace {
const QString key = QStringLiteral("files/folder");
const QString exportKey = QStringLiteral("export/folder"); // what earlier versions remembered for exports
}

QString recentFolder()
{
    const QSettings settings;
    const QString folder = settings.value(key, settings.value(exportKey)).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QDir::homePath();
}

void rememberFolderOf(const QString& filePath)
{
    QSettings().setValue(key, QFileInfo(filePath).absolutePath());
}

} // namespace pe::ui
