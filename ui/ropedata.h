// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/rope.h"

#include <QVariantMap>

namespace pe::ui {

/// The RoPE view's options (PlotView::viewOptions()): scale s, L_orig and the log distance axis.
namespace ropeKeys {
inline constexpr char scale[] = "scale";
inline constexpr char originalLength[] = "originalLength";
inline constexpr char logDistance[] = "logDistance";
} // namespace ropeKeys

/// Defaults when a key is missing (the command line's export): s = 8, L_orig = 4096.
core::RopeScalingSpec ropeScalingFromOptions(const QVariantMap& options);

/// The RoPE data export, one row per rotated pair k (shape (⌊d/2⌋, ropeBandColumns)):
/// k, θ_k, then the wavelength 2π/θ of the pair with no scaling, PI, NTK-aware and YaRN, then
/// YaRN's ramp γ_k (0 = interpolated like PI, 1 = kept).
inline constexpr int ropeBandColumns = 7;
core::RowMatrix ropeBandTable(const core::EncodingSpec& spec, const core::RopeScalingSpec& scaling);

} // namespace pe::ui
