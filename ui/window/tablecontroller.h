// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"
#include "ui/document/tableloader.h"
#include "ui/state/session.h"

#include <QObject>
#include <QPointer>

class QAction;
class QLabel;
class QProgressBar;
class QMenu;
class QProgressDialog;
class QWidget;

namespace pe::ui {

class Document;

/// The window's side of position tables: File ▸ Open encoding… (a file dialog, then a
/// choice of tensor for a .safetensors file with several tables), Close encoding, and the
/// table's colour scale. Opening runs off the GUI thread with a progress dialog and Cancel; a
/// refusal is shown with the reader's message (file, field, what is allowed). A table too large
/// for memory shows its preview during the pass, with the progress and Cancel in the status bar.
class TableController : public QObject {
    Q_OBJECT
public:
    /// `window` parents the dialogs; `note` shows a line in the window's status bar.
    TableController(Document* document, QWidget* window, std::function<void(const QString&)> note);

    void addActions(QMenu* file);
    /// Opens `path` (`tensor` as in EncodingTable::open), without dialogs until the load ends.
    /// `sizeSinusoid`: then sets max_len and d_model to the table's rows and columns (one undo
    /// step), so that the sinusoid's views stand beside it at the same size.
    void open(const QString& path, const QString& tensor = {}, bool sizeSinusoid = false);
    void openInteractively();
    void close();
    /// What a session saves of the table shown (empty when none).
    TableReference reference() const;
    /// Shows what a session saved: its table when the file is still the same (else a message
    /// saying what changed, and no table), or none.
    void showReference(const TableReference& reference);
    TableLoader* loader() { return &m_loader; }
    /// The load under way, once it ends with a table a view claims (ViewDescription::claimsTable:
    /// the grid a vision transformer's class token and H·W patches), asks for that view
    /// (tableClaimed): File ▸ Open encoding's loads, and --encoding's when no --view was given.
    void showClaimingViewWhenLoaded() { m_showClaimingView = true; }

signals:
    /// Once a load ends: with the message shown (empty on success or cancel).
    void loadFinished(const QString& error);
    /// File ▸ Open encoding opened a table that `view` claims (the grid: a vision transformer's):
    /// the window shows it there.
    void tableClaimed(pe::ui::View view);

private:
    void onPreview(const TableLoad& load);
    void onLoaded(const TableLoad& load);
    void updateActions();
    /// The pass's progress and Cancel in the status bar, while its preview is shown (a dialog
    /// would cover the picture).
    void showPassInStatusBar(const QString& fileName);
    void hidePassInStatusBar();
    /// After a cancelled or refused load: the table shown before its preview, if the preview
    /// is still what the document shows.
    void restoreTableBeforePreview();

    Document* m_document;
    QWidget* m_window;
    bool m_showClaimingView = false; ///< see showClaimingViewWhenLoaded()
    std::function<void(const QString&)> m_note;
    TableLoader m_loader;
    bool m_sizeSinusoid = false;     // of the load under way
    core::EncodingSpec m_specAtOpen; // a size the user sets during the pass is kept
    bool m_loadPending = false;      // open() called, onLoaded() not yet: not isLoading(), whose
                                     // worker may have returned with its result still queued
    bool m_closedDuringLoad = false; // its result is not shown, and needs no note
    /// What Cancel or a refusal returns to: the table shown when the load began, or when it
    /// replaced a preview, the table shown before that preview's load.
    LoadedTablePtr m_before;
    QPointer<QProgressDialog> m_progress;
    QPointer<QWidget> m_passStatus;
    QLabel* m_passLabel = nullptr;
    QProgressBar* m_passBar = nullptr;
    QAction* m_close = nullptr;
    QAction* m_dataRange = nullptr;
};

} // namespace pe::ui
