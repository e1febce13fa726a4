// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace pe::ui {

struct ViewState;

/// The RoPE view's options: the context scale s and the trained length L_orig of the ways of
/// stretching a model, the deployed variants' own parameters, and whether the decay plot's
/// distance axis is logarithmic.
struct RopeOptions {
    static constexpr double minScale = 1, maxScale = 64;
    static constexpr int minOriginalLength = 16, maxOriginalLength = 1 << 20;
    static constexpr int minSequenceLength = 1, maxSequenceLength = 1 << 24;
    static constexpr double minFrequencyFactor = 0.25, maxFrequencyFactor = 64;
    double scale = 8;
    int originalLength = 4096;
    bool logDistance = false;
    int sequenceLength = 32768;       ///< dynamic NTK's current sequence length
    bool yarnTruncate = true;         ///< YaRN reference: floor/ceil the correction dims (HF `truncate`)
    double lowFrequencyFactor = 1;    ///< Llama 3: wavelengths above L_orig/low are divided by s
    double highFrequencyFactor = 4;   ///< Llama 3: wavelengths below L_orig/high are kept
    /// A real model instead of the paper variants: a library key (llama-3.1-8b) or a config.json
    /// path (ui/modelfiles/ropeconfig); empty: the paper variants with the sliders above.
    QString model{};
    /// What the model is compared with: a library key, a config.json path, or noScaling (the
    /// same model with rope_scaling dropped); empty: no comparison.
    QString compare{};
    static inline const QString noScaling = QStringLiteral("no-scaling");
    /// Below a model without a comparison: the angle error of low-precision position ids
    /// instead of the decay of q·k.
    bool precisionBelow = false;
    bool operator==(const RopeOptions&) const = default;
};

/// The options as a session's view.options holds them ({"scale": 8, …}); a missing or wrong
/// key takes its default, values are clamped to what the controls allow.
QVariantMap toVariantMap(const RopeOptions& options);
RopeOptions ropeOptionsFrom(const QVariantMap& map);
RopeOptions clamped(RopeOptions options);
// Held by the view's key in ViewState::options (its catalogue entry's defaultOptions and
// validOptions); read and written as this struct.
RopeOptions ropeOptions(const ViewState& state);
void setRopeOptions(ViewState& state, const RopeOptions& options);

} // namespace pe::ui
