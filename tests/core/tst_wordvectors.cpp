// SPDX-License-Identifier: MIT
// Reading word2vec/GloVe text files: good files, every kind of bad file a user may pick, and a
// large file streamed without being held (progress, cancel, only the wanted words kept).
#include "core/wordvectors.h"

#include <QtTest>

#include <sstream>
#include <streambuf>

using namespace pe::core;

namespace {

WordVectorTable read(const std::string& text, std::set<std::string> wanted = {"cat", "dog"}, int expected = 0)
{
    std::istringstream in(text);
    WordVectorReadOptions options;
    options.wanted = std::move(wanted);
    options.expectedDimension = expected;
    return readWordVectors(in, options);
}

/// An endless-looking file made on the fly: `lines` vectors of `dim` values, "w0", "w1", …,
/// so a test can stream hundreds of megabytes without allocating them.
class GeneratedFile : public std::streambuf {
public:
    GeneratedFile(std::int64_t lines, int dim) : m_lines(lines), m_dim(dim) {}

protected:
    int_type underflow() override
    {
        if (m_next >= m_lines)
            return traits_type::eof();
        m_line = "w" + std::to_string(m_next);
        for (int i = 0; i < m_dim; ++i)
            m_line += " 0." + std::to_string((m_next + i) % 1000);
        m_line += '\n';
        ++m_next;
        setg(m_line.data(), m_line.data(), m_line.data() + m_line.size());
        return traits_type::to_int_type(m_line[0]);
    }

private:
    std::int64_t m_lines, m_next = 0;
    int m_dim;
    std::string m_line;
};

} // namespace

class TestWordVectors : public QObject {
    Q_OBJECT

private slots:
    void word2vecTextWithHeader();
    void gloveWithoutHeaderAndCrlf();
    void firstOfDuplicatesWins();
    void badFiles_data();
    void badFiles();
    void dimensionMismatchIsItsOwnStatus();
    void overlongLineStops();
    void largeFileIsStreamedWithProgress();
    void cancelStops();
};

void TestWordVectors::word2vecTextWithHeader()
{
    const WordVectorTable t = read("3 4\ncat 0.5 -1 2e-1 3\nthe 1 1 1 1\ndog -0.25 0 0 1.5\n");
    QVERIFY2(t.ok(), t.message.c_str());
    QCOMPARE(t.dimension, 4);
    QCOMPARE(t.vectorCount, std::int64_t(3));
    QCOMPARE(int(t.vectors.size()), 2);
    QCOMPARE(t.vectors.at("cat")[2], 0.2);
    QCOMPARE(t.vectors.at("dog")[0], -0.25);
    QVERIFY(!t.vectors.contains("the")); // not asked for: not kept
}

void TestWordVectors::gloveWithoutHeaderAndCrlf()
{
    const WordVectorTable t = read("cat 1 2 3\r\n\r\ndog 4 5 6 \r\n");
    QVERIFY2(t.ok(), t.message.c_str());
    QCOMPARE(t.dimension, 3);
    QCOMPARE(t.vectors.at("dog")[2], 6.0);
}

void TestWordVectors::firstOfDuplicatesWins()
{
    const WordVectorTable t = read("cat 1 2\ncat 3 4\n");
    QVERIFY(t.ok());
    QCOMPARE(t.vectors.at("cat")[0], 1.0);
}

void TestWordVectors::badFiles_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected"); // a part of the message the user must see
    QTest::newRow("empty") << QByteArray() << "the file is empty";
    QTest::newRow("only blank lines") << QByteArray("\n  \n\n") << "no word vectors";
    QTest::newRow("header only") << QByteArray("10 50\n") << "no word vectors";
    QTest::newRow("word without numbers") << QByteArray("cat 1 2\ndog\n") << "line 2: \"dog\" has no numbers";
    QTest::newRow("not a number") << QByteArray("cat 1 2\ndog 1 abc\n") << "line 2: value 2 of \"dog\" is \"abc\", which is not a number";
    QTest::newRow("comma decimal") << QByteArray("cat 1,5 2\n") << "is \"1,5\", which is not a number";
    QTest::newRow("nan") << QByteArray("cat 1 nan\n") << "line 1: value 2 of \"cat\" is \"nan\", which is not a finite number";
    QTest::newRow("inf") << QByteArray("cat -inf 1\n") << "not a finite number";
    QTest::newRow("overflow") << QByteArray("cat 1e999 1\n") << "not a finite number";
    QTest::newRow("inconsistent dimension") << QByteArray("cat 1 2 3\ndog 1 2\nfox 1 2 3\n") << "line 2: \"dog\" has 2 numbers, earlier lines have 3";
    QTest::newRow("header disagrees") << QByteArray("2 5\ncat 1 2 3\n") << "header line announces 5";
    QTest::newRow("truncated count") << QByteArray("5 2\ncat 1 2\ndog 3 4\n") << "ends after 2 of the 5 vectors";
    QTest::newRow("truncated last line") << QByteArray("cat 1 2 3\ndog 4 5") << "line 2: \"dog\" has 2 numbers, earlier lines have 3 — the file seems cut off";
    QTest::newRow("binary word2vec") << (QByteArray("3 4\ncat ") + QByteArray::fromHex("0000803fcdcc4c3e") + "\n") << "binary word2vec file";
    QTest::newRow("too many dimensions") << QByteArray("cat" + QByteArray(" 1").repeated(5000) + "\n") << "at most 4096";
}

void TestWordVectors::badFiles()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    const WordVectorTable t = read(content.toStdString());
    QCOMPARE(t.status, WordVectorTable::Status::Error);
    QVERIFY2(QString::fromStdString(t.message).contains(expected), t.message.c_str());
}

void TestWordVectors::dimensionMismatchIsItsOwnStatus()
{
    // The view offers to set d_model to the file's dimension: it needs to know which.
    const WordVectorTable t = read("cat 1 2 3\ndog 4 5 6\n", {"cat"}, 64);
    QCOMPARE(t.status, WordVectorTable::Status::DimensionMismatch);
    QCOMPARE(t.dimension, 3);
    QVERIFY2(t.message.find("3 dimensions, but d_model is 64") != std::string::npos, t.message.c_str());
    QVERIFY(read("cat 1 2 3\n", {"cat"}, 3).ok());
}

void TestWordVectors::overlongLineStops()
{
    // A file with no line breaks (a binary blob, a minified JSON) must not be held whole.
    std::istringstream in(std::string(5000, 'x'));
    WordVectorReadOptions options;
    options.maxLineBytes = 1000;
    const WordVectorTable t = readWordVectors(in, options);
    QCOMPARE(t.status, WordVectorTable::Status::Error);
    QVERIFY2(t.message.find("line 1 is longer than 1000 bytes") != std::string::npos, t.message.c_str());
}

void TestWordVectors::largeFileIsStreamedWithProgress()
{
    // About 50 MB of 300-dimensional vectors, produced on the fly.
    GeneratedFile file(30000, 300);
    std::istream in(&file);
    WordVectorReadOptions options;
    options.wanted = {"w7", "w29999", "absent"};
    std::int64_t calls = 0, lastBytes = 0;
    bool increasing = true;
    options.progress = [&](std::int64_t bytes) {
        increasing = increasing && bytes > lastBytes;
        lastBytes = bytes;
        ++calls;
        return true;
    };
    const WordVectorTable t = readWordVectors(in, options);
    QVERIFY2(t.ok(), t.message.c_str());
    QCOMPARE(t.vectorCount, std::int64_t(30000));
    QCOMPARE(int(t.vectors.size()), 2);
    QCOMPARE(t.vectors.at("w7")[0], 0.7);     // "0." + (7 + 0) % 1000
    QCOMPARE(t.vectors.at("w29999")[1], 0.0); // (29999 + 1) % 1000 = 0
    QVERIFY(calls > 100);
    QVERIFY(increasing);
    QVERIFY(lastBytes > 40'000'000);
}

void TestWordVectors::cancelStops()
{
    GeneratedFile file(1'000'000, 300); // ~1.7 GB if read to the end
    std::istream in(&file);
    WordVectorReadOptions options;
    std::int64_t seen = 0;
    options.progress = [&](std::int64_t bytes) {
        seen = bytes;
        return bytes < 2'000'000;
    };
    const WordVectorTable t = readWordVectors(in, options);
    QCOMPARE(t.status, WordVectorTable::Status::Cancelled);
    QVERIFY(seen < 3'000'000);
}

QTEST_APPLESS_MAIN(TestWordVectors)
#include "tst_wordvectors.moc"
