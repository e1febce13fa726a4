// SPDX-License-Identifier: MIT
// The command line's error paths, beyond tst_cli: every option with out-of-range, non-numeric,
// empty and extreme values; a full disk (the file size limit of the child process, so writes
// fail with EFBIG); a folder nobody may write to, root included. (An existing file without --force:
// tst_cli and tst_figures.)
// Each runs the real pe-explorer without a display. What counts as valid is decided here from
// the documented ranges, not by the program.
#include <QtTest>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <optional>
#include <vector>
#include <sys/resource.h>

#include "tests/common/runprogram.h"

#ifndef PE_EXPLORER_EXE
#error "PE_EXPLORER_EXE must name the pe-explorer executable"
#endif

namespace {

/// The header of a rows × columns float64 .npy as NumPy writes it (format 1.0, padded to 64 bytes).
QByteArray npyFloat64Header(int rows, int columns)
{
    QByteArray dict = QStringLiteral("{'descr': '<f8', 'fortran_order': False, 'shape': (%1, %2), }").arg(rows).arg(columns).toLatin1();
    while ((10 + dict.size() + 1) % 64 != 0)
        dict.append(' ');
    dict.append('\n');
    QByteArray npy("\x93NUMPY\x01\x00", 8);
    return npy.append(char(dict.size() & 0xff)).append(char(dict.size() >> 8)).append(dict);
}

using testsupport::Run;

QStringList listing(const QString& folder)
{
    QStringList entries = QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    entries.sort();
    return entries;
}

/// Runs pe-explorer; `fileSizeLimit` > 0 caps the size of every file the child writes (a full
/// disk without filling one): SIGXFSZ is ignored, so writes past it fail with EFBIG.
Run runCli(const QStringList& arguments, const QString& folder, rlim_t fileSizeLimit = 0,
           const QProcessEnvironment& extra = {})
{
    Run run;
    QProcess process;
    QProcessEnvironment environment = testsupport::noDisplayEnvironment();
    for (const QString& key : extra.keys())
        environment.insert(key, extra.value(key));
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(folder);
    if (fileSizeLimit > 0)
        process.setChildProcessModifier([fileSizeLimit] {
            std::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{fileSizeLimit, fileSizeLimit};
            setrlimit(RLIMIT_FSIZE, &limit);
        });
    process.start(QStringLiteral(PE_EXPLORER_EXE), arguments);
    run.started = process.waitForStarted(10000);
    run.finished = run.started && process.waitForFinished(60000);
    if (run.started && !run.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    run.status = process.exitStatus();
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = QString::fromLocal8Bit(process.readAllStandardError());
    return run;
}

/// A whole-number option's documented range (README / --help), and what else it needs.
struct WholeOption {
    const char* name;
    qint64 minimum, maximum;
};

/// The value a user meant by `text` if it is a plain decimal whole number (spaces around it
/// allowed, as a shell quote may leave them), else nothing. "-0" is 0; 2^63 does not fit.
std::optional<qint64> plainWholeNumber(const QString& text, bool* tooLarge)
{
    static const QRegularExpression decimal(QStringLiteral("^\\s*([+-]?)([0-9]+)\\s*$"));
    const auto match = decimal.match(text);
    *tooLarge = false;
    if (!match.hasMatch())
        return std::nullopt;
    const QString digits = match.captured(2);
    const QString stripped = QString(digits).remove(QRegularExpression(QStringLiteral("^0+(?=.)")));
    if (stripped.size() > 18) { // beyond what any option allows (2^40 has 13 digits)
        *tooLarge = true;
        return std::nullopt;
    }
    const qint64 magnitude = stripped.toLongLong();
    return match.captured(1) == QLatin1String("-") ? -magnitude : magnitude;
}

const QStringList extremes{
    QString(), QStringLiteral("1e308"), QStringLiteral("-0"), QStringLiteral("9223372036854775808"),
    QStringLiteral("-9223372036854775809"), QStringLiteral("nan"), QStringLiteral("inf"), QStringLiteral("-inf"),
    QStringLiteral("0x10"), QStringLiteral(" 5"), QStringLiteral("5 "), QStringLiteral("5abc"),
    QStringLiteral("1.5"), QStringLiteral("-1"), QStringLiteral("99999999999999999999")};

} // namespace

class TestCliErrors : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void extremeValues_data();
    void extremeValues();
    void fullDisk_data();
    void fullDisk();
    void unwritableFolder_data();
    void unwritableFolder();
    void windowRefusesWhatItCannotShow_data();
    void windowRefusesWhatItCannotShow();
    void encodingFiles();
    void t5BiasesFiles();
    void ropeModels();
    void grids();
};

void TestCliErrors::initTestCase()
{
    QVERIFY(QFileInfo(QStringLiteral(PE_EXPLORER_EXE)).isExecutable());
}

void TestCliErrors::extremeValues_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("valid");     // the export must succeed
    QTest::addColumn<QString>("message"); // regex for stderr when not valid

    // Whole numbers: d_model 1…65536, max_len 1…2^31, first position 0…2^40, position 0…99
    // (max_len 100), offset −position…2^40 (position 0), dpi 30…2400.
    const WholeOption whole[] = {{"d-model", 1, 65536}, {"max-len", 1, 2147483648LL}, {"first-position", 0, 1099511627776LL},
                                 {"position", 0, 99}, {"offset", 0, 1099511627776LL}, {"dpi", 30, 2400}};
    for (const WholeOption& option : whole)
        for (const QString& value : extremes) {
            bool tooLarge = false;
            const auto number = plainWholeNumber(value, &tooLarge);
            const bool valid = number && *number >= option.minimum && *number <= option.maximum;
            const QString message = number || tooLarge ? QStringLiteral("out of range") : QStringLiteral("not a whole number");
            QTest::addRow("--%s '%s'", option.name, qPrintable(value))
                << QString::fromLatin1(option.name) << value << valid << message;
        }
    // The base: a finite number greater than 1 and at most 1e12.
    for (const QString& value : extremes) {
        bool ok = false;
        const double number = value.trimmed().toDouble(&ok); // Qt's C-locale reading, as documented
        const bool plain = QRegularExpression(QStringLiteral("^\\s*[+-]?[0-9.]+(e[+-]?[0-9]+)?\\s*$")).match(value).hasMatch();
        const bool valid = plain && ok && number > 1 && number <= 1e12;
        QTest::addRow("--base '%s'", qPrintable(value))
            << QStringLiteral("base") << value << valid << QStringLiteral("out of range|not a number");
    }
    // Lists and sizes: dims 0…63 (d_model 64), sizes WIDTHxHEIGHT.
    for (const QString& value : extremes) {
        bool tooLarge = false;
        const auto number = plainWholeNumber(value, &tooLarge);
        QTest::addRow("--dims '%s'", qPrintable(value))
            << QStringLiteral("dims") << value << (number && *number >= 0 && *number < 64) << QStringLiteral("not a valid list");
        for (const char* size : {"size", "size-mm"})
            QTest::addRow("--%s '%s'", size, qPrintable(value))
                << QString::fromLatin1(size) << value << false << QStringLiteral("not a size|out of range");
    }
    for (const char* value : {"", " 5", "nan", "SPLIT"})
        for (const char* choice : {"layout", "frequencies", "view", "colormap"})
            QTest::addRow("--%s '%s'", choice, value)
                << QString::fromLatin1(choice) << QString::fromLatin1(value) << false << QStringLiteral("not allowed; allowed: \\w+");
    // Sizes whose numbers are extreme.
    for (const char* value : {"0x10", "10x0", "1e308x10", "9223372036854775808x10", "20001x10", "-5x10", "nanxnan", "5 x 5"})
        QTest::addRow("--size '%s'", value) << QStringLiteral("size") << QString::fromLatin1(value) << false
                                            << QStringLiteral("not a size|out of range");
}

void TestCliErrors::extremeValues()
{
    QFETCH(QString, option);
    QFETCH(QString, value);
    QFETCH(bool, valid);
    QFETCH(QString, message);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = option == QLatin1String("dpi") || option.startsWith(QLatin1String("size"))
        ? QStringLiteral("out.png") : QStringLiteral("out.npy");
    QStringList arguments{QStringLiteral("--export"), file, QLatin1String("--") + option, value};
    if (option == QLatin1String("d-model") || option == QLatin1String("max-len"))
        arguments << QStringLiteral("--max-len") << QStringLiteral("3"); // keep valid exports tiny
    if (option == QLatin1String("max-len"))
        arguments = QStringList{QStringLiteral("--export"), file, QStringLiteral("--d-model"), QStringLiteral("2"),
                                QStringLiteral("--max-len"), value};
    const Run run = runCli(arguments, dir.path());
    if (valid) {
        QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
        QCOMPARE(listing(dir.path()), QStringList{file});
        return;
    }
    QVERIFY2(run.exitedWith(2), qPrintable(run.describe()));
    QVERIFY2(run.err.contains(QLatin1String("--") + option), qPrintable(run.err));
    const QString shown = QLatin1Char('\'') + value.trimmed() + QLatin1Char('\'');
    QVERIFY2(run.err.contains(shown), qPrintable(QStringLiteral("does not quote %1: %2").arg(shown, run.err)));
    QVERIFY2(QRegularExpression(message).match(run.err).hasMatch(),
             qPrintable(QStringLiteral("no /%1/ in: %2").arg(message, run.err)));
    QVERIFY2(run.err.contains(QLatin1String("allowed")), qPrintable(run.err));
    QVERIFY(listing(dir.path()).isEmpty());
}

void TestCliErrors::fullDisk_data()
{
    QTest::addColumn<QString>("file");
    for (const char* file : {"out.npy", "out.csv", "out.png", "out.pdf", "out.svg"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

void TestCliErrors::fullDisk()
{
    QFETCH(QString, file);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // 4 KiB: smaller than each of these files (a 64 × 100 heatmap is 51 KB of .npy).
    const Run run = runCli({QStringLiteral("--export"), file}, dir.path(), 4096);
    QVERIFY2(run.exitedWith(1), qPrintable(run.describe()));
    QVERIFY2(run.err.contains(file), qPrintable(run.err));
    QVERIFY2(run.err.contains(QLatin1String(strerror(EFBIG))), qPrintable(QStringLiteral("no '%1' in: %2")
                                                                          .arg(QLatin1String(strerror(EFBIG)), run.err)));
    QVERIFY2(listing(dir.path()).isEmpty(), qPrintable(listing(dir.path()).join(QLatin1Char(' '))));
    // The same export without the limit works: the failure was the full disk.
    const Run again = runCli({QStringLiteral("--export"), file}, dir.path());
    QVERIFY2(again.exitedWith(0), qPrintable(again.describe()));
    QVERIFY(QFileInfo(dir.filePath(file)).size() > 4096);
}

void TestCliErrors::unwritableFolder_data()
{
    QTest::addColumn<QString>("path");
    // sysfs refuses new files to everyone, root included (chmod would not stop root).
    for (const char* suffix : {"npy", "csv", "png", "pdf", "svg"})
        QTest::addRow("/sys, .%s", suffix) << QStringLiteral("/sys/pe-explorer-test.%1").arg(QLatin1String(suffix));
}

void TestCliErrors::unwritableFolder()
{
    QFETCH(QString, path);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run run = runCli({QStringLiteral("--export"), path}, dir.path());
    QVERIFY2(run.exitedWith(1), qPrintable(run.describe()));
    QVERIFY2(run.err.contains(path), qPrintable(run.err));
    QVERIFY2(QRegularExpression(QStringLiteral("(?i)permission denied|read-only")).match(run.err).hasMatch(), qPrintable(run.err));
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(listing(dir.path()).isEmpty());
}

void TestCliErrors::windowRefusesWhatItCannotShow_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("option");
    QTest::newRow("d_model 8 opens") << QStringList{"--d-model", "8"} << 0 << QString();
    QTest::newRow("d_model 5000") << QStringList{"--d-model", "5000"} << 2 << QStringLiteral("--d-model");
    QTest::newRow("max_len 2^20 + 1") << QStringList{"--max-len", "1048577"} << 2 << QStringLiteral("--max-len");
    QTest::newRow("base 1.005") << QStringList{"--base", "1.005"} << 2 << QStringLiteral("--base");
    QTest::newRow("first position 2^40") << QStringList{"--first-position", "1099511627776"} << 2 << QStringLiteral("--first-position");
    QTest::newRow("offset 2^40") << QStringList{"--offset", "1099511627776"} << 2 << QStringLiteral("--offset");
    QTest::newRow("offset 2^31") << QStringList{"--offset", "2147483648"} << 2 << QStringLiteral("--offset");
}

void TestCliErrors::windowRefusesWhatItCannotShow()
{
    // The window opens offscreen; PE_QUIT_AFTER_FIRST_FRAME closes it after its first frame,
    // so a window that opens when it should have refused ends the test instead of hanging it.
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, option);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("PE_QUIT_AFTER_FIRST_FRAME"), QStringLiteral("1"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path()); // the window's settings
    const Run run = runCli(arguments, dir.path(), 0, environment);
    QVERIFY2(run.exitedWith(exitCode), qPrintable(run.describe()));
    if (exitCode != 0) {
        QVERIFY2(run.err.contains(option) && run.err.contains(QLatin1String("allowed")), qPrintable(run.err));
        QVERIFY2(run.err.contains(arguments.last()), qPrintable(run.err));
    }
}

void TestCliErrors::encodingFiles()
{
    // --encoding FILE[:TENSOR]: a table the heatmap draws, as a figure and as data; every bad
    // file or combination refused with exit code 2 and a message naming it.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A 2 × 3 float64 table as NumPy writes it.
    QByteArray npy = npyFloat64Header(2, 3);
    QByteArray values;
    for (double v : {0.5, -1.0, 0.25, 2.0, -0.125, 1.5})
        values.append(reinterpret_cast<const char*>(&v), 8);
    npy.append(values);
    QFile file(dir.filePath("table.npy"));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(npy) == npy.size());
    file.close();

    Run run = runCli({"--encoding", "table.npy", "--export", "table.png"}, dir.path());
    QVERIFY2(run.exitCode == 0 && QFileInfo(dir.filePath("table.png")).size() > 1000, qPrintable(run.describe()));
    // The data export is the table itself, float64, row after row.
    run = runCli({"--encoding", "table.npy", "--export", "back.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile back(dir.filePath("back.npy"));
    QVERIFY(back.open(QIODevice::ReadOnly));
    const QByteArray written = back.readAll();
    QVERIFY2(written.endsWith(values) && written.contains("(2, 3)"), written.left(80).constData());

    // The methods view's learned absolute scores P·Pᵀ of the table (rows 0.5 −1 0.25 and 2 −0.125 1.5).
    run = runCli({"--encoding", "table.npy", "--view", "methods", "--method", "learned", "--mask", "none", "--max-len", "2",
                  "--export", "gram.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile gram(dir.filePath("gram.npy"));
    QVERIFY(gram.open(QIODevice::ReadOnly));
    QByteArray expected;
    for (double v : {1.3125, 1.5, 1.5, 6.265625})
        expected.append(reinterpret_cast<const char*>(&v), 8);
    QVERIFY(gram.readAll().endsWith(expected));

    // A session that showed the table: its export draws it again, after checking the file is the
    // one saved (size and the documented fingerprint: SHA-256 of the size, 8 bytes little endian,
    // and the whole file, which is under 1 MiB).
    QByteArray fingerprintInput(8, '\0');
    for (int i = 0; i < 8; ++i)
        fingerprintInput[i] = char((quint64(npy.size()) >> (8 * i)) & 0xff);
    const QString fingerprint = QString::fromLatin1(QCryptographicHash::hash(fingerprintInput + npy, QCryptographicHash::Sha256).toHex());
    QFile sessionFile(dir.filePath("table.pe.json"));
    QVERIFY(sessionFile.open(QIODevice::WriteOnly));
    sessionFile.write(QStringLiteral(R"({"format": "pe-explorer-session", "version": 1, "table": {"path": "%1", "size": %2, "fingerprint": "%3"}})")
                          .arg(dir.filePath("table.npy")).arg(npy.size()).arg(fingerprint).toUtf8());
    sessionFile.close();
    run = runCli({"table.pe.json", "--export", "from-session.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile fromSession(dir.filePath("from-session.npy"));
    QVERIFY(fromSession.open(QIODevice::ReadOnly) && fromSession.readAll().endsWith(values));
    QFile changed(dir.filePath("table.npy"));
    QVERIFY(changed.open(QIODevice::ReadWrite) && changed.seek(npy.size() - 1) && changed.write("\x41") == 1);
    changed.close();
    run = runCli({"table.pe.json", "--export", "x.npy"}, dir.path());
    QVERIFY2(run.exitCode == 2 && run.err.contains("its position table") && run.err.contains("other contents"), qPrintable(run.describe()));
    QVERIFY(!QFileInfo::exists(dir.filePath("x.npy")));
    QVERIFY(changed.open(QIODevice::ReadWrite) && changed.seek(0) && changed.write(npy) == npy.size());
    changed.close();

    // The similarity of the table's rows (2 × 3: dot products worked out by hand, exact in binary),
    // without --max-len: the sinusoid takes the table's size.
    run = runCli({"--encoding", "table.npy", "--view", "similarity", "--export", "similarity.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile similarity(dir.filePath("similarity.npy"));
    QVERIFY(similarity.open(QIODevice::ReadOnly));
    const QByteArray dots = similarity.readAll().right(4 * 8);
    const double* dot = reinterpret_cast<const double*>(dots.constData());
    QCOMPARE(dot[0], 1.3125);   // (0.5, −1, 0.25)·itself
    QCOMPARE(dot[1], 1.5);      // · (2, −0.125, 1.5)
    QCOMPARE(dot[2], 1.5);
    QCOMPARE(dot[3], 6.265625);
    run = runCli({"--encoding", "table.npy", "--view", "waves", "--dims", "2,0", "--export", "waves.csv"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile waves(dir.filePath("waves.csv"));
    QVERIFY(waves.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString wavesText = QString::fromUtf8(waves.readAll());
    QVERIFY2(wavesText.contains("0.25,0.5\n") && wavesText.contains("1.5,2\n"), qPrintable(wavesText));

    const struct { QStringList arguments; QString expected; } refusals[] = {
        {{"--encoding", "table.npy", "--max-len", "100", "--view", "methods", "--method", "learned", "--export", "x.npy"},
         "the learned table has 2 positions; max_len 100 needs as many"},
        {{"--encoding", "missing.npy", "--export", "x.png"}, "--encoding: missing.npy: there is no such file"},
        {{"--encoding", "table.npy:wpe.weight", "--export", "x.png"}, "table.npy: a .npy file holds one array"},
        {{"--encoding", "table.npy", "--view", "bands", "--export", "x.png"},
         "allowed: --view heatmap, --view waves, --view similarity, --view conventions, --view precision, --view methods, --view spectrum"},
        {{"--encoding", "table.npy", "--view", "waves", "--dims", "3", "--export", "x.png"}, "dimension 3 is out of range; allowed: 0 to 2"},
        {{"--encoding", "", "--export", "x.png"}, "--encoding: an empty file name"},
    };
    for (const auto& refusal : refusals) {
        run = runCli(refusal.arguments, dir.path());
        QVERIFY2(run.exitCode == 2 && run.err.contains(refusal.expected), qPrintable(run.describe()));
        QVERIFY(!QFileInfo::exists(dir.filePath("x.png")));
    }
}

// --t5-biases FILE: T5's matrix from a model's own biases (16 buckets × 3 heads, float64,
// bias b + h/10), a head beyond the file's refused.
void TestCliErrors::t5BiasesFiles()
{
    QTemporaryDir dir;
    QByteArray npy = npyFloat64Header(16, 3);
    for (int b = 0; b < 16; ++b)
        for (int h = 0; h < 3; ++h) {
            const double v = b + h / 10.0;
            npy.append(reinterpret_cast<const char*>(&v), 8);
        }
    QFile file(dir.filePath("biases.npy"));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(npy) == npy.size());
    file.close();

    Run run = runCli({"--view", "methods", "--method", "t5", "--t5-biases", "biases.npy", "--t5-head", "2", "--max-len", "3", "--buckets", "16",
                      "--max-distance", "16", "--export", "t5.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile exported(dir.filePath("t5.npy"));
    QVERIFY(exported.open(QIODevice::ReadOnly));
    const QByteArray bytes = exported.readAll().right(9 * 8);
    const auto* m = reinterpret_cast<const double*>(bytes.constData());
    // Row i (query), column j (key): bucket of j − i, both ways: 0 on the diagonal; with 16
    // buckets, 8 per direction: j − i = 1 and 2 are buckets 9 and 10, −1 and −2 buckets 1 and 2.
    QCOMPARE(m[0 * 3 + 0], 0.1);
    QCOMPARE(m[0 * 3 + 1], 9.1);
    QCOMPARE(m[0 * 3 + 2], 10.1);
    QCOMPARE(m[2 * 3 + 0], 2.1);
    QCOMPARE(m[2 * 3 + 1], 1.1);

    const struct { QStringList arguments; QString expected; } refusals[] = {
        {{"--view", "methods", "--method", "t5", "--t5-biases", "biases.npy", "--t5-head", "4", "--export", "x.npy"},
         "--t5-head 4: biases.npy holds 3 heads; allowed: 1 to 3"},
        {{"--view", "methods", "--t5-biases", "missing.npy", "--export", "x.npy"}, "--t5-biases: missing.npy: there is no such file"},
        {{"--view", "methods", "--t5-biases", "", "--export", "x.npy"}, "--t5-biases: an empty file name"},
    };
    for (const auto& refusal : refusals) {
        run = runCli(refusal.arguments, dir.path());
        QVERIFY2(run.exitCode == 2 && run.err.contains(refusal.expected), qPrintable(run.describe()));
        QVERIFY(!QFileInfo::exists(dir.filePath("x.npy")));
    }

    // A session names its biases' file: its methods export reads it (a relative name, from where
    // it runs); a file gone since is told for that view only, naming the session.
    const auto writeSession = [&](const char* name, const char* t5File) {
        QFile session(dir.filePath(name));
        QVERIFY(session.open(QIODevice::WriteOnly));
        session.write(QByteArray(R"({"format": "pe-explorer-session", "version": 1, "spec": {"d_model": 8, "max_len": 3},
            "view": {"options": {"methods": {"method": "t5", "numBuckets": 16, "maxDistance": 16, "t5Head": 2, "t5File": ")")
                      + t5File + R"("}}}})");
    };
    writeSession("kept.pe.json", "biases.npy");
    run = runCli({"kept.pe.json", "--view", "methods", "--export", "kept.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile kept(dir.filePath("kept.npy"));
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QFile fromOption(dir.filePath("t5.npy"));
    QVERIFY(fromOption.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll().right(9 * 8), fromOption.readAll().right(9 * 8)); // the same biases, head 2, as --t5-biases gave above
    writeSession("gone.pe.json", "gone.npy");
    run = runCli({"gone.pe.json", "--export", "heat.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe())); // the heatmap reads no biases
    // Other methods options given on the command line do not make the session's file theirs.
    run = runCli({"gone.pe.json", "--heads", "4", "--view", "heatmap", "--export", "heat2.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    run = runCli({"gone.pe.json", "--view", "methods", "--export", "x.npy"}, dir.path());
    QVERIFY2(run.exitCode == 2 && run.err.contains("session gone.pe.json: view.options.methods: --t5-biases: gone.npy: there is no such file"),
             qPrintable(run.describe()));
    run = runCli({"gone.pe.json", "--method", "alibi", "--export", "x.npy"}, dir.path()); // names the methods view
    QVERIFY2(run.exitCode == 2 && run.err.contains("session gone.pe.json: view.options.methods: --t5-biases: gone.npy"),
             qPrintable(run.describe()));
    QVERIFY(!QFileInfo::exists(dir.filePath("x.npy")));
}

void TestCliErrors::ropeModels()
{
    // Issue 33's command-line contract: one row per rotated pair with a header naming the columns.
    QTemporaryDir dir;
    Run run = runCli({"--model", "llama-3.1-8b", "--export", "llama.csv"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile csv(dir.filePath("llama.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 64);
    QCOMPARE(lines[0], QByteArray("k,theta_original,theta_max,attention_factor"));
    // Pair 0 keeps θ = 1; pair 63 (λ = 2π·500000^(126/128) > 8192) is divided by the factor 8.
    QCOMPARE(lines[1], QByteArray("0,1,1,1"));
    const QList<QByteArray> slowest = lines[64].split(',');
    const double theta63 = std::pow(500000.0, -126.0 / 128);
    QVERIFY(std::abs(slowest[1].toDouble() / (theta63 / 8) - 1) < 1e-13);
    QVERIFY(std::abs(slowest[2].toDouble() / (theta63 / 8) - 1) < 1e-13);

    // A config file (here GPT-NeoX's fields, partial rotary) and a folder holding one, as .npy.
    QDir(dir.path()).mkdir(QStringLiteral("neox"));
    QFile config(dir.filePath("neox/config.json"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(R"({"model_type": "gpt_neox", "hidden_size": 6144, "num_attention_heads": 64, "rotary_pct": 0.25,
                     "rotary_emb_base": 10000, "max_position_embeddings": 2048})");
    config.close();
    run = runCli({"--model-config", "neox", "--export", "neox.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile npy(dir.filePath("neox.npy"));
    QVERIFY(npy.open(QIODevice::ReadOnly));
    QVERIFY2(npy.readAll().contains("'shape': (12, 4)"), "12 pairs of 4 columns");

    // A comparison: one row per position, the two configurations' cosines.
    run = runCli({"--model", "llama-3.1-8b", "--compare-config", "no-scaling", "--export", "compare.csv"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile compared(dir.filePath("compare.csv"));
    QVERIFY(compared.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = compared.readAll().trimmed().split('\n');
    QVERIFY(rows[0].startsWith("position,query_cosine,score_cosine,angle_difference_0,"));
    QCOMPARE(rows[0].split(',').size(), 3 + 64);
    const QList<QByteArray> last = rows.last().split(',');
    QCOMPARE(last[0].toDouble(), 131071.0);
    QVERIFY(last[2].toDouble() < 0.95);

    QFile bad(dir.filePath("bad.json"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096, "rope_scaling": {"type": "warp"}})");
    bad.close();
    const struct { QStringList arguments; QString expected; } refusals[] = {
        {{"--model", "llama-9", "--export", "x.csv"}, "--model: 'llama-9' is not in the library; allowed: llama-2-7b"},
        {{"--model-config", "bad.json", "--export", "x.csv"}, "rope_scaling.type = \"warp\" is not known"},
        {{"--model-config", "missing.json", "--export", "x.csv"}, "missing.json does not exist"},
        {{"--compare-config", "llama-2-7b", "--export", "x.csv"}, "--compare-config: there is no model to compare"},
        {{"--model", "llama-2-7b", "--model-config", "neox", "--export", "x.csv"}, "give one of them, not both"},
        {{"--model", "llama-2-7b", "--compare-config", "nowhere", "--export", "x.csv"}, "nowhere is neither a model of the library"},
    };
    for (const auto& refusal : refusals) {
        run = runCli(refusal.arguments, dir.path());
        QVERIFY2(run.exitCode == 2 && run.err.contains(refusal.expected), qPrintable(run.describe()));
        QVERIFY(!QFileInfo::exists(dir.filePath("x.csv")));
    }
}


/// A ViT-like table written here: a class token, then a rows × cols grid whose patch (r, c)
/// holds MAE's 2-D sin-cos (util/pos_embed.py: the first half of the dims the column's sines
/// then cosines, the second half the row's, ω_k = 10000^(−k/(d/4))).
QByteArray vitLikeNpy(int rows, int cols, int dims, std::vector<std::vector<double>>* patches)
{
    QByteArray npy = npyFloat64Header(1 + rows * cols, dims);
    std::vector<double> values(static_cast<std::size_t>(dims), 0.5); // the class token: a constant row
    const auto append = [&](const std::vector<double>& row) {
        npy.append(reinterpret_cast<const char*>(row.data()), qsizetype(row.size() * sizeof(double)));
    };
    append(values);
    const int quarter = dims / 4;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            for (int k = 0; k < quarter; ++k) {
                const double omega = 1.0 / std::pow(10000.0, double(k) / quarter);
                values[k] = std::sin(c * omega);
                values[quarter + k] = std::cos(c * omega);
                values[2 * quarter + k] = std::sin(r * omega);
                values[3 * quarter + k] = std::cos(r * omega);
            }
            append(values);
            patches->push_back(values);
        }
    return npy;
}

void TestCliErrors::grids()
{
    // Issue 36's command line: --view grid with --grid, --grid-patch and the data exports.
    QTemporaryDir dir;
    std::vector<std::vector<double>> patches;
    QFile table(dir.filePath("vit.npy"));
    QVERIFY(table.open(QIODevice::WriteOnly));
    table.write(vitLikeNpy(5, 8, 16, &patches)); // 41 rows: 1 + 5 × 8, no square
    table.close();
    const auto cosine = [&](std::size_t p, std::size_t q) {
        double dot = 0, a = 0, b = 0;
        for (std::size_t i = 0; i < patches[p].size(); ++i) {
            dot += patches[p][i] * patches[q][i];
            a += patches[p][i] * patches[p][i];
            b += patches[q][i] * patches[q][i];
        }
        return dot / std::sqrt(a * b);
    };
    const auto readCsv = [&](const QString& name) {
        QFile file(dir.filePath(name));
        std::vector<std::vector<double>> rows;
        if (!file.open(QIODevice::ReadOnly))
            return rows;
        for (const QByteArray& line : file.readAll().trimmed().split('\n')) {
            std::vector<double> row;
            for (const QByteArray& field : line.split(','))
                row.push_back(field.toDouble());
            rows.push_back(row);
        }
        return rows;
    };

    // The tiles: (H·W) × (H·W) cosines, patch after patch.
    Run run = runCli({"--encoding", "vit.npy", "--view", "grid", "--grid", "5x8", "--export", "tiles.csv"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    const auto tiles = readCsv("tiles.csv");
    QCOMPARE(tiles.size(), std::size_t{40});
    QCOMPARE(tiles[0].size(), std::size_t{40});
    for (std::size_t p = 0; p < 40; p += 5)
        for (std::size_t q = 0; q < 40; ++q)
            QVERIFY2(std::abs(tiles[p][q] - cosine(p, q)) < 1e-12, qPrintable(QStringLiteral("tile %1, cell %2").arg(p).arg(q)));

    // One patch's map and one dimension's, (H, W) each.
    run = runCli({"--encoding", "vit.npy", "--grid", "5x8", "--grid-patch", "2,5", "--grid-data", "patch", "--export", "patch.csv"},
                 dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe())); // --grid alone implies --view grid
    const auto patch = readCsv("patch.csv");
    QCOMPARE(patch.size(), std::size_t{5});
    QCOMPARE(patch[0].size(), std::size_t{8});
    for (std::size_t r = 0; r < 5; ++r)
        for (std::size_t c = 0; c < 8; ++c)
            QVERIFY(std::abs(patch[r][c] - cosine(2 * 8 + 5, r * 8 + c)) < 1e-12);
    run = runCli({"--encoding", "vit.npy", "--view", "grid", "--grid", "5x8", "--grid-data", "dimension", "--grid-dim", "13",
                  "--export", "dim.csv"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    const auto dimension = readCsv("dim.csv");
    QCOMPARE(dimension.size(), std::size_t{5});
    for (std::size_t r = 0; r < 5; ++r)
        for (std::size_t c = 0; c < 8; ++c)
            QCOMPARE(dimension[r][c], patches[r * 8 + c][13]);

    // A fixed encoding needs no table: MAE's 14 × 14 at d_model 64, with its class token.
    run = runCli({"--view", "grid", "--grid-source", "mae", "--d-model", "64", "--export", "mae.npy"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
    QFile mae(dir.filePath("mae.npy"));
    QVERIFY(mae.open(QIODevice::ReadOnly));
    QVERIFY2(mae.readAll().contains("'shape': (196, 196)"), "196 patches");
    run = runCli({"--grid-source", "rope-axial", "--grid", "5x7", "--export", "rope.png", "--size", "900x500"}, dir.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));

    const struct { QStringList arguments; QString expected; } refusals[] = {
        {{"--encoding", "vit.npy", "--view", "grid", "--export", "x.csv"},
         "41 rows are no grid: a grid's rows are H·W patches, or a class token and H·W patches"},
        {{"--encoding", "vit.npy", "--grid", "5x5", "--export", "x.csv"}, "41 rows do not match a grid of 5 × 5 (25 rows)"},
        {{"--encoding", "vit.npy", "--grid", "5x8", "--grid-class-token", "no", "--export", "x.csv"},
         "41 rows do not match a grid of 5 × 8 (40 rows)"},
        {{"--encoding", "vit.npy", "--grid-class-token", "yes", "--grid-source", "table", "--export", "x.csv"},
         "with a class token, 41 rows leave 40 patches, which are no square grid"},
        {{"--grid", "1x5", "--export", "x.csv"}, "--grid: '1x5' is not a grid; allowed: ROWSxCOLUMNS, each a whole number from 2 to 64"},
        {{"--grid", "65x65", "--export", "x.csv"}, "--grid: '65x65' is not a grid"},
        {{"--grid-resize", "14", "--export", "x.csv"}, "--grid-resize: '14' is not a grid"},
        {{"--grid-patch", "3;4", "--export", "x.csv"}, "--grid-patch: '3;4' is not a patch; allowed: ROW,COLUMN"},
        {{"--grid-source", "vit", "--export", "x.csv"}, "--grid-source: 'vit' is not allowed; allowed: auto, table, mae"},
        {{"--grid-data", "all", "--export", "x.csv"}, "--grid-data: 'all' is not allowed; allowed: tiles, patch, dimension"},
        {{"--grid-source", "table", "--export", "x.csv"}, "No position table is open"},
        {{"--grid-source", "mae", "--d-model", "30", "--export", "x.csv"}, "MAE's 2-D sin-cos needs d_model divisible by 4"},
        {{"--grid-source", "mae", "--grid", "60x60", "--export", "x.csv"}, "has 3600 patches; the grid view shows at most 2304"},
    };
    for (const auto& refusal : refusals) {
        run = runCli(refusal.arguments, dir.path());
        QVERIFY2(run.exitCode == 2 && run.err.contains(refusal.expected), qPrintable(run.describe()));
        QVERIFY(!QFileInfo::exists(dir.filePath("x.csv")));
    }
}

QTEST_GUILESS_MAIN(TestCliErrors)
#include "tst_cli_errors.moc"
