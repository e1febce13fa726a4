// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

class QSaveFile;

namespace pe::ui {

/// Writes `bytes` to `path` through QSaveFile: the old file stays whole when anything fails
/// (its folder read-only, the disk full, a write cut short), and no temporary file is left.
/// Returns an empty string, or the reason (see writeFailureReason) without the path.
QString writeFileAtomically(const QString& path, const QByteArray& bytes);

/// Why a write of `bytesNeeded` bytes into `path` failed, from the device's own `reason`: a
/// full disk says so with the space needed and the space left ("the disk is full: 4.2 MB
/// needed, 64 KB free on /media/usb"); other reasons are passed on as they are.
QString writeFailureReason(const QString& path, const QString& reason, qint64 bytesNeeded);

/// Before a write of `bytesNeeded` bytes: a message in writeFailureReason's words when the
/// disk holding `path` has less room than that (the old file's bytes, which the write
/// replaces, count as room only after it: QSaveFile writes beside it), else empty.
QString insufficientSpace(const QString& path, qint64 bytesNeeded);

/// The full disk's message: the space needed and the space free on the disk mounted at
/// `disk` ("the disk is full: 4.2 MB needed, 64 KB free on /media/usb"). A negative `bytesFree`
/// is a free space nobody can tell (a chroot or container whose mount table does not name the
/// folder's disk), and the message names the folder instead: "the disk is full: 4.2 MB needed;
/// the free space on the disk of /srv/out is unknown".
QString diskFullMessage(qint64 bytesNeeded, qint64 bytesFree, const QString& disk);

/// A size as people read it: "812 bytes", "64 KB", "4.2 MB", "1.5 GB" (powers of 1000).
QString byteSize(qint64 bytes);

} // namespace pe::ui
