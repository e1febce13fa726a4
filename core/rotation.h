// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/frequencies.h"

namespace pe::core {

/// M_k: the d × d block-diagonal matrix, in the spec's column order, that takes PE(p) to
/// PE(p+k) for every p. Pair j contributes [[cos kω_j, sin kω_j], [−sin kω_j, cos kω_j]] acting
/// on (sin, cos). The unpaired sine of an odd d has no cosine to rotate with; its diagonal
/// entry is cos(kω), and it is left out of the residual. Throws SpecError when d × d would not fit.
RowMatrix offsetRotation(const EncodingSpec& spec, std::int64_t offset);

/// M_k · PE(position) (size d), formed pair by pair without the d × d matrix.
Eigen::VectorXd rotatedEncoding(const EncodingSpec& spec, std::int64_t position, std::int64_t offset);
/// The same for one full pair alone: its (sin, cos) after the turn by k·ω (the formula panel's
/// last line, without the other d − 2 columns).
SinCos rotatedPair(const EncodingSpec& spec, std::int64_t position, std::int64_t offset, int pair);

/// ‖M_k·PE(p) − PE(p+k)‖ over the full pairs: ~1e−16 for the true encoding, whatever p and k.
double rotationResidual(const EncodingSpec& spec, std::int64_t position, std::int64_t offset);

/// PE(p)·PE(p+k) for each of the given absolute positions p, from the encoding vectors
/// themselves: flat in p for even d, which is the point of the whole construction.
Eigen::VectorXd offsetDotProducts(const EncodingSpec& spec, std::int64_t offset,
                                  const Eigen::Ref<const Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1>>& positions);

} // namespace pe::core
