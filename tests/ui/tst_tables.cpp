// SPDX-License-Identifier: MIT
// Opening a model's position table (issue 14): .npy in every dtype, order and format version,
// .safetensors with several tensors and .csv, each written here byte by byte from the published
// formats (NumPy's NEP 1 / format.py, huggingface/safetensors' README), never by the reader under
// test; the values read back must be exact. Then every bad file a user may meet, each refused
// with a message that names the file and what is allowed.
#include "core/datawriters.h"
#include "core/encoding.h"
#include "ui/modelfiles/encodingtable.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace pe::ui;

namespace {

// Values every format holds exactly (k/8 for small k: 8 significant bits cover bfloat16 too).
double cellValue(std::int64_t r, std::int64_t c, std::int64_t columns) { return static_cast<double>(r * columns + c - 5) / 8.0; }

/// IEEE half and bfloat16 bits of a value they hold exactly, from frexp: written apart from
/// Qt's qfloat16, which the reader uses.
quint16 halfBits(double v)
{
    if (v == 0)
        return std::signbit(v) ? 0x8000 : 0;
    int e = 0;
    const double m = std::frexp(std::abs(v), &e); // v = m·2^e, m in [0.5, 1)
    const int exponent = e - 1 + 15;                // of 1.f·2^(e−1)
    const auto fraction = static_cast<quint16>(std::lround((2 * m - 1) * 1024));
    return static_cast<quint16>((v < 0 ? 0x8000 : 0) | (exponent << 10) | fraction);
}
quint16 bfloatBits(double v)
{
    const float f = static_cast<float>(v);
    quint32 bits;
    std::memcpy(&bits, &f, 4);
    return static_cast<quint16>(bits >> 16); // exact values: the lower half is zero
}

void append(QByteArray& out, const void* p, int n, bool big)
{
    const auto* b = static_cast<const char*>(p);
    for (int i = 0; i < n; ++i)
        out.append(b[big ? n - 1 - i : i]); // this machine is little-endian (x86-64)
}

/// The value as `type` in the given byte order.
void appendValue(QByteArray& out, double v, const QString& type, bool big)
{
    if (type == "f2" || type == "F16") {
        const quint16 h = halfBits(v);
        append(out, &h, 2, big);
    } else if (type == "BF16") {
        const quint16 h = bfloatBits(v);
        append(out, &h, 2, big);
    } else if (type == "f4" || type == "F32") {
        const float f = static_cast<float>(v);
        append(out, &f, 4, big);
    } else {
        append(out, &v, 8, big);
    }
}

/// A .npy file as NumPy's format.py writes it: magic, version, little-endian header length,
/// the dict padded with spaces to a multiple of 64 and a newline, then the data.
QByteArray npyFile(int major, const QString& descr, bool fortran, const QString& shape, const QByteArray& data)
{
    QByteArray dict = QStringLiteral("{'descr': '%1', 'fortran_order': %2, 'shape': %3, }")
                          .arg(descr, fortran ? "True" : "False", shape).toLatin1();
    const int prefix = major == 1 ? 10 : 12;
    while ((prefix + dict.size() + 1) % 64 != 0)
        dict.append(' ');
    dict.append('\n');
    QByteArray out("\x93NUMPY", 6);
    out.append(char(major));
    out.append(char(0));
    const quint32 length = static_cast<quint32>(dict.size());
    append(out, &length, major == 1 ? 2 : 4, false);
    return out + dict + data;
}

QByteArray tableData(std::int64_t rows, std::int64_t columns, const QString& type, bool big, bool fortran)
{
    QByteArray data;
    for (std::int64_t i = 0; i < rows * columns; ++i) {
        const std::int64_t r = fortran ? i % rows : i / columns, c = fortran ? i / rows : i % columns;
        appendValue(data, cellValue(r, c, columns), type, big);
    }
    return data;
}

struct Tensor {
    QString name, dtype, shape; // shape as JSON, e.g. "[3, 4]"
    QByteArray data;
};
/// A .safetensors file as the format's README defines it: an 8-byte little-endian header
/// length, the JSON header (padded with spaces to 8 bytes), then the tensors' bytes.
QByteArray safetensorsFile(const QList<Tensor>& tensors, const QString& metadata = R"("__metadata__": {"format": "pt"}, )")
{
    QString json = "{" + metadata;
    QByteArray data;
    QStringList entries;
    for (const Tensor& t : tensors) {
        entries.append(QStringLiteral("\"%1\": {\"dtype\": \"%2\", \"shape\": %3, \"data_offsets\": [%4, %5]}")
                           .arg(t.name, t.dtype, t.shape).arg(data.size()).arg(data.size() + t.data.size()));
        data += t.data;
    }
    QByteArray header = (json + entries.join(", ") + "}").toUtf8();
    while (header.size() % 8 != 0)
        header.append(' ');
    QByteArray out;
    const quint64 length = static_cast<quint64>(header.size());
    append(out, &length, 8, false);
    return out + header + data;
}

} // namespace

class TestTables : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_serial = 0;

    QString write(const QByteArray& bytes, const QString& suffix)
    {
        const QString path = m_dir.filePath(QStringLiteral("t%1.%2").arg(++m_serial).arg(suffix));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    EncodingTablePtr open(const QString& path, const QString& tensor = {})
    {
        auto result = EncodingTable::open(path, tensor);
        if (const auto* error = std::get_if<QString>(&result))
            qWarning("%s", qPrintable(*error));
        return std::holds_alternative<QString>(result) ? nullptr : std::get<std::shared_ptr<EncodingTable>>(result);
    }

    QString refusal(const QString& path, const QString& tensor = {})
    {
        auto result = EncodingTable::open(path, tensor);
        return std::holds_alternative<QString>(result) ? std::get<QString>(result) : QStringLiteral("(opened)");
    }

    void expectTable(const EncodingTablePtr& table, std::int64_t rows, std::int64_t columns)
    {
        QVERIFY(table);
        QCOMPARE(table->rows(), rows);
        QCOMPARE(table->columns(), columns);
        std::vector<double> all(static_cast<std::size_t>(rows * columns));
        table->readRows(0, rows, all.data());
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < columns; ++c) {
                QCOMPARE(table->value(r, c), cellValue(r, c, columns));
                QCOMPARE(all[static_cast<std::size_t>(r * columns + c)], cellValue(r, c, columns));
            }
        // A block of rows from the middle, as the heatmap reads them.
        std::vector<double> two(static_cast<std::size_t>(2 * columns));
        table->readRows(1, 2, two.data());
        QCOMPARE(two[static_cast<std::size_t>(columns + 1)], cellValue(2, 1, columns));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void npyEveryDtypeOrderAndVersion_data()
    {
        QTest::addColumn<int>("major");
        QTest::addColumn<QString>("descr");
        QTest::addColumn<bool>("fortran");
        for (int major : {1, 2, 3})
            for (const char* descr : {"<f2", "<f4", "<f8", ">f2", ">f4", ">f8", "=f4"})
                for (bool fortran : {false, true})
                    QTest::addRow("%d.0 %s %s", major, descr, fortran ? "F" : "C") << major << QString(descr) << fortran;
    }
    void npyEveryDtypeOrderAndVersion()
    {
        QFETCH(int, major);
        QFETCH(QString, descr);
        QFETCH(bool, fortran);
        const QByteArray data = tableData(3, 4, descr.mid(1), descr.startsWith('>'), fortran);
        const EncodingTablePtr table = open(write(npyFile(major, descr, fortran, "(3, 4)", data), "npy"));
        expectTable(table, 3, 4);
        QCOMPARE(table->formatName(), QStringLiteral("npy %1.0").arg(major));
    }

    void npyWithLeadingOnesIsATable()
    {
        // ViT stores its table as (1, 197, 768): the leading 1 is dropped.
        const EncodingTablePtr table = open(write(npyFile(1, "<f4", false, "(1, 3, 4)", tableData(3, 4, "f4", false, false)), "npy"));
        expectTable(table, 3, 4);
        QVERIFY(table->shapeText().startsWith("1 × 3 × 4"));
    }

    void safetensorsSeveralTensors_data()
    {
        QTest::addColumn<QString>("dtype");
        for (const char* dtype : {"F16", "BF16", "F32", "F64"})
            QTest::newRow(dtype) << QString(dtype);
    }
    void safetensorsSeveralTensors()
    {
        QFETCH(QString, dtype);
        const QString path = write(safetensorsFile({
            {"wte.weight", "F32", "[5, 2]", tableData(5, 2, "F32", false, false)},
            {"wpe.weight", dtype, "[3, 4]", tableData(3, 4, dtype, false, false)},
            {"ln_f.bias", "F32", "[4]", tableData(1, 4, "F32", false, false)},
            {"steps", "I64", "[2]", QByteArray(16, '\0')},
        }), "safetensors");
        expectTable(open(path, "wpe.weight"), 3, 4);
        expectTable(open(path, "wte.weight"), 5, 2);
        // No name given: the one named like a position table.
        const EncodingTablePtr likely = open(path);
        QVERIFY(likely);
        QCOMPARE(likely->tensor(), QStringLiteral("wpe.weight"));
        QCOMPARE(likely->displayName(), QFileInfo(path).fileName() + " · wpe.weight");

        const QString missing = refusal(path, "wpe");
        QVERIFY2(missing.contains("no tensor “wpe”") && missing.contains("wpe.weight (3 × 4 " + dtype + ")"), qPrintable(missing));
        const QString oneD = refusal(path, "ln_f.bias");
        QVERIFY2(oneD.contains("1-D") && oneD.contains("two dimensions"), qPrintable(oneD));
        const QString integers = refusal(path, "steps");
        QVERIFY2(integers.contains("I64") && integers.contains("allowed: F16, BF16, F32, F64"), qPrintable(integers));
    }

    void safetensorsWithoutAClearChoiceAsksForAName()
    {
        const QString path = write(safetensorsFile({
            {"a", "F32", "[2, 2]", tableData(2, 2, "F32", false, false)},
            {"b", "F32", "[2, 2]", tableData(2, 2, "F32", false, false)},
        }, QString()), "safetensors");
        const QString message = refusal(path);
        QVERIFY2(message.contains("FILE:TENSOR") && message.contains("a (2 × 2 F32)") && message.contains("b (2 × 2 F32)"), qPrintable(message));
    }

    void csvAsTheExportWritesIt()
    {
        // The program's own export (core::appendCsvRows) read back gives the identical doubles.
        pe::core::EncodingSpec spec;
        spec.dModel = 6;
        spec.maxLen = 9;
        const pe::core::RowMatrix matrix = pe::core::encodingMatrix(spec);
        std::string text;
        pe::core::appendCsvRows(text, matrix);
        const EncodingTablePtr table = open(write(QByteArray::fromStdString(text), "csv"));
        QVERIFY(table);
        QCOMPARE(table->rows(), 9);
        QCOMPARE(table->columns(), 6);
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 6; ++c)
                QCOMPARE(table->value(r, c), matrix(r, c));
        // So does its .npy export.
        std::string npy = pe::core::npyHeader(9, 6);
        pe::core::appendNpyRows(npy, matrix);
        const EncodingTablePtr fromNpy = open(write(QByteArray::fromStdString(npy), "npy"));
        QVERIFY(fromNpy);
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 6; ++c)
                QCOMPARE(fromNpy->value(r, c), matrix(r, c));
    }

    void csvWithNamesNonFiniteAndOtherSeparators()
    {
        const EncodingTablePtr table = open(write("dim0;dim1\r\n0.5; -1\r\nnan;inf\r\n\r\n", "csv"));
        QVERIFY(table);
        QCOMPARE(table->rows(), 2);
        QCOMPARE(table->value(0, 1), -1.0);
        QVERIFY(std::isnan(table->value(1, 0)));
        const auto stats = table->scan();
        QVERIFY(stats);
        QCOMPARE(stats->nonFinite, 2);
        QCOMPARE(stats->min, -1.0);
        QCOMPARE(stats->max, 0.5);
        QCOMPARE(stats->maxAbs, 1.0);
    }

    void scanCountsAndCancels()
    {
        QByteArray data = tableData(3, 4, "f4", false, false);
        const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
        std::memcpy(data.data() + 4, &nan, 4);
        std::memcpy(data.data() + 8, &inf, 4);
        const EncodingTablePtr table = open(write(npyFile(1, "<f4", false, "(3, 4)", data), "npy"));
        QVERIFY(table);
        const auto stats = table->scan();
        QVERIFY(stats);
        QCOMPARE(stats->nonFinite, 2);
        QCOMPARE(stats->finite, 10);
        QCOMPARE(stats->min, cellValue(0, 0, 4));
        QCOMPARE(stats->max, cellValue(2, 3, 4));
        QVERIFY(!table->scan([](std::int64_t) { return false; }));
    }

    void badFilesAreRefusedWithAReason_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QString>("expected");
        const QByteArray f4 = tableData(3, 4, "f4", false, false);
        QTest::newRow("npy truncated data") << npyFile(1, "<f4", false, "(3, 4)", f4.left(40)) << "npy" << "but the file holds 40 bytes";
        QTest::newRow("npy header lies") << npyFile(1, "<f4", false, "(1024, 768)", f4) << "npy" << "1024 × 768 float32";
        QTest::newRow("npy ends in header") << npyFile(1, "<f4", false, "(3, 4)", f4).left(30) << "npy" << "ends inside its header";
        QTest::newRow("npy integers") << npyFile(1, "<i8", false, "(3, 4)", f4 + f4) << "npy" << "dtype '<i8' is not supported";
        QTest::newRow("npy structured") << npyFile(1, "[('a', '<f4')]", false, "(3,)", f4).replace("'[", "[").replace("]'", "]") << "npy" << "the header's 'descr' holds";
        QTest::newRow("npy 1-D") << npyFile(1, "<f4", false, "(12,)", f4) << "npy" << "1-D";
        QTest::newRow("npy 3-D") << npyFile(1, "<f4", false, "(2, 3, 2)", f4) << "npy" << "3-D";
        QTest::newRow("npy version 4") << npyFile(1, "<f4", false, "(3, 4)", f4).replace(6, 1, "\x04") << "npy" << "allowed: 1.0, 2.0, 3.0";
        QTest::newRow("npy no shape") << npyFile(1, "<f4", false, "(3, 4)", f4).replace("'shape'", "'shope'") << "npy" << "no 'shape'";
        QTest::newRow("npy empty") << npyFile(1, "<f4", false, "(0, 4)", {}) << "npy" << "no values";
        QTest::newRow("npy huge shape") << npyFile(1, "<f8", false, "(4611686018427387904, 4611686018427387904)", f4) << "npy" << "more than any file";
        QByteArray hugeHeader(8, '\0');
        const quint64 fourGiB = quint64(4) << 30;
        std::memcpy(hugeHeader.data(), &fourGiB, 8);
        QTest::newRow("safetensors 4 GiB header") << hugeHeader + QByteArray("{}") << "safetensors" << "at most 100000000";
        QTest::newRow("safetensors short") << QByteArray("abc") << "safetensors" << "8-byte header length";
        QTest::newRow("safetensors not json") << safetensorsFile({}).replace("{", "[") << "safetensors" << "not valid JSON";
        QTest::newRow("safetensors unknown dtype") << safetensorsFile({{"w", "F17", "[3, 4]", f4}}) << "safetensors" << "dtype “F17”";
        QTest::newRow("safetensors lying shape") << safetensorsFile({{"w", "F32", "[4, 4]", f4}}) << "safetensors" << "(64 bytes), but its data_offsets span 48 bytes";
        QTest::newRow("safetensors truncated") << safetensorsFile({{"w", "F32", "[3, 4]", f4}}).chopped(4) << "safetensors" << "data_offsets [0, 48]";
        QTest::newRow("csv ragged") << QByteArray("1,2,3\n4,5\n") << "csv" << "line 2 has 2 values";
        QTest::newRow("csv word") << QByteArray("1,2\n3,x\n") << "csv" << "line 2, value 2 is “x”";
        QTest::newRow("csv empty") << QByteArray("\n\n") << "csv" << "no rows";
        QTest::newRow("unknown format") << QByteArray("hello") << "txtx" << "allowed .npy (NumPy), .safetensors and .csv";
    }
    void badFilesAreRefusedWithAReason()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, suffix);
        QFETCH(QString, expected);
        const QString path = write(bytes, suffix);
        const QString message = refusal(path);
        QVERIFY2(message != "(opened)", "a bad file was opened");
        QVERIFY2(message.startsWith(QFileInfo(path).fileName() + ": "), qPrintable(message)); // names the file
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void missingFileAndTensorOnAnNpy()
    {
        QVERIFY(refusal(m_dir.filePath("nothing.npy")).contains("no such file"));
        const QString path = write(npyFile(1, "<f4", false, "(3, 4)", tableData(3, 4, "f4", false, false)), "npy");
        QVERIFY(refusal(path, "wpe.weight").contains("holds one array"));
        QCOMPARE(EncodingTable::splitSource(path), std::make_pair(path, QString()));
        QCOMPARE(EncodingTable::splitSource(path + ":wpe.weight"), std::make_pair(path, QStringLiteral("wpe.weight")));
    }

    void aFileRewrittenWhileOpenIsNoticed()
    {
        const QString path = write(npyFile(1, "<f4", false, "(3, 4)", tableData(3, 4, "f4", false, false)), "npy");
        const EncodingTablePtr table = open(path);
        QVERIFY(table);
        QCOMPARE(table->changedOnDisk(), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        file.write("more");
        file.close();
        QVERIFY2(table->changedOnDisk().contains("changed size"), qPrintable(table->changedOnDisk()));
        QVERIFY(QFile::remove(path));
        QVERIFY(table->changedOnDisk().contains("deleted or moved"));
    }
};

QTEST_GUILESS_MAIN(TestTables)
#include "tst_tables.moc"
