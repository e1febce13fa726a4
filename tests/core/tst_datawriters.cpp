// SPDX-License-Identifier: MIT
// The .npy and .csv writers, byte by byte and through NumPy itself.
#include "core/datawriters.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

using namespace pe::core;

namespace {

/// Values that stress a text round trip: negative zero, subnormals, extremes, non-terminating
/// binary fractions, and ordinary encoding values.
RowMatrix awkwardValues(Eigen::Index rows, Eigen::Index cols)
{
    const double special[] = {0.0, -0.0, 0.1, -1.0 / 3.0, 1.0, 2.0 / 3.0, 1e-310,
                              std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max(),
                              -std::numeric_limits<double>::lowest() / 3, 123456789.125, 0.8414709848078965,
                              5e-324, 9007199254740993.0, std::nextafter(1.0, 2.0), -2.5e-8};
    RowMatrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = i < Eigen::Index(std::size(special)) ? special[i] : std::sin(0.37 * i) * std::pow(10.0, i % 9 - 4);
    return m;
}

std::uint16_t le16(const std::string& s, std::size_t at)
{
    return static_cast<std::uint8_t>(s[at]) | static_cast<std::uint16_t>(static_cast<std::uint8_t>(s[at + 1]) << 8);
}

} // namespace

class TestDataWriters : public QObject {
    Q_OBJECT

private slots:
    void npyHeaderFormat_data();
    void npyHeaderFormat();
    void npyRowsAreLittleEndianFloat64();
    void csvReadsBackExactly();
    void numpyReadsWhatWeWrite();
};

void TestDataWriters::npyHeaderFormat_data()
{
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("cols");
    QTest::addColumn<QString>("shape");
    QTest::newRow("3 × 5") << qint64(3) << qint64(5) << "'shape': (3, 5)";
    QTest::newRow("1 × 1") << qint64(1) << qint64(1) << "'shape': (1, 1)";
    QTest::newRow("1 × 65536") << qint64(1) << qint64(65536) << "'shape': (1, 65536)";
    QTest::newRow("2^31 × 65536") << (qint64(1) << 31) << qint64(65536) << "'shape': (2147483648, 65536)";
}

void TestDataWriters::npyHeaderFormat()
{
    QFETCH(qint64, rows);
    QFETCH(qint64, cols);
    QFETCH(QString, shape);
    const std::string h = npyHeader(rows, cols);
    // Magic, version 1.0, then the little-endian length of the dictionary that follows.
    QVERIFY(h.size() > 10);
    QCOMPARE(h.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
    QCOMPARE(std::size_t(le16(h, 8)), h.size() - 10);
    QCOMPARE(h.size() % 64, std::size_t(0)); // data starts aligned
    QCOMPARE(h.back(), '\n');
    const QString dict = QString::fromLatin1(h.data() + 10, qsizetype(h.size() - 10));
    QVERIFY(dict.startsWith('{'));
    QVERIFY2(dict.contains("'descr': '<f8'"), qPrintable(dict));
    QVERIFY2(dict.contains("'fortran_order': False"), qPrintable(dict));
    QVERIFY2(dict.contains(shape), qPrintable(dict));
    QVERIFY(dict.trimmed().endsWith('}'));
}

void TestDataWriters::npyRowsAreLittleEndianFloat64()
{
    const RowMatrix m = awkwardValues(4, 6);
    std::string out = "prefix";
    appendNpyRows(out, m.topRows(1));
    appendNpyRows(out, m.bottomRows(3)); // streamed in blocks
    QCOMPARE(out.size(), std::size_t(6 + 8 * 24));
    QCOMPARE(out.substr(0, 6), std::string("prefix")); // appends, keeps what was there
    for (Eigen::Index r = 0; r < 4; ++r)
        for (Eigen::Index c = 0; c < 6; ++c) {
            const std::uint64_t bits = std::bit_cast<std::uint64_t>(m(r, c));
            const std::size_t at = 6 + 8 * (r * 6 + c); // row after row
            for (int b = 0; b < 8; ++b)
                QCOMPARE(static_cast<std::uint8_t>(out[at + b]), static_cast<std::uint8_t>(bits >> (8 * b)));
        }
}

void TestDataWriters::csvReadsBackExactly()
{
    const RowMatrix m = awkwardValues(7, 5);
    std::string out;
    appendCsvRows(out, m.topRows(3));
    appendCsvRows(out, m.bottomRows(4));
    const QStringList lines = QString::fromStdString(out).split('\n');
    QCOMPARE(lines.size(), 8); // seven rows, each ended by a newline
    QVERIFY(lines.last().isEmpty());
    for (int r = 0; r < 7; ++r) {
        const QStringList fields = lines[r].split(',');
        QCOMPARE(fields.size(), 5);
        for (int c = 0; c < 5; ++c) {
            const std::string text = fields[c].toStdString();
            double back = 0.0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), back);
            QVERIFY2(ec == std::errc() && end == text.data() + text.size(), text.c_str());
            QVERIFY2(std::bit_cast<std::uint64_t>(back) == std::bit_cast<std::uint64_t>(m(r, c)),
                     qPrintable(QString("row %1 col %2: \"%3\" reads back differently").arg(r).arg(c).arg(fields[c])));
            QCOMPARE(std::strtod(text.c_str(), nullptr), m(r, c));
        }
    }
    // Shortest form: no "0.10000000000000001" for 0.1.
    std::string small;
    appendCsvRows(small, (RowMatrix(1, 3) << 0.1, 1.0, -0.5).finished());
    QCOMPARE(small, std::string("0.1,1,-0.5\n"));
}

void TestDataWriters::numpyReadsWhatWeWrite()
{
    const QString python = "/usr/bin/python3";
    QProcess probe;
    probe.start(python, {"-c", "import numpy"});
    if (!probe.waitForFinished(60000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        QFAIL("python3-numpy is missing: /usr/bin/python3 -c \"import numpy\" failed (the setup script installs it)");

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const RowMatrix m = awkwardValues(7, 5);
    std::string npy = npyHeader(7, 5);
    appendNpyRows(npy, m.topRows(2));
    appendNpyRows(npy, m.bottomRows(5));
    std::string csv;
    appendCsvRows(csv, m);
    for (const auto& [name, bytes] : {std::pair<QString, const std::string*>{"m.npy", &npy}, {"m.csv", &csv}}) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(bytes->data(), qint64(bytes->size())), qint64(bytes->size()));
    }

    // NumPy prints the shape, dtype and memory order, then every value as an exact hex float.
    const char* script = R"(
import sys, numpy
a = numpy.load(sys.argv[1], allow_pickle=False)
print(a.shape[0], a.shape[1], a.dtype.str, int(a.flags['C_CONTIGUOUS']))
print(' '.join(float(v).hex() for v in a.ravel()))
b = numpy.loadtxt(sys.argv[2], delimiter=',', dtype=numpy.float64, ndmin=2)
print(b.shape[0], b.shape[1])
print(' '.join(float(v).hex() for v in b.ravel()))
)";
    QProcess py;
    py.start(python, {"-c", script, dir.filePath("m.npy"), dir.filePath("m.csv")});
    QVERIFY(py.waitForFinished(60000));
    const QString err = QString::fromLocal8Bit(py.readAllStandardError());
    QVERIFY2(py.exitStatus() == QProcess::NormalExit && py.exitCode() == 0, qPrintable(err));
    const QStringList lines = QString::fromLatin1(py.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0], QString("7 5 <f8 1"));
    QCOMPARE(lines[2], QString("7 5"));
    for (int which : {1, 3}) {
        const QStringList values = lines[which].split(' ');
        QCOMPARE(values.size(), 35);
        for (int i = 0; i < 35; ++i) {
            const double back = std::strtod(values[i].toLatin1().constData(), nullptr);
            QVERIFY2(std::bit_cast<std::uint64_t>(back) == std::bit_cast<std::uint64_t>(m.data()[i]),
                     qPrintable(QString("%1 value %2: numpy has %3").arg(which == 1 ? ".npy" : ".csv").arg(i).arg(values[i])));
        }
    }
}

QTEST_APPLESS_MAIN(TestDataWriters)
#include "tst_datawriters.moc"
