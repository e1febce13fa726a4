// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"

namespace pe::ui {

struct Frame;

/// Builds the parts of the views entered in the catalogue with a part builder that are on
/// screen in `frame` (Frame::views), sharing each with `previous` while the inputs it reads
/// (ViewDescription::partReads) stay the same.
void buildViewParts(Frame& frame, const std::shared_ptr<const Frame>& previous);

/// The part of `view` for `inputs`, built by its entry's builder; `reuse` is returned instead
/// when it was built from inputs that agree on everything the part reads.
ViewPartPtr viewPart(View view, const PartInputs& inputs, const ViewPartPtr& reuse = {},
                     const PartInputs& reuseInputs = {});

} // namespace pe::ui
