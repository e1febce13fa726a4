// SPDX-License-Identifier: MIT
#pragma once

#include "ui/figureexport.h"

#include <QObject>

#include <functional>

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

    /// Asks for the file and the options, then exports `view` of the current settings.
    void exportInteractively(View view);
    /// Exports without asking (tests, scripts); `overwrite` answers the replace question.
    ExportResult exportTo(View view, const QString& path, const FigureSize& size, bool overwrite);
    /// Puts the figure (image) and its recipe (text) on the clipboard.
    void copyFigure(View view);
    /// Where the view options of an export come from (the window's views); none: defaults.
    void setViewOptionsSource(std::function<QVariantMap(View)> source) { m_viewOptions = std::move(source); }

private:
    ExportRequest requestFor(View view, const QString& path, bool overwrite) const;
    ExportResult exportDataWithProgress(const ExportRequest& request);

    Document* m_document;
    QWidget* m_window;
    QString m_lastFolder;
    std::function<QVariantMap(View)> m_viewOptions;
};

} // namespace pe::ui
