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
    auto result = loadTable(path, tensor, [&](double fraction) {
        *done = fraction;
        return !cancel->load();
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
