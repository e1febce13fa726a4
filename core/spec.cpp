// SPDX-License-Identifier: MIT
#include "core/spec.h"

#include <cmath>
#include <sstream>

namespace pe::core {

namespace {

std::string formatNumber(double value)
{
    std::ostringstream out;
    out.precision(17);
    out << value;
    return out.str();
}

} // namespace

std::optional<std::string> validationError(const EncodingSpec& spec)
{
    using L = SpecLimits;
    if (spec.dModel < L::minDModel || spec.dModel > L::maxDModel)
        return "d_model = " + std::to_string(spec.dModel) + " is out of range; allowed: "
            + std::to_string(L::minDModel) + " to " + std::to_string(L::maxDModel);
    if (spec.maxLen < L::minMaxLen || spec.maxLen > L::maxMaxLen)
        return "max_len = " + std::to_string(spec.maxLen) + " is out of range; allowed: "
            + std::to_string(L::minMaxLen) + " to " + std::to_string(L::maxMaxLen);
    if (!std::isfinite(spec.base) || spec.base <= 1.0 || spec.base > L::maxBase)
        return "base = " + formatNumber(spec.base)
            + " is out of range; allowed: a finite number greater than 1 and at most 1e12";
    if (spec.firstPosition < 0 || spec.firstPosition > L::maxFirstPosition)
        return "first position = " + std::to_string(spec.firstPosition)
            + " is out of range; allowed: 0 to " + std::to_string(L::maxFirstPosition);
    if (spec.layout != Layout::Interleaved && spec.layout != Layout::Split)
        return "layout is not one of: interleaved, split";
    if (spec.frequencies != FrequencyRule::Paper && spec.frequencies != FrequencyRule::Tensor2Tensor)
        return "frequencies is not one of: paper, tensor2tensor";
    return std::nullopt;
}

void requireValid(const EncodingSpec& spec)
{
    if (auto error = validationError(spec))
        throw SpecError(*error);
}

std::optional<std::string> matrixSizeError(std::int64_t rows, std::int64_t cols, std::string_view what)
{
    if (rows < 0 || cols < 0)
        return std::string(what) + " has a negative size";
    const long double bytes = static_cast<long double>(rows) * cols * sizeof(double);
    if (bytes <= SpecLimits::maxMatrixBytes)
        return std::nullopt;
    std::ostringstream out;
    out.precision(3);
    out << what << " of " << rows << " × " << cols << " float64 values would need "
        << static_cast<double>(bytes / (1u << 30)) << " GiB; at most "
        << (SpecLimits::maxMatrixBytes >> 30) << " GiB is allowed in memory";
    return out.str();
}

int pairCount(const EncodingSpec& spec)
{
    return spec.frequencies == FrequencyRule::Tensor2Tensor ? spec.dModel / 2 : (spec.dModel + 1) / 2;
}

int fullPairCount(const EncodingSpec& spec) { return spec.dModel / 2; }

bool hasZeroColumn(const EncodingSpec& spec)
{
    return spec.frequencies == FrequencyRule::Tensor2Tensor && spec.dModel % 2 == 1;
}

ColumnRole columnRole(const EncodingSpec& spec, int column)
{
    if (hasZeroColumn(spec) && column == spec.dModel - 1)
        return {-1, false, true};
    if (spec.layout == Layout::Interleaved)
        return {column / 2, column % 2 == 0};
    const int pairs = pairCount(spec);
    if (column < pairs)
        return {column, true};
    return {column - pairs, false};
}

int sinColumn(const EncodingSpec& spec, int pair)
{
    return spec.layout == Layout::Interleaved ? 2 * pair : pair;
}

int cosColumn(const EncodingSpec& spec, int pair)
{
    if (pair >= fullPairCount(spec))
        return -1;
    return spec.layout == Layout::Interleaved ? 2 * pair + 1 : pairCount(spec) + pair;
}

std::string_view layoutName(Layout layout)
{
    return layout == Layout::Split ? "split" : "interleaved";
}

std::string_view frequencyRuleName(FrequencyRule rule)
{
    return rule == FrequencyRule::Tensor2Tensor ? "tensor2tensor" : "paper";
}

std::optional<Layout> parseLayout(std::string_view name)
{
    if (name == "interleaved")
        return Layout::Interleaved;
    if (name == "split")
        return Layout::Split;
    return std::nullopt;
}

std::optional<FrequencyRule> parseFrequencyRule(std::string_view name)
{
    if (name == "paper")
        return FrequencyRule::Paper;
    if (name == "tensor2tensor")
        return FrequencyRule::Tensor2Tensor;
    return std::nullopt;
}

} // namespace pe::core
