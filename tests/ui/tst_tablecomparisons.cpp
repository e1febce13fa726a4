// SPDX-License-Identifier: MIT
// The views that compare a loaded table's rows and columns (issue 14): the similarity (dot
// product and cosine; each cell the exact mean of its block of row pairs, against sums written
// here), one row against every row, the waves of chosen columns (every row, or the exact mean of
// each run of rows), their data exports, a table too large for memory, the window sizing the
// sinusoid like the table, and a sinusoid exported by the program and read back reproducing the
// sinusoid's own views.
#include "tablefixtures.h"

#include "core/encoding.h"
#include "ui/document/heatmappart.h"
#include "ui/document/conventionspart.h"
#include "ui/document/document.h"
#include "ui/document/precisionpart.h"
#include "ui/document/similaritypart.h"
#include "ui/document/wavespart.h"
#include "ui/export/dataexport.h"
#include "ui/views/conventionsview.h"
#include "ui/views/precisionview.h"
#include "ui/views/similarityview.h"
#include "ui/views/wavesview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/tablecontroller.h"
#include "ui/state/methodsoptions.h"

#include <QSignalSpy>
#include <qcustomplot.h>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace pe::ui;
using pe::core::RowMatrix;

namespace {

/// The conventions view's part of a frame; an empty one when the frame has none (the checks on
/// it then fail).
const ConventionsPart& conventions(const Frame& frame) { return frame.partOrEmpty<ConventionsPart>(pe::ui::views::conventions); }

/// The similarity view's part of a frame; an empty one when the frame has none.
const SimilarityPart& similarityOf(const Frame& frame) { return frame.partOrEmpty<SimilarityPart>(pe::ui::views::similarity); }

/// The precision view's part of a frame; an empty one when the frame has none.
const PrecisionPart& precision(const Frame& frame) { return frame.partOrEmpty<PrecisionPart>(pe::ui::views::precision); }
const pe::ui::WavesPart& wavesOf(const Frame& frame) { return frame.partOrEmpty<pe::ui::WavesPart>(pe::ui::views::waves); }

/// The similarity of rows p and q of m, summed here: a dot product, or the cosine (0 against
/// a zero row).
double similarity(const RowMatrix& m, Eigen::Index p, Eigen::Index q, bool cosine)
{
    double dot = 0, pp = 0, qq = 0;
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
        dot += m(p, c) * m(q, c);
        pp += m(p, c) * m(p, c);
        qq += m(q, c) * m(q, c);
    }
    if (!cosine)
        return dot;
    return pp > 0 && qq > 0 ? dot / std::sqrt(pp * qq) : 0.0;
}

/// The rows of the similarity's bins: bin i covers [starts[i], starts[i + 1]) (the rows the
/// view's hover names; the test checks that they tile the rows evenly).
QList<Eigen::Index> runStarts(Eigen::Index rows, Eigen::Index bins)
{
    QList<Eigen::Index> starts;
    for (Eigen::Index i = 0; i <= bins; ++i)
        starts.append(pe::core::binStart(rows, bins, i));
    return starts;
}

const Frame& computed(Document& document)
{
    document.computeNow();
    return *document.frame();
}

} // namespace

class TestTableComparisons : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    RowMatrix m_values;
    QString m_path;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_values = pe::test::irregularTable(37, 23, 777);
        m_values.row(4).setZero(); // a zero row: its cosine with anything is 0
        m_path = m_dir.filePath("irregular.npy");
        QVERIFY(pe::test::writeNpy(m_path, m_values));
    }

    void similarityCellsAreExactBlockMeans_data()
    {
        QTest::addColumn<int>("pixels");
        QTest::addColumn<bool>("cosine");
        QTest::newRow("every pair, dot product") << 400 << false;
        QTest::newRow("every pair, cosine") << 400 << true;
        QTest::newRow("3.7 rows per cell, dot product") << 10 << false;
        QTest::newRow("3.7 rows per cell, cosine") << 10 << true;
        QTest::newRow("one cell") << 1 << true;
    }
    void similarityCellsAreExactBlockMeans()
    {
        QFETCH(int, pixels);
        QFETCH(bool, cosine);
        Document document;
        document.setTable(pe::test::loadTableOrFail(m_path));
        document.setPixels(pe::ui::views::similarity, QSize(pixels, 0));
        document.setNormalize(cosine);
        const Frame& f = computed(document);
        const Eigen::Index bins = std::min<Eigen::Index>(pixels, 37);
        QCOMPARE(f.positionCount(), 37);
        QCOMPARE(similarityOf(f).matrix.rows(), bins);
        QCOMPARE(similarityOf(f).exact(), bins == 37);
        // The bins tile the rows, as evenly as whole rows allow.
        const QList<Eigen::Index> starts = runStarts(37, bins);
        QCOMPARE(starts.front(), 0);
        QCOMPARE(starts.back(), 37);
        for (Eigen::Index i = 0; i < bins; ++i) {
            const Eigen::Index size = starts[i + 1] - starts[i];
            QVERIFY(size == 37 / bins || size == (37 + bins - 1) / bins);
        }
        for (Eigen::Index i = 0; i < bins; ++i)
            for (Eigen::Index j = 0; j < bins; ++j) {
                double sum = 0;
                for (Eigen::Index p = starts[i]; p < starts[i + 1]; ++p)
                    for (Eigen::Index q = starts[j]; q < starts[j + 1]; ++q)
                        sum += similarity(m_values, p, q, cosine);
                const double expected = sum / double((starts[i + 1] - starts[i]) * (starts[j + 1] - starts[j]));
                if (std::abs(similarityOf(f).matrix(i, j) - expected) > 1e-12)
                    QFAIL(qPrintable(QStringLiteral("cell (%1, %2): %3, summed %4").arg(i).arg(j).arg(similarityOf(f).matrix(i, j)).arg(expected)));
            }
    }

    void oneRowAgainstEveryRow()
    {
        Document document;
        document.setTable(pe::test::loadTableOrFail(m_path));
        document.setMaxLen(100);
        document.selectPosition(80); // beyond the table's 37 rows: its last row
        for (bool cosine : {false, true}) {
            document.setNormalize(cosine);
            const Frame& f = computed(document);
            QCOMPARE(similarityOf(f).profileRow, 36);
            QCOMPARE(similarityOf(f).profileX.size(), 37);
            for (int q = 0; q < 37; ++q) {
                QCOMPARE(similarityOf(f).profileX[q], double(q));
                QVERIFY(std::abs(similarityOf(f).profileY[q] - similarity(m_values, 36, q, cosine)) < 1e-12);
            }
            QVERIFY(std::abs(similarityOf(f).selfSimilarity - similarity(m_values, 36, 36, cosine)) < 1e-12);
        }
        // The zero row against the rest: cosine 0, not NaN.
        document.selectPosition(4);
        const Frame& f = computed(document);
        QCOMPARE(similarityOf(f).profileRow, 4);
        for (double y : similarityOf(f).profileY)
            QCOMPARE(y, 0.0);
    }

    void aSliderStepKeepsTheTablesSimilarity()
    {
        Document document;
        document.setTable(pe::test::loadTableOrFail(m_path));
        document.setPixels(pe::ui::views::similarity, QSize(10, 0));
        const RowMatrix* before = &similarityOf(computed(document)).matrix.matrix();
        document.setDModel(32);
        document.selectPosition(7);
        QCOMPARE(&similarityOf(computed(document)).matrix.matrix(), before); // the table did not change
        document.setNormalize(true);
        QVERIFY(&similarityOf(computed(document)).matrix.matrix() != before);
    }

    void wavesAreTheTablesColumns()
    {
        Document document;
        document.setTable(pe::test::loadTableOrFail(m_path));
        document.setWaveDims({0, 5, 22, 30}); // 30 lies beyond the table's 23 columns
        const Frame& f = computed(document);
        QCOMPARE(wavesOf(f).waves.size(), 3);
        QCOMPARE(wavesOf(f).firstRow, 0);
        QCOMPARE(wavesOf(f).rowCount, 37);
        for (const pe::ui::WaveData& wave : wavesOf(f).waves) {
            QVERIFY(wave.tableColumn);
            QCOMPARE(wave.curveX.size(), 37);
            QCOMPARE(wave.sampleX.size(), 37); // few rows: a dot on each
            for (int r = 0; r < 37; ++r) {
                QCOMPARE(wave.curveX[r], double(r));
                QCOMPARE(wave.curveY[r], m_values(r, wave.dim));
                QCOMPARE(wave.sampleY[r], m_values(r, wave.dim));
            }
        }
        // Zoomed to rows 10 … 19.
        document.setZoom(pe::ui::views::waves, {10, 20});
        const Frame& zoomed = computed(document);
        QCOMPARE(wavesOf(zoomed).waves.front().curveX.front(), 10.0);
        QCOMPARE(wavesOf(zoomed).waves.front().curveY.back(), m_values(19, 0));
        // The table stays what it is whatever the sinusoid beside it does: a d_model step keeps
        // its waves (and its zoom), a new set of columns does not.
        const pe::ui::ViewPartPtr kept = zoomed.partPointer(pe::ui::views::waves); // held: its address stays its own
        document.setDModel(document.spec().dModel + 2);
        QCOMPARE(computed(document).partPointer(pe::ui::views::waves), kept);
        document.setWaveDims({1});
        QVERIFY(computed(document).partPointer(pe::ui::views::waves) != kept);
        QCOMPARE(wavesOf(computed(document)).waves.front().curveY.front(), m_values(0, 1)); // zoomed out again
    }

    void wavesOfManyRowsAreRunMeans()
    {
        const RowMatrix values = pe::test::irregularTable(20011, 2, 99);
        const QString path = m_dir.filePath("long.npy");
        QVERIFY(pe::test::writeNpy(path, values));
        Document document;
        document.setTable(pe::test::loadTableOrFail(path));
        document.setWaveDims({1});
        const Frame& f = computed(document);
        QCOMPARE(wavesOf(f).waves.size(), 1);
        const pe::ui::WaveData& wave = wavesOf(f).waves.front();
        QVERIFY(wave.curveX.size() < 20011);
        QVERIFY(wave.curveX.size() >= 1000);
        QVERIFY(wave.sampleX.isEmpty()); // no dots: a dot would stand for one row of many
        // Each point sits at the centre of its run; the runs tile all rows in order.
        double runStart = 0;
        for (int i = 0; i < wave.curveX.size(); ++i) {
            const double runEnd = 2 * wave.curveX[i] + 1 - runStart; // centre (a + b − 1)/2
            QVERIFY2(runEnd > runStart && runEnd == std::floor(runEnd), qPrintable(QString::number(i)));
            double sum = 0;
            for (auto r = Eigen::Index(runStart); r < Eigen::Index(runEnd); ++r)
                sum += values(r, 1);
            QVERIFY(std::abs(wave.curveY[i] - sum / (runEnd - runStart)) < 1e-12);
            runStart = runEnd;
        }
        QCOMPARE(runStart, 20011.0);
    }

    void dataExportsOfTheTablesViews()
    {
        const LoadedTablePtr table = pe::test::loadTableOrFail(m_path);
        ExportRequest request;
        request.table = table;
        request.spec = sinusoidSizedLike(request.spec, *table->table);
        request.view = pe::ui::views::similarity;
        request.state.normalize = true;
        request.path = m_dir.filePath("similarity.npy");
        QVERIFY2(exportData(request).ok(), qPrintable(exportData(request).message));
        const LoadedTablePtr written = pe::test::loadTableOrFail(request.path);
        QCOMPARE(written->table->rows(), 37);
        QCOMPARE(written->table->columns(), 37);
        for (Eigen::Index p = 0; p < 37; ++p)
            for (Eigen::Index q = 0; q < 37; ++q)
                QVERIFY(std::abs((*written->values)(p, q) - similarity(m_values, p, q, true)) < 1e-12);

        request.view = pe::ui::views::waves;
        request.state.dims = {22, 3};
        request.path = m_dir.filePath("waves.npy");
        QVERIFY2(exportData(request).ok(), qPrintable(exportData(request).message));
        const LoadedTablePtr waves = pe::test::loadTableOrFail(request.path);
        QCOMPARE(waves->table->columns(), 2);
        QVERIFY(waves->values->col(0) == m_values.col(22));
        QVERIFY(waves->values->col(1) == m_values.col(3));

        request.view = pe::ui::views::precision;
        request.path = m_dir.filePath("precision.npy");
        QVERIFY2(exportData(request).ok(), qPrintable(exportData(request).message));
        const LoadedTablePtr precision = pe::test::loadTableOrFail(request.path);
        QCOMPARE(precision->table->rows(), 37);
        QCOMPARE(precision->table->columns(), 1 + errorCurveKinds().size());
        QCOMPARE((*precision->values)(36, 0), 36.0);
        double worst = 0;
        for (Eigen::Index c = 0; c < 23; ++c)
            worst = std::max(worst, std::abs(double(static_cast<float>(m_values(36, c))) - m_values(36, c)));
        QCOMPARE((*precision->values)(36, 1), worst); // float32 stored, the first curve
        QVERIFY(std::isnan((*precision->values)(36, 2))); // float32 computed: none for a table

        // The methods view scores the table for the learned method only: ALiBi's export is
        // ALiBi's with a table open as without, and so is it past the table's 37 rows.
        for (const std::int64_t maxLen : {std::int64_t{37}, std::int64_t{60}}) {
            request.view = pe::ui::views::methods;
            request.spec.maxLen = maxLen;
            { auto o = methodOptions(request.state); o.method = pe::ui::ScoreMethod::Alibi; setMethodOptions(request.state, o); }
            request.path = m_dir.filePath(QStringLiteral("alibi-with-table-%1.npy").arg(maxLen));
            QVERIFY2(exportData(request).ok(), qPrintable(exportData(request).message));
            ExportRequest without = request;
            without.table = nullptr;
            without.path = m_dir.filePath(QStringLiteral("alibi-%1.npy").arg(maxLen));
            QVERIFY2(exportData(without).ok(), qPrintable(exportData(without).message));
            QFile a(request.path), b(without.path);
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            QVERIFY(a.size() > 128);
            QVERIFY(a.readAll() == b.readAll());
        }
        request.spec = sinusoidSizedLike(request.spec, *table->table);

        request.view = pe::ui::views::waves;
        request.state.dims = {23};
        request.path = m_dir.filePath("beyond.npy");
        const ExportResult refused = exportData(request);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.message.contains("dimension 23") && refused.message.contains("0 to 22"), qPrintable(refused.message));
        QVERIFY(!QFile::exists(request.path));
    }

    void storageErrorsOfTheTable()
    {
        Document document;
        document.setTable(pe::test::loadTableOrFail(m_path)); // float64 values: float32 loses some
        document.setNumberFormat(pe::core::NumberFormat::Float32);
        document.setPixels(pe::ui::views::precision, QSize(0, 10)); // 3.7 rows per map row
        const Frame& f = computed(document);
        const auto error32 = [&](Eigen::Index r, Eigen::Index c) {
            return std::abs(double(static_cast<float>(m_values(r, c))) - m_values(r, c)); // the C++ cast rounds to nearest
        };
        QCOMPARE(precision(f).heat.rows(), 10);
        QCOMPARE(precision(f).heat.cols(), 23);
        const QList<Eigen::Index> starts = runStarts(37, 10);
        for (Eigen::Index b = 0; b < 10; ++b) {
            QCOMPARE(precision(f).rows[b], (starts[b] + starts[b + 1] - 1) / 2); // the middle row names the bin
            for (Eigen::Index c = 0; c < 23; ++c) {
                double sum = 0;
                for (Eigen::Index r = starts[b]; r < starts[b + 1]; ++r)
                    sum += error32(r, c);
                QVERIFY(std::abs(precision(f).heat(b, c) - sum / double(starts[b + 1] - starts[b])) < 1e-20);
            }
        }
        QVERIFY(precision(f).heat.matrix().maxCoeff() > 0); // float64 values do lose something in float32
        // The curves: stored ones are the largest error over the columns; a table has no computed ones.
        const QVector<ErrorCurveKind> kinds = errorCurveKinds();
        QVERIFY(!precision(f).errorRows.isEmpty());
        QCOMPARE(precision(f).errorRows.back(), 36);
        for (int k = 0; k < kinds.size(); ++k)
            for (int i = 0; i < precision(f).errorRows.size(); ++i) {
                if (kinds[k].mode == pe::core::PrecisionMode::Computed) {
                    QVERIFY(std::isnan(precision(f).errorCurves[k][i]));
                } else if (kinds[k].format == pe::core::NumberFormat::Float32) {
                    double worst = 0;
                    for (Eigen::Index c = 0; c < 23; ++c)
                        worst = std::max(worst, error32(precision(f).errorRows[i], c));
                    QCOMPARE(precision(f).errorCurves[k][i], worst);
                }
            }

        // Values a format holds exactly have no error in it; the rest are off by half a step.
        RowMatrix halves(2, 2);
        halves << 0.5, -1.25, 1.0 + std::ldexp(1.0, -11), 3.0 * std::ldexp(1.0, -11) + 1.0;
        const QString path = m_dir.filePath("halves.npy");
        QVERIFY(pe::test::writeNpy(path, halves));
        document.setTable(pe::test::loadTableOrFail(path));
        document.setNumberFormat(pe::core::NumberFormat::Float16); // 10 fraction bits: steps of 2^-10 at 1
        const Frame& g = computed(document);
        QCOMPARE(precision(g).heat(0, 0), 0.0);
        QCOMPARE(precision(g).heat(0, 1), 0.0);
        QCOMPARE(precision(g).heat(1, 0), std::ldexp(1.0, -11)); // a tie: to the even 1.0
        QCOMPARE(precision(g).heat(1, 1), std::ldexp(1.0, -11)); // 1 + 3·2^-11: a tie, to the even 1 + 2^-9
    }

    void theTableBesideTheSinusoid()
    {
        // A sinusoid shorter and narrower than the table: what both have is compared.
        pe::core::EncodingSpec spec;
        spec.dModel = 10;
        spec.maxLen = 20;
        spec.layout = pe::core::Layout::Split;
        Document withTable, sinusoid;
        for (Document* document : {&withTable, &sinusoid}) {
            document->apply(Settings{spec, ViewState{}});
            document->setPixels(pe::ui::views::conventions, QSize(0, 8)); // 2.5 rows per map row
        }
        withTable.setTable(pe::test::loadTableOrFail(m_path));
        const Frame& t = computed(withTable);
        const Frame& s = computed(sinusoid);
        QCOMPARE(conventions(t).rows, 20);
        QCOMPARE(conventions(t).columns, 10);
        QCOMPARE(conventions(t).heatA.rows(), 8);
        QCOMPARE(conventions(t).heatA.cols(), 10);
        const QList<Eigen::Index> starts = runStarts(20, 8);
        for (Eigen::Index b = 0; b < 8; ++b)
            for (Eigen::Index c = 0; c < 10; ++c) {
                double sum = 0;
                for (Eigen::Index r = starts[b]; r < starts[b + 1]; ++r)
                    sum += m_values(r, c);
                QVERIFY(std::abs(conventions(t).heatA(b, c) - sum / double(starts[b + 1] - starts[b])) < 1e-15);
            }
        // B is the sinusoid of the settings: what the sinusoid's own A shows.
        QVERIFY(conventions(t).heatB.matrix() == conventions(s).heatA.matrix());
        // The comparison menu has no say over a table's B.
        withTable.setComparison(pe::core::Comparison::DoubledExponent);
        QVERIFY(conventions(computed(withTable)).heatB.matrix() == conventions(s).heatA.matrix());

        ExportRequest request;
        request.table = withTable.table();
        request.spec = spec;
        request.view = pe::ui::views::conventions;
        request.path = m_dir.filePath("conventions.npy");
        QVERIFY2(exportData(request).ok(), qPrintable(exportData(request).message));
        const LoadedTablePtr written = pe::test::loadTableOrFail(request.path);
        QCOMPARE(written->table->rows(), 20);
        QCOMPARE(written->table->columns(), 30);
        const RowMatrix& w = *written->values;
        QVERIFY(w.leftCols(10) == m_values.topLeftCorner(20, 10));
        sinusoid.setPixels(pe::ui::views::conventions, QSize(0, 400)); // every row
        QVERIFY(w.middleCols(10, 10) == conventions(computed(sinusoid)).heatA.matrix());
        QVERIFY(w.rightCols(10) == w.leftCols(10) - w.middleCols(10, 10));
    }

    void aTableTooLargeForMemorySaysSo()
    {
        // 4097 × 4096 float16 zeros: one row more than the values kept in memory. A sparse file.
        const QString path = m_dir.filePath("large.npy");
        const qint64 dataOffset = pe::test::writeSparseNpy(path, 4097, 4096, "<f2", 2);
        QVERIFY(dataOffset > 0);
        const LoadedTablePtr table = pe::test::loadTableOrFail(path);
        QVERIFY(!table->values);
        // Its level of detail, built in the pass: prefix sums every 2 rows (within 128 MiB).
        QVERIFY(table->prefix);
        QCOMPARE(table->prefix->step, 2);
        QCOMPARE(table->prefix->sums.size(), std::size_t((4097 / 2 + 1 + 1) * 4096));
        Document document;
        document.setTable(table);
        document.setWaveDims({1});
        const Frame& f = computed(document);
        // The parts are there (a Document shows every view), empty.
        QVERIFY(similarityPart(f) && precisionPart(f) && conventionsPart(f));
        QCOMPARE(similarityOf(f).matrix.rows(), 0);
        QVERIFY(wavesOf(f).waves.isEmpty());
        const QString problem = f.tableValuesProblem();
        QVERIFY2(problem.contains("large.npy") && problem.contains("16781312") && problem.contains("16777216"), qPrintable(problem));
        QVERIFY(precision(f).rows.isEmpty());
        QVERIFY(precision(f).errorCurves.isEmpty());
        // Each view says why in its title, and draws without trouble.
        QCOMPARE(conventions(f).heatA.rows(), 0);
        SimilarityView similarityView(&document);
        WavesView wavesView(&document);
        PrecisionView precisionView(&document);
        ConventionsView conventionsView(&document);
        for (PlotView* view : std::initializer_list<PlotView*>{&similarityView, &wavesView, &precisionView, &conventionsView}) {
            view->resize(500, 600);
            view->refresh();
            QVERIFY(!view->plot()->toPixmap(250, 300).isNull());
            QStringList texts; // the title and subtitle as drawn
            for (const QCPTextElement* text : view->plot()->findChildren<QCPTextElement*>())
                texts << text->text();
            QVERIFY2(texts.join(' ').contains("16777216"), qPrintable(texts.join(" | ")));
            // Only the title says why: no other advice on the plot (the waves' "choose dimensions").
            for (int i = 0; i < view->plot()->itemCount(); ++i)
                if (const auto* item = qobject_cast<QCPItemText*>(view->plot()->item(i)); item && item->visible())
                    QVERIFY2(!item->text().contains("dimension"), qPrintable(item->text()));
        }

        ExportRequest request;
        request.table = table;
        request.view = pe::ui::views::similarity;
        request.path = m_dir.filePath("large-similarity.npy");
        const ExportResult refused = exportData(request);
        QVERIFY2(!refused.ok() && refused.message.contains("16777216"), qPrintable(refused.message));
        QVERIFY(!QFile::exists(request.path));

        {
            // One NaN (float16 0x7E00) would spread through every sum after it: no prefix then.
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadWrite) && file.seek(dataOffset + 2 * 5000) && file.write("\x00\x7e", 2) == 2);
            file.close();
            const LoadedTablePtr withNaN = pe::test::loadTableOrFail(path);
            QCOMPARE(withNaN->stats.nonFinite, 1);
            QVERIFY(!withNaN->prefix);
        }
    }

    void aSinusoidReadBackReproducesItsViews()
    {
        // The program's own export of a sinusoid, opened as a table: the views that read a
        // table show what they show for the sinusoid.
        pe::core::EncodingSpec spec;
        spec.dModel = 16;
        spec.maxLen = 50;
        ExportRequest request;
        request.spec = spec;
        request.view = pe::ui::views::heatmap;
        request.path = m_dir.filePath("sinusoid.npy");
        QVERIFY(exportData(request).ok());
        const LoadedTablePtr table = pe::test::loadTableOrFail(request.path);

        const auto frameOf = [&](Document& document, bool withTable, bool cosine) -> const Frame& {
            document.apply(Settings{spec, ViewState{}});
            document.setTable(withTable ? table : nullptr);
            document.setNormalize(cosine);
            document.setPixels(pe::ui::views::similarity, QSize(20, 0)); // 2.5 rows per cell: block means
            document.setPixels(pe::ui::views::heatmap, QSize(16, 50));
            document.setWaveDims({0, 1, 6, 15});
            document.selectPosition(17);
            document.setNumberFormat(pe::core::NumberFormat::Float16);
            document.setPrecisionMode(pe::core::PrecisionMode::Stored);
            document.setPixels(pe::ui::views::precision, QSize(0, 200)); // every row
            return computed(document);
        };
        for (bool cosine : {false, true}) {
            Document fromTable, sinusoid;
            const Frame& t = frameOf(fromTable, true, cosine);
            const Frame& s = frameOf(sinusoid, false, cosine);
            QVERIFY(t.table && !s.table);
            QCOMPARE(heatOf(t).heat.rows(), heatOf(s).heat.rows());
            QVERIFY((heatOf(t).heat.matrix() - heatOf(s).heat.matrix()).cwiseAbs().maxCoeff() < 1e-15);
            QCOMPARE(similarityOf(t).matrix.rows(), similarityOf(s).matrix.rows());
            QVERIFY2((similarityOf(t).matrix.matrix() - similarityOf(s).matrix.matrix()).cwiseAbs().maxCoeff() < 1e-12,
                     qPrintable(QString::number((similarityOf(t).matrix.matrix() - similarityOf(s).matrix.matrix()).cwiseAbs().maxCoeff())));
            QCOMPARE(similarityOf(t).profileX, similarityOf(s).profileX);
            for (int i = 0; i < similarityOf(s).profileY.size(); ++i)
                QVERIFY(std::abs(similarityOf(t).profileY[i] - similarityOf(s).profileY[i]) < 1e-12);
            // Precision: the sinusoid stored in float16 is the table stored in float16.
            QCOMPARE(precision(t).rows, precision(s).rows);
            QCOMPARE(precision(t).heat.rows(), 50);
            // The sinusoid's error is taken against its exact value, the table's against the float64
            // it holds: an ulp apart at most, against float16 errors of ~1e−4.
            QVERIFY2((precision(t).heat.matrix() - precision(s).heat.matrix()).cwiseAbs().maxCoeff() < 1e-15,
                     qPrintable(QString::number((precision(t).heat.matrix() - precision(s).heat.matrix()).cwiseAbs().maxCoeff())));
            QCOMPARE(precision(t).errorRows, precision(s).errorRows);
            const QVector<ErrorCurveKind> kinds = errorCurveKinds();
            for (int k = 0; k < kinds.size(); ++k)
                for (int i = 0; kinds[k].mode == pe::core::PrecisionMode::Stored && i < precision(s).errorRows.size(); ++i)
                    QVERIFY(std::abs(precision(t).errorCurves[k][i] - precision(s).errorCurves[k][i]) < 1e-15);
            // Conventions: the table beside its own sinusoid differs by rounding only (the heatmap's
            // export and the conventions' maps form angles up to 49 rad by different products:
            // an ulp of such an angle is 7e−15).
            QCOMPARE(conventions(t).heatA.rows(), conventions(s).heatA.rows());
            QVERIFY(conventions(t).heatB.matrix() == conventions(s).heatA.matrix());
            QVERIFY2((conventions(t).heatA.matrix() - conventions(t).heatB.matrix()).cwiseAbs().maxCoeff() < 1e-13, qPrintable(QString::number((conventions(t).heatA.matrix() - conventions(t).heatB.matrix()).cwiseAbs().maxCoeff())));
            const QVector<pe::ui::WaveData>&tw = wavesOf(t).waves, &sw = wavesOf(s).waves;
            QCOMPARE(tw.size(), sw.size());
            for (int w = 0; w < sw.size(); ++w) {
                QCOMPARE(tw[w].sampleX, sw[w].sampleX); // all 50 rows
                for (int i = 0; i < sw[w].sampleY.size(); ++i)
                    QVERIFY(std::abs(tw[w].sampleY[i] - sw[w].sampleY[i]) < 1e-15);
            }
        }
    }

    void openingATableSizesTheSinusoid()
    {
        MainWindow window(Settings{});
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.tables(), &TableController::loadFinished);
        window.tables()->open(m_path, {}, true); // as File ▸ Open encoding… does
        QVERIFY(finished.wait(10000));
        Document* document = window.document();
        QCOMPARE(document->spec().maxLen, 37);
        QCOMPARE(document->spec().dModel, 23);
        QCOMPARE(document->undoStack()->undoText(), QStringLiteral("Size the sinusoid like the table"));
        document->undoStack()->undo();
        QCOMPARE(document->spec().maxLen, Settings{}.spec.maxLen);
        QVERIFY(document->table()); // the table stays

        // Without sizing (a session's table, or --d-model given): the spec stays.
        window.tables()->close();
        finished.clear();
        window.tables()->open(m_path);
        QVERIFY(finished.wait(10000));
        QCOMPARE(document->spec().maxLen, Settings{}.spec.maxLen);
        QVERIFY(document->table());
    }
};

QTEST_MAIN(TestTableComparisons)
#include "tst_tablecomparisons.moc"
