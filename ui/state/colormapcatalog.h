// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace pe::ui {

/// One colour map a setting may name: its key (sessions, `--colormap`), its menu label
/// (translated, context "Colormaps"), whether it diverges about 0 (a range symmetric about 0,
/// white at 0) and its colours, evenly spaced from the lowest value to the highest. The one
/// table of colour maps; ui/plotting/colormaps.cpp makes gradients of it.
struct ColormapDescription {
    const char* key;
    const char* label;
    bool diverging;
    std::vector<const char*> stops; ///< "#rrggbb"
};

/// viridis (the classic figure's, the default), diverging, grayscale: in the menus' order.
const std::vector<ColormapDescription>& colormapCatalog();
/// The keys, in the menus' order.
QStringList colormapNames();
QString defaultColormap();            ///< viridis
QString divergingColormap();          ///< what signed differences are drawn with
/// `name` for a map of magnitudes (errors, power): a diverging map's white would mean nothing
/// there, so the default map stands in for it.
QString sequentialColormap(const QString& name);
bool colormapIsDiverging(const QString& name);
/// The description of `name` (the default map's for an unknown name).
const ColormapDescription& describeColormap(const QString& name);
QString colormapLabel(const QString& name); ///< translated name for menus

} // namespace pe::ui
