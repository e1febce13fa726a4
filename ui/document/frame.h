// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "ui/document/embeddingsdata.h"
#include "ui/state/viewpart.h"
#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"
#include "ui/modelfiles/encodingtable.h"

#include <QSize>
#include <QVector>

#include <atomic>
#include <memory>

namespace pe::ui {

/// One axis of the heatmap's matrix: `bins` equal parts of the cells [lower, upper) — whole
/// cells (exact values) while they are fewer than the pixels, else one per pixel (averages).
struct HeatAxis {
    double lower = 0, upper = 0;
    std::int64_t bins = 0;
    bool exact() const { return static_cast<double>(bins) == upper - lower; }
    double cellsPerBin() const { return bins > 0 ? (upper - lower) / static_cast<double>(bins) : 0.0; }
    bool operator==(const HeatAxis&) const = default;
};
/// The axis for the cells [lower, upper) of `cells` (all when empty) drawn on `pixels` pixels
/// (`cap` when 0): clipped to the matrix, the pixels shrunk with it.
HeatAxis heatAxis(double lower, double upper, std::int64_t cells, int pixels, std::int64_t cap);

/// A matrix that consecutive frames share instead of copying: a new position or offset keeps
/// the heatmap and similarity bins of the frame before without copying megabytes.
class SharedMatrix {
public:
    Eigen::Index rows() const { return m_matrix ? m_matrix->rows() : 0; }
    Eigen::Index cols() const { return m_matrix ? m_matrix->cols() : 0; }
    double operator()(Eigen::Index row, Eigen::Index column) const { return (*m_matrix)(row, column); }
    const core::RowMatrix& matrix() const;
    /// The matrix itself, for a colour map to read without a copy (CellData::share).
    std::shared_ptr<const core::RowMatrix> shared() const { return m_matrix; }
    /// Fresh storage of this size for a new frame to fill (the old one stays with old frames).
    core::RowMatrix& reset(Eigen::Index rows, Eigen::Index columns);
    /// True when both share one matrix (a view's test whether it has drawn this one).
    bool sameAs(const SharedMatrix& other) const { return m_matrix && m_matrix == other.m_matrix; }

private:
    std::shared_ptr<core::RowMatrix> m_matrix;
};

/// The same file's values: equal tables, or a table's preview and the table its pass gave
/// (what the spectrum and grid read; not the heat, which the preview samples).
bool sameTableFile(const LoadedTablePtr& a, const LoadedTablePtr& b);

/// The bit of `view` in a set of views.
constexpr unsigned viewBit(View view) { return 1u << static_cast<unsigned>(view); }

/// Everything the views draw for one state of the document. Built off the GUI thread by
/// buildFrame(); views only read it, so every number shown comes from core.
struct Frame {
    core::EncodingSpec spec;
    ViewState state;
    /// Each view's zoom (Document::setZoom): what the heatmap, the wave plot and the methods
    /// curve show of their data.
    ViewZooms zooms;
    /// Each view's device pixels (Document::setPixels): the similarity's side (width), the
    /// conventions' and precision maps' rows (height), the spectrum map's frequency bins
    /// (height) × dims (width), the methods' curve width (width) and matrix side (height).
    ViewPixels pixels;
    ViewDatas data;               ///< what each view read from a file (Document::setViewData)
    LoadedTablePtr table;         ///< a table opened from a file: the heatmap shows it (null: the sinusoid)
    std::uint64_t generation = 0;

    /// The encoding matrix the frame shows: the loaded table's rows × columns, else max_len × d_model.
    std::int64_t matrixRowCount() const { return table ? table->table->rows() : spec.maxLen; }
    std::int64_t matrixColumnCount() const { return table ? table->table->columns() : spec.dModel; }

    /// The rows the similarity and wave views show: the loaded table's, else the spec's
    /// positions from firstPosition on (a table's rows are numbered from 0).
    std::int64_t positionCount() const { return table ? table->table->rows() : spec.maxLen; }
    std::int64_t firstPosition() const { return table ? 0 : spec.firstPosition; }
    /// The selected row of those: state.position, within a table shorter than max_len.
    std::int64_t selectedRow() const { return std::min(state.position, positionCount() - 1); }
    /// Why the views that work from a loaded table's values in memory (similarity, waves,
    /// precision, conventions) cannot show this one (too large); empty when they can.
    QString tableValuesProblem() const;

    // The frequencies, one entry per pair (what the formula, the waves and the circles name).
    Eigen::VectorXd omega, wavelength;

    // The parts kept by view (ui/document/partjobs.h: the grid's, GridPart, the spectrum's,
    // SpectrumPart; a catalogue entry's, ViewDescription::buildPart), built while their view
    // is on screen (`views`).
    unsigned views = ~0u;                 ///< the views the frame was computed for, a bit per View
    std::vector<ViewPartPtr> viewParts;   ///< by View; null: not computed
    /// The part of `view`, as the view's own type; null when not computed.
    template<class Part>
    const Part* partOf(View view) const
    {
        const auto i = static_cast<std::size_t>(view);
        return i < viewParts.size() ? dynamic_cast<const Part*>(viewParts[i].get()) : nullptr;
    }
    /// The part of `view`, or an empty one when not computed (a frame computed while the view
    /// was off the stage has none; the window draws only frames that have it, a hover may read
    /// another).
    template<class Part>
    const Part& partOrEmpty(View view) const
    {
        static const Part none;
        const Part* part = partOf<Part>(view);
        return part ? *part : none;
    }
    ViewPartPtr partPointer(View view) const
    {
        const auto i = static_cast<std::size_t>(view);
        return i < viewParts.size() ? viewParts[i] : nullptr;
    }
    /// What `view`'s part is built from in this frame.
    PartInputs partInputs(View view) const
    {
        return {spec, state.optionsOf(view), pixels.of(view), zooms.of(view), table, data.of(view), state};
    }
};

using FramePtr = std::shared_ptr<const Frame>;

/// `count` rows spread evenly over [first, first + span), always including both ends.
QVector<double> evenRows(std::int64_t first, std::int64_t span, std::int64_t count);

/// Limits that keep a frame proportional to the screen, whatever max_len and d_model are.
struct FrameLimits {
    static constexpr std::int64_t heatBins = 2048;        // per axis, while the pixels are not known
    static constexpr std::int64_t similarityBins = 512;   // while the pixels are not known
    static constexpr std::int64_t waveSamples = 512;     // dots of the wave plot
    static constexpr std::int64_t curvePoints = 8192; // smooth when zoomed to a few periods
    static constexpr std::int64_t offsetDotSamples = 128; // a flat line: more only costs sin/cos
    static constexpr std::int64_t conventionBins = 512;   // while the pixels are not known
    static constexpr std::int64_t precisionRows = 256;     // while the pixels are not known
    static constexpr std::int64_t maxPrecisionRows = 512;  // a format emulation per value: a tall map samples
    static constexpr std::int64_t errorSamples = 160;
};

/// What a frame is computed for: the settings, what the views on screen show and on how many
/// pixels, and which parts they draw.
struct FrameRequest {
    core::EncodingSpec spec;
    ViewState state;
    ViewZooms zooms;
    ViewPixels pixels;
    ViewDatas data;
    LoadedTablePtr table;
    unsigned views = ~0u; ///< the views on screen, a bit per View: the catalogue's parts are built for these
};

/// Computes the frame for the request, reusing the parts of `previous` whose inputs did not
/// change. Returns nullptr when `latest` moves past `generation` (a newer request supersedes it)
/// before its parts begin; a frame overtaken while they ran comes back with the parts it finished
/// (its generation is not the latest, so it is never shown; the next frame takes them). Only the parts of the views in request.views are computed (or taken from `previous`); the
/// frequencies are always there.
FramePtr buildFrame(const FrameRequest& request, std::uint64_t generation, const FramePtr& previous,
                    const std::atomic<std::uint64_t>& latest);

} // namespace pe::ui
