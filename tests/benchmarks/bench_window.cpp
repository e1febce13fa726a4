// SPDX-License-Identifier: MIT
// A slider step to a fully redrawn window, measured in-process on the real window (offscreen):
// change d_model by one, wait for the frame, let every view replot. Run on demand.
#include "ui/mainwindow.h"

#include <QApplication>
#include <QTest>

using pe::ui::MainWindow;

class BenchWindow : public QObject {
    Q_OBJECT
private slots:
    void sliderStep_data();
    void sliderStep();
};

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
    window.show();
    auto* document = window.document();
    QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 60000));
    int step = 0;
    QBENCHMARK {
        document->setDModel(dModel + (++step % 2)); // one slider step, back and forth
        QVERIFY(QTest::qWaitFor([&] { return document->isFrameCurrent(); }, 60000));
        QCoreApplication::sendPostedEvents(); // the views' queued replots
    }
}

QTEST_MAIN(BenchWindow)
#include "bench_window.moc"
