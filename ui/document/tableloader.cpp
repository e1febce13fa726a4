// SPDX-License-Identifier: MIT
#include "ui/document/tableloader.h"

#include <QtConcurrent/QtConcurrentRun>

namespace pe::ui {

namespace {

/// Runs on a worker thread.
TableLoad openTable(const QString& path, const QString& tensor, std::shared_ptr<std::atomic<bool>> cancel,
                    std::shared_ptr<std::atomic<double>> done)
{
    TableLoad load;
    load.path = path;
    load.tensor = tensor;
    // A .csv is parsed first (half the bar), a mapped file only scanned.
    auto opened = EncodingTable::open(path, tensor, [&](std::int64_t) { return !cancel->load(); });
    if (const auto* error = std::get_if<QString>(&opened)) {
        load.cancelled = cancel->load();
        if (!load.cancelled)
            load.error = *error;
        return load;
    }
    auto table = std::get<std::shared_ptr<EncodingTable>>(opened);
    const double values = static_cast<double>(table->rows()) * static_cast<double>(table->columns());
    const auto stats = table->scan([&](std::int64_t scanned) {
        *done = static_cast<double>(scanned) / values;
        return !cancel->load();
    });
    if (!stats) {
        load.cancelled = true;
        return load;
    }
    auto loaded = std::make_shared<LoadedTable>();
    loaded->table = std::move(table);
    loaded->stats = *stats;
    load.table = std::move(loaded);
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
    emit progress(0);
    m_poll.start();
    m_watcher.setFuture(QtConcurrent::run(openTable, path, tensor, m_cancel, m_done));
}

void TableLoader::cancel()
{
    if (m_cancel)
        *m_cancel = true;
}

} // namespace pe::ui
