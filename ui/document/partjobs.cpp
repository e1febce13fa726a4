// SPDX-License-Identifier: MIT
#include "ui/document/partjobs.h"

#include "ui/document/frame.h"

#include <algorithm>
#include <optional>

namespace pe::ui {

std::optional<ViewDataReader> viewDataReader(View view)
{
    if (const ViewDescription& d = describeView(view); d.readData && d.view == view)
        return d.readData;
    return std::nullopt;
}

std::int64_t viewDataLength(View view, const ViewData& data)
{
    const ViewDescription& d = describeView(view);
    return d.dataLength && d.view == view ? d.dataLength(data) : 0;
}

std::optional<PartBuilder> partBuilder(View view)
{
    if (const ViewDescription& d = describeView(view); d.buildPart && d.view == view)
        return PartBuilder{d.buildPart, d.partReads, d.exportData};
    return std::nullopt;
}

bool keepsPartByView(View view)
{
    const ViewDescription& d = describeView(view);
    return d.buildPart && d.view == view;
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

ViewPartJobs::ViewPartJobs(Frame& frame, std::shared_ptr<const Frame> previous)
    : m_frame(frame), m_previous(std::move(previous))
{
    const unsigned wanted = viewsWithOwnParts() & frame.views;
    // The largest parts first (ViewDescription::buildPartFirst), so that none is left for the
    // end of the frame; then the catalogue's order.
    for (bool first : {true, false})
        for (const ViewDescription& d : viewCatalog())
            if ((wanted & viewBit(d.view)) && d.buildPartFirst == first)
                m_views.push_back(d.view);
    for (View view : m_views)
        frame.viewParts.resize(std::max(frame.viewParts.size(), static_cast<std::size_t>(view) + 1));
}

void ViewPartJobs::run(const std::function<bool()>& stop)
{
    for (std::size_t i = m_next++; i < m_views.size() && !stop(); i = m_next++) {
        const View view = m_views[i];
        const ViewPartPtr before = m_previous ? m_previous->partPointer(view) : nullptr;
        m_frame.viewParts[static_cast<std::size_t>(view)]
            = viewPart(view, m_frame.partInputs(view), before ? PartBefore{before, m_previous->partInputs(view)} : PartBefore{});
    }
}

} // namespace pe::ui
