// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace pe::ui {

/// The folder the user last saved or opened a file in (a figure, data, a session): every file
/// dialog starts there, so Save session and Export do not send the user to different places.
/// The home folder until then, or when that folder is gone.
QString recentFolder();
/// Remembers the folder of `filePath` (in QSettings).
void rememberFolderOf(const QString& filePath);

} // namespace pe::ui
