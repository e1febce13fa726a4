// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

namespace pe::ui {

/// The frequency bands view's part of the frame, kept by view (Frame::viewParts): each pair's
/// ω and wavelength, and its resolution limit in the selected number format (from about that
/// position on, consecutive positions share one angle when computed in that format).
struct BandsPart : ViewPart {
    Eigen::VectorXd omega, wavelength;
    QVector<double> resolution;
};

/// The bands view's part in `frame`; null when not computed.
inline const BandsPart* bandsPart(const Frame& frame) { return frame.partOf<BandsPart>(views::bands); }

/// Builds the part from the spec and the number format.
ViewPartPtr buildBandsPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: per pair its index, ω and wavelength.
core::RowMatrix bandsPartData(const ViewPart& part);

} // namespace pe::ui
