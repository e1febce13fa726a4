// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "ui/document/sentencedata.h"
#include "ui/document/methodsdata.h"
#include "ui/document/ropedata.h"
#include "ui/state/viewpart.h"
#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"
#include "ui/tables/encodingtable.h"

#include <QSize>
#include <QVector>

#include <atomic>
#include <memory>

namespace pe::ui {

/// The device pixels each view draws its part on, by view (an empty size: not known yet, or
/// not on screen): what decides the bins of its part, one per pixel beyond that resolution.
class ViewPixels {
public:
    QSize of(View view) const
    {
        const auto i = static_cast<std::size_t>(view);
        return i < m_sizes.size() ? m_sizes[i] : QSize();
    }
    /// Returns false when `view` had that size already.
    bool set(View view, QSize size)
    {
        size = size.expandedTo(QSize(0, 0));
        const auto i = static_cast<std::size_t>(view);
        if (of(view) == size)
            return false;
        if (i >= m_sizes.size())
            m_sizes.resize(i + 1);
        m_sizes[i] = size;
        return true;
    }

private:
    std::vector<QSize> m_sizes;
};

/// Which rows of the encoding the heatmap shows (its zoom), in rows of the full matrix.
struct RowWindow {
    std::int64_t first = 0;
    std::int64_t count = 0; ///< 0: all rows
    bool operator==(const RowWindow&) const = default;
};

/// The offsets i − j a curve shows (its zoom); lower ≥ upper: all of them.
struct CurveWindow {
    double lower = 0, upper = 0;
    bool operator==(const CurveWindow&) const = default;
};

/// What the heatmap shows (its zoom); its device pixels are the heatmap's ViewPixels, so that
/// each pixel gets the exact average of the cells under it. Ranges are in cells of the full
/// matrix (row r covers [r, r + 1), column c covers [c, c + 1)); an empty range (upper ≤ lower)
/// means all of them.
struct HeatWindow {
    double rowLower = 0, rowUpper = 0;
    double columnLower = 0, columnUpper = 0;
    bool operator==(const HeatWindow&) const = default;
};

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
    /// Fresh storage of this size for a new frame to fill (the old one stays with old frames).
    core::RowMatrix& reset(Eigen::Index rows, Eigen::Index columns);
    /// True when both share one matrix (a view's test whether it has drawn this one).
    bool sameAs(const SharedMatrix& other) const { return m_matrix && m_matrix == other.m_matrix; }

private:
    std::shared_ptr<core::RowMatrix> m_matrix;
};

/// One wave of the wave plot: the continuous curve and the integer-position samples.
struct WaveData {
    int dim = 0;
    int pair = 0;
    bool isSin = true;
    bool tableColumn = false; ///< a loaded table's column (no pair, no wavelength)
    double wavelength = 0;
    QVector<double> curveX, curveY;   ///< rows (x) and values of the continuous curve
    QVector<double> sampleX, sampleY; ///< integer rows and their exact values
};

/// The parts of a frame, each computed only while a view on screen draws it.
enum class FramePart : unsigned {
    Heat = 1u << 0,        ///< the encoding heatmap
    Waves = 1u << 1,
    Rope = 1u << 2,        ///< the RoPE view's curves and scores
    Embeddings = 1u << 3,  ///< the embeddings of the sentence
    Methods = 1u << 4,     ///< the methods view's matrix and curves
    All = (1u << 5) - 1,
};
/// The same file's values: equal tables, or a table's preview and the table its pass gave
/// (what the spectrum and grid read; not the heat, which the preview samples).
bool sameTableFile(const LoadedTablePtr& a, const LoadedTablePtr& b);

/// The parts that the views in `views` (a bit per View) draw from (the views that keep their
/// part by view, Frame::viewParts, draw from those).
unsigned framePartsFor(unsigned views);
/// The bit of `view` in a set of views.
constexpr unsigned viewBit(View view) { return 1u << static_cast<unsigned>(view); }

/// Everything the views draw for one state of the document. Built off the GUI thread by
/// buildFrame(); views only read it, so every number shown comes from core.
struct Frame {
    core::EncodingSpec spec;
    ViewState state;
    HeatWindow heatWindow;       ///< what the heatmap asked for
    RowWindow waveWindow;        ///< the rows of the wave plot asked for (count 0 = automatic)
    /// Each view's device pixels (Document::setPixels): the similarity's side (width), the
    /// conventions' and precision maps' rows (height), the spectrum map's frequency bins
    /// (height) × dims (width), the methods' curve width (width) and matrix side (height).
    ViewPixels pixels;
    CurveWindow methodsCurveWindow; ///< the offsets the methods view's curve shows (its zoom)
    MethodsPixels methodsPixels() const
    {
        const QSize size = pixels.of(View::Methods);
        return {size.height(), size.width(), methodsCurveWindow.lower, methodsCurveWindow.upper};
    }
    WordVectorsPtr wordVectors;  ///< the last vectors read from a file (used when state.embeddings names it)
    LoadedTablePtr table;         ///< a table opened from a file: the heatmap shows it (null: the sinusoid)
    /// Its values in memory (small tables only): what the methods view's learned method scores.
    LearnedTablePtr learnedTable() const { return table ? table->values : nullptr; }
    QString tableProblem;         ///< why the table could not be read for this frame (its file changed)
    std::uint64_t generation = 0;
    unsigned parts = 0;          ///< the FramePart bits computed for this frame (others are empty)
    bool has(FramePart part) const { return parts & static_cast<unsigned>(part); }

    /// The heatmap's matrix: the loaded table's rows × columns, else max_len × d_model.
    std::int64_t heatRowCount() const { return table ? table->table->rows() : spec.maxLen; }
    std::int64_t heatColumnCount() const { return table ? table->table->columns() : spec.dModel; }

    // Encoding heatmap: heat(i, j) covers rows heatRows and columns heatColumns, split evenly;
    // one cell each where exact, else the exact box average of the cells under one pixel.
    SharedMatrix heat;
    HeatAxis heatRows, heatColumns;
    bool heatExact() const { return heatRows.exact() && heatColumns.exact(); }

    /// The rows the similarity and wave views show: the loaded table's, else the spec's
    /// positions from firstPosition on (a table's rows are numbered from 0).
    std::int64_t positionCount() const { return table ? table->table->rows() : spec.maxLen; }
    std::int64_t firstPosition() const { return table ? 0 : spec.firstPosition; }
    /// The selected row of those: state.position, within a table shorter than max_len.
    std::int64_t selectedRow() const { return std::min(state.position, positionCount() - 1); }
    /// Why the views that work from a loaded table's values in memory (similarity, waves,
    /// precision, conventions) cannot show this one (too large); empty when they can.
    QString tableValuesProblem() const;

    // Waves over rows [waveFirstRow, waveFirstRow + waveRowCount): by default about a dozen
    // periods of the fastest drawn wave, so that the curves read as waves, not a solid band.
    QVector<WaveData> waves;
    std::int64_t waveFirstRow = 0;
    std::int64_t waveRowCount = 0;

    // The frequencies, one entry per pair (what the formula, the waves and the circles name).
    Eigen::VectorXd omega, wavelength;

    // RoPE for state.rope: wavelengths and decay bounds (shared while spec and options stay),
    // and the relative-score check at state.position/offset.
    std::shared_ptr<const RopeCurves> rope;
    RopeScores ropeScores;

    // The embeddings of state.embeddings.sentence.
    std::shared_ptr<const SentenceData> sentence;

    // The methods view for state.methods (shared while spec, options and pixels stay).
    std::shared_ptr<const MethodsData> methods;

    // The parts kept by view (ui/document/viewparts.h: the grid's, GridPart, the spectrum's,
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
        return {spec, state.optionsOf(view), pixels.of(view), table, state};
    }
};

using FramePtr = std::shared_ptr<const Frame>;

/// `count` rows spread evenly over [first, first + span), always including both ends.
QVector<double> evenRows(std::int64_t first, std::int64_t span, std::int64_t count);

/// Limits that keep a frame proportional to the screen, whatever max_len and d_model are.
struct FrameLimits {
    static constexpr std::int64_t heatBins = 2048;        // per axis, while the pixels are not known
    static constexpr std::int64_t similarityBins = 512;   // while the pixels are not known
    static constexpr std::int64_t profileSamples = 2048;
    static constexpr std::int64_t waveSamples = 512;
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
    HeatWindow heatWindow;
    RowWindow waveWindow;
    ViewPixels pixels;
    CurveWindow methodsCurveWindow;
    WordVectorsPtr wordVectors;
    LoadedTablePtr table;
    unsigned parts = unsigned(FramePart::All);
    unsigned views = ~0u; ///< the views on screen, a bit per View: the catalogue's parts are built for these
};

/// Computes the frame for the request, reusing the parts of `previous` whose inputs did not
/// change. Returns nullptr when `latest` moves past `generation` (a newer request supersedes it).
/// Only the FramePart bits in request.parts are computed (or taken from `previous`); the
/// frequencies and resolution limits are always there.
FramePtr buildFrame(const FrameRequest& request, std::uint64_t generation, const FramePtr& previous,
                    const std::atomic<std::uint64_t>& latest);

} // namespace pe::ui
