// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace pe::ui {

/// Everything the application remembers between runs, each with its type and its default in
/// one place (QSettings keys live only in preferences.cpp). Qt Core only: the command line
/// reads the remembered view options through it too.
class Preferences {
public:
    /// Writes what was set to the settings file now. Returns an empty string, or why it could
    /// not (naming the file): the file then stays as it was (QSettings writes it through a
    /// QSaveFile) and the values stay in memory, written at the next chance.
    static QString saveError();

    // The window
    static QByteArray windowGeometry();                 ///< empty: none saved
    static void setWindowGeometry(const QByteArray& geometry);
    static QByteArray windowState();                    ///< the docks' layout; empty: none saved
    static void setWindowState(const QByteArray& state);
    static bool presentationMode();                     ///< default false
    static void setPresentationMode(bool on);
    static bool showExplanations();                     ///< the paragraphs above the plots; default true
    static void setShowExplanations(bool on);
    static QString theme();                             ///< a theme key (theme.cpp); empty: the system's
    static void setTheme(const QString& key);
    static QString language();                          ///< a language key (language.cpp); empty: English
    static void setLanguage(const QString& key);

    // Files
    /// The folder the user last saved or opened a file in; empty when none (or it is gone).
    static QString recentFolder();
    static void setRecentFolder(const QString& folder);
    static QStringList recentSessions();                ///< newest first, at most maxRecentSessions
    static void setRecentSessions(const QStringList& paths);
    static void setLastSession(const QString& path);
    static constexpr int maxRecentSessions = 8;
    static QString wordVectorFolder();                  ///< where Load vectors… starts; empty: the recent folder
    static void setWordVectorFolder(const QString& folder);

    // The export dialog
    static int exportTitle();                           ///< index of FigureTitle; default 0 (full)
    static void setExportTitle(int index);
    static bool exportSelectionMarks();                 ///< default false
    static void setExportSelectionMarks(bool on);
    /// The last export's format (its file suffix: pdf, svg, png, npy, csv; default pdf) and
    /// figure size: the size preset (0 single column … 3 custom), millimetres, dpi and font size.
    static QString exportFormat();
    static void setExportFormat(const QString& suffix);
    struct ExportSize {
        int preset = 0;
        double width = 0, height = 0; ///< millimetres; 0: the preset's
        int dpi = 0;                  ///< 0: the preset's
        double fontPoints = 0;        ///< 0: the preset's
    };
    static ExportSize exportSize();
    static void setExportSize(const ExportSize& size);

    // The sweep animation
    static double animationSpeed(double fallback);      ///< steps per second
    static void setAnimationSpeed(double speed);
    static bool animationSweepsOffset();                ///< default false: the position
    static void setAnimationSweepsOffset(bool offset);

    // The views' options a new window starts from (the last ones used)
    /// The config.json files read into the RoPE view (as model or comparison), newest first,
    /// at most maxRecentModelConfigs; those no longer on disk are left out.
    static QStringList recentModelConfigs();
    /// Puts `path` first in recentModelConfigs().
    static void addRecentModelConfig(const QString& path);
    static constexpr int maxRecentModelConfigs = 8;
    /// A view's own remembered value (the RoPE view's unfolded details), kept under its key as
    /// "viewOptions/<key><name>" ("viewOptions/ropeDetails"); `fallback` when none was kept.
    static QVariant viewValue(View view, const char* name, const QVariant& fallback);
    static void setViewValue(View view, const char* name, const QVariant& value);
    /// The options a view of the catalogue keeps by key, as used last (viewOptions/<key>),
    /// made valid; its defaults when none were kept.
    static QVariantMap viewOptions(View view);
    static void setViewOptions(View view, const QVariantMap& options);
    /// Those of every view that keeps options by key, by key.
    static QMap<QString, QVariantMap> allViewOptions();
};

} // namespace pe::ui
