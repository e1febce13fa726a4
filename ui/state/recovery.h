// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/session.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <memory>

class QLockFile;

namespace pe::ui {

/// What the window autosaves so that a crash, a power cut or a killed process loses at most the
/// last few seconds: the whole session, and the session file it came from (never written by
/// the recovery: it is only named, so that a restored window saves back to it).
struct RecoveryRecord {
    Session session;
    QString sessionPath;  ///< the open session file (absolute), or empty
    QDateTime saved;      ///< when the record was taken (UTC)
    bool operator==(const RecoveryRecord&) const = default;
};

/// The record as JSON text: { "format": "pe-explorer-recovery", "version": 1, "saved": ISO 8601,
/// "session_file": path, "session": { a session object } }.
QByteArray serializeRecovery(const RecoveryRecord& record);
/// Reads what serializeRecovery wrote; its session is read as a session file is.
std::variant<RecoveryRecord, SessionError> parseRecovery(const QByteArray& json);

/// A recovery file left behind by a process that did not exit normally.
struct OrphanedRecovery {
    QString path;
    RecoveryRecord record;
};

/// The recovery folder (QStandardPaths' application data, "recovery"): one file per running
/// window process, `<id>.pe-recovery.json`, each beside a lock file its process holds
/// (QLockFile) for as long as it runs. A file whose lock can be taken belongs to a process that
/// is gone: it is an orphan, offered back on the next start.
class RecoveryStore {
public:
    /// `folder` empty: the application's data folder + "/recovery".
    explicit RecoveryStore(const QString& folder = {});
    ~RecoveryStore();
    RecoveryStore(const RecoveryStore&) = delete;
    RecoveryStore& operator=(const RecoveryStore&) = delete;

    QString folder() const { return m_folder; }

    /// Claims a new file for this process (its lock held until release()). Returns the path
    /// the autosave writes to, or an empty string with `error` set (the folder cannot be made).
    QString claim(QString* error = nullptr);
    /// This process's file, or empty before claim().
    QString ownPath() const { return m_ownPath; }
    /// The normal end: removes this process's file and its lock.
    void release();

    /// Files of processes that are gone, newest first. Files that cannot be read are left out
    /// (and left alone); `unreadable` receives their messages.
    QList<OrphanedRecovery> orphans(QStringList* unreadable = nullptr) const;
    /// Removes an orphan (restored or discarded) and its lock.
    static void discard(const QString& path);

private:
    QString m_folder;
    QString m_ownPath;
    std::unique_ptr<QLockFile> m_lock;
};

/// The suffix of recovery files.
inline constexpr char recoverySuffix[] = ".pe-recovery.json";

} // namespace pe::ui
