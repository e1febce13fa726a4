// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"

#include <Eigen/Core>

#include <memory>
#include <vector>

namespace pe::core {

/// ω_k for each pair k = 0…P−1 (size ⌈d/2⌉), decreasing from 1.
Eigen::VectorXd angularFrequencies(const EncodingSpec& spec);

/// λ_k = 2π/ω_k for each pair (size ⌈d/2⌉): a geometric progression from 2π upwards.
Eigen::VectorXd wavelengths(const EncodingSpec& spec);

/// ω_k for every pair in extended precision, the source of every angle the core evaluates.
/// The reference stays valid until the calling thread asks for another spec's table.
const std::vector<long double>& frequencyTable(const EncodingSpec& spec);

/// ω_k in extended precision, the source of every angle the core evaluates.
long double angularFrequencyLong(const EncodingSpec& spec, int pair);

/// The angle position·ω_k whose sine or cosine the encoding holds (for formulas shown to people).
double encodingAngle(const EncodingSpec& spec, std::int64_t position, int pair);

struct SinCos {
    double sin = 0.0;
    double cos = 1.0;
};

/// sin and cos of (multiple · ω_k), with the angle formed in extended precision so that the
/// result stays within a few 1e−16 even for multiples near 10^6 and beyond.
SinCos accurateSinCos(long double omega, long double multiple);

/// sin and cos of multiple·ω[k] for k < n, ω[k] = high[k] + low[k] (low null for zeros): four
/// at a time by simd::sinCosOfProducts, the product formed exactly, each value within two ulps
/// of its exact sine; the rare angles past its range (2^50) through accurateSinCos; NaN where
/// the product is not finite. What every caller of the vector kernel goes through.
void sinCosOfMultiples(const double* high, const double* low, double multiple, double* sinOut, double* cosOut,
                       std::size_t n);

/// sin and cos of multiple·ω_k for every pair k of a spec (sinOut and cosOut: pairCount(spec)
/// each), four pairs at a time (sinCosOfMultiples): the product formed exactly from the
/// same extended-precision ω_k, each value within an ulp or two of its exact sine. A few 1e−16
/// from accurateSinCos, which rounds the angle to 64 bits (up to 3e−14 at angles of 10^6).
void accurateSinCosOfPairs(const EncodingSpec& spec, double multiple, double* sinOut, double* cosOut);

/// sin and cos of multiple·ω_k for every pair k of a spec, each as accurateSinCos gives it: the
/// tables a frame's closed-form box averages are built from (the Dirichlet factors of a bin's
/// size, the turn from one bin to the next). Shared by every thread for the last 64
/// (frequencies, multiple) asked for and computed once each: a frame's parts and their
/// threads ask for the same few, since their bins have the same sizes and steps.
struct SinCosTable {
    std::vector<double> sin, cos;
};
std::shared_ptr<const SinCosTable> sinCosTable(const EncodingSpec& spec, long double multiple);

} // namespace pe::core
