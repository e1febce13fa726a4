// SPDX-License-Identifier: MIT
#include "ui/document/viewparts.h"

#include "ui/document/frame.h"

namespace pe::ui {

ViewPartPtr viewPart(View view, const PartInputs& inputs, const ViewPartPtr& reuse, const PartInputs& reuseInputs)
{
    const ViewDescription& d = describeView(view);
    if (!d.buildPart)
        return nullptr;
    if (reuse && samePartInputs(d.partReads, reuseInputs, inputs))
        return reuse;
    return d.buildPart(inputs);
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
        frame.viewParts[i] = previous ? viewPart(d.view, frame.partInputs(d.view), previous->partPointer(d.view),
                                                 previous->partInputs(d.view))
                                      : viewPart(d.view, frame.partInputs(d.view));
    }
}

} // namespace pe::ui
