// SPDX-License-Identifier: MIT
#include "ui/document/tableloader.h"

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace pe::ui {

namespace {

/// Runs on a worker thread. `loader` outlives it (its destructor waits for the load).
TableLoad openTable(const QString& path, const QString& tensor, std::shared_ptr<std::atomic<bool>> cancel,
                    std::shared_ptr<std::atomic<double>> done, std::shared_ptr<TableLoader::PreviewSlot> preview,
                    TableLoader* loader, std::function<void()> holdBeforePass)
{
    TableLoad load;
    load.path = path;
    load.tensor = tensor;
    const auto progress = [&](double fraction) {
        *done = fraction;
        return !cancel->load();
    };
    auto result = loadTable(path, tensor, progress, [&](LoadedTablePtr table) {
        {
            const std::lock_guard lock(preview->mutex);
            preview->table = std::move(table);
        }
        // Shown at once, not at the next progress report.
        QMetaObject::invokeMethod(loader, "takePreview", Qt::QueuedConnection);
        if (holdBeforePass)
            holdBeforePass();
    });
    if (const auto* error = std::get_if<QString>(&result))
        load.error = *error;
    else if (!(load.table = std::get<LoadedTablePtr>(result)))
        load.cancelled = true;
    return load;
}

} // namespace

TableLoader::TableLoader(QObject* parent)
    : QObject(parent)
{
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (m_done)
            emit progress(m_done->load());
    });
    connect(&m_watcher, &QFutureWatcher<TableLoad>::finished, this, [this] {
        m_poll.stop();
        clearPreview();
        emit finished(m_watcher.result());
    });
}

TableLoader::~TableLoader()
{
    cancel();
    m_watcher.waitForFinished();
}

void TableLoader::load(const QString& path, const QString& tensor)
{
    // A load still running ends early; setFuture() below drops its pending finished signal.
    cancel();
    m_watcher.waitForFinished();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_done = std::make_shared<std::atomic<double>>(0.0);
    m_preview = std::make_shared<PreviewSlot>();
    m_path = path;
    m_tensor = tensor;
    emit progress(0);
    m_poll.start();
    m_watcher.setFuture(QtConcurrent::run(openTable, path, tensor, m_cancel, m_done, m_preview, this, m_holdBeforePass));
}

void TableLoader::takePreview()
{
    if (!m_preview || m_watcher.isFinished() || m_cancel->load())
        return;
    LoadedTablePtr table;
    {
        const std::lock_guard lock(m_preview->mutex);
        table = std::exchange(m_preview->table, nullptr);
    }
    if (table)
        emit previewReady(TableLoad{m_path, m_tensor, std::move(table), false, {}});
}

void TableLoader::clearPreview()
{
    if (!m_preview)
        return;
    const std::lock_guard lock(m_preview->mutex);
    m_preview->table.reset();
}

void TableLoader::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    clearPreview(); // the worker may still hand one over: takePreview() drops it, finished clears it
}

} // namespace pe::ui
