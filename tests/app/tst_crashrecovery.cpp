// SPDX-License-Identifier: MIT
// Nothing lost (issue 35), as a user meets it: the real program is started with a session and
// edits it never saved, killed with SIGKILL once its autosave has run, and started again; every
// setting comes back, the session file is untouched, and a normal exit leaves no recovery file.
// Each run has its own data and settings folders (XDG_DATA_HOME, XDG_CONFIG_HOME).
#include "ui/state/recovery.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"
#include "ui/state/methodsoptions.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <functional>

using pe::ui::RecoveryRecord;

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

/// A session a teacher saved: nothing in it is a default. Written by hand, not by the program.
const char* const savedSession = R"({
  "format": "pe-explorer-session", "version": 1,
  "spec": {"d_model": 96, "max_len": 300, "base": 500, "layout": "split", "frequencies": "tensor2tensor",
           "first_position": 2},
  "selection": {"dims": [1, 2, 9], "position": 17, "dimension": 5, "offset": 3, "normalize": true,
                "colormap": "grayscale", "band": [2, 5], "compare": "frequencies", "format": "bfloat16",
                "precision": "stored"},
  "view": {"presentation": true,
           "options": {"rope": {"scale": 16, "originalLength": 2048, "logDistance": true},
                       "methods": {"method": "t5", "heads": 4, "numBuckets": 16},
                       "embeddings": {"sentence": "the cat sat on the mat", "segments": true}}}
})";

} // namespace

class TestCrashRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void aKilledWindowIsRestored();
    void restoreAndNoRestoreAreExclusive();

private:
    QProcessEnvironment environment(bool quitAfterFirstFrame = false) const;
    QString recoveryFolder() const;
    QStringList recoveryFiles() const;
    /// Waits until a recovery file other than `except` exists and `accept` takes its record.
    QString waitForRecord(const QStringList& except, const std::function<bool(const RecoveryRecord&)>& accept,
                          RecoveryRecord* record) const;

    QTemporaryDir m_dir;
};

void TestCrashRecovery::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QProcessEnvironment TestCrashRecovery::environment(bool quitAfterFirstFrame) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.remove(QStringLiteral("PE_QUIT_AFTER_FIRST_FRAME"));
    if (quitAfterFirstFrame)
        env.insert(QStringLiteral("PE_QUIT_AFTER_FIRST_FRAME"), QStringLiteral("1"));
    return env;
}

QString TestCrashRecovery::recoveryFolder() const
{
    // QStandardPaths::AppLocalDataLocation for organisation and application "PE Explorer".
    return m_dir.filePath(QStringLiteral("data/PE Explorer/PE Explorer/recovery"));
}

QStringList TestCrashRecovery::recoveryFiles() const
{
    return QDir(recoveryFolder()).entryList({QStringLiteral("*.pe-recovery.json")}, QDir::Files, QDir::Name);
}

QString TestCrashRecovery::waitForRecord(const QStringList& except, const std::function<bool(const RecoveryRecord&)>& accept,
                                         RecoveryRecord* record) const
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 90000) { // a sanitizer build starts slowly
        for (const QString& name : recoveryFiles()) {
            if (except.contains(name))
                continue;
            const auto parsed = pe::ui::parseRecovery(readFile(QDir(recoveryFolder()).filePath(name)));
            if (const auto* found = std::get_if<RecoveryRecord>(&parsed); found && accept(*found)) {
                *record = *found;
                return name;
            }
        }
        QThread::msleep(100);
    }
    return {};
}

void TestCrashRecovery::aKilledWindowIsRestored()
{
    const QString sessionPath = m_dir.filePath(QStringLiteral("lecture.pe.json"));
    QVERIFY(writeFile(sessionPath, savedSession));

    // 1. The session opened with two edits on top (the window's values now differ from the file).
    QProcess first;
    first.setProcessEnvironment(environment());
    first.start(QStringLiteral(PE_EXPLORER_EXE), {sessionPath, QStringLiteral("--d-model"), QStringLiteral("128"),
                                                  QStringLiteral("--base"), QStringLiteral("2000")});
    QVERIFY2(first.waitForStarted(), qPrintable(first.errorString()));
    RecoveryRecord saved;
    const QString firstFile = waitForRecord({}, [](const RecoveryRecord& r) { return r.session.settings.spec.dModel == 128; }, &saved);
    QVERIFY2(!firstFile.isEmpty(), first.readAllStandardError().constData());
    first.kill(); // SIGKILL: no chance to clean up
    QVERIFY(first.waitForFinished(10000));
    QCOMPARE(first.exitStatus(), QProcess::CrashExit);

    // What the autosave kept: the session with the edits, and the session file's name.
    const auto& spec = saved.session.settings.spec;
    const auto& state = saved.session.settings.state;
    QCOMPARE(spec.dModel, 128);
    QCOMPARE(spec.base, 2000.0);
    QCOMPARE(spec.maxLen, qint64(300));
    QCOMPARE(spec.layout, pe::core::Layout::Split);
    QCOMPARE(spec.frequencies, pe::core::FrequencyRule::Tensor2Tensor);
    QCOMPARE(spec.firstPosition, qint64(2));
    QCOMPARE(state.dims, QList<int>({1, 2, 9}));
    QCOMPARE(state.position, qint64(17));
    QCOMPARE(state.colormap, QStringLiteral("grayscale"));
    QCOMPARE(state.format, pe::core::NumberFormat::BFloat16);
    QCOMPARE(ropeOptions(state).scale, 16.0);
    QCOMPARE(ropeOptions(state).originalLength, 2048);
    QVERIFY(ropeOptions(state).logDistance);
    QCOMPARE(methodOptions(state).heads, 4);
    QCOMPARE(methodOptions(state).numBuckets, 16);
    QCOMPARE(embeddingsOptions(state).sentence, QStringLiteral("the cat sat on the mat"));
    QVERIFY(saved.session.presentation);
    QCOMPARE(saved.sessionPath, QFileInfo(sessionPath).absoluteFilePath());
    QCOMPARE(readFile(sessionPath), QByteArray(savedSession)); // the recovery never writes the session

    // 2. Started again: everything comes back. The restored window autosaves in a file of its own;
    // the crashed one's goes once that holds the work.
    QProcess second;
    second.setProcessEnvironment(environment());
    second.start(QStringLiteral(PE_EXPLORER_EXE), {QStringLiteral("--restore")});
    QVERIFY(second.waitForStarted());
    RecoveryRecord restored;
    const QString secondFile = waitForRecord({firstFile}, [&](const RecoveryRecord& r) {
        return r.session.settings == saved.session.settings;
    }, &restored);
    QVERIFY2(!secondFile.isEmpty(), second.readAllStandardError().constData());
    QVERIFY(QTest::qWaitFor([&] { return !recoveryFiles().contains(firstFile); }, 10000));
    second.kill();
    QVERIFY(second.waitForFinished(10000));
    QCOMPARE(restored.session.settings, saved.session.settings);
    QCOMPARE(restored.session.presentation, true);
    QCOMPARE(restored.sessionPath, saved.sessionPath);
    QCOMPARE(readFile(sessionPath), QByteArray(savedSession));

    // 3. --no-restore: a start that does not ask and leaves the work for later.
    QProcess third;
    third.setProcessEnvironment(environment(true));
    third.start(QStringLiteral(PE_EXPLORER_EXE), {QStringLiteral("--no-restore")});
    QVERIFY(third.waitForFinished(90000));
    QCOMPARE(third.exitStatus(), QProcess::NormalExit);
    QCOMPARE(third.exitCode(), 0);
    QCOMPARE(recoveryFiles(), QStringList{secondFile});

    // 4. A restore followed by a normal exit: no recovery file is left, nor a lock.
    QProcess fourth;
    fourth.setProcessEnvironment(environment(true));
    fourth.start(QStringLiteral(PE_EXPLORER_EXE), {QStringLiteral("--restore")});
    QVERIFY(fourth.waitForFinished(90000));
    QCOMPARE(fourth.exitStatus(), QProcess::NormalExit);
    QCOMPARE(fourth.exitCode(), 0);
    QCOMPARE(QDir(recoveryFolder()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestCrashRecovery::restoreAndNoRestoreAreExclusive()
{
    QProcess process;
    process.setProcessEnvironment(environment(true));
    process.start(QStringLiteral(PE_EXPLORER_EXE), {QStringLiteral("--restore"), QStringLiteral("--no-restore")});
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 2);
    const QString error = QString::fromLocal8Bit(process.readAllStandardError());
    QVERIFY2(error.contains(QStringLiteral("--restore")) && error.contains(QStringLiteral("--no-restore"))
                 && error.contains(QStringLiteral("allowed")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "tst_crashrecovery.moc"
