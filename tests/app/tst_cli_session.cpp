// SPDX-License-Identifier: MIT
// Session files on the command line, through the real executable without a display:
// `pe-explorer S.pe.json` and `--export FILE --session S.pe.json [options]` (the session is the
// base, options given override it). Sessions are written out by hand here; exported data is
// checked against core's encoding and against the export made with the equivalent options.
// A bad session is exit 2 with a message naming the file and the problem, and writes nothing.
#include "core/encoding.h"
#include "tests/common/runprogram.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cmath>
#include <cstring>

#ifndef PE_EXPLORER_EXE
#error "PE_EXPLORER_EXE must name the pe-explorer executable"
#endif

using testsupport::Run;

namespace {

Run runCli(const QStringList& arguments, const QString& folder)
{
    return testsupport::runProgram(QStringLiteral(PE_EXPLORER_EXE), arguments, folder);
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// A float64 .npy matrix (version 1.0, little endian, C order), parsed here byte by byte.
struct Npy {
    qint64 rows = -1, cols = -1;
    std::vector<double> values;
};

Npy parseNpy(const QByteArray& bytes)
{
    Npy npy;
    if (!bytes.startsWith("\x93NUMPY\x01\x00") || bytes.size() < 10)
        return npy;
    const int headerLength = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    const QString header = QString::fromLatin1(bytes.mid(10, headerLength));
    const auto shape = QRegularExpression(QStringLiteral("'shape': \\((\\d+), (\\d+)\\)")).match(header);
    if (!header.contains(QLatin1String("'descr': '<f8'")) || !shape.hasMatch())
        return npy;
    npy.rows = shape.captured(1).toLongLong();
    npy.cols = shape.captured(2).toLongLong();
    const qint64 count = npy.rows * npy.cols;
    if (bytes.size() != 10 + headerLength + count * 8)
        return Npy{};
    npy.values.resize(count);
    std::memcpy(npy.values.data(), bytes.constData() + 10 + headerLength, count * 8);
    return npy;
}

const QByteArray goodSession = R"({
  "format": "pe-explorer-session", "version": 1,
  "spec": {"d_model": 24, "max_len": 50, "base": 500, "layout": "split",
           "frequencies": "tensor2tensor", "first_position": 2},
  "selection": {"dims": [1, 3, 20], "position": 7, "dimension": 5, "offset": 3,
                "normalize": true, "colormap": "grayscale", "band": [2, 4]}
})";

pe::core::EncodingSpec goodSpec()
{
    pe::core::EncodingSpec spec;
    spec.dModel = 24;
    spec.maxLen = 50;
    spec.base = 500;
    spec.layout = pe::core::Layout::Split;
    spec.frequencies = pe::core::FrequencyRule::Tensor2Tensor;
    spec.firstPosition = 2;
    return spec;
}

QString compareWithCore(const Npy& npy, const pe::core::EncodingSpec& spec)
{
    if (npy.rows != spec.maxLen || npy.cols != spec.dModel)
        return QStringLiteral("shape (%1, %2), expected (%3, %4)").arg(npy.rows).arg(npy.cols).arg(spec.maxLen).arg(spec.dModel);
    for (qint64 r = 0; r < npy.rows; ++r)
        for (int c = 0; c < npy.cols; ++c) {
            const double want = pe::core::encodingValue(spec, spec.firstPosition + r, c);
            if (std::abs(npy.values[r * npy.cols + c] - want) > 1e-12)
                return QStringLiteral("(%1, %2) = %3, core %4").arg(r).arg(c).arg(npy.values[r * npy.cols + c]).arg(want);
        }
    return {};
}

} // namespace

class TestCliSession : public QObject {
    Q_OBJECT
private slots:
    void exportUsesTheSession();
    void optionsOverrideTheSession();
    void positionalSessionExports();
    void badSession_data();
    void badSession();
    void twoSessionsAreRefused();
    void helpNamesSessions();
};

void TestCliSession::exportUsesTheSession()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("s.pe.json")), goodSession));

    const Run run = runCli({"--export", "from-session.npy", "--session", "s.pe.json"}, dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    const QString error = compareWithCore(parseNpy(readFile(dir.filePath(QStringLiteral("from-session.npy")))), goodSpec());
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // The same as spelling the session's settings out as options.
    const Run explicitRun = runCli({"--export", "from-options.npy", "--d-model", "24", "--max-len", "50", "--base", "500",
                                    "--layout", "split", "--frequencies", "tensor2tensor", "--first-position", "2"},
                                   dir.path());
    QVERIFY2(explicitRun.exitedWith(0), qPrintable(explicitRun.describe()));
    QCOMPARE(readFile(dir.filePath(QStringLiteral("from-session.npy"))), readFile(dir.filePath(QStringLiteral("from-options.npy"))));

    // The selection comes along: the wave data holds the session's dims below d_model (1 and 3)
    // and the offset view its position 7 and offset 3.
    const Run waves = runCli({"--export", "waves.npy", "--session", "s.pe.json", "--view", "waves"}, dir.path());
    QVERIFY2(waves.exitedWith(0), qPrintable(waves.describe()));
    const Npy wavesData = parseNpy(readFile(dir.filePath(QStringLiteral("waves.npy"))));
    QCOMPARE(wavesData.rows, qint64(50));
    QCOMPARE(wavesData.cols, qint64(3)); // dims 1, 3 and 20 (all below d_model 24)
    for (qint64 r = 0; r < 50; ++r)
        QVERIFY(std::abs(wavesData.values[r * 3 + 1] - pe::core::encodingValue(goodSpec(), 2 + r, 3)) <= 1e-12);
    const Run offset = runCli({"--export", "offset.npy", "--session", "s.pe.json", "--view", "offset"}, dir.path());
    QVERIFY2(offset.exitedWith(0), qPrintable(offset.describe()));
    const Npy offsetData = parseNpy(readFile(dir.filePath(QStringLiteral("offset.npy"))));
    QCOMPARE(offsetData.rows, qint64(24));
    for (int c = 0; c < 24; ++c) {
        QVERIFY(std::abs(offsetData.values[c * 3 + 0] - pe::core::encodingValue(goodSpec(), 2 + 7, c)) <= 1e-12);
        QVERIFY(std::abs(offsetData.values[c * 3 + 1] - pe::core::encodingValue(goodSpec(), 2 + 7 + 3, c)) <= 1e-12);
    }
}

void TestCliSession::optionsOverrideTheSession()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("s.pe.json")), goodSession));

    // --d-model and --layout replace the session's; everything else stays the session's.
    const Run run = runCli({"--export", "a.npy", "--session", "s.pe.json", "--d-model", "10", "--layout", "interleaved"}, dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    pe::core::EncodingSpec spec = goodSpec();
    spec.dModel = 10;
    spec.layout = pe::core::Layout::Interleaved;
    const QString error = compareWithCore(parseNpy(readFile(dir.filePath(QStringLiteral("a.npy")))), spec);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // A smaller d_model drops the session's wave dims beyond it (1 and 3 remain).
    const Run waves = runCli({"--export", "w.npy", "--session", "s.pe.json", "--view", "waves", "--d-model", "10"}, dir.path());
    QVERIFY2(waves.exitedWith(0), qPrintable(waves.describe()));
    QCOMPARE(parseNpy(readFile(dir.filePath(QStringLiteral("w.npy")))).cols, qint64(2));

    // A smaller max_len moves the session's position 7 to the last row, as the window does.
    const Run offset = runCli({"--export", "o.npy", "--session", "s.pe.json", "--view", "offset", "--max-len", "5"}, dir.path());
    QVERIFY2(offset.exitedWith(0), qPrintable(offset.describe()));
    const Npy offsetData = parseNpy(readFile(dir.filePath(QStringLiteral("o.npy"))));
    QCOMPARE(offsetData.rows, qint64(24));
    QVERIFY(std::abs(offsetData.values[0] - pe::core::encodingValue(goodSpec(), 2 + 4, 0)) <= 1e-12);

    // An explicit option is still checked strictly against the session's spec.
    const Run bad = runCli({"--export", "b.npy", "--session", "s.pe.json", "--position", "50"}, dir.path());
    QVERIFY2(bad.exitedWith(2), qPrintable(bad.describe()));
    QVERIFY2(bad.err.contains(QLatin1String("--position")) && bad.err.contains(QLatin1String("0 to 49")), qPrintable(bad.err));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("b.npy"))));
}

void TestCliSession::positionalSessionExports()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("s.pe.json")), goodSession));
    const Run run = runCli({"s.pe.json", "--export", "p.npy"}, dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    const QString error = compareWithCore(parseNpy(readFile(dir.filePath(QStringLiteral("p.npy")))), goodSpec());
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestCliSession::badSession_data()
{
    QTest::addColumn<QString>("file");       // in the temporary folder
    QTest::addColumn<QByteArray>("contents"); // written unless the file is special
    QTest::addColumn<QString>("problem");    // regex

    QTest::newRow("missing") << "none.pe.json" << QByteArray() << "none\\.pe\\.json: no such file";
    QTest::newRow("folder") << "folder.pe.json" << QByteArray() << "folder\\.pe\\.json: is a folder";
    QTest::newRow("empty") << "empty.pe.json" << QByteArray("") << "empty\\.pe\\.json: the file is empty";
    QTest::newRow("truncated") << "cut.pe.json" << goodSession.left(60) << "cut\\.pe\\.json: not valid JSON";
    QTest::newRow("over 1 MiB") << "big.pe.json" << QByteArray(1100000, '{') << "big\\.pe\\.json: the file is larger than a session can be; allowed: at most 1048576 bytes";
    QTest::newRow("wrong version") << "v2.pe.json" << QByteArray(R"({"format": "pe-explorer-session", "version": 2})")
                                   << "v2\\.pe\\.json: version is 2; allowed: up to 1 \\(this file was written by a newer PE Explorer";
    QTest::newRow("d_model beyond the window") << "d.pe.json"
        << QByteArray(R"({"format": "pe-explorer-session", "version": 1, "spec": {"d_model": 5000}})")
        << "d\\.pe\\.json: spec\\.d_model = 5000 is out of range; allowed: a whole number from 1 to 4096";
    QTest::newRow("base as text") << "b.pe.json"
        << QByteArray(R"({"format": "pe-explorer-session", "version": 1, "spec": {"base": "NaN"}})")
        << "b\\.pe\\.json: spec\\.base is \"NaN\", not a number";
    QTest::newRow("not a session") << "other.json" << QByteArray(R"({"name": "x"})") << "other\\.json: format is nothing";
}

void TestCliSession::badSession()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, contents);
    QFETCH(QString, problem);

    QTemporaryDir dir;
    if (file.startsWith(QLatin1String("folder")))
        QVERIFY(QDir(dir.path()).mkdir(file));
    else if (!file.startsWith(QLatin1String("none")))
        QVERIFY(writeFile(dir.filePath(file), contents));
    const QStringList before = QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);

    const QList<QStringList> commandLines{{"--export", "out.npy", "--session", file},
                                          {"--export", "out.png", file},
                                          {file},
                                          {"--session", file, "--d-model", "8"}};
    for (const QStringList& arguments : commandLines) {
        const Run run = runCli(arguments, dir.path());
        QVERIFY2(run.exitedWith(2), qPrintable(run.describe()));
        QVERIFY2(run.err.startsWith(QLatin1String("pe-explorer: session ")), qPrintable(run.err));
        QVERIFY2(QRegularExpression(problem).match(run.err).hasMatch(),
                 qPrintable(QStringLiteral("stderr does not match /%1/: %2").arg(problem, run.err)));
        QVERIFY(run.out.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
    }
}

void TestCliSession::twoSessionsAreRefused()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("a.pe.json")), goodSession));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("b.pe.json")), goodSession));
    const Run both = runCli({"a.pe.json", "--session", "b.pe.json", "--export", "x.npy"}, dir.path());
    QVERIFY2(both.exitedWith(2), qPrintable(both.describe()));
    QVERIFY2(both.err.contains(QLatin1String("'a.pe.json'")) && both.err.contains(QLatin1String("'b.pe.json'")), qPrintable(both.err));
    const Run two = runCli({"a.pe.json", "b.pe.json", "--export", "x.npy"}, dir.path());
    QVERIFY2(two.exitedWith(2), qPrintable(two.describe()));
    QVERIFY2(two.err.contains(QLatin1String("'b.pe.json'")), qPrintable(two.err));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.npy"))));
}

void TestCliSession::helpNamesSessions()
{
    QTemporaryDir dir;
    const Run run = runCli({"--help"}, dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    QVERIFY(run.outText().contains(QLatin1String("--session <S>")));
    QVERIFY(run.outText().contains(QLatin1String("session.pe.json")));
}

QTEST_GUILESS_MAIN(TestCliSession)
#include "tst_cli_session.moc"
