// SPDX-License-Identifier: MIT
#include "ui/document/ropedata.h"
#include "ui/state/ropeoptions.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace pe::ui {

namespace {

constexpr double twoPi = 2 * std::numbers::pi;
/// The decay curve evaluates (pairs × samples) terms per method: a sin, a cos and a square root
/// each. 2·10⁵ per curve is ~5 ms, and still ≥ 1.5 samples per pixel of the plot up to d_model 512.
constexpr double decayBudget = 2e5;

/// A fixed query and key for the relative-score check: any vectors show it, fixed ones keep
/// the numbers the same from run to run.
Eigen::VectorXd demoVector(int d, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal;
    Eigen::VectorXd v(d);
    for (int i = 0; i < d; ++i)
        v[i] = normal(rng);
    return v;
}

} // namespace

Eigen::VectorXd ropeDemoVector(int d, unsigned seed)
{
    return demoVector(d, seed);
}

namespace {

int index(core::RopeScaling scaling) { return static_cast<int>(scaling); }

void computeDecay(RopeCurves& c, std::int64_t maxLen)
{
    const auto pairs = static_cast<int>(c.theta.size());
    // Every integer distance up to max_len where that is cheap; otherwise samples spread evenly
    // (on the log axis: evenly in log distance) — the bound is smooth on that scale.
    const auto wanted = static_cast<std::int64_t>(std::clamp(decayBudget / std::max(pairs, 1), 128.0, 4096.0));
    const std::int64_t last = std::max<std::int64_t>(maxLen - 1, 1);
    std::vector<double> whole;
    if (c.logarithmic) {
        const std::int64_t steps = std::min(wanted, last);
        for (std::int64_t i = 0; i < steps; ++i) {
            const double t = steps > 1 ? double(i) / double(steps - 1) : 0.0;
            whole.push_back(std::round(std::pow(static_cast<double>(last), t)));
        }
        whole.erase(std::unique(whole.begin(), whole.end()), whole.end()); // log steps round to the same small distances
    } else {
        // Whole distances a whole step apart (core turns each term by the step: no sin or cos).
        const std::int64_t step = std::max<std::int64_t>(1, (last + wanted - 2) / std::max<std::int64_t>(wanted - 1, 1));
        for (std::int64_t r = 0; r <= last; r += step)
            whole.push_back(static_cast<double>(r));
    }
    const auto samples = static_cast<Eigen::Index>(whole.size());
    const Eigen::VectorXd distances = Eigen::Map<const Eigen::VectorXd>(whole.data(), samples);
    c.decayKeys = QVector<double>(distances.data(), distances.data() + samples);
    for (core::RopeScaling method : RopeCurves::decayMethods) {
        const Eigen::VectorXd bound = core::rotaryDecayBound(c.scaledTheta[index(method)], distances);
        c.decayBounds[index(method)] = QVector<double>(bound.data(), bound.data() + samples);
        c.decayHighest = std::max(c.decayHighest, bound.maxCoeff());
    }
}

} // namespace

core::RopeScalingSpec ropeScalingOf(const RopeOptions& options)
{
    core::RopeScalingSpec spec;
    spec.scale = options.scale;
    spec.originalLength = options.originalLength;
    spec.sequenceLength = options.sequenceLength;
    spec.truncate = options.yarnTruncate;
    spec.lowFrequencyFactor = options.lowFrequencyFactor;
    spec.highFrequencyFactor = options.highFrequencyFactor;
    return spec;
}

RopeCurves ropeCurves(const core::EncodingSpec& spec, const RopeOptions& options, const RopeCurves* previous)
{
    RopeCurves c;
    // A real model's curves (and its comparison, the costly part) follow the model's own
    // config, not the spec's sliders: kept while the model and the comparison stay.
    c.modelOrigins = {options.model, options.compare + (options.precisionBelow ? QStringLiteral("|precision") : QString())};
    c.model = previous && previous->modelOrigins == c.modelOrigins ? previous->model : ropeModelCurves(options);
    c.scaling = ropeScalingOf(options);
    if (const auto error = core::ropeValidationError(spec.dModel, spec.base, c.scaling)) {
        c.error = QString::fromStdString(*error);
        return c;
    }
    const int pairs = core::ropePairCount(spec.dModel);
    c.theta = core::ropeFrequencies(spec.dModel, spec.base);
    c.pairs.resize(pairs);
    for (int k = 0; k < pairs; ++k)
        c.pairs[k] = k;
    c.lowestWavelength = twoPi;
    c.highestWavelength = c.scaling.scale * c.scaling.originalLength;
    for (core::RopeScaling method : core::allRopeScalings) {
        const Eigen::VectorXd& theta = c.scaledTheta[index(method)] = core::scaledRopeFrequencies(spec.dModel, spec.base, method, c.scaling);
        QVector<double>& lambda = c.wavelength[index(method)];
        lambda.resize(pairs);
        for (int k = 0; k < pairs; ++k) {
            lambda[k] = twoPi / theta[k];
            c.lowestWavelength = std::min(c.lowestWavelength, lambda[k]);
            c.highestWavelength = std::max(c.highestWavelength, lambda[k]);
        }
    }
    c.logarithmic = options.logDistance && spec.maxLen > 2;
    computeDecay(c, spec.maxLen);
    c.ntkBase = core::ntkAwareBase(spec.base, spec.dModel, c.scaling.scale);
    c.yarnFactor = core::yarnAttentionFactor(c.scaling.scale);
    c.dynamicNtkBase = core::dynamicNtkBase(spec.base, spec.dModel, c.scaling.scale, c.scaling.sequenceLength,
                                            c.scaling.originalLength);
    c.yarnRange = core::yarnCorrectionRange(spec.dModel, spec.base, c.scaling);
    c.turnsInOriginal.resize(pairs);
    c.yarnRamp.resize(pairs);
    for (int k = 0; k < pairs; ++k) {
        c.turnsInOriginal[k] = c.scaling.originalLength * c.theta[k] / twoPi;
        c.yarnRamp[k] = core::yarnRamp(c.turnsInOriginal[k], c.scaling.alpha, c.scaling.beta);
    }
    return c;
}

bool ropeCurvesDiffer(const core::EncodingSpec& a, const RopeOptions& ra, const core::EncodingSpec& b, const RopeOptions& rb)
{
    // The curves read d_model, base and max_len of the spec (not its layout or first position).
    return a.dModel != b.dModel || a.base != b.base || a.maxLen != b.maxLen || !(ra == rb);
}

RopeScores ropeScores(const core::EncodingSpec& spec, const ViewState& state)
{
    RopeScores s;
    if (core::ropePairCount(spec.dModel) < 1)
        return s;
    const Eigen::VectorXd theta = core::ropeFrequencies(spec.dModel, spec.base);
    const Eigen::VectorXd q = ropeDemoVector(spec.dModel, 1), key = ropeDemoVector(spec.dModel, 2);
    s.n = spec.firstPosition + state.position;
    s.m = s.n + state.offset;
    s.score = core::rotaryScore(q, key, double(s.m), double(s.n), theta);
    s.shifted = core::rotaryScore(q, key, double(s.m + RopeScores::shift), double(s.n + RopeScores::shift), theta);
    return s;
}

core::RowMatrix ropeBandTable(const core::EncodingSpec& spec, const core::RopeScalingSpec& scaling)
{
    const Eigen::VectorXd theta = core::ropeFrequencies(spec.dModel, spec.base);
    core::RowMatrix table(theta.size(), ropeBandColumns);
    table.col(0) = Eigen::VectorXd::LinSpaced(theta.size(), 0, static_cast<double>(theta.size() - 1));
    table.col(1) = theta;
    using core::RopeScaling;
    const auto wavelengthColumn = [&](int column, RopeScaling method) {
        table.col(column) = twoPi / core::scaledRopeFrequencies(spec.dModel, spec.base, method, scaling).array();
    };
    wavelengthColumn(2, RopeScaling::None);
    wavelengthColumn(3, RopeScaling::PositionInterpolation);
    wavelengthColumn(4, RopeScaling::NtkAware);
    wavelengthColumn(5, RopeScaling::Yarn);
    for (Eigen::Index k = 0; k < theta.size(); ++k)
        table(k, 6) = core::yarnRamp(scaling.originalLength * theta[k] / twoPi, scaling.alpha, scaling.beta);
    wavelengthColumn(7, RopeScaling::DynamicNtk);
    const Eigen::VectorXd reference = core::scaledRopeFrequencies(spec.dModel, spec.base, RopeScaling::YarnReference, scaling);
    table.col(8) = twoPi / reference.array();
    wavelengthColumn(9, RopeScaling::Llama3);
    // The reference ramp in the same sense as γ: where θ' lies between θ/s (0) and θ (1).
    const double s = scaling.scale;
    for (Eigen::Index k = 0; k < theta.size(); ++k)
        table(k, 10) = s > 1 ? (reference[k] - theta[k] / s) / (theta[k] - theta[k] / s) : 1.0;
    table.col(11).setConstant(core::ropeAttentionFactor(RopeScaling::Yarn, scaling));
    return table;
}

} // namespace pe::ui
