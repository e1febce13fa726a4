// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <span>
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

/// ω_k as the documents' code holds it in `format`: exp(index · step), every step rounded.
double frequencyIn(const EncodingSpec& spec, int pair, NumberFormat format);

/// |PE_format − PE| (out: rows.size() × d_model) for the given rows of the spec; +infinity
/// where the format yields no finite value (float16 computation beyond position 65504).
void fillErrorRows(const EncodingSpec& spec, std::span<const std::int64_t> rows, NumberFormat format,
                   PrecisionMode mode, Eigen::Ref<RowMatrix> out);

/// Largest |PE_format − PE| over the columns, for each of the given rows of the spec.
Eigen::VectorXd maxErrorAtRows(const EncodingSpec& spec, std::span<const std::int64_t> rows,
                               NumberFormat format, PrecisionMode mode);

/// A number format and how it enters: one curve of the precision view.
struct ErrorKind {
    NumberFormat format;
    PrecisionMode mode;
};
/// maxErrorAtRows() for several kinds at once (result column j for kinds[j]): the exact
/// values, the costly part, are computed once for all of them.
Eigen::MatrixXd maxErrorsAtRows(const EncodingSpec& spec, std::span<const std::int64_t> rows,
                                std::span<const ErrorKind> kinds);

/// The resolution limit of pair k in `format`, for the documents' code computing the angle
/// p·ω in that format: p_F = ⌈2^e / ω̃⌉, where ω̃ = frequencyIn() and 2^e is the first power of
/// two above which the format's spacing exceeds ω̃. Below 2^e one position step moves the angle
/// by at least one spacing, so consecutive positions p, p+1 < p_F − 1 always get different
/// angles; above it the angle advances by less than a spacing and consecutive positions start to
/// share one angle — they can no longer be told apart by this pair (the first such p lies
/// between p_F − 1 and 4·p_F; tests check it by brute force). p_F lies in (2^m, 2^(m+1)] for m
/// fraction bits: ~1000–2048 in float16, ~128–256 in bfloat16, ~8–17 million in float32,
/// whatever the pair. 0 when ω̃ rounds to zero (every position gets the same angle).
std::int64_t resolutionLimit(const EncodingSpec& spec, int pair, NumberFormat format);

/// The storage error of any table (a model's learned position table) in `format`:
/// |roundTo(v) − v| per value, +infinity where the format overflows. out (bins × columns) row b
/// is its mean over the table's rows in bin b (rows binStart(n, bins, b) … binStart(n, bins, b+1) − 1):
/// exact averages of whole rows.
void fillStorageErrorBins(Eigen::Ref<const RowMatrix> values, NumberFormat format, Eigen::Ref<RowMatrix> out);
/// The largest storage error over the columns, for each of the given rows of the table.
Eigen::VectorXd maxStorageErrorAtRows(Eigen::Ref<const RowMatrix> values, std::span<const std::int64_t> rows,
                                      NumberFormat format);

/// Largest |PE_format − PE_float64| over the columns, for each row of the spec (size max_len);
/// +infinity where the format yields no finite value.
Eigen::VectorXd maxErrorByRow(const EncodingSpec& spec, NumberFormat format, PrecisionMode mode);

} // namespace pe::core
