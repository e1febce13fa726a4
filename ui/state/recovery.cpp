// SPDX-License-Identifier: MIT
#include "ui/state/recovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>

namespace pe::ui {

namespace {

class RecoveryText {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::Recovery)
};

const QString formatName = QStringLiteral("pe-explorer-recovery");
constexpr int formatVersion = 1;

QString lockPathOf(const QString& recoveryPath)
{
    QString base = recoveryPath;
    base.chop(int(std::char_traits<char>::length(recoverySuffix)));
    return base + QStringLiteral(".lock");
}

QString defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/recovery");
}

} // namespace

QByteArray serializeRecovery(const RecoveryRecord& record)
{
    const QJsonObject root{{QStringLiteral("format"), formatName},
                           {QStringLiteral("version"), formatVersion},
                           {QStringLiteral("saved"), record.saved.toUTC().toString(Qt::ISODateWithMs)},
                           {QStringLiteral("session_file"), record.sessionPath},
                           {QStringLiteral("session"), sessionJson(record.session)}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

std::variant<RecoveryRecord, SessionError> parseRecovery(const QByteArray& json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return SessionError{RecoveryText::tr("not valid JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset)};
    const QJsonObject root = document.object();
    if (root.value(QStringLiteral("format")) != QJsonValue(formatName))
        return SessionError{RecoveryText::tr("not a PE Explorer recovery file")};
    if (root.value(QStringLiteral("version")) != QJsonValue(formatVersion))
        return SessionError{RecoveryText::tr("recovery version %1; allowed: %2").arg(root.value(QStringLiteral("version")).toDouble())
                                .arg(formatVersion)};
    RecoveryRecord record;
    record.saved = QDateTime::fromString(root.value(QStringLiteral("saved")).toString(), Qt::ISODateWithMs);
    if (!record.saved.isValid())
        return SessionError{RecoveryText::tr("saved is not a date and time; allowed: ISO 8601, e.g. 2026-11-25T20:14:07.123Z")};
    const QJsonValue sessionFile = root.value(QStringLiteral("session_file"));
    if (!sessionFile.isString() || sessionFile.toString().size() > SessionLimits::maxTablePath)
        return SessionError{RecoveryText::tr("session_file is not a path; allowed: a text of at most %1 characters")
                                .arg(SessionLimits::maxTablePath)};
    record.sessionPath = sessionFile.toString();
    SessionResult session = sessionFromJson(root.value(QStringLiteral("session")).toObject());
    if (const auto* error = std::get_if<SessionError>(&session))
        return *error;
    record.session = std::get<Session>(std::move(session));
    return record;
}

RecoveryStore::RecoveryStore(const QString& folder) : m_folder(folder.isEmpty() ? defaultFolder() : folder) {}

RecoveryStore::~RecoveryStore() = default;

QString RecoveryStore::claim(QString* error)
{
    if (!m_ownPath.isEmpty())
        return m_ownPath;
    if (!QDir().mkpath(m_folder)) {
        if (error)
            *error = RecoveryText::tr("cannot make the recovery folder %1").arg(QDir::toNativeSeparators(m_folder));
        return {};
    }
    // The process id and the start time: unique among the processes that share the folder.
    for (int attempt = 0; attempt < 100; ++attempt) {
        const QString id = QStringLiteral("%1-%2-%3").arg(QDateTime::currentMSecsSinceEpoch()).arg(QCoreApplication::applicationPid()).arg(attempt);
        const QString path = QDir(m_folder).filePath(id + QLatin1String(recoverySuffix));
        auto lock = std::make_unique<QLockFile>(lockPathOf(path));
        lock->setStaleLockTime(0);
        if (!QFileInfo::exists(path) && lock->tryLock(0)) {
            m_lock = std::move(lock);
            m_ownPath = path;
            return m_ownPath;
        }
    }
    if (error)
        *error = RecoveryText::tr("cannot lock a recovery file in %1").arg(QDir::toNativeSeparators(m_folder));
    return {};
}

void RecoveryStore::release()
{
    if (m_ownPath.isEmpty())
        return;
    QFile::remove(m_ownPath);
    m_lock.reset(); // unlocks: removes the lock file
    m_ownPath.clear();
}

QList<OrphanedRecovery> RecoveryStore::orphans(QStringList* unreadable) const
{
    QList<OrphanedRecovery> found;
    const QStringList names = QDir(m_folder).entryList({QStringLiteral("*") + QLatin1String(recoverySuffix)}, QDir::Files);
    for (const QString& name : names) {
        const QString path = QDir(m_folder).filePath(name);
        if (path == m_ownPath)
            continue;
        // Taken only when the process that held it is gone (QLockFile checks its pid and name).
        QLockFile lock(lockPathOf(path));
        lock.setStaleLockTime(0); // a long-running window's lock is old, not stale
        if (!lock.tryLock(0))
            continue;
        lock.unlock();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly) || file.size() > SessionLimits::maxFileBytes * 2) {
            if (unreadable)
                *unreadable << RecoveryText::tr("%1: cannot be read").arg(QDir::toNativeSeparators(path));
            continue;
        }
        auto record = parseRecovery(file.readAll());
        if (const auto* error = std::get_if<SessionError>(&record)) {
            if (unreadable)
                *unreadable << QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), error->message);
            continue;
        }
        found.append({path, std::get<RecoveryRecord>(std::move(record))});
    }
    std::sort(found.begin(), found.end(), [](const OrphanedRecovery& a, const OrphanedRecovery& b) {
        return a.record.saved > b.record.saved;
    });
    return found;
}

void RecoveryStore::discard(const QString& path)
{
    QFile::remove(path);
    QFile::remove(lockPathOf(path));
}

} // namespace pe::ui
