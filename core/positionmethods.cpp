// SPDX-License-Identifier: MIT
#include "core/positionmethods.h"

#include "core/tokenembedding.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::core {

namespace {

constexpr std::array<std::string_view, 5> methodKeys{"alibi", "t5", "shaw", "transformer-xl", "nope"};

/// get_slopes_power_of_2(n) of the ALiBi authors: 2^(−8/n), 2^(−16/n), … 2^(−8).
void powerOfTwoSlopes(int n, Eigen::VectorXd& out, int from)
{
    for (int h = 1; h <= n; ++h)
        out[from + h - 1] = std::exp2(-8.0 * h / n);
}

constexpr double masked = -std::numeric_limits<double>::infinity();

} // namespace

std::string_view positionMethodKey(PositionMethod method)
{
    return methodKeys[static_cast<std::size_t>(method)];
}

std::optional<PositionMethod> parsePositionMethod(std::string_view key)
{
    for (PositionMethod method : allPositionMethods)
        if (positionMethodKey(method) == key)
            return method;
    return std::nullopt;
}

std::optional<std::string> positionMethodValidationError(const PositionMethodSpec& s)
{
    const auto number = [](auto v) { return std::to_string(v); };
    if (s.heads < 1 || s.heads > 1024)
        return "heads " + number(s.heads) + " is out of range; allowed: 1 to 1024";
    if (s.head < 0 || s.head > s.heads)
        return "head " + number(s.head) + " is out of range; allowed: 1 to " + number(s.heads) + " (0: the mean over heads)";
    if (s.numBuckets < 4 || s.numBuckets > 1024)
        return "num_buckets " + number(s.numBuckets) + " is out of range; allowed: 4 to 1024";
    if (s.maxDistance < s.numBuckets || s.maxDistance > 1000000)
        return "max_distance " + number(s.maxDistance) + " is out of range; allowed: num_buckets (" + number(s.numBuckets)
            + ") to 1000000";
    if (s.clip < 1 || s.clip > 1024)
        return "clip " + number(s.clip) + " is out of range; allowed: 1 to 1024";
    if (s.dModel < 1 || s.dModel > 8192)
        return "d_model " + number(s.dModel) + " is out of range; allowed: 1 to 8192";
    if (!std::isfinite(s.base) || s.base <= 1.0)
        return "base " + std::to_string(s.base) + " is out of range; allowed: a finite number above 1";
    return std::nullopt;
}

Eigen::VectorXd alibiSlopes(int heads)
{
    Eigen::VectorXd slopes(std::max(heads, 0));
    if (heads <= 0)
        return slopes;
    int power = 1;
    while (power * 2 <= heads)
        power *= 2;
    powerOfTwoSlopes(power, slopes, 0);
    // The rest: every second slope of the next power of two, 2^(−8(2j+1)/(2P)), j = 0, 1, …
    for (int j = 0; power + j < heads; ++j)
        slopes[power + j] = std::exp2(-8.0 * (2 * j + 1) / (2 * power));
    return slopes;
}

int t5RelativeBucket(std::int64_t relativePosition, bool bidirectional, int numBuckets, int maxDistance)
{
    int buckets = numBuckets;
    int bucket = 0;
    std::int64_t distance = 0;
    if (bidirectional) {
        buckets /= 2;
        if (relativePosition > 0)
            bucket += buckets;
        distance = relativePosition < 0 ? -relativePosition : relativePosition;
    } else {
        distance = -std::min<std::int64_t>(relativePosition, 0);
    }
    const int maxExact = buckets / 2;
    if (distance < maxExact)
        return bucket + static_cast<int>(distance);
    // Every step in float32, as torch does it: relative_position.float() / max_exact, its log,
    // divided by math.log(max_distance / max_exact) and times (num_buckets − max_exact), then
    // truncated (.to(torch.long)). Ties (distance 16 of 8 … 128) come out exact this way.
    const float ratio = static_cast<float>(distance) / static_cast<float>(maxExact);
    const float logSpan = static_cast<float>(std::log(static_cast<double>(maxDistance) / maxExact));
    const float scaled = std::log(ratio) / logSpan * static_cast<float>(buckets - maxExact);
    const std::int64_t large = std::min<std::int64_t>(maxExact + static_cast<std::int64_t>(scaled), buckets - 1);
    return bucket + static_cast<int>(large);
}

std::int64_t shawClippedDistance(std::int64_t relativePosition, int clip)
{
    return std::clamp<std::int64_t>(relativePosition, -clip, clip);
}

Eigen::VectorXd transformerXlRelativeEncoding(double distance, int dModel, double base)
{
    Eigen::VectorXd r(std::max(dModel, 0));
    const int sines = (dModel + 1) / 2;
    for (int k = 0; k < sines; ++k) {
        const double angle = distance * std::pow(base, -2.0 * k / dModel);
        r[k] = std::sin(angle);
        if (sines + k < dModel)
            r[sines + k] = std::cos(angle);
    }
    return r;
}

MethodVectors methodVectors(const PositionMethodSpec& spec)
{
    MethodVectors v;
    v.t5Bias = pseudoRandomWordVector("t5 bucket bias", spec.numBuckets) * std::sqrt(double(spec.numBuckets));
    v.xlQuery = pseudoRandomWordVector("transformer-xl query", spec.dModel) * std::sqrt(double(spec.dModel));
    v.xlV = pseudoRandomWordVector("transformer-xl v", spec.dModel) * std::sqrt(double(spec.dModel));
    return v;
}

double positionMethodScore(PositionMethod method, const PositionMethodSpec& spec, const MethodVectors& vectors,
                           std::int64_t query, std::int64_t key)
{
    const std::int64_t relative = key - query; // j − i
    const bool future = key > query;
    switch (method) {
    case PositionMethod::Alibi: {
        if (spec.causal && future)
            return masked;
        const Eigen::VectorXd slopes = alibiSlopes(spec.heads);
        const double slope = spec.head >= 1 && spec.head <= spec.heads ? slopes[spec.head - 1] : slopes.mean();
        return -slope * static_cast<double>(relative < 0 ? -relative : relative);
    }
    case PositionMethod::T5Buckets: {
        if (!spec.bidirectional && future)
            return masked;
        const int bucket = t5RelativeBucket(relative, spec.bidirectional, spec.numBuckets, spec.maxDistance);
        return bucket < vectors.t5Bias.size() ? vectors.t5Bias[bucket] : 0.0;
    }
    case PositionMethod::Shaw:
        if (spec.causal && future)
            return masked;
        return static_cast<double>(shawClippedDistance(relative, spec.clip));
    case PositionMethod::TransformerXl: {
        if (spec.causal && future)
            return masked;
        const Eigen::VectorXd r = transformerXlRelativeEncoding(static_cast<double>(query - key), spec.dModel, spec.base);
        return (vectors.xlQuery + vectors.xlV).dot(r);
    }
    case PositionMethod::NoPe:
        return future ? masked : 0.0;
    }
    return 0.0;
}

Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>
positionMethodMatrix(PositionMethod method, const PositionMethodSpec& spec, std::int64_t firstQuery, std::int64_t rows,
                     std::int64_t firstKey, std::int64_t columns)
{
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> out(std::max<std::int64_t>(rows, 0),
                                                                                 std::max<std::int64_t>(columns, 0));
    const MethodVectors vectors = methodVectors(spec);
    // Every method depends on j − i only: one score per distinct offset, then copied.
    const std::int64_t lowest = firstKey - (firstQuery + rows - 1), highest = firstKey + columns - 1 - firstQuery;
    Eigen::VectorXd byOffset(std::max<std::int64_t>(highest - lowest + 1, 0));
    for (std::int64_t offset = lowest; offset <= highest; ++offset)
        byOffset[offset - lowest] = positionMethodScore(method, spec, vectors, 0, offset);
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < columns; ++c)
            out(r, c) = byOffset[(firstKey + c) - (firstQuery + r) - lowest];
    return out;
}

} // namespace pe::core
