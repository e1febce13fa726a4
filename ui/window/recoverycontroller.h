// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/recovery.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

#include <optional>

class QWidget;

namespace pe::ui {

class MainWindow;

/// Autosave: a few seconds after each change the window's whole state (RecoveryRecord) is
/// written to this process's recovery file, off the GUI thread and atomically. A change is
/// anything the document reports, the presentation mode, or the session file (its title).
/// Writes wait for a quiet moment (quietMs after the last change), but never longer than
/// longestMs after the first unsaved change, so that a slider dragged for a minute or a playing
/// animation is still saved. Follows the window that replaces this one (View ▸ Language).
class RecoveryController : public QObject {
    Q_OBJECT
public:
    static constexpr int quietMs = 2000;
    static constexpr int longestMs = 5000;

    /// Autosaves `window` to `path` (RecoveryStore::claim()); the state it starts with is
    /// written after the first quiet moment, like any change.
    RecoveryController(const QString& path, MainWindow* window, QObject* parent = nullptr);
    /// Waits for a write under way (its file stays; finish() removes nothing).
    ~RecoveryController() override;

    void setDelays(int quiet, int longest);
    /// The status line's words when no recovery file could be claimed (`reason` says why).
    static QString noAutosaveNote(const QString& reason) { return tr("No autosave: %1").arg(reason); }
    QString path() const { return m_path; }
    /// Why the last write failed (shown in the status line), or empty.
    QString lastError() const { return m_lastError; }
    /// Writes that completed, successful or not.
    int writeCount() const { return m_writeCount; }
    /// Writes the current state now, on this thread, and returns once it is on disk.
    void saveNow();
    /// After a restore: `orphanPath` (the crashed window's file) is deleted once a write holds
    /// the restored state (with its table when `withTable`, once loaded), or at finish().
    void replaceOrphan(const QString& orphanPath, bool withTable);
    /// Stops autosaving and waits for a write under way: the normal end, before the store
    /// removes the file.
    void finish();

signals:
    /// A write ended (`error` empty on success).
    void written(const QString& error);

private:
    void watch(MainWindow* window);
    void changed();
    void write();
    void onWritten();
    void report(const QString& error);
    std::optional<RecoveryRecord> currentRecord() const;

    QString m_path;
    QPointer<MainWindow> m_window;
    QTimer m_quiet;
    QTimer m_longest;
    QThreadPool m_pool; // one thread: writes land in the order they were taken
    QFutureWatcher<QString> m_watcher;
    std::optional<RecoveryRecord> m_lastWritten; // without its time: nothing new is not written again
    bool m_changedWhileWriting = false;
    QString m_orphan; // see replaceOrphan()
    bool m_orphanTable = false;
    bool m_finished = false;
    QString m_lastError;
    int m_writeCount = 0;
};

/// When a record was saved, as the restore question shows it: local time, "2026-11-25 21:17:28".
QString shownTime(const QDateTime& saved);

/// What the user chose for a recovery file left by a crash.
enum class RecoveryChoice { Restore, Discard, Later };

/// Asks whether to restore `orphan` (Restore, Discard, or Not now: asked again next time),
/// saying when it was saved and from which session file; `others` more are waiting.
RecoveryChoice askToRestore(QWidget* parent, const OrphanedRecovery& orphan, int others);

/// Puts the record back into `window`: settings (one undo step), layout, presentation mode,
/// table, and the session file it came from (which the recovery never wrote).
void restoreRecovery(MainWindow* window, const RecoveryRecord& record);

/// At start: offers the newest work a crashed window left in `store` (or restores it without
/// asking). A restored file is deleted once `autosave` has written the restored state (a crash
/// in between loses nothing, see replaceOrphan()); without an autosave it stays. With
/// `withoutAsking` and nothing to restore, the status line says so.
void offerRecovery(MainWindow* window, const RecoveryStore& store, RecoveryController* autosave, bool withoutAsking);

} // namespace pe::ui
