// SPDX-License-Identifier: MIT
#pragma once

#include <QRunnable>
#include <QSemaphore>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <utility>

namespace pe::ui {

/// Runs work(first, end) over `count` cut into `pieces` runs [count·i/pieces, count·(i+1)/pieces)
/// (non-empty ones only), which this thread and one thread of the global pool take one at a
/// time until none is left, and returns when all are done: for the large loops of a frame that
/// would leave the second core idle. QtConcurrent::blockingMap does not do this from a thread
/// of the pool itself: the calling thread only waits, and with two cores the one other thread
/// ran every run one after the other. A pool thread that comes free late (busy with another
/// part of the frame) still takes its share of what is left; one that never does costs the
/// split, never a wait. The first exception of any run stops the runs not yet begun and is
/// thrown here once the runs under way have stopped.
template <typename Work>
void inPieces(qint64 count, int pieces, Work work)
{
    pieces = static_cast<int>(std::clamp<qint64>(pieces, 1, std::max<qint64>(count, 1)));
    std::atomic<int> next{0};
    std::exception_ptr helperFailure, ownFailure;
    const auto takeRuns = [&](std::exception_ptr& failure) {
        try {
            for (int i = next++; i < pieces; i = next++) {
                const qint64 first = count * i / pieces, end = count * (i + 1) / pieces;
                if (first < end)
                    work(first, end);
            }
        } catch (...) {
            failure = std::current_exception();
            next = pieces; // no run begins after a failure
        }
    };
    QSemaphore helperDone;
    std::unique_ptr<QRunnable> helper(QRunnable::create([&] {
        takeRuns(helperFailure);
        helperDone.release();
    }));
    helper->setAutoDelete(false); // ours: it is waited for below unless it never started
    QThreadPool* pool = QThreadPool::globalInstance();
    pool->start(helper.get());
    takeRuns(ownFailure);
    if (!pool->tryTake(helper.get())) // started: wait for the run it holds
        helperDone.acquire();
    if (helperFailure)
        std::rethrow_exception(helperFailure);
    if (ownFailure)
        std::rethrow_exception(ownFailure);
}

/// inPieces in two runs, [0, count/2) and [count/2, count).
template <typename Work>
void inTwoHalves(qint64 count, Work work)
{
    inPieces(count, 2, std::move(work));
}

} // namespace pe::ui
