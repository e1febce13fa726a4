// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <memory>

namespace pe::ui {

class Document;
class PlotView;

/// A new view of `view` drawing `document`'s frames, made by its entry (ViewDescription::create).
/// The window, the exports and the tests make every view through it.
std::unique_ptr<PlotView> createView(View view, Document* document);

/// What a view's own files give its entry (its <name>ViewEntry): its class, its part of the
/// frame, its data export, and the part's reuse rule (the PartInput bits it reads).
template <class ViewClass>
void drawnBy(ViewDescription& entry, decltype(ViewDescription::buildPart) build,
             decltype(ViewDescription::exportData) exportData, unsigned partReads)
{
    entry.create = [](Document* document) -> std::unique_ptr<PlotView> { return std::make_unique<ViewClass>(document); };
    entry.buildPart = std::move(build);
    entry.partReads = partReads;
    entry.exportData = std::move(exportData);
}

/// Start-up's first phase: enters every built-in view in the catalogue, each described by its
/// own files (registerViewDescriptions(), then each view's <name>ViewEntry(): its widget, part
/// and data export). Generated from the list in ui/CMakeLists.txt (cmake/views.cmake); called
/// again, does nothing. main() calls it before the preferences, the command line and the
/// window; a test binary when its QCoreApplication is made (tests/registeredviews.cpp).
void registerViews();

} // namespace pe::ui
