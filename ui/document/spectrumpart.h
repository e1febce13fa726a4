// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"
#include "ui/document/spectrumdata.h"

namespace pe::ui {

/// The spectrum view's part of the frame, kept by view (Frame::viewParts): the spectrum of the
/// loaded table or of the spec's sinusoid, and its map in decibels on the view's pixels
/// (frequency bins × dims, at most FrameLimits::heatBins each way while the pixels are not
/// known; none for a data export, which writes spectrumExportTable of the spectrum).
struct SpectrumPart : ViewPart {
    std::shared_ptr<const SpectrumData> data;
    SharedMatrix heat;
    HeatAxis frequencies, dims; ///< the map's rows (frequency bins) and columns (dims)
    QString problem() const override { return data ? data->problem : QString(); }
    QSize bins() const override { return QSize(static_cast<int>(heat.cols()), static_cast<int>(heat.rows())); }
};

/// The spectrum view's part in `frame`; null when not computed.
inline const SpectrumPart* spectrumPart(const Frame& frame) { return frame.partOf<SpectrumPart>(views::spectrum); }

/// Builds the part: the spectrum of the part before while its source stays (the same table's
/// file, or without a table the same spec), its map while the pixels do too.
ViewPartPtr buildSpectrumPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table: per frequency bin its ω, then each dim's power relative to the
/// dim's peak.
core::RowMatrix spectrumPartData(const ViewPart& part);

} // namespace pe::ui
