// SPDX-License-Identifier: MIT
#include "ui/ropedata.h"

#include <numbers>

namespace pe::ui {

core::RopeScalingSpec ropeScalingFromOptions(const QVariantMap& options)
{
    core::RopeScalingSpec spec;
    spec.scale = options.value(QLatin1String(ropeKeys::scale), spec.scale).toDouble();
    spec.originalLength = options.value(QLatin1String(ropeKeys::originalLength), spec.originalLength).toDouble();
    return spec;
}

core::RowMatrix ropeBandTable(const core::EncodingSpec& spec, const core::RopeScalingSpec& scaling)
{
    const Eigen::VectorXd theta = core::ropeFrequencies(spec.dModel, spec.base);
    core::RowMatrix table(theta.size(), ropeBandColumns);
    table.col(0) = Eigen::VectorXd::LinSpaced(theta.size(), 0, static_cast<double>(theta.size() - 1));
    table.col(1) = theta;
    int column = 2;
    for (core::RopeScaling method : core::allRopeScalings)
        table.col(column++) = (2 * std::numbers::pi) / core::scaledRopeFrequencies(spec.dModel, spec.base, method, scaling).array();
    for (Eigen::Index k = 0; k < theta.size(); ++k)
        table(k, column) = core::yarnRamp(scaling.originalLength * theta[k] / (2 * std::numbers::pi), scaling.alpha, scaling.beta);
    return table;
}

} // namespace pe::ui
