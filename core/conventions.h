// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <optional>
#include <string_view>

namespace pe::core {

/// Frequency rules for the side-by-side comparison of conventions. Beside the two clean rules
/// of the spec it holds two mistakes copied widely from textbooks and blogs, so that the
/// comparison view can show what they break. The spec itself never uses these.
enum class FrequencyVariant {
    Paper,           ///< ω_k = base^(−2k/d)
    Tensor2Tensor,   ///< n = ⌊d/2⌋ pairs, ω_k = base^(−k/max(n−1, 1)), an odd d ends with a zero column
    DoubledExponent, ///< mistake: ω_k = base^(−4k/d) for sin and cos (loop over even i, 2·i in the exponent)
    ShiftedCosine,   ///< mistake: sin uses base^(−4k/d), cos base^(−(4k+2)/d) (a widely copied Embed.py)
};

/// Everything that tells two published sinusoidal encodings of the same d and base apart.
struct Convention {
    Layout layout = Layout::Interleaved;
    FrequencyVariant frequencies = FrequencyVariant::Paper;
    std::int64_t firstPosition = 0; ///< position of row 0

    bool operator==(const Convention&) const = default;
};

/// What the comparison view sets beside the spec's own convention.
enum class Comparison {
    Layout,          ///< interleaved ↔ split
    Frequencies,     ///< paper ↔ tensor2tensor
    FirstPosition,   ///< 0 ↔ 2 (fairseq's padding_idx + 1)
    DoubledExponent, ///< the spec with the doubled-exponent mistake
    ShiftedCosine,   ///< the spec with the shifted-cosine mistake
};

std::string_view comparisonName(Comparison comparison); ///< "layout", "frequencies", "first-position", "doubled-exponent", "shifted-cosine"
std::optional<Comparison> parseComparison(std::string_view name);
std::string_view frequencyVariantName(FrequencyVariant variant); ///< "paper", "tensor2tensor", "doubled-exponent", "shifted-cosine"
bool isMistake(FrequencyVariant variant);

/// The spec's own convention (its layout, frequency rule and first position).
Convention conventionOf(const EncodingSpec& spec);
/// The convention compared with the spec's own: one thing changed, the rest kept.
Convention comparedConvention(const EncodingSpec& spec, Comparison comparison);

/// ω of the sine and of the cosine column of pair k (they differ only for ShiftedCosine).
struct PairFrequencies {
    long double sin = 1;
    long double cos = 1;
};
PairFrequencies variantFrequencies(const EncodingSpec& spec, FrequencyVariant variant, int pair);

/// PE(row, column) under the convention: row r holds position convention.firstPosition + r,
/// with the spec's d_model and base.
double conventionValue(const EncodingSpec& spec, const Convention& convention, std::int64_t row, int column);

/// Fills out (bins × d_model) with the exact average of each bin of the rows firstRow …
/// firstRow+rowCount−1 under the convention (one row per bin when bins == rowCount), like
/// fillBinnedEncoding does for the spec.
void fillBinnedConvention(const EncodingSpec& spec, const Convention& convention, std::int64_t firstRow,
                          std::int64_t rowCount, Eigen::Ref<RowMatrix> out);
/// The same, each bin's row then averaged over bins of the columns [0, d_model) into out's
/// columns (averageColumns), without the bins × d_model matrix between them: a map with fewer
/// pixels than dims. Throws SpecError unless 1 ≤ out.cols() ≤ d_model.
void fillBinnedConventionAveraged(const EncodingSpec& spec, const Convention& convention, std::int64_t firstRow,
                                  std::int64_t rowCount, Eigen::Ref<RowMatrix> out);

/// ‖M_k·PE(p) − PE(p+k)‖ over the full pairs, with M_k rotating each pair by k times its sine's
/// frequency; p = row + convention.firstPosition. ~1e−16 whenever sin and cos of a pair share
/// one frequency; of order 1 for ShiftedCosine, where no rotation takes PE(p) to PE(p+k).
double conventionRotationResidual(const EncodingSpec& spec, const Convention& convention, std::int64_t row,
                                  std::int64_t offset);

/// How many pairs have a wavelength (of their sine) above 2π·base: none for the clean rules,
/// about half of them for the doubled exponent.
int pairsSlowerThanBase(const EncodingSpec& spec, FrequencyVariant variant);

} // namespace pe::core
