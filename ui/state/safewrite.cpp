// SPDX-License-Identifier: MIT
#include "ui/state/safewrite.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QSaveFile>
#include <QStorageInfo>

#include <cerrno>
#include <cstring>

namespace pe::ui {

namespace {

class WriteText {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::SafeWrite)
};

/// The device's words for a full disk or an exhausted quota, in the language strerror uses
/// here (QFileDevice::errorString() is strerror's text).
bool meansDiskFull(const QString& reason)
{
    for (int code : {ENOSPC, EDQUOT})
        if (reason == QString::fromLocal8Bit(std::strerror(code)))
            return true;
    return false;
}

QStorageInfo storageOf(const QString& path)
{
    // The file may not exist yet: its folder is on the same disk.
    return QStorageInfo(QFileInfo(path).absolutePath());
}

/// Whether QStorageInfo can tell the disk's free space: not where the mount table names no
/// disk for the folder (inside a chroot or a container).
bool knowsFreeSpace(const QStorageInfo& storage)
{
    return storage.isValid() && storage.isReady() && storage.bytesTotal() > 0 && storage.bytesAvailable() >= 0
        && !storage.rootPath().isEmpty();
}

QString fullDisk(const QString& path, qint64 bytesNeeded)
{
    const QStorageInfo storage = storageOf(path);
    return knowsFreeSpace(storage) ? diskFullMessage(bytesNeeded, storage.bytesAvailable(), storage.rootPath())
                                   : diskFullMessage(bytesNeeded, -1, QFileInfo(path).absolutePath());
}

} // namespace

QString diskFullMessage(qint64 bytesNeeded, qint64 bytesFree, const QString& disk)
{
    if (bytesFree < 0)
        return WriteText::tr("the disk is full: %1 needed; the free space on the disk of %2 is unknown")
            .arg(byteSize(bytesNeeded), QDir::toNativeSeparators(disk));
    return WriteText::tr("the disk is full: %1 needed, %2 free on %3")
        .arg(byteSize(bytesNeeded), byteSize(bytesFree), QDir::toNativeSeparators(disk));
}

QString byteSize(qint64 bytes)
{
    if (bytes < 1000)
        return bytes == 1 ? WriteText::tr("1 byte") : WriteText::tr("%1 bytes").arg(bytes);
    const char* units[] = {"KB", "MB", "GB", "TB", "PB"};
    double value = double(bytes);
    int unit = -1;
    while (value >= 1000 && unit < 4) {
        value /= 1000;
        ++unit;
    }
    // Two significant digits below 10 (4.2 MB), whole numbers above (64 KB, 812 MB).
    return QStringLiteral("%1 %2").arg(QString::number(value, 'f', value < 10 ? 1 : 0), QLatin1String(units[unit]));
}

/// A real disk that has less room than `bytesNeeded`. Virtual file systems (/sys, /proc) report
/// no size at all and are never called full.
bool tooLittleRoom(const QString& path, qint64 bytesNeeded)
{
    const QStorageInfo storage = storageOf(path);
    return knowsFreeSpace(storage) && storage.bytesAvailable() < bytesNeeded;
}

QString writeFailureReason(const QString& path, const QString& reason, qint64 bytesNeeded)
{
    // A write that failed without a reason (a buffered flush cut short) on a disk without room.
    const bool vague = reason.isEmpty() || reason == QFile().errorString();
    if (meansDiskFull(reason) || (vague && tooLittleRoom(path, bytesNeeded)))
        return fullDisk(path, bytesNeeded);
    return reason;
}

QString insufficientSpace(const QString& path, qint64 bytesNeeded)
{
    return tooLittleRoom(path, bytesNeeded) ? fullDisk(path, bytesNeeded) : QString();
}

QString writeFileAtomically(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    // Unbuffered: a write cut short returns what it wrote, and the next one the device's reason
    // (a buffered flush that writes part reports "Unknown error").
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return file.errorString();
    const char* data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const qint64 written = file.write(data, left);
        if (written <= 0) {
            const QString reason = file.errorString();
            file.cancelWriting(); // the temporary file goes; the old file was never touched
            return writeFailureReason(path, reason, bytes.size());
        }
        data += written;
        left -= written;
    }
    // flush() still knows why a buffered write failed; commit() closes first and forgets it.
    if (!file.flush()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return writeFailureReason(path, reason, bytes.size());
    }
    if (!file.commit())
        return writeFailureReason(path, file.errorString(), bytes.size());
    return {};
}

} // namespace pe::ui
