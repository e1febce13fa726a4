// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pe::core {

/// Where the sine and cosine of pair k go among the d_model columns.
enum class Layout {
    Interleaved, ///< column 2k = sin, 2k+1 = cos (the paper, PyTorch tutorial, Annotated Transformer)
    Split,       ///< columns 0…P−1 = sin, then the cos columns (TensorFlow tutorial, tensor2tensor)
};

/// How the angular frequency ω_k of pair k is chosen.
enum class FrequencyRule {
    Paper,        ///< ω_k = base^(−2k/d)
    Tensor2Tensor ///< n = ⌊d/2⌋ pairs, ω_k = base^(−k/max(n−1, 1)): tensor2tensor, fairseq, Whisper;
                  ///< slowest wavelength 2π·base; an odd d appends a zero column
};

/// Everything that defines one positional-encoding matrix.
struct EncodingSpec {
    int dModel = 64;
    std::int64_t maxLen = 100;
    double base = 10000.0;
    Layout layout = Layout::Interleaved;
    FrequencyRule frequencies = FrequencyRule::Paper;
    std::int64_t firstPosition = 0; ///< position of row 0 (fairseq starts at 2)

    bool operator==(const EncodingSpec&) const = default;
};

/// The ranges a spec may take; each is named in the message of a rejected value.
struct SpecLimits {
    static constexpr int minDModel = 1;
    static constexpr int maxDModel = 65536;
    static constexpr std::int64_t minMaxLen = 1;
    static constexpr std::int64_t maxMaxLen = std::int64_t{1} << 31;
    static constexpr double maxBase = 1e12;
    static constexpr std::int64_t maxFirstPosition = std::int64_t{1} << 40;
    /// Largest matrix a core function returns in one piece (larger ones are streamed in rows).
    static constexpr std::int64_t maxMatrixBytes = std::int64_t{4} << 30;
};

/// Thrown by core functions handed a spec or argument that validation would have rejected.
class SpecError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Why @p spec is unusable ("d_model = 0 is out of range; allowed: 1 to 65536"), or nothing.
std::optional<std::string> validationError(const EncodingSpec& spec);

/// Throws SpecError with validationError()'s message when the spec is unusable.
void requireValid(const EncodingSpec& spec);

/// Why a rows × cols float64 matrix may not be allocated in one piece, or nothing.
std::optional<std::string> matrixSizeError(std::int64_t rows, std::int64_t cols, std::string_view what);

/// Number of frequencies (pairs). Paper frequencies: ⌈d/2⌉, and for odd d the last pair has a
/// sin column only (HF DistilBERT/XLM, Marian). tensor2tensor frequencies: ⌊d/2⌋ full pairs, and
/// for odd d the last column is zero (tensor2tensor, fairseq); d = 1 has no pair at all.
int pairCount(const EncodingSpec& spec);
/// Number of pairs that have both a sin and a cos column: ⌊d/2⌋.
int fullPairCount(const EncodingSpec& spec);
/// Whether the last column is all zeros: tensor2tensor frequencies with an odd d.
bool hasZeroColumn(const EncodingSpec& spec);

/// What one column holds: the pair index k and whether it is the sine or the cosine; or, for
/// the zero column of tensor2tensor's odd d, isZero with pair −1.
struct ColumnRole {
    int pair = 0;
    bool isSin = true;
    bool isZero = false;
};
ColumnRole columnRole(const EncodingSpec& spec, int column);
/// The column holding sin of pair k.
int sinColumn(const EncodingSpec& spec, int pair);
/// The column holding cos of pair k, or −1 for the unpaired last sine of an odd d.
int cosColumn(const EncodingSpec& spec, int pair);

std::string_view layoutName(Layout layout);                 ///< "interleaved" | "split"
std::string_view frequencyRuleName(FrequencyRule rule);     ///< "paper" | "tensor2tensor"
std::optional<Layout> parseLayout(std::string_view name);
std::optional<FrequencyRule> parseFrequencyRule(std::string_view name);

} // namespace pe::core
