// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

namespace pe::ui {

/// The relative-offset inspector's part of the frame, kept by view (Frame::viewParts), for
/// p = the selected position and k = the offset: PE(p), PE(p+k) and M_k·PE(p) (size d_model),
/// how far M_k·PE(p) is from PE(p+k), and PE(p)·PE(p+k) along the positions.
struct OffsetPart : ViewPart {
    Eigen::VectorXd pe, peShifted, rotated;
    double residual = 0;                ///< ‖M_k·PE(p) − PE(p+k)‖ over the full pairs
    QVector<double> dotRows, dots;      ///< rows p (whose p + k stays ≥ 0) and PE(p)·PE(p+k)
};

/// The offset view's part in `frame`; null when not computed.
inline const OffsetPart* offsetPart(const Frame& frame) { return frame.partOf<OffsetPart>(views::offset); }

/// Builds the part from the spec, the position and the offset.
ViewPartPtr buildOffsetPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: d_model rows of PE(p), PE(p+k), M_k·PE(p).
core::RowMatrix offsetPartData(const ViewPart& part);

} // namespace pe::ui
