// SPDX-License-Identifier: MIT
// inTwoHalves and inPieces: the frame's loops split over the two cores. Every index is worked
// once, whatever thread takes it; a run's exception reaches the caller after every run stopped.
#include "ui/state/twohalves.h"

#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <vector>

using pe::ui::inPieces;
using pe::ui::inTwoHalves;

class TestPieces : public QObject {
    Q_OBJECT
private slots:
    void everyIndexOnce();
    void aBusyPoolLeavesTheRunsToTheCaller();
    void aRunsExceptionReachesTheCaller();
};

namespace {

/// How many times each index of [0, count) was worked, and by how many threads.
struct Coverage {
    std::mutex mutex;
    std::vector<int> times;
    std::vector<QThread*> threads;
    int emptyRuns = 0;
    explicit Coverage(qint64 count) : times(static_cast<std::size_t>(count)) {}
    void work(qint64 first, qint64 end)
    {
        const std::lock_guard lock(mutex);
        emptyRuns += first >= end; // checked on the test's thread: QVERIFY is not for others
        for (qint64 i = first; i < end; ++i)
            ++times[static_cast<std::size_t>(i)];
        if (std::find(threads.begin(), threads.end(), QThread::currentThread()) == threads.end())
            threads.push_back(QThread::currentThread());
    }
    bool eachOnce() const
    {
        return emptyRuns == 0 && std::all_of(times.begin(), times.end(), [](int t) { return t == 1; });
    }
};

} // namespace

void TestPieces::everyIndexOnce()
{
    for (qint64 count : {0, 1, 2, 3, 7, 8, 9, 100, 1001})
        for (int pieces : {1, 2, 3, 8, 64, 5000}) {
            Coverage coverage(count);
            inPieces(count, pieces, [&](qint64 first, qint64 end) {
                QThread::usleep(50); // long enough for the pool's thread to take some
                coverage.work(first, end);
            });
            QVERIFY2(coverage.eachOnce(), qPrintable(QString("%1 in %2 pieces").arg(count).arg(pieces)));
        }
    for (qint64 count : {0, 1, 2, 101}) {
        Coverage coverage(count);
        inTwoHalves(count, [&](qint64 first, qint64 end) {
            if (first < end)
                coverage.work(first, end);
        });
        QVERIFY2(coverage.eachOnce(), qPrintable(QString("%1 in two halves").arg(count)));
    }
}

void TestPieces::aBusyPoolLeavesTheRunsToTheCaller()
{
    // Every thread of the global pool busy until the caller's runs are done: the caller takes
    // them all and returns without waiting for a thread (the helper never starts).
    QThreadPool* pool = QThreadPool::globalInstance();
    QSemaphore release, started;
    for (int i = 0; i < pool->maxThreadCount(); ++i)
        pool->start([&] {
            started.release();
            release.acquire();
        });
    started.acquire(pool->maxThreadCount());
    Coverage coverage(40);
    inPieces(40, 8, [&](qint64 first, qint64 end) { coverage.work(first, end); });
    release.release(pool->maxThreadCount());
    pool->waitForDone();
    QVERIFY(coverage.eachOnce());
    QCOMPARE(coverage.threads.size(), std::size_t(1));
    QCOMPARE(coverage.threads.front(), QThread::currentThread());
}

void TestPieces::aRunsExceptionReachesTheCaller()
{
    // A run that throws, first, in the middle or last: the caller gets its exception once the
    // runs under way have stopped.
    for (int failing : {0, 3, 7}) {
        std::atomic<int> runs{0};
        bool thrown = false;
        try {
            inPieces(80, 8, [&](qint64 first, qint64) {
                ++runs;
                if (first == failing * 10)
                    throw std::runtime_error("run failed");
            });
        } catch (const std::runtime_error& e) {
            thrown = QString(e.what()) == "run failed";
        }
        QVERIFY2(thrown, qPrintable(QString("run %1").arg(failing)));
        QVERIFY(runs >= 1 && runs <= 8);
    }
}

QTEST_MAIN(TestPieces)
#include "tst_pieces.moc"
