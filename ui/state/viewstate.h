// SPDX-License-Identifier: MIT
#pragma once

#include "core/conventions.h"
#include "core/precision.h"
#include "core/spec.h"
#include "ui/state/colormapcatalog.h"
#include "ui/state/windowlimits.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QVariantMap>

#include <memory>
#include <optional>
#include <vector>
#include <string_view>
#include <variant>

namespace pe::ui {

enum class View : int; // ui/state/viewcatalog.h

/// How much of the view's title a figure carries: all of it (what the window shows, less its
/// hints), its first line, or none (the caption then says it).
enum class FigureTitle { Full, Short, None };
QString figureTitleName(FigureTitle title);              ///< "full", "short", "none" (--title)
std::optional<FigureTitle> parseFigureTitle(const QString& name);

/// A core name or label (UTF-8 std::string_view) as a QString.
QString toQString(std::string_view text);

/// The library presets' names (core::encodingPresets()), for the command line, sessions and menus.
QStringList presetNames();
/// A loaded table's colour scales (ViewState::tableDataRange false, true): "symmetric", "data".
QStringList tableScaleNames();

/// The wave plot's dimensions as people write them: "4,5,6,7", ranges "4-7" (both ends
/// included) and slices "0:64:8" (start, end excluded, step, as in Python), mixed freely.
/// Returns the dimensions in the order written, each once, or a message naming the part that
/// is wrong and what is allowed (dimensions 0 to dModel−1, at most `most` of them).
std::variant<QList<int>, QString> parseDimensionList(const QString& text, int dModel, int most);

// Four names for four things, from the smallest:
//   ViewState   (here)           what the user selected and each view's options; not the spec
//   Settings    (here)           the spec and the ViewState: what one undo step restores
//   Session     (session.h)      Settings, the window's layout and the loaded table, as a file
//   Preferences (preferences.h)  what the program remembers between runs (QSettings)

/// What the user has selected and chosen to show, beside the spec itself. Shared by the
/// document (the window) and the command line, so that both draw and export the same thing.
struct ViewState {
    QList<int> dims{4, 5, 6, 7};  ///< dimensions drawn in the wave plot
    std::int64_t position = 0;    ///< selected row (0 … max_len−1)
    int dimension = 4;            ///< selected column
    std::int64_t offset = 1;      ///< relative offset k of the inspector
    bool normalize = false;       ///< cosine instead of dot product
    QString colormap = defaultColormap();
    int bandFirst = -1, bandLast = -1; ///< selected frequency pairs, −1 when none
    core::Comparison comparison = core::Comparison::Layout; ///< what the conventions view sets beside the spec
    core::NumberFormat format = core::NumberFormat::Float16; ///< the precision shown in the precision and bands views
    core::PrecisionMode precisionMode = core::PrecisionMode::Computed;
    /// A loaded table's colour scale: ±the largest |value| (0 in the middle, like the
    /// sinusoid's −1…+1), or the data's own minimum to maximum.
    bool tableDataRange = false;
    /// The options of the views entered in the catalogue with options of their own
    /// (ViewDescription::defaultOptions), by view key; a view not held here has its defaults.
    QMap<QString, QVariantMap> options;
    /// The options of `view`: those held, else its defaults.
    QVariantMap optionsOf(View view) const;
    void setOptionsOf(View view, const QVariantMap& viewOptions);

    /// Equal when every field is, a view's options compared as optionsOf() gives them.
    bool operator==(const ViewState& other) const;
};

/// The spec and the view state together: what one undo step restores and a session holds.
struct Settings {
    core::EncodingSpec spec;
    ViewState state;
    bool operator==(const Settings&) const = default;
};

} // namespace pe::ui
