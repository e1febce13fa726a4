// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

namespace pe::ui {

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

/// The wave plot's part of the frame, kept by view (Frame::viewParts): the chosen dimensions
/// (state.dims) of the encoding — or the loaded table's columns — over the rows its zoom shows
/// ([firstRow, firstRow + rowCount)); with no zoom, about a dozen periods of the fastest wave,
/// so that the curves read as waves, not a solid band. A data export has no curves: its table
/// is every row of those columns, made block by block from the same source.
struct WavesPart : ViewPart {
    QVector<WaveData> waves;
    std::int64_t firstRow = 0;
    std::int64_t rowCount = 0;
    bool automatic = true; ///< the rows are the view's own choice (nobody zoomed)
    // What a data export reads.
    core::EncodingSpec spec;
    LearnedTablePtr values; ///< the loaded table's values, null for the sinusoid
    QVector<int> dims;      ///< the columns shown, in range
};

/// The wave plot's part in `frame`; null when not computed.
inline const WavesPart* wavesPart(const Frame& frame) { return frame.partOf<WavesPart>(views::waves); }

/// Builds the part from the spec (or the table), the dims and the zoom; a table's waves of the
/// part before are kept whatever the spec does (sizing the sinusoid beside it).
ViewPartPtr buildWavesPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: every row (position) × the chosen dimensions.
DataTable wavesPartData(const ViewPart& part);

} // namespace pe::ui
