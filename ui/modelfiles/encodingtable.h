// SPDX-License-Identifier: MIT
#pragma once

#include "ui/modelfiles/tableformats.h"

#include <Eigen/Core>

#include <QDateTime>
#include <QFile>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <variant>
#include <vector>

namespace pe::ui {

/// What a pass over every value of a table found.
struct TableStats {
    double min = 0, max = 0;      ///< over the finite values
    double maxAbs = 0;            ///< of the finite values: the symmetric colour scale's end
    std::int64_t nonFinite = 0;   ///< NaN and ±inf values (drawn transparent, counted in titles)
    std::int64_t finite = 0;
};

/// The level of detail of a table too large to hold in memory: the sums of its rows [0, k·step)
/// for every k, built in the one pass over its values. The exact average of a box of rows then
/// reads only the rows between each of its edges and the nearest multiple of `step` (at most
/// step/2 rows per edge), not every row inside: a 16 GiB table's picture reads ~1/16 of it.
struct RowPrefixSums {
    std::int64_t step = 0;     ///< rows per block, a power of two
    std::vector<double> sums;  ///< (⌈rows/step⌉ + 1) × columns, row after row; row k: Σ rows [0, min(k·step, rows))
    /// The step that keeps the sums within `budgetBytes` (128 MiB): the smallest power of two.
    static std::int64_t stepFor(std::int64_t rows, std::int64_t columns, std::int64_t budgetBytes = std::int64_t(1) << 27);
};

/// A (positions × dims) table opened from a file: .npy and .safetensors memory-mapped (never
/// read whole), .csv parsed into memory. Thread-safe to read from any number of threads.
class EncodingTable {
public:
    /// Opens `path` (format by its content: .npy magic, else safetensors' header, else csv by
    /// suffix). `tensor` names a safetensors tensor; empty picks likelyPositionTensor().
    /// Returns the table or a message naming the file, the field and what is allowed.
    static std::variant<std::shared_ptr<EncodingTable>, QString>
    open(const QString& path, const QString& tensor = {}, const std::function<bool(std::int64_t)>& progress = {});

    /// "FILE" or "FILE:TENSOR" (the command line's --encoding): the whole text when it names
    /// an existing file, else split at its last colon.
    static std::pair<QString, QString> splitSource(const QString& source);

    ~EncodingTable();
    EncodingTable(const EncodingTable&) = delete;
    EncodingTable& operator=(const EncodingTable&) = delete;

    std::int64_t rows() const { return m_layout.rows; }
    std::int64_t columns() const { return m_layout.columns; }
    const TableLayout& layout() const { return m_layout; }
    const QString& path() const { return m_path; }
    const QString& tensor() const { return m_tensor; } ///< empty for .npy and .csv
    QString formatName() const { return m_format; }   ///< "npy 1.0", "safetensors", "csv"
    std::int64_t fileSize() const { return m_fileSize; }
    /// A short name for titles: the file's name, and the tensor's when there is one.
    QString displayName() const;
    /// "1024 × 768 float32" (with dropped leading 1s: "1 × 197 × 768 float32").
    QString shapeText() const;

    double value(std::int64_t row, std::int64_t column) const;
    /// Rows [first, first + count) as float64, row after row, into out (count × columns()).
    void readRows(std::int64_t first, std::int64_t count, double* out) const;
    /// The same through pread(), not the mapping: for a few rows far apart. A fault on the
    /// mapping reads ahead around it (8 MiB on these machines): 512 sampled rows of a cold
    /// file would read 4 GiB. A row in C order is one short read.
    void readRowsDirect(std::int64_t first, std::int64_t count, double* out) const;

    /// Exact box averages over rows, for fewer pixels than rows: out (bins × columns(), row
    /// after row) row i is the mean of the rows over [lower + i·h, lower + (i+1)·h), h = (upper −
    /// lower) / bins ≥ 1, each row weighted by the length it shares with that interval (row r
    /// covers [r, r + 1)). Reads each row once, in order. A bin with a NaN in it is NaN.
    /// With `prefix` (built by scan()) a bin sums the prefix at its edges instead of its rows:
    /// the same averages, reading at most step/2 + 1 rows per edge.
    void averageRows(double lower, double upper, std::int64_t bins, double* out, const RowPrefixSums* prefix = nullptr) const;
    /// The preview's rows while the pass runs: out row i is one row of bin i of [lower, upper),
    /// the one at sampleOffset(i) of its height (not an average: the titles say so). Reads
    /// `bins` rows. The offset varies from bin to bin so that a column faster than the bins
    /// looks like noise, not like a slow wave (moiré) that is not in the table.
    void sampleRows(double lower, double upper, std::int64_t bins, double* out) const;
    /// In [0, 1): where in bin `bin` its sampled row lies.
    static double sampleOffset(std::int64_t bin);

    /// Every value once, in storage order (streams the file at disk speed), `progress(done of
    /// rows × columns)` about every 16 MiB; returns nullopt when progress returns false. With
    /// `prefix` (its step set), also fills its sums in the same pass.
    std::optional<TableStats> scan(const std::function<bool(std::int64_t)>& progress = {}, RowPrefixSums* prefix = nullptr) const;

    /// Empty while the file is as it was opened; else what changed (its size or time), so that
    /// nothing reads a mapping whose file was rewritten (a shrunk file would fault on read).
    QString changedOnDisk() const;

private:
    EncodingTable() = default;
    /// `count` values from element index `first` in storage order, converted.
    void convert(std::int64_t first, std::int64_t count, double* out) const;
    /// `count` values stored at `p` (in this table's type and byte order), converted; `aligned`:
    /// p is on a float's alignment.
    void convertBytes(const uchar* p, std::int64_t count, double* out, bool aligned) const;
    /// The values start on a float's alignment: read in place as floats. A safetensors header
    /// need not be padded to it (the library pads, other writers may not): then byte by byte.
    bool floatsAligned() const { return reinterpret_cast<std::uintptr_t>(m_data) % alignof(float) == 0; }
    /// Adds values [first, first + count) (storage order) to their blocks' sums (scan()).
    template <typename T>
    void addToBlocks(const T* values, std::int64_t first, std::int64_t count, RowPrefixSums& prefix) const;
    /// averageRows() through the prefix sums: bins of `height` rows from `lower`.
    void averageRowsByPrefix(double lower, double height, std::int64_t bins, double* out, const RowPrefixSums& prefix) const;

    QString m_path, m_tensor, m_format;
    TableLayout m_layout;
    std::int64_t m_fileSize = 0;
    QDateTime m_modified;
    QFile m_file;
    const uchar* m_data = nullptr; ///< the first value (mapping or m_owned)
    QList<double> m_owned;          ///< a csv's values
};

using EncodingTablePtr = std::shared_ptr<const EncodingTable>;

/// The header of a .safetensors file (its tensors to choose from), read alone: a few KiB, at
/// most the format's 100 MB. A message naming the file when it cannot be read.
std::variant<SafetensorsHeader, QString> readSafetensorsHeader(const QString& path);

/// A table's values in memory (LoadedTable::values, row-major float64): what the similarity,
/// waves, precision and conventions read of a loaded table, and the methods view's learned
/// method scores (P(i)·P(j)).
using LearnedTablePtr = std::shared_ptr<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;

/// A table with the pass over its values done: what the views draw from.
struct LoadedTable {
    /// Tables up to this many values are also held as a matrix (128 MiB of float64): what the
    /// methods view's learned absolute scores P·Pᵀ are computed from.
    static constexpr std::int64_t mostValuesInMemory = std::int64_t(1) << 24;
    using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

    EncodingTablePtr table;
    TableStats stats;
    std::shared_ptr<const Matrix> values; ///< null for larger tables
    std::shared_ptr<const RowPrefixSums> prefix; ///< for the larger ones: their level of detail
    QString fingerprint;                  ///< tableFingerprint() of its file when it was opened
    /// Shown while the pass over a large table runs: `stats` are those of `sampledRows` rows
    /// spread over it, the heatmap draws one sampled row per pixel row (not averages), and
    /// exports wait for the table the pass gives.
    bool preview = false;
    std::int64_t sampledRows = 0;
};
using LoadedTablePtr = std::shared_ptr<const LoadedTable>;

/// What a session stores to find a table file again unchanged: SHA-256 of its size and its first
/// and last MiB, as 64 hex digits (a whole-file hash would read gigabytes on every save; a
/// rewritten weights file changes its header, size or ends). Empty with `error` set when the file
/// cannot be read.
QString tableFingerprint(const QString& path, QString* error = nullptr);
/// Why the file at `path` is not the one a session saved (size `size`, `fingerprint`): missing,
/// another size, other content; empty when it is the same.
QString tableFileProblem(const QString& path, std::int64_t size, const QString& fingerprint);

/// Whether a table too large for memory gets a preview before its pass: stored row after row
/// (C order), where a sampled row is one short read. A Fortran-order table's row touches a page
/// in every column: sampling its rows would read most of the file.
bool wantsPreview(const EncodingTable& table);

/// Opens `path` (EncodingTable::open) and makes the pass over its values (scan, and the matrix
/// of a small table), on the calling thread. `progress(fraction)` returns false to cancel:
/// the result is then a null pointer. A refusal is a message naming the file. When the table
/// wantsPreview(), `preview` is called first with a LoadedTable::preview of it.
std::variant<LoadedTablePtr, QString> loadTable(const QString& path, const QString& tensor,
                                                const std::function<bool(double)>& progress = {},
                                                const std::function<void(LoadedTablePtr)>& preview = {});

} // namespace pe::ui
