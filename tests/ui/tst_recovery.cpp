// SPDX-License-Identifier: MIT
// Autosave and recovery (issue 35) on the real window, offscreen: edits reach the recovery file
// a moment later, off the GUI thread and in one piece; a restore puts every setting back into a
// fresh window without touching the session file it came from; the restore question offers
// Restore, Discard and Not now; a failed autosave says so and leaves the last good file whole.
// The whole process, killed with SIGKILL and started again, is tests/app/tst_crashrecovery.
#include "tests/common/filesizelimit.h"
#include "ui/document/document.h"
#include "ui/state/recovery.h"
#include "ui/state/session.h"
#include "ui/window/mainwindow.h"
#include "ui/window/recoverycontroller.h"
#include "ui/window/sessioncontroller.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"
#include "ui/state/methodsoptions.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFile>
#include <QLockFile>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <sys/resource.h>

#include <csignal>
#include <functional>
#include <memory>

using namespace pe::ui;
using testsupport::FileSizeLimit;

namespace {

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

RecoveryRecord readRecord(const QString& path)
{
    auto parsed = parseRecovery(readFile(path));
    if (const auto* error = std::get_if<SessionError>(&parsed))
        qWarning("%s: %s", qPrintable(path), qPrintable(error->message));
    return std::holds_alternative<RecoveryRecord>(parsed) ? std::get<RecoveryRecord>(parsed) : RecoveryRecord{};
}

/// Settings a user reaches by hand, none of them a default.
Settings editedSettings()
{
    Settings s;
    s.spec.dModel = 96;
    s.spec.maxLen = 777;
    s.spec.base = 2500;
    s.spec.layout = pe::core::Layout::Split;
    s.spec.firstPosition = 2;
    s.state.dims = {1, 2, 50};
    s.state.position = 400;
    s.state.dimension = 13;
    s.state.offset = 7;
    s.state.normalize = true;
    s.state.colormap = QStringLiteral("grayscale");
    s.state.bandFirst = 4;
    s.state.bandLast = 9;
    s.state.format = pe::core::NumberFormat::BFloat16;
    { auto o = ropeOptions(s.state); o.scale = 16; setRopeOptions(s.state, o); }
    { auto o = ropeOptions(s.state); o.originalLength = 2048; setRopeOptions(s.state, o); }
    { auto o = methodOptions(s.state); o.heads = 4; setMethodOptions(s.state, o); }
    { auto o = embeddingsOptions(s.state); o.sentence = QStringLiteral("a sentence typed for the test"); setEmbeddingsOptions(s.state, o); }
    return s;
}

/// Looks for the message box every 10 ms until it is shown, then answers it; each look
/// schedules the next with a copy of `answer` (no function holding itself, which leaked).
void pollForMessageBox(const std::function<void(QMessageBox*)>& answer)
{
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
        answer(box);
        return;
    }
    QTimer::singleShot(10, [answer] { pollForMessageBox(answer); });
}

/// Runs `answer` on the next message box once it is shown.
void whenMessageBox(std::function<void(QMessageBox*)> answer)
{
    QTimer::singleShot(0, [answer] { pollForMessageBox(answer); });
}

} // namespace

class TestRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void recordRoundTrip();
    void editsReachTheFileAfterAQuietMoment();
    void aHiddenWindowIsNotSaved();
    void aLongDragIsSavedBeforeItEnds();
    void nothingNewIsNotWrittenAgain();
    void restorePutsEverythingBackWithoutTouchingTheSession();
    void orphansAreFilesWhoseProcessIsGone();
    void askOffersEachChoice_data();
    void askOffersEachChoice();
    void offerRestoresAndDeletesTheOrphanOnceSaved();
    void aFailedAutosaveSaysSoAndKeepsTheLastGoodFile();
    void releaseRemovesTheFile();

private:
    QTemporaryDir m_dir;
};

void TestRecovery::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_recovery"));
    QVERIFY(m_dir.isValid());
}

void TestRecovery::recordRoundTrip()
{
    RecoveryRecord record;
    record.session.settings = editedSettings();
    record.session.presentation = true;
    record.session.windowState = QByteArray("\x00\x01state", 7);
    record.session.table = {QStringLiteral("/data/wpe.npy"), QString(), 4096, QString(64, QLatin1Char('a'))};
    record.sessionPath = QStringLiteral("/home/teacher/lecture 3.pe.json");
    record.saved = QDateTime(QDate(2026, 11, 25), QTime(20, 14, 7, 123), Qt::UTC);
    const QByteArray bytes = serializeRecovery(record);
    QVERIFY(bytes.contains("\"format\":\"pe-explorer-recovery\""));
    QVERIFY(bytes.contains("\"saved\":\"2026-11-25T20:14:07.123Z\""));
    const auto parsed = parseRecovery(bytes);
    QVERIFY(std::holds_alternative<RecoveryRecord>(parsed));
    QVERIFY(std::get<RecoveryRecord>(parsed) == record);
    // A record whose session a session file could not hold is refused like that file.
    QByteArray bad = bytes;
    bad.replace("\"d_model\":96", "\"d_model\":0");
    QVERIFY(std::holds_alternative<SessionError>(parseRecovery(bad)));
    QVERIFY(std::get<SessionError>(parseRecovery(bad)).message.contains(QStringLiteral("d_model")));
    QVERIFY(std::holds_alternative<SessionError>(parseRecovery("{\"format\": \"pe-explorer-session\"}")));
}

void TestRecovery::editsReachTheFileAfterAQuietMoment()
{
    RecoveryStore store(m_dir.filePath(QStringLiteral("quiet")));
    const QString path = store.claim();
    QVERIFY(!path.isEmpty());
    MainWindow window;
    window.show();
    RecoveryController autosave(path, &window);
    autosave.setDelays(1000, 4000);
    QSignalSpy written(&autosave, &RecoveryController::written);
    QVERIFY(written.wait(5000)); // the state the window starts with
    QCOMPARE(readRecord(path).session.settings, window.document()->settings());

    // Three edits in a row: one write, a quiet moment after the last. Timed from the last
    // edit to the write, not sampled after a wait: a loaded machine only delays the write.
    window.document()->setDModel(96);
    window.document()->setBase(2500);
    window.document()->setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(ropeOptions(editedSettings().state)));
    window.setPresentationMode(true);
    QElapsedTimer sinceLastEdit;
    sinceLastEdit.start();
    qint64 writtenAfterMs = -1;
    connect(&autosave, &RecoveryController::written, this, [&] {
        if (writtenAfterMs < 0)
            writtenAfterMs = sinceLastEdit.elapsed();
    });
    QVERIFY(written.wait(5000));
    QCOMPARE(written.size(), 2);
    // Not while the user is at it: a second of quiet first (a coarse timer may fire 5 % early).
    QVERIFY2(writtenAfterMs >= 950, qPrintable(QStringLiteral("written %1 ms after the last edit").arg(writtenAfterMs)));
    QCOMPARE(written.last().at(0).toString(), QString());
    const RecoveryRecord record = readRecord(path);
    QCOMPARE(record.session.settings, window.document()->settings());
    QCOMPARE(record.session.settings.spec.dModel, 96);
    QCOMPARE(record.session.settings.spec.base, 2500.0);
    QCOMPARE(ropeOptions(record.session.settings.state).scale, 16.0);
    QVERIFY(record.session.presentation);
    QVERIFY(!record.session.windowState.isEmpty()); // the docks' layout
    QVERIFY(qAbs(record.saved.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    QVERIFY(!QTest::qWaitFor([&] { return written.size() > 2; }, 500)); // and no more
    window.setPresentationMode(false);
}

void TestRecovery::aHiddenWindowIsNotSaved()
{
    RecoveryStore store(m_dir.filePath(QStringLiteral("hidden")));
    const QString path = store.claim();
    MainWindow window;
    window.show(); // laid out once, then hidden (as closing or a language switch hides it)
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.hide();
    RecoveryController autosave(path, &window);
    autosave.setDelays(50, 100);
    QSignalSpy written(&autosave, &RecoveryController::written);
    QVERIFY(!written.wait(500)); // its first quiet moment passed: nothing written
    QVERIFY(!QFile::exists(path));
    window.show();
    window.document()->setDModel(97);
    QVERIFY(written.wait(5000));
    QCOMPARE(readRecord(path).session.settings.spec.dModel, 97);
}

void TestRecovery::aLongDragIsSavedBeforeItEnds()
{
    RecoveryStore store(m_dir.filePath(QStringLiteral("drag")));
    const QString path = store.claim();
    MainWindow window;
    window.show();
    RecoveryController autosave(path, &window);
    autosave.setDelays(200, 600);
    QSignalSpy written(&autosave, &RecoveryController::written);
    QVERIFY(written.wait(5000));
    // A change every 50 ms for 2 s never leaves 200 ms of quiet: the longest wait writes anyway.
    QElapsedTimer clock;
    clock.start();
    int position = 0;
    while (clock.elapsed() < 2000) {
        window.document()->selectPosition(++position % 100);
        QTest::qWait(50);
    }
    QVERIFY2(written.size() >= 3, qPrintable(QString::number(written.size())));
    QVERIFY(written.wait(5000));
    QCOMPARE(readRecord(path).session.settings.state.position, window.document()->state().position);
}

void TestRecovery::nothingNewIsNotWrittenAgain()
{
    RecoveryStore store(m_dir.filePath(QStringLiteral("same")));
    const QString path = store.claim();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(QTest::qWaitFor([&] { return window.document()->isFrameCurrent(); }, 30000));
    QTest::qWait(500); // the docks' layout settles (it is part of what is saved)
    RecoveryController autosave(path, &window);
    autosave.setDelays(50, 500);
    QSignalSpy written(&autosave, &RecoveryController::written);
    QVERIFY(written.wait(5000));
    window.document()->setDModel(100);
    QVERIFY(written.wait(5000));
    window.document()->setDModel(64);
    window.document()->setDModel(100); // back where the file is
    QVERIFY(!written.wait(500));
    QCOMPARE(written.size(), 2);
}

void TestRecovery::restorePutsEverythingBackWithoutTouchingTheSession()
{
    // Window A: a saved session, then edits that were never saved.
    const QString sessionPath = m_dir.filePath(QStringLiteral("lecture.pe.json"));
    MainWindow a;
    a.show();
    QVERIFY(QTest::qWaitForWindowExposed(&a));
    QCOMPARE(a.sessions()->saveSession(sessionPath), QString());
    const QByteArray sessionBytes = readFile(sessionPath);
    a.document()->change(editedSettings(), Document::Field::All);
    a.setPresentationMode(true);
    RecoveryRecord record;
    record.session = a.sessions()->currentSession();
    record.sessionPath = a.sessions()->currentPath();
    record.saved = QDateTime::currentDateTimeUtc();
    QCOMPARE(record.session.settings, editedSettings());

    // Window B: a fresh start, restored from what A's autosave wrote.
    MainWindow b;
    b.show();
    QVERIFY(QTest::qWaitForWindowExposed(&b));
    const auto written = parseRecovery(serializeRecovery(record));
    QVERIFY(std::holds_alternative<RecoveryRecord>(written));
    restoreRecovery(&b, std::get<RecoveryRecord>(written));
    QCOMPARE(b.document()->settings(), editedSettings());
    QVERIFY(b.presentationMode());
    QCOMPARE(b.sessions()->currentPath(), QFileInfo(sessionPath).absoluteFilePath());
    QVERIFY(b.windowTitle().contains(QStringLiteral("lecture.pe.json")));
    QVERIFY(b.isWindowModified()); // the edits are not in the session file
    QCOMPARE(readFile(sessionPath), sessionBytes);
    // One undo step back to where B started.
    b.document()->undoStack()->undo();
    QCOMPARE(b.document()->settings(), Settings{});
    b.setPresentationMode(false);
    a.setPresentationMode(false);
}

void TestRecovery::orphansAreFilesWhoseProcessIsGone()
{
    const QString folder = m_dir.filePath(QStringLiteral("orphans"));
    RecoveryStore running(folder);
    const QString runningPath = running.claim();
    RecoveryRecord record;
    record.session.settings = editedSettings();
    record.saved = QDateTime::currentDateTimeUtc();
    QVERIFY(writeFile(runningPath, serializeRecovery(record)));
    // A crashed window's file: its lock is gone with its process.
    const QString crashed = QDir(folder).filePath(QStringLiteral("1-2-0.pe-recovery.json"));
    record.saved = record.saved.addSecs(-60);
    record.session.settings.spec.dModel = 40;
    QVERIFY(writeFile(crashed, serializeRecovery(record)));
    const QString older = QDir(folder).filePath(QStringLiteral("0-2-0.pe-recovery.json"));
    record.saved = record.saved.addSecs(-60);
    record.session.settings.spec.dModel = 20;
    QVERIFY(writeFile(older, serializeRecovery(record)));
    QVERIFY(writeFile(QDir(folder).filePath(QStringLiteral("2-2-0.pe-recovery.json")), "not json"));

    RecoveryStore starting(folder);
    QStringList unreadable;
    const QList<OrphanedRecovery> orphans = starting.orphans(&unreadable);
    QCOMPARE(orphans.size(), 2); // not the running window's
    QCOMPARE(orphans[0].path, crashed); // newest first
    QCOMPARE(orphans[0].record.session.settings.spec.dModel, 40);
    QCOMPARE(orphans[1].path, older);
    QCOMPARE(unreadable.size(), 1);
    QVERIFY(unreadable[0].contains(QStringLiteral("2-2-0.pe-recovery.json")));
    RecoveryStore::discard(crashed);
    QVERIFY(!QFile::exists(crashed));
    QCOMPARE(starting.orphans().size(), 1);
    QVERIFY(QFile::exists(runningPath)); // still the running window's
}

void TestRecovery::askOffersEachChoice_data()
{
    QTest::addColumn<QString>("button");
    QTest::addColumn<int>("choice");
    QTest::newRow("restore") << QStringLiteral("restoreButton") << int(RecoveryChoice::Restore);
    QTest::newRow("discard") << QStringLiteral("discardButton") << int(RecoveryChoice::Discard);
    QTest::newRow("not now") << QStringLiteral("laterButton") << int(RecoveryChoice::Later);
    QTest::newRow("escape") << QString() << int(RecoveryChoice::Later);
}

void TestRecovery::askOffersEachChoice()
{
    QFETCH(QString, button);
    QFETCH(int, choice);
    OrphanedRecovery orphan;
    orphan.path = QStringLiteral("/tmp/x.pe-recovery.json");
    orphan.record.session.settings = editedSettings();
    orphan.record.sessionPath = QStringLiteral("/home/teacher/lecture.pe.json");
    orphan.record.saved = QDateTime::currentDateTimeUtc().addSecs(-180);
    QString text, informative;
    whenMessageBox([&](QMessageBox* box) {
        text = box->text();
        informative = box->informativeText();
        if (button.isEmpty())
            QTest::keyClick(box, Qt::Key_Escape);
        else
            box->findChild<QPushButton*>(button)->click();
    });
    QCOMPARE(int(askToRestore(nullptr, orphan, 2)), choice);
    QVERIFY2(text.contains(orphan.record.saved.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("3 minutes ago")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("d_model 96")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("lecture.pe.json")), qPrintable(text));
    QVERIFY2(informative.contains(QStringLiteral("2 more windows")), qPrintable(informative));
}

void TestRecovery::offerRestoresAndDeletesTheOrphanOnceSaved()
{
    const QString folder = m_dir.filePath(QStringLiteral("offer"));
    QVERIFY(QDir().mkpath(folder));
    RecoveryRecord record;
    record.session.settings = editedSettings();
    record.saved = QDateTime::currentDateTimeUtc();
    const QString orphan = QDir(folder).filePath(QStringLiteral("5-5-0.pe-recovery.json"));
    QVERIFY(writeFile(orphan, serializeRecovery(record)));

    RecoveryStore store(folder);
    MainWindow window;
    window.show();
    RecoveryController autosave(store.claim(), &window);
    autosave.setDelays(300, 1000);
    offerRecovery(&window, store, &autosave, true);
    QCOMPARE(window.document()->settings(), editedSettings());
    QVERIFY(window.statusText().startsWith(QStringLiteral("Restored the work saved on")));
    QVERIFY(QFile::exists(orphan)); // until this window's own file holds the restored work
    QSignalSpy written(&autosave, &RecoveryController::written);
    QVERIFY(written.wait(5000));
    QVERIFY(!QFile::exists(orphan));
    QCOMPARE(readRecord(autosave.path()).session.settings, editedSettings());

    // Nothing left to restore: said so, nothing changes.
    offerRecovery(&window, store, &autosave, true);
    QVERIFY(window.statusText().startsWith(QStringLiteral("Nothing to restore")));
    QCOMPARE(window.document()->settings(), editedSettings());
}

void TestRecovery::aFailedAutosaveSaysSoAndKeepsTheLastGoodFile()
{
    RecoveryStore store(m_dir.filePath(QStringLiteral("full")));
    const QString path = store.claim();
    MainWindow window;
    window.show();
    RecoveryController autosave(path, &window);
    autosave.setDelays(50, 500);
    QSignalSpy written(&autosave, &RecoveryController::written);
    QVERIFY(written.wait(5000));
    const QByteArray good = readFile(path);
    QVERIFY(good.size() > 1000);
    {
        FileSizeLimit limit(200); // the disk fills up a few hundred bytes into the next write
        QVERIFY(limit.ok());
        window.document()->setDModel(128);
        QVERIFY(written.wait(5000));
    }
    const QString error = written.last().at(0).toString();
    QVERIFY2(!error.isEmpty(), "the write should have failed");
    QCOMPARE(autosave.lastError(), error);
    QVERIFY2(window.statusText().startsWith(QStringLiteral("Autosave failed: ")), qPrintable(window.statusText()));
    QVERIFY2(window.statusText().contains(QDir::toNativeSeparators(path)), qPrintable(window.statusText()));
    QCOMPARE(readFile(path), good); // the last good state, whole
    QCOMPARE(QDir(QFileInfo(path).absolutePath()).entryList(QDir::Files).size(), 2); // its lock, no leftover
    // Room again: the next change is saved (and the failed one is tried again meanwhile).
    window.document()->setDModel(130);
    // (The file is in place a moment before the write's report reaches this thread.)
    QTRY_VERIFY_WITH_TIMEOUT(autosave.lastError().isEmpty() && readRecord(path).session.settings.spec.dModel == 130, 5000);
    QCOMPARE(written.last().at(0).toString(), QString());
}

void TestRecovery::releaseRemovesTheFile()
{
    const QString folder = m_dir.filePath(QStringLiteral("release"));
    RecoveryStore store(folder);
    const QString path = store.claim();
    {
        MainWindow window;
        window.show();
        RecoveryController autosave(path, &window);
        autosave.saveNow();
        QVERIFY(QFile::exists(path));
        autosave.finish();
    }
    store.release();
    QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList());
}

QTEST_MAIN(TestRecovery)
#include "tst_recovery.moc"
