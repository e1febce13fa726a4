// SPDX-License-Identifier: MIT
// The grid view (issue 36): a table built as MAE's 2-D sin-cos reads back through the frame and
// the view exactly (every tile cell against a brute-force cosine written here), binned tiles are
// exact box averages, rows that are no grid are refused saying what was expected, a rotary map
// moves with its query, a click chooses a patch, sessions and undo keep the grid, and every data
// export equals the numbers the window draws.
#include "core/grid.h"
#include "tablefixtures.h"
#include "ui/document/document.h"
#include "ui/document/gridpart.h"
#include "ui/export/figureexport.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/state/session.h"
#include "ui/views/gridview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"
#include "ui/window/tablecontroller.h"
#include "ui/state/gridoptions.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QLabel>
#include <QSpinBox>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>

using pe::ui::gridPart;
using pe::core::RowMatrix;
using pe::ui::Document;
using pe::ui::Frame;
using pe::ui::GridOptions;
using pe::ui::GridSource;
using pe::ui::View;

namespace {

/// MAE's util/pos_embed.py written out: per patch (r, c), the first half of the dims are the
/// column's sines then cosines, the second half the row's, ω_k = 10000^(−k/(d/4)); a class
/// token of zeros first when asked.
RowMatrix maeTable(int rows, int cols, int dims, bool classToken)
{
    const int quarter = dims / 4, first = classToken ? 1 : 0;
    RowMatrix m = RowMatrix::Zero(first + rows * cols, dims);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            for (int k = 0; k < quarter; ++k) {
                const double omega = 1.0 / std::pow(10000.0, double(k) / quarter);
                m(first + r * cols + c, k) = std::sin(c * omega);
                m(first + r * cols + c, quarter + k) = std::cos(c * omega);
                m(first + r * cols + c, 2 * quarter + k) = std::sin(r * omega);
                m(first + r * cols + c, 3 * quarter + k) = std::cos(r * omega);
            }
    return m;
}

double bruteCosine(const RowMatrix& m, Eigen::Index a, Eigen::Index b)
{
    double dot = 0, na = 0, nb = 0;
    for (Eigen::Index i = 0; i < m.cols(); ++i) {
        dot += m(a, i) * m(b, i);
        na += m(a, i) * m(a, i);
        nb += m(b, i) * m(b, i);
    }
    return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0.0;
}

/// The tiles figure written from brute-force cosines: tile (tr, tc), cell (r, c).
RowMatrix bruteTiles(const RowMatrix& table, int rows, int cols, int first)
{
    RowMatrix t(rows * rows, cols * cols);
    for (int tr = 0; tr < rows; ++tr)
        for (int tc = 0; tc < cols; ++tc)
            for (int r = 0; r < rows; ++r)
                for (int c = 0; c < cols; ++c)
                    t(tr * rows + r, tc * cols + c) = bruteCosine(table, first + tr * cols + tc, first + r * cols + c);
    return t;
}

GridOptions withSource(GridSource source)
{
    GridOptions o;
    o.source = source;
    return o;
}

} // namespace

class TestGridView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void maeTableReadsBackExactly();
    void binnedTilesAreBoxAverages();
    void theViewDrawsTheFramesTiles();
    void refusesRowsThatAreNoGrid();
    void gridAndClassTokenMustMatchTheRows();
    void resizingKeepsTheClassToken();
    void rotaryMapsMoveWithTheQuery();
    void rotarySourcesTakeTheirOwnHeadDimBesideATable();
    void axesEndAtTheDataAndCellsStaySquare();
    void clickingATileChoosesItsPatch();
    void sessionsAndUndoKeepTheGrid();
    void dataExportsAreTheWindowsNumbers();
    void aVisionTableOpensOnTheGridView();

private:
    QTemporaryDir m_dir;
    RowMatrix m_mae;
    QString m_maePath, m_noGridPath, m_patchesOnlyPath;
};

void TestGridView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the window's remembered layout: not the user's
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    m_mae = maeTable(14, 14, 32, true);
    m_maePath = m_dir.filePath(QStringLiteral("mae.npy"));
    QVERIFY(pe::test::writeNpy(m_maePath, m_mae));
    m_noGridPath = m_dir.filePath(QStringLiteral("line.npy"));
    QVERIFY(pe::test::writeNpy(m_noGridPath, pe::test::irregularTable(102, 8)));
    m_patchesOnlyPath = m_dir.filePath(QStringLiteral("patches.npy"));
    QVERIFY(pe::test::writeNpy(m_patchesOnlyPath, maeTable(14, 14, 32, false)));
}

void TestGridView::maeTableReadsBackExactly()
{
    Document document;
    document.setTable(pe::test::loadTableOrFail(m_maePath)); // the default source: the table shown
    document.setPixels(pe::ui::views::grid, QSize(600, 600));
    document.computeNow();
    const Frame& f = *document.frame();
    QVERIFY(gridPart(f) && gridPart(f)->data);
    QVERIFY2(gridPart(f)->data->problem.isEmpty(), qPrintable(gridPart(f)->data->problem));
    QCOMPARE(gridPart(f)->data->shape, (pe::core::GridShape{14, 14, true})); // 197 rows: a class token and 14 × 14
    QVERIFY(gridPart(f)->tileRows.exact() && gridPart(f)->tileColumns.exact());
    const RowMatrix expected = bruteTiles(m_mae, 14, 14, 1);
    QCOMPARE(gridPart(f)->tiles.rows(), expected.rows());
    QCOMPARE(gridPart(f)->tiles.cols(), expected.cols());
    for (Eigen::Index i = 0; i < expected.rows(); ++i)
        for (Eigen::Index j = 0; j < expected.cols(); ++j)
            if (std::abs(gridPart(f)->tiles(i, j) - expected(i, j)) > 1e-12)
                QFAIL(qPrintable(QStringLiteral("tiles (%1, %2): %3, brute force %4").arg(i).arg(j).arg(gridPart(f)->tiles(i, j)).arg(expected(i, j))));
    // MAE's class token is zeros: apart from the grid, similar to nothing.
    QCOMPARE(gridPart(f)->data->classSimilarity.size(), Eigen::Index(196));
    QCOMPARE(gridPart(f)->data->classSimilarity.cwiseAbs().maxCoeff(), 0.0);
}

void TestGridView::binnedTilesAreBoxAverages()
{
    Document document;
    document.setTable(pe::test::loadTableOrFail(m_maePath));
    document.setPixels(pe::ui::views::grid, QSize(70, 45)); // fewer pixels than the 196 × 196 cells, unevenly
    document.computeNow();
    const Frame& f = *document.frame();
    QCOMPARE(gridPart(f)->tiles.rows(), Eigen::Index(45));
    QCOMPARE(gridPart(f)->tiles.cols(), Eigen::Index(70));
    const RowMatrix cells = bruteTiles(m_mae, 14, 14, 1);
    const double h = 196.0 / 45, w = 196.0 / 70;
    for (Eigen::Index i = 0; i < 45; ++i)
        for (Eigen::Index j = 0; j < 70; ++j) {
            const double expected = pe::test::boxAverage(cells, h * i, h * (i + 1), w * j, w * (j + 1));
            if (std::abs(gridPart(f)->tiles(i, j) - expected) > 1e-12)
                QFAIL(qPrintable(QStringLiteral("pixel (%1, %2): %3, brute force %4").arg(i).arg(j).arg(gridPart(f)->tiles(i, j)).arg(expected)));
        }
}

void TestGridView::theViewDrawsTheFramesTiles()
{
    Document document;
    pe::ui::GridView view(&document);
    view.resize(1100, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    document.setTable(pe::test::loadTableOrFail(m_maePath));
    QTRY_VERIFY_WITH_TIMEOUT(document.frame() && gridPart(*document.frame()) && document.frame()->table
                                 && view.tilesMap()->data()->keySize() == gridPart(*document.frame())->tiles.cols(),
                             10000);
    const Frame& f = *document.frame();
    // The view asked for the tiles' own pixels: at this size every cell is a pixel or more.
    QVERIFY(gridPart(f)->tileRows.exact() && gridPart(f)->tileColumns.exact());
    QCOMPARE(view.tilesMap()->data()->valueSize(), int(gridPart(f)->tiles.rows()));
    for (int i : {0, 17, 100, 195})
        for (int j : {0, 33, 150, 195})
            QCOMPARE(view.tilesMap()->data()->cell(j, i), gridPart(f)->tiles(i, j)); // key: column, value: row
    QVERIFY2(view.titleText().contains(QStringLiteral("14 × 14 patches and a class token")), qPrintable(view.titleText()));
    // The large map is patch (7, 7)'s similarity with every patch.
    for (int r = 0; r < 14; r += 3)
        for (int c = 0; c < 14; c += 4)
            QVERIFY(std::abs(view.patchMap()->data()->cell(c, r) - bruteCosine(m_mae, 1 + 7 * 14 + 7, 1 + r * 14 + c)) < 1e-12);
}

void TestGridView::refusesRowsThatAreNoGrid()
{
    Document document;
    pe::ui::GridView view(&document);
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    document.setTable(pe::test::loadTableOrFail(m_noGridPath));
    QTRY_VERIFY_WITH_TIMEOUT(view.titleText().contains(QStringLiteral("102 rows are no grid")), 10000);
    QVERIFY2(view.titleText().contains(QStringLiteral("197 = 1 + 14²")), qPrintable(view.titleText()));
    QCOMPARE(view.tilesMap()->data()->keySize(), 0);
    // The grid given: 102 rows are 6 × 17 patches.
    GridOptions o;
    o.rows = 6;
    o.cols = 17;
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
    QTRY_VERIFY_WITH_TIMEOUT(view.titleText().contains(QStringLiteral("6 × 17 patches")), 10000);
}

void TestGridView::gridAndClassTokenMustMatchTheRows()
{
    Document document;
    document.setTable(pe::test::loadTableOrFail(m_maePath));
    GridOptions o;
    o.rows = 24;
    o.cols = 32;
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
    document.computeNow();
    QVERIFY2(gridPart(*document.frame())->data->problem.contains(QStringLiteral("197 rows do not match a grid of 24 × 32 (768 rows)")),
             qPrintable(gridPart(*document.frame())->data->problem));

    document.setTable(pe::test::loadTableOrFail(m_patchesOnlyPath)); // 196 rows: patches only
    o = GridOptions{};
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
    document.computeNow();
    QCOMPARE(gridPart(*document.frame())->data->shape, (pe::core::GridShape{14, 14, false}));
    o.classToken = pe::core::ClassToken::Yes; // then 195 patches: no grid
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
    document.computeNow();
    QVERIFY2(gridPart(*document.frame())->data->problem.contains(QStringLiteral("leave 195 patches")),
             qPrintable(gridPart(*document.frame())->data->problem));
}

void TestGridView::resizingKeepsTheClassToken()
{
    Document document;
    document.setTable(pe::test::loadTableOrFail(m_maePath));
    GridOptions o;
    o.resizeRows = o.resizeCols = 24;
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
    document.computeNow();
    const pe::ui::GridData& g = *gridPart(*document.frame())->data;
    QVERIFY2(g.problem.isEmpty(), qPrintable(g.problem));
    QCOMPARE(g.shape, (pe::core::GridShape{24, 24, true}));
    QCOMPARE(g.original, (pe::core::GridShape{14, 14, true}));
    QCOMPARE(g.classVector, Eigen::VectorXd(m_mae.row(0).transpose()));
    QCOMPARE(g.similarity.rows(), Eigen::Index(576));
    // What fine-tuning at 384 px starts from is not the 24 × 24 sin-cos MAE would have built.
    const RowMatrix own = pe::core::rowCosineSimilarity(maeTable(24, 24, 32, false));
    QVERIFY((own - g.similarity).cwiseAbs().maxCoeff() > 0.05);
    QVERIFY2(gridPart(*document.frame())->data->resized(), "the title says it was resized");
}

void TestGridView::rotaryMapsMoveWithTheQuery()
{
    for (GridSource source : {GridSource::RopeAxial, GridSource::RopeMixed, GridSource::MRope}) {
        Document document;
        document.setDModel(32);
        GridOptions o = withSource(source);
        o.rows = o.cols = 8;
        document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
        document.computeNow();
        const pe::ui::GridData& g = *gridPart(*document.frame())->data;
        QVERIFY2(g.problem.isEmpty(), qPrintable(g.problem));
        o.patchRow = 2;
        o.patchCol = 3;
        const RowMatrix from = pe::ui::gridPatchMap(g, o);
        o.patchRow = 5;
        o.patchCol = 4;
        const RowMatrix moved = pe::ui::gridPatchMap(g, o);
        for (int r = 0; r + 3 < 8; ++r)
            for (int c = 0; c + 1 < 8; ++c)
                QVERIFY2(std::abs(moved(r + 3, c + 1) - from(r, c)) < 1e-12,
                         qPrintable(QStringLiteral("%1: key (%2, %3)").arg(pe::ui::gridSourceKey(source)).arg(r).arg(c)));
        QCOMPARE(from(2, 3), 1.0); // a query of ones against a key of ones at its own patch
    }
}

void TestGridView::rotarySourcesTakeTheirOwnHeadDimBesideATable()
{
    // Issue 48: with a ViT's table open (197 × 768) a rotary source turns a head's dims, 128 for
    // M-RoPE and 64 for the 2-D RoPEs, or the Head dim asked for; not the table's 768 columns.
    const QString wide = m_dir.filePath(QStringLiteral("vit768.npy"));
    QVERIFY(pe::test::writeNpy(wide, maeTable(14, 14, 768, true)));
    Document document;
    pe::ui::GridView view(&document);
    view.resize(1100, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    document.setTable(pe::test::loadTableOrFail(wide));
    document.sizeLikeTable(); // as File ▸ Open encoding does: the sinusoid beside it is 768 wide
    QCOMPARE(document.spec().dModel, 768);
    struct Case { GridSource source; int asked, expected; };
    for (const Case& c : {Case{GridSource::MRope, 0, 128}, Case{GridSource::RopeAxial, 0, 64}, Case{GridSource::RopeMixed, 0, 64},
                          Case{GridSource::MRope, 256, 256}, Case{GridSource::RopeAxial, 32, 32}}) {
        GridOptions o = withSource(c.source);
        o.headDim = c.asked;
        document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
        const QString name = QStringLiteral("%1, head dim %2").arg(pe::ui::gridSourceKey(c.source)).arg(c.asked);
        QTRY_VERIFY_WITH_TIMEOUT(document.frame() && gridPart(*document.frame())
                                     && gridPart(*document.frame())->options == pe::ui::gridOptionsFrom(pe::ui::toVariantMap(o)),
                                 10000);
        const pe::ui::GridData& g = *gridPart(*document.frame())->data;
        QVERIFY2(g.problem.isEmpty(), qPrintable(name + QStringLiteral(": ") + g.problem));
        QCOMPARE(g.dims(), c.expected);
        QVERIFY2(g.detail.contains(QStringLiteral("head dim %1").arg(c.expected)), qPrintable(g.detail));
        // The map of patch (7, 7) is a landscape, not one flat colour: far patches score lower.
        const RowMatrix map = pe::ui::gridPatchMap(g, o);
        // The map of patch (7, 7): a landscape for the 2-D RoPEs. Qwen2-VL's M-RoPE gives its
        // spatial pairs the slow frequencies, so its map is nearly flat at any head dimension
        // (0.9989 … 1 at 128); the title then says so instead of looking broken.
        QCOMPARE(map(7, 7), 1.0);
        if (c.source == GridSource::MRope) {
            QTRY_VERIFY_WITH_TIMEOUT(view.titleText().contains(QStringLiteral("hardly tells the patches apart")), 10000);
        } else {
            QVERIFY2(map.maxCoeff() - map.minCoeff() > 0.2,
                     qPrintable(QStringLiteral("%1: the patch map spans %2 … %3").arg(name).arg(map.minCoeff()).arg(map.maxCoeff())));
            QTRY_VERIFY_WITH_TIMEOUT(!view.titleText().contains(QStringLiteral("hardly tells")) && view.titleText().contains(QStringLiteral("head dim %1").arg(c.expected)), 10000);
        }
        // The box shows what is used: the number asked for, or auto with the number it takes.
        QTRY_VERIFY(view.headDimBox()->isVisible());
        QCOMPARE(view.headDimBox()->value(), c.asked);
        if (c.asked == 0)
            QCOMPARE(view.headDimBox()->text(), QStringLiteral("auto (%1)").arg(c.expected));
    }
    // A fixed encoding has no head: the box goes.
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(withSource(GridSource::Mae)));
    QTRY_VERIFY(!view.headDimBox()->isVisible());
}

void TestGridView::axesEndAtTheDataAndCellsStaySquare()
{
    // Issue 48: the axes of the tiles and of both maps run from −0.5 to the last row and column
    // + 0.5, exactly the data; cells stay square because the rects are sized, at any view size,
    // and a view made smaller and large again comes back to the same rects.
    Document document;
    pe::ui::GridView view(&document);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCustomPlot* plot = view.plot();
    struct Case { int rows, cols; QSize size; };
    QRect first;
    for (const Case& c : {Case{14, 14, {1100, 700}}, Case{6, 9, {1100, 700}}, Case{6, 9, {640, 480}}, Case{14, 14, {640, 480}},
                          Case{14, 14, {1100, 700}}}) {
        GridOptions o = withSource(GridSource::Mae);
        o.rows = c.rows;
        o.cols = c.cols;
        o.patchRow = o.patchCol = 3;
        view.resize(c.size);
        document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
        document.computeNow();
        QTRY_VERIFY_WITH_TIMEOUT(view.titleText().contains(QStringLiteral("%1 × %2 patches").arg(c.rows).arg(c.cols)), 10000);
        plot->replot();
        QCoreApplication::processEvents();
        plot->replot();
        const QString name = QStringLiteral("%1 × %2 at %3 × %4").arg(c.rows).arg(c.cols).arg(c.size.width()).arg(c.size.height());
        for (QCPAxisRect* rect : {view.tilesRect(), view.patchRect(), view.dimensionRect()}) {
            // A tile holds a cell per patch (W × H of them); a map a cell per patch.
            const int cellsAcross = rect == view.tilesRect() ? c.cols * c.cols : c.cols;
            const int cellsDown = rect == view.tilesRect() ? c.rows * c.rows : c.rows;
            const QCPRange x = rect->axis(QCPAxis::atBottom)->range(), y = rect->axis(QCPAxis::atLeft)->range();
            QVERIFY2(std::abs(x.lower + 0.5) < 1e-9 && std::abs(x.upper - (c.cols - 0.5)) < 1e-9,
                     qPrintable(QStringLiteral("%1: x %2 … %3").arg(name).arg(x.lower).arg(x.upper)));
            QVERIFY2(std::abs(y.lower + 0.5) < 1e-9 && std::abs(y.upper - (c.rows - 0.5)) < 1e-9,
                     qPrintable(QStringLiteral("%1: y %2 … %3").arg(name).arg(y.lower).arg(y.upper)));
            // Square cells: the rect's pixels per cell across and down agree to a pixel of the rect.
            const QRect r = rect->rect();
            QVERIFY2(r.width() > 20 && r.height() > 20, qPrintable(name));
            QVERIFY2(std::abs(double(r.width()) / cellsAcross - double(r.height()) / cellsDown) * std::max(cellsAcross, cellsDown)
                         <= 1.5 + 1e-9,
                     qPrintable(QStringLiteral("%1: a %2 × %3 px rect").arg(name).arg(r.width()).arg(r.height())));
        }
        // Each colour scale is as tall as its map.
        const auto* similarityScale = qobject_cast<QCPColorScale*>(view.patchMap()->colorScale());
        QVERIFY(similarityScale);
        QVERIFY2(std::abs(similarityScale->axis()->axisRect()->rect().height() - view.patchRect()->rect().height()) <= 1,
                 qPrintable(name));
        if (first.isNull())
            first = view.tilesRect()->rect();
    }
    QCOMPARE(view.tilesRect()->rect(), first); // back at 1100 × 700 with 14 × 14: the same rect

    // The monkey's small presenting windows, where a grid sized by its margins never settled
    // (stop 50): the layout comes to rest, the axes still end at the data.
    view.setScale(1.7);
    for (const QSize size : {QSize(454, 240), QSize(931, 122), QSize(300, 90)}) {
        view.resize(size);
        QCoreApplication::processEvents();
        plot->replot();
        plot->replot();
        QList<QRect> settled;
        for (QCPAxisRect* rect : {view.tilesRect(), view.patchRect(), view.dimensionRect()})
            settled << rect->outerRect();
        plot->replot();
        QList<QRect> again;
        for (QCPAxisRect* rect : {view.tilesRect(), view.patchRect(), view.dimensionRect()})
            again << rect->outerRect();
        QCOMPARE(again, settled);
        QCOMPARE(view.tilesRect()->axis(QCPAxis::atLeft)->range().upper, 13.5);
    }
}

void TestGridView::clickingATileChoosesItsPatch()
{
    Document document;
    document.setDModel(64);
    pe::ui::GridView view(&document);
    view.resize(1100, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY_WITH_TIMEOUT(view.tilesMap()->data()->keySize() > 0, 10000);
    // The layout settles: the frame for the view's own pixels drawn, the axes' ranges where a
    // click will find them (slow under the sanitizers).
    QTRY_VERIFY_WITH_TIMEOUT(document.isFrameCurrent(), 10000);
    QPointF settled;
    QTRY_VERIFY_WITH_TIMEOUT([&] {
        QCoreApplication::processEvents();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QPointF at(view.tilesRect()->axis(QCPAxis::atBottom)->coordToPixel(9),
                         view.tilesRect()->axis(QCPAxis::atLeft)->coordToPixel(3));
        const bool same = at == settled;
        settled = at;
        return same && document.isFrameCurrent();
    }(), 10000);
    QCPAxisRect* tiles = view.tilesRect();
    const QPoint tile(int(tiles->axis(QCPAxis::atBottom)->coordToPixel(9)), int(tiles->axis(QCPAxis::atLeft)->coordToPixel(3)));
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, tile);
    QTRY_COMPARE(pe::ui::gridOptions(document.state()).patchRow, 3);
    QCOMPARE(pe::ui::gridOptions(document.state()).patchCol, 9);
    QTRY_COMPARE(view.patchRowBox()->value(), 3);
    // The large map: a click there moves the query too.
    QCPAxisRect* map = view.patchRect();
    const QPoint cell(int(map->axis(QCPAxis::atBottom)->coordToPixel(1)), int(map->axis(QCPAxis::atLeft)->coordToPixel(12)));
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, cell);
    QTRY_COMPARE(pe::ui::gridOptions(document.state()).patchRow, 12);
    QCOMPARE(pe::ui::gridOptions(document.state()).patchCol, 1);
    document.undoStack()->undo();
    QCOMPARE(pe::ui::gridOptions(document.state()).patchRow, 3);
}

void TestGridView::sessionsAndUndoKeepTheGrid()
{
    pe::ui::Session session;
    GridOptions o;
    o.source = GridSource::RopeMixed;
    o.rows = 24;
    o.cols = 32;
    o.classToken = pe::core::ClassToken::No;
    o.patchRow = 5;
    o.patchCol = 30;
    o.classTokenQuery = true;
    o.dimension = 17;
    o.resizeRows = 12;
    o.resizeCols = 16;
    o.head = 3;
    o.data = pe::ui::GridExport::Dimension;
    pe::ui::setGridOptions(session.settings.state, o);
    const pe::ui::SessionResult read = pe::ui::parseSession(pe::ui::serializeSession(session));
    QVERIFY(std::holds_alternative<pe::ui::Session>(read));
    QVERIFY(pe::ui::gridOptions(std::get<pe::ui::Session>(read).settings.state) == o);

    Document document;
    const GridOptions before = pe::ui::gridOptions(document.state());
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
    QVERIFY(pe::ui::gridOptions(document.state()) == o);
    document.undoStack()->undo();
    QVERIFY(pe::ui::gridOptions(document.state()) == before);
}

void TestGridView::dataExportsAreTheWindowsNumbers()
{
    Document document;
    document.setTable(pe::test::loadTableOrFail(m_maePath));
    GridOptions o;
    o.patchRow = 4;
    o.patchCol = 11;
    o.dimension = 9;
    document.setViewOptions(pe::ui::views::grid, pe::ui::toVariantMap(o));
    document.computeNow();
    const pe::ui::GridData& g = *gridPart(*document.frame())->data;
    const std::pair<pe::ui::GridExport, RowMatrix> exports[] = {
        {pe::ui::GridExport::Tiles, g.similarity},
        {pe::ui::GridExport::Patch, pe::ui::gridPatchMap(g, o)},
        {pe::ui::GridExport::Dimension, pe::ui::gridDimensionMap(g, o)},
    };
    for (const auto& [what, shown] : exports) {
        pe::ui::ExportRequest request;
        request.view = pe::ui::views::grid;
        request.spec = document.spec();
        request.state = document.state();
        GridOptions asked = pe::ui::gridOptions(request.state);
        asked.data = what;
        pe::ui::setGridOptions(request.state, asked);
        request.table = document.table();
        request.path = m_dir.filePath(pe::ui::gridExportKey(what) + QStringLiteral(".npy"));
        const pe::ui::ExportResult result = pe::ui::exportFile(request, pe::ui::singleColumnFigure());
        QVERIFY2(result.status == pe::ui::ExportResult::Status::Ok, qPrintable(result.message));
        const pe::ui::LoadedTablePtr written = pe::test::loadTableOrFail(request.path);
        QVERIFY(written->values);
        QCOMPARE(written->values->rows(), shown.rows());
        QCOMPARE(written->values->cols(), shown.cols());
        QCOMPARE((*written->values - shown).cwiseAbs().maxCoeff(), 0.0);
    }
    // The patch map is the tiles' row of that patch; the dimension map the table's column.
    QCOMPARE(exports[1].second(2, 3), bruteCosine(m_mae, 1 + 4 * 14 + 11, 1 + 2 * 14 + 3));
    QCOMPARE(exports[2].second(6, 8), m_mae(1 + 6 * 14 + 8, 9));
}

void TestGridView::aVisionTableOpensOnTheGridView()
{
    // File ▸ Open encoding (and --encoding without --view) of 1 + 14 × 14 rows: one step to the
    // ViT figure, the heatmap beside it; a table that is no vision transformer's leaves the stage.
    pe::ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.stage()->chosen(), pe::ui::views::heatmap);
    window.tables()->open(m_noGridPath, {}, true);
    window.tables()->showClaimingViewWhenLoaded();
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->table() && !window.tables()->loader()->isLoading(), 10000);
    QTest::qWait(50);
    QCOMPARE(window.stage()->chosen(), pe::ui::views::heatmap);
    window.tables()->open(m_maePath, {}, true);
    window.tables()->showClaimingViewWhenLoaded();
    QTRY_COMPARE_WITH_TIMEOUT(window.stage()->chosen(), pe::ui::views::grid, 10000);
    QCOMPARE(window.stage()->beside(), std::optional(pe::ui::views::heatmap));
    auto* grid = qobject_cast<pe::ui::GridView*>(window.plotView(pe::ui::views::grid));
    QVERIFY(grid);
    QTRY_VERIFY_WITH_TIMEOUT(grid->titleText().contains(QStringLiteral("14 × 14 patches and a class token")), 10000);
    // The note that says so is longer than the status line at 1366 px: it is shown whole above
    // the line, and the window does not grow past the screen to hold it.
    const QString note = window.statusText();
    QVERIFY2(note.contains(QStringLiteral("Its 197 rows are a class token and 14 × 14 patches")), qPrintable(note));
    QCOMPARE(window.width(), 1366);
    auto* toast = window.findChild<QLabel*>(QStringLiteral("noteToast"));
    QVERIFY(toast && toast->isVisible());
    QCOMPARE(toast->text(), note);
    QVERIFY(window.rect().contains(toast->geometry()));
    QVERIFY(toast->height() >= toast->heightForWidth(toast->width()));
    QTest::mouseClick(toast, Qt::LeftButton); // dismissed with a click
    QVERIFY(!toast->isVisible());
}

QTEST_MAIN(TestGridView)
#include "tst_gridview.moc"
