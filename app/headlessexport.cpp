// SPDX-License-Identifier: MIT
#include "app/headlessexport.h"

#include "ui/export/figureexport.h"

#include <QTextStream>

namespace pe::app {

namespace {

int exitCodeFor(const ui::ExportResult& result)
{
    switch (result.status) {
    case ui::ExportResult::Status::Ok: return 0;
    case ui::ExportResult::Status::BadRequest: return 2;
    case ui::ExportResult::Status::WriteFailed:
    case ui::ExportResult::Status::Cancelled: return 1;
    }
    return 1;
}

} // namespace

int runHeadlessExport(const LaunchOptions& options)
{
    ui::ExportRequest request;
    request.spec = options.spec;
    request.state = options.state;
    request.view = options.view;
    request.path = options.exportPath;
    request.overwrite = options.force;

    ui::FigureSize size = ui::singleColumnFigure();
    size.dpi = options.dpi;
    size.fontPoints = options.fontPoints;
    size.title = options.title;
    size.selectionMarks = options.selectionMarks;
    if (options.sizePixels.isValid())
        size.pixels = options.sizePixels;
    if (options.sizeMillimetres.isValid())
        size.millimetres = options.sizeMillimetres;
    const ui::ExportResult result = ui::exportFile(request, size);
    if (!result.ok())
        QTextStream(stderr) << "pe-explorer: " << result.message << Qt::endl;
    else if (!result.warning.isEmpty())
        QTextStream(stderr) << "pe-explorer: warning: " << result.warning << " (--size-mm, --size, --font-size)" << Qt::endl;
    return exitCodeFor(result);
}

} // namespace pe::app
