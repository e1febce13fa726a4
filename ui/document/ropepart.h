// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"
#include "ui/document/ropedata.h"
#include "ui/state/ropeoptions.h"

namespace pe::ui {

/// The RoPE view's part of the frame, kept by view (Frame::viewParts): the curves of its options
/// (RopeOptions, by key; a real model's when they name one) and the relative-score check at the selected
/// position and offset.
struct RopePart : ViewPart {
    std::shared_ptr<const RopeCurves> curves;
    RopeScores scores;
    core::EncodingSpec spec; ///< what a data export's band table reads
    /// Why the options cannot be drawn or exported (the model's, when they name one).
    QString problem() const override;
};

/// The RoPE view's part in `frame`; null when not computed.
inline const RopePart* ropePart(const Frame& frame) { return frame.partOf<RopePart>(views::rope); }

/// Builds the part: the curves of the part before while the spec and the options leave them
/// alone (ropeCurvesDiffer; a real model's while its files stay named), the scores anew.
ViewPartPtr buildRopePart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: one row per rotated pair (ropeBandTable), or for a real model its
/// per-pair table or its comparison, with the columns' names.
DataTable ropePartData(const ViewPart& part);

} // namespace pe::ui
