// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/preferences.h"
#include "ui/state/session.h"

#include <QObject>

#include <functional>

class QMainWindow;
class QMenu;

namespace pe::ui {

class Document;

/// What the controller needs of its window beyond QMainWindow's own geometry, state and title:
/// the presentation mode, and how the window restores a saved layout (once it has its size).
struct SessionWindowHooks {
    std::function<bool()> presentationMode;
    std::function<void(bool)> setPresentationMode;
    std::function<void(const QByteArray&)> restoreLayout;
    std::function<TableReference()> currentTable;             ///< the position table shown (may be empty)
    std::function<void(const TableReference&)> showTable;     ///< opens a session's table, or closes the one shown
    std::function<QByteArray()> saveLayout;                   ///< the docks' and the stage's layout
};

/// The window's side of session files: File ▸ Open session…, Save session, Save session as…,
/// Open Recent (remembered in QSettings), and the window title with its modified marker.
/// Opening a session is one undo step, so a session opened by mistake is one Ctrl+Z away from
/// the exploration it replaced.
class SessionController : public QObject {
    Q_OBJECT
public:
    static constexpr int maxRecent = Preferences::maxRecentSessions;

    /// Serves `window` (its parent): the window hands over what the controller needs, so the
    /// controller does not depend on the main window's class.
    SessionController(Document* document, QMainWindow* window, SessionWindowHooks hooks);

    /// Adds the session actions to the File menu.
    void addActions(QMenu* file);

    /// Opens `path` (one undo step) and restores the window's layout. Returns an empty string,
    /// or the message shown to the user; on failure nothing changes.
    QString openSession(const QString& path);
    /// Saves the current state to `path` (atomically). Returns an empty string or the message.
    QString saveSession(const QString& path);
    /// Takes a session the command line opened: its layout, its name, and its settings as the
    /// saved ones (the window's settings may differ when options overrode them).
    void adopt(const QString& path, const Session& session);

    /// Puts back what the autosave kept after a crash: the settings (one undo step), the
    /// layout, the presentation mode and the table; and `sessionPath`, the session file that
    /// was open (read again for what it holds, so that the title marks what differs from it;
    /// the file itself is not written).
    void restoreRecovered(const Session& session, const QString& sessionPath);

    /// Takes over the session file of `previous` (a window replaced by this one), with its
    /// saved settings, so that the title and its modified marker stay as they were.
    void continueFrom(const SessionController& previous);

    QString currentPath() const { return m_path; }
    /// Settings or view options changed since the session was opened or saved.
    bool isModified() const;
    /// The window as a session: settings, view options and layout.
    Session currentSession() const;
    /// Most recent first, at most maxRecent.
    static QStringList recentSessions();

    void openInteractively();
    void saveInteractively();
    void saveAsInteractively();
    void openRecent(const QString& path);
    void clearRecent();
    /// The window's title and modified marker for the current session (call when the
    /// presentation mode changes; settings changes are followed by the controller itself).
    void updateTitle();

private:
    void applyLayout(const Session& session);
    void setCurrent(const QString& path, const Session& saved);
    void remember(const QString& path);
    void rebuildRecentMenu();
    QString dialogFolder() const;

    Document* m_document;
    QMainWindow* m_window;
    SessionWindowHooks m_hooks;
    QString m_path;
    Settings m_savedSettings;
    bool m_savedPresentation = false;
    QMenu* m_recentMenu = nullptr;
};

} // namespace pe::ui
