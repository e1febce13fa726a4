// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

#include <QPolygonF>

#include <numbers>
#include <utility>
#include <vector>

namespace pe::ui {

/// The relative-offset inspector's part of the frame, kept by view (Frame::viewParts), for
/// p = the selected position and k = the offset: PE(p), PE(p+k) and M_k·PE(p) (size d_model),
/// how far M_k·PE(p) is from PE(p+k), and PE(p)·PE(p+k) along the positions.
struct OffsetPart : ViewPart {
    Eigen::VectorXd pe, peShifted, rotated;
    double residual = 0;                ///< ‖M_k·PE(p) − PE(p+k)‖ over the full pairs
    QVector<double> dotRows, dots;      ///< rows p (whose p + k stays ≥ 0) and PE(p)·PE(p+k)
    QVector<double> turns;              ///< k·ω per full pair: how far M_k turns it (radians, signed as k)
    /// The points of a pair's path from p to p + k drawn on its circle (pathPoints of them):
    /// x = cos, y = sin of (p + k·i/(pathPoints − 1))·ω, the encoding's own curve, made from PE(p)
    /// turned by a step the part worked out. Empty past a full turn (the view draws a chord) or
    /// for k = 0, or for a pair that is not a full pair.
    static constexpr int pathPoints = 49;
    QPolygonF path(int pair) const;
    std::vector<std::pair<double, double>> pathSteps; ///< per full pair: cos and sin of k·ω/(pathPoints − 1)
    std::vector<std::pair<int, int>> pairColumns;     ///< per full pair: its cos and sin columns
};

/// The offset view's part in `frame`; null when not computed.
inline const OffsetPart* offsetPart(const Frame& frame) { return frame.partOf<OffsetPart>(views::offset); }

/// Builds the part from the spec, the position and the offset.
ViewPartPtr buildOffsetPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: d_model rows of PE(p), PE(p+k), M_k·PE(p).
core::RowMatrix offsetPartData(const ViewPart& part);

} // namespace pe::ui
