// SPDX-License-Identifier: MIT
#include "ui/state/recentfolder.h"

#include "ui/state/preferences.h"

#include <QDir>
#include <QFileInfo>

namespace pe::ui {

QString recentFolder()
{
    const QString folder = Preferences::recentFolder();
    return folder.isEmpty() ? QDir::homePath() : folder;
}

void rememberFolderOf(const QString& filePath)
{
    Preferences::setRecentFolder(QFileInfo(filePath).absolutePath());
}

} // namespace pe::ui
