// SPDX-License-Identifier: MIT
#pragma once

// How the views name and colour things: numbers short enough for a label, the spec's words
// as titles say them, the series colours.

#include "core/spec.h"

#include <QColor>
#include <QString>

namespace pe::ui {

/// Okabe & Ito's palette: told apart with every common colour-vision deficiency, so a student
/// who cannot separate red from green still matches a legend entry to its curve.
QColor seriesColor(int index);

/// A compact number for labels and readouts: "25.1", "6.28e+04", "2.1e-16".
QString shortNumber(double value, int digits = 4);

/// The layout and the frequency rule as titles name them ("interleaved", "paper"): the command
/// line's names in English, translated in the window.
QString layoutText(core::Layout layout);
QString frequencyRuleText(core::FrequencyRule rule);

} // namespace pe::ui
