// SPDX-License-Identifier: MIT
// A slider step to a fully redrawn window, measured in-process on the real window (offscreen):
// change d_model by one, wait for the frame, let every view replot. Run on demand.
#include "ui/mainwindow.h"
#include "ui/memoryreuse.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTest>

using pe::ui::MainWindow;

class BenchWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void startToFirstFrame();
    void sliderStep_data();
    void sliderStep();
};

void BenchWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the default layout, not the user's saved one
    pe::ui::reuseFreedMemory();               // as main() does
}

namespace {

/// Takes the view docks out of their tabs and stacks them, so that every view is on screen
/// (the targets are for a fully redrawn window with all views visible).
void showEveryView(MainWindow& window)
{
    QDockWidget* previous = nullptr;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (dock->objectName() == QLatin1String("controlsDock"))
            continue;
        if (previous)
            window.splitDockWidget(previous, dock, Qt::Vertical);
        previous = dock;
    }
}

/// Runs the event loop until the document's frame shows the current settings. Not
/// QTest::qWaitFor: it sleeps 10 ms between polls, which would dominate the small sizes.
void waitForCurrentFrame(pe::ui::Document* document)
{
    if (!document->isFrameCurrent()) {
        QEventLoop loop;
        QObject::connect(document, &pe::ui::Document::frameReady, &loop, [&] {
            if (document->isFrameCurrent())
                loop.quit();
        });
        loop.exec();
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

void BenchWindow::sliderStep_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<qint64>("maxLen");
    QTest::newRow("100x64") << 64 << qint64(100);
    QTest::newRow("2048x512") << 512 << qint64(2048);
    QTest::newRow("8192x1024") << 1024 << qint64(8192);
    QTest::newRow("1048576x4096") << 4096 << qint64(1 << 20);
}

void BenchWindow::sliderStep()
{
    QFETCH(int, dModel);
    QFETCH(qint64, maxLen);
    pe::ui::Settings settings;
    settings.spec.dModel = dModel;
    settings.spec.maxLen = maxLen;
    MainWindow window(settings);
    window.resize(1600, 1000);
    showEveryView(window);
    window.show();
    auto* document = window.document();
    QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 60000));
    QTest::qWait(50); // the docks' layout settles
    int step = 0;
    QBENCHMARK {
        document->setDModel(dModel - (++step % 2)); // one slider step, back and forth
        waitForCurrentFrame(document);
    }
}

QTEST_MAIN(BenchWindow)
#include "bench_window.moc"
