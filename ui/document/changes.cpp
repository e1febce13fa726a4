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
    mark(a.tableDataRange != b.tableDataRange, Change::Table);
    for (const ViewDescription& d : viewCatalog())
        if (hasOwnOptions(d.view) && !(changes & Change::ViewOptions))
            mark(a.optionsOf(d.view) != b.optionsOf(d.view), Change::ViewOptions);
    return changes;
}

namespace {

/// Whether `view`'s part was cut into other bins: its pixels changed, and with them its
/// bins (pixels beyond the cells, where the bins stay the cells, change nothing drawn).
bool binsDiffer(const Frame& a, const Frame& b, View view)
{
    // A part that has a map of its own says into how many bins it was cut.
    if (const ViewPart *partA = a.partPointer(view).get(), *partB = b.partPointer(view).get(); partA && partB && partA->bins().isValid())
        return partA->bins() != partB->bins();
    return a.pixels.of(view) != b.pixels.of(view);
}

} // namespace

Changes changesBetween(const Frame& before, const Frame& after, View view)
{
    Changes changes = changesBetween(Settings{before.spec, before.state}, Settings{after.spec, after.state});
    // Another view's options are not this view's change.
    changes &= ~Changes(Change::ViewOptions);
    // Its options, or what it read from a file beside them.
    if ((hasOwnOptions(view) && before.state.optionsOf(view) != after.state.optionsOf(view))
        || before.data.of(view) != after.data.of(view))
        changes |= Change::ViewOptions;
    // Another view's zoom is not this view's change.
    if (!(before.zooms.of(view) == after.zooms.of(view)))
        changes |= Change::Zoom;
    // A part kept by view that one of the frames lacks (computed while the view was off the
    // stage, or not yet): what the view draws was cut anew.
    if (binsDiffer(before, after, view) || bool(before.partPointer(view)) != bool(after.partPointer(view)))
        changes |= Change::Bins;
    if (before.table != after.table)
        changes |= Change::Table;
    return changes;
}

} // namespace pe::ui
