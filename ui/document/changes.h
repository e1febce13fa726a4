// SPDX-License-Identifier: MIT
#pragma once

#include <QFlags>

namespace pe::ui {

struct Frame;
struct Settings;
enum class View : int;

/// What a change of the document touched: the document emits one changed(Changes) per edit,
/// undo or redo, and each view redraws only when something it depends on changed (Avogadro's
/// changed(mask)). Fine-grained on purpose: a position step must not redraw the bands view.
enum class Change : unsigned {
    None = 0,
    Spec = 1u << 0,        ///< d_model, max_len, base, layout, frequencies, first position
    Position = 1u << 1,    ///< the selected row
    Dimension = 1u << 2,   ///< the selected column
    Offset = 1u << 3,      ///< the relative offset k
    Band = 1u << 4,        ///< the selected frequency pairs
    Normalize = 1u << 5,   ///< cosine instead of dot product
    Colormap = 1u << 6,
    WaveDims = 1u << 7,    ///< the dimensions of the wave plot
    Comparison = 1u << 8,  ///< the convention set beside the spec
    Precision = 1u << 9,   ///< the number format and how it enters
    Zoom = 1u << 10,       ///< what a view shows of its data (Document::setZoom); for one view, its own
    Bins = 1u << 11,       ///< the view's own pixels on screen, which its bins follow (changesBetween of frames, for one view)
    Table = 1u << 12,      ///< the table opened from a file, or its colour scale
    /// The options a view keeps by key (ViewState::options) or what it read from a file beside
    /// them (Document::setViewData); for one view (changesBetween of frames), its own.
    ViewOptions = 1u << 13,
    All = (1u << 14) - 1,
};
Q_DECLARE_FLAGS(Changes, Change)

/// The fields in which two settings differ.
Changes changesBetween(const Settings& before, const Settings& after);
/// What differs for `view` between the frame it drew and a newer one: settings, zoom windows,
/// data, and Bins when that view's own part was cut into other bins (its pixels changed;
/// another view's resize is not its change).
Changes changesBetween(const Frame& before, const Frame& after, View view);

} // namespace pe::ui

// At global scope: declared inside the namespace, it would hide QCustomPlot's operators.
Q_DECLARE_OPERATORS_FOR_FLAGS(pe::ui::Changes)
