// SPDX-License-Identifier: MIT
// What each part of a frame costs to compute after a d_model step (nothing reused from the
// frame before), one part at a time, at the sizes of bench_window: where a slider step with
// every view on screen spends its time off the GUI thread. Run on demand.
#include "app/memoryreuse.h"
#include "ui/document/frame.h"
#include "ui/export/figureexport.h"
#include "ui/export/dataexport.h"

#include <QTemporaryDir>
#include <QTest>

#include <tuple>


class BenchFrame : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { pe::app::reuseFreedMemory(); } // as main() does
    void part_data();
    void part();
    /// `pe-explorer --export huge.png --d-model 4096 --max-len 1048576` without the process:
    /// the figure computes only its view's part, for the figure's pixels (issue 34: ≤ 1 s).
    /// Its peak memory is measured on the command line (docs/performance.md).
    void headlessHeatmapFigure();
};

void BenchFrame::part_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<qint64>("maxLen");
    QTest::addColumn<unsigned>("views");
    const std::tuple<const char*, int, qint64> sizes[] = {
        {"100x64", 64, 100}, {"2048x512", 512, 2048}, {"8192x1024", 1024, 8192}, {"1048576x4096", 4096, 1 << 20}};
    using pe::ui::View;
    // A part per view on screen (the bands view's frequencies every frame has).
    std::vector<std::pair<QByteArray, unsigned>> views;
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog())
        if (d.view != pe::ui::views::bands)
            views.emplace_back(d.key, pe::ui::viewBit(d.view));
    views.emplace_back("all", ~0u);
    for (const auto& [size, dModel, maxLen] : sizes)
        for (const auto& [name, bits] : views)
            QTest::addRow("%s/%s", size, name.constData()) << dModel << maxLen << bits;
}

void BenchFrame::part()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    QFETCH(unsigned, views);
    pe::ui::FrameRequest request;
    request.spec.maxLen = maxLen;
    request.views = views;
    // About the plot sizes of bench_window's every-view layout at 1600 × 1000.
    request.pixels.set(pe::ui::views::heatmap, QSize(900, 700));
    request.pixels.set(pe::ui::views::similarity, QSize(300, 0));
    request.pixels.set(pe::ui::views::conventions, QSize(0, 300));
    request.pixels.set(pe::ui::views::methods, QSize(300, 300));
    const std::atomic<std::uint64_t> latest{1};
    int step = 0;
    QBENCHMARK {
        request.spec.dModel = dModel - (++step % 2); // a new spec: nothing to reuse
        QVERIFY(pe::ui::buildFrame(request, 1, nullptr, latest));
    }
}

void BenchFrame::headlessHeatmapFigure()
{
    QTemporaryDir dir;
    pe::ui::ExportRequest request;
    request.spec.dModel = 4096;
    request.spec.maxLen = 1 << 20;
    request.path = dir.filePath(QStringLiteral("huge.png"));
    request.overwrite = true;
    QBENCHMARK {
        const pe::ui::ExportResult result = pe::ui::exportFile(request, pe::ui::singleColumnFigure());
        QVERIFY2(result.ok(), qPrintable(result.message));
    }
}

QTEST_MAIN(BenchFrame)
#include "bench_frame.moc"
