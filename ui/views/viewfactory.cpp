// SPDX-License-Identifier: MIT
#include "ui/views/viewfactory.h"

#include "ui/views/plotview.h"

namespace pe::ui {

std::unique_ptr<PlotView> createView(View view, Document* document)
{
    const ViewDescription& entry = describeView(view);
    if (!entry.create)
        qFatal("view \"%s\" has no widget: its <name>ViewEntry() sets ViewDescription::create", entry.key);
    return entry.create(document);
}

} // namespace pe::ui
