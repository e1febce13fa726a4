// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QRectF>
#include <QStringList>

class QCPAxisRect;
class QCPGraph;
class QCPItemText;
class QCPLegend;

namespace pe::ui {

/// How many of `graphs` draw a segment or a marker through `box` (the plot's pixels): what a
/// label or a legend placed there would cover.
int curvesThrough(const QRectF& box, const QList<QCPGraph*>& graphs);

/// Places labels that name horizontal lines (RoPE's context lengths), each on its line at the
/// left, the right or the middle of `rect`, above or below it: the first place where its box
/// stays inside the rect, meets no label placed before it, no other label's line and no curve
/// of `graphs`; else the
/// one off the other labels that the fewest curves cross. An `optional` label is shown only at
/// a free place: left out rather than written over another label or the curves. `others` are
/// texts placed already (M-RoPE's section names) that the labels keep off too. `texts` may give
/// a label its texts, longest first: it takes the first that finds a free place ("original
/// context 8192", then "8192" in an 89 × 70 mm figure), else the last. A label's position is
/// its line's y (plot coordinates) and an x as a ratio of the rect. True when a label moved,
/// changed its text or was hidden/shown.
bool placeLineLabels(QCPAxisRect* rect, const QList<QCPItemText*>& labels, const QList<bool>& optional,
                     const QList<QCPGraph*>& graphs, const QList<QCPItemText*>& others = {},
                     const QList<QStringList>& texts = {});

/// Puts a legend kept in `rect`'s inset layout in the corner, a few pixels off the axes, where
/// the fewest of `graphs` pass (none if it can), its entries in a column or in one row: it never
/// covers an axis line, and covers no curve while a corner is free. `fits` is false when the
/// rect is too small for it anywhere off the axes (the caller leaves it out). True when it moved.
bool placeInsetLegend(QCPAxisRect* rect, QCPLegend* legend, const QList<QCPGraph*>& graphs, bool* fits);

} // namespace pe::ui
