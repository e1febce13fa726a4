// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <memory>

namespace pe::ui {

class Document;
class PlotView;

/// A new view of `view` drawing `document`'s frames: the one place that knows the built-in
/// views' classes (a view added at run time brings its own ViewDescription::create). The
/// window, the exports and the tests make every view through it.
std::unique_ptr<PlotView> createView(View view, Document* document);

/// Enters in the catalogue the views that bring everything in their entry (factory, options,
/// command-line options, part and data export: ViewDescription), after the eleven built-in
/// ones. main() calls it once, before the command line is read; a test of such a view calls it
/// first. A new view adds its entry here (docs/architecture.md, "Adding a view").
void registerViews();

} // namespace pe::ui
