// SPDX-License-Identifier: MIT
#include "app/headlessexport.h"

#include <QFileInfo>
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

    const QString suffix = QFileInfo(options.exportPath).suffix().toLower();
    ui::ExportResult result;
    if (suffix == QLatin1String("npy") || suffix == QLatin1String("csv"))
        result = ui::exportData(request);
    else
        result = {ui::ExportResult::Status::BadRequest,
                  QStringLiteral("figure export (.%1) is not available in this build; use .npy or .csv").arg(suffix)};
    if (!result.ok())
        QTextStream(stderr) << "pe-explorer: " << result.message << Qt::endl;
    return exitCodeFor(result);
}

} // namespace pe::app
