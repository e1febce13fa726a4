// SPDX-License-Identifier: MIT
#include "ui/document/viewparts.h"

#include "ui/document/frame.h"
#include "ui/document/gridpart.h"

#include <algorithm>
#include <optional>

namespace pe::ui {

namespace {

/// The built-in views whose part the frame keeps by view.
const std::vector<std::pair<View, PartBuilder>>& builtInParts()
{
    static const std::vector<std::pair<View, PartBuilder>> parts{
        {View::Grid, {buildGridPart, PartInput::Spec | PartInput::Options | PartInput::Pixels | PartInput::Table, gridPartData}},
    };
    return parts;
}

} // namespace

std::optional<PartBuilder> partBuilder(View view)
{
    if (const ViewDescription& d = describeView(view); d.buildPart && d.view == view)
        return PartBuilder{d.buildPart, d.partReads, d.exportData};
    for (const auto& [builtIn, builder] : builtInParts())
        if (builtIn == view)
            return builder;
    return std::nullopt;
}

bool keepsPartByView(View view)
{
    if (describeView(view).buildPart && describeView(view).view == view)
        return true;
    return std::ranges::any_of(builtInParts(), [view](const auto& builtIn) { return builtIn.first == view; });
}

unsigned viewsWithOwnParts()
{
    unsigned views = 0;
    for (const ViewDescription& d : viewCatalog())
        if (keepsPartByView(d.view))
            views |= 1u << static_cast<unsigned>(d.view);
    return views;
}

ViewPartPtr viewPart(View view, const PartInputs& inputs, const PartBefore& before)
{
    const std::optional<PartBuilder> builder = partBuilder(view);
    if (!builder)
        return nullptr;
    if (before.part && samePartInputs(builder->reads, before.inputs, inputs))
        return before.part;
    return builder->build(inputs, before);
}

void buildViewParts(Frame& frame, const std::shared_ptr<const Frame>& previous)
{
    const unsigned wanted = viewsWithOwnParts() & frame.views;
    if (!wanted)
        return;
    for (const ViewDescription& d : viewCatalog()) {
        if (!(wanted & (1u << static_cast<unsigned>(d.view))))
            continue;
        const auto i = static_cast<std::size_t>(d.view);
        if (frame.viewParts.size() <= i)
            frame.viewParts.resize(i + 1);
        const ViewPartPtr before = previous ? previous->partPointer(d.view) : nullptr;
        frame.viewParts[i] = viewPart(d.view, frame.partInputs(d.view),
                                      before ? PartBefore{before, previous->partInputs(d.view)} : PartBefore{});
    }
}

} // namespace pe::ui
