// SPDX-License-Identifier: MIT
#include "ui/state/viewcatalog.h"

#include "ui/state/gridcommandline.h"
#include "ui/state/methodscommandline.h"
#include "ui/state/ropecommandline.h"
#include "ui/state/viewoptions.h"

#include <QCoreApplication>

namespace pe::ui {

namespace {

/// A built-in view's entry: its names, icon, help line and whether it draws a loaded table.
ViewDescription builtIn(View view, const char* key, const char* title, const char* figureName, const char* icon,
                        const char* dataShape, bool usesTable)
{
    ViewDescription d;
    d.view = view;
    d.key = key;
    d.title = title;
    d.figureName = figureName;
    d.icon = icon;
    d.dataShape = dataShape;
    d.usesTable = usesTable;
    return d;
}

std::vector<ViewDescription>& catalog()
{
    // clang-format off
    static std::vector<ViewDescription> views{
        builtIn(View::Heatmap, "heatmap", QT_TRANSLATE_NOOP("pe::ui::Views", "Heatmap"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Encoding heatmap"), "view-grid",
         "heatmap (max_len, d_model)", true),
        builtIn(View::Waves, "waves", QT_TRANSLATE_NOOP("pe::ui::Views", "Waves"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Wave plots"), "office-chart-line",
         "waves (max_len, number of dims)", true),
        builtIn(View::Similarity, "similarity", QT_TRANSLATE_NOOP("pe::ui::Views", "Similarity"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Similarity"), "view-grid",
         "similarity (max_len, max_len)", true),
        builtIn(View::Offset, "offset", QT_TRANSLATE_NOOP("pe::ui::Views", "Relative offset"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Relative offset"), "object-rotate-right",
         "offset (d_model, 3) = PE(p), PE(p+k), M_k*PE(p)", false),
        builtIn(View::Bands, "bands", QT_TRANSLATE_NOOP("pe::ui::Views", "Frequency bands"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Frequency bands"), "office-chart-bar",
         "bands (pairs, 3) = pair, omega, wavelength", false),
        builtIn(View::Rope, "rope", QT_TRANSLATE_NOOP("pe::ui::Views", "RoPE"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Rotary embedding (RoPE)"), "object-rotate-left",
         "rope (d_model/2, 12) = k, theta_k, wavelength with no scaling, PI, NTK-aware and YaRN (paper ramp),\n"
         "  YaRN's ramp gamma, then the wavelength under dynamic NTK, YaRN (reference ramp) and Llama 3.1,\n"
         "  the reference ramp and YaRN's attention factor (s = 8, L_orig = 4096, L = 32768, truncate on,\n"
         "  Llama 3 low 1, high 4; the window and a session's view.options.rope give their own)", false),
        builtIn(View::Conventions, "conventions", QT_TRANSLATE_NOOP("pe::ui::Views", "Conventions"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Conventions"), "view-split-left-right",
         "conventions (max_len, 3*d_model) = PE under the settings, PE under --compare, their difference", true),
        builtIn(View::Precision, "precision", QT_TRANSLATE_NOOP("pe::ui::Views", "Precision"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Precision"), "zoom-in",
         "precision (max_len, 8) = position, then the largest error over the columns for float32, bfloat16,\n"
         "  float16 (each stored, then computed) and float64 computed", true),
        builtIn(View::Embeddings, "embeddings", QT_TRANSLATE_NOOP("pe::ui::Views", "Embeddings"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Sentence embeddings"), "format-text-bold",
         "embeddings (4*tokens, d_model) = word (x sqrt(d)), position, segment and sum rows of the default\n"
         "  sentence with pseudo-random word vectors (the window exports its own sentence and vectors)", false),
        builtIn(View::Methods, "methods", QT_TRANSLATE_NOOP("pe::ui::Views", "Methods"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Position methods"), "view-list-details",
         "methods (max_len, max_len) = what --method adds to the score of query i (row) and key j (column),\n"
         "  -inf where a causal model masks the key", true),
        builtIn(View::Spectrum, "spectrum", QT_TRANSLATE_NOOP("pe::ui::Views", "Spectrum"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Spectrum"), "office-chart-area",
         "spectrum (N/2+1, 1+d_model) = per frequency bin its omega = 2*pi*f/N, then each dim's power along the\n"
         "  first min(max_len, 1024) positions (mean removed, zero-padded to N, a power of two), over its peak", true),
        builtIn(View::Grid, "grid", QT_TRANSLATE_NOOP("pe::ui::Views", "Grid"),
         QT_TRANSLATE_NOOP("pe::ui::Views", "Positions on a grid"), "view-app-grid",
         "grid (H*W, H*W) = the cosine similarity of every patch with every patch (--grid-data tiles), or\n"
         "  (H, W) = the chosen patch's similarity (patch) or the chosen dimension (dimension)", true),
    };
    // clang-format on
    // The views with options of their own keep them by key and declare their command-line
    // options, like a view that brings them in its entry.
    static const bool optionsByKey = [] {
        const auto entry = [](View view) -> ViewDescription& { return views[static_cast<std::size_t>(view)]; };
        ViewDescription& grid = entry(View::Grid);
        grid.defaultOptions = toVariantMap(GridOptions{});
        grid.validOptions = [](QVariantMap options) { return toVariantMap(gridOptionsFrom(options)); };
        grid.commandLineOptions = gridCommandLineOptions();
        grid.readCommandLine = readGridCommandLine;
        grid.writeCommandLine = gridCommandLineFor;
        ViewDescription& rope = entry(View::Rope);
        rope.defaultOptions = toVariantMap(RopeOptions{});
        rope.validOptions = [](QVariantMap options) { return toVariantMap(ropeOptionsFrom(options)); };
        rope.commandLineOptions = ropeCommandLineOptions();
        rope.readCommandLine = readRopeCommandLine;
        rope.writeCommandLine = ropeCommandLineFor;
        ViewDescription& embeddings = entry(View::Embeddings);
        embeddings.defaultOptions = toVariantMap(SentenceOptions{});
        embeddings.validOptions = [](QVariantMap options) { return toVariantMap(embeddingOptionsFrom(options)); };
        ViewDescription& methods = entry(View::Methods);
        methods.defaultOptions = toVariantMap(MethodOptions{});
        methods.validOptions = [](QVariantMap options) { return toVariantMap(methodOptionsFrom(options)); };
        methods.commandLineOptions = methodsCommandLineOptions();
        methods.readCommandLine = readMethodsCommandLine;
        methods.writeCommandLine = methodsCommandLineFor;
        for (View view : {View::Similarity, View::Waves, View::Precision, View::Conventions})
            entry(view).needsTableValues = true;
        entry(View::Heatmap).zoomOutWhen = PartInput::Spec | PartInput::Table;
        entry(View::Waves).zoomOutWhen = PartInput::Spec | PartInput::Table | PartInput::Dims;
        return true;
    }();
    (void)optionsByKey;
    return views;
}

} // namespace

const std::vector<ViewDescription>& viewCatalog() { return catalog(); }

const ViewDescription& describeView(View view)
{
    const auto index = static_cast<std::size_t>(view);
    return catalog().at(index < catalog().size() ? index : 0);
}

namespace {
bool catalogueFrozen = false;
} // namespace

void freezeViewCatalog() { catalogueFrozen = true; }

View addView(ViewDescription description)
{
    // Frames are built off the GUI thread while they read the catalogue, and a set of views is
    // a bit per view in an unsigned.
    if (catalogueFrozen)
        qFatal("addView(\"%s\") after the first document was made: views are entered before", description.key);
    if (catalog().size() >= 32)
        qFatal("addView(\"%s\"): at most 32 views", description.key);
    description.view = static_cast<View>(catalog().size());
    catalog().push_back(std::move(description));
    return catalog().back().view;
}

QString viewName(View view) { return QString::fromLatin1(describeView(view).key); }

std::optional<View> parseView(const QString& name)
{
    for (const ViewDescription& d : catalog())
        if (name == QLatin1String(d.key))
            return d.view;
    return std::nullopt;
}

QStringList viewNames()
{
    QStringList names;
    for (const ViewDescription& d : catalog())
        names << QString::fromLatin1(d.key);
    return names;
}

bool viewUsesTable(View view) { return describeView(view).usesTable; }

bool hasOwnOptions(View view) { return !describeView(view).defaultOptions.isEmpty(); }

QVariantMap validViewOptions(View view, QVariantMap options)
{
    const ViewDescription& d = describeView(view);
    QVariantMap whole = d.defaultOptions;
    for (auto option = whole.begin(); option != whole.end(); ++option) {
        const auto given = options.constFind(option.key());
        if (given == options.constEnd())
            continue;
        // Of the default's type ("4" from a session becomes 4), so that equal options compare
        // equal; a value that does not convert keeps the default.
        QVariant value = given.value();
        if (value.metaType() == option.value().metaType() || value.convert(option.value().metaType()))
            option.value() = value;
    }
    return d.validOptions ? d.validOptions(std::move(whole)) : whole;
}

QString viewTitle(View view) { return QCoreApplication::translate("pe::ui::Views", describeView(view).title); }

QString viewFigureName(View view) { return QCoreApplication::translate("pe::ui::Views", describeView(view).figureName); }

} // namespace pe::ui
