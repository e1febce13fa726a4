// SPDX-License-Identifier: MIT
// The document between controls and views: clamping, undo/redo, merged drags, frames that
// always match the settings they claim to show.
#include "core/encoding.h"
#include "core/similarity.h"
#include "ui/document/heatmappart.h"
#include "ui/document/embeddingspart.h"
#include "ui/document/ropepart.h"
#include "ui/document/document.h"
#include "ui/document/conventionspart.h"
#include "ui/document/gridpart.h"
#include "ui/document/precisionpart.h"
#include "ui/document/similaritypart.h"
#include "ui/document/offsetpart.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"

#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <cmath>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using pe::ui::Change;
using pe::ui::Changes;
using pe::ui::Document;
using pe::ui::Settings;
using pe::ui::View;

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void aFiguresDocumentComputesOnlyWhenAsked();
    void theUndoHistoryIsBounded();
    void theUndoHistoryIsBoundedInBytes();
    void startsWithTheClassicFigure();
    void clampsOutOfRangeValues_data();
    void clampsOutOfRangeValues();
    void undoRestoresTheExactPreviousState();
    void aDragIsOneUndoStep();
    void aDragBackToItsStartLeavesNoStep();
    void separateChangesAreSeparateSteps();
    void resetIsUndoable();
    void framesNeverShowStaleSettings();
    void zoomedWindowHoldsExactCells();
    void binnedFrameAveragesTheRowsItCovers();
    void positionStepKeepsTheHeatmap();
    void selectionReachesTheFrame();
    void eachEditUndoAndRedoIsOneChange_data();
    void eachEditUndoAndRedoIsOneChange();
    void framesHoldOnlyWhatShownViewsDraw();
    void ropeCurvesComeWithTheFrame();
    void wordVectorsAreUsedWhileTheOptionsNameThem();
};

namespace {

bool waitForCurrentFrame(Document& document)
{
    return QTest::qWaitFor([&] { return document.isFrameCurrent(); }, 20000);
}

} // namespace

void TestDocument::startsWithTheClassicFigure()
{
    Document document;
    QVERIFY(waitForCurrentFrame(document));
    const auto& frame = *document.frame();
    QCOMPARE(frame.spec.dModel, 64);
    QCOMPARE(frame.spec.maxLen, 100);
    QCOMPARE(frame.spec.base, 10000.0);
    QCOMPARE(frame.spec.layout, pe::core::Layout::Interleaved);
    QCOMPARE(heatOf(frame).heat.rows(), 100);
    QCOMPARE(heatOf(frame).heat.cols(), 64);
    QVERIFY(heatOf(frame).exact());
    for (int row : {0, 1, 37, 99})
        for (int col : {0, 1, 10, 63})
            QCOMPARE(heatOf(frame).heat(row, col), pe::core::encodingValue(frame.spec, row, col));
    QCOMPARE(frame.state.dims, (QList<int>{4, 5, 6, 7}));
}

void TestDocument::clampsOutOfRangeValues_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("expected");
    QTest::newRow("d_model 0") << "dModel" << 0.0 << 1.0;
    QTest::newRow("d_model too large") << "dModel" << 1e6 << 4096.0;
    QTest::newRow("max_len 0") << "maxLen" << 0.0 << 1.0;
    QTest::newRow("max_len too large") << "maxLen" << 1e12 << double(1 << 20);
    QTest::newRow("base NaN") << "base" << std::nan("") << 10000.0;
    QTest::newRow("base 1") << "base" << 1.0 << 1.01;
    QTest::newRow("base infinite") << "base" << HUGE_VAL << 10000.0;
    QTest::newRow("position beyond max_len") << "position" << 500.0 << 99.0;
    QTest::newRow("position negative") << "position" << -3.0 << 0.0;
    QTest::newRow("offset below position 0") << "offset" << -50.0 << 0.0;
}

void TestDocument::clampsOutOfRangeValues()
{
    QFETCH(QString, field);
    QFETCH(double, value);
    QFETCH(double, expected);
    Document document;
    double actual = 0;
    if (field == QLatin1String("dModel")) {
        document.setDModel(static_cast<int>(std::min(value, 2e9)));
        actual = document.spec().dModel;
    } else if (field == QLatin1String("maxLen")) {
        document.setMaxLen(static_cast<std::int64_t>(value));
        actual = double(document.spec().maxLen);
    } else if (field == QLatin1String("base")) {
        document.setBase(value);
        actual = document.spec().base;
    } else if (field == QLatin1String("position")) {
        document.selectPosition(static_cast<std::int64_t>(value));
        actual = double(document.state().position);
    } else {
        document.setOffset(static_cast<std::int64_t>(value));
        actual = double(document.state().offset);
    }
    QCOMPARE(actual, expected);
    QVERIFY(waitForCurrentFrame(document));
    QCOMPARE(document.frame()->spec, document.spec());
}

void TestDocument::undoRestoresTheExactPreviousState()
{
    Document document;
    const Settings start = document.settings();
    document.setDModel(17);
    document.setLayout(pe::core::Layout::Split);
    document.setBase(500.0);
    document.selectCell(42, 3);
    document.setOffset(-7);
    const Settings end = document.settings();
    QCOMPARE(document.undoStack()->count(), 5);
    while (document.undoStack()->canUndo())
        document.undoStack()->undo();
    QVERIFY(document.settings() == start);
    while (document.undoStack()->canRedo())
        document.undoStack()->redo();
    QVERIFY(document.settings() == end);
    QCOMPARE(document.spec().dModel, 17);
    QCOMPARE(document.state().offset, -7);
    QVERIFY(waitForCurrentFrame(document));
    QCOMPARE(document.frame()->spec, end.spec);
}

void TestDocument::aDragIsOneUndoStep()
{
    Document document;
    document.beginInteraction();
    for (int d = 65; d <= 120; ++d)
        document.setDModel(d);
    document.endInteraction();
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.spec().dModel, 120);
    document.undoStack()->undo();
    QCOMPARE(document.spec().dModel, 64);
}

void TestDocument::aDragBackToItsStartLeavesNoStep()
{
    Document document;
    document.setBase(500.0); // one step before the drag
    document.beginInteraction();
    for (int d = 65; d <= 90; ++d)
        document.setDModel(d);
    for (int d = 89; d >= 64; --d)
        document.setDModel(d);
    document.endInteraction();
    QCOMPARE(document.spec().dModel, 64);
    QCOMPARE(document.undoStack()->count(), 1); // the base step only
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Change base"));
}

void TestDocument::separateChangesAreSeparateSteps()
{
    Document document;
    document.setDModel(10);
    document.setDModel(11);
    QCOMPARE(document.undoStack()->count(), 2);
    document.undoStack()->undo();
    QCOMPARE(document.spec().dModel, 10);
}

void TestDocument::resetIsUndoable()
{
    Document document;
    document.setMaxLen(2048);
    document.setLayout(pe::core::Layout::Split);
    document.resetToDefaults();
    QVERIFY(document.settings() == Settings{});
    document.undoStack()->undo();
    QCOMPARE(document.spec().maxLen, 2048);
    QCOMPARE(document.spec().layout, pe::core::Layout::Split);
}

void TestDocument::framesNeverShowStaleSettings()
{
    Document document;
    int shown = 0;
    bool allCurrent = true;
    connect(&document, &Document::frameReady, this, [&] {
        ++shown;
        allCurrent = allCurrent && document.frame()->spec == document.spec()
                     && document.frame()->state == document.state();
    });
    document.setMaxLen(4096);
    // A slider dragged faster than frames compute: every step supersedes the last.
    for (int d = 100; d < 400; d += 3) {
        document.setDModel(d);
        QCoreApplication::processEvents();
    }
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(shown >= 1);
    QVERIFY(allCurrent);
    QCOMPARE(document.frame()->spec.dModel, document.spec().dModel);
    QCOMPARE(heatOf(*document.frame()).heat.cols(), document.spec().dModel);
}

void TestDocument::zoomedWindowHoldsExactCells()
{
    Document document;
    document.setMaxLen(100000);
    document.setPixels(pe::ui::views::heatmap, QSize(800, 600));
    document.setZoom(pe::ui::views::heatmap, {0, 0, 70000, 70300}); // an empty column range: all columns
    QVERIFY(waitForCurrentFrame(document));
    const auto& frame = *document.frame();
    QVERIFY(heatOf(frame).exact());
    QCOMPARE(heatOf(frame).rows.lower, 70000);
    QCOMPARE(heatOf(frame).heat.rows(), 300);
    QCOMPARE(heatOf(frame).heat.cols(), 64);
    for (int r : {0, 150, 299})
        for (int c : {0, 5, 63})
            QVERIFY(std::abs(heatOf(frame).heat(r, c) - pe::core::encodingValue(frame.spec, 70000 + r, c)) < 1e-12);
}

namespace {

/// The brute-force box average of the encoding over rows [rowFrom, rowTo) and columns
/// [columnFrom, columnTo) (cell c covers [c, c + 1)), each cell weighted by the area it shares.
double boxAverage(const pe::core::EncodingSpec& spec, double rowFrom, double rowTo, double columnFrom, double columnTo)
{
    const auto shared = [](double from, double to, std::int64_t c) {
        return std::max(0.0, std::min(to, double(c + 1)) - std::max(from, double(c)));
    };
    double sum = 0, weights = 0;
    for (auto r = std::int64_t(std::floor(rowFrom)); double(r) < rowTo; ++r)
        for (auto c = std::int64_t(std::floor(columnFrom)); double(c) < columnTo; ++c) {
            const double w = shared(rowFrom, rowTo, r) * shared(columnFrom, columnTo, c);
            if (w > 0) {
                sum += w * pe::core::encodingValue(spec, spec.firstPosition + r, int(c));
                weights += w;
            }
        }
    return sum / weights;
}

} // namespace

void TestDocument::binnedFrameAveragesTheRowsItCovers()
{
    // 10000 rows on 700 pixels, 64 columns on 50: every pixel is the exact average of the
    // cells under it, partial cells weighted by the part they share with it.
    Document document;
    document.setMaxLen(10000);
    document.setFirstPosition(3);
    document.setPixels(pe::ui::views::heatmap, QSize(50, 700));
    QVERIFY(waitForCurrentFrame(document));
    const auto& frame = *document.frame();
    QVERIFY(!heatOf(frame).exact());
    QCOMPARE(heatOf(frame).heat.rows(), 700);
    QCOMPARE(heatOf(frame).heat.cols(), 50);
    const double rowsPerPixel = 10000.0 / 700, columnsPerPixel = 64.0 / 50;
    for (int row : {0, 1, 350, 699})
        for (int column : {0, 1, 17, 49}) {
            const double expected = boxAverage(frame.spec, row * rowsPerPixel, (row + 1) * rowsPerPixel,
                                               column * columnsPerPixel, (column + 1) * columnsPerPixel);
            QVERIFY2(std::abs(heatOf(frame).heat(row, column) - expected) < 1e-9,
                     qPrintable(QStringLiteral("pixel (%1, %2) is %3, the box average %4").arg(row).arg(column).arg(heatOf(frame).heat(row, column)).arg(expected)));
        }

    // Zoomed to a fractional range that is still finer than the pixels.
    document.setZoom(pe::ui::views::heatmap, {1.5, 63.25, 1234.5, 5678.25});
    QVERIFY(waitForCurrentFrame(document));
    const auto& zoomed = *document.frame();
    QCOMPARE(heatOf(zoomed).heat.rows(), 700);
    QCOMPARE(heatOf(zoomed).heat.cols(), 50);
    QVERIFY(!heatOf(zoomed).columns.exact());
    const double zoomedRows = (5678.25 - 1234.5) / 700, zoomedColumns = (63.25 - 1.5) / 50;
    for (int row : {0, 699})
        for (int column : {0, 49}) {
            const double expected = boxAverage(zoomed.spec, 1234.5 + row * zoomedRows, 1234.5 + (row + 1) * zoomedRows,
                                               1.5 + column * zoomedColumns, 1.5 + (column + 1) * zoomedColumns);
            QVERIFY(std::abs(heatOf(zoomed).heat(row, column) - expected) < 1e-9);
        }

    // Zoomed in further than the pixels: whole cells again, exact values.
    document.setZoom(pe::ui::views::heatmap, {10.5, 40.25, 1234.5, 5678.25});
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(heatOf(*document.frame()).columns.exact());
    QCOMPARE(heatOf(*document.frame()).columns.lower, 10);
    QCOMPARE(heatOf(*document.frame()).heat.cols(), 31);
    QCOMPARE(heatOf(*document.frame()).heat.rows(), 700);
}

void TestDocument::positionStepKeepsTheHeatmap()
{
    // A position step changes no heat cell: the frame shares the matrix instead of recomputing it.
    Document document;
    document.setMaxLen(5000);
    document.setPixels(pe::ui::views::heatmap, QSize(300, 400));
    QVERIFY(waitForCurrentFrame(document));
    const double* before = heatOf(*document.frame()).heat.matrix().data();
    document.selectPosition(123);
    QVERIFY(waitForCurrentFrame(document));
    QCOMPARE(document.frame()->state.position, 123);
    QCOMPARE(heatOf(*document.frame()).heat.matrix().data(), before);
    // New pixels are a new picture.
    document.setPixels(pe::ui::views::heatmap, QSize(300, 200));
    QVERIFY(waitForCurrentFrame(document));
    QCOMPARE(heatOf(*document.frame()).heat.rows(), 200);
}

void TestDocument::selectionReachesTheFrame()
{
    Document document;
    document.selectCell(30, 9);
    document.setOffset(5);
    QVERIFY(waitForCurrentFrame(document));
    const auto& frame = *document.frame();
    QCOMPARE(frame.state.position, 30);
    QCOMPARE(frame.state.dimension, 9);
    // The offset inspector holds PE(30) and PE(35) straight from core.
    const Eigen::VectorXd p = pe::core::encodingVector(frame.spec, 30);
    const Eigen::VectorXd q = pe::core::encodingVector(frame.spec, 35);
    const pe::ui::OffsetPart* offset = pe::ui::offsetPart(frame);
    QVERIFY(offset);
    QVERIFY((offset->pe - p).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY((offset->peShifted - q).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY(offset->residual < 1e-12);
    // Each pair's circle: its turn k·ω, and the point's path from p to p + k along the encoding's
    // own curve, (cos, sin)((30 + 5·i/48)·ω) against the textbook's ω = 10000^(−2j/d).
    QCOMPARE(offset->turns.size(), frame.spec.dModel / 2);
    for (int pair = 0; pair < offset->turns.size(); ++pair) {
        const long double omega = std::pow(10000.0L, -2.0L * pair / frame.spec.dModel);
        QVERIFY(std::abs(offset->turns[pair] - static_cast<double>(5 * omega)) < 1e-14);
        const QPolygonF path = offset->path(pair);
        QCOMPARE(path.size(), pe::ui::OffsetPart::pathPoints);
        for (int i = 0; i < path.size(); i += 6) {
            const long double angle = (30.0L + 5.0L * i / (path.size() - 1)) * omega;
            QVERIFY2(std::abs(path[i].x() - static_cast<double>(std::cos(angle))) < 1e-13
                         && std::abs(path[i].y() - static_cast<double>(std::sin(angle))) < 1e-13,
                     qPrintable(QStringLiteral("pair %1, point %2").arg(pair).arg(i)));
        }
    }
    // The similarity profile of position 30: PE(30)·PE(q), the encoding vectors' own dot products.
    const pe::ui::SimilarityPart* similarity = pe::ui::similarityPart(frame);
    QVERIFY(similarity && !similarity->profileX.isEmpty());
    for (int i = 0; i < similarity->profileX.size(); i += 7) {
        const Eigen::VectorXd other = pe::core::encodingVector(frame.spec, std::int64_t(similarity->profileX[i]));
        QVERIFY(std::abs(similarity->profileY[i] - p.dot(other)) < 1e-12);
    }
}

void TestDocument::eachEditUndoAndRedoIsOneChange_data()
{
    QTest::addColumn<int>("edit");
    QTest::addColumn<Changes>("expected");
    const Changes newMatrix = Change::Spec | Change::Zoom;
    QTest::newRow("d_model") << 0 << newMatrix;
    QTest::newRow("base") << 1 << newMatrix;
    QTest::newRow("position") << 2 << Changes(Change::Position);
    QTest::newRow("offset") << 3 << Changes(Change::Offset);
    QTest::newRow("cell") << 4 << (Change::Position | Change::Dimension);
    QTest::newRow("colormap") << 5 << Changes(Change::Colormap);
    QTest::newRow("wave dims") << 6 << (Change::WaveDims | Change::Zoom);
    QTest::newRow("cosine") << 7 << Changes(Change::Normalize);
    QTest::newRow("band") << 8 << Changes(Change::Band);
    QTest::newRow("rope scale") << 9 << Changes(Change::ViewOptions);
    QTest::newRow("sentence") << 10 << Changes(Change::ViewOptions);
}

// A view redraws only for what its mask names, so the mask must say exactly what changed:
// once per edit, once per undo, once per redo.
void TestDocument::eachEditUndoAndRedoIsOneChange()
{
    QFETCH(int, edit);
    QFETCH(Changes, expected);
    Document document;
    QSignalSpy spy(&document, &Document::changed);
    switch (edit) {
    case 0: document.setDModel(32); break;
    case 1: document.setBase(500.0); break;
    case 2: document.selectPosition(17); break;
    case 3: document.setOffset(-3); break;
    case 4: document.selectCell(5, 9); break;
    case 5: document.setColormap(QStringLiteral("grayscale")); break;
    case 6: document.setWaveDims({0, 1}); break;
    case 7: document.setNormalize(true); break;
    case 8: document.selectBand(2, 5); break;
    case 9: document.setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(pe::ui::RopeOptions{2.5, 4096, false})); break;
    case 10: {
        pe::ui::EmbeddingsOptions options;
        options.sentence = QStringLiteral("a rose is a rose");
        document.setViewOptions(pe::ui::views::embeddings, pe::ui::toVariantMap(options));
        break;
    }
    }
    for (const char* step : {"edit", "undo", "redo"}) {
        if (QByteArray(step) == "undo")
            document.undoStack()->undo();
        else if (QByteArray(step) == "redo")
            document.undoStack()->redo();
        QVERIFY2(spy.count() == 1, step);
        QCOMPARE(spy.takeFirst().at(0).value<Changes>(), expected);
    }
}

// Hidden views cost nothing: a frame computes only the parts the shown views draw, and a view
// shown later gets its part in the next frame.
void TestDocument::framesHoldOnlyWhatShownViewsDraw()
{
    Document document(nullptr, pe::ui::viewBit(pe::ui::views::heatmap));
    document.setMaxLen(300);
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::heatPart(*document.frame()));
    QVERIFY(!pe::ui::similarityPart(*document.frame()));
    QVERIFY(!pe::ui::conventionsPart(*document.frame()) && !pe::ui::precisionPart(*document.frame()));
    QVERIFY(!pe::ui::ropePart(*document.frame()) && !pe::ui::embeddingsPart(*document.frame())); // the RoPE and embeddings views' numbers too

    document.setViewShown(pe::ui::views::similarity, true);
    QVERIFY(!document.isFrameCurrent()); // asked for the missing part at once
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::similarityPart(*document.frame()));
    QCOMPARE(pe::ui::similarityPart(*document.frame())->matrix.rows(), 300);
    const Eigen::VectorXd p12 = pe::core::encodingVector(document.spec(), 12), p40 = pe::core::encodingVector(document.spec(), 40);
    QVERIFY(std::abs(pe::ui::similarityPart(*document.frame())->matrix(12, 40) - p12.dot(p40)) < 1e-12);

    // Hiding it again asks for nothing; the next edit leaves it out.
    document.setViewShown(pe::ui::views::similarity, false);
    QVERIFY(document.isFrameCurrent());
    document.setDModel(30);
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(!pe::ui::similarityPart(*document.frame()));

    // A part the frame keeps by view (the grid's) likewise: none while hidden, asked for at
    // once when shown, for the d_model of the frame it comes with.
    document.setDModel(32); // MAE's 2-D sin-cos: d_model divisible by 4
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(!pe::ui::gridPart(*document.frame()));
    document.setViewShown(pe::ui::views::grid, true);
    QVERIFY(!document.isFrameCurrent());
    QVERIFY(waitForCurrentFrame(document));
    const pe::ui::GridPart* grid = pe::ui::gridPart(*document.frame());
    QVERIFY(grid && grid->data);
    QVERIFY2(grid->problem().isEmpty(), qPrintable(grid->problem()));
    QCOMPARE(grid->data->dims(), 32);
    document.setViewShown(pe::ui::views::grid, false);
    document.setDModel(36);
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(!pe::ui::gridPart(*document.frame()));
}

// The RoPE view's numbers are the frame's: computed off the GUI thread, kept while only the
// position moves, new when its options change (an undo step like any other setting).
void TestDocument::ropeCurvesComeWithTheFrame()
{
    Document document(nullptr, pe::ui::viewBit(pe::ui::views::rope));
    document.setMaxLen(200);
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::ropePart(*document.frame()));
    const auto curves = pe::ui::ropePart(*document.frame())->curves;
    QVERIFY(curves && curves->error.isEmpty());
    const int d = document.spec().dModel;
    QCOMPARE(curves->wavelength[0].size(), d / 2);
    const auto lambda = [&](int k) { return 2 * std::acos(-1.0L) / std::pow(10000.0L, -2.0L * k / d); }; // the textbook θ_k
    for (int k : {0, 10, d / 2 - 1}) {
        QVERIFY(std::abs(curves->wavelength[0][k] / lambda(k) - 1) < 1e-12);     // no scaling
        QVERIFY(std::abs(curves->wavelength[1][k] / (8 * lambda(k)) - 1) < 1e-12); // PI at the default s = 8
    }
    QCOMPARE(curves->decayKeys.size(), 200); // every distance 0 … 199

    document.selectPosition(50);
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::ropePart(*document.frame()));
    QCOMPARE(pe::ui::ropePart(*document.frame())->curves, curves); // shared, not computed again
    QCOMPARE(pe::ui::ropePart(*document.frame())->scores.n, 50);
    QCOMPARE(pe::ui::ropePart(*document.frame())->scores.m, 51);

    document.setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(pe::ui::RopeOptions{2, 4096, true}));
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::ropePart(*document.frame()));
    QVERIFY(pe::ui::ropePart(*document.frame())->curves != curves);
    QVERIFY(std::abs(pe::ui::ropePart(*document.frame())->curves->wavelength[1][3] / (2 * lambda(3)) - 1) < 1e-12);
    QVERIFY(pe::ui::ropePart(*document.frame())->curves->logarithmic);
    document.undoStack()->undo();
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::ropePart(*document.frame()));
    QCOMPARE(ropeOptions(document.state()), pe::ui::RopeOptions{});
    QVERIFY(std::abs(pe::ui::ropePart(*document.frame())->curves->wavelength[1][3] / (8 * lambda(3)) - 1) < 1e-12);
}

// Vectors read from a file are data beside the settings: the embeddings use them only while
// the options name their file, so undoing the choice of a file goes back to pseudo-random
// vectors and redoing it needs no second read.
void TestDocument::wordVectorsAreUsedWhileTheOptionsNameThem()
{
    Document document(nullptr, pe::ui::viewBit(pe::ui::views::embeddings));
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::embeddingsPart(*document.frame()) && pe::ui::embeddingsPart(*document.frame())->sentence);
    QVERIFY(pe::ui::embeddingsPart(*document.frame()) && !pe::ui::embeddingsPart(*document.frame())->sentence->fromFile);
    const int d = document.spec().dModel;
    auto vectors = std::make_shared<pe::ui::LoadedWordVectors>();
    vectors->path = QStringLiteral("/vectors/v.txt");
    vectors->dimension = d;
    vectors->vectors["black"] = Eigen::VectorXd::Constant(d, 0.5);
    document.setViewData(pe::ui::views::embeddings, vectors);
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::embeddingsPart(*document.frame()) && pe::ui::embeddingsPart(*document.frame())->sentence);
    QVERIFY(!pe::ui::embeddingsPart(*document.frame())->sentence->fromFile); // not named by the options yet

    pe::ui::EmbeddingsOptions options = embeddingsOptions(document.state());
    options.vectorFile = vectors->path;
    options.sqrtScaling = false;
    document.setViewOptions(pe::ui::views::embeddings, pe::ui::toVariantMap(options));
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::embeddingsPart(*document.frame()) && pe::ui::embeddingsPart(*document.frame())->sentence);
    const pe::ui::EmbeddingsData& used = *pe::ui::embeddingsPart(*document.frame())->sentence;
    QVERIFY(used.fromFile);
    QCOMPARE(used.tokens[1].text, std::string("black"));
    QCOMPARE(used.embedding.word(1, 0), 0.5);
    QCOMPARE(used.embedding.word(0, 0), 0.0); // "the" is not in the file: a zero vector
    document.undoStack()->undo();
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::embeddingsPart(*document.frame()) && pe::ui::embeddingsPart(*document.frame())->sentence);
    QVERIFY(!pe::ui::embeddingsPart(*document.frame())->sentence->fromFile);
    document.undoStack()->redo();
    QVERIFY(waitForCurrentFrame(document));
    QVERIFY(pe::ui::embeddingsPart(*document.frame()) && pe::ui::embeddingsPart(*document.frame())->sentence);
    QVERIFY(pe::ui::embeddingsPart(*document.frame())->sentence->fromFile);
}

// A long day of edits must not hold memory without end: the oldest steps go.
void TestDocument::aFiguresDocumentComputesOnlyWhenAsked()
{
    // A figure's document (figureexport's scene) is set up in several steps and then computed
    // once: no step may start a frame in the background, which would run its parts to the end
    // on the other core after the next step overtook it. The gate runs for every background frame.
    Document document;
    document.setComputeOnlyWhenAsked(true);
    std::atomic<int> background{0};
    document.setFrameGate([&](const pe::ui::FrameRequest&) { ++background; });
    document.setShownViews(pe::ui::viewBit(pe::ui::views::methods));
    document.setDModel(64);
    document.setMaxLen(300);
    document.setPixels(pe::ui::views::methods, QSize(300, 200));
    QTest::qWait(50);
    QCOMPARE(background.load(), 0);
    QVERIFY(!document.isFrameCurrent());
    document.computeNow();
    QVERIFY(document.isFrameCurrent());
    QCOMPARE(document.frame()->spec.dModel, 64);
    document.setMaxLen(301);
    QVERIFY(!document.isFrameCurrent()); // stale until asked
    QTest::qWait(50);
    QCOMPARE(background.load(), 0);
    document.computeNow();
    QVERIFY(document.isFrameCurrent());
    QCOMPARE(document.frame()->spec.maxLen, 301);
    // A document of the window computes in the background as before.
    Document window;
    window.setFrameGate([&](const pe::ui::FrameRequest&) { ++background; });
    window.setDModel(66);
    QVERIFY(QTest::qWaitFor([&] { return window.isFrameCurrent(); }, 10000));
    QVERIFY(background.load() > 0);
}

void TestDocument::theUndoHistoryIsBounded()
{
    pe::ui::Document document(nullptr, 0); // no view shown: no frames to compute
    const int edits = pe::ui::Document::undoLimit + 7;
    for (int i = 1; i <= edits; ++i)
        document.setOffset(i); // each a step of its own (no drag merges them)
    QCOMPARE(document.undoStack()->count(), pe::ui::Document::undoLimit);
    qInfo("%d steps of the offset hold %zu bytes by their estimate", document.undoStack()->count(),
          document.undoHistoryBytes());
    while (document.undoStack()->canUndo())
        document.undoStack()->undo();
    QCOMPARE(document.state().offset, qint64(7)); // the first seven steps are gone
}

namespace {

// The bytes malloc hands out to the program (0 where glibc's count is not there, as under
// ASan, whose allocator glibc does not see).
std::size_t heapInUse()
{
#ifdef __GLIBC__
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}

// Sentence `i`: as long as the embeddings view takes, and different for every i.
QString longSentence(int i)
{
    return QString(pe::ui::EmbeddingsOptions::maxSentence - 8, QChar(u'a' + i % 26))
        + QString::number(i).rightJustified(8, u'0');
}

void setSentence(pe::ui::Document& document, const QString& sentence)
{
    pe::ui::EmbeddingsOptions options = pe::ui::embeddingsOptions(document.state());
    options.sentence = sentence;
    document.setViewOptions(pe::ui::views::embeddings, pe::ui::toVariantMap(options));
}

} // namespace

// A step can keep a sentence of 4096 characters, 8 KB: 5000 of them would hold 40 MB. Once the
// steps hold more than the budget the oldest go, the ones left still undo in order, and a
// saved state kept in the history is still found by undo.
void TestDocument::theUndoHistoryIsBoundedInBytes()
{
    using pe::ui::Document;
    Document document(nullptr, 0); // no view shown: no frames to compute
    QUndoStack* undo = document.undoStack();
    const std::size_t heapBefore = heapInUse();
    const int beforeSave = 2600, afterSave = 500;
    for (int i = 1; i <= beforeSave; ++i)
        setSentence(document, longSentence(i));
    undo->setClean(); // as saving a session does
    for (int i = beforeSave + 1; i <= beforeSave + afterSave; ++i)
        setSentence(document, longSentence(i));
    const std::size_t grown = heapInUse() - std::min(heapInUse(), heapBefore);

    QVERIFY2(document.undoHistoryBytes() <= Document::undoByteBudget,
             qPrintable(QStringLiteral("the history holds %1 bytes").arg(document.undoHistoryBytes())));
    // What malloc holds agrees: the budget, and a quarter for what the estimate leaves out.
    QVERIFY2(grown <= Document::undoByteBudget / 4 * 5,
             qPrintable(QStringLiteral("the heap grew by %1 bytes").arg(grown)));
    const int kept = undo->count();
    qInfo("%d steps kept of %d, %zu bytes by their estimate, the heap grew by %zu bytes", kept,
          beforeSave + afterSave, document.undoHistoryBytes(), grown);
    QVERIFY2(kept > afterSave && kept < beforeSave + afterSave, qPrintable(QString::number(kept)));
    QCOMPARE(undo->index(), kept);
    QCOMPARE(undo->cleanIndex(), kept - afterSave);

    for (int back = 1; back < kept; ++back) {
        undo->undo();
        QCOMPARE(pe::ui::embeddingsOptions(document.state()).sentence, longSentence(beforeSave + afterSave - back));
        QCOMPARE(undo->isClean(), back == afterSave);
    }
    undo->undo();
    QVERIFY(!undo->canUndo());
    while (undo->canRedo())
        undo->redo();
    QCOMPARE(pe::ui::embeddingsOptions(document.state()).sentence, longSentence(beforeSave + afterSave));
}

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
