// SPDX-License-Identifier: MIT
// A slider step to a fully redrawn window, measured in-process on the real window (offscreen):
// change d_model by one, wait for the frame, let every visible view replot. Rows without a
// prefix have every view on screen at once; "default/" rows use the layout a new user opens
// (views tabbed, one of them raised). Run on demand (scripts/benchmark.sh).
#include "ui/state/recovery.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"
#include "ui/views/plotview.h"
#include "ui/views/viewfactory.h"
#include "ui/window/recoverycontroller.h"
#include "ui/window/tablecontroller.h"
#include "app/memoryreuse.h"
#include "core/datawriters.h"

#include <QApplication>
#include <QBoxLayout>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

#include <array>
#include <memory>
#include <optional>
#include <tuple>

using pe::ui::MainWindow;

namespace {

/// User and system time of this process so far, every thread, in milliseconds.
double processCpuMilliseconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto ms = [](const timeval& t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
    return ms(usage.ru_utime) + ms(usage.ru_stime);
}

/// The process's resident memory (VmRSS), in bytes; -1 when /proc cannot tell.
qint64 residentBytes()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
    return -1;
}

} // namespace

class BenchWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void startToFirstFrame();
    void processStartToFirstFrame();
    void sliderStep_data();
    void sliderStep();
    void autosaveWrite();
    void memoryAfterSliding_data();
    void memoryAfterSliding();
    void openTable();
    void tableSliderStep_data();
    void tableSliderStep();
    void tableScan();
    void hugeTable_data();
    void hugeTable();

private:
    QTemporaryDir m_dir;
};

void BenchWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the default layout, not the user's saved one
    QSettings().clear();                      // nor one an earlier run left in the test sandbox
    pe::app::reuseFreedMemory();               // as main() does
}

namespace {

/// What a sliderStep row has on screen: every view (the rows named by size alone), the first
/// start's layout (the heatmap alone on the stage: "default/"), or two views side by side on
/// the stage (the similarity matrix with the heatmap beside it: "stage/"; the grid view, MAE's
/// 14 × 14 sin-cos at d_model, with the heatmap beside it: "grid/" — every other step an odd
/// d_model, which MAE's sin-cos refuses with a message), or presentation mode (F5) at 1920 ×
/// 1080 with the heatmap presented alone over the whole window ("presenting/", issue 48), or
/// the named view with the heatmap beside it at 1 M × 4096 ("beside/<view>": every pair the
/// stage offers with the heatmap, at the largest size).
enum class Layout { EveryView, Default, Stage, GridStage, Presenting, Beside };

/// Every view on screen at once, at a size it could be read at, as the docks stacked them
/// before the stage: the main window narrowed to its controls and the heatmap on the stage
/// (about 430 px, as the heatmap had between the controls and two 400 px columns), and a
/// window of its own beside it with a view of each other kind in two 400 px columns, drawing
/// the same document's frames.
class EveryViewOnScreen {
public:
    explicit EveryViewOnScreen(MainWindow& window) : m_grid(new QWidget(&window, Qt::Window))
    {
        window.resize(800, 1000);
        auto* row = new QHBoxLayout(m_grid);
        const auto columns = std::array{new QVBoxLayout, new QVBoxLayout};
        row->addLayout(columns[0]);
        row->addLayout(columns[1]);
        int i = 0;
        for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog())
            if (d.view != pe::ui::views::heatmap)
                columns[std::size_t(i++ % 2)]->addWidget(pe::ui::createView(d.view, window.document()).release());
        m_grid->resize(800, 1000);
        m_grid->show();
    }
    ~EveryViewOnScreen()
    {
        m_grid->hide(); // its views tell the document so while it is still there
        delete m_grid;
    }

private:
    QWidget* m_grid;
};

std::unique_ptr<EveryViewOnScreen> showEveryView(MainWindow& window) { return std::make_unique<EveryViewOnScreen>(window); }

/// Runs the event loop until the document's frame shows the current settings. Not
/// QTest::qWaitFor: it sleeps 10 ms between polls, which would dominate the small sizes.
/// Waits for the document's current frame and the views' drawing of it; `computed`, when
/// given, is set to the moment the frame arrived (before the views draw it).
void waitForCurrentFrame(pe::ui::Document* document, QElapsedTimer* computed = nullptr)
{
    if (!document->isFrameCurrent()) {
        QEventLoop loop;
        // Before the views' own connections: the moment the frame is there, not drawn.
        if (computed)
            QObject::connect(document, &pe::ui::Document::frameReady, &loop, [&] {
                if (document->isFrameCurrent())
                    computed->start();
            });
        QObject::connect(document, &pe::ui::Document::frameReady, &loop, [&] {
            if (document->isFrameCurrent())
                loop.quit();
        });
        loop.exec();
    } else if (computed) {
        computed->start();
    }
    QCoreApplication::sendPostedEvents(); // the views' queued replots and repaints
    QCoreApplication::processEvents();
}

} // namespace

// From constructing the window to its first frame drawn (the process start and loading of the
// shared libraries come on top: about 0.1 s here, see docs/performance.md).
void BenchWindow::startToFirstFrame()
{
    QBENCHMARK {
        MainWindow window(pe::ui::Settings{});
        window.resize(1366, 768);
        window.show();
        waitForCurrentFrame(window.document());
    }
}

// The whole process as a user starts it: launch, load the libraries, open the window, draw
// the heatmap's first frame, then close and exit (PE_QUIT_AFTER_FIRST_FRAME; the shutdown is
// counted too, so this overstates the wait a little).
void BenchWindow::processStartToFirstFrame()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PE_QUIT_AFTER_FIRST_FRAME"), QStringLiteral("1"));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    QBENCHMARK {
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(PE_EXPLORER_PATH), QStringList());
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
    }
}

void BenchWindow::sliderStep_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<qint64>("maxLen");
    QTest::addColumn<int>("layoutRow");
    QTest::addColumn<QString>("besideView"); // the view on the stage for Layout::Beside
    const std::tuple<const char*, int, qint64> sizes[] = {
        {"100x64", 64, 100}, {"2048x512", 512, 2048}, {"8192x1024", 1024, 8192}, {"1048576x4096", 4096, 1 << 20}};
    for (const auto& [name, dModel, maxLen] : sizes)
        QTest::newRow(name) << dModel << maxLen << int(Layout::EveryView) << QString();
    for (const auto& [name, dModel, maxLen] : sizes)
        QTest::newRow(qPrintable(QStringLiteral("default/") + QLatin1String(name))) << dModel << maxLen << int(Layout::Default) << QString();
    for (const auto& [name, dModel, maxLen] : sizes)
        QTest::newRow(qPrintable(QStringLiteral("stage/") + QLatin1String(name))) << dModel << maxLen << int(Layout::Stage) << QString();
    for (const auto& [name, dModel, maxLen] : sizes)
        QTest::newRow(qPrintable(QStringLiteral("grid/") + QLatin1String(name))) << dModel << maxLen << int(Layout::GridStage) << QString();
    for (const auto& [name, dModel, maxLen] : sizes)
        QTest::newRow(qPrintable(QStringLiteral("presenting/") + QLatin1String(name))) << dModel << maxLen << int(Layout::Presenting) << QString();
    for (const QString& name : pe::ui::viewNames())
        if (name != pe::ui::viewName(pe::ui::views::heatmap))
            QTest::newRow(qPrintable(QStringLiteral("beside/") + name)) << 4096 << qint64(1 << 20) << int(Layout::Beside) << name;
}

void BenchWindow::sliderStep()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    QFETCH(int, layoutRow);
    QFETCH(QString, besideView);
    const auto layout = Layout(layoutRow);
    pe::ui::Settings settings;
    settings.spec.dModel = dModel;
    settings.spec.maxLen = maxLen;
    MainWindow window(settings);
    window.resize(layout == Layout::Presenting ? QSize(1920, 1080) : QSize(1600, 1000));
    std::unique_ptr<EveryViewOnScreen> everything;
    if (layout == Layout::EveryView)
        everything = showEveryView(window);
    window.show();
    if (layout == Layout::Stage) { // two views side by side on the stage
        window.stage()->choose(pe::ui::views::similarity);
        window.stage()->setBeside(pe::ui::views::heatmap);
    }
    if (layout == Layout::Beside) {
        window.stage()->choose(*pe::ui::parseView(besideView));
        window.stage()->setBeside(pe::ui::views::heatmap);
    }
    if (layout == Layout::GridStage) {
        window.stage()->choose(pe::ui::views::grid);
        window.stage()->setBeside(pe::ui::views::heatmap);
    }
    if (layout == Layout::Presenting)
        window.setPresentationMode(true);
    // Autosaving as main() makes the window do: a slider drag writes every 5 s.
    pe::ui::RecoveryStore store(m_dir.filePath(QStringLiteral("recovery")));
    pe::ui::RecoveryController autosave(store.claim(), &window);
    auto* document = window.document();
    QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 60000));
    QTest::qWait(50); // the layout settles…
    // … and the frame its new sizes asked for is computed and drawn: a step timed while that
    // frame still ran waited for it (and recomputed what a superseded frame threw away), one
    // step of 150–200 ms at 1 M × 4096 that made the mean of 10 steps twice the others'.
    waitForCurrentFrame(document);
    int step = 0;
    const double cpuBefore = processCpuMilliseconds();
    qint64 untilFrame = 0, drawing = 0; // ns
    QBENCHMARK {
        QElapsedTimer started, computed;
        started.start();
        document->setDModel(dModel - (++step % 2)); // one slider step, back and forth
        waitForCurrentFrame(document, &computed);
        drawing += computed.nsecsElapsed();
        untilFrame += started.nsecsElapsed() - computed.nsecsElapsed();
    }
    // Beside the wall time QBENCHMARK reports: what a step costs the machine, every thread, and
    // where its wall time went (until the frame was there, and the views' drawing of it after).
    const double steps = std::max(step, 1);
    qInfo("CPU time, all threads: %.1f ms per step (%d steps); until the frame %.1f ms, drawing %.1f ms",
          (processCpuMilliseconds() - cpuBefore) / steps, step, untilFrame / 1e6 / steps, drawing / 1e6 / steps);
    window.setPresentationMode(false); // the mode is remembered: the next row starts without it
    window.hide(); // as closing does, but without saving this layout for the next row
    autosave.finish();
    store.release();
}

void BenchWindow::memoryAfterSliding_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<qint64>("maxLen");
    QTest::newRow("100x64") << 64 << qint64(100);
    QTest::newRow("2048x512") << 512 << qint64(2048);
    QTest::newRow("8192x1024") << 1024 << qint64(8192);
    QTest::newRow("1048576x4096") << 4096 << qint64(1 << 20);
}

// Resident memory after a minute of slider steps (PE_BENCH_SLIDE_SECONDS, default 60) with two
// views on the stage (the similarity beside the heatmap), reported as the benchmark's result in
// bytes; then the similarity leaves the stage, and its part must leave the frame (issue 52).
// The memory is in the "resident:" line. No QBENCHMARK: QtTest runs a timed benchmark once
// more as a warm-up, which would double the rows' minutes. The four rows come near QtTest's
// 5-minute limit per function: run with QTEST_FUNCTION_TIMEOUT=900000.
void BenchWindow::memoryAfterSliding()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    pe::ui::Settings settings;
    settings.spec.dModel = dModel;
    settings.spec.maxLen = maxLen;
    MainWindow window(settings);
    window.resize(1600, 1000);
    window.show();
    window.stage()->choose(pe::ui::views::similarity);
    window.stage()->setBeside(pe::ui::views::heatmap);
    auto* document = window.document();
    QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 60000));
    const qint64 before = residentBytes();
    const int seconds = qEnvironmentVariableIsSet("PE_BENCH_SLIDE_SECONDS") ? qEnvironmentVariableIntValue("PE_BENCH_SLIDE_SECONDS") : 60;
    int step = 0;
    QElapsedTimer sliding;
    sliding.start();
    while (sliding.elapsed() < seconds * 1000LL) {
        document->setDModel(dModel - (++step % 2)); // one slider step, back and forth
        waitForCurrentFrame(document);
    }
    const qint64 after = residentBytes();
    QVERIFY(document->frame()->partOf<pe::ui::ViewPart>(pe::ui::views::similarity));
    window.stage()->setBeside(std::nullopt); // the similarity off the stage: the heatmap alone
    window.stage()->choose(pe::ui::views::heatmap);
    document->setDModel(dModel);
    waitForCurrentFrame(document);
    QVERIFY2(!document->frame()->partOf<pe::ui::ViewPart>(pe::ui::views::similarity),
             "a view off the stage still has its part in the frame");
    qInfo("resident: %.1f MB at the first frame, %.1f MB after %d steps in %d s", double(before) / 1e6, double(after) / 1e6,
          step, seconds);
    window.hide();
}

// One autosave with every view on screen, all on the calling thread (the window takes the
// session on the GUI thread, and writes it on another): what a write costs at most.
void BenchWindow::autosaveWrite()
{
    MainWindow window;
    window.resize(1600, 1000);
    const auto everything = showEveryView(window);
    window.show();
    QVERIFY(QTest::qWaitFor([&] { return window.document()->isFrameCurrent(); }, 60000));
    pe::ui::RecoveryStore store(m_dir.filePath(QStringLiteral("recovery")));
    pe::ui::RecoveryController autosave(store.claim(), &window);
    int step = 0;
    QBENCHMARK {
        window.document()->selectPosition(++step % 2); // a change, so that it is written
        autosave.saveNow();
    }
    QCOMPARE(autosave.lastError(), QString());
    autosave.finish();
    store.release();
}

namespace {

/// A rows × columns float32 .npy (format 1.0) of slowly varying values, like a learned table.
QString writeFloat32Table(const QString& path, std::int64_t rows, std::int64_t columns)
{
    QByteArray dict = QStringLiteral("{'descr': '<f4', 'fortran_order': False, 'shape': (%1, %2), }").arg(rows).arg(columns).toLatin1();
    while ((10 + dict.size() + 1) % 64 != 0)
        dict.append(' ');
    dict.append('\n');
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    QByteArray head("\x93NUMPY\x01\x00", 8);
    head.append(char(dict.size() & 0xff)).append(char(dict.size() >> 8)).append(dict);
    file.write(head);
    std::vector<float> row(static_cast<std::size_t>(columns));
    for (std::int64_t r = 0; r < rows; ++r) {
        for (std::int64_t c = 0; c < columns; ++c)
            row[static_cast<std::size_t>(c)] = static_cast<float>(std::sin(0.001 * double(r) * double(c % 97 + 1)));
        file.write(reinterpret_cast<const char*>(row.data()), static_cast<qint64>(row.size() * sizeof(float)));
    }
    return path;
}

} // namespace

// File ▸ Open encoding on GPT-2's size (1024 × 768 float32, 3 MiB, in the page cache):
// from asking to the heatmap's first frame of it drawn (default layout). Two files in turn, so
// that every round opens a table the window does not show.
void BenchWindow::openTable()
{
    const QString files[] = {writeFloat32Table(m_dir.filePath("a.npy"), 1024, 768),
                             writeFloat32Table(m_dir.filePath("b.npy"), 1024, 768)};
    MainWindow window(pe::ui::Settings{});
    window.resize(1600, 1000);
    window.show();
    auto* document = window.document();
    QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 60000));
    QSignalSpy finished(window.tables(), &pe::ui::TableController::loadFinished);
    int round = 0;
    QBENCHMARK {
        window.tables()->open(files[++round % 2]);
        QVERIFY(finished.wait(30000));
        waitForCurrentFrame(document);
    }
    QVERIFY(document->table());
    window.hide();
}

// A slider step with GPT-2's table (1024 × 768) open and every view on screen, the sinusoid
// sized like it: the heatmap, similarity, waves and precision keep the table's parts; the
// conventions' B and the sinusoid's views follow d_model. Beside it the sinusoid alone at that size.
void BenchWindow::tableSliderStep_data()
{
    QTest::addColumn<bool>("withTable");
    QTest::newRow("table 1024x768") << true;
    QTest::newRow("sinusoid 1024x768") << false;
}

void BenchWindow::tableSliderStep()
{
    QFETCH(bool, withTable);
    const QString path = writeFloat32Table(m_dir.filePath("gpt2.npy"), 1024, 768);
    pe::ui::Settings settings;
    settings.spec.dModel = 768;
    settings.spec.maxLen = 1024;
    MainWindow window(settings);
    window.resize(1600, 1000);
    const auto everything = showEveryView(window);
    window.show();
    auto* document = window.document();
    if (withTable) {
        QSignalSpy finished(window.tables(), &pe::ui::TableController::loadFinished);
        window.tables()->open(path, {}, true);
        QVERIFY(finished.wait(30000));
    }
    QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 60000));
    QTest::qWait(50); // the layout settles…
    // … and the frame its new sizes asked for is computed and drawn: a step timed while that
    // frame still ran waited for it (and recomputed what a superseded frame threw away), one
    // step of 150–200 ms at 1 M × 4096 that made the mean of 10 steps twice the others'.
    waitForCurrentFrame(document);
    int step = 0;
    QBENCHMARK {
        document->setDModel(768 - (++step % 2));
        waitForCurrentFrame(document);
    }
    window.hide();
}

// The one pass over every value when a table opens (range, non-finite count), on a 1 GiB
// float32 table: its MB/s (1024 MiB / the time) against `cat FILE > /dev/null`, both from the
// page cache once the file was written.
void BenchWindow::tableScan()
{
    const QString path = writeFloat32Table(m_dir.filePath("big.npy"), 65536, 4096);
    auto opened = pe::ui::EncodingTable::open(path);
    QVERIFY(std::holds_alternative<std::shared_ptr<pe::ui::EncodingTable>>(opened));
    const auto table = std::get<std::shared_ptr<pe::ui::EncodingTable>>(opened);
    QBENCHMARK {
        QVERIFY(table->scan());
    }
}

// A 1,048,576 × 4096 float32 table (16 GiB; PE_BENCH_HUGE_ROWS sets the rows): a sparse file,
// whose pages are zeros the kernel makes, so the pass measures its own speed, not a disk's.
//   pass:       opening it — the one pass over every value that finds the range and builds the
//               level of detail (prefix sums of the rows); MB/s = file size / time.
//   sliderStep: a d_model step with it shown and every view on screen.
//   zoom:       the heatmap zoomed to another third of the rows: its pixels from the prefix sums.
//   preview:    from opening the new (cold) file to its preview drawn in the window, the pass
//               then cancelled: what a user waits for the first picture.
void BenchWindow::hugeTable_data()
{
    QTest::addColumn<QString>("part");
    for (const char* part : {"pass", "sliderStep", "zoom", "preview"})
        QTest::newRow(part) << QString::fromLatin1(part);
}

void BenchWindow::hugeTable()
{
    QFETCH(QString, part);
    const std::int64_t rows = qEnvironmentVariableIsSet("PE_BENCH_HUGE_ROWS") ? qEnvironmentVariableIntValue("PE_BENCH_HUGE_ROWS")
                                                                              : std::int64_t(1) << 20;
    const std::int64_t columns = 4096;
    const QString path = m_dir.filePath("huge.npy");
    {
        QByteArray dict = QStringLiteral("{'descr': '<f4', 'fortran_order': False, 'shape': (%1, %2), }").arg(rows).arg(columns).toLatin1();
        while ((10 + dict.size() + 1) % 64 != 0)
            dict.append(' ');
        dict.append('\n');
        QByteArray head("\x93NUMPY\x01\x00", 8);
        head.append(char(dict.size() & 0xff)).append(char(dict.size() >> 8)).append(dict);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(head);
        QVERIFY(file.resize(head.size() + rows * columns * 4));
    }
    if (part == QLatin1String("pass")) {
        QBENCHMARK_ONCE {
            auto loaded = pe::ui::loadTable(path, {});
            QVERIFY(std::holds_alternative<pe::ui::LoadedTablePtr>(loaded));
            QVERIFY(std::get<pe::ui::LoadedTablePtr>(loaded)->prefix);
        }
        return;
    }
    if (part == QLatin1String("preview")) {
        MainWindow window(pe::ui::Settings{});
        window.resize(1600, 1000);
        window.show();
        waitForCurrentFrame(window.document());
        QBENCHMARK_ONCE {
            pe::ui::LoadedTablePtr preview;
            const auto result = pe::ui::loadTable(path, {}, [&](double) { return !preview; }, // cancel once it is there
                                                  [&](pe::ui::LoadedTablePtr table) { preview = std::move(table); });
            QVERIFY(preview && std::holds_alternative<pe::ui::LoadedTablePtr>(result));
            window.document()->setTable(preview);
            waitForCurrentFrame(window.document());
        }
        return;
    }
    auto loaded = pe::ui::loadTable(path, {});
    QVERIFY(std::holds_alternative<pe::ui::LoadedTablePtr>(loaded));
    MainWindow window(pe::ui::Settings{});
    window.resize(1600, 1000);
    std::unique_ptr<EveryViewOnScreen> everything;
    if (part == QLatin1String("sliderStep"))
        everything = showEveryView(window);
    window.show();
    auto* document = window.document();
    document->setTable(std::get<pe::ui::LoadedTablePtr>(loaded));
    QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 120000));
    QTest::qWait(50);
    int step = 0;
    if (part == QLatin1String("sliderStep")) {
        QBENCHMARK {
            document->setDModel(64 - (++step % 2));
            waitForCurrentFrame(document);
        }
    } else {
        const double third = double(rows) / 3;
        QBENCHMARK {
            const double from = third * double(++step % 2);
            document->setZoom(pe::ui::views::heatmap, {0, 0, from, from + third});
            waitForCurrentFrame(document);
        }
    }
    window.hide();
}

QTEST_MAIN(BenchWindow)
#include "bench_window.moc"
