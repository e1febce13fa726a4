// SPDX-License-Identifier: MIT
#include "ui/window/recoverycontroller.h"

#include "ui/state/safewrite.h"
#include "ui/window/mainwindow.h"
#include "ui/window/sessioncontroller.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QtConcurrent/QtConcurrentRun>

namespace pe::ui {

RecoveryController::RecoveryController(const QString& path, MainWindow* window, QObject* parent)
    : QObject(parent), m_path(path)
{
    m_pool.setMaxThreadCount(1);
    m_quiet.setSingleShot(true);
    m_longest.setSingleShot(true);
    m_quiet.setInterval(quietMs);
    m_longest.setInterval(longestMs);
    connect(&m_quiet, &QTimer::timeout, this, &RecoveryController::write);
    connect(&m_longest, &QTimer::timeout, this, &RecoveryController::write);
    connect(&m_watcher, &QFutureWatcher<QString>::finished, this, &RecoveryController::onWritten);
    watch(window);
    changed(); // what the window starts with (a session, options, a table) is worth keeping too
}

RecoveryController::~RecoveryController()
{
    m_finished = true;
    m_pool.waitForDone();
}

void RecoveryController::setDelays(int quiet, int longest)
{
    m_quiet.setInterval(quiet);
    m_longest.setInterval(longest);
}

void RecoveryController::watch(MainWindow* window)
{
    m_window = window;
    if (!window)
        return;
    connect(window->document(), &Document::changed, this, &RecoveryController::changed);
    connect(window, &MainWindow::presentationModeChanged, this, &RecoveryController::changed);
    // The session controller keeps the title: a session opened or saved changes it.
    connect(window, &QWidget::windowTitleChanged, this, &RecoveryController::changed);
    connect(window, &MainWindow::replaced, this, [this](MainWindow* successor) {
        watch(successor);
        changed();
    });
}

void RecoveryController::changed()
{
    if (m_finished)
        return;
    m_quiet.start(); // restarts: wait for a quiet moment…
    if (!m_longest.isActive())
        m_longest.start(); // …but not for ever
}

std::optional<RecoveryRecord> RecoveryController::currentRecord() const
{
    // A window not on screen is not being worked in: not yet shown, closing, or replaced by
    // a language switch (its successor is watched instead).
    if (!m_window || !m_window->isVisible())
        return std::nullopt;
    RecoveryRecord record;
    record.session = m_window->sessions()->currentSession();
    record.sessionPath = m_window->sessions()->currentPath();
    return record;
}

void RecoveryController::write()
{
    m_quiet.stop();
    m_longest.stop();
    if (m_finished)
        return;
    if (m_watcher.isRunning()) {
        m_changedWhileWriting = true; // written when this write ends
        return;
    }
    std::optional<RecoveryRecord> record = currentRecord();
    if (!record || record == m_lastWritten)
        return;
    m_lastWritten = record;
    // Taken here, on the GUI thread (the window's state); turned into bytes and written there.
    record->saved = QDateTime::currentDateTimeUtc();
    m_watcher.setFuture(QtConcurrent::run(&m_pool, [path = m_path, record = *record] {
        return writeFileAtomically(path, serializeRecovery(record));
    }));
}

void RecoveryController::onWritten()
{
    report(m_watcher.result());
    if (m_changedWhileWriting) {
        m_changedWhileWriting = false;
        write();
    }
}

void RecoveryController::replaceOrphan(const QString& orphanPath, bool withTable)
{
    m_orphan = orphanPath;
    m_orphanTable = withTable;
    changed();
}

void RecoveryController::report(const QString& error)
{
    ++m_writeCount;
    // The restored work is safe in this process's file once a write holds it (its table too,
    // once loaded): only then does the crashed window's file go.
    if (error.isEmpty() && !m_orphan.isEmpty() && (!m_orphanTable || (m_lastWritten && !m_lastWritten->session.table.isEmpty()))) {
        RecoveryStore::discard(m_orphan);
        m_orphan.clear();
    }
    if (!error.isEmpty()) {
        m_lastWritten.reset();
        if (!m_finished)
            m_longest.start(); // and again in a few seconds, change or not (room may come back)
        if (error != m_lastError && m_window)
            m_window->showNote(tr("Autosave failed: %1: %2").arg(QDir::toNativeSeparators(m_path), error));
    }
    m_lastError = error;
    emit written(error);
}

void RecoveryController::saveNow()
{
    m_watcher.waitForFinished(); // its report still comes through the event loop
    m_quiet.stop();
    m_longest.stop();
    std::optional<RecoveryRecord> record = currentRecord();
    if (!record)
        return;
    m_lastWritten = record;
    record->saved = QDateTime::currentDateTimeUtc();
    report(writeFileAtomically(m_path, serializeRecovery(*record)));
}

void RecoveryController::finish()
{
    if (!m_orphan.isEmpty()) // a normal end: what was restored has been seen and worked on
        RecoveryStore::discard(m_orphan);
    m_orphan.clear();
    m_finished = true;
    m_quiet.stop();
    m_longest.stop();
    m_pool.waitForDone();
}

QString shownTime(const QDateTime& saved)
{
    // Digits read the same in every language of the interface (the program sets no locale).
    return saved.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

RecoveryChoice askToRestore(QWidget* parent, const OrphanedRecovery& orphan, int others)
{
    const RecoveryRecord& record = orphan.record;
    const QDateTime saved = record.saved.toLocalTime();
    const qint64 minutes = std::max<qint64>(0, saved.secsTo(QDateTime::currentDateTime()) / 60);
    const qint64 hours = minutes / 60, days = minutes / (24 * 60);
    // English has two forms; written out, since the source language has no plural rules here.
    const QString ago = minutes < 1 ? RecoveryController::tr("less than a minute ago")
                      : minutes == 1 ? RecoveryController::tr("1 minute ago")
                      : minutes < 120 ? RecoveryController::tr("%1 minutes ago").arg(minutes)
                      : hours < 48 ? RecoveryController::tr("%1 hours ago").arg(hours)
                                   : RecoveryController::tr("%1 days ago").arg(days);
    const auto& spec = record.session.settings.spec;
    QString text = RecoveryController::tr("PE Explorer did not close normally. Its work was saved automatically on %1 (%2): "
                                  "d_model %3, max_len %4, base %5.")
                       .arg(shownTime(record.saved), ago)
                       .arg(spec.dModel).arg(spec.maxLen).arg(spec.base);
    if (!record.sessionPath.isEmpty())
        text += QLatin1Char(' ') + RecoveryController::tr("It came from the session %1, which is left as it was saved.")
                                       .arg(QDir::toNativeSeparators(record.sessionPath));
    if (!record.session.table.isEmpty())
        text += QLatin1Char(' ') + RecoveryController::tr("It showed the table %1.").arg(QFileInfo(record.session.table.path).fileName());
    QMessageBox box(QMessageBox::Question, RecoveryController::tr("Restore unsaved work?"), text, QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("restoreRecoveryBox"));
    QString informative = RecoveryController::tr("Restore puts back every setting, the views' options, the window's layout and the table. "
                                         "Not now asks again at the next start; Discard deletes it.");
    if (others > 0)
        informative += QLatin1Char(' ') + (others == 1 ? RecoveryController::tr("1 more window left work behind; it is offered at a later start.")
                                                       : RecoveryController::tr("%1 more windows left work behind; each is offered at a later start.").arg(others));
    box.setInformativeText(informative);
    QPushButton* restore = box.addButton(RecoveryController::tr("&Restore"), QMessageBox::AcceptRole);
    QPushButton* discard = box.addButton(RecoveryController::tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton* later = box.addButton(RecoveryController::tr("&Not now"), QMessageBox::RejectRole);
    restore->setObjectName(QStringLiteral("restoreButton"));
    discard->setObjectName(QStringLiteral("discardButton"));
    later->setObjectName(QStringLiteral("laterButton"));
    box.setDefaultButton(restore);
    box.setEscapeButton(later);
    box.exec();
    if (box.clickedButton() == restore)
        return RecoveryChoice::Restore;
    if (box.clickedButton() == discard)
        return RecoveryChoice::Discard;
    return RecoveryChoice::Later;
}

void restoreRecovery(MainWindow* window, const RecoveryRecord& record)
{
    window->sessions()->restoreRecovered(record.session, record.sessionPath);
}

void offerRecovery(MainWindow* window, const RecoveryStore& store, RecoveryController* autosave, bool withoutAsking)
{
    const QList<OrphanedRecovery> orphans = store.orphans();
    if (orphans.isEmpty()) {
        if (withoutAsking)
            window->showNote(RecoveryController::tr("Nothing to restore: no window left unsaved work behind."));
        return;
    }
    const OrphanedRecovery newest = orphans.constFirst();
    const RecoveryChoice choice = withoutAsking ? RecoveryChoice::Restore : askToRestore(window, newest, int(orphans.size()) - 1);
    if (choice == RecoveryChoice::Later)
        return;
    if (choice == RecoveryChoice::Discard) {
        RecoveryStore::discard(newest.path);
        return;
    }
    restoreRecovery(window, newest.record);
    window->showNote(RecoveryController::tr("Restored the work saved on %1.")
                         .arg(shownTime(newest.record.saved)));
    if (autosave)
        autosave->replaceOrphan(newest.path, !newest.record.session.table.isEmpty());
}

} // namespace pe::ui
