// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/embeddingsdata.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace pe::ui {

/// What reading a word-vector file gave: the vectors, or why not.
struct WordVectorLoad {
    QString path;
    WordVectorsPtr vectors;
    bool cancelled = false;
    bool dimensionMismatch = false;
    int fileDimension = 0;
    QString error; ///< empty on success
};

/// Reads a word2vec or GloVe text file off the GUI thread, keeping only the words asked for;
/// reports progress every 100 ms and can be cancelled. One file at a time: a new load cancels
/// the one running.
class WordVectorLoader : public QObject {
    Q_OBJECT
public:
    explicit WordVectorLoader(QObject* parent = nullptr);
    ~WordVectorLoader() override;

    /// Starts reading `path` for the words `wanted`, expecting vectors of `dModel` entries.
    /// Returns false with `error` set when the file cannot be read at all (nothing started).
    bool load(const QString& path, std::set<std::string> wanted, int dModel, QString* error = nullptr);
    void cancel();
    bool isLoading() const { return m_watcher.isRunning(); }
    QString path() const { return m_path; }
    std::int64_t fileSize() const { return m_fileSize; }

signals:
    void progress(double fraction);
    void finished(const pe::ui::WordVectorLoad& load);

private:
    QFutureWatcher<WordVectorLoad> m_watcher;
    QTimer m_poll;
    QString m_path;
    std::int64_t m_fileSize = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<std::int64_t>> m_bytesRead;
};

} // namespace pe::ui
