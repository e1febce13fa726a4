// SPDX-License-Identifier: MIT
#pragma once

#include <QRunnable>
#include <QSemaphore>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>

namespace pe::ui {

/// Runs work(0, count / 2) on a thread of the global pool and work(count / 2, count) on this
/// one, and returns when both are done: for the large loops of a frame that would leave the
/// second core idle (the heatmap's box averages, copying and colouring its cells).
/// QtConcurrent::blockingMap does not do this from a thread of the pool itself: the calling
/// thread only waits, and with two cores the one other thread ran both halves one after the
/// other. A half the pool has not started by the time this one is done runs here, so a busy
/// pool costs the split, never a wait for a thread. An exception of either half is thrown here
/// once both have stopped (the first half's, when both threw).
template <typename Work>
void inTwoHalves(qint64 count, Work work)
{
    const qint64 half = count / 2;
    QSemaphore firstDone;
    std::exception_ptr firstFailure, secondFailure;
    std::unique_ptr<QRunnable> first(QRunnable::create([&] {
        try {
            work(qint64(0), half);
        } catch (...) {
            firstFailure = std::current_exception();
        }
        firstDone.release();
    }));
    first->setAutoDelete(false); // ours: it is waited for below, wherever it ran
    QThreadPool* pool = QThreadPool::globalInstance();
    pool->start(first.get());
    try {
        work(half, count);
    } catch (...) {
        secondFailure = std::current_exception();
    }
    if (pool->tryTake(first.get())) // not started yet: no thread was free
        first->run();
    firstDone.acquire();
    if (firstFailure)
        std::rethrow_exception(firstFailure);
    if (secondFailure)
        std::rethrow_exception(secondFailure);
}

/// As inTwoHalves, but `count` cut into `pieces` runs that this thread and one thread of the
/// global pool take one at a time until none is left: a pool thread that comes free late (busy
/// with another part of the frame) still takes its share of what is left, where a half it had
/// not started ran after this thread's half, on this thread alone. Runs are
/// [count·i/pieces, count·(i+1)/pieces); work is called for non-empty ones only. The first
/// exception of any run stops the runs not yet begun and is thrown here.
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

} // namespace pe::ui
