// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace pe::ui {

class Document;
class PlotView;

/// The views of the explorer. The built-in ones are named here; a view added at run time
/// (addView: the test build's, a plug-in's) takes the next number.
enum class View : int { Heatmap, Waves, Similarity, Offset, Bands, Rope, Conventions, Precision, Embeddings, Methods, Spectrum, Grid };

/// One view as every list of views reads it: the window's docks and view bar, the export
/// dialog, `--view` and `--help`, sessions, the tests. The one table that knows the views.
struct ViewDescription {
    View view = View::Heatmap;
    const char* key = "";        ///< `--view` name, sessions, file names ("heatmap")
    const char* title = "";      ///< the window's name: dock tab, view bar (translated, context "pe::ui::Views")
    const char* figureName = ""; ///< the export dialog's longer name (translated, context "pe::ui::Views")
    const char* icon = "";       ///< a freedesktop icon name for menus (may be missing from the theme)
    const char* dataShape = "";  ///< `--help`: the shape of its .npy/.csv data and what its columns hold
    bool usesTable = false;      ///< draws a loaded position table (the rest show the sinusoid beside it)
    /// Makes the view; empty for the built-in views, whose classes createView() (ui/views) knows.
    std::function<std::unique_ptr<PlotView>(Document*)> create;
};

/// Every view, in the order of the view bar, the dock tabs and the export dialog.
const std::vector<ViewDescription>& viewCatalog();
/// The description of `view` (one of viewCatalog()).
const ViewDescription& describeView(View view);
/// Adds a view at run time (before any window is made) and returns its number; its
/// `view` field is ignored. For the test build's extra view and future plug-ins.
View addView(ViewDescription description);

/// The `--view` name of `view`.
QString viewName(View view);
std::optional<View> parseView(const QString& name);
/// Every view's `--view` name, in catalogue order.
QStringList viewNames();
/// The views that show a loaded position table (the rest show the sinusoid beside it).
bool viewUsesTable(View view);
/// The names the window and the export dialog show, translated.
QString viewTitle(View view);
QString viewFigureName(View view);

} // namespace pe::ui
