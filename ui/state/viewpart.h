// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/spec.h"
#include "ui/state/viewstate.h"

#include <QSize>
#include <QStringList>
#include <QString>
#include <QVariantMap>

#include <algorithm>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

namespace pe::ui {

struct LoadedTable; // ui/modelfiles/encodingtable.h
using LoadedTablePtr = std::shared_ptr<const LoadedTable>;

/// What a view read from a file beside its options (the embeddings' word vectors, the methods'
/// T5 biases): data, not a setting, so not an undo step. The view's options name the file it
/// came from, and its part uses it while they do (an undo that drops the name drops its use).
struct ViewData {
    virtual ~ViewData() = default;
};
using ViewDataPtr = std::shared_ptr<const ViewData>;

/// The numbers of a view whose part the frame keeps by view (the grid's; an entry's
/// ViewDescription::buildPart), built off the GUI thread and shared by later frames while the
/// inputs it reads stay. A view keeps its own type of part and reads it with Frame::partOf.
struct ViewPart {
    virtual ~ViewPart() = default;
    /// Why the part could not be made from its inputs (the view shows it, a data export is
    /// refused with it); empty when it holds its numbers.
    virtual QString problem() const { return {}; }
    /// The bins its map is cut into on screen, which follow the view's pixels only up to its
    /// cells (what Change::Bins follows); empty: no map of its own, its pixels decide.
    virtual QSize bins() const { return {}; }
};
using ViewPartPtr = std::shared_ptr<const ViewPart>;

/// A view's .npy/.csv data: its shape and its rows, produced block by block, so that an export
/// of up to 2^31 values never holds them all (the conventions of a million positions). A small
/// view's data is a whole matrix.
class DataTable {
public:
    /// Fills `rows` with the table's rows firstRow … firstRow + rows.rows() − 1.
    using Fill = std::function<void(std::int64_t firstRow, Eigen::Ref<core::RowMatrix> rows)>;
    DataTable() = default;
    /// A whole matrix (implicit: an entry's exportData may return its matrix as it is).
    DataTable(core::RowMatrix whole) // NOLINT(google-explicit-constructor)
        : m_rows(whole.rows()), m_columns(whole.cols())
    {
        auto matrix = std::make_shared<const core::RowMatrix>(std::move(whole));
        m_fill = [matrix](std::int64_t first, Eigen::Ref<core::RowMatrix> rows) { rows = matrix->middleRows(first, rows.rows()); };
    }
    DataTable(std::int64_t rows, std::int64_t columns, Fill fill) : m_rows(rows), m_columns(columns), m_fill(std::move(fill)) {}
    std::int64_t rows() const { return m_rows; }
    std::int64_t columns() const { return m_columns; }
    void fill(std::int64_t firstRow, Eigen::Ref<core::RowMatrix> rows) const { m_fill(firstRow, rows); }
    /// The columns' names, a CSV's first line; empty: none (a .npy never has one).
    QStringList columnNames;

private:
    std::int64_t m_rows = 0, m_columns = 0;
    Fill m_fill;
};

/// What a view shows of its data (its zoom), in its own coordinates: the heatmap's columns (x)
/// and rows (y) in cells, the wave plot's rows (x), the methods curve's offsets i − j (x). An
/// empty range (upper ≤ lower) is all of it, or the view's own choice (the waves' dozen periods).
struct ViewZoom {
    double xLower = 0, xUpper = 0;
    double yLower = 0, yUpper = 0;
    bool operator==(const ViewZoom&) const = default;
};

/// A value kept by view (its pixels, its zoom): the document's and a frame's, one per View.
template <class Value>
class ByView {
public:
    Value of(View view) const
    {
        const auto i = static_cast<std::size_t>(view);
        return i < m_values.size() ? m_values[i] : Value();
    }
    /// Returns false when `view` had that value already.
    bool set(View view, Value value)
    {
        if constexpr (std::is_same_v<Value, QSize>)
            value = value.expandedTo(QSize(0, 0)); // an empty size: not known yet, or not on screen
        const auto i = static_cast<std::size_t>(view);
        if (of(view) == value)
            return false;
        if (i >= m_values.size())
            m_values.resize(i + 1);
        m_values[i] = value;
        return true;
    }

private:
    std::vector<Value> m_values;
};
/// The device pixels each view draws its part on (an empty size: not known yet, or not on
/// screen): what decides the bins of its part, one per pixel beyond that resolution.
using ViewPixels = ByView<QSize>;
using ViewZooms = ByView<ViewZoom>;
using ViewDatas = ByView<ViewDataPtr>;

/// What a view's part may be built from: the same builder makes the window's numbers (for its
/// pixels) and a data export's (at whole cells), at two resolutions.
struct PartInputs {
    core::EncodingSpec spec;
    QVariantMap options;  ///< the view's own options (ViewState::optionsOf)
    QSize pixels;         ///< the device pixels it draws on (empty: not known yet)
    ViewZoom zoom;        ///< what it shows of its data (empty ranges: all)
    LoadedTablePtr table; ///< the loaded position table, if any
    ViewDataPtr data;     ///< what the view last read from a file, if anything (ViewData)
    ViewState state;      ///< the selection (position, offset, dims, format …) a part may read
    bool wholeCells = false; ///< for a data export: every cell, nothing binned for the screen
};

/// Which PartInputs a part reads: its reuse rule. A later frame shares the part of the frame
/// before when every input it reads is equal; one it does not read changes nothing. Bits, so
/// that `PartInput::Spec | PartInput::Options` is a rule (an operator| of our own would hide
/// Qt's flag operators in this namespace).
namespace PartInput {
enum : unsigned {
    Spec = 1u << 0,
    Options = 1u << 1,
    Pixels = 1u << 2,
    Table = 1u << 3,
    // What the user selected (PartInputs::state), field by field.
    Position = 1u << 4,
    Offset = 1u << 5,
    Dims = 1u << 6,       ///< the wave dims
    Normalize = 1u << 7,  ///< cosine instead of dot product
    Comparison = 1u << 8, ///< the convention set beside the spec
    Format = 1u << 9,     ///< the number format
    PrecisionMode = 1u << 10, ///< how it enters (stored, or computed end to end)
    Zoom = 1u << 11,      ///< the view's zoom (PartInputs::zoom)
    Data = 1u << 12,      ///< what the view read from a file (PartInputs::data)
};
} // namespace PartInput

/// The part of the frame before and what it was built from, for a builder that keeps what its
/// changed inputs leave alone (the grid's similarities when only its pixels changed); `part`
/// null when there is none.
struct PartBefore {
    ViewPartPtr part;
    PartInputs inputs;
};

/// True when the inputs a part reads (`reads`, PartInput bits) are the same in `a` and `b`.
inline bool samePartInputs(unsigned reads, const PartInputs& a, const PartInputs& b)
{
    const auto reads_ = [&](unsigned input) { return (reads & input) != 0; };
    return (!reads_(PartInput::Spec) || a.spec == b.spec) && (!reads_(PartInput::Options) || a.options == b.options)
        && (!reads_(PartInput::Pixels) || a.pixels == b.pixels) && (!reads_(PartInput::Zoom) || a.zoom == b.zoom) && (!reads_(PartInput::Table) || a.table == b.table)
        && (!reads_(PartInput::Position) || a.state.position == b.state.position)
        && (!reads_(PartInput::Offset) || a.state.offset == b.state.offset)
        // Not QList::operator==: Qt 6.4 hands memcmp a null pointer for an empty list (UBSan aborts).
        && (!reads_(PartInput::Dims) || std::ranges::equal(a.state.dims, b.state.dims))
        && (!reads_(PartInput::Normalize) || a.state.normalize == b.state.normalize)
        && (!reads_(PartInput::Comparison) || a.state.comparison == b.state.comparison)
        && (!reads_(PartInput::Format) || a.state.format == b.state.format)
        && (!reads_(PartInput::PrecisionMode) || a.state.precisionMode == b.state.precisionMode)
        && (!reads_(PartInput::Data) || a.data == b.data)
        && a.wholeCells == b.wholeCells;
}

} // namespace pe::ui
