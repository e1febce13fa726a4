// SPDX-License-Identifier: MIT
#include "app/commandline.h"

#include "ui/state/commandlinevalues.h"
#include "ui/state/figurelimits.h"

#include "ui/modelfiles/encodingtable.h"

#include "core/presets.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace pe::app {

namespace {

using core::SpecLimits;

using BadValue = ui::BadCommandLineValue;
using ui::choice;
using ui::quoted;
using ui::realNumber;
using ui::sizePair;
using ui::wholeNumber;

QList<int> dimensionList(const QCommandLineParser& parser, int dModel)
{
    const QString text = parser.value(QStringLiteral("dims")).trimmed();
    const auto parsed = ui::parseDimensionList(text, dModel, ui::WindowLimits::maxWaveDims);
    const auto* dims = std::get_if<QList<int>>(&parsed);
    if (!dims || dims->isEmpty())
        throw BadValue{QStringLiteral("--dims: %1 is not a valid list (%2); allowed: up to %3 dimensions from 0 to %4, "
                                      "e.g. 4,5,6,7, 4-7 or 0:64:8")
                           .arg(quoted(text), dims ? QStringLiteral("no dimension") : std::get<QString>(parsed))
                           .arg(ui::WindowLimits::maxWaveDims).arg(dModel - 1)};
    return *dims;
}

/// The `--help` lines on each view's data, from the catalogue of views.
QString dataShapes()
{
    QStringList lines;
    for (const ui::ViewDescription& d : ui::viewCatalog())
        lines << QStringLiteral("  ") + QString::fromUtf8(d.dataShape);
    return lines.join(QStringLiteral(";\n"));
}

/// The `--view` names of the views that draw a loaded table.
QStringList tableViews()
{
    QStringList names;
    for (const ui::ViewDescription& d : ui::viewCatalog())
        if (d.usesTable)
            names << QString::fromLatin1(d.key);
    return names;
}

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "See and explore the sinusoidal positional encoding of Transformers.\n"
        "pe-explorer [options] [session.pe.json] opens the window; a session (File > Save session)\n"
        "is the starting point and the options given replace its values.\n"
        "With --export FILE, writes FILE without opening a window; its suffix decides the format:\n"
        ".png .pdf .svg give the figure of the view, .npy .csv its data (float64) of shape:\n"
        "%1.\n"
        "With --encoding FILE[:TENSOR] the %2 views show that table\n"
        "  (the heatmap's data is the table itself, the similarity's rows x rows, the waves' rows x dims, the conventions'\n"
        "  table, sinusoid and difference over the rows and columns both have, the precision's row then the largest\n"
        "  storage error per curve, NaN for the computed ones); without --d-model, --max-len or a\n"
        "  session the sinusoid of the other views takes the table's size.").arg(dataShapes(), tableViews().join(QStringLiteral(", "))));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("export"), QStringLiteral("Write FILE and exit, without a window."), QStringLiteral("FILE")},
        {QStringLiteral("d-model"), QStringLiteral("Embedding width d_model (default 64)."), QStringLiteral("N"), QStringLiteral("64")},
        {QStringLiteral("max-len"), QStringLiteral("Number of positions (default 100)."), QStringLiteral("N"), QStringLiteral("100")},
        {QStringLiteral("base"), QStringLiteral("Frequency base (default 10000)."), QStringLiteral("B"), QStringLiteral("10000")},
        {QStringLiteral("preset"), QStringLiteral("Reproduce a library: %1. Sets layout, frequencies and first position; "
                                                  "--layout, --frequencies and --first-position given beside it win.")
                                       .arg(ui::presetNames().join(QStringLiteral(", "))),
         QStringLiteral("NAME")},
        {QStringLiteral("layout"), QStringLiteral("interleaved or split (default interleaved)."), QStringLiteral("NAME"), QStringLiteral("interleaved")},
        {QStringLiteral("frequencies"), QStringLiteral("paper or tensor2tensor (default paper)."), QStringLiteral("NAME"), QStringLiteral("paper")},
        {QStringLiteral("first-position"), QStringLiteral("Position of the first row (default 0; fairseq uses 2)."), QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("view"), QStringLiteral("The view to export, or to put on the window's stage: %1 (default heatmap, or the view "
                                                 "whose own options are given: rope for --model, methods for --method, grid for --grid…).").arg(ui::viewNames().join(QStringLiteral(", "))), QStringLiteral("NAME"), QStringLiteral("heatmap")},
        {QStringLiteral("compare"), QStringLiteral("What the conventions view sets beside the spec: layout, frequencies, first-position, "
                                                   "doubled-exponent or shifted-cosine (the last two are mistakes; default layout)."),
         QStringLiteral("NAME"), QStringLiteral("layout")},
        {QStringLiteral("format"), QStringLiteral("Number format of the precision heatmap and the bands' resolution limits: "
                                                  "float32, bfloat16, float16 or float64 (default float16)."),
         QStringLiteral("NAME"), QStringLiteral("float16")},
        {QStringLiteral("precision"), QStringLiteral("How the format enters the precision heatmap: computed (every step in that format) "
                                                     "or stored (computed in float64, then rounded; default computed)."),
         QStringLiteral("NAME"), QStringLiteral("computed")},
        {QStringLiteral("dims"), QStringLiteral("Dimensions of the wave plot (default 4,5,6,7)."), QStringLiteral("LIST")},
        {QStringLiteral("position"), QStringLiteral("Selected position (row, default 0)."), QStringLiteral("P")},
        {QStringLiteral("offset"), QStringLiteral("Relative offset k (default 1)."), QStringLiteral("K"), QStringLiteral("1")},
        {QStringLiteral("normalize"), QStringLiteral("Cosine similarity instead of the dot product (a zero vector, e.g. d_model 1 "
                                                     "at position 0, has cosine 0 with every position).")},
        {QStringLiteral("size"), QStringLiteral("Figure size in pixels."), QStringLiteral("WxH")},
        {QStringLiteral("size-mm"), QStringLiteral("Figure size in millimetres (with --dpi)."), QStringLiteral("WxH")},
        {QStringLiteral("dpi"), QStringLiteral("Resolution for --size-mm (default 300)."), QStringLiteral("N"), QStringLiteral("300")},
        {QStringLiteral("colormap"), QStringLiteral("%1 (default %2).").arg(ui::colormapNames().join(QStringLiteral(", ")), ui::defaultColormap()),
         QStringLiteral("NAME"), ui::defaultColormap()},
        {QStringLiteral("font-size"), QStringLiteral("Text size of a figure in points, %1 to %2 (default 8).")
                                          .arg(ui::FigureLimits::minFontPoints).arg(ui::FigureLimits::maxFontPoints),
         QStringLiteral("PT"), QStringLiteral("8")},
        {QStringLiteral("title"), QStringLiteral("A figure's title: full, short (its first line) or none (default full)."), QStringLiteral("MODE"), QStringLiteral("full")},
        {QStringLiteral("no-marks"), QStringLiteral("Leave the band selection's highlight out of a figure.")},
        {QStringLiteral("listen-rate"), QStringLiteral("With --view waves --export FILE.wav: positions per second R; dimension i then sounds "
                                                       "at omega_i*R/(2*pi) Hz (default 5529.2: dimension 0 at 880 Hz)."),
         QStringLiteral("R"), QStringLiteral("5529.2")},
        {QStringLiteral("listen-seconds"), QStringLiteral("With --view waves --export FILE.wav: seconds each dimension sounds, %1 to %2 (default 1).")
                                               .arg(core::ToneSettings::minSeconds).arg(core::ToneSettings::maxSeconds),
         QStringLiteral("N"), QStringLiteral("1")},
        {QStringLiteral("force"), QStringLiteral("Replace an existing FILE.")},
        {QStringLiteral("session"), QStringLiteral("Start from the session file S (.pe.json); options given override it."), QStringLiteral("S")},
        {QStringLiteral("restore"), QStringLiteral("Restore, without asking, the work a window that did not close normally left behind "
                                                   "(autosaved a few seconds after each change).")},
        {QStringLiteral("no-restore"), QStringLiteral("Do not offer to restore such work at this start; it is kept for a later one.")},
        {QStringLiteral("encoding"), QStringLiteral("Open a model's position table for the heatmap, similarity, waves, conventions, precision and spectrum: a .npy, .csv or .safetensors file; "
                                                    "FILE:TENSOR names the tensor (e.g. model.safetensors:wpe.weight; without it, "
                                                    "the one named like a position table)."),
         QStringLiteral("FILE[:TENSOR]")},
    });
    for (const ui::ViewDescription& d : ui::viewCatalog()) // the options the views of the catalogue declare
        parser.addOptions(d.commandLineOptions);
    parser.addPositionalArgument(QStringLiteral("session"), QStringLiteral("A session file (.pe.json) to open, like --session."),
                                 QStringLiteral("[session.pe.json]"));
}

bool given(const QCommandLineParser& parser, const char* name) { return parser.isSet(QLatin1String(name)); }

/// The spec: the session's (or the defaults), with every option given explicitly replacing it.
void overrideSpec(const QCommandLineParser& parser, core::EncodingSpec& spec)
{
    if (given(parser, "d-model"))
        spec.dModel = static_cast<int>(wholeNumber(parser, QStringLiteral("d-model"), SpecLimits::minDModel, SpecLimits::maxDModel));
    if (given(parser, "max-len"))
        spec.maxLen = wholeNumber(parser, QStringLiteral("max-len"), SpecLimits::minMaxLen, SpecLimits::maxMaxLen);
    if (given(parser, "base"))
        spec.base = realNumber(parser, QStringLiteral("base"), 1.0, SpecLimits::maxBase);
    if (given(parser, "preset"))
        spec = core::withPreset(spec, *core::findPreset(choice(parser, QStringLiteral("preset"), ui::presetNames()).toStdString()));
    if (given(parser, "layout"))
        spec.layout = *core::parseLayout(choice(parser, QStringLiteral("layout"), {QStringLiteral("interleaved"), QStringLiteral("split")}).toStdString());
    if (given(parser, "frequencies"))
        spec.frequencies = *core::parseFrequencyRule(choice(parser, QStringLiteral("frequencies"), {QStringLiteral("paper"), QStringLiteral("tensor2tensor")}).toStdString());
    if (given(parser, "first-position"))
        spec.firstPosition = wholeNumber(parser, QStringLiteral("first-position"), 0, SpecLimits::maxFirstPosition);
}

/// The selection: options given are checked strictly against the spec; values taken from the
/// session (or the defaults) follow a changed spec the way the window's controls do.
void overrideState(const QCommandLineParser& parser, const core::EncodingSpec& spec, LaunchOptions& o)
{
    auto& state = o.state;
    if (given(parser, "dims")) {
        // A table's columns are checked once it is read (its width is not known yet).
        state.dims = dimensionList(parser, given(parser, "encoding") ? SpecLimits::maxDModel : spec.dModel);
        o.dimsGiven = true;
    } else {
        state.dims.removeIf([&](int dim) { return dim >= spec.dModel; });
    }
    if (given(parser, "position")) {
        state.position = wholeNumber(parser, QStringLiteral("position"), 0, spec.maxLen - 1);
        o.positionGiven = true;
    } else {
        state.position = std::min<std::int64_t>(state.position, spec.maxLen - 1);
    }
    state.dimension = std::min(state.dimension, spec.dModel - 1);
    const std::int64_t lowestOffset = -(spec.firstPosition + state.position);
    if (given(parser, "offset"))
        state.offset = wholeNumber(parser, QStringLiteral("offset"), lowestOffset, SpecLimits::maxFirstPosition);
    else
        state.offset = std::clamp<std::int64_t>(state.offset, lowestOffset, SpecLimits::maxFirstPosition);
    if (given(parser, "normalize"))
        state.normalize = true;
    if (given(parser, "colormap"))
        state.colormap = choice(parser, QStringLiteral("colormap"), ui::colormapNames());
    if (state.bandLast >= core::pairCount(spec))
        state.bandFirst = state.bandLast = -1;
    if (given(parser, "compare"))
        state.comparison = *core::parseComparison(choice(parser, QStringLiteral("compare"), ui::settingsComparisonNames()).toStdString());
    const QStringList formats = ui::settingsFormatNames();
    if (given(parser, "format"))
        state.format = static_cast<core::NumberFormat>(formats.indexOf(choice(parser, QStringLiteral("format"), formats)));
    if (given(parser, "precision"))
        state.precisionMode = static_cast<core::PrecisionMode>(
            ui::settingsPrecisionModeNames().indexOf(choice(parser, QStringLiteral("precision"), ui::settingsPrecisionModeNames())));
}

/// The options of the catalogue's views that declare their own: any of them given sets that
/// view's options and names the view, unless --view (or an option above) names another.
void readViewOptions(const QCommandLineParser& parser, LaunchOptions& o)
{
    for (const ui::ViewDescription& d : ui::viewCatalog()) {
        if (!d.readCommandLine)
            continue;
        const bool given = std::ranges::any_of(d.commandLineOptions, [&](const QCommandLineOption& option) {
            return parser.isSet(option.names().front());
        });
        if (!given)
            continue;
        QVariantMap options = o.state.optionsOf(d.view);
        if (const QString error = d.readCommandLine(parser, options); !error.isEmpty())
            throw BadValue{error};
        o.state.setOptionsOf(d.view, ui::validViewOptions(d.view, options));
        o.viewOptionsGiven << ui::viewName(d.view);
        if (!o.viewGiven) {
            o.view = d.view;
            o.viewGiven = true;
        }
    }
}

LaunchOptions optionsFrom(const QCommandLineParser& parser, const std::optional<ui::Session>& session)
{
    LaunchOptions o;
    if (session) {
        o.spec = session->settings.spec;
        o.state = session->settings.state;
    }
    overrideSpec(parser, o.spec);
    o.sizeGiven = given(parser, "d-model") || given(parser, "max-len") || session.has_value();
    o.maxLenGiven = given(parser, "max-len") || session.has_value();
    o.view = *ui::parseView(choice(parser, QStringLiteral("view"), ui::viewNames()));
    o.viewGiven = parser.isSet(QStringLiteral("view"));
    overrideState(parser, o.spec, o);
    readViewOptions(parser, o);
    if (parser.isSet(QStringLiteral("size")) && parser.isSet(QStringLiteral("size-mm")))
        throw BadValue{QStringLiteral("--size and --size-mm: give one of them, not both")};
    if (parser.isSet(QStringLiteral("size")))
        o.sizePixels = sizePair(parser, QStringLiteral("size"), ui::FigureLimits::minPixels, ui::FigureLimits::maxPixels, true).toSize();
    if (parser.isSet(QStringLiteral("size-mm")))
        o.sizeMillimetres = sizePair(parser, QStringLiteral("size-mm"), ui::FigureLimits::minMillimetres,
                                     ui::FigureLimits::maxMillimetres, false);
    o.dpi = static_cast<int>(wholeNumber(parser, QStringLiteral("dpi"), ui::FigureLimits::minDpi, ui::FigureLimits::maxDpi));
    o.fontPoints = realNumber(parser, QStringLiteral("font-size"), ui::FigureLimits::minFontPoints, ui::FigureLimits::maxFontPoints, true);
    o.title = *ui::parseFigureTitle(choice(parser, QStringLiteral("title"),
                                           {QStringLiteral("full"), QStringLiteral("short"), QStringLiteral("none")}));
    o.selectionMarks = !parser.isSet(QStringLiteral("no-marks"));
    o.force = parser.isSet(QStringLiteral("force"));
    if (given(parser, "listen-rate"))
        o.tones.positionsPerSecond = realNumber(parser, QStringLiteral("listen-rate"), core::ToneSettings::minPositionsPerSecond,
                                                core::ToneSettings::maxPositionsPerSecond, true);
    if (given(parser, "listen-seconds"))
        o.tones.secondsPerDimension = realNumber(parser, QStringLiteral("listen-seconds"), core::ToneSettings::minSeconds,
                                                 core::ToneSettings::maxSeconds, true);
    if (given(parser, "restore") && given(parser, "no-restore"))
        throw BadValue{QStringLiteral("--restore and --no-restore both given; allowed: one of them")};
    o.recovery = given(parser, "restore")      ? LaunchOptions::Recovery::Restore
               : given(parser, "no-restore")   ? LaunchOptions::Recovery::Skip
                                               : LaunchOptions::Recovery::Ask;
    if (parser.isSet(QStringLiteral("encoding"))) {
        const QString source = parser.value(QStringLiteral("encoding"));
        if (source.trimmed().isEmpty())
            throw BadValue{QStringLiteral("--encoding: an empty file name; allowed: a .npy, .csv or .safetensors file, FILE:TENSOR for one tensor")};
        std::tie(o.encodingPath, o.encodingTensor) = ui::EncodingTable::splitSource(source);
        if (parser.isSet(QStringLiteral("export")) && !ui::viewUsesTable(o.view))
            throw BadValue{QStringLiteral("--encoding: the heatmap draws a loaded table, the similarity and waves views compare its "
                                          "rows and columns, the conventions view sets it beside the sinusoid, the precision view rounds "
                                          "it, the spectrum view analyses it and the methods view scores it (--method learned); --view "
                                          "%1 does not use one (allowed: --view %2)")
                               .arg(ui::viewName(o.view), tableViews().join(QStringLiteral(", --view ")))};
    }
    if (parser.isSet(QStringLiteral("export"))) {
        o.exportPath = parser.value(QStringLiteral("export"));
        if (o.exportPath.trimmed().isEmpty())
            throw BadValue{QStringLiteral("--export: an empty file name; allowed: a path ending in .png, .pdf, .svg, .npy, .csv "
                                          "or (the waves view) .wav")};
        const QString suffix = o.exportPath.section(QLatin1Char('.'), -1).toLower();
        const QStringList suffixes{QStringLiteral("png"), QStringLiteral("pdf"), QStringLiteral("svg"), QStringLiteral("npy"),
                                   QStringLiteral("csv"), QStringLiteral("wav")};
        if (!o.exportPath.contains(QLatin1Char('.')) || !suffixes.contains(suffix))
            throw BadValue{QStringLiteral("--export: %1 has no known suffix; allowed: .png, .pdf, .svg, .npy, .csv, .wav (the waves view)")
                               .arg(quoted(o.exportPath))};
        if (suffix == QLatin1String("wav") && !ui::describeView(o.view).exportsSound)
            throw BadValue{QStringLiteral("--export: %1: a sound is the %2 view's (its dimensions played as tones); allowed: "
                                          "--view %2, or for --view %3 .png, .pdf, .svg, .npy, .csv")
                               .arg(quoted(o.exportPath), ui::soundViewNames().join(QStringLiteral(" or ")), ui::viewName(o.view))};
        if (suffix == QLatin1String("wav") && !o.encodingPath.isEmpty())
            throw BadValue{QStringLiteral("--export: %1: a sound plays the sinusoid's frequencies, which a loaded table has not; "
                                          "allowed: --view waves without --encoding")
                               .arg(quoted(o.exportPath))};
    }
    return o;
}

} // namespace

std::variant<LaunchOptions, EarlyExit> parseCommandLine(const QStringList& arguments)
{
    // Kept with the options: the window reads the views' own options again over those used last.
    const auto kept = std::make_shared<QCommandLineParser>();
    QCommandLineParser& parser = *kept;
    addOptions(parser);
    const QString program = QStringLiteral("pe-explorer");
    if (!parser.parse(arguments))
        return EarlyExit{2, program + QStringLiteral(": ") + parser.errorText() + QStringLiteral("\nSee pe-explorer --help.")};
    if (parser.isSet(QStringLiteral("help")))
        return EarlyExit{0, parser.helpText().replace(QStringLiteral("<executable_name>"), program)};
    if (parser.isSet(QStringLiteral("version")))
        return EarlyExit{0, program + QLatin1Char(' ') + QCoreApplication::applicationVersion()};
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return EarlyExit{2, program + QStringLiteral(": unexpected argument ") + quoted(positional.at(1))
                                + QStringLiteral("; allowed: one session file; options start with --. See pe-explorer --help.")};
    if (!positional.isEmpty() && parser.isSet(QStringLiteral("session")))
        return EarlyExit{2, program + QStringLiteral(": --session: %1 and the argument %2 both name a session; allowed: one of them")
                                .arg(quoted(parser.value(QStringLiteral("session"))), quoted(positional.first()))};
    std::optional<ui::Session> session;
    const QString sessionPath = positional.isEmpty() ? parser.value(QStringLiteral("session")) : positional.first();
    if (!positional.isEmpty() || parser.isSet(QStringLiteral("session"))) {
        const ui::SessionResult read = ui::readSessionFile(sessionPath);
        if (const auto* error = std::get_if<ui::SessionError>(&read)) {
            const QString hint = positional.isEmpty() || QFileInfo::exists(sessionPath) ? QString()
                : QStringLiteral(" (a plain argument names a session file; options start with --. See pe-explorer --help.)");
            return EarlyExit{2, program + QStringLiteral(": session ") + error->message + hint};
        }
        session = std::get<ui::Session>(read);
    }
    try {
        LaunchOptions options = optionsFrom(parser, session);
        options.parsed = kept;
        options.sessionPath = sessionPath;
        options.session = std::move(session);
        // A session's table, unless --encoding names another: exports draw it as the window would.
        if (options.session && !options.session->table.isEmpty() && options.encodingPath.isEmpty() && !options.exportPath.isEmpty()) {
            options.encodingPath = options.session->table.path;
            options.encodingTensor = options.session->table.tensor;
            options.encodingFromSession = true;
        }
        return options;
    } catch (const BadValue& bad) {
        return EarlyExit{2, program + QStringLiteral(": ") + bad.message};
    }
}

ui::ViewState windowStartState(const LaunchOptions& options, const QMap<QString, QVariantMap>& rememberedViewOptions)
{
    ui::ViewState state = options.state;
    if (options.session)
        return state;
    for (auto remembered = rememberedViewOptions.begin(); remembered != rememberedViewOptions.end(); ++remembered) {
        const auto view = ui::parseView(remembered.key());
        if (!view || !ui::hasOwnOptions(*view))
            continue;
        QVariantMap start = ui::validViewOptions(*view, remembered.value());
        // What the command line gave, over those used last; when that is refused (a --head
        // beyond the heads used last), what it gave over the defaults, as already checked.
        if (options.viewOptionsGiven.contains(remembered.key())) {
            const ui::ViewDescription& d = ui::describeView(*view);
            if (!options.parsed || !d.readCommandLine || !d.readCommandLine(*options.parsed, start).isEmpty())
                continue;
        }
        state.setOptionsOf(*view, ui::validViewOptions(*view, start));
    }
    return state;
}

} // namespace pe::app
