// SPDX-License-Identifier: MIT
// Speed of the core on the sizes of the performance targets (docs/performance.md).
// Run on demand: scripts/benchmark.sh (not part of the default test run).
#include "core/encoding.h"
#include "core/heads.h"
#include "core/similarity.h"
#include "core/spectrum.h"

#include <QTest>

#include <cmath>

using namespace pe::core;

class BenchCore : public QObject {
    Q_OBJECT
private slots:
    void encodingMatrix_data();
    void encodingMatrix();
    void similarityMatrix();
    void binnedEncoding_data();
    void binnedEncoding();
    void binnedSimilarity_data();
    void binnedSimilarity();
    void similarityProfile_data();
    void similarityProfile();
    void spectrum_data();
    void spectrum();
    void sinusoidSpectrum();
    void principalComponents_data();
    void principalComponents();
    void rotaryKernel();
};

void BenchCore::encodingMatrix_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<qint64>("maxLen");
    QTest::newRow("100x64") << 64 << qint64(100);
    QTest::newRow("2048x512") << 512 << qint64(2048);
    QTest::newRow("8192x1024") << 1024 << qint64(8192);
}

void BenchCore::encodingMatrix()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    EncodingSpec spec;
    spec.dModel = dModel;
    spec.maxLen = maxLen;
    RowMatrix out(maxLen, dModel); // buffers exist before the clock starts, as in the app
    fillEncodingRows(spec, 0, out); // first touch of the pages and of the scratch tables
    QBENCHMARK { fillEncodingRows(spec, 0, out); }
}

void BenchCore::similarityMatrix()
{
    EncodingSpec spec;
    spec.dModel = 512;
    spec.maxLen = 4096;
    // Into a buffer that exists (as the streamed export reuses its block): zero-filling a fresh
    // one is not enough, the compiler turns malloc + memset(0) into calloc and the pages stay
    // untouched until the first fill.
    static RowMatrix out(spec.maxLen, spec.maxLen);
    SimilarityKernel(spec, false).fillRows(0, out);
    QBENCHMARK {
        const SimilarityKernel kernel(spec, false);
        kernel.fillRows(0, out);
    }
}

void BenchCore::binnedEncoding_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<qint64>("maxLen");
    QTest::newRow("2048x512") << 512 << qint64(2048);
    QTest::newRow("8192x1024") << 1024 << qint64(8192);
    QTest::newRow("1048576x4096") << 4096 << qint64(1 << 20);
}

void BenchCore::binnedEncoding()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    EncodingSpec spec;
    spec.dModel = dModel;
    spec.maxLen = maxLen;
    RowMatrix out(std::min<qint64>(maxLen, 1024), dModel);
    out.setZero();
    QBENCHMARK { fillBinnedEncoding(spec, 0, maxLen, out); }
}

void BenchCore::binnedSimilarity_data()
{
    binnedEncoding_data();
}

void BenchCore::binnedSimilarity()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    EncodingSpec spec;
    spec.dModel = dModel;
    spec.maxLen = maxLen;
    RowMatrix out(std::min<qint64>(maxLen, 512), std::min<qint64>(maxLen, 512));
    out.setZero();
    QBENCHMARK {
        const SimilarityKernel kernel(spec, false);
        kernel.fillBinned(out);
    }
}

void BenchCore::similarityProfile_data()
{
    binnedEncoding_data();
}

// The similarity view's profile: one row against every position, a bin per pixel (512).
void BenchCore::similarityProfile()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    EncodingSpec spec;
    spec.dModel = dModel;
    spec.maxLen = maxLen;
    const std::int64_t bins = std::min<qint64>(maxLen, 512);
    QBENCHMARK {
        const SimilarityKernel kernel(spec, false);
        QCOMPARE(kernel.meansAlong(maxLen / 3, bins).size(), bins);
    }
}

QTEST_APPLESS_MAIN(BenchCore)
// The spectrum view's part: every dim's power spectrum over the first 1024 positions.
void BenchCore::spectrum_data()
{
    QTest::addColumn<int>("dims");
    for (int dims : {64, 768, 4096})
        QTest::newRow(qPrintable(QStringLiteral("1024x%1").arg(dims))) << dims;
}

void BenchCore::spectrum()
{
    QFETCH(int, dims);
    pe::core::EncodingSpec spec;
    spec.dModel = dims;
    spec.maxLen = 1024;
    pe::core::RowMatrix rows(1024, dims);
    pe::core::fillEncodingRows(spec, 0, rows);
    QBENCHMARK { pe::core::positionSpectrum(rows); }
}

// The sinusoid's own spectrum as the spectrum view makes it (its columns computed, not read),
// on one thread: at 1 M × 4096, the FFTs and what comes before and after them.
void BenchCore::sinusoidSpectrum()
{
    pe::core::EncodingSpec spec;
    spec.dModel = 4096;
    spec.maxLen = 1 << 20;
    QBENCHMARK { pe::core::sinusoidSpectrum(spec); }
}

// The first three principal components of a table of positions × dims.
void BenchCore::principalComponents_data()
{
    QTest::addColumn<int>("positions");
    QTest::addColumn<int>("dims");
    QTest::newRow("1024x768") << 1024 << 768;
    QTest::newRow("1024x4096") << 1024 << 4096;
}

void BenchCore::principalComponents()
{
    QFETCH(int, positions);
    QFETCH(int, dims);
    pe::core::EncodingSpec spec;
    spec.dModel = dims;
    spec.maxLen = positions;
    pe::core::RowMatrix rows(positions, dims);
    pe::core::fillEncodingRows(spec, 0, rows);
    QBENCHMARK { pe::core::principalComponents(rows, 3); }
}

// The Heads view's kernel of every head of a Llama-shaped layer (issue 51): 32 heads × 64 pairs
// × 8192 offsets (target ≤ 50 ms).
void BenchCore::rotaryKernel()
{
    const int heads = 32, headDim = 128, pairs = headDim / 2;
    Eigen::VectorXd theta(pairs);
    for (int k = 0; k < pairs; ++k)
        theta[k] = std::pow(500000.0, -2.0 * k / headDim);
    const Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(heads * headDim, -1, 1);
    const Eigen::VectorXd key = Eigen::VectorXd::LinSpaced(8 * headDim, 1, -1);
    const pe::core::RotaryHeads layer = pe::core::rotaryHeads(q, key, heads, 8, headDim, headDim, false, theta, 1.0);
    QBENCHMARK { pe::core::rotaryKernel(layer, 8192); }
}

#include "bench_core.moc"
