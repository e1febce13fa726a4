// SPDX-License-Identifier: MIT
#pragma once

#include "core/conventions.h"
#include "core/precision.h"
#include "core/spec.h"

#include <QList>
#include <QString>

#include <optional>

namespace pe::ui {

/// The views of the explorer; also the `--view` names of the command line.
enum class View { Heatmap, Waves, Similarity, Offset, Bands, Rope, Conventions, Precision, Embeddings };

QString viewName(View view);
std::optional<View> parseView(const QString& name);
QStringList viewNames();

/// What the window and figures draw (the core allows more; data exports use the core's limits).
struct WindowLimits {
    static constexpr int maxDModel = 4096;
    static constexpr int maxMaxLen = 1 << 20;
    static constexpr double minBase = 1.01;
    static constexpr double maxBase = 1e9;
    static constexpr int maxFirstPosition = 1000000;
};

/// What the user has selected and chosen to show, beside the spec itself. Shared by the
/// document (the window) and the command line, so that both draw and export the same thing.
struct ViewState {
    QList<int> dims{4, 5, 6, 7};  ///< dimensions drawn in the wave plot
    std::int64_t position = 0;    ///< selected row (0 … max_len−1)
    int dimension = 4;            ///< selected column
    std::int64_t offset = 1;      ///< relative offset k of the inspector
    bool normalize = false;       ///< cosine instead of dot product
    QString colormap = QStringLiteral("viridis");
    int bandFirst = -1, bandLast = -1; ///< selected frequency pairs, −1 when none
    core::Comparison comparison = core::Comparison::Layout; ///< what the conventions view sets beside the spec
    core::NumberFormat format = core::NumberFormat::Float16; ///< the precision shown in the precision and bands views
    core::PrecisionMode precisionMode = core::PrecisionMode::Computed;

    bool operator==(const ViewState& other) const;
};

/// The spec and the view state together: what one undo step restores and a session holds.
struct Settings {
    core::EncodingSpec spec;
    ViewState state;
    bool operator==(const Settings&) const = default;
};

} // namespace pe::ui
