// SPDX-License-Identifier: MIT
// Every writer fails safe (issue 35): a session, a figure (PNG, PDF, SVG), data (.npy, .csv), the
// recovery file and the settings, each written over an existing file when the disk fills up.
// Two ways: a write cut short halfway (the process's file size limit: writes past it fail with
// EFBIG), and a disk that really is full (ENOSPC: a 256 KiB tmpfs mounted in a mount namespace of
// a child process, where the message must also give the space needed and the space left). The
// old file must be byte for byte what it was, no temporary file may be left beside it, and the
// message must name the file and the reason.
//
// The settings are checked on the full disk only: Qt 6.4's QSettings commits a truncated file
// when a write is cut short (EFBIG; seen with this test's limit), but fails safe on ENOSPC.
#include "tests/common/filesizelimit.h"
#include "ui/export/dataexport.h"
#include "ui/export/figureexport.h"
#include "ui/state/preferences.h"
#include "ui/state/safewrite.h"
#include "ui/state/session.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

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

const QByteArray oldBytes = QByteArray("the file as it was before the failed write\n").repeated(40); // 1.7 KB

} // namespace

class TestSafeWrites : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void writersKeepTheOldFile_data();
    void writersKeepTheOldFile();
    void aFullDiskKeepsEveryOldFile();
    void fullDiskMessageNamesTheSpace();
    void byteSizes();

private:
    QTemporaryDir m_dir;
};

void TestSafeWrites::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_safewrites"));
    QVERIFY(m_dir.isValid());
}

void TestSafeWrites::writersKeepTheOldFile_data()
{
    QTest::addColumn<QString>("file");
    for (const char* file : {"lecture.pe.json", "figure.png", "figure.pdf", "figure.svg", "heatmap.npy", "heatmap.csv", "plain.bin"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

void TestSafeWrites::writersKeepTheOldFile()
{
    QFETCH(QString, file);
    const QString folder = m_dir.filePath(file + QStringLiteral(".d"));
    QVERIFY(QDir().mkpath(folder));
    const QString path = QDir(folder).filePath(file);
    QVERIFY(writeFile(path, oldBytes));

    Session session;
    session.settings.spec.dModel = 512; // a session of a few kilobytes
    session.windowState = QByteArray(6000, 'x');
    ExportRequest request;
    request.spec.dModel = 256;
    request.spec.maxLen = 400; // 800 KB of .npy
    request.path = path;
    request.overwrite = true;
    QString message;
    {
        FileSizeLimit limit(oldBytes.size() + 100); // fails past the old file's size
        QVERIFY(limit.ok());
        if (file.endsWith(QLatin1String(".pe.json")))
            message = writeSessionFile(path, session);
        else if (file.endsWith(QLatin1String(".bin")))
            message = writeFileAtomically(path, QByteArray(100000, 'y'));
        else
            message = exportFile(request, singleColumnFigure()).message;
    }
    QVERIFY2(!message.isEmpty(), "the write should have failed");
    QVERIFY2(message.contains(QString::fromLocal8Bit(std::strerror(EFBIG))), qPrintable(message));
    if (!file.endsWith(QLatin1String(".bin"))) // writeFileAtomically gives the reason alone
        QVERIFY2(message.contains(path), qPrintable(message));
    QCOMPARE(readFile(path), oldBytes);
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), QStringList{file});

    // With room, the same write replaces the file: the failure was the disk.
    if (file.endsWith(QLatin1String(".pe.json")))
        QCOMPARE(writeSessionFile(path, session), QString());
    else if (file.endsWith(QLatin1String(".bin")))
        QCOMPARE(writeFileAtomically(path, QByteArray(100000, 'y')), QString());
    else
        QVERIFY(exportFile(request, singleColumnFigure()).ok());
    QVERIFY(readFile(path).size() > oldBytes.size() + 100);
}

void TestSafeWrites::aFullDiskKeepsEveryOldFile()
{
    // This test's own executable, run in a mount namespace over a small tmpfs (runFullDiskChild).
    const QString folder = m_dir.filePath(QStringLiteral("tmpfs"));
    QVERIFY(QDir().mkpath(folder));
    // As root a mount namespace is enough; otherwise a user namespace maps this user to root in it.
    const QString namespaces = geteuid() == 0 ? QStringLiteral("-m") : QStringLiteral("-rm");
    // Where no tmpfs can be mounted (a chroot, whose root is no mount point; a container without
    // privileges, or without user namespaces) there is no small disk to fill: say so and why.
    // Where one can, the test runs, and any failure after this probe is the writers'.
    QProcess probe;
    probe.setProcessChannelMode(QProcess::MergedChannels);
    probe.start(QStringLiteral("unshare"), {namespaces, QStringLiteral("sh"), QStringLiteral("-c"),
                                            QStringLiteral("mount -t tmpfs -o size=16k pe-probe \"$1\" && umount \"$1\""),
                                            QStringLiteral("sh"), folder});
    if (!probe.waitForStarted())
        QSKIP(qPrintable(QStringLiteral("no small disk to fill: unshare does not start (%1)").arg(probe.errorString())));
    QVERIFY(probe.waitForFinished(60000));
    if (probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        QSKIP(qPrintable(QStringLiteral("no small disk to fill: mounting a tmpfs is not allowed here (unshare %1: %2)")
                             .arg(namespaces, QString::fromLocal8Bit(probe.readAll()).trimmed())));
    const QString script = QStringLiteral("mount -t tmpfs -o size=256k pe-test \"$1\" && exec \"$2\" --full-disk-child \"$1\"");
    const QStringList arguments{namespaces, QStringLiteral("sh"), QStringLiteral("-c"), script, QStringLiteral("sh"), folder,
                                QCoreApplication::applicationFilePath()};
    QProcess child;
    child.setProcessChannelMode(QProcess::MergedChannels);
    child.start(QStringLiteral("unshare"), arguments);
    QVERIFY2(child.waitForStarted(), qPrintable(QStringLiteral("unshare: ") + child.errorString()));
    QVERIFY(child.waitForFinished(120000));
    const QString output = QString::fromLocal8Bit(child.readAll());
    QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
             qPrintable(QStringLiteral("exit code %1 (mounting a tmpfs needs root or user namespaces):\n%2")
                            .arg(child.exitCode()).arg(output)));
    QVERIFY2(output.contains(QStringLiteral("full disk: 8 writers kept their old files")), qPrintable(output));
}

void TestSafeWrites::fullDiskMessageNamesTheSpace()
{
    // The device's own words for a full disk become the space needed and the space left, or,
    // where nothing can tell the space left (a chroot, a container), the folder it is unknown for.
    QCOMPARE(diskFullMessage(4'096'128, 65'536, QStringLiteral("/media/usb")),
             QStringLiteral("the disk is full: 4.1 MB needed, 66 KB free on /media/usb"));
    QCOMPARE(diskFullMessage(4'096'128, 0, QStringLiteral("/")), QStringLiteral("the disk is full: 4.1 MB needed, 0 bytes free on /"));
    QCOMPARE(diskFullMessage(4'096'128, -1, QStringLiteral("/srv/out")),
             QStringLiteral("the disk is full: 4.1 MB needed; the free space on the disk of /srv/out is unknown"));
    const QString path = m_dir.filePath(QStringLiteral("any.npy"));
    const QString message = writeFailureReason(path, QString::fromLocal8Bit(std::strerror(ENOSPC)), 4'096'128);
    QVERIFY2(message.startsWith(QStringLiteral("the disk is full: 4.1 MB needed")), qPrintable(message));
    // Other reasons pass through.
    QCOMPARE(writeFailureReason(path, QStringLiteral("Permission denied"), 10), QStringLiteral("Permission denied"));
    QVERIFY(insufficientSpace(path, 100).isEmpty());
    // More than the disk holds is refused before writing, where the disk's free space is known;
    // where it is not, nothing is refused that might fit, and a full disk says so when it fills.
    const QStorageInfo storage(m_dir.path());
    if (storage.isValid() && storage.isReady() && storage.bytesTotal() > 0 && storage.bytesAvailable() >= 0) {
        QVERIFY2(message.contains(QStringLiteral(" free on ")), qPrintable(message));
        QVERIFY2(insufficientSpace(path, qint64(1) << 60).startsWith(QStringLiteral("the disk is full: 1153 PB needed, ")),
                 qPrintable(insufficientSpace(path, qint64(1) << 60)));
    } else {
        QVERIFY2(message.endsWith(QStringLiteral("; the free space on the disk of %1 is unknown").arg(QDir::toNativeSeparators(m_dir.path()))),
                 qPrintable(message));
        QCOMPARE(insufficientSpace(path, qint64(1) << 60), QString());
    }
}

void TestSafeWrites::byteSizes()
{
    QCOMPARE(byteSize(0), QStringLiteral("0 bytes"));
    QCOMPARE(byteSize(1), QStringLiteral("1 byte"));
    QCOMPARE(byteSize(999), QStringLiteral("999 bytes"));
    QCOMPARE(byteSize(1000), QStringLiteral("1.0 KB"));
    QCOMPARE(byteSize(65536), QStringLiteral("66 KB"));
    QCOMPARE(byteSize(4'096'128), QStringLiteral("4.1 MB"));
    QCOMPARE(byteSize(812'000'000), QStringLiteral("812 MB"));
    QCOMPARE(byteSize(1'500'000'000), QStringLiteral("1.5 GB"));
}

namespace {

/// In the child of aFullDiskKeepsEveryOldFile, on a fresh 256 KiB tmpfs at `folder`: every writer
/// replaces an existing file once the disk is full. Returns the problems found (none: empty).
QStringList fullDiskProblems(const QString& folder)
{
    QStringList problems;
    const auto check = [&](const QString& what, const QString& path, const QString& message) {
        if (readFile(path) != oldBytes)
            problems << what + QStringLiteral(": the old file changed");
        if (message.isEmpty())
            problems << what + QStringLiteral(": no message");
        if (!message.contains(QStringLiteral("the disk is full: ")) || !message.contains(QStringLiteral(" needed, "))
            || !message.contains(QStringLiteral(" free on ")))
            problems << what + QStringLiteral(": the message does not say the disk is full with the space needed: ") + message;
    };
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(folder + QStringLiteral("/config")));
    QStandardPaths::setTestModeEnabled(false); // the settings under XDG_CONFIG_HOME, on the tmpfs
    Preferences::setWindowState(QByteArray(100, 's'));
    if (const QString error = Preferences::saveError(); !error.isEmpty())
        problems << QStringLiteral("settings before the disk filled: ") + error;
    const QString settingsPath = QSettings().fileName();
    const QByteArray settingsBefore = readFile(settingsPath);

    const QStringList files{QStringLiteral("lecture.pe.json"), QStringLiteral("recovery.pe-recovery.json"),
                            QStringLiteral("figure.png"), QStringLiteral("figure.pdf"), QStringLiteral("figure.svg"),
                            QStringLiteral("heatmap.npy"), QStringLiteral("heatmap.csv")};
    for (const QString& file : files)
        if (!writeFile(QDir(folder).filePath(file), oldBytes))
            problems << file + QStringLiteral(": could not be made");
    // Fill the disk to the last byte.
    {
        QFile filler(QDir(folder).filePath(QStringLiteral("filler")));
        filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered);
        const QByteArray block(4096, 'f');
        while (filler.write(block) == block.size()) {}
        filler.write(QByteArray(1, 'f'));
        while (filler.write(QByteArray(1, 'f')) == 1) {}
    }
    Session session;
    session.windowState = QByteArray(6000, 'x');
    const QString sessionPath = QDir(folder).filePath(files[0]);
    check(files[0], sessionPath, writeSessionFile(sessionPath, session));
    const QString recoveryPath = QDir(folder).filePath(files[1]);
    check(files[1], recoveryPath, writeFileAtomically(recoveryPath, QByteArray(20000, 'r')));
    for (const QString& file : files.mid(2)) {
        ExportRequest request;
        request.spec.dModel = 256;
        request.spec.maxLen = 400;
        request.path = QDir(folder).filePath(file);
        request.overwrite = true;
        const ExportResult result = exportFile(request, singleColumnFigure());
        check(file, request.path, result.message);
        if (!result.message.contains(request.path))
            problems << file + QStringLiteral(": the message does not name the file: ") + result.message;
    }
    Preferences::setWindowState(QByteArray(50000, 'S'));
    const QString settingsError = Preferences::saveError();
    if (!settingsError.contains(QDir::toNativeSeparators(settingsPath)))
        problems << QStringLiteral("settings: the message does not name the file: ") + settingsError;
    if (readFile(settingsPath) != settingsBefore)
        problems << QStringLiteral("settings: the old file changed");
    const QStringList left = QDir(folder).entryList(QDir::Files | QDir::Hidden);
    QStringList expected = files;
    expected << QStringLiteral("filler");
    expected.sort();
    if (left != expected)
        problems << QStringLiteral("files left: ") + left.join(QLatin1Char(' '));
    if (problems.isEmpty())
        qInfo("full disk: %lld writers kept their old files; e.g. %s", qlonglong(files.size() + 1),
              qPrintable(writeSessionFile(sessionPath, session)));
    return problems;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 3 && qstrcmp(argv[1], "--full-disk-child") == 0) {
        QApplication application(argc, argv);
        QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_safewrites"));
        const QStringList problems = fullDiskProblems(QString::fromLocal8Bit(argv[2]));
        for (const QString& problem : problems)
            qWarning("%s", qPrintable(problem));
        return problems.isEmpty() ? 0 : 1;
    }
    QApplication application(argc, argv);
    TestSafeWrites test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_safewrites.moc"
