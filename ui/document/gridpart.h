// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"
#include "ui/document/griddata.h"
#include "ui/state/gridoptions.h"

namespace pe::ui {

/// The grid view's part of the frame, kept by view (Frame::viewParts): the patches of its
/// options' source and their similarities, and the tiles figure on the view's pixels,
/// (H·H) × (W·W) cells in tileRows × tileColumns bins, at most FrameLimits::heatBins while the
/// pixels are not known (none for a data export, which writes gridExportTable of the data).
struct GridPart : ViewPart {
    GridOptions options;
    std::shared_ptr<const GridData> data;
    SharedMatrix tiles;
    HeatAxis tileRows, tileColumns;
    QString problem() const override { return data ? data->problem : QString(); }
    QSize bins() const override { return QSize(static_cast<int>(tiles.cols()), static_cast<int>(tiles.rows())); }
};

/// The grid view's part in `frame`; null when not computed.
inline const GridPart* gridPart(const Frame& frame) { return frame.partOf<GridPart>(views::grid); }

/// Builds the part: the data of the part before while the source, its grid and (for a fixed
/// encoding) d_model stay, its tiles while the pixels do too; a new patch, dimension or export
/// choice keeps both.
ViewPartPtr buildGridPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table (gridExportTable).
core::RowMatrix gridPartData(const ViewPart& part);

} // namespace pe::ui
