// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/ropemodel.h"
#include "ui/modelfiles/ropeconfig.h"
#include "ui/state/ropeoptions.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <array>
#include <memory>

namespace pe::ui {

/// The model named by the RoPE view's options (a library key or a config.json path).
RopeConfigResult resolveRopeModel(const QString& origin);
/// What the model is compared with: a library key, a path, or RopeOptions::noScaling (the
/// model itself with rope_scaling dropped).
RopeConfigResult resolveRopeComparison(const QString& origin, const core::RopeModel& model);
/// How the window and the command line name an origin: the library model's name, a file's folder.
QString ropeOriginLabel(const QString& origin);

/// What the RoPE view draws for a real model (and the model it is compared with): computed in
/// the frame pipeline off the GUI thread, shared while the options do not change.
struct RopeModelCurves {
    QString error; ///< why the model or the comparison cannot be drawn; empty when fine
    core::RopeModel model;
    std::optional<core::RopeModel> other;
    QVector<double> pairs;               ///< 0 … P − 1
    QVector<double> unscaledWavelength;  ///< 2π/θ_k with rope_scaling dropped
    QVector<double> originalWavelength;  ///< theta_original: while the sequence fits the original context
    QVector<double> maxWavelength;       ///< theta_max: at the longest context
    QVector<double> otherWavelength;     ///< the compared model's theta_max (empty: none)
    QVector<double> localWavelength;     ///< Gemma's sliding-window layers (rope_local_base_freq; empty: none)
    std::vector<core::PairTreatment> treatment; ///< per pair, at the longest context
    std::array<int, 4> treatmentCounts{};       ///< pairs per PairTreatment: kept, interpolated, blended, faster
    double originalContext = 0, maxContext = 0, attention = 1, softmaxScale = 1;
    double lowestWavelength = 0, highestWavelength = 0;
    core::RopeComparison comparison; ///< positions empty when nothing is compared
    /// The model's weights run with the other pairing convention: the cosine between the right
    /// and the wrong scores of a fixed random q and k over the distances 0 … pairingDistances.
    double pairingMismatch = 1;
    /// Position ids in float32, bfloat16 and float16 (in that order): the largest angle error
    /// of each of 512 ranges of positions up to the longest context (core::positionAngleErrors).
    QVector<double> precisionKeys;
    std::array<QVector<double>, 3> precisionError;
    /// Per format, the first position id it cannot hold (rounds to infinity: float16's 65520),
    /// when the longest context reaches it; 0 when every id is held.
    std::array<double, 3> firstUnheldId{};
    /// The first position id that collides with the one before in bfloat16, float16 and
    /// float32 (core::firstCollidingPosition), and the largest error of the float32 angle
    /// m·θ over the pairs at the last position m = maxContext − 1.
    std::array<double, 3> firstCollidingId{};
    double float32AngleErrorAtLast = 0;
    int pairingDistances = 0;
    /// RoFormer's bound of q·k at theta_max up to the longest context: each value the exact mean
    /// over one of 1024 equal ranges of distances, keyed by the range's middle.
    QVector<double> decayKeys, decayBound;
    double highestDecayBound = 0; ///< the largest of decayBound (the plot's range)
};
/// Nothing when the options name no model.
std::shared_ptr<const RopeModelCurves> ropeModelCurves(const RopeOptions& options);

/// The command line's per-pair table (ropeModelColumns): k, theta_original, theta_max, attention_factor.
core::RowMatrix ropeModelTable(const core::RopeModel& model);
QStringList ropeModelColumns();
/// The comparison's table: position, query_cosine, score_cosine, then angle_difference_k per pair.
core::RowMatrix ropeComparisonTable(const core::RopeComparison& comparison);
QStringList ropeComparisonColumns(int pairs);
/// The positions a comparison is drawn and exported at: 1 … 16, then 8 per doubling up to the
/// longer of the two models' longest contexts.
Eigen::VectorXd ropeComparisonPositions(const core::RopeModel& a, const core::RopeModel& b);

} // namespace pe::ui
