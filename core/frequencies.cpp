// SPDX-License-Identifier: MIT
#include "core/frequencies.h"

#include <cmath>
#include <numbers>

namespace pe::core {

long double angularFrequencyLong(const EncodingSpec& spec, int pair)
{
    requireValid(spec);
    // base^(−x) = exp(−x·log base): the same number the documents' code forms in log space.
    const long double logBase = std::log(static_cast<long double>(spec.base));
    long double exponent = 0.0L;
    if (spec.frequencies == FrequencyRule::Paper) {
        exponent = 2.0L * pair / spec.dModel;
    } else {
        // tensor2tensor: log_timescale_increment = log(base) / max(num_timescales − 1, 1).
        const int steps = std::max(pairCount(spec) - 1, 1);
        exponent = static_cast<long double>(pair) / steps;
    }
    return std::exp(-exponent * logBase);
}

Eigen::VectorXd angularFrequencies(const EncodingSpec& spec)
{
    requireValid(spec);
    Eigen::VectorXd omega(pairCount(spec));
    for (int k = 0; k < omega.size(); ++k)
        omega[k] = static_cast<double>(angularFrequencyLong(spec, k));
    return omega;
}

Eigen::VectorXd wavelengths(const EncodingSpec& spec)
{
    requireValid(spec);
    Eigen::VectorXd lambda(pairCount(spec));
    for (int k = 0; k < lambda.size(); ++k)
        lambda[k] = static_cast<double>(2.0L * std::numbers::pi_v<long double> / angularFrequencyLong(spec, k));
    return lambda;
}

double encodingAngle(const EncodingSpec& spec, std::int64_t position, int pair)
{
    if (pair < 0 || pair >= pairCount(spec))
        throw SpecError("pair " + std::to_string(pair) + " is out of range");
    return static_cast<double>(position * angularFrequencyLong(spec, pair));
}

SinCos accurateSinCos(long double omega, long double multiple)
{
    const long double angle = multiple * omega;
    return {static_cast<double>(std::sin(angle)), static_cast<double>(std::cos(angle))};
}

} // namespace pe::core
