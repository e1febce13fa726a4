// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace pe::core {

/// A named implementation of the sinusoidal encoding: the layout, frequency rule and first
/// position that reproduce its output entry for entry (float64, any d_model), and what it is.
struct EncodingPreset {
    std::string_view name;       ///< the command line's and sessions' word: "fairseq"
    std::string_view label;      ///< for people: "fairseq"
    std::string_view reproduces; ///< the public function: "fairseq SinusoidalPositionalEmbedding.get_embedding"
    Layout layout = Layout::Interleaved;
    FrequencyRule frequencies = FrequencyRule::Paper;
    std::int64_t firstPosition = 0;
    std::string_view oddDModel;  ///< what the library itself does with an odd d_model
};

/// Every preset, in the order menus list them (the paper first).
std::span<const EncodingPreset> encodingPresets();

/// The preset called @p name, or nothing.
const EncodingPreset* findPreset(std::string_view name);

/// @p spec with the preset's layout, frequencies and first position (size and base kept).
EncodingSpec withPreset(EncodingSpec spec, const EncodingPreset& preset);

/// Whether @p spec reproduces @p preset (same layout, frequencies and first position).
bool matchesPreset(const EncodingSpec& spec, const EncodingPreset& preset);

/// The names of every preset @p spec reproduces (several share one setting), in menu order.
std::vector<std::string_view> matchingPresets(const EncodingSpec& spec);

} // namespace pe::core
