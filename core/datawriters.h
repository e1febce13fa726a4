// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <string>

namespace pe::core {

/// The header of a NumPy format 1.0 file holding a little-endian float64, C-order array of
/// rows × cols. The rows follow as produced by appendNpyRows, so large arrays can be streamed.
std::string npyHeader(std::int64_t rows, std::int64_t cols);

/// Appends the block's values as little-endian float64, row after row.
void appendNpyRows(std::string& out, const Eigen::Ref<const RowMatrix>& block);

/// Appends the block as comma-separated lines, each value in the shortest form that reads back
/// to the identical double.
void appendCsvRows(std::string& out, const Eigen::Ref<const RowMatrix>& block);

} // namespace pe::core
