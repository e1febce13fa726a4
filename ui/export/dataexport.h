// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "ui/document/embeddingsdata.h"
#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"
#include "ui/modelfiles/encodingtable.h"

#include <QString>
#include <QVariantMap>

class QSaveFile;

#include <functional>

namespace pe::ui {

/// One export: what to draw or write, and where. The same request serves File ▸ Export and
/// `pe-explorer --export`, so both always produce identical files.
struct ExportRequest {
    core::EncodingSpec spec;
    ViewState state;
    View view = views::heatmap;
    QString path;
    bool overwrite = false; ///< replace an existing file (the window asks first; the CLI needs --force)
    /// What the view read from a file beside its options (Document::viewData: the embeddings'
    /// word vectors, the methods' T5 biases), used while its options name the file.
    ViewDataPtr viewData;
    /// A table opened from a file: the heatmap (figure and data) shows it instead of the sinusoid.
    LoadedTablePtr table;
};

struct ExportResult {
    enum class Status { Ok, BadRequest, WriteFailed, Cancelled };
    ExportResult() = default;
    ExportResult(Status s, QString why) : status(s), message(std::move(why)) {}
    Status status = Status::Ok;
    QString message; ///< names the path or the value and what is allowed; empty on success
    QString warning; ///< written, but not as it should be (a figure too small for its text)
    bool ok() const { return status == Status::Ok; }
};

/// Called with the fraction done; return false to cancel (the target is then left untouched).
using ExportProgress = std::function<bool(double)>;

/// The shape of a view's data: heatmap (max_len, d_model), similarity (max_len, max_len),
/// waves (max_len, number of dims), offset (d_model, 3: PE(p), PE(p+k), M_k·PE(p)),
/// bands (pairs, 3: pair index, ω, wavelength),
/// conventions (max_len, 3·d_model: PE under the spec's convention A, under the compared
/// convention B, and A − B), precision (rows, 8: position, then the largest error over the
/// columns for float32, bfloat16, float16 each stored then computed, and float64 computed, at
/// every position or PrecisionPart::exportedRows log-spaced ones).
std::pair<std::int64_t, std::int64_t> dataShape(const core::EncodingSpec& spec, const ViewState& state, View view);

/// Why the request cannot be exported as data (a value out of range, a data set too large),
/// or an empty string.
QString dataRequestError(const ExportRequest& request);
/// The checks of the request's selection a figure and a data export share: the table's file
/// unchanged, a valid spec, the dims, the position and the offset. `tableColumns`: the dims are
/// the table's columns (the waves of a table), which must be in memory; else within d_model.
/// Empty when fine.
QString selectionError(const ExportRequest& request, bool tableColumns);

/// Writes the view's data as .npy (float64, C order) or .csv (one line per row), streamed in
/// blocks through QSaveFile: a failure or a cancel leaves no file behind.
ExportResult exportData(const ExportRequest& request, const ExportProgress& progress = {});

/// Opens request.path for an atomic write, or says why not ("… exists", "no such folder").
QString targetPathError(const QString& path, bool overwrite);

/// Writes all of `data`, or says why not. A write that fills the disk or the file size limit
/// comes back short without an error; the retry of the rest fails with the reason.
QString writeError(QSaveFile& file, const char* data, qint64 size);

/// Commits a QSaveFile, or cancels it and says why not ("File too large", "No space left on
/// device"): QSaveFile::commit() alone reports a failed buffered write as "Unknown error".
QString commitError(QSaveFile& file);

} // namespace pe::ui
