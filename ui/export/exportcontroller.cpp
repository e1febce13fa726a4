// SPDX-License-Identifier: MIT
#include "ui/export/exportcontroller.h"

#include "ui/document/document.h"
#include "ui/export/exportdialog.h"
#include "ui/state/preferences.h"
#include "ui/state/recentfolder.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace pe::ui {

ExportController::ExportController(Document* document, QWidget* window)
    : QObject(window), m_document(document), m_window(window)
{
}

ExportRequest ExportController::requestFor(View view, const QString& path, bool overwrite) const
{
    ExportRequest request;
    request.spec = m_document->spec();
    request.state = m_document->state();
    // The window keeps wave dims beyond a smaller d_model for later; a file holds the drawn ones.
    request.state.dims.removeIf([&](int dim) { return dim >= request.spec.dModel; });
    request.view = view;
    request.viewData = m_document->viewData(view);
    request.table = m_document->table();
    request.path = path;
    request.overwrite = overwrite;
    return request;
}

void ExportController::exportInteractively(View view)
{
    // The view in use, unless the user has not turned to another one since the last export:
    // then the view that export wrote (picked in the dialog, say RoPE beside the heatmap).
    m_openedFor = view;
    if (m_lastExported && view == m_inUseAtLastExport)
        view = *m_lastExported;
    // The format of the last export (a PNG user gets .png again), in the folder used last.
    const QString suggested = QDir(recentFolder()).filePath(QStringLiteral("pe-%1.%2").arg(viewName(view), Preferences::exportFormat()));
    ExportDialog dialog(view, suggested, m_document->state().colormap, m_window);
    dialog.setCheck([this](ExportDialog& d) { return exportFromDialog(d); });
    m_progressParent = &dialog;
    dialog.exec();
    m_progressParent = nullptr;
}

std::optional<QString> ExportController::exportFromDialog(ExportDialog& dialog)
{
    const QString path = dialog.path();
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QStringList known{QStringLiteral("pdf"), QStringLiteral("svg"), QStringLiteral("png"), QStringLiteral("npy"), QStringLiteral("csv")};
    if (path.isEmpty() || !known.contains(suffix))
        return tr("“%1”: the file name must end in .pdf, .svg or .png (a figure) or in .npy or .csv (the data)")
            .arg(QFileInfo(path).fileName());
    bool overwrite = false;
    if (QFileInfo::exists(path)) {
        const auto answer = QMessageBox::question(&dialog, tr("Replace file?"), tr("%1 already exists. Replace it?").arg(path),
                                                  QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return QString(); // back to the dialog, to choose another name
        overwrite = true;
    }
    if (const QString error = targetPathError(path, overwrite); !error.isEmpty())
        return error;
    const ExportResult result = exportTo(dialog.view(), path, dialog.figureSize(), overwrite, dialog.colormap());
    if (result.ok()) {
        rememberFolderOf(path);
        m_lastExported = dialog.view();
        m_inUseAtLastExport = m_openedFor;
    }
    if (result.ok() && !result.warning.isEmpty()) // the dialog stays open to change the size
        return tr("Written to %1, but: %2.").arg(QFileInfo(path).fileName(), result.warning);
    if (result.ok() || result.status == ExportResult::Status::Cancelled)
        return std::nullopt;
    return result.message;
}

ExportResult ExportController::exportTo(View view, const QString& path, const FigureSize& size, bool overwrite,
                                        const QString& colormap)
{
    ExportRequest request = requestFor(view, path, overwrite);
    if (!colormap.isEmpty())
        request.state.colormap = colormap;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("npy") || suffix == QLatin1String("csv")) {
        const ExportResult result = exportDataWithProgress(request);
        if (result.ok())
            emit written(path);
        return result;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const ExportResult result = exportFigure(request, size);
    QApplication::restoreOverrideCursor();
    if (result.ok())
        emit written(path);
    return result;
}

ExportResult ExportController::exportDataWithProgress(const ExportRequest& request)
{
    // Data can be gigabytes: write it on a worker thread while the window stays responsive,
    // with a progress dialog whose Cancel leaves no file behind.
    auto progress = std::make_shared<std::atomic<int>>(0);
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    QFutureWatcher<ExportResult> watcher;
    QProgressDialog dialog(tr("Exporting %1…").arg(QFileInfo(request.path).fileName()), tr("Cancel"), 0, 1000,
                           m_progressParent ? m_progressParent : m_window);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(300);
    connect(&dialog, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    QTimer poll;
    connect(&poll, &QTimer::timeout, &dialog, [&] { dialog.setValue(*progress); });
    QEventLoop loop;
    connect(&watcher, &QFutureWatcher<ExportResult>::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run([request, progress, cancelled] {
        return exportData(request, [progress, cancelled](double done) {
            *progress = static_cast<int>(done * 1000);
            return !cancelled->load();
        });
    }));
    poll.start(50);
    loop.exec();
    poll.stop();
    dialog.reset();
    return watcher.result();
}

void ExportController::copyFigure(View view)
{
    const ExportRequest request = requestFor(view, QStringLiteral("figure.png"), true);
    FigureSize size = singleColumnFigure();
    size.dpi = 150;
    auto* mime = new QMimeData;
    mime->setImageData(renderFigure(request, size));
    mime->setText(recipeCommand(request, size));
    QApplication::clipboard()->setMimeData(mime);
}

} // namespace pe::ui
