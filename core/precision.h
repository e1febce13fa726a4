// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <string_view>

namespace pe::core {

enum class NumberFormat { Float64, Float32, BFloat16, Float16 };

/// How a lower precision enters: the float64 value rounded for storage, or every step of the
/// documents' own code (position, exponent, exp, product, sin) carried out in that format.
enum class PrecisionMode { Stored, Computed };

std::string_view numberFormatName(NumberFormat format); ///< "float64", "float32", "bfloat16", "float16"

/// x rounded to the nearest value of the format (ties to even), with overflow to ±infinity and
/// the format's subnormals: float16 holds integers exactly only up to 2048, bfloat16 up to 256.
double roundTo(double x, NumberFormat format);

/// PE(position, column) as a program working in `format` would hold it.
double encodingValueIn(const EncodingSpec& spec, std::int64_t position, int column,
                       NumberFormat format, PrecisionMode mode);

/// Largest |PE_format − PE_float64| over the columns, for each row of the spec (size max_len).
Eigen::VectorXd maxErrorByRow(const EncodingSpec& spec, NumberFormat format, PrecisionMode mode);

} // namespace pe::core
