// SPDX-License-Identifier: MIT
#pragma once

#include <QRunnable>
#include <QSemaphore>
#include <QThreadPool>

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

} // namespace pe::ui
