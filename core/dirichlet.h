// SPDX-License-Identifier: MIT
#pragma once

#include "core/frequencies.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pe::core {

/// The Dirichlet kernel D_n(ω) = Σ_{p<n} e^{ipω} / e^{i(n−1)ω/2} = sin(nω/2) / sin(ω/2) for the
/// first `count` frequencies of `omega` (n where ω is a whole number of turns): the sum of n
/// consecutive positions' cosines about their centre. Every closed-form box average uses it
/// (the heatmap's rows, the similarity's blocks and its profile's bins).
inline std::vector<double> dirichletKernel(const std::vector<long double>& omega, std::int64_t n, std::size_t count)
{
    std::vector<double> d(count);
    const auto whole = static_cast<long double>(n);
    for (std::size_t k = 0; k < count; ++k) {
        const double halfSin = accurateSinCos(omega[k], 0.5L).sin;
        d[k] = halfSin != 0.0 ? accurateSinCos(omega[k], whole / 2).sin / halfSin : static_cast<double>(whole);
    }
    return d;
}

} // namespace pe::core
