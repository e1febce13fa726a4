// SPDX-License-Identifier: MIT
#include "ui/document/ropemodeldata.h"

#include "core/precision.h"
#include "core/rope.h"
#include "ui/document/ropedata.h"
#include "ui/state/ropeoptions.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pe::ui {

namespace {

constexpr double twoPi = 2 * std::numbers::pi;

QVector<double> wavelengths(const Eigen::VectorXd& theta)
{
    QVector<double> out(theta.size());
    for (Eigen::Index k = 0; k < theta.size(); ++k)
        out[k] = twoPi / theta[k];
    return out;
}

} // namespace

RopeConfigResult resolveRopeModel(const QString& origin)
{
    return ropeModelFrom(origin);
}

RopeConfigResult resolveRopeComparison(const QString& origin, const core::RopeModel& model)
{
    if (origin == RopeOptions::noScaling)
        return {core::withoutScaling(model), {}};
    return ropeModelFrom(origin);
}

QString ropeOriginLabel(const QString& origin)
{
    if (auto model = libraryModel(origin))
        return QString::fromStdString(model->name);
    const QFileInfo info(origin);
    return info.fileName() == QLatin1String("config.json") ? info.dir().dirName() : info.fileName();
}

Eigen::VectorXd ropeComparisonPositions(const core::RopeModel& a, const core::RopeModel& b)
{
    // Queries at positions 0 … context − 1 of the longer context.
    Eigen::VectorXd positions = core::comparisonPositions(std::max(core::ropeModelMaxContext(a), core::ropeModelMaxContext(b)) - 1, 8);
    // The last position of each original context too: "agrees up to there" reads off exactly.
    std::vector<double> all(positions.data(), positions.data() + positions.size());
    for (const core::RopeModel* m : {&a, &b})
        if (const double last = core::ropeModelOriginalContext(*m) - 1; last >= 1 && last < all.back())
            all.push_back(last);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return Eigen::Map<Eigen::VectorXd>(all.data(), static_cast<Eigen::Index>(all.size()));
}

std::shared_ptr<const RopeModelCurves> ropeModelCurves(const RopeOptions& options)
{
    if (options.model.isEmpty())
        return nullptr;
    auto c = std::make_shared<RopeModelCurves>();
    RopeConfigResult read = resolveRopeModel(options.model);
    if (!read.model) {
        c->error = read.error;
        return c;
    }
    c->model = *read.model;
    const core::RopeModel& m = c->model;
    const int pairs = core::ropeModelPairs(m);
    c->pairs.resize(pairs);
    for (int k = 0; k < pairs; ++k)
        c->pairs[k] = k;
    c->unscaledWavelength = wavelengths(core::ropeModelUnscaledFrequencies(m));
    c->originalWavelength = wavelengths(core::ropeModelThetaOriginal(m));
    const Eigen::VectorXd thetaMax = core::ropeModelThetaMax(m);
    c->maxWavelength = wavelengths(thetaMax);
    for (int k = 0; k < pairs; ++k) {
        c->treatment.push_back(core::ropePairTreatment(m, k));
        ++c->treatmentCounts[static_cast<std::size_t>(c->treatment.back())];
    }
    if (m.localBase) { // the sliding-window layers: the plain frequencies of the local base
        core::RopeModel local = core::withoutScaling(m);
        local.base = *m.localBase;
        c->localWavelength = wavelengths(core::ropeModelUnscaledFrequencies(local));
    }
    c->originalContext = core::ropeModelOriginalContext(m);
    c->maxContext = core::ropeModelMaxContext(m);
    c->attention = core::ropeModelAttentionScaling(m);
    c->softmaxScale = core::ropeModelSoftmaxScale(m);
    // A fixed random q and k (the RoPE view's demo vectors), the distances of the original context up to 4096.
    c->pairingDistances = static_cast<int>(std::min(4096.0, c->originalContext - 1));
    c->pairingMismatch = core::pairingMismatchCosine(ropeDemoVector(m.rotaryDim, 1), ropeDemoVector(m.rotaryDim, 2),
                                                     core::ropeModelThetaOriginal(m), m.pairing, c->pairingDistances);
    const std::array<int, 3> storedBits{7, 10, 23}; // bfloat16, float16, float32
    for (std::size_t f = 0; f < storedBits.size(); ++f)
        c->firstCollidingId[f] = core::firstCollidingPosition(storedBits[f]);
    for (Eigen::Index k = 0; k < thetaMax.size(); ++k)
        c->float32AngleErrorAtLast = std::max(c->float32AngleErrorAtLast, core::float32AngleError(c->maxContext - 1, thetaMax[k]));
    if (options.precisionBelow) { // only when drawn: up to 2^21 positions × pairs × 3 formats
        const std::array formats{core::NumberFormat::Float32, core::NumberFormat::BFloat16, core::NumberFormat::Float16};
        for (std::size_t f = 0; f < formats.size(); ++f) {
            const core::AngleErrorBins bins = core::positionAngleErrors(thetaMax, c->maxContext, 512, formats[f]);
            c->precisionKeys = QVector<double>(bins.keys.data(), bins.keys.data() + bins.keys.size());
            c->precisionError[f] = QVector<double>(bins.error.data(), bins.error.data() + bins.error.size());
            // An infinite error: some ids round to infinity. The first one, for the legend.
            if (std::any_of(bins.error.begin(), bins.error.end(), [](double e) { return std::isinf(e); })) {
                double unheld = 1024;
                while (std::isfinite(core::roundTo(unheld, formats[f])) && unheld <= c->maxContext)
                    ++unheld;
                c->firstUnheldId[f] = unheld;
            }
        }
    }
    if (!options.compare.isEmpty()) {
        RopeConfigResult other = resolveRopeComparison(options.compare, m);
        if (!other.model)
            c->error = other.error;
        else {
            c->other = *other.model;
            c->otherWavelength = wavelengths(core::ropeModelThetaMax(*c->other));
            c->comparison = core::compareRopeModels(m, *c->other, ropeComparisonPositions(m, *c->other));
        }
    }
    double lowest = c->maxContext, highest = c->maxContext;
    for (const QVector<double>* curve : {&c->unscaledWavelength, &c->originalWavelength, &c->maxWavelength, &c->otherWavelength,
                                         &c->localWavelength})
        for (double v : *curve) {
            lowest = std::min(lowest, v);
            highest = std::max(highest, v);
        }
    c->lowestWavelength = std::min(lowest, c->originalContext);
    c->highestWavelength = highest;
    // RoFormer's bound of q·k at the longest context's frequencies at every distance up to it
    // (2^21 evenly spaced ones beyond that), then each of 1024 bins the exact mean of the
    // distances it covers: the bound swings from one distance to the next, and samples of it
    // drew a pattern that is not there.
    const auto distances = static_cast<Eigen::Index>(std::clamp(c->maxContext, 2.0, 2097152.0));
    const double spacing = c->maxContext > distances ? c->maxContext / static_cast<double>(distances) : 1.0;
    const Eigen::VectorXd all = core::rotaryDecayBound(thetaMax, Eigen::VectorXd::LinSpaced(distances, 0.0, spacing * static_cast<double>(distances - 1)));
    const Eigen::Index bins = std::min<Eigen::Index>(1024, distances);
    for (Eigen::Index b = 0; b < bins; ++b) {
        const Eigen::Index first = b * distances / bins, end = (b + 1) * distances / bins;
        c->decayKeys << spacing * 0.5 * static_cast<double>(first + end - 1);
        c->decayBound << all.segment(first, end - first).mean();
        c->highestDecayBound = std::max(c->highestDecayBound, c->decayBound.back());
    }
    return c;
}

QStringList ropeModelColumns()
{
    return {QStringLiteral("k"), QStringLiteral("theta_original"), QStringLiteral("theta_max"), QStringLiteral("attention_factor")};
}

core::RowMatrix ropeModelTable(const core::RopeModel& model)
{
    const Eigen::VectorXd original = core::ropeModelThetaOriginal(model), longest = core::ropeModelThetaMax(model);
    core::RowMatrix table(original.size(), 4);
    for (Eigen::Index k = 0; k < original.size(); ++k)
        table.row(k) << static_cast<double>(k), original[k], longest[k], core::ropeModelAttentionScaling(model);
    return table;
}

QStringList ropeComparisonColumns(int pairs)
{
    QStringList columns{QStringLiteral("position"), QStringLiteral("query_cosine"), QStringLiteral("score_cosine")};
    for (int k = 0; k < pairs; ++k)
        columns << QStringLiteral("angle_difference_%1").arg(k);
    return columns;
}

core::RowMatrix ropeComparisonTable(const core::RopeComparison& c)
{
    core::RowMatrix table(c.positions.size(), 3 + c.pairs);
    table.col(0) = c.positions;
    table.col(1) = c.queryCosine;
    table.col(2) = c.scoreCosine;
    table.rightCols(c.pairs) = c.angleDifference;
    return table;
}

} // namespace pe::ui
