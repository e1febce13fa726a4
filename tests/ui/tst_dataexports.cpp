// SPDX-License-Identifier: MIT
// Every view's data export holds the numbers its window draws: the .npy written for a view
// against the frame the window draws, at a size where the frame holds whole cells (every
// pixel one cell). A user who exports what they see gets what they saw.
#include "ui/document/heatmappart.h"
#include "ui/document/document.h"
#include "ui/document/spectrumpart.h"
#include "ui/document/bandspart.h"
#include "ui/document/conventionspart.h"
#include "ui/document/gridpart.h"
#include "ui/document/precisionpart.h"
#include "ui/document/similaritypart.h"
#include "ui/document/offsetpart.h"
#include "ui/document/methodspart.h"
#include "ui/document/embeddingspart.h"
#include "ui/document/ropepart.h"
#include "ui/document/partjobs.h"
#include "ui/document/wavespart.h"
#include "ui/export/dataexport.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"
#include "ui/state/methodsoptions.h"

#include <QFile>
#include <QTemporaryDir>
#include <QFileInfo>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

using pe::ui::gridPart;
using pe::ui::spectrumPart;
using pe::ui::Document;
using pe::ui::Frame;
using pe::ui::View;

namespace {

/// A .npy file of float64 values in row-major order, as the exporter writes it.
struct Npy {
    std::int64_t rows = 0, cols = 0;
    std::vector<double> values;
    double operator()(std::int64_t r, std::int64_t c) const { return values[std::size_t(r * cols + c)]; }
};

Npy readNpy(const QString& path, std::int64_t rows, std::int64_t cols)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    const qsizetype size = qsizetype(rows * cols * 8);
    if (bytes.size() < size || !bytes.contains("'shape': (" + QByteArray::number(rows) + ", " + QByteArray::number(cols) + ")"))
        return {};
    Npy npy{rows, cols, std::vector<double>(std::size_t(rows * cols))};
    std::memcpy(npy.values.data(), bytes.constData() + bytes.size() - size, std::size_t(size));
    return npy;
}

/// Equal, or both the same infinity or NaN (a masked key is −∞ in both).
bool same(double a, double b, double tolerance = 1e-12)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b))
        return a == b;
    return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}

} // namespace

class TestDataExports : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void dataExportIsWhatTheWindowDraws_data();
    void dataExportIsWhatTheWindowDraws();
    void aSelectionOutsideThePositionsIsRefused_data();
    void aSelectionOutsideThePositionsIsRefused();
    void aWideModelsWorstErrorsAreWhatTheWindowDraws();
    void aLongModelsWorstErrorsAreAtLogSpacedPositions();
    void whatAPartCannotMakeIsRefused_data();
    void whatAPartCannotMakeIsRefused();

private:
    QTemporaryDir m_dir;
};

void TestDataExports::initTestCase() { QVERIFY(m_dir.isValid()); }

void TestDataExports::dataExportIsWhatTheWindowDraws_data()
{
    QTest::addColumn<QString>("view");
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog())
        QTest::newRow(d.key) << QString::fromLatin1(d.key);
}

/// A data export of `view` (its key) at d_model 16 and max_len 20, as a script might make one.
static pe::ui::ExportRequest smallRequest(const QString& view)
{
    pe::ui::ExportRequest request;
    request.spec.dModel = 16;
    request.spec.maxLen = 20;
    request.view = *pe::ui::parseView(view);
    return request;
}

// A request made by hand (a script, a plug-in) may hold what the window never lets through: it
// is refused with the message that names the value, before any part is built (core throws on
// a position below 0), and no file is written.
void TestDataExports::aSelectionOutsideThePositionsIsRefused_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<qint64>("position");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<QString>("message");
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog()) {
        QTest::addRow("%s, p + k below 0", d.key) << QString::fromLatin1(d.key) << qint64(0) << qint64(-2)
                                                  << QStringLiteral("offset -2 would move position 0 below 0");
        QTest::addRow("%s, position -1", d.key) << QString::fromLatin1(d.key) << qint64(-1) << qint64(3)
                                                << QStringLiteral("position -1 is out of range; allowed: 0 to 19");
    }
}

void TestDataExports::aSelectionOutsideThePositionsIsRefused()
{
    QFETCH(QString, view);
    QFETCH(qint64, position);
    QFETCH(qint64, offset);
    QFETCH(QString, message);
    pe::ui::ExportRequest request = smallRequest(view);
    request.state.position = position;
    request.state.offset = offset;
    request.path = m_dir.filePath(view + QStringLiteral("-refused.npy"));
    const pe::ui::ExportResult result = pe::ui::exportData(request);
    QCOMPARE(result.message, message);
    QVERIFY(!QFile::exists(request.path));
}

// What the window shows as an empty view is refused by an export with the part's own reason
// (ViewPart::problem), and no file is written.
void TestDataExports::whatAPartCannotMakeIsRefused_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("message");
    QTest::newRow("an empty sentence") << QStringLiteral("embeddings") << QStringLiteral("the sentence has no words; type at least one");
    QTest::newRow("learned scores without a table") << QStringLiteral("methods")
                                                    << QStringLiteral("the learned absolute method scores a model's own position table");
    // (Options out of range never reach a part: each view's entry clamps them, as its controls do.)
    QTest::newRow("a model's config that is gone") << QStringLiteral("rope") << QStringLiteral("/no/such/folder/config.json");
}

void TestDataExports::whatAPartCannotMakeIsRefused()
{
    QFETCH(QString, view);
    QFETCH(QString, message);
    pe::ui::ExportRequest request = smallRequest(view);
    pe::ui::EmbeddingsOptions sentence;
    sentence.sentence.clear();
    setEmbeddingsOptions(request.state, sentence);
    pe::ui::MethodOptions methods;
    methods.method = pe::ui::ScoreMethod::Learned;
    setMethodOptions(request.state, methods);
    pe::ui::RopeOptions rope;
    rope.model = QStringLiteral("/no/such/folder/config.json");
    setRopeOptions(request.state, rope);
    for (const QString& suffix : {QStringLiteral(".npy"), QStringLiteral(".csv")}) {
        request.path = m_dir.filePath(view + QStringLiteral("-cannot") + suffix);
        const pe::ui::ExportResult result = pe::ui::exportData(request);
        QVERIFY2(result.message.startsWith(message), qPrintable(result.message));
        QVERIFY(!QFile::exists(request.path));
    }
}

// The precision view's worst errors of a wide model are exported two halves of each block at
// once: every row the window samples (log-spaced, so in both halves) is the same as it draws.
void TestDataExports::aWideModelsWorstErrorsAreWhatTheWindowDraws()
{
    Document document;
    document.setDModel(64);
    document.setMaxLen(3000); // 64 × 3000 values: split in two at row 1500
    document.setPixels(pe::ui::views::precision, QSize(400, 400));
    document.computeNow();
    const pe::ui::PrecisionPart* part = pe::ui::precisionPart(*document.frame());
    QVERIFY(part && part->errorRows.size() > 10);
    pe::ui::ExportRequest request;
    request.spec = document.spec();
    request.state = document.state();
    request.view = pe::ui::views::precision;
    request.path = m_dir.filePath(QStringLiteral("precision-wide.npy"));
    const pe::ui::ExportResult result = pe::ui::exportData(request);
    QVERIFY2(result.ok(), qPrintable(result.message));
    const Npy data = readNpy(request.path, 3000, 1 + part->errorCurves.size());
    QCOMPARE(data.rows, std::int64_t(3000));
    int inSecondHalf = 0;
    for (qsizetype i = 0; i < part->errorRows.size(); ++i) {
        const std::int64_t r = part->errorRows[i];
        inSecondHalf += r >= 1500;
        QCOMPARE(data(r, 0), double(r));
        for (qsizetype k = 0; k < part->errorCurves.size(); ++k)
            QVERIFY2(same(data(r, 1 + k), part->errorCurves[k][i]),
                     qPrintable(QStringLiteral("row %1, kind %2: exported %3, drawn %4").arg(r).arg(k).arg(data(r, 1 + k)).arg(part->errorCurves[k][i])));
    }
    QVERIFY(inSecondHalf > 0);
}

namespace {

/// x rounded to nearest (ties to even) with `fractionBits` bits after the leading one, as a
/// format with that many and float32's exponent range stores it (|x| ≤ 1 here).
double roundedTo(double x, int fractionBits)
{
    if (x == 0)
        return 0;
    const int exponent = std::max(std::ilogb(x), -126);
    const double step = std::ldexp(1.0, exponent - fractionBits);
    return std::nearbyint(x / step) * step;
}

} // namespace

// A million positions' worst errors at 4096 dims were 4.3 G cells emulated seven ways, 22 s: a
// long sinusoid exports 4096 positions, the first, the last and log-spaced between (every
// position at the start), and each row's errors are those of its position.
void TestDataExports::aLongModelsWorstErrorsAreAtLogSpacedPositions()
{
    constexpr std::int64_t length = 100000, first = 2, count = pe::ui::PrecisionPart::exportedRows;
    pe::ui::ExportRequest request;
    request.spec.dModel = 10;
    request.spec.maxLen = length;
    request.spec.firstPosition = first;
    request.view = pe::ui::views::precision;
    request.path = m_dir.filePath(QStringLiteral("precision-long.npy"));
    const pe::ui::ExportResult result = pe::ui::exportData(request);
    QVERIFY2(result.ok(), qPrintable(result.message));
    const Npy data = readNpy(request.path, count, 8);
    QCOMPARE(data.rows, count);
    QCOMPARE(data(0, 0), double(first));
    QCOMPARE(data(count - 1, 0), double(first + length - 1));
    const double logStep = std::log(double(length)) / double(count - 1);
    for (std::int64_t i = 0; i < count; ++i) {
        const double row = data(i, 0) - first;
        QCOMPARE(row, std::round(row));
        if (i > 0)
            QVERIFY2(row > data(i - 1, 0) - first, qPrintable(QStringLiteral("row %1 is not after row %2").arg(i).arg(i - 1)));
        // Never nearer the start than the log scale puts it, nor further than the rows before it need.
        const double spread = std::exp(logStep * double(i));
        QVERIFY2(row + 1 >= spread * (1 - 1e-9) - 0.5 && row + 1 <= std::max(spread + 0.5, double(i + 1)),
                 qPrintable(QStringLiteral("row %1 at %2, log scale %3").arg(i).arg(row).arg(spread - 1)));
    }
    QCOMPARE(data(100, 0), double(first + 100)); // every position at the start
    // float32 and bfloat16 stored: |PE rounded − PE| at the row's position, its worst column.
    for (std::int64_t i = 0; i < count; i += 97) {
        const auto position = static_cast<long double>(data(i, 0));
        double worst32 = 0, worst16 = 0;
        for (int c = 0; c < 10; ++c) {
            const long double angle = position * std::pow(10000.0L, -static_cast<long double>(c / 2 * 2) / 10.0L);
            const double value = static_cast<double>(c % 2 == 0 ? std::sin(angle) : std::cos(angle));
            worst32 = std::max(worst32, std::abs(double(static_cast<float>(value)) - value));
            worst16 = std::max(worst16, std::abs(roundedTo(value, 7) - value));
        }
        QVERIFY2(std::abs(data(i, 1) - worst32) <= 1e-11,
                 qPrintable(QStringLiteral("position %1, float32: exported %2, %3").arg(data(i, 0)).arg(data(i, 1)).arg(worst32)));
        QVERIFY2(std::abs(data(i, 3) - worst16) <= 1e-11,
                 qPrintable(QStringLiteral("position %1, bfloat16: exported %2, %3").arg(data(i, 0)).arg(data(i, 3)).arg(worst16)));
    }
}

void TestDataExports::dataExportIsWhatTheWindowDraws()
{
    QFETCH(QString, view);
    const View v = *pe::ui::parseView(view);
    Document document;
    document.setDModel(16);
    document.setMaxLen(24);
    document.selectPosition(5);
    document.setOffset(3);
    document.setWaveDims({1, 2, 7});
    pe::ui::MethodOptions methods = methodOptions(document.state());
    methods.head = 2; // one ALiBi head: the matrix is that head's, as the export's
    document.setViewOptions(pe::ui::views::methods, pe::ui::toVariantMap(methods));
    // More pixels than cells everywhere: the frame holds whole cells, as the export does.
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog())
        document.setPixels(d.view, QSize(400, 400));
    document.setZoom(pe::ui::views::waves, {0, 24}); // every row
    document.computeNow();
    const Frame& f = *document.frame();

    pe::ui::ExportRequest request;
    request.spec = document.spec();
    request.state = document.state();
    request.view = v;
    request.path = m_dir.filePath(view + QStringLiteral(".npy"));
    const pe::ui::ExportResult result = pe::ui::exportData(request);
    // A view that draws nothing without a file of its own (the heads view's checkpoint) says so
    // in the window, and its export is refused with the same words, writing nothing.
    if (const pe::ui::ViewPartPtr part = f.partPointer(v); part && !part->problem().isEmpty()) {
        QVERIFY2(!result.ok() && result.message.contains(part->problem()), qPrintable(result.message));
        QVERIFY(!QFileInfo::exists(request.path));
        return;
    }
    QVERIFY2(result.ok(), qPrintable(result.message));
    const auto [rows, cols] = pe::ui::dataShape(request.spec, request.state, v);
    const Npy data = readNpy(request.path, rows, cols);
    QVERIFY2(data.rows == rows && data.rows > 0, "the .npy file has the shape --help gives");

    QString mismatch; // the first value that differs
    int compared = 0;
    const auto compare = [&](std::int64_t r, std::int64_t c, double shown, const char* what) {
        ++compared;
        if (mismatch.isEmpty() && !same(data(r, c), shown))
            mismatch = QStringLiteral("%1 (%2, %3): exported %4, the window draws %5")
                           .arg(what).arg(r).arg(c).arg(data(r, c), 0, 'g', 17).arg(shown, 0, 'g', 17);
    };
    switch (v) {
    case pe::ui::views::heatmap:
        QVERIFY(heatOf(f).exact());
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < cols; ++c)
                compare(r, c, heatOf(f).heat(r, c), "PE");
        break;
    case pe::ui::views::similarity:
        QVERIFY(pe::ui::similarityPart(f) && pe::ui::similarityPart(f)->exact());
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < cols; ++c)
                compare(r, c, pe::ui::similarityPart(f)->matrix(r, c), "similarity");
        break;
    case pe::ui::views::waves: {
        const QVector<pe::ui::WaveData>& waves = f.partOrEmpty<pe::ui::WavesPart>(pe::ui::views::waves).waves;
        QCOMPARE(qsizetype(cols), waves.size());
        for (qsizetype j = 0; j < waves.size(); ++j) {
            QCOMPARE(waves[j].sampleX.size(), qsizetype(rows)); // every row drawn as a sample
            for (qsizetype i = 0; i < waves[j].sampleX.size(); ++i)
                compare(std::int64_t(waves[j].sampleX[i]), j, waves[j].sampleY[i], "wave");
        }
        break;
    }
    case pe::ui::views::offset: {
        const pe::ui::OffsetPart* part = pe::ui::offsetPart(f);
        QVERIFY(part);
        QCOMPARE(rows, std::int64_t(part->pe.size()));
        for (std::int64_t r = 0; r < rows; ++r) {
            compare(r, 0, part->pe[r], "PE(p)");
            compare(r, 1, part->peShifted[r], "PE(p+k)");
            compare(r, 2, part->rotated[r], "M_k PE(p)");
        }
        break;
    }
    case pe::ui::views::bands: {
        const pe::ui::BandsPart* part = pe::ui::bandsPart(f);
        QVERIFY(part);
        QCOMPARE(rows, std::int64_t(part->omega.size()));
        for (std::int64_t r = 0; r < rows; ++r) {
            compare(r, 0, double(r), "pair");
            compare(r, 1, part->omega[r], "omega");
            compare(r, 2, part->wavelength[r], "wavelength");
        }
        break;
    }
    case pe::ui::views::rope: {
        QVERIFY(pe::ui::ropePart(f) && pe::ui::ropePart(f)->curves);
        using S = pe::core::RopeScaling;
        // The columns --help names, against the curves the view draws.
        const std::pair<int, S> columns[] = {{2, S::None}, {3, S::PositionInterpolation}, {4, S::NtkAware}, {5, S::Yarn},
                                             {7, S::DynamicNtk}, {8, S::YarnReference}, {9, S::Llama3}};
        for (std::int64_t r = 0; r < rows; ++r) {
            compare(r, 1, pe::ui::ropePart(f)->curves->theta[r], "theta");
            for (const auto& [column, scaling] : columns) {
                const auto m = std::size_t(std::find(pe::core::allRopeScalings.begin(), pe::core::allRopeScalings.end(), scaling)
                                           - pe::core::allRopeScalings.begin());
                compare(r, column, pe::ui::ropePart(f)->curves->wavelength[m][r], "wavelength");
            }
        }
        break;
    }
    case pe::ui::views::conventions: {
        const pe::ui::ConventionsPart* part = pe::ui::conventionsPart(f);
        QVERIFY(part && part->exact());
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < 16; ++c) {
                compare(r, c, part->heatA(r, c), "PE under the settings");
                compare(r, 16 + c, part->heatB(r, c), "PE under the comparison");
                compare(r, 32 + c, part->heatA(r, c) - part->heatB(r, c), "their difference");
            }
        break;
    }
    case pe::ui::views::precision: {
        const pe::ui::PrecisionPart* part = pe::ui::precisionPart(f);
        QVERIFY(part);
        QCOMPARE(part->errorCurves.size(), qsizetype(cols - 1));
        for (qsizetype i = 0; i < part->errorRows.size(); ++i) {
            const std::int64_t r = part->errorRows[i];
            compare(r, 0, double(r), "position");
            for (qsizetype k = 0; k < part->errorCurves.size(); ++k)
                compare(r, 1 + k, part->errorCurves[k][i], "largest error");
        }
        break;
    }
    case pe::ui::views::embeddings: {
        QVERIFY(pe::ui::embeddingsPart(f) && pe::ui::embeddingsPart(f)->sentence);
        const pe::core::SentenceEmbedding& e = pe::ui::embeddingsPart(f)->sentence->embedding;
        const std::int64_t t = e.word.rows();
        QCOMPARE(rows, 4 * t);
        for (std::int64_t r = 0; r < t; ++r)
            for (std::int64_t c = 0; c < cols; ++c) {
                compare(r, c, e.word(r, c), "word");
                compare(t + r, c, e.position(r, c), "position");
                compare(2 * t + r, c, e.segment(r, c), "segment");
                compare(3 * t + r, c, e.sum(r, c), "sum");
            }
        break;
    }
    case pe::ui::views::methods: {
        const pe::ui::MethodsPart* part = pe::ui::methodsPart(f);
        QVERIFY(part && part->data && part->problem().isEmpty());
        QCOMPARE(part->data->matrix.rows(), rows); // whole cells
        // A key the causal model masks: −∞ in the data (what the softmax sees), not drawn (NaN) in the window.
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < cols; ++c) {
                const double shown = part->data->matrix(r, c);
                compare(r, c, std::isnan(shown) && c > r ? -std::numeric_limits<double>::infinity() : shown, "score");
            }
        break;
    }
    case pe::ui::views::spectrum: {
        // The window's map is in decibels, a cell a pixel here (whole cells): the exported
        // power of each cell is what it draws, down to the map's floor.
        const pe::ui::SpectrumPart* part = spectrumPart(f);
        QVERIFY(part && part->problem().isEmpty());
        QVERIFY(part->frequencies.exact() && part->dims.exact());
        QCOMPARE(rows, std::int64_t(part->heat.rows()));
        QCOMPARE(cols - 1, std::int64_t(part->heat.cols()));
        for (std::int64_t r = 0; r < rows; ++r) {
            compare(r, 0, pe::core::spectrumBinFrequency(r, part->data->spectrum.fftLength), "omega");
            for (std::int64_t c = 0; c + 1 < cols; ++c) {
                ++compared;
                const double exported = pe::core::powerDecibels(data(r, 1 + c)), shown = part->heat.matrix()(r, c);
                if (mismatch.isEmpty() && !same(exported, shown))
                    mismatch = QStringLiteral("power (%1, %2): exported %3 dB, the window draws %4 dB").arg(r).arg(1 + c)
                                   .arg(exported, 0, 'g', 17).arg(shown, 0, 'g', 17);
            }
        }
        break;
    }
    case pe::ui::views::grid: {
        // MAE's 14 × 14 at d_model 16 (no table): the tiles the window draws, cell by cell,
        // are the export's (patch, patch) cosines rearranged as the grid.
        QVERIFY(gridPart(f) && gridPart(f)->problem().isEmpty());
        QVERIFY(gridPart(f)->tileRows.exact() && gridPart(f)->tileColumns.exact());
        const int h = gridPart(f)->data->shape.rows, w = gridPart(f)->data->shape.cols;
        QCOMPARE(rows, std::int64_t(h) * w);
        for (int tr = 0; tr < h; ++tr)
            for (int tc = 0; tc < w; ++tc)
                for (int r = 0; r < h; ++r)
                    for (int c = 0; c < w; ++c)
                        compare(tr * w + tc, r * w + c, gridPart(f)->tiles(tr * h + r, tc * w + c), "tile cell");
        break;
    }
    default: {
        // A view this test has no case of (a new one; the extra view entered at start-up): its
        // export holds the numbers of the part the window's frame holds at whole cells.
        const std::optional<pe::ui::PartBuilder> builder = pe::ui::partBuilder(v);
        QVERIFY2(builder && builder->exportData, "a view with a data export keeps its part by view");
        const pe::ui::ViewPartPtr part = f.partPointer(v);
        QVERIFY2(part && part->problem().isEmpty(), "the window's frame holds the view's part");
        const pe::ui::DataTable shown = builder->exportData(*part);
        QCOMPARE(shown.rows(), rows);
        QCOMPARE(shown.columns(), cols);
        pe::core::RowMatrix values(rows, cols);
        shown.fill(0, values);
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < cols; ++c)
                compare(r, c, values(r, c), "the part's value");
        break;
    }
    }
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    QVERIFY(compared > 0);
}

QTEST_MAIN(TestDataExports)
#include "tst_dataexports.moc"
