// SPDX-License-Identifier: MIT
#include "core/rotation.h"

#include "core/frequencies.h"

namespace pe::core {

namespace {

void requireOffset(const EncodingSpec& spec, std::int64_t position, std::int64_t offset)
{
    if (offset < -SpecLimits::maxFirstPosition || offset > SpecLimits::maxFirstPosition)
        throw SpecError("offset " + std::to_string(offset) + " is out of range");
    if (position < 0 || position + offset < 0)
        throw SpecError("position " + std::to_string(position) + " + offset " + std::to_string(offset)
                        + " must not be negative");
    requireValid(spec);
}

} // namespace

RowMatrix offsetRotation(const EncodingSpec& spec, std::int64_t offset)
{
    requireOffset(spec, 0, 0);
    if (auto error = matrixSizeError(spec.dModel, spec.dModel, "the rotation matrix"))
        throw SpecError(*error);
    RowMatrix m = RowMatrix::Zero(spec.dModel, spec.dModel);
    for (int k = 0; k < pairCount(spec); ++k) {
        const SinCos turn = accurateSinCos(angularFrequencyLong(spec, k), offset);
        const int s = sinColumn(spec, k), c = cosColumn(spec, k);
        m(s, s) = turn.cos;
        if (c < 0)
            continue;
        m(s, c) = turn.sin;
        m(c, s) = -turn.sin;
        m(c, c) = turn.cos;
    }
    if (hasZeroColumn(spec)) // tensor2tensor's zero column does not turn
        m(spec.dModel - 1, spec.dModel - 1) = 1.0;
    return m;
}

namespace {

/// (sin, cos) of a pair turned by `turn`: M_k's block [[cos, sin], [−sin, cos]] on (sin, cos).
SinCos turned(const SinCos& turn, double sinValue, double cosValue)
{
    return {turn.cos * sinValue + turn.sin * cosValue, -turn.sin * sinValue + turn.cos * cosValue};
}

} // namespace

SinCos rotatedPair(const EncodingSpec& spec, std::int64_t position, std::int64_t offset, int pair)
{
    requireOffset(spec, position, offset);
    const int s = pair >= 0 && pair < fullPairCount(spec) ? sinColumn(spec, pair) : -1;
    if (s < 0)
        throw SpecError("pair " + std::to_string(pair) + " has no (sin, cos) to turn; allowed: 0 to "
                        + std::to_string(fullPairCount(spec) - 1));
    const SinCos turn = accurateSinCos(angularFrequencyLong(spec, pair), offset);
    return turned(turn, encodingValue(spec, position, s), encodingValue(spec, position, cosColumn(spec, pair)));
}

Eigen::VectorXd rotatedEncoding(const EncodingSpec& spec, std::int64_t position, std::int64_t offset)
{
    requireOffset(spec, position, offset);
    const Eigen::VectorXd pe = encodingVector(spec, position);
    Eigen::VectorXd out = Eigen::VectorXd::Zero(spec.dModel); // tensor2tensor's odd d: the zero column stays 0
    for (int k = 0; k < pairCount(spec); ++k) {
        const SinCos turn = accurateSinCos(angularFrequencyLong(spec, k), offset);
        const int s = sinColumn(spec, k), c = cosColumn(spec, k);
        if (c < 0) {
            out[s] = turn.cos * pe[s];
            continue;
        }
        const SinCos pairTurned = turned(turn, pe[s], pe[c]);
        out[s] = pairTurned.sin;
        out[c] = pairTurned.cos;
    }
    return out;
}

double rotationResidual(const EncodingSpec& spec, std::int64_t position, std::int64_t offset)
{
    const Eigen::VectorXd rotated = rotatedEncoding(spec, position, offset);
    const Eigen::VectorXd target = encodingVector(spec, position + offset);
    double sum = 0.0;
    for (int k = 0; k < fullPairCount(spec); ++k) {
        const int s = sinColumn(spec, k), c = cosColumn(spec, k);
        sum += (rotated[s] - target[s]) * (rotated[s] - target[s]);
        sum += (rotated[c] - target[c]) * (rotated[c] - target[c]);
    }
    return std::sqrt(sum);
}

Eigen::VectorXd offsetDotProducts(const EncodingSpec& spec, std::int64_t offset,
                                  const Eigen::Ref<const Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1>>& positions)
{
    Eigen::VectorXd out(positions.size());
    for (Eigen::Index i = 0; i < positions.size(); ++i) {
        requireOffset(spec, positions[i], offset);
        out[i] = encodingVector(spec, positions[i]).dot(encodingVector(spec, positions[i] + offset));
    }
    return out;
}

} // namespace pe::core
