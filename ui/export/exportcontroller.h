// SPDX-License-Identifier: MIT
#pragma once

#include "ui/export/figureexport.h"

#include <QObject>

#include <functional>
#include <optional>

class QWidget;

namespace pe::ui {

class Document;

/// The window's side of exporting: the dialog, the overwrite question, progress with cancel for
/// long data exports (off the GUI thread), the result message, and Copy figure. The files
/// themselves come from the same exporter as `pe-explorer --export`.
class ExportController : public QObject {
    Q_OBJECT
public:
    ExportController(Document* document, QWidget* window);

    /// Asks for the file and the options, then exports `view` of the current settings. The
    /// dialog stays open, choices kept, with the message shown, until the export succeeds or
    /// the user cancels.
    void exportInteractively(View view);
    /// Exports without asking (tests, scripts); `overwrite` answers the replace question; a
    /// non-empty `colormap` replaces the window's for this file.
    ExportResult exportTo(View view, const QString& path, const FigureSize& size, bool overwrite,
                          const QString& colormap = {});
    /// Puts the figure (image) and its recipe (text) on the clipboard.
    void copyFigure(View view);

signals:
    /// A file was written (from the dialog or exportTo); the window says where.
    void written(const QString& path);

private:
    ExportRequest requestFor(View view, const QString& path, bool overwrite) const;
    /// Why the dialog's choices cannot be exported (asking before replacing a file), or nothing.
    std::optional<QString> exportFromDialog(class ExportDialog& dialog);
    ExportResult exportDataWithProgress(const ExportRequest& request);

    Document* m_document;
    QWidget* m_window;
    QWidget* m_progressParent = nullptr; ///< the export dialog while it is open
    View m_openedFor = views::heatmap;          ///< the view in use when the dialog opened
    std::optional<View> m_lastExported;        ///< the view the dialog wrote last
    View m_inUseAtLastExport = views::heatmap;  ///< the view in use then
};

} // namespace pe::ui
