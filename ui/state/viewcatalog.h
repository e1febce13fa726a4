// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "ui/state/builtinviews.h" // generated: the built-in views' keys
#include "ui/state/viewpart.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <functional>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

class QCommandLineParser;

namespace pe::ui {

class Document;
class PlotView;

/// A view's key: its place in the catalogue. The built-in views' keys are pe::ui::views::<name>
/// (ui/state/builtinviews.h, generated from the one list of them in ui/CMakeLists.txt); a view
/// added at run time (addView: a test's, a plug-in's) takes the next number.
enum class View : int {};

/// One view as every list of views reads it: the window's docks and view bar, the export
/// dialog, `--view` and `--help`, sessions, the tests. The one table that knows the views.
struct ViewDescription {
    View view{};
    const char* key = "";        ///< `--view` name, sessions, file names ("heatmap")
    const char* title = "";      ///< the window's name: dock tab, view bar (translated, context "pe::ui::Views")
    const char* figureName = ""; ///< the export dialog's longer name (translated, context "pe::ui::Views")
    const char* icon = "";       ///< a freedesktop icon name for menus (may be missing from the theme)
    const char* dataShape = "";  ///< `--help`: the shape of its .npy/.csv data and what its columns hold
    bool usesTable = false;      ///< draws a loaded position table (the rest show the sinusoid beside it)
    /// Works from a loaded table's values in memory (at most LoadedTable::mostValuesInMemory),
    /// not from its file as the heatmap and spectrum do: a larger table's data export is refused.
    bool needsTableValues = false;
    /// What zooms it out (PartInput bits): a new matrix (Spec: unless a table is shown; Table: a
    /// new table, not a preview's pass), new wave dims (Dims). The heatmap's and the waves'.
    unsigned zoomOutWhen = 0;
    /// Its figure of a table waits for the pass over the table's values: while the pass runs
    /// it shows a sampled row per pixel row (the heatmap), and a figure would keep the sampling.
    bool figureWaitsForTablePass = false;
    /// Its picture follows the offset k (the relative offset, the similarity's dashed line):
    /// presentation mode's bar shows k while it is on the stage.
    bool followsOffset = false;
    /// `--export FILE.wav` plays its dimensions as tones (the waves view's Listen).
    bool exportsSound = false;
    /// What it makes of a position table opened from a file with `rows` rows: a sentence added to
    /// the note that reports the table (say, its rows seen as an image's patches); when the table
    /// was opened from File ▸ Open encoding or `--encoding` without `--view`, and the heatmap is
    /// on the stage, the view takes the stage with the heatmap beside. Empty (or an empty
    /// sentence): nothing. The first view that claims it wins.
    std::function<QString(std::int64_t rows)> claimsTable;
    /// Makes the view (its widget drawing `document`'s frames).
    std::function<std::unique_ptr<PlotView>(Document*)> create;

    // What a view brings besides its class, each used by every list that needs it, so that a
    // new view edits no file of the document, the sessions, the command line or the exports.

    /// Its own options, held by its key in ViewState::options: undone with the settings,
    /// written in sessions as view.options.<key>, remembered between runs, compared as a whole
    /// (Change::ViewOptions). Empty: it has none.
    QVariantMap defaultOptions;
    /// Makes options read from a session, the preferences, the command line or the view valid:
    /// each value of the type and in the range allowed. Called after the missing keys were filled
    /// from defaultOptions and unknown ones dropped; unset: that filling only.
    std::function<QVariantMap(QVariantMap)> validOptions;
    /// Its command-line options (`--help` lists them) and how they set its options: returns a
    /// message naming the value and what is allowed, or nothing. Any of them given names the view
    /// (as `--view` would) unless `--view` names another.
    QList<QCommandLineOption> commandLineOptions;
    std::function<QString(const QCommandLineParser&, QVariantMap& options)> readCommandLine;
    /// The arguments that give `options` back, as far as its command-line options reach: a
    /// figure's recipe (the command that makes it again) writes them after `--view`.
    std::function<QStringList(const QVariantMap& options)> writeCommandLine;
    /// Its part of the frame: built off the GUI thread for its pixels while it is on screen,
    /// and at whole cells for its data export; `partReads` (PartInput bits) is its reuse rule.
    std::function<ViewPartPtr(const PartInputs&, const PartBefore&)> buildPart;
    unsigned partReads = 0;
    /// Its part can take most of a frame (the methods' matrix at a million positions, the
    /// heatmap's bins): started first, one per thread, so that none is left for the frame's end.
    bool buildPartFirst = false;
    /// Its .npy/.csv data, from the part built at whole cells; empty: no data export.
    std::function<DataTable(const ViewPart&)> exportData;
    /// What it reads from a file its options name (its ViewData), for a command-line export or
    /// start, which have no controller of the window to read it: the data (null: none named, or
    /// the same as `before` named), or a message naming the option, the file and what is wrong.
    /// It may complete the options from the file. `before`: its options before the command line
    /// (a session's, the ones used last, the defaults), whose file is not refused there (the
    /// window reads it again); null: read whatever the options name (an export of the view).
    /// Empty: it reads nothing there.
    std::function<std::variant<ViewDataPtr, QString>(QVariantMap& options, const QVariantMap* before)> readData;
    /// The positions its data holds (a checkpoint's), which the command line's max_len takes
    /// when --max-len and a session give none; empty, or 0: the data has no length of its own.
    std::function<std::int64_t(const ViewData& data)> dataLength;
};

/// Start-up, before anything reads the catalogue (the command line, the preferences, a window):
/// enters the built-in views' descriptions (names, options, command-line options), in the order
/// of the bar. Generated (cmake/views.cmake); called again, does nothing. registerViews()
/// (ui/views/viewfactory.h) calls it and completes each with its widget, part and export.
void registerViewDescriptions();
/// For the generated registration: enters a built-in view's description under its key.
void enterBuiltInView(View key, ViewDescription description);
/// For the generated registration: lets the view's own files complete its entry (widget, part).
void completeBuiltInView(View key, void (*complete)(ViewDescription& entry));

/// Every view, in the order of the view bar, the dock tabs and the export dialog.
const std::vector<ViewDescription>& viewCatalog();
/// The description of `view` (one of viewCatalog()).
const ViewDescription& describeView(View view);
/// Adds a view at run time (before any window is made) and returns its number; its
/// `view` field is ignored. For the test build's extra view and future plug-ins.
View addView(ViewDescription description);
/// Called when the first document is made: a later addView is a programming error (frames
/// read the catalogue from other threads), and stops the program saying so.
void freezeViewCatalog();

/// The `--view` name of `view`.
QString viewName(View view);
std::optional<View> parseView(const QString& name);
/// Every view's `--view` name, in catalogue order.
QStringList viewNames();
/// The views that show a loaded position table (the rest show the sinusoid beside it).
bool viewUsesTable(View view);
/// The `--view` names of the views whose `--export` may be a .wav (ViewDescription::exportsSound).
QStringList soundViewNames();
/// True when `view` keeps options of its own by key (ViewDescription::defaultOptions).
bool hasOwnOptions(View view);
/// `options` made whole and valid for `view`: unknown keys dropped, missing ones taken from its
/// defaults, then its validOptions.
QVariantMap validViewOptions(View view, QVariantMap options);
/// The names the window and the export dialog show, translated.
QString viewTitle(View view);
QString viewFigureName(View view);

} // namespace pe::ui
