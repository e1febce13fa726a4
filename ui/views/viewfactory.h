// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewstate.h"

#include <memory>

namespace pe::ui {

class Document;
class PlotView;

/// A new view of `view` drawing `document`'s frames: the one place that knows every view's
/// class (exports and tests make views through it; the window gives each a dock).
std::unique_ptr<PlotView> createView(View view, Document* document);

} // namespace pe::ui
