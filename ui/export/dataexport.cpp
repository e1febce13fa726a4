// SPDX-License-Identifier: MIT
#include "ui/export/dataexport.h"

#include "ui/document/partjobs.h"

#include "core/datawriters.h"
#include "ui/document/frame.h"
#include "ui/state/safewrite.h"

#include <QDir>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>
#include <QScopeGuard>

#include <memory>

namespace pe::ui {

// Messages go through the "pe::ui::Export" context: the window shows them in its language; the
// command line installs no translator, so there they stay English, as scripts expect.

namespace {

// Data files beyond this are refused up front: 2^31 float64 values are already 16 GiB.
constexpr std::int64_t maxExportValues = std::int64_t{1} << 31;

/// A view's data: its part from the same builder as the window's frame, at whole cells
/// (PartInputs::wholeCells), then its builder's table, whose rows are made block by block so
/// that no L × L or L × d matrix is held whole. Built once for the checks, the shape and the
/// rows of one export.
struct PartExport {
    ViewPartPtr part;
    DataTable table; ///< its rows are made from `part` as the export writes them
};
/// The last part export, kept per thread for the next call of the same export (its checks, its
/// shape, its rows); the table only weakly. A part may hold a table's values: exportData
/// forgets it when done, so that a table closed afterwards is not held by an export thread.
struct PartExportCache {
    View view = views::heatmap;
    PartInputs inputs; // its table null: held below, weakly
    std::weak_ptr<const LoadedTable> table;
    bool hadTable = false;
    std::shared_ptr<const PartExport> data;
};
thread_local PartExportCache partExportCache;
/// True while exportData runs: its checks, shape and rows share one part. Any other caller
/// (a figure's checks, the dialog's shape) forgets the part when it returns.
thread_local bool exportHoldsPart = false;
/// Forgets the cached part when no export holds it (a part may hold a loaded table's values).
auto forgetPartUnlessHeld()
{
    return qScopeGuard([] {
        if (!exportHoldsPart)
            partExportCache = {};
    });
}

std::shared_ptr<const PartExport> partExportFor(const ExportRequest& r)
{
    View& lastView = partExportCache.view;
    PartInputs& lastInputs = partExportCache.inputs;
    std::weak_ptr<const LoadedTable>& lastTable = partExportCache.table;
    bool& lastHadTable = partExportCache.hadTable;
    std::shared_ptr<const PartExport>& last = partExportCache.data;
    const std::optional<PartBuilder> builder = partBuilder(r.view);
    PartInputs inputs{r.spec, r.state.optionsOf(r.view), QSize(), ViewZoom(), r.table, r.viewData, r.state, true};
    if (last && lastView == r.view) {
        PartInputs before = lastInputs;
        before.table = lastTable.lock();
        if ((before.table != nullptr) == lastHadTable && samePartInputs(builder->reads, before, inputs))
            return last;
    }
    auto data = std::make_shared<PartExport>();
    data->part = viewPart(r.view, inputs);
    if (data->part && data->part->problem().isEmpty())
        data->table = builder->exportData(*data->part);
    lastView = r.view;
    lastTable = inputs.table;
    lastHadTable = inputs.table != nullptr;
    inputs.table = nullptr;
    lastInputs = std::move(inputs);
    last = data;
    return last;
}

bool hasOwnDataExport(View view)
{
    const std::optional<PartBuilder> builder = partBuilder(view);
    return builder && builder->exportData;
}

} // namespace

std::pair<std::int64_t, std::int64_t> dataShape(const core::EncodingSpec& spec, const ViewState& state, View view)
{
    const auto forgetPart = forgetPartUnlessHeld();
    if (hasOwnDataExport(view)) {
        ExportRequest r;
        r.spec = spec;
        r.state = state;
        r.view = view;
        const std::shared_ptr<const PartExport> data = partExportFor(r);
        return {data->table.rows(), data->table.columns()};
    }
    return {0, 0}; // no data export
}

namespace {

std::pair<std::int64_t, std::int64_t> shapeOf(const ExportRequest& r)
{
    const std::shared_ptr<const PartExport> data = partExportFor(r);
    return {data->table.rows(), data->table.columns()};
}

} // namespace

namespace {

/// The refusal of a view that works from a table's values in memory, for a table too large to hold them.
QString tableValuesError(const ExportRequest& request)
{
    return QCoreApplication::translate("pe::ui::Export", "the %1 view works from a table's values in memory: at most %2 values; "
                                       "%3 has %4 (the heatmap and the spectrum export it)")
        .arg(viewName(request.view)).arg(LoadedTable::mostValuesInMemory).arg(request.table->table->displayName())
        .arg(request.table->table->rows() * request.table->table->columns());
}

} // namespace

namespace {

/// The source of the request: the table's file unchanged, a valid spec.
QString sourceError(const ExportRequest& request)
{
    if (request.table) // a rewritten file may fault when its mapping is read
        if (QString problem = request.table->table->changedOnDisk(); !problem.isEmpty())
            return problem;
    if (auto error = core::validationError(request.spec))
        return QString::fromStdString(*error);
    return {};
}

/// The selection of a request whose source is fine (see selectionError).
QString selectedError(const ExportRequest& request, bool tableColumns)
{
    if (tableColumns && !request.table->values)
        return tableValuesError(request);
    const auto& s = request.state;
    const std::int64_t columns = tableColumns ? request.table->table->columns() : request.spec.dModel;
    for (int dim : s.dims)
        if (dim < 0 || dim >= columns)
            return QCoreApplication::translate("pe::ui::Export", "dimension %1 is out of range; allowed: 0 to %2").arg(dim).arg(columns - 1);
    if (s.position < 0 || s.position >= request.spec.maxLen)
        return QCoreApplication::translate("pe::ui::Export", "position %1 is out of range; allowed: 0 to %2").arg(s.position).arg(request.spec.maxLen - 1);
    if (request.spec.firstPosition + s.position + s.offset < 0)
        return QCoreApplication::translate("pe::ui::Export", "offset %1 would move position %2 below 0").arg(s.offset).arg(s.position);
    return {};
}

} // namespace

QString selectionError(const ExportRequest& request, bool tableColumns)
{
    if (QString error = sourceError(request); !error.isEmpty())
        return error;
    return selectedError(request, tableColumns);
}

QString dataRequestError(const ExportRequest& request)
{
    const auto forgetPart = forgetPartUnlessHeld();
    if (QString error = sourceError(request); !error.isEmpty())
        return error;
    if (!hasOwnDataExport(request.view)) // every built-in view has one; a view added at run time may not
        return QCoreApplication::translate("pe::ui::Export", "the %1 view has no data export; allowed: a figure (.png, .pdf, .svg)")
            .arg(viewName(request.view));
    // A view that works from a table's values checks the dims against the table's columns.
    if (QString error = selectedError(request, request.table && describeView(request.view).needsTableValues); !error.isEmpty())
        return error;
    // A part is built for the selection checked above (core refuses a position below 0).
    const std::shared_ptr<const PartExport> data = partExportFor(request);
    if (!data->part)
        return QCoreApplication::translate("pe::ui::Export", "the %1 view made no data").arg(viewName(request.view));
    if (QString problem = data->part->problem(); !problem.isEmpty())
        return problem;
    const auto [rows, cols] = shapeOf(request);
    if (static_cast<long double>(rows) * cols > maxExportValues)
        return QCoreApplication::translate("pe::ui::Export", "max_len = %1 and d_model = %2 make the %3 data %4 × %5 values; at most %6 values "
                              "can be exported (choose a smaller max_len)")
            .arg(request.spec.maxLen).arg(request.spec.dModel).arg(viewName(request.view)).arg(rows).arg(cols)
            .arg(maxExportValues);
    return {};
}

QString targetPathError(const QString& path, bool overwrite)
{
    const QFileInfo info(path);
    if (path.isEmpty())
        return QCoreApplication::translate("pe::ui::Export", "no file name given");
    if (info.isDir())
        return QCoreApplication::translate("pe::ui::Export", "cannot write %1: it is a folder").arg(path);
    if (info.exists() && !overwrite)
        return QCoreApplication::translate("pe::ui::Export", "%1 already exists; pass --force to replace it").arg(path);
    if (const QFileInfo folder(info.absolutePath()); folder.exists() && !folder.isDir())
        return QCoreApplication::translate("pe::ui::Export", "cannot write %1: %2 is a file, not a folder").arg(path, info.absolutePath());
    if (!info.absoluteDir().exists())
        return QCoreApplication::translate("pe::ui::Export", "cannot write %1: the folder %2 does not exist").arg(path, info.absolutePath());
    return {};
}

ExportResult exportData(const ExportRequest& request, const ExportProgress& progress)
{
    using Status = ExportResult::Status;
    exportHoldsPart = true;
    const auto forgetPart = qScopeGuard([] {
        exportHoldsPart = false;
        partExportCache = {};
    });
    const QString suffix = QFileInfo(request.path).suffix().toLower();
    if (suffix != QLatin1String("npy") && suffix != QLatin1String("csv"))
        return {Status::BadRequest, QCoreApplication::translate("pe::ui::Export", "%1: data files end in .npy or .csv").arg(request.path)};
    if (QString error = dataRequestError(request); !error.isEmpty())
        return {Status::BadRequest, error};
    if (QString error = targetPathError(request.path, request.overwrite); !error.isEmpty())
        return {Status::WriteFailed, error};

    const bool npy = suffix == QLatin1String("npy");
    const auto [rows, cols] = shapeOf(request);
    const auto cannotWrite = [&](const QString& reason) {
        return ExportResult{Status::WriteFailed, QCoreApplication::translate("pe::ui::Export", "cannot write %1: %2").arg(request.path, reason)};
    };
    // A .npy's size is known to the byte: a disk without room for it is told before any work.
    const qint64 npyBytes = qint64(core::npyHeader(rows, cols).size()) + qint64(rows) * cols * qint64(sizeof(double));
    if (npy)
        if (const QString full = insufficientSpace(request.path, npyBytes); !full.isEmpty())
            return cannotWrite(full);

    QSaveFile file(request.path);
    if (!file.open(QIODevice::WriteOnly))
        return cannotWrite(file.errorString());

    const std::shared_ptr<const PartExport> data = partExportFor(request); // held while the export runs
    // Blocks of about 1 MiB of values: the buffers are reused, memory stays flat for any size.
    const std::int64_t blockRows = std::max<std::int64_t>(1, (std::int64_t{1} << 17) / std::max<std::int64_t>(cols, 1));
    core::RowMatrix block;
    std::string bytes = npy ? core::npyHeader(rows, cols) : std::string();
    // A part whose data table names its columns (a real model's RoPE table) gives a CSV a first
    // line (.npy: the same columns).
    if (!npy && !data->table.columnNames.isEmpty())
        bytes = data->table.columnNames.join(QLatin1Char(',')).toStdString() + "\n";
    qint64 written = 0;
    // What the whole file needs, for a message about a full disk: exact for .npy; for .csv the
    // rows written so far tell the rest.
    const auto bytesNeeded = [&](std::int64_t rowsDone) {
        return npy ? npyBytes : qint64(double(written) / std::max<std::int64_t>(rowsDone, 1) * double(rows));
    };
    for (std::int64_t start = 0; start < rows; start += blockRows) {
        const std::int64_t count = std::min(blockRows, rows - start);
        block.resize(count, cols);
        data->table.fill(start, block);
        npy ? core::appendNpyRows(bytes, block) : core::appendCsvRows(bytes, block);
        written += qint64(bytes.size());
        if (const QString reason = writeError(file, bytes.data(), static_cast<qint64>(bytes.size())); !reason.isEmpty()) {
            file.cancelWriting();
            return cannotWrite(writeFailureReason(request.path, reason, bytesNeeded(start + count)));
        }
        bytes.clear();
        if (progress && !progress(double(start + count) / rows)) {
            file.cancelWriting();
            return {Status::Cancelled, QCoreApplication::translate("pe::ui::Export", "export to %1 cancelled; no file written").arg(request.path)};
        }
    }
    if (const QString reason = commitError(file); !reason.isEmpty())
        return cannotWrite(writeFailureReason(request.path, reason, bytesNeeded(rows)));
    return {};
}

QString writeError(QSaveFile& file, const char* data, qint64 size)
{
    while (size > 0) {
        const qint64 written = file.write(data, size);
        if (written <= 0)
            return file.errorString();
        data += written;
        size -= written;
    }
    return {};
}

QString commitError(QSaveFile& file)
{
    // flush() still knows the reason of a failed write; commit() closes the file first and
    // loses it.
    if (!file.flush()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return reason;
    }
    return file.commit() ? QString() : file.errorString();
}

} // namespace pe::ui
