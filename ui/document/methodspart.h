// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"
#include "ui/document/methodsdata.h"
#include "ui/state/methodsoptions.h"

namespace pe::ui {

/// The methods view's part of the frame, kept by view (Frame::viewParts): the matrix and the
/// curves of its options (MethodOptions, by key, with the T5 biases they name) on its pixels, the curves over the offsets its zoom
/// shows (ViewZoom x: i − j). A data export has neither: its table is the selected method's
/// L × L scores, made row block by row block (MethodScoreRows).
struct MethodsPart : ViewPart {
    std::shared_ptr<const MethodsData> data; ///< null in a data export's part
    std::shared_ptr<const MethodScoreRows> scoreRows; ///< a data export's rows; null in the window's
    std::int64_t length = 0; ///< L = max_len
    /// ALiBi's slope the title names: the chosen head's m, or the heads' mean when all are shown
    /// (head 0); 0 for the other methods.
    double alibiSlope = 0;
    QString error;           ///< why the selected method cannot be drawn or exported
    QString problem() const override { return error; }
};

/// The methods view's part in `frame`; null when not computed.
inline const MethodsPart* methodsPart(const Frame& frame) { return frame.partOf<MethodsPart>(views::methods); }

/// Builds the part: the matrix and each curve whose inputs are those of the part before are
/// kept (ALiBi, T5, Shaw and NoPE read only max_len from the spec: a d_model step keeps them).
ViewPartPtr buildMethodsPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: the selected method's L × L scores (−∞ where masked).
DataTable methodsPartData(const ViewPart& part);

} // namespace pe::ui
