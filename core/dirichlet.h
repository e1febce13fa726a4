// SPDX-License-Identifier: MIT
#pragma once

#include "core/frequencies.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pe::core {

/// The Dirichlet kernel D_n(ω) = Σ_{p<n} e^{ipω} / e^{i(n−1)ω/2} = sin(nω/2) / sin(ω/2) for the
/// first `count` pairs of `spec` (n where ω is a whole number of turns): the sum of n
/// consecutive positions' cosines about their centre. Every closed-form box average uses it
/// (the heatmap's rows, the similarity's blocks and its profile's bins).
inline std::vector<double> dirichletKernel(const EncodingSpec& spec, std::int64_t n, std::size_t count)
{
    const auto whole = static_cast<long double>(n);
    const auto half = sinCosTable(spec, 0.5L), nHalves = sinCosTable(spec, whole / 2);
    std::vector<double> d(count);
    for (std::size_t k = 0; k < count; ++k)
        d[k] = half->sin[k] != 0.0 ? nHalves->sin[k] / half->sin[k] : static_cast<double>(whole);
    return d;
}

} // namespace pe::core
