// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewstate.h"

#include <memory>

namespace pe::ui {

class Document;
class PlotView;

/// A new view of `view` drawing `document`'s frames: the one place that knows the built-in
/// views' classes (a view added at run time brings its own ViewDescription::create). The
/// window, the exports and the tests make every view through it.
std::unique_ptr<PlotView> createView(View view, Document* document);

} // namespace pe::ui
