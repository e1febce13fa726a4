// SPDX-License-Identifier: MIT
#include "ui/document/offsetpart.h"

#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/rotation.h"

#include <algorithm>
#include <cmath>

namespace pe::ui {

ViewPartPtr buildOffsetPart(const PartInputs& in, const PartBefore&)
{
    auto part = std::make_shared<OffsetPart>();
    const core::EncodingSpec& spec = in.spec;
    const std::int64_t p = spec.firstPosition + in.state.position;
    const std::int64_t k = in.state.offset;
    part->pe = core::encodingVector(spec, p);
    part->peShifted = core::encodingVector(spec, p + k);
    part->rotated = core::rotatedEncoding(spec, p, k);
    part->residual = core::rotationResidual(spec, p, k);
    if (in.wholeCells) // a data export writes the three vectors only
        return part;
    // Each full pair's turn k·ω, and the step along its path, for the circles and their labels.
    const int fullPairs = core::fullPairCount(spec);
    part->turns.resize(fullPairs);
    part->pathSteps.resize(static_cast<std::size_t>(fullPairs));
    part->pairColumns.resize(static_cast<std::size_t>(fullPairs));
    const std::vector<long double>& omega = core::frequencyTable(spec);
    for (int pair = 0; pair < fullPairs; ++pair) {
        part->turns[pair] = core::encodingAngle(spec, k, pair);
        const core::SinCos step = core::accurateSinCos(omega[pair], static_cast<long double>(k) / (OffsetPart::pathPoints - 1));
        part->pathSteps[pair] = {step.cos, step.sin};
        part->pairColumns[pair] = {core::cosColumn(spec, pair), core::sinColumn(spec, pair)};
    }
    // PE(p)·PE(p+k) for rows whose shifted position stays ≥ 0. Each sample is two encodings of
    // d values: fewer samples for wide models (the line is flat, which is the point; 32 points
    // show that as well as 128).
    const std::int64_t firstRow = std::max<std::int64_t>(0, -(spec.firstPosition + k));
    const std::int64_t samples = std::clamp<std::int64_t>((std::int64_t{1} << 17) / spec.dModel, 32, FrameLimits::offsetDotSamples);
    part->dotRows = evenRows(firstRow, std::max<std::int64_t>(1, spec.maxLen - firstRow), samples);
    Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> positions(part->dotRows.size());
    for (int i = 0; i < part->dotRows.size(); ++i)
        positions[i] = spec.firstPosition + static_cast<std::int64_t>(part->dotRows[i]);
    const Eigen::VectorXd dots = core::offsetDotProducts(spec, k, positions);
    part->dots = QVector<double>(dots.data(), dots.data() + dots.size());
    return part;
}

QPolygonF OffsetPart::path(int pair) const
{
    if (pair < 0 || pair >= turns.size() || turns[pair] == 0 || std::abs(turns[pair]) > 2 * std::numbers::pi)
        return {};
    // PE(p)'s point turned by the step pathPoints − 1 times: a complex product each, not a sine.
    const auto [cosColumn, sinColumn] = pairColumns[static_cast<std::size_t>(pair)];
    const auto [stepCos, stepSin] = pathSteps[static_cast<std::size_t>(pair)];
    QPolygonF points;
    points.reserve(pathPoints);
    double x = pe[cosColumn], y = pe[sinColumn];
    for (int i = 0; i < pathPoints; ++i) {
        points << QPointF(x, y);
        const double turned = x * stepCos - y * stepSin;
        y = y * stepCos + x * stepSin;
        x = turned;
    }
    return points;
}

core::RowMatrix offsetPartData(const ViewPart& part)
{
    const auto& offset = static_cast<const OffsetPart&>(part);
    core::RowMatrix data(offset.pe.size(), 3);
    data.col(0) = offset.pe;
    data.col(1) = offset.peShifted;
    data.col(2) = offset.rotated;
    return data;
}

} // namespace pe::ui
