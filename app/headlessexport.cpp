// SPDX-License-Identifier: MIT
#include "app/headlessexport.h"

#include "ui/document/document.h"
#include "ui/document/methodsdata.h"
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

QString readNamedT5Biases(const LaunchOptions& options, ui::ViewState& state, ui::ViewDataPtr* biases)
{
    ui::MethodOptions o = ui::methodOptions(state);
    if (o.t5File.isEmpty())
        return {};
    const bool fromSession = options.session && ui::methodOptions(options.session->settings.state).t5File == o.t5File;
    const auto loaded = ui::loadT5Biases(o.t5File, o.t5Tensor);
    if (const auto* error = std::get_if<QString>(&loaded))
        return (fromSession ? QStringLiteral("session %1: its T5 biases: ").arg(options.sessionPath) : QStringLiteral("--t5-biases: "))
            + *error;
    const ui::T5BiasesPtr read = std::get<ui::T5BiasesPtr>(loaded);
    if (o.t5Head > read->heads)
        return QStringLiteral("--t5-head %1: %2 holds %3 heads; allowed: 1 to %3").arg(o.t5Head).arg(read->displayName()).arg(read->heads);
    o.t5File = read->path;
    o.t5Tensor = read->tensor;
    o.numBuckets = read->buckets;
    o.maxDistance = std::max(o.maxDistance, o.numBuckets);
    ui::setMethodOptions(state, o);
    if (biases)
        *biases = read;
    return {};
}

int runHeadlessExport(const LaunchOptions& options)
{
    ui::ExportRequest request;
    if (!options.encodingPath.isEmpty()) {
        if (options.encodingFromSession) {
            const ui::TableReference& saved = options.session->table;
            if (const QString problem = ui::tableFileProblem(saved.path, saved.size, saved.fingerprint); !problem.isEmpty()) {
                QTextStream(stderr) << "pe-explorer: session " << options.sessionPath << ": its position table: " << problem
                                    << " (open the table again and save the session, or give --encoding FILE)" << Qt::endl;
                return 2;
            }
        }
        // The same open and pass over the values as the window's loader, on this thread.
        auto loaded = ui::loadTable(options.encodingPath, options.encodingTensor);
        if (const auto* error = std::get_if<QString>(&loaded)) {
            QTextStream(stderr) << "pe-explorer: --encoding: " << *error << Qt::endl;
            return 2;
        }
        request.table = std::get<ui::LoadedTablePtr>(loaded);
    }
    request.spec = options.spec;
    request.state = options.state;
    ui::ViewDataPtr t5Biases;
    if (const QString error = readNamedT5Biases(options, request.state, &t5Biases); !error.isEmpty()) {
        QTextStream(stderr) << "pe-explorer: " << error << Qt::endl;
        return 2;
    }
    // As the window does: without --d-model, --max-len or a session, the sinusoid takes the table's size.
    if (request.table && !options.sizeGiven) {
        request.spec = ui::sinusoidSizedLike(request.spec, *request.table->table);
        if (!options.dimsGiven) // the default waves that the table is too narrow for, as for a small --d-model
            request.state.dims.removeIf([&](int dim) { return dim >= request.spec.dModel; });
    }
    request.view = options.view;
    if (request.view == ui::View::Methods) // what the view read from a file, beside its options
        request.viewData = t5Biases;
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
