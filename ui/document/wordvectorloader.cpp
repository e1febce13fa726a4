// SPDX-License-Identifier: MIT
#include "ui/document/wordvectorloader.h"

#include "core/wordvectors.h"

#include <QFile>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <fstream>

namespace pe::ui {

namespace {

/// Runs on a worker thread: a stream of the whole file, only the wanted words kept.
WordVectorLoad readVectorFile(const QString& path, std::set<std::string> wanted, int dModel,
                              std::shared_ptr<std::atomic<bool>> cancel, std::shared_ptr<std::atomic<std::int64_t>> bytes)
{
    WordVectorLoad load;
    load.path = path;
    std::ifstream in(QFile::encodeName(path).toStdString(), std::ios::binary);
    if (!in) {
        load.error = WordVectorLoader::tr("cannot open %1").arg(path);
        return load;
    }
    core::WordVectorReadOptions options;
    options.wanted = wanted;
    options.expectedDimension = dModel;
    options.progress = [cancel, bytes](std::int64_t read) {
        *bytes = read;
        return !cancel->load();
    };
    const core::WordVectorTable table = core::readWordVectors(in, options);
    load.fileDimension = table.dimension;
    switch (table.status) {
    case core::WordVectorTable::Status::Ok: {
        auto vectors = std::make_shared<LoadedWordVectors>();
        vectors->path = path;
        vectors->dimension = table.dimension;
        vectors->vectorCount = table.vectorCount;
        vectors->vectors = table.vectors;
        vectors->lookedUp = std::move(wanted);
        load.vectors = vectors;
        break;
    }
    case core::WordVectorTable::Status::Cancelled: load.cancelled = true; break;
    case core::WordVectorTable::Status::DimensionMismatch: load.dimensionMismatch = true; [[fallthrough]];
    case core::WordVectorTable::Status::Error: load.error = QString::fromStdString(table.message); break;
    }
    return load;
}

} // namespace

WordVectorLoader::WordVectorLoader(QObject* parent)
    : QObject(parent)
{
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (m_bytesRead && m_fileSize > 0)
            emit progress(double(*m_bytesRead) / double(m_fileSize));
    });
    connect(&m_watcher, &QFutureWatcher<WordVectorLoad>::finished, this, [this] {
        m_poll.stop();
        emit finished(m_watcher.result());
    });
}

WordVectorLoader::~WordVectorLoader()
{
    cancel();
    m_watcher.waitForFinished();
}

bool WordVectorLoader::load(const QString& path, std::set<std::string> wanted, int dModel, QString* error)
{
    const QFileInfo info(path);
    if (!info.exists() || !info.isFile() || !info.isReadable()) {
        if (error)
            *error = !info.exists() ? tr("Cannot use %1: there is no such file.").arg(path)
                                    : tr("Cannot use %1: it is not a readable file.").arg(path);
        return false;
    }
    // A read still running ends early; setFuture() below drops its pending finished signal.
    cancel();
    m_watcher.waitForFinished();
    m_path = path;
    m_fileSize = info.size();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_bytesRead = std::make_shared<std::atomic<std::int64_t>>(0);
    emit progress(0);
    m_poll.start();
    m_watcher.setFuture(QtConcurrent::run(readVectorFile, path, std::move(wanted), dModel, m_cancel, m_bytesRead));
    return true;
}

void WordVectorLoader::cancel()
{
    if (m_cancel)
        *m_cancel = true;
}

} // namespace pe::ui
