// SPDX-License-Identifier: MIT
// The Heads view in the window (issue 51): a checkpoint opened through File ▸ Open checkpoint's
// controller, a head built to attend to the previous position found and named as such (its
// weights written in tests/common/checkpointwriter.h, so the expected word follows from them),
// a head of zeros named uniform, the tiles choosing the head, and a bad checkpoint refused with
// the window keeping what it showed; the map and the tiles with square cells, a bin per pixel
// each the exact mean of its cells, the Llama family's tiles layer × head, and a max_len step
// that reads nothing again.
#include "windowprobes.h"

#include "tests/common/checkpointwriter.h"
#include "ui/document/document.h"
#include "ui/document/headspart.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/state/viewcatalog.h"
#include "ui/views/headsview.h"
#include "ui/window/checkpointcontroller.h"
#include "ui/window/mainwindow.h"

#include <QScreen>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using pe::ui::HeadsView;

class TestHeadsView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_headsview"));
        QSettings().clear();
    }

    void withoutACheckpointItSaysHowToOpenOne()
    {
        auto window = windowprobes::launch(QSize(1366, 768));
        QVERIFY(window);
        QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heads));
        const QString title = windowprobes::plotTitle(window->plotView(pe::ui::views::heads)->plot());
        QVERIFY2(title.contains(QStringLiteral("Open checkpoint")), qPrintable(title));
    }

    void squareCellsAtEverySize_data();
    void squareCellsAtEverySize();
    void everyLayersTilesAndTheMapAreExactBinMeans();
    void aMaxLenStepTakesTheFirstRowsOfWhatWasRead();

    void aPreviousTokenHeadIsFoundAndNamed()
    {
        QTemporaryDir folder;
        QVERIFY(testsupport::writePreviousTokenGpt2(folder.path()));
        auto window = windowprobes::launch(QSize(1366, 768));
        QVERIFY(window);
        QCOMPARE(window->fileOpener<pe::ui::CheckpointController>(pe::ui::views::heads)->apply(folder.path()), QString());
        QCOMPARE(window->document()->spec().maxLen, 8); // the model's positions
        QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heads));
        auto* view = qobject_cast<HeadsView*>(window->plotView(pe::ui::views::heads));
        QVERIFY(view);
        QTRY_VERIFY2(view->summaryText().startsWith(QStringLiteral("head 0: previous-token head")), qPrintable(view->summaryText()));
        const pe::ui::HeadsPart* part = window->document()->frame()->partOf<pe::ui::HeadsPart>(pe::ui::views::heads);
        QVERIFY(part && part->summaries.size() == 2);
        // S[i, i − 1] = 32/√8 ≈ 11.3 and 0 elsewhere: row i puts e^11.3 / (e^11.3 + i) on the key before.
        const double s = 32 / std::sqrt(8.0) / (1 + 1e-5); // LayerNorm divides q and k each by sqrt(1 + eps)
        double want = 0;
        for (int i = 1; i < 8; ++i)
            want += std::exp(s) / (std::exp(s) + i);
        QVERIFY2(std::abs(part->summaries[0].previousToken - want / 7) < 1e-9, qPrintable(QString::number(part->summaries[0].previousToken)));
        QCOMPARE(part->summaries[1].kind, pe::ui::HeadSummary::Kind::Uniform);
        const QString title = windowprobes::plotTitle(view->plot());
        QVERIFY2(title.contains(QStringLiteral("GPT-2")) && title.contains(QStringLiteral("2 heads")), qPrintable(title));

        // A click on the second tile draws head 1 large.
        QCPAxisRect* tiles = view->tilesRect();
        const QPointF secondTile(tiles->axis(QCPAxis::atBottom)->coordToPixel(view->tilesMap()->data()->keyRange().upper - 1),
                                 tiles->axis(QCPAxis::atLeft)->coordToPixel(1));
        QCOMPARE(view->tileAt(secondTile).second, 1);
        QTest::mouseClick(view->plot(), Qt::LeftButton, {}, secondTile.toPoint());
        QTRY_COMPARE(view->headBox()->value(), 1);
        QTRY_VERIFY2(view->summaryText().startsWith(QStringLiteral("head 1: uniform")), qPrintable(view->summaryText()));

        // A checkpoint that cannot be read is refused by name; the view keeps the one it showed.
        const QString missing = folder.filePath(QStringLiteral("nothing-here"));
        const QString error = window->fileOpener<pe::ui::CheckpointController>(pe::ui::views::heads)->apply(missing);
        QVERIFY2(error.contains(missing), qPrintable(error));
        QVERIFY(windowprobes::waitForFrame(*window));
        QTRY_VERIFY(view->summaryText().startsWith(QStringLiteral("head 1: uniform")));
    }
};

namespace {

/// The mean of f(i, j) over rows [r0, r1) and columns [c0, c1), cut as the pixels cut them:
/// bin b of B over n cells starts at floor(n·b / B).
template <typename F>
double binMean(F f, std::int64_t n, std::int64_t rowBins, std::int64_t row, std::int64_t columnBins, std::int64_t column)
{
    const std::int64_t r0 = n * row / rowBins, r1 = n * (row + 1) / rowBins, c0 = n * column / columnBins, c1 = n * (column + 1) / columnBins;
    double sum = 0;
    for (std::int64_t i = r0; i < r1; ++i)
        for (std::int64_t j = c0; j < c1; ++j)
            sum += f(i, j);
    return sum / double((r1 - r0) * (c1 - c0));
}

/// The map's rect as the plot's device pixels.
QSize devicePixels(QCPAxisRect* rect)
{
    const double ratio = rect->parentPlot()->devicePixelRatioF();
    return QSize(int(std::lround(rect->rect().width() * ratio)), int(std::lround(rect->rect().height() * ratio)));
}

} // namespace

void TestHeadsView::squareCellsAtEverySize_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("projector") << QSize(1366, 768);
    QTest::newRow("large screen") << QSize(1920, 1080);
}

void TestHeadsView::squareCellsAtEverySize()
{
    QFETCH(QSize, size);
    QTemporaryDir folder;
    QVERIFY(testsupport::writeOnePairLlama(folder.path(), 3, 64));
    auto window = windowprobes::launch(size);
    QVERIFY(window);
    QCOMPARE(window->fileOpener<pe::ui::CheckpointController>(pe::ui::views::heads)->apply(folder.path()), QString());
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heads));
    auto* view = qobject_cast<HeadsView*>(window->plotView(pe::ui::views::heads));
    QVERIFY(view);
    for (const bool presenting : {false, true}) {
        window->setPresentationMode(presenting);
        QVERIFY(windowprobes::waitForFrame(*window));
        QTRY_VERIFY(view->tilesMap()->cells()->matrixRows() > 0);
        view->plot()->replot();
        // L × L cells on a square; the tiles' image (3 layers × 2 heads of b² bins, a cell
        // between them) at its own aspect: every cell as wide as tall, within a pixel.
        const QRect head = view->headRect()->rect();
        QVERIFY2(std::abs(head.width() - head.height()) <= 1, qPrintable(QStringLiteral("%1 × %2").arg(head.width()).arg(head.height())));
        QVERIFY2(head.width() >= 150, qPrintable(QString::number(head.width())));
        const QRect tiles = view->tilesRect()->rect();
        const double cellWidth = double(tiles.width()) / view->tilesMap()->cells()->matrixColumns();
        const double cellHeight = double(tiles.height()) / view->tilesMap()->cells()->matrixRows();
        QVERIFY2(std::abs(cellWidth - cellHeight) * view->tilesMap()->cells()->matrixRows() <= 1.5,
                 qPrintable(QStringLiteral("%1 × %2 per cell").arg(cellWidth).arg(cellHeight)));
    }
}

void TestHeadsView::everyLayersTilesAndTheMapAreExactBinMeans()
{
    QTemporaryDir folder;
    constexpr int layers = 3, positions = 4096;
    QVERIFY(testsupport::writeOnePairLlama(folder.path(), layers, positions));
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QCOMPARE(window->fileOpener<pe::ui::CheckpointController>(pe::ui::views::heads)->apply(folder.path()), QString());
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heads));
    auto* view = qobject_cast<HeadsView*>(window->plotView(pe::ui::views::heads));
    QVERIFY(view);
    pe::ui::Document* document = window->document();
    const auto part = [&] { return document->frame()->partOf<pe::ui::HeadsPart>(pe::ui::views::heads); };
    // The map: a bin per pixel of its rect (4096 positions on far fewer), once the layout settled.
    QTRY_VERIFY(part() && part()->layer && QSize(int(part()->map.cols()), int(part()->map.rows())) == devicePixels(view->headRect()));
    const pe::ui::HeadsPart* p = part();
    QCOMPARE(p->length, std::int64_t(positions));
    QVERIFY(p->map.rows() < positions);
    const double theta0 = 1.0; // pair onePairOf(0, 0) = 0: θ_0 = 10000^0
    QCOMPARE(testsupport::onePairOf(0, 0), 0);
    const auto scores = [&](std::int64_t i, std::int64_t j) {
        return std::cos(double(i - j) * theta0) / ((1 + testsupport::onePairLlamaEps) * std::sqrt(8.0));
    };
    const std::int64_t rows = p->map.rows(), columns = p->map.cols();
    for (const auto& [r, c] : {std::pair<std::int64_t, std::int64_t>{0, 0}, {rows / 2, columns / 3}, {rows - 1, 0}, {0, columns - 1}}) {
        const double want = binMean(scores, positions, rows, r, columns, c);
        QVERIFY2(std::abs(p->map(r, c) - want) < 1e-9, qPrintable(QStringLiteral("bin (%1, %2): %3, want %4").arg(r).arg(c).arg(p->map(r, c)).arg(want)));
    }

    // The tiles: layer × head, each its pair's cosine over the first 1024 positions, binned.
    QCOMPARE(p->tileRows, layers);
    QCOMPARE(p->tileColumns, 2);
    QVERIFY(p->tilesByLayer);
    QCOMPARE(int(p->tiles.size()), layers * 2);
    const std::int64_t n = pe::ui::HeadsPart::summaryLength, b = p->tileBins;
    QVERIFY(b >= 2);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < 2; ++h) {
            const double theta = std::pow(10000.0, -2.0 * testsupport::onePairOf(l, h) / 8.0);
            const Eigen::MatrixXd& tile = p->tiles[std::size_t(l * 2 + h)];
            for (std::int64_t r = 0; r < b; r += std::max<std::int64_t>(1, b / 5))
                for (std::int64_t c = 0; c < b; c += std::max<std::int64_t>(1, b / 4)) {
                    const double want = binMean([&](std::int64_t i, std::int64_t j) { return std::cos(double(i - j) * theta); }, n, b, r, b, c)
                                      / ((1 + testsupport::onePairLlamaEps) * std::sqrt(8.0));
                    QVERIFY2(std::abs(tile(r, c) - want) < 1e-9, qPrintable(QStringLiteral("layer %1 head %2 bin (%3, %4): %5, want %6")
                                                                               .arg(l).arg(h).arg(r).arg(c).arg(tile(r, c)).arg(want)));
                }
        }

    // A click on the tile of layer 2, head 1 draws it large; the layers were read once.
    const auto everyLayer = p->everyLayer;
    const int step = int(b) + 1;
    const QPoint tile(int(view->tilesRect()->axis(QCPAxis::atBottom)->coordToPixel(1 * step + b / 2.0)),
                      int(view->tilesRect()->axis(QCPAxis::atLeft)->coordToPixel(2 * step + b / 2.0)));
    QCOMPARE(view->tileAt(tile), (std::pair<int, int>{2, 1}));
    QTest::mouseClick(view->plot(), Qt::LeftButton, {}, tile);
    QTRY_COMPARE(view->layerBox()->value(), 2);
    QCOMPARE(view->headBox()->value(), 1);
    QTRY_VERIFY(part() && part()->layer && part()->layer->layer == 2);
    QCOMPARE(part()->everyLayer, everyLayer);
    // A max_len step reads nothing again either.
    document->setMaxLen(1000);
    QTRY_VERIFY(part() && part()->length == 1000);
    QCOMPARE(part()->everyLayer, everyLayer);
}

void TestHeadsView::aMaxLenStepTakesTheFirstRowsOfWhatWasRead()
{
    QTemporaryDir folder;
    QVERIFY(testsupport::writePreviousTokenGpt2(folder.path()));
    auto window = windowprobes::launch(QSize(1366, 768));
    QVERIFY(window);
    QCOMPARE(window->fileOpener<pe::ui::CheckpointController>(pe::ui::views::heads)->apply(folder.path()), QString());
    QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heads));
    pe::ui::Document* document = window->document();
    const auto part = [&] { return document->frame()->partOf<pe::ui::HeadsPart>(pe::ui::views::heads); };
    QTRY_VERIFY(part() && part()->layer);
    const auto source = part()->source;
    QCOMPARE(source->length, std::int64_t(8)); // the model's positions, read once
    document->setMaxLen(5);
    QTRY_VERIFY(part() && part()->length == 5);
    QCOMPARE(part()->source, source);
    QCOMPARE(part()->layer->projected->queries, Eigen::MatrixXd(source->projected->queries.topRows(5)));
    QCOMPARE(part()->map.rows(), Eigen::Index(5)); // five positions on many more pixels: a bin each
    document->setMaxLen(8);
    QTRY_VERIFY(part() && part()->length == 8);
    QCOMPARE(part()->source, source);
}

QTEST_MAIN(TestHeadsView)
#include "tst_headsview.moc"
