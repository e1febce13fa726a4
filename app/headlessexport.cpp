// SPDX-License-Identifier: MIT
#include "app/headlessexport.h"
#include "app/viewfiles.h"

#include "ui/document/document.h"
#include "ui/document/partjobs.h"
#include "ui/export/figureexport.h"
#include "ui/state/safewrite.h"

#include "core/tones.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTextStream>

#include <atomic>
#include <csignal>

namespace pe::app {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void onInterrupt(int) { interrupted = true; }

/// A data export that runs long (a heatmap of a million positions as text: gigabytes) says how
/// far it is on stderr, every 5 % after the first two seconds; Ctrl+C stops it between blocks
/// and leaves no file (QSaveFile's temporary is removed).
ui::ExportProgress terminalProgress(const QString& path)
{
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    auto shown = std::make_shared<int>(-5);
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    return [clock, shown, path](double done) {
        const int percent = int(done * 100);
        if (clock->elapsed() > 2000 && percent / 5 > *shown / 5 && percent < 100) {
            *shown = percent;
            QTextStream(stderr) << "pe-explorer: writing " << path << ": " << percent << " % (Ctrl+C stops, writing nothing)" << Qt::endl;
        }
        return !interrupted.load();
    };
}

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

/// --view waves --export FILE.wav: the wave plot's dimensions as tones, one after another.
int writeTones(const LaunchOptions& options)
{
    if (!options.encodingPath.isEmpty()) { // a session's table (--encoding itself is refused earlier)
        QTextStream(stderr) << "pe-explorer: --export " << options.exportPath << ": a sound plays the sinusoid's frequencies, "
                            << "which the session's position table has not; allowed: a session without a table, or no --session"
                            << Qt::endl;
        return 2;
    }
    const std::vector<int> columns(options.state.dims.begin(), options.state.dims.end());
    const std::string problem = core::toneProblem(options.spec, columns, options.tones);
    if (!problem.empty()) {
        QTextStream(stderr) << "pe-explorer: --export " << options.exportPath << ": " << QString::fromStdString(problem)
                            << " (--dims, --listen-rate, --listen-seconds)" << Qt::endl;
        return 2;
    }
    if (QFileInfo::exists(options.exportPath) && !options.force) {
        QTextStream(stderr) << "pe-explorer: " << options.exportPath << " already exists; pass --force to replace it" << Qt::endl;
        return 1; // as every other export refuses to replace a file (ExportResult::WriteFailed)
    }
    const std::string wave = core::waveFile(core::dimensionTones(options.spec, columns, options.tones), options.tones.sampleRate);
    // Written from the bytes in place (fromRawData: no copy of a sound that may take 80 MB).
    if (const QString reason = ui::writeFileAtomically(options.exportPath, QByteArray::fromRawData(wave.data(), qsizetype(wave.size())));
        !reason.isEmpty()) {
        QTextStream(stderr) << "pe-explorer: cannot write " << options.exportPath << ": " << reason << Qt::endl;
        return 1;
    }
    return 0;
}

} // namespace

int runHeadlessExport(const LaunchOptions& options)
{
    if (options.exportPath.section(QLatin1Char('.'), -1).toLower() == QLatin1String("wav"))
        return writeTones(options);
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
    // What the view reads from a file its options name (the methods' T5 biases), as the
    // window's controller would.
    // The exported view's (its data goes with the request), then any other view's the command
    // line gave options to (a bad --t5-biases is told whatever the view).
    QString error = readViewData(options, options.view, request.state, nullptr, &request.viewData);
    if (error.isEmpty())
        error = readGivenViewData(options, request.state, options.view);
    if (!error.isEmpty()) {
        QTextStream(stderr) << "pe-explorer: " << error << Qt::endl;
        return 2;
    }
    // Data that holds positions of its own (a checkpoint's): without --max-len, all of them.
    if (request.viewData && !options.maxLenGiven)
        if (const std::int64_t length = ui::viewDataLength(options.view, *request.viewData); length > 0)
            request.spec.maxLen = length;
    // As the window does: without --d-model, --max-len or a session, the sinusoid takes the table's size.
    if (request.table && !options.sizeGiven) {
        request.spec = ui::sinusoidSizedLike(request.spec, *request.table->table);
        if (!options.dimsGiven) // the default waves that the table is too narrow for, as for a small --d-model
            request.state.dims.removeIf([&](int dim) { return dim >= request.spec.dModel; });
    }
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
    // Only a data export reports and stops between blocks; a figure is drawn at once.
    const QString suffix = QFileInfo(request.path).suffix().toLower();
    const bool data = suffix == QLatin1String("npy") || suffix == QLatin1String("csv");
    const ui::ExportResult result = ui::exportFile(request, size, data ? terminalProgress(request.path) : ui::ExportProgress());
    if (!result.ok())
        QTextStream(stderr) << "pe-explorer: " << result.message << Qt::endl;
    else if (!result.warning.isEmpty())
        QTextStream(stderr) << "pe-explorer: warning: " << result.warning << " (--size-mm, --size, --font-size)" << Qt::endl;
    return exitCodeFor(result);
}

} // namespace pe::app
