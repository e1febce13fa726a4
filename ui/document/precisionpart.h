// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

namespace pe::ui {

/// One curve of the precision view: a format and how it enters.
struct ErrorCurveKind {
    core::NumberFormat format;
    core::PrecisionMode mode;
};
/// The curves the precision view draws and exports, in their order: float32, bfloat16 and
/// float16 stored then computed, then float64 computed naively.
QVector<ErrorCurveKind> errorCurveKinds();

/// The precision view's part of the frame, kept by view (Frame::viewParts).
/// For the sinusoid: |PE_format − PE| in the selected format and mode at `rows` (evenly spread
/// sampled rows, all when few, at most one per pixel row of the map), and the largest error over
/// the columns against the position for every errorCurveKinds() entry at `errorRows`
/// (log-spaced sampled rows); the map as drawn averages its columns to the pixels'. For a loaded table: its storage error, each map row the exact mean
/// over a bin of whole rows (`rows` holds each bin's middle row), and its stored curves only
/// (NaN for the computed kinds: a table is only stored). A data export has neither: its table is
/// made row block by row block from the same functions.
struct PrecisionPart : ViewPart {
    core::EncodingSpec spec;
    LearnedTablePtr values; ///< the loaded table's values, null for the sinusoid
    bool fromTable = false;
    QVector<std::int64_t> rows;
    SharedMatrix heat; ///< rows × columns
    /// The map as drawn: rows × at most one column per pixel of the map, each the exact mean of
    /// heat's columns under it, within [shownFloor, shownOverflow] (the log colour scale's room).
    SharedMatrix shown;
    static constexpr double shownFloor = 1e-17; ///< errors below are drawn at it (0 has no log)
    static constexpr double shownOverflow = 2.5; ///< no value (float16 past 65504): above any error of a value in [−1, 1]
    QVector<std::int64_t> errorRows;
    /// The rows of a data export: every row up to this many, else this many log-spaced ones.
    /// Every one of a million positions at 4096 dims took 22 s (4.3 G cells, each emulated
    /// seven ways); 4096 rows of the same take a tenth of a second and still resolve the curves
    /// (there: every position up to about 2900, then each 0.34 % beyond the one before).
    static constexpr std::int64_t exportedRows = 4096;
    QVector<QVector<double>> errorCurves; ///< errorCurves[i]: the largest error at errorRows for errorCurveKinds()[i]
    /// The map as drawn: a new pixel width re-bins the same errors, and the view draws it again.
    QSize bins() const override { return QSize(static_cast<int>(shown.cols()), static_cast<int>(shown.rows())); }
};

/// The precision view's part in `frame`; null when not computed.
inline const PrecisionPart* precisionPart(const Frame& frame) { return frame.partOf<PrecisionPart>(views::precision); }

/// Builds the part: the curves of the part before while its source stays (the same table, or
/// the same spec's sinusoid), its map while the format, the mode and the pixels do too.
ViewPartPtr buildPrecisionPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: per row its position, then the largest error over the columns for
/// each error curve kind; every row, or PrecisionPart::exportedRows log-spaced ones of more.
DataTable precisionPartData(const ViewPart& part);

} // namespace pe::ui
