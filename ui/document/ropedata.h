// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/rope.h"
#include "ui/document/ropemodeldata.h"
#include "ui/state/viewstate.h"
#include "ui/state/ropeoptions.h"

#include <QString>
#include <QVector>

#include <array>

namespace pe::ui {

/// The core's scaling parameters for the view's options (α and β at YaRN's defaults).
core::RopeScalingSpec ropeScalingOf(const RopeOptions& options);

/// What the RoPE view draws for one spec and one set of its options: computed in the frame
/// pipeline (off the GUI thread) and shared by later frames while those do not change.
struct RopeCurves {
    static constexpr std::size_t methodCount = core::allRopeScalings.size();
    /// The methods whose decay bound is drawn: the four that shape it differently (the deployed
    /// variants move single bands and leave the bound's shape as one of these).
    static constexpr std::array<core::RopeScaling, 4> decayMethods{
        core::RopeScaling::None, core::RopeScaling::PositionInterpolation, core::RopeScaling::NtkAware, core::RopeScaling::Yarn};
    core::RopeScalingSpec scaling;
    QString error;                                ///< why the options cannot be drawn; empty when fine
    Eigen::VectorXd theta;                        ///< θ_k with no scaling
    std::array<Eigen::VectorXd, methodCount> scaledTheta; ///< per core::RopeScaling
    QVector<double> pairs;                        ///< 0 … pairs − 1
    std::array<QVector<double>, methodCount> wavelength;  ///< 2π/θ per method
    double lowestWavelength = 0, highestWavelength = 0; ///< of all curves and both context lines
    bool logarithmic = false;                     ///< decay distances spread on a log scale
    QVector<double> decayKeys;                    ///< distances m − n
    std::array<QVector<double>, methodCount> decayBounds; ///< RoFormer's bound per method of decayMethods (others empty)
    double decayHighest = 0;
    double ntkBase = 0, yarnFactor = 0;
    double dynamicNtkBase = 0;             ///< base′ of dynamic NTK at the options' sequence length
    core::CorrectionRange yarnRange;       ///< the reference YaRN ramp's pair range
    QVector<double> turnsInOriginal;       ///< per pair: L_orig·θ_k/2π, the turns in the original context
    QVector<double> yarnRamp;              ///< per pair: YaRN's γ at those turns (1 keeps θ, 0 divides it by s)
    /// A real model's curves when the options name one (they do not read the spec); else null.
    std::shared_ptr<const RopeModelCurves> model;
    std::pair<QString, QString> modelOrigins; ///< the options' model and comparison the curves were made for
};
/// `previous` (may be null): its model curves are shared when the model and comparison are the same.
RopeCurves ropeCurves(const core::EncodingSpec& spec, const RopeOptions& options, const RopeCurves* previous = nullptr);
/// Do curves for `a` and `b` differ (spec and options)?
bool ropeCurvesDiffer(const core::EncodingSpec& a, const RopeOptions& ra, const core::EncodingSpec& b, const RopeOptions& rb);

/// The fixed query (seed 1) and key (seed 2) of the relative-score check and of the methods
/// view's RoPE scores: any vectors show the relative score, fixed ones keep the numbers.
Eigen::VectorXd ropeDemoVector(int d, unsigned seed);

/// The relative-score check under the RoPE view's controls: a fixed random q and k scored at
/// m = n + offset, n = position, and again 1000 positions later.
struct RopeScores {
    std::int64_t m = 0, n = 0;
    double score = 0, shifted = 0;
    static constexpr std::int64_t shift = 1000;
};
RopeScores ropeScores(const core::EncodingSpec& spec, const ViewState& state);

/// The RoPE data export, one row per rotated pair k (shape (⌊d/2⌋, ropeBandColumns)):
/// k, θ_k, then the wavelength 2π/θ of the pair with no scaling, PI, NTK-aware and YaRN (paper),
/// then YaRN's ramp γ_k (0 = interpolated like PI, 1 = kept) — the first seven columns as before —
/// then the wavelengths of dynamic NTK, YaRN (reference) and Llama 3, the reference ramp
/// (1 = kept) and YaRN's attention factor (the same on every row; 1 for the other methods).
inline constexpr int ropeBandColumns = 12;
core::RowMatrix ropeBandTable(const core::EncodingSpec& spec, const core::RopeScalingSpec& scaling);

} // namespace pe::ui
