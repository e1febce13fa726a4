// SPDX-License-Identifier: MIT
// Hearing the waves (issue 50): `pe-explorer --view waves --export F.wav` writes each chosen
// dimension as a tone, in turn, positions advancing at R per second. Expected values come from
// the paper's formula written here (ω_k = base^(−2k/d), dimension 2k a sine, 2k+1 a cosine) and
// the WAVE format read byte by byte; the pitch is measured from the samples' zero crossings.
#include <QtTest>

#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "tests/common/runprogram.h"

#ifndef PE_EXPLORER_EXE
#error "PE_EXPLORER_EXE must name the pe-explorer executable"
#endif

namespace {

using testsupport::Run;

Run runCli(const QStringList& arguments, const QString& folder)
{
    return testsupport::runProgram(QStringLiteral(PE_EXPLORER_EXE), arguments, folder);
}

std::uint32_t littleEndian(const QByteArray& bytes, qsizetype at, int size)
{
    std::uint32_t value = 0;
    for (int i = 0; i < size; ++i)
        value |= std::uint32_t(std::uint8_t(bytes[at + i])) << (8 * i);
    return value;
}

/// A RIFF WAVE file's header and 16-bit samples, or why it is not one.
struct Wave {
    QString problem;
    int channels = 0, sampleRate = 0, bits = 0, format = 0;
    std::vector<std::int16_t> samples;
};

Wave failed(const QString& why)
{
    Wave w;
    w.problem = why;
    return w;
}

Wave readWave(const QString& path)
{
    Wave w;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failed(QStringLiteral("cannot open %1").arg(path));
    const QByteArray b = file.readAll();
    if (b.size() < 44 || b.left(4) != "RIFF" || b.mid(8, 4) != "WAVE" || b.mid(12, 4) != "fmt " || b.mid(36, 4) != "data")
        return failed(QStringLiteral("not a canonical RIFF WAVE file"));
    if (littleEndian(b, 4, 4) != std::uint32_t(b.size() - 8))
        return failed(QStringLiteral("RIFF size %1 for a file of %2 bytes").arg(littleEndian(b, 4, 4)).arg(b.size()));
    w.format = int(littleEndian(b, 20, 2));
    w.channels = int(littleEndian(b, 22, 2));
    w.sampleRate = int(littleEndian(b, 24, 4));
    w.bits = int(littleEndian(b, 34, 2));
    const std::uint32_t data = littleEndian(b, 40, 4);
    if (data != std::uint32_t(b.size() - 44) || data % 2 != 0)
        return failed(QStringLiteral("data size %1 for %2 bytes after the header").arg(data).arg(b.size() - 44));
    for (qsizetype at = 44; at < b.size(); at += 2)
        w.samples.push_back(std::int16_t(littleEndian(b, at, 2)));
    return w;
}

/// Zero crossings per second, over a tone's middle (its fades left out): twice its frequency.
double measuredFrequency(const std::vector<std::int16_t>& samples, std::size_t first, std::size_t count, int rate)
{
    const std::size_t from = first + count / 10, to = first + count - count / 10;
    int crossings = 0;
    std::size_t firstCrossing = 0, lastCrossing = 0;
    for (std::size_t i = from + 1; i < to; ++i)
        if ((samples[i - 1] < 0) != (samples[i] < 0)) {
            if (crossings == 0)
                firstCrossing = i;
            lastCrossing = i;
            ++crossings;
        }
    if (crossings < 2)
        return 0;
    return (crossings - 1) / 2.0 / (double(lastCrossing - firstCrossing) / rate);
}

double omega(int column, int d, double base) { return std::pow(base, -2.0 * (column / 2) / d); }

} // namespace

class TestCliSound : public QObject {
    Q_OBJECT
private slots:
    void eachDimensionSoundsAtItsFrequencyInTurn()
    {
        QTemporaryDir folder;
        const Run run = runCli({QStringLiteral("--view"), QStringLiteral("waves"), QStringLiteral("--dims"), QStringLiteral("0,4,9,12"),
                                QStringLiteral("--export"), QStringLiteral("tones.wav")},
                               folder.path());
        QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
        const Wave w = readWave(folder.filePath(QStringLiteral("tones.wav")));
        QVERIFY2(w.problem.isEmpty(), qPrintable(w.problem));
        // Mono, 44.1 kHz, 16-bit PCM, one second per dimension (the documented defaults).
        QCOMPARE(w.format, 1);
        QCOMPARE(w.channels, 1);
        QCOMPARE(w.sampleRate, 44100);
        QCOMPARE(w.bits, 16);
        QCOMPARE(w.samples.size(), std::size_t(4 * 44100));
        // R = 2π·880 positions per second: dimension i at 880·ω_i Hz, dimension 0 at 880 Hz.
        const double rate = 2 * std::numbers::pi * 880;
        const int columns[] = {0, 4, 9, 12};
        for (int t = 0; t < 4; ++t) {
            const double expected = omega(columns[t], 64, 10000) * rate / (2 * std::numbers::pi);
            const double measured = measuredFrequency(w.samples, std::size_t(t) * 44100, 44100, 44100);
            QVERIFY2(std::abs(measured - expected) < 0.005 * expected + 0.5,
                     qPrintable(QStringLiteral("dimension %1: %2 Hz, expected %3 Hz").arg(columns[t]).arg(measured).arg(expected)));
            // Between the fades, every sample is the encoding at its position: 0.8 · PE(R·s/44100, i).
            for (std::size_t s = 1000; s < 44100 - 1000; s += 97) {
                const double position = rate * double(s) / 44100;
                const double pe = columns[t] % 2 == 0 ? std::sin(position * omega(columns[t], 64, 10000))
                                                      : std::cos(position * omega(columns[t], 64, 10000));
                const int sample = w.samples[std::size_t(t) * 44100 + s];
                QVERIFY2(std::abs(sample - 0.8 * 32767 * pe) <= 1.0,
                         qPrintable(QStringLiteral("dimension %1, sample %2: %3, expected %4").arg(columns[t]).arg(s).arg(sample).arg(0.8 * 32767 * pe)));
            }
            // A tone fades in and out: no click at its edges.
            QVERIFY(std::abs(w.samples[std::size_t(t) * 44100]) <= 1);
            QVERIFY(std::abs(w.samples[std::size_t(t) * 44100 + 44099]) <= 1);
        }
    }

    void rateAndLengthAreOptions()
    {
        QTemporaryDir folder;
        const Run run = runCli({QStringLiteral("--view"), QStringLiteral("waves"), QStringLiteral("--dims"), QStringLiteral("2"),
                                QStringLiteral("--listen-rate"), QStringLiteral("1000"), QStringLiteral("--listen-seconds"),
                                QStringLiteral("0.5"), QStringLiteral("--export"), QStringLiteral("slow.wav")},
                               folder.path());
        QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
        const Wave w = readWave(folder.filePath(QStringLiteral("slow.wav")));
        QVERIFY2(w.problem.isEmpty(), qPrintable(w.problem));
        QCOMPARE(w.samples.size(), std::size_t(22050));
        const double expected = omega(2, 64, 10000) * 1000 / (2 * std::numbers::pi); // about 134 Hz
        const double measured = measuredFrequency(w.samples, 0, 22050, 44100);
        QVERIFY2(std::abs(measured - expected) < 0.01 * expected + 0.5, qPrintable(QString::number(measured)));
    }

    void badRequestsAreRefusedAndWriteNothing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("another view") << QStringList{QStringLiteral("--view"), QStringLiteral("heatmap")} << QStringLiteral("--view waves");
        // 880 Hz · 100 = 88 kHz: above half of 44.1 kHz, it would sound at an alias.
        QTest::newRow("aliasing") << QStringList{QStringLiteral("--view"), QStringLiteral("waves"), QStringLiteral("--dims"), QStringLiteral("0"),
                                                 QStringLiteral("--listen-rate"), QStringLiteral("552920")}
                                  << QStringLiteral("half the sample rate");
        QTest::newRow("too short") << QStringList{QStringLiteral("--view"), QStringLiteral("waves"), QStringLiteral("--listen-seconds"), QStringLiteral("0")}
                                   << QStringLiteral("--listen-seconds");
        QTest::newRow("no rate") << QStringList{QStringLiteral("--view"), QStringLiteral("waves"), QStringLiteral("--listen-rate"), QStringLiteral("nan")}
                                 << QStringLiteral("--listen-rate");
    }

    void badRequestsAreRefusedAndWriteNothing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QTemporaryDir folder;
        const Run run = runCli(arguments + QStringList{QStringLiteral("--export"), QStringLiteral("x.wav")}, folder.path());
        QVERIFY2(run.exitedWith(2), qPrintable(run.describe()));
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("x.wav"))));
    }

    void aSessionsTableIsRefused()
    {
        // A session that showed a model's table: its numbers have no frequencies to play. (The
        // refusal comes before the table is opened, so the file need not exist.)
        QTemporaryDir folder;
        QFile session(folder.filePath(QStringLiteral("table.pe.json")));
        QVERIFY(session.open(QIODevice::WriteOnly));
        session.write(QStringLiteral(R"({"format": "pe-explorer-session", "version": 1, )"
                                     R"("table": {"path": "%1", "size": 1, "fingerprint": "%2"}})")
                          .arg(folder.filePath(QStringLiteral("t.npy")), QString(64, QLatin1Char('0')))
                          .toUtf8());
        session.close();
        const Run run = runCli({QStringLiteral("table.pe.json"), QStringLiteral("--view"), QStringLiteral("waves"),
                                QStringLiteral("--export"), QStringLiteral("x.wav")},
                               folder.path());
        QVERIFY2(run.exitedWith(2), qPrintable(run.describe()));
        QVERIFY2(run.err.contains(QStringLiteral("position table")), qPrintable(run.err));
        QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("x.wav"))));
    }

    void anExistingFileIsKeptWithoutForce()
    {
        QTemporaryDir folder;
        QFile old(folder.filePath(QStringLiteral("x.wav")));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("keep me");
        old.close();
        const QStringList arguments{QStringLiteral("--view"), QStringLiteral("waves"), QStringLiteral("--export"), QStringLiteral("x.wav")};
        const Run refused = runCli(arguments, folder.path());
        QVERIFY2(refused.exitedWith(1) && refused.err.contains(QStringLiteral("--force")), qPrintable(refused.describe()));
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("keep me"));
        old.close();
        const Run forced = runCli(arguments + QStringList{QStringLiteral("--force")}, folder.path());
        QVERIFY2(forced.exitedWith(0), qPrintable(forced.describe()));
        QVERIFY(readWave(old.fileName()).problem.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliSound)
#include "tst_cli_sound.moc"
