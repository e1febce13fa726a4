// SPDX-License-Identifier: MIT
// A loaded position table in the heatmap (issue 14): every pixel the exact box average of the
// table's cells under it (checked against a brute-force sum written here), exact cells when
// zoomed in, a slider step that keeps the table's heat, NaN shown and counted, and the window's
// File ▸ Open encoding / Close encoding.
#include "tablefixtures.h"
#include "ui/controls/formulapanel.h"
#include "ui/document/heatmappart.h"
#include "ui/document/document.h"
#include "ui/document/spectrumpart.h"
#include "ui/export/dataexport.h"
#include "ui/export/figureexport.h"
#include "ui/views/heatmapview.h"
#include "ui/views/similarityview.h"
#include "ui/views/spectrumview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/tablecontroller.h"

#include "ui/state/session.h"
#include "ui/window/sessioncontroller.h"

#include <QCryptographicHash>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSemaphore>
#include <QSet>
#include <QStatusBar>
#include <QToolButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace pe::ui;

namespace {

using pe::test::boxAverage;
using pe::test::irregularTable;
using pe::test::writeNpy;

LoadedTablePtr loadTable(const QString& path) { return pe::test::loadTableOrFail(path); }

QString heatmapTitle(const HeatmapView& view) { return view.titleText(); }

/// The fingerprint as the session format documents it: SHA-256 of the size (8 bytes, little
/// endian) and the file's first and last MiB (the whole file when it is at most 1 MiB).
QString documentedFingerprint(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = file.readAll();
    QByteArray input(8, '\0');
    for (int i = 0; i < 8; ++i)
        input[i] = char((quint64(all.size()) >> (8 * i)) & 0xff);
    input += all.left(1 << 20);
    if (all.size() > (1 << 20))
        input += all.mid(std::max<qsizetype>(1 << 20, all.size() - (1 << 20)));
    return QString::fromLatin1(QCryptographicHash::hash(input, QCryptographicHash::Sha256).toHex());
}

} // namespace

class TestTableView : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    pe::core::RowMatrix m_values;
    QString m_path;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_values = irregularTable(37, 23);
        m_path = m_dir.filePath("irregular.npy");
        QVERIFY(writeNpy(m_path, m_values));
    }

    void everyPixelIsTheExactBoxAverage_data()
    {
        QTest::addColumn<int>("pixelRows");
        QTest::addColumn<int>("pixelColumns");
        QTest::addColumn<QList<double>>("range"); // rows lower, upper, columns lower, upper; empty: all
        QTest::newRow("all, 3.7 × 3.3 cells per pixel") << 10 << 7 << QList<double>{};
        QTest::newRow("all, rows only averaged") << 9 << 40 << QList<double>{};
        QTest::newRow("zoomed, fractional edges") << 6 << 4 << QList<double>{5.5, 20.25, 2.5, 17.0};
        QTest::newRow("zoomed to exact cells") << 200 << 200 << QList<double>{3, 11, 4, 9};
    }
    void everyPixelIsTheExactBoxAverage()
    {
        QFETCH(int, pixelRows);
        QFETCH(int, pixelColumns);
        QFETCH(QList<double>, range);
        Document document;
        document.setTable(loadTable(m_path));
        document.setPixels(pe::ui::views::heatmap, QSize(pixelColumns, pixelRows));
        if (!range.isEmpty())
            document.setZoom(pe::ui::views::heatmap, {range[2], range[3], range[0], range[1]});
        document.computeNow();
        const Frame& f = *document.frame();
        QVERIFY(f.table);
        QCOMPARE(heatOf(f).heat.rows(), heatOf(f).rows.bins);
        QCOMPARE(heatOf(f).heat.cols(), heatOf(f).columns.bins);
        QVERIFY(heatOf(f).heat.rows() >= 1 && heatOf(f).heat.cols() >= 1);
        const double h = heatOf(f).rows.cellsPerBin(), w = heatOf(f).columns.cellsPerBin();
        for (Eigen::Index i = 0; i < heatOf(f).heat.rows(); ++i)
            for (Eigen::Index j = 0; j < heatOf(f).heat.cols(); ++j) {
                const double y0 = heatOf(f).rows.lower + h * double(i), x0 = heatOf(f).columns.lower + w * double(j);
                const double expected = boxAverage(m_values, y0, y0 + h, x0, x0 + w);
                if (std::abs(heatOf(f).heat(i, j) - expected) > 1e-12)
                    QFAIL(qPrintable(QStringLiteral("pixel (%1, %2): %3, brute force %4").arg(i).arg(j).arg(heatOf(f).heat(i, j)).arg(expected)));
            }
        if (range.size() == 4 && pixelRows == 200) { // whole cells: the table's own values
            QVERIFY(heatOf(f).exact());
            QCOMPARE(heatOf(f).heat(0, 0), m_values(3, 4));
        }
    }

    // With a table on screen the formula panel says the table's value first: the heatmap shows
    // the table, and the sinusoid's formula alone would describe a cell that is not drawn.
    void theFormulaPanelSaysTheTablesValue()
    {
        Document document;
        pe::ui::FormulaPanel panel(&document);
        panel.show();
        document.setTable(loadTable(m_path));
        document.selectCell(3, 5);
        const QString expected = QStringLiteral("row 3, column 5 = %1").arg(QString::number(m_values(3, 5), 'g', 7));
        QVERIFY2(panel.plainText().contains(expected), qPrintable(panel.plainText()));
        QVERIFY(panel.plainText().contains(QStringLiteral("The heatmap shows this table")));
        document.selectCell(40, 30); // beyond the table's 37 rows and 23 columns
        QVERIFY2(panel.plainText().contains(QStringLiteral("has 23 columns: dimension 30 is beyond it")), qPrintable(panel.plainText()));
        document.setTable(nullptr);
        QVERIFY2(!panel.plainText().contains(QStringLiteral("loaded table")), qPrintable(panel.plainText()));
    }

    void aSliderStepKeepsTheTablesHeat()
    {
        Document document;
        document.setTable(loadTable(m_path));
        document.setPixels(pe::ui::views::heatmap, QSize(7, 10));
        document.computeNow();
        const pe::core::RowMatrix* before = &heatOf(*document.frame()).heat.matrix();
        document.setDModel(32);
        document.setMaxLen(500);
        document.computeNow();
        QCOMPARE(&heatOf(*document.frame()).heat.matrix(), before); // the table did not change: nothing recomputed
        QCOMPARE(document.frame()->matrixRowCount(), 37);

        // Closing it: the heatmap is the sinusoid of the current spec again.
        QSignalSpy changed(&document, &Document::changed);
        document.setTable(nullptr);
        QCOMPARE(changed.size(), 1);
        QVERIFY(changed.front().front().value<Changes>().testFlag(Change::Table));
        document.computeNow();
        QCOMPARE(document.frame()->matrixRowCount(), 500);
        QCOMPARE(document.frame()->matrixColumnCount(), 32);
    }

    void theColourScaleIsAnUndoStep()
    {
        Document document;
        QVERIFY(!document.state().tableDataRange);
        document.setTableDataRange(true);
        QVERIFY(document.state().tableDataRange);
        document.undoStack()->undo();
        QVERIFY(!document.state().tableDataRange);
    }

    void nonFiniteValuesAreShownAndCounted()
    {
        pe::core::RowMatrix values = irregularTable(4, 5);
        values(1, 2) = std::numeric_limits<double>::quiet_NaN();
        values(3, 0) = std::numeric_limits<double>::infinity();
        const QString path = m_dir.filePath("nonfinite.npy");
        QVERIFY(writeNpy(path, values));

        Document document;
        HeatmapView view(&document);
        view.resize(500, 400);
        const LoadedTablePtr table = loadTable(path);
        QCOMPARE(table->stats.nonFinite, 2);
        QVERIFY(std::isfinite(table->stats.maxAbs));
        document.setTable(table);
        document.computeNow();
        view.refresh();
        QVERIFY(std::isnan(heatOf(*document.frame()).heat(1, 2))); // a NaN cell stays NaN: drawn transparent
        const QString title = heatmapTitle(view);
        QVERIFY2(title.contains("nonfinite.npy") && title.contains("2 non-finite values"), qPrintable(title));
        QVERIFY(!view.plot()->toPixmap(200, 150).isNull()); // draws without trouble
    }

    // The similarity's colour scale spans ± the largest finite |dot product| drawn, with NaN
    // (a row with NaN in it) left out: a NaN in the first row too, where the map's own bounds
    // start from a NaN cell.
    void theSimilarityScaleLeavesNaNOut_data()
    {
        QTest::addColumn<int>("nanRow");
        QTest::newRow("NaN in row 1") << 1;
        QTest::newRow("NaN in the first row") << 0;
    }
    void theSimilarityScaleLeavesNaNOut()
    {
        QFETCH(int, nanRow);
        pe::core::RowMatrix values = irregularTable(6, 5);
        values(nanRow, 2) = std::numeric_limits<double>::quiet_NaN();
        const QString path = m_dir.filePath(QStringLiteral("nan%1.npy").arg(nanRow));
        QVERIFY(writeNpy(path, values));
        Document document;
        SimilarityView view(&document);
        view.resize(500, 500);
        document.setNormalize(false);
        document.setTable(loadTable(path));
        document.computeNow();
        view.refresh();
        // Dot products of the table's rows, written out here; those with the NaN row are NaN.
        double largest = 0;
        for (int i = 0; i < values.rows(); ++i)
            for (int j = 0; j < values.rows(); ++j)
                if (i != nanRow && j != nanRow)
                    largest = std::max(largest, std::abs(values.row(i).dot(values.row(j))));
        const QCPRange range = view.colorMap()->dataRange();
        QVERIFY2(std::abs(range.upper - largest) <= 1e-12 * largest && range.lower == -range.upper,
                 qPrintable(QStringLiteral("%1 … %2, largest %3").arg(range.lower).arg(range.upper).arg(largest)));
        QVERIFY(std::isnan(view.colorMap()->data()->cell(2, nanRow)));
    }

    // The hover over a loaded table says what its pixel shows, from the heatmap's part (issue 49:
    // no cell is read from the file on the GUI thread): one cell's value where a pixel is a cell,
    // else the rows it covers and their exact mean, checked against the sum written here.
    void theHoverSaysWhatThePixelShows()
    {
        const pe::core::RowMatrix values = irregularTable(3000, 6, 77);
        const QString path = m_dir.filePath("hover.npy");
        QVERIFY(writeNpy(path, values));
        Document document;
        HeatmapView view(&document);
        view.resize(500, 400);
        document.setTable(loadTable(path));
        document.setPixels(pe::ui::views::heatmap, QSize(6, 300)); // 3000 rows on 300 pixels: ten each
        document.computeNow();
        view.refresh();
        const pe::ui::HeatPart& part = heatOf(*document.frame());
        QCOMPARE(part.rows.bins, std::int64_t(300));
        QVERIFY(part.columns.exact());
        const QString binned = view.cellDescription(1234, 4);
        QVERIFY2(binned.startsWith(QStringLiteral("rows 1230–1239 · column 4 · value ")), qPrintable(binned));
        QVERIFY2(binned.endsWith(QStringLiteral("(the mean of the cells under this pixel)")), qPrintable(binned));
        const double mean = values.block(1230, 4, 10, 1).mean();
        const double shown = QStringView(binned).mid(binned.indexOf(QStringLiteral("value ")) + 6).split(QLatin1Char(' ')).first().toDouble();
        QVERIFY2(std::abs(shown - mean) <= 1e-6 * std::max(1.0, std::abs(mean)), qPrintable(QStringLiteral("%1, the mean is %2").arg(binned).arg(mean)));

        document.setZoom(pe::ui::views::heatmap, {0, 6, 1200, 1300}); // 100 rows on 300 pixels: one cell each
        document.computeNow();
        QVERIFY(heatOf(*document.frame()).exact());
        QCOMPARE(view.cellDescription(1234, 4), QStringLiteral("row 1234 · column 4 · value %1").arg(values(1234, 4), 0, 'g', 7));

        // 3000 rows on 102 pixels: 29.4 rows each, the cells at a pixel's edges in part. Each
        // pixel's value is the mean of its rows weighted by the share each has in it, and the
        // last pixel ends at the last row.
        document.setZoom(pe::ui::views::heatmap, {});
        document.setPixels(pe::ui::views::heatmap, QSize(6, 102));
        document.computeNow();
        const pe::ui::HeatAxis axis = heatOf(*document.frame()).rows;
        QCOMPARE(axis.bins, std::int64_t(102));
        const double width = (axis.upper - axis.lower) / 102.0;
        for (std::int64_t row : {std::int64_t(0), std::int64_t(29), std::int64_t(30), std::int64_t(1500), std::int64_t(2999)}) {
            const auto bin = std::min<std::int64_t>(static_cast<std::int64_t>((double(row) + 0.5) / width), 101);
            const double x0 = width * double(bin), x1 = bin == 101 ? 3000.0 : width * double(bin + 1);
            double sum = 0;
            for (auto r = static_cast<std::int64_t>(std::floor(x0)); double(r) < x1; ++r)
                sum += (std::min(x1, double(r + 1)) - std::max(x0, double(r))) * values(r, 2);
            const QString said = view.cellDescription(row, 2);
            const QString range = QStringLiteral("rows %1–%2 · column 2 · value ")
                                      .arg(static_cast<std::int64_t>(std::floor(x0 + 1e-9))).arg(static_cast<std::int64_t>(std::ceil(x1 - 1e-9)) - 1);
            QVERIFY2(said.startsWith(range), qPrintable(said + QStringLiteral(", expected ") + range));
            const double shown = QStringView(said).mid(range.size()).split(QLatin1Char(' ')).first().toDouble();
            const double mean = sum / (x1 - x0);
            QVERIFY2(std::abs(shown - mean) <= 1e-6 * std::max(1.0, std::abs(mean)), qPrintable(QStringLiteral("%1; the weighted mean is %2").arg(said).arg(mean)));
        }
        QVERIFY2(view.cellDescription(2999, 2).startsWith(QStringLiteral("rows 2970–2999 ")), qPrintable(view.cellDescription(2999, 2)));
    }

    void prefixSumsGiveTheSameAverages_data();
    void prefixSumsGiveTheSameAverages();
    void aTruncatedFileIsNotRead();
    void theSpectrumMapAveragesPowerPerPixel();
    void theSinusoidsMapIsItsWholeSpectrumBinned();
    void theSpectrumOfTheSinusoid();
    void theSpectrumOfALoadedTable();
    void sessionsRememberTheTable();
    void badTableFieldsInASession_data();
    void badTableFieldsInASession();
    void aLargeTableIsPreviewedBeforeItsPass();
    void thePreviewSamplesOneRowInEachBin();
    void theWindowShowsThePreviewWhileThePassRuns();

    void theWindowOpensAndClosesATable()
    {
        MainWindow window(Settings{});
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.tables(), &TableController::loadFinished);
        window.tables()->open(m_path);
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.front().front().toString(), QString());
        QVERIFY(window.document()->table());
        QTRY_VERIFY(window.document()->isFrameCurrent());
        auto* heatmap = qobject_cast<HeatmapView*>(window.plotView(pe::ui::views::heatmap));
        QVERIFY(heatmap);
        QTRY_VERIFY2(heatmapTitle(*heatmap).contains("irregular.npy"), qPrintable(heatmapTitle(*heatmap)));
        QVERIFY(heatmapTitle(*heatmap).contains("37 × 23 float64"));

        // A bad file leaves the open table as it was and says why, naming the file.
        finished.clear();
        window.tables()->open(m_dir.filePath("missing.npy"));
        QVERIFY(finished.wait(10000));
        QVERIFY2(finished.front().front().toString().contains("missing.npy: there is no such file"),
                 qPrintable(finished.front().front().toString()));
        QVERIFY(window.document()->table());

        window.tables()->close();
        QVERIFY(!window.document()->table());
        QTRY_VERIFY(heatmapTitle(*heatmap).startsWith("Positional encoding"));
    }
};

namespace {

/// `values` as a .npy file of `descr` ("<f4", "<f8", ">f8") in C or Fortran order, written here byte by byte.
QByteArray npyBytes(const pe::core::RowMatrix& values, const char* descr, bool fortran)
{
    QByteArray dict = QStringLiteral("{'descr': '%1', 'fortran_order': %2, 'shape': (%3, %4), }")
                          .arg(QLatin1String(descr), fortran ? QStringLiteral("True") : QStringLiteral("False"))
                          .arg(values.rows()).arg(values.cols()).toLatin1();
    while ((10 + dict.size() + 1) % 64 != 0)
        dict.append(' ');
    dict.append('\n');
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    bytes.append(char(dict.size() & 0xff)).append(char(dict.size() >> 8)).append(dict);
    const bool single = QByteArray(descr) == "<f4";
    const auto append = [&](double v) {
        if (single) {
            const auto f = static_cast<float>(v);
            bytes.append(reinterpret_cast<const char*>(&f), 4);
        } else if (descr[0] == '>') { // most significant byte first
            QByteArray be(reinterpret_cast<const char*>(&v), 8);
            std::reverse(be.begin(), be.end());
            bytes.append(be);
        } else {
            bytes.append(reinterpret_cast<const char*>(&v), 8);
        }
    };
    for (Eigen::Index i = 0; i < values.size(); ++i)
        append(fortran ? values(i % values.rows(), i / values.rows()) : values(i / values.cols(), i % values.cols()));
    return bytes;
}

} // namespace

void TestTableView::prefixSumsGiveTheSameAverages_data()
{
    QTest::addColumn<QString>("descr");
    QTest::addColumn<bool>("fortran");
    QTest::newRow("float32, C order (read in place)") << "<f4" << false;
    QTest::newRow("float64, C order (converted)") << "<f8" << false;
    QTest::newRow("float64, big-endian") << ">f8" << false;
    QTest::newRow("float32, Fortran order") << "<f4" << true;
}

void TestTableView::prefixSumsGiveTheSameAverages()
{
    // The level of detail of tables too large for memory, on a small one with a small step: each
    // pixel row from the prefix sums at its edges equals the brute-force box average.
    QFETCH(QString, descr);
    QFETCH(bool, fortran);
    pe::core::RowMatrix values = irregularTable(1000, 7, 4242);
    if (descr == "<f4") // what the file holds
        values = values.cast<float>().cast<double>();
    const QString path = m_dir.filePath(QStringLiteral("prefix-%1-%2.npy").arg(descr.mid(1)).arg(fortran));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(npyBytes(values, qPrintable(descr), fortran));
    file.close();
    auto opened = EncodingTable::open(path);
    QVERIFY(std::holds_alternative<std::shared_ptr<EncodingTable>>(opened));
    const auto table = std::get<std::shared_ptr<EncodingTable>>(opened);
    // The preview's reads (pread, not the mapping) give the file's values too.
    std::vector<double> direct(3 * 7);
    table->readRowsDirect(500, 3, direct.data());
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 7; ++c)
            QCOMPARE(direct[static_cast<std::size_t>(r * 7 + c)], values(500 + r, c));
    RowPrefixSums prefix;
    prefix.step = 16;
    QVERIFY(table->scan({}, &prefix));
    QCOMPARE(prefix.sums.size(), std::size_t((1000 / 16 + 1 + 1) * 7)); // 63 blocks, the last partial
    for (Eigen::Index c = 0; c < 7; ++c) // the last row: every row
        QVERIFY(std::abs(prefix.sums[63 * 7 + c] - values.col(c).sum()) < 1e-9);

    const struct { double lower, upper; int bins; } windows[] = {{0, 1000, 9}, {123.4, 876.9, 13}, {0.5, 999.5, 4}};
    // The averages do come from the sums: doubled sums give other averages.
    RowPrefixSums doubled = prefix;
    for (double& v : doubled.sums)
        v *= 2;
    std::vector<double> fromDoubled(9 * 7), fromRows(9 * 7);
    table->averageRows(0, 1000, 9, fromDoubled.data(), &doubled);
    table->averageRows(0, 1000, 9, fromRows.data());
    QVERIFY(fromDoubled != fromRows);
    for (const auto& w : windows) {
        std::vector<double> byPrefix(static_cast<std::size_t>(w.bins * 7)), byRows(byPrefix.size());
        table->averageRows(w.lower, w.upper, w.bins, byPrefix.data(), &prefix);
        table->averageRows(w.lower, w.upper, w.bins, byRows.data());
        const double h = (w.upper - w.lower) / w.bins;
        for (int b = 0; b < w.bins; ++b)
            for (int c = 0; c < 7; ++c) {
                const double expected = boxAverage(values, w.lower + b * h, w.lower + (b + 1) * h, c, c + 1);
                const double got = byPrefix[static_cast<std::size_t>(b * 7 + c)];
                if (std::abs(got - expected) > 1e-12 || std::abs(byRows[static_cast<std::size_t>(b * 7 + c)] - expected) > 1e-12)
                    QFAIL(qPrintable(QStringLiteral("[%1, %2) bin %3 column %4: prefix %5, rows %6, brute force %7")
                                         .arg(w.lower).arg(w.upper).arg(b).arg(c).arg(got)
                                         .arg(byRows[static_cast<std::size_t>(b * 7 + c)]).arg(expected)));
            }
    }
}

void TestTableView::aTruncatedFileIsNotRead()
{
    // A file cut short while it is open: reading its mapping past the new end would kill the
    // process (SIGBUS). The views say what happened instead, and exports refuse.
    const QString path = m_dir.filePath("shrinking.npy");
    QVERIFY(QFile::copy(m_path, path));
    const LoadedTablePtr table = loadTable(path);
    QVERIFY(QFile::resize(path, 200));
    Document document;
    HeatmapView heatmap(&document);
    SpectrumView spectrum(&document);
    heatmap.resize(500, 400);
    spectrum.resize(500, 400);
    document.setTable(table);
    document.computeNow();
    heatmap.refresh();
    spectrum.refresh();
    QVERIFY2(heatmap.titleText().contains("changed size"), qPrintable(heatmap.titleText()));
    QVERIFY2(spectrum.titleText().contains("changed size"), qPrintable(spectrum.titleText()));
    ExportRequest request;
    request.table = table;
    request.path = m_dir.filePath("out.npy");
    QVERIFY(dataRequestError(request).contains("changed size"));
}

void TestTableView::theSpectrumMapAveragesPowerPerPixel()
{
    // Each pixel of the map is the mean power of the cells (frequency bin × dim) it covers,
    // weighted by the area they share, in dB: against a brute-force sum, pixel edges inside cells.
    const pe::core::PositionSpectrum s = pe::core::positionSpectrum(m_values); // 37 × 23: 33 bins × 23 dims
    QCOMPARE(s.power.rows(), 33);
    for (const auto& [rowBins, columnBins] : {std::pair{7, 5}, std::pair{33, 4}, std::pair{10, 23}, std::pair{33, 23}}) {
        pe::core::RowMatrix out;
        binSpectrum(s, rowBins, columnBins, out);
        QCOMPARE(out.rows(), rowBins);
        QCOMPARE(out.cols(), columnBins);
        const double h = 33.0 / rowBins, w = 23.0 / columnBins;
        const pe::core::RowMatrix power = s.power;
        for (int i = 0; i < rowBins; ++i)
            for (int j = 0; j < columnBins; ++j) {
                const double mean = boxAverage(power, i * h, (i + 1) * h, j * w, (j + 1) * w);
                const double expected = mean > 0 ? std::max(10 * std::log10(mean), pe::core::SpectrumLimits::floorDb)
                                                 : pe::core::SpectrumLimits::floorDb;
                QVERIFY2(std::abs(out(i, j) - expected) < 1e-9,
                         qPrintable(QString("%1 × %2, pixel (%3, %4): %5, brute force %6").arg(rowBins).arg(columnBins).arg(i).arg(j)
                                        .arg(out(i, j)).arg(expected)));
            }
    }
}

void TestTableView::theSinusoidsMapIsItsWholeSpectrumBinned()
{
    // The window's map of the sinusoid is made without the bins × dims matrix (each dim's powers
    // summed into its pixel columns as they come): against brute-force box averages of the whole
    // spectrum, pixel edges inside dims and inside bins, columns astride the two halves, an odd
    // d_model, more pixel columns than dims; the dominant ω of every dim as the whole spectrum's.
    struct Case { int dModel; qint64 maxLen; int rowBins, columnBins; };
    for (const Case& c : {Case{48, 300, 257, 48}, Case{48, 300, 100, 7}, Case{37, 1500, 513, 10}, Case{64, 40, 9, 64},
                          Case{20, 64, 33, 50}, Case{100, 2048, 40, 1}, Case{100, 2048, 513, 99}}) {
        pe::core::EncodingSpec spec;
        spec.dModel = c.dModel;
        spec.maxLen = c.maxLen;
        const pe::core::PositionSpectrum whole = pe::core::sinusoidSpectrum(spec);
        const pe::core::RowMatrix power = whole.power;
        pe::core::RowMatrix out;
        Eigen::VectorXd dominant = Eigen::VectorXd::Constant(c.dModel, -1);
        binSinusoidSpectrum(spec, c.rowBins, c.columnBins, out, &dominant);
        QCOMPARE(out.rows(), c.rowBins);
        QCOMPARE(out.cols(), c.columnBins);
        const double h = double(power.rows()) / c.rowBins, w = double(c.dModel) / c.columnBins;
        for (int i = 0; i < c.rowBins; ++i)
            for (int j = 0; j < c.columnBins; ++j) {
                const double mean = boxAverage(power, i * h, (i + 1) * h, j * w, (j + 1) * w);
                const double expected = mean > 0 ? std::max(10 * std::log10(mean), pe::core::SpectrumLimits::floorDb)
                                                 : pe::core::SpectrumLimits::floorDb;
                QVERIFY2(std::abs(out(i, j) - expected) < 1e-9,
                         qPrintable(QString("d %1, %2 × %3, pixel (%4, %5): %6, brute force %7").arg(c.dModel).arg(c.rowBins)
                                        .arg(c.columnBins).arg(i).arg(j).arg(out(i, j)).arg(expected)));
            }
        for (int d = 0; d < c.dModel; ++d)
            QCOMPARE(dominant[d], whole.dominant[d]);
        // What the part keeps for the view beside the map: the same as the whole spectrum's data.
        pe::core::RowMatrix again;
        const SpectrumData data = sinusoidMapData(spec, c.rowBins, c.columnBins, again);
        const SpectrumData full = spectrumData(spec, nullptr);
        QVERIFY(again == out);
        QCOMPARE(data.spectrum.power.size(), Eigen::Index(0));
        QVERIFY(data.spectrum.dominant == full.spectrum.dominant);
        QVERIFY(data.reference == full.reference);
        QCOMPARE(data.spectrum.positions, full.spectrum.positions);
        QCOMPARE(data.spectrum.fftLength, full.spectrum.fftLength);
        QCOMPARE(data.rows, full.rows);
        QCOMPARE(data.columns, full.columns);
    }
}

void TestTableView::theSpectrumOfTheSinusoid()
{
    // What the spectrum view draws against the paper's formula: the white line is ω_k of each
    // dim's pair, and every dim that turns at least once over the positions peaks within one
    // frequency bin of it.
    Document document;
    SpectrumView view(&document);
    view.resize(700, 600);
    Settings settings;
    settings.spec.dModel = 48;
    settings.spec.maxLen = 300; // zero-padded to 512 points
    document.apply(settings);
    document.computeNow();
    view.refresh();
    const double bin = 2 * M_PI / 512;
    QCPGraph* reference = view.referenceCurve();
    QCOMPARE(reference->dataCount(), 48);
    for (int i = 0; i < 48; ++i) {
        const double omega = std::pow(10000.0, -2.0 * (i / 2) / 48);
        QVERIFY(std::abs(reference->data()->at(i)->value - omega) < 1e-12);
    }
    QCPGraph* dominant = view.dominantPoints();
    QVERIFY(dominant->dataCount() >= 10);
    for (int j = 0; j < dominant->dataCount(); ++j) {
        const double omega = dominant->data()->at(j)->key, peak = dominant->data()->at(j)->value;
        QVERIFY2(omega >= bin && std::abs(peak - omega) <= bin, qPrintable(QString("ω %1, peak %2").arg(omega).arg(peak)));
    }
    QVERIFY(view.titleText().contains("512-point FFT"));
}

void TestTableView::theSpectrumOfALoadedTable()
{
    // A table of the sinusoid with base 500, its dims shuffled (a learned table keeps no order):
    // the view names a best-fitting base near 500 and draws three principal components.
    pe::core::EncodingSpec spec;
    spec.dModel = 64;
    spec.maxLen = 1024;
    spec.base = 500;
    const pe::core::RowMatrix sinusoid = pe::core::encodingMatrix(spec);
    pe::core::RowMatrix shuffled(sinusoid.rows(), sinusoid.cols());
    for (int i = 0; i < 64; ++i)
        shuffled.col((i * 23) % 64) = sinusoid.col(i);
    const QString path = m_dir.filePath("base500.npy");
    QVERIFY(writeNpy(path, shuffled));

    Document document;
    SpectrumView view(&document);
    view.resize(800, 700);
    document.setTable(loadTable(path));
    document.computeNow();
    view.refresh();
    QVERIFY(spectrumPart(*document.frame()));
    const SpectrumData& data = *spectrumPart(*document.frame())->data;
    QVERIFY(data.fromTable);
    QVERIFY2(std::abs(std::log(data.fit.base / 500)) < 0.25, qPrintable(QString::number(data.fit.base)));
    QCOMPARE(view.referenceCurve()->dataCount(), 0); // a table's dims have no order to draw a line along
    for (int k = 0; k < 3; ++k)
        QCOMPARE(view.component(k)->dataCount(), 1024);
    QVERIFY(view.titleText().contains("base500.npy"));
}

void TestTableView::sessionsRememberTheTable()
{
    // Saved with the table's path, size and fingerprint; opened again in a new window.
    const QString session = m_dir.filePath("with-table.pe.json");
    {
        MainWindow window(Settings{});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.tables(), &TableController::loadFinished);
        window.tables()->open(m_path);
        QVERIFY(finished.wait(10000));
        QCOMPARE(window.sessions()->saveSession(session), QString());
    }
    const SessionResult read = readSessionFile(session);
    QVERIFY(std::holds_alternative<Session>(read));
    const TableReference saved = std::get<Session>(read).table;
    QCOMPARE(saved.path, QFileInfo(m_path).absoluteFilePath());
    QCOMPARE(saved.size, QFileInfo(m_path).size());
    QCOMPARE(saved.fingerprint, documentedFingerprint(m_path));
    {
        MainWindow window(Settings{});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.tables(), &TableController::loadFinished);
        QCOMPARE(window.sessions()->openSession(session), QString());
        QVERIFY(finished.wait(10000));
        QVERIFY(window.document()->table());
        QCOMPARE(window.document()->table()->table->path(), saved.path);
    }

    // The file changed since: a message naming it, no table, the rest of the session opened.
    const QString copy = m_dir.filePath("changing.npy");
    QVERIFY(QFile::copy(m_path, copy));
    Session other = std::get<Session>(read);
    other.settings.spec.dModel = 48;
    other.table.path = QFileInfo(copy).absoluteFilePath();
    const QString otherPath = m_dir.filePath("changed-table.pe.json");
    QCOMPARE(writeSessionFile(otherPath, other), QString());
    {
        QFile file(copy);
        QVERIFY(file.open(QIODevice::ReadWrite));
        file.seek(200);
        file.write("\x7f"); // one byte of a value: same size, other contents
    }
    MainWindow window(Settings{});
    QSignalSpy finished(window.tables(), &TableController::loadFinished);
    QCOMPARE(window.sessions()->openSession(otherPath), QString());
    QCOMPARE(finished.size(), 1);
    const QString message = finished.front().front().toString();
    QVERIFY2(message.contains("changing.npy") && message.contains("other contents"), qPrintable(message));
    QVERIFY(!window.document()->table());
    QCOMPARE(window.document()->spec().dModel, 48);

    // Gone altogether: the same, naming it.
    QVERIFY(QFile::remove(copy));
    finished.clear();
    QCOMPARE(window.sessions()->openSession(otherPath), QString());
    QVERIFY2(finished.front().front().toString().contains("not there any more"), qPrintable(finished.front().front().toString()));
}

void TestTableView::badTableFieldsInASession_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("expected");
    const QString fp = QString(64, 'a');
    QTest::newRow("relative path") << QString(R"({"path": "t.npy", "size": 1, "fingerprint": "%1"})").arg(fp) << "table.path";
    QTest::newRow("no fingerprint") << QString(R"({"path": "/t.npy", "size": 1})") << "table has no fingerprint";
    QTest::newRow("short fingerprint") << QString(R"({"path": "/t.npy", "size": 1, "fingerprint": "abc"})") << "64 hexadecimal digits";
    QTest::newRow("negative size") << QString(R"({"path": "/t.npy", "size": -1, "fingerprint": "%1"})").arg(fp) << "table.size";
    QTest::newRow("unknown field") << QString(R"({"path": "/t.npy", "sha": 1})") << "unknown field \"sha\"";
    QTest::newRow("not an object") << QString(R"("t.npy")") << "table is";
}

void TestTableView::badTableFieldsInASession()
{
    QFETCH(QString, table);
    QFETCH(QString, expected);
    const QByteArray json = QStringLiteral(R"({"format": "pe-explorer-session", "version": 1, "table": %1})").arg(table).toUtf8();
    const SessionResult result = parseSession(json);
    QVERIFY(std::holds_alternative<SessionError>(result));
    QVERIFY2(std::get<SessionError>(result).message.contains(expected), qPrintable(std::get<SessionError>(result).message));
}


void TestTableView::aLargeTableIsPreviewedBeforeItsPass()
{
    // 4097 × 4096 float32 (one row beyond the values kept in memory), zeros but for three values.
    const QString path = m_dir.filePath("preview.npy");
    const qint64 offset = pe::test::writeSparseNpy(path, 4097, 4096, "<f4", 4);
    QVERIFY(offset > 0);
    const auto poke = [&](std::int64_t row, std::int64_t column, float value) {
        QFile file(path);
        return file.open(QIODevice::ReadWrite) && file.seek(offset + 4 * (row * 4096 + column))
            && file.write(reinterpret_cast<const char*>(&value), 4) == 4;
    };
    // The preview reads 512 rows spread over the table, both ends among them (every 8th here):
    // rows 0 and 4096 are read, row 1 is not.
    QVERIFY(poke(0, 0, 2.0f) && poke(4096, 3, 3.0f) && poke(1, 5, -8.0f));

    double progressSoFar = -1, progressAtPreview = -1;
    int previews = 0;
    LoadedTablePtr preview;
    auto result = pe::ui::loadTable(path, {}, [&](double done) { progressSoFar = done; return true; },
                                    [&](LoadedTablePtr table) { ++previews; preview = table; progressAtPreview = progressSoFar; });
    QVERIFY(std::holds_alternative<LoadedTablePtr>(result));
    const LoadedTablePtr final = std::get<LoadedTablePtr>(result);
    QCOMPARE(previews, 1);
    QVERIFY2(progressAtPreview < 0.01, qPrintable(QString::number(progressAtPreview))); // before the pass
    QVERIFY(preview->preview && !final->preview);
    QCOMPARE(preview->table, final->table); // the same mapping, not opened twice
    QCOMPARE(preview->sampledRows, 512);
    QCOMPARE(preview->stats.max, 3.0);
    QCOMPARE(preview->stats.min, 0.0);
    QCOMPARE(preview->stats.maxAbs, 3.0);
    QCOMPARE(final->stats.min, -8.0); // the pass sees every value
    QCOMPARE(final->stats.maxAbs, 8.0);
    QCOMPARE(preview->fingerprint, final->fingerprint);
    QVERIFY(final->prefix);

    // No preview where a sampled row would read most of the file (Fortran order), nor for a
    // table held in memory (its pass is short).
    const QString fortran = m_dir.filePath("preview-fortran.npy");
    QVERIFY(pe::test::writeSparseNpy(fortran, 4097, 4096, "<f4", 4, true) > 0);
    for (const QString& other : {fortran, m_path}) {
        previews = 0;
        QVERIFY(std::holds_alternative<LoadedTablePtr>(pe::ui::loadTable(other, {}, {}, [&](LoadedTablePtr) { ++previews; })));
        QVERIFY2(previews == 0, qPrintable(other));
    }
}

void TestTableView::thePreviewSamplesOneRowInEachBin()
{
    // Row r holds r + c/10 in column c: a sampled row says which row it is.
    pe::core::RowMatrix rowsTable(1000, 3);
    for (Eigen::Index r = 0; r < rowsTable.rows(); ++r)
        for (Eigen::Index c = 0; c < 3; ++c)
            rowsTable(r, c) = double(r) + 0.1 * double(c);
    const QString path = m_dir.filePath("row-numbers.npy");
    QVERIFY(writeNpy(path, rowsTable));
    const LoadedTablePtr exact = loadTable(path);
    // As the loader hands it over before the pass of a large table.
    auto preview = std::make_shared<LoadedTable>(*exact);
    preview->preview = true;
    preview->values = nullptr;
    preview->sampledRows = 7;

    const auto computedHeat = [](Document& document) {
        document.computeNow();
        return heatOf(*document.frame()).heat.matrix();
    };
    Document document;
    document.setTable(preview);
    document.setPixels(pe::ui::views::heatmap, QSize(3, 10));
    const pe::core::RowMatrix heat = computedHeat(document);
    QCOMPARE(heat.rows(), 10);
    QSet<double> offsets;
    for (Eigen::Index i = 0; i < heat.rows(); ++i) {
        const double row = heat(i, 0);
        QVERIFY2(row == std::floor(row) && row >= 100.0 * double(i) && row < 100.0 * double(i + 1),
                 qPrintable(QStringLiteral("bin %1 shows row %2").arg(i).arg(row)));
        QCOMPARE(heat(i, 2), row + 0.2); // one whole row, not a mix
        offsets.insert(row - 100.0 * double(i));
    }
    // Not the same place in every bin: a column faster than the bins becomes noise, not a
    // slow wave that is not in the table.
    QVERIFY(offsets.size() > 3);
    Document again; // and the same rows on every frame: the picture stands still
    again.setTable(preview);
    again.setPixels(pe::ui::views::heatmap, QSize(3, 10));
    QVERIFY(computedHeat(again) == heat);

    // The heatmap says it is a preview, and the axis what a pixel shows.
    HeatmapView view(&document);
    view.resize(700, 600);
    view.refresh();
    QVERIFY2(view.titleText().contains("preview") && view.titleText().contains("7 sampled rows"), qPrintable(view.titleText()));
    QVERIFY2(view.plot()->yAxis->label().contains("sampled"), qPrintable(view.plot()->yAxis->label()));
    // Its hover says so too: the pixel's rows and the sampled row's value it shows.
    const QString hover = view.cellDescription(150, 1);
    const QRegularExpressionMatch said = QRegularExpression(QStringLiteral(
        "^rows (\\d+)–(\\d+) · column 1 · value ([0-9.]+) \\(a sampled row until the pass over the values is done\\)$")).match(hover);
    QVERIFY2(said.hasMatch(), qPrintable(hover));
    const double sampledRow = said.captured(3).toDouble() - 0.1; // row r holds r + c/10
    QVERIFY2(std::abs(sampledRow - std::round(sampledRow)) < 1e-9 && said.captured(1).toInt() <= 150 && 150 <= said.captured(2).toInt()
                 && said.captured(1).toDouble() <= sampledRow && sampledRow <= said.captured(2).toDouble(),
             qPrintable(hover)); // one whole row of those the pixel covers
    // Its heatmap figure waits for the pass: the picture is sampled rows. Its data reads every
    // value, and the other views' figures do not sample: those are not held back.
    ExportRequest request;
    request.table = preview;
    request.view = pe::ui::views::heatmap;
    request.path = m_dir.filePath("preview-heat.png");
    const ExportResult refused = exportFigure(request, singleColumnFigure());
    QVERIFY2(!refused.ok() && refused.message.contains("row-numbers.npy") && refused.message.contains("sampled rows"),
             qPrintable(refused.message));
    QVERIFY(!QFile::exists(request.path));
    request.view = pe::ui::views::spectrum;
    request.path = m_dir.filePath("preview-spectrum.png");
    const ExportResult spectrum = exportFigure(request, singleColumnFigure());
    QVERIFY2(spectrum.ok() && QFile::exists(request.path), qPrintable(spectrum.message));
    request.view = pe::ui::views::heatmap;
    request.path = m_dir.filePath("preview-heat.npy");
    const ExportResult data = exportData(request);
    QVERIFY2(data.ok(), qPrintable(data.message));
    QVERIFY(*loadTable(request.path)->values == rowsTable);

    // The pass done: the same file's table keeps where the preview was zoomed to, and its
    // pixels are exact averages.
    document.setZoom(pe::ui::views::heatmap, {0, 3, 100, 600});
    view.plot()->yAxis->setRange(100, 600);
    view.refresh();
    document.setTable(exact);
    QCOMPARE(document.zoom(pe::ui::views::heatmap).yLower, 100.0);
    QCOMPARE(document.zoom(pe::ui::views::heatmap).yUpper, 600.0);
    const pe::core::RowMatrix averaged = computedHeat(document);
    const Frame& f = *document.frame();
    QCOMPARE(heatOf(f).rows.lower, 100.0);
    for (Eigen::Index i = 0; i < averaged.rows(); ++i) {
        const double y0 = heatOf(f).rows.lower + heatOf(f).rows.cellsPerBin() * double(i);
        QVERIFY(std::abs(averaged(i, 0) - boxAverage(rowsTable, y0, y0 + heatOf(f).rows.cellsPerBin(), 0, 1)) < 1e-9);
    }
    view.refresh();
    QCOMPARE(view.plot()->yAxis->range().lower, 100.0);
    QCOMPARE(view.plot()->yAxis->range().upper, 600.0);
    QVERIFY(!view.titleText().contains("preview"));
    // Another file starts zoomed out.
    document.setTable(loadTable(m_path));
    QCOMPARE(document.zoom(pe::ui::views::heatmap).yUpper, document.zoom(pe::ui::views::heatmap).yLower);
}

void TestTableView::theWindowShowsThePreviewWhileThePassRuns()
{
    // 4097 × 4096 float32 zeros (a sparse 64 MiB), one row beyond the values kept in memory. Its
    // pass takes a fraction of a second; the loader holds it after the preview until the test
    // lets it go, as a slow disk would.
    const QString large = m_dir.filePath("held.npy");
    QVERIFY(pe::test::writeSparseNpy(large, 4097, 4096, "<f4", 4) > 0);
    QSemaphore passMayStart;
    MainWindow window(Settings{});
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Document* document = window.document();
    TableLoader* loader = window.tables()->loader();
    loader->setHoldBeforePass([&] { passMayStart.acquire(); });
    QSignalSpy finished(window.tables(), &TableController::loadFinished);
    QSignalSpy previewed(loader, &TableLoader::previewReady);
    window.tables()->open(m_path);
    QVERIFY(finished.wait(10000));
    QVERIFY(previewed.isEmpty()); // a table held in memory has no preview
    const LoadedTablePtr before = document->table();
    QVERIFY(before);
    auto* heatmap = qobject_cast<HeatmapView*>(window.plotView(pe::ui::views::heatmap));
    QVERIFY(heatmap);
    auto* bar = window.statusBar()->findChild<QProgressBar*>();
    const auto statusCancel = [&]() -> QToolButton* {
        for (QToolButton* button : window.statusBar()->findChildren<QToolButton*>())
            if (button->text() == "Cancel" && button->isVisible())
                return button;
        return nullptr;
    };

    // Cancel during the pass: the table shown before comes back.
    finished.clear();
    window.tables()->open(large, {}, true);
    QVERIFY(previewed.wait(10000));
    QVERIFY(finished.isEmpty());
    QVERIFY(document->table() && document->table()->preview);
    QCOMPARE(document->table()->table->rows(), 4097);
    QTRY_VERIFY2(heatmapTitle(*heatmap).contains("preview while"), qPrintable(heatmapTitle(*heatmap)));
    // The pass's progress and its Cancel in the status bar, not in a dialog over the picture.
    bar = window.statusBar()->findChild<QProgressBar*>();
    QVERIFY(bar && bar->isVisible());
    QVERIFY(statusCancel());
    QTest::mouseClick(statusCancel(), Qt::LeftButton);
    passMayStart.release();
    QVERIFY(finished.wait(10000));
    QCOMPARE(document->table(), before);
    QVERIFY(!bar->isVisible());
    QTRY_VERIFY2(heatmapTitle(*heatmap).contains("irregular.npy"), qPrintable(heatmapTitle(*heatmap)));

    // A second file opened over a preview, then cancelled: back to the table before both.
    previewed.clear();
    finished.clear();
    window.tables()->open(large, {}, true);
    QVERIFY(previewed.wait(10000));
    passMayStart.release(); // the first load ends cancelled by the second (its result dropped)
    window.tables()->open(large, {}, true);
    QVERIFY(previewed.wait(10000));
    window.tables()->loader()->cancel();
    passMayStart.release();
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(document->table(), before);

    // Close during the pass: no table, and the pass's table does not come back when it ends.
    previewed.clear();
    finished.clear();
    window.tables()->open(large, {}, true);
    QVERIFY(previewed.wait(10000));
    window.tables()->close();
    QVERIFY(!document->table());
    passMayStart.release();
    QVERIFY(finished.wait(10000));
    QVERIFY(!document->table());
    QVERIFY(!bar->isVisible());

    // Close just as the pass ends (its worker done, its result still queued): it stays closed.
    previewed.clear();
    finished.clear();
    window.tables()->open(large, {}, true);
    QVERIFY(previewed.wait(10000));
    passMayStart.release();
    loader->waitForFinished();
    window.tables()->close();
    QVERIFY(finished.wait(10000));
    QVERIFY(!document->table());

    // The pass done: its table replaces the preview where the preview was zoomed to, and the
    // sinusoid takes its size (one undo step) without zooming the table out.
    previewed.clear();
    finished.clear();
    window.tables()->open(large, {}, true);
    QVERIFY(previewed.wait(10000));
    const LoadedTablePtr preview = document->table();
    QTRY_VERIFY(document->isFrameCurrent());
    heatmap->plot()->yAxis->setRange(999.5, 1999.5); // as the wheel would
    QTRY_COMPARE(document->zoom(pe::ui::views::heatmap).yLower, 1000.0);
    passMayStart.release();
    QVERIFY(finished.wait(10000));
    QVERIFY(document->table() && !document->table()->preview);
    QCOMPARE(document->table()->table, preview->table);
    QCOMPARE(document->spec().maxLen, 4097);
    QCOMPARE(document->spec().dModel, 4096);
    QCOMPARE(document->zoom(pe::ui::views::heatmap).yLower, 1000.0);
    QCOMPARE(document->zoom(pe::ui::views::heatmap).yUpper, 2000.0);
    QTRY_VERIFY(document->isFrameCurrent());
    QTRY_VERIFY2(!heatmapTitle(*heatmap).contains("preview while"), qPrintable(heatmapTitle(*heatmap)));
    QCOMPARE(heatmap->plot()->yAxis->range().lower, 999.5);
    QCOMPARE(heatmap->plot()->yAxis->range().upper, 1999.5);
    QVERIFY(heatOf(*document->frame()).rows.lower == 1000.0);
    loader->setHoldBeforePass({});
}

QTEST_MAIN(TestTableView)
#include "tst_tableview.moc"
