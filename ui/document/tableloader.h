// SPDX-License-Identifier: MIT
#pragma once

#include "ui/modelfiles/encodingtable.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

namespace pe::ui {

/// What opening a position table gave: the table with its pass done, or why not.
struct TableLoad {
    QString path, tensor;
    LoadedTablePtr table;
    bool cancelled = false;
    QString error; ///< names the file, the field and what is allowed; empty on success
};

/// Opens a table file off the GUI thread: maps it, then one pass over every value (range and
/// non-finite count) that streams the file at disk speed; reports progress every 100 ms and can
/// be cancelled. One file at a time: a new load cancels the one running. A table too large for
/// memory is first offered as a preview (LoadedTable::preview, previewReady()) to show while
/// the pass runs.
class TableLoader : public QObject {
    Q_OBJECT
public:
    explicit TableLoader(QObject* parent = nullptr);
    ~TableLoader() override;

    /// Starts opening `path` (`tensor`: a safetensors tensor's name, empty for the likely one).
    void load(const QString& path, const QString& tensor = {});
    void cancel();
    bool isLoading() const { return m_watcher.isRunning(); }
    /// Waits for the running load (tests, and the command line's synchronous open).
    void waitForFinished() { m_watcher.waitForFinished(); }
    /// For tests: called on the worker between handing over a preview and the pass, so that a
    /// test can look at the preview while the pass is held (a real pass's length is the disk's).
    void setHoldBeforePass(std::function<void()> hold) { m_holdBeforePass = std::move(hold); }

    /// What the worker hands over before the pass: the GUI thread takes it (takePreview).
    struct PreviewSlot {
        std::mutex mutex;
        LoadedTablePtr table;
    };

signals:
    void progress(double fraction);
    /// The table to show until finished() (once per load, only when the pass is still running).
    void previewReady(const pe::ui::TableLoad& load);
    void finished(const pe::ui::TableLoad& load);

private:
    /// On the GUI thread, queued by the worker once the preview is in its slot: emits it
    /// unless the load was cancelled or has ended meanwhile (its own table comes next).
    Q_INVOKABLE void takePreview();
    /// Drops a preview nobody took: it holds the file open and mapped.
    void clearPreview();

    QFutureWatcher<TableLoad> m_watcher;
    QTimer m_poll;
    QString m_path, m_tensor; // of the load under way
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<double>> m_done;
    std::shared_ptr<PreviewSlot> m_preview;
    std::function<void()> m_holdBeforePass;
};

} // namespace pe::ui
