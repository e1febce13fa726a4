// SPDX-License-Identifier: MIT
#include "ui/window/tablecontroller.h"

#include "ui/widgets/tensorpicker.h"
#include "ui/document/document.h"
#include "ui/state/recentfolder.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QStatusBar>
#include <QToolButton>

#include <utility>

namespace pe::ui {

TableController::TableController(Document* document, QWidget* window, std::function<void(const QString&)> note)
    : QObject(window)
    , m_document(document)
    , m_window(window)
    , m_note(std::move(note))
{
    connect(&m_loader, &TableLoader::finished, this, &TableController::onLoaded);
    connect(&m_loader, &TableLoader::previewReady, this, &TableController::onPreview);
    connect(&m_loader, &TableLoader::progress, this, [this](double done) {
        const int permille = static_cast<int>(1000.0 * std::clamp(done, 0.0, 1.0));
        if (m_progress && m_progress->isVisible())
            m_progress->setValue(permille);
        if (m_passStatus && m_passStatus->isVisible())
            m_passBar->setValue(permille);
    });
    connect(m_document, &Document::changed, this, &TableController::updateActions);
}

void TableController::addActions(QMenu* file)
{
    QAction* open = file->addAction(tr("Open e&ncoding…"), this, &TableController::openInteractively);
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    open->setToolTip(tr("Show a model's learned position table (.npy, .safetensors, .csv) in the heatmap"));
    m_close = file->addAction(tr("C&lose encoding"), this, &TableController::close);
    m_close->setToolTip(tr("The heatmap shows the sinusoid again"));
    m_dataRange = file->addAction(tr("Table colours over the data's &range"));
    m_dataRange->setCheckable(true);
    m_dataRange->setToolTip(tr("On: the colours span the table's minimum to maximum. Off: ±the largest |value|, "
                               "0 in the middle, like the sinusoid's −1 … +1"));
    connect(m_dataRange, &QAction::toggled, this, [this](bool on) {
        if (on != m_document->state().tableDataRange)
            m_document->setTableDataRange(on);
    });
    updateActions();
}

void TableController::updateActions()
{
    if (m_close)
        m_close->setEnabled(m_document->table() != nullptr);
    if (m_dataRange) {
        m_dataRange->setEnabled(m_document->table() != nullptr);
        m_dataRange->setChecked(m_document->state().tableDataRange);
    }
}

void TableController::openInteractively()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open encoding"), recentFolder(),
                                                      tr("Position tables (*.npy *.safetensors *.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberFolderOf(path);
    const std::optional<QString> tensor = askForTensor(m_window, path, tr("Open encoding"),
                                                       tr("%1 holds %2 tables. Which one holds the positions?"), likelyPositionTensor);
    if (!tensor)
        return;
    open(path, *tensor, true);
    showClaimingViewWhenLoaded(); // after open(), which clears it: the load ends later, on its signal
}

void TableController::open(const QString& path, const QString& tensor, bool sizeSinusoid)
{
    m_showClaimingView = false;
    m_sizeSinusoid = sizeSinusoid;
    m_specAtOpen = m_document->spec();
    m_closedDuringLoad = false;
    m_loadPending = true;
    // A preview of a load this one cancels goes back to what was shown before that load.
    if (!m_document->table() || !m_document->table()->preview)
        m_before = m_document->table();
    hidePassInStatusBar();
    if (!m_progress) {
        m_progress = new QProgressDialog(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 1000, m_window);
        m_progress->setWindowTitle(tr("Open encoding"));
        m_progress->setMinimumDuration(400); // a small table opens before it would show
        m_progress->setAutoClose(false);
        m_progress->setAutoReset(false);
        connect(m_progress, &QProgressDialog::canceled, &m_loader, &TableLoader::cancel);
    }
    m_progress->setLabelText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_progress->setValue(0);
    m_loader.load(path, tensor);
}

void TableController::onPreview(const TableLoad& load)
{
    if (m_progress) {
        m_progress->reset();
        m_progress->hide();
    }
    m_document->setTable(load.table);
    const EncodingTable& table = *load.table->table;
    showPassInStatusBar(QFileInfo(load.path).fileName());
    m_note(tr("A preview of %1 (%2): one sampled row per pixel row, colours from %3 rows, while the pass over its "
              "values runs. Exact averages follow.").arg(table.displayName(), table.shapeText(), QString::number(load.table->sampledRows)));
    updateActions();
}

void TableController::showPassInStatusBar(const QString& fileName)
{
    auto* window = qobject_cast<QMainWindow*>(m_window);
    if (!window)
        return;
    if (!m_passStatus) {
        m_passStatus = new QWidget;
        auto* layout = new QHBoxLayout(m_passStatus);
        layout->setContentsMargins(0, 0, 0, 0);
        m_passLabel = new QLabel;
        m_passBar = new QProgressBar;
        m_passBar->setRange(0, 1000);
        m_passBar->setMaximumWidth(160);
        m_passBar->setTextVisible(true);
        auto* cancel = new QToolButton;
        cancel->setText(tr("Cancel"));
        cancel->setToolTip(tr("Stop reading the table; the heatmap goes back to what it showed before"));
        connect(cancel, &QToolButton::clicked, &m_loader, &TableLoader::cancel);
        layout->addWidget(m_passLabel);
        layout->addWidget(m_passBar);
        layout->addWidget(cancel);
        window->statusBar()->addPermanentWidget(m_passStatus);
    }
    m_passLabel->setText(tr("Reading %1:").arg(fileName));
    m_passBar->setValue(0);
    m_passStatus->show();
}

void TableController::hidePassInStatusBar()
{
    if (m_passStatus)
        m_passStatus->hide();
}

void TableController::restoreTableBeforePreview()
{
    const LoadedTablePtr& shown = m_document->table();
    if (shown && shown->preview)
        m_document->setTable(m_before);
    m_before = nullptr;
    updateActions();
}

void TableController::onLoaded(const TableLoad& load)
{
    if (m_progress) {
        m_progress->reset();
        m_progress->hide();
    }
    hidePassInStatusBar();
    m_loadPending = false;
    // Closed (or a session without this table shown) while it loaded: whatever the load gave,
    // even a table finished just before the cancel could stop it, is not shown.
    if (std::exchange(m_closedDuringLoad, false)) {
        m_before = nullptr;
        emit loadFinished({});
        return;
    }
    if (load.cancelled) {
        restoreTableBeforePreview();
        m_note(tr("Opening %1 cancelled; nothing changed.").arg(QFileInfo(load.path).fileName()));
        emit loadFinished({});
        return;
    }
    if (!load.error.isEmpty()) {
        restoreTableBeforePreview();
        m_note(load.error);
        if (m_window->isVisible()) { // window-modal, without a nested event loop
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Open encoding"), load.error, QMessageBox::Ok, m_window);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        emit loadFinished(load.error);
        return;
    }
    m_before = nullptr;
    m_document->setTable(load.table);
    const EncodingTable& table = *load.table->table;
    QString note = tr("The heatmap shows %1 (%2). File ▸ Close encoding returns to the sinusoid.")
                       .arg(table.displayName(), table.shapeText());
    const bool sized = m_document->spec().maxLen == table.rows() && m_document->spec().dModel == table.columns();
    if (m_sizeSinusoid && !sized && m_document->spec() == m_specAtOpen) {
        m_document->sizeLikeTable();
        note += tr(" The sinusoid now has its size: max_len %1, d_model %2 (Edit ▸ Undo returns it to the old size; the table stays).")
                    .arg(m_document->spec().maxLen).arg(m_document->spec().dModel);
    } else if (m_sizeSinusoid && !sized) { // the user set the sinusoid while its preview was shown
        note += tr(" The sinusoid keeps the settings you chose during the pass.");
    }
    if (load.table->stats.nonFinite > 0)
        note += tr(" %1 values are not finite (NaN or ±inf): drawn transparent.").arg(load.table->stats.nonFinite);
    // A view that sees these rows as something (the grid: an image's patches) says so, and
    // takes the stage when the user asked for that.
    std::optional<View> claimedBy;
    for (const ViewDescription& d : viewCatalog()) {
        const QString sentence = d.claimsTable ? d.claimsTable(table.rows()) : QString();
        if (!sentence.isEmpty()) {
            note += sentence;
            claimedBy = d.view;
            break;
        }
    }
    m_note(note);
    if (claimedBy && m_showClaimingView)
        emit tableClaimed(*claimedBy);
    updateActions();
    emit loadFinished({});
}

TableReference TableController::reference() const
{
    const LoadedTablePtr& loaded = m_document->table();
    if (!loaded)
        return {};
    return {loaded->table->path(), loaded->table->tensor(), loaded->table->fileSize(), loaded->fingerprint};
}

void TableController::showReference(const TableReference& reference)
{
    if (reference.isEmpty()) {
        m_closedDuringLoad = m_loadPending; // the session has no table: no note for it
        m_loader.cancel();
        if (m_document->table())
            close();
        return;
    }
    if (const QString problem = tableFileProblem(reference.path, reference.size, reference.fingerprint); !problem.isEmpty()) {
        m_closedDuringLoad = m_loadPending; // the message below says what happened
        m_loader.cancel();
        m_document->setTable(nullptr);
        updateActions();
        const QString message = tr("The session's position table was not opened: %1. Everything else in the session is restored; "
                                   "open the table again with File ▸ Open encoding….").arg(problem);
        m_note(message);
        if (m_window->isVisible()) {
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Open encoding"), message, QMessageBox::Ok, m_window);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        emit loadFinished(message);
        return;
    }
    open(reference.path, reference.tensor);
}

void TableController::close()
{
    if (m_loadPending) { // closing a preview stops its pass
        m_closedDuringLoad = true;
        m_loader.cancel();
    }
    m_document->setTable(nullptr);
    updateActions();
    m_note(tr("The heatmap shows the sinusoid again."));
}

} // namespace pe::ui
