// SPDX-License-Identifier: MIT
#include "ui/document/changes.h"

#include "ui/document/frame.h"

#include <algorithm>

namespace pe::ui {

Changes changesBetween(const Settings& before, const Settings& after)
{
    Changes changes;
    const ViewState& a = before.state;
    const ViewState& b = after.state;
    const auto mark = [&](bool differs, Change change) {
        if (differs)
            changes |= change;
    };
    mark(!(before.spec == after.spec), Change::Spec);
    mark(a.position != b.position, Change::Position);
    mark(a.dimension != b.dimension, Change::Dimension);
    mark(a.offset != b.offset, Change::Offset);
    mark(a.bandFirst != b.bandFirst || a.bandLast != b.bandLast, Change::Band);
    mark(a.normalize != b.normalize, Change::Normalize);
    mark(a.colormap != b.colormap, Change::Colormap);
    // Not QList::operator==: Qt 6.4 hands memcmp a null pointer for an empty list (UBSan aborts).
    mark(!std::ranges::equal(a.dims, b.dims), Change::WaveDims);
    mark(a.comparison != b.comparison, Change::Comparison);
    mark(a.format != b.format || a.precisionMode != b.precisionMode, Change::Precision);
    mark(!(a.rope == b.rope), Change::Rope);
    mark(!(a.embeddings == b.embeddings), Change::Embeddings);
    mark(!(a.methods == b.methods), Change::Methods);
    mark(a.tableDataRange != b.tableDataRange, Change::Table);
    return changes;
}

Changes changesBetween(const Frame& before, const Frame& after)
{
    Changes changes = changesBetween(Settings{before.spec, before.state}, Settings{after.spec, after.state});
    if (!(before.heatWindow == after.heatWindow))
        changes |= Change::HeatWindow;
    if (!(before.waveWindow == after.waveWindow))
        changes |= Change::WaveWindow;
    if (before.similarity.rows() != after.similarity.rows() || before.conventionHeatA.rows() != after.conventionHeatA.rows()
        || before.precisionHeat.rows() != after.precisionHeat.rows() || before.methods != after.methods
        || before.spectrumHeat.rows() != after.spectrumHeat.rows() || before.spectrumHeat.cols() != after.spectrumHeat.cols())
        changes |= Change::Bins;
    if (before.table != after.table)
        changes |= Change::Table;
    if (before.wordVectors != after.wordVectors)
        changes |= Change::Embeddings;
    return changes;
}

} // namespace pe::ui
