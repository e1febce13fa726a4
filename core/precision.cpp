// SPDX-License-Identifier: MIT
#include "core/precision.h"

#include "core/frequencies.h"

#include <cmath>
#include <limits>

namespace pe::core {

namespace {

struct FormatTraits {
    int mantissaBits; // stored fraction bits
    int minExponent;  // exponent of the smallest normal number
    double maxFinite;
};

FormatTraits traits(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Float32: return {23, -126, std::numeric_limits<float>::max()};
    case NumberFormat::BFloat16: return {7, -126, 3.3895313892515355e38};
    case NumberFormat::Float16: return {10, -14, 65504.0};
    case NumberFormat::Float64: break;
    }
    return {52, -1022, std::numeric_limits<double>::max()};
}

} // namespace

std::string_view numberFormatName(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Float32: return "float32";
    case NumberFormat::BFloat16: return "bfloat16";
    case NumberFormat::Float16: return "float16";
    case NumberFormat::Float64: break;
    }
    return "float64";
}

double roundTo(double x, NumberFormat format)
{
    if (format == NumberFormat::Float64 || !std::isfinite(x) || x == 0.0)
        return x;
    const FormatTraits t = traits(format);
    const int exponent = std::max(std::ilogb(x), t.minExponent);
    const double quantum = std::ldexp(1.0, exponent - t.mantissaBits);
    const double rounded = std::nearbyint(x / quantum) * quantum; // ties to even
    if (std::abs(rounded) > t.maxFinite)
        return std::copysign(std::numeric_limits<double>::infinity(), x);
    return rounded;
}

double encodingValueIn(const EncodingSpec& spec, std::int64_t position, int column,
                       NumberFormat format, PrecisionMode mode)
{
    if (mode == PrecisionMode::Stored)
        return roundTo(encodingValue(spec, position, column), format);
    requireValid(spec);
    // The PyTorch tutorial's code, every operation rounded to the format:
    //   div_term = exp(arange(0, d, 2) * (−log(base) / d));  pe = sin(position * div_term)
    const auto r = [format](double v) { return roundTo(v, format); };
    const ColumnRole role = columnRole(spec, column);
    double step = 0.0, index = 0.0;
    if (spec.frequencies == FrequencyRule::Paper) {
        step = r(-std::log(spec.base) / spec.dModel);
        index = r(2.0 * role.pair);
    } else {
        step = r(-std::log(spec.base) / std::max(pairCount(spec) - 1, 1));
        index = r(role.pair);
    }
    const double omega = r(std::exp(r(index * step)));
    const double angle = r(r(static_cast<double>(position)) * omega);
    return r(role.isSin ? std::sin(angle) : std::cos(angle));
}

Eigen::VectorXd maxErrorByRow(const EncodingSpec& spec, NumberFormat format, PrecisionMode mode)
{
    requireValid(spec);
    Eigen::VectorXd worst(spec.maxLen);
    const std::int64_t chunk = 1024;
    RowMatrix exact;
    for (std::int64_t start = 0; start < spec.maxLen; start += chunk) {
        exact.resize(std::min(chunk, spec.maxLen - start), spec.dModel);
        fillEncodingRows(spec, start, exact);
        for (Eigen::Index r = 0; r < exact.rows(); ++r) {
            double w = 0.0;
            for (int c = 0; c < spec.dModel; ++c) {
                const double v = mode == PrecisionMode::Stored
                    ? roundTo(exact(r, c), format)
                    : encodingValueIn(spec, spec.firstPosition + start + r, c, format, mode);
                w = std::max(w, std::abs(v - exact(r, c)));
            }
            worst[start + r] = w;
        }
    }
    return worst;
}

} // namespace pe::core
