// SPDX-License-Identifier: MIT
#include "ui/document/gridpart.h"
#include "ui/state/gridoptions.h"

namespace pe::ui {

ViewPartPtr buildGridPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<GridPart>();
    part->options = gridOptionsFrom(in.options);
    const GridOptions& o = part->options;
    const auto* old = dynamic_cast<const GridPart*>(before.part.get());
    const GridSource source = resolvedGridSource(o, in.table != nullptr);
    const bool sameData = old && old->data && sameGridInputs(old->options, o)
        && resolvedGridSource(old->options, before.inputs.table != nullptr) == source
        && (source == GridSource::Table ? sameTableFile(before.inputs.table, in.table)
                                        : before.inputs.spec.dModel == in.spec.dModel
                                              && (before.inputs.table != nullptr) == (in.table != nullptr));
    part->data = sameData ? old->data : std::make_shared<const GridData>(gridData(in.spec, o, in.table));
    if (!part->data->problem.isEmpty() || in.wholeCells) // no tiles for a data export
        return part;
    const std::int64_t h = part->data->shape.rows, w = part->data->shape.cols;
    part->tileRows = heatAxis(0, 0, h * h, in.pixels.height(), FrameLimits::heatBins);
    part->tileColumns = heatAxis(0, 0, w * w, in.pixels.width(), FrameLimits::heatBins);
    if (sameData && old->tileRows == part->tileRows && old->tileColumns == part->tileColumns) {
        part->tiles = old->tiles;
        return part;
    }
    binGridTiles(*part->data, part->tileRows.bins, part->tileColumns.bins,
                 part->tiles.reset(part->tileRows.bins, part->tileColumns.bins));
    return part;
}

core::RowMatrix gridPartData(const ViewPart& part)
{
    const auto& grid = static_cast<const GridPart&>(part);
    return gridExportTable(*grid.data, grid.options);
}

} // namespace pe::ui
