// SPDX-License-Identifier: MIT
#pragma once

#include "core/similarity.h"
#include "ui/document/frame.h"

namespace pe::ui {

/// The similarity view's part of the frame, kept by view (Frame::viewParts): the dot product (or
/// cosine) of every pair of the `positions` rows — the loaded table's, else the spec's positions
/// — as block averages in matrix.rows() bins, at most one per pixel of the matrix's side; and the
/// similarity of the selected row to every row, in as many bins as the matrix (the exact mean of
/// each bin's columns).
/// A data export has neither: its table is made row block by row block from the same kernel.
struct SimilarityPart : ViewPart {
    bool normalize = false;             ///< cosine instead of dot product
    LearnedTablePtr values;             ///< the loaded table's values, null for the sinusoid
    bool fromTable = false;
    std::shared_ptr<const core::SimilarityKernel> kernel; ///< the sinusoid's, kept by later parts
    std::int64_t positions = 0;
    SharedMatrix matrix;                ///< bins × bins
    /// The matrix's smallest and largest cells, NaN left out (0 and 0 when every cell is NaN):
    /// the colour scale's range, found here on the frame's thread.
    double lowest = 0, highest = 0;
    std::int64_t profileRow = 0;        ///< the row the profile is of
    QVector<double> profileX, profileY; ///< the bins' centres and their mean similarity to profileRow
    bool profileExact() const { return profileY.size() == positions; } ///< a bin per position
    double selfSimilarity = 0;          ///< of profileRow with itself
    bool exact() const { return matrix.rows() == positions; }
    QSize bins() const override { return QSize(static_cast<int>(matrix.cols()), static_cast<int>(matrix.rows())); }
};

/// The similarity view's part in `frame`; null when not computed.
inline const SimilarityPart* similarityPart(const Frame& frame) { return frame.partOf<SimilarityPart>(views::similarity); }

/// Builds the part: the kernel and matrix of the part before while the source (the same table,
/// or the same spec's sinusoid) and the measure stay, the matrix only while the bins do too, the
/// profile while its row does.
ViewPartPtr buildSimilarityPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: the whole positions × positions matrix.
DataTable similarityPartData(const ViewPart& part);

} // namespace pe::ui
