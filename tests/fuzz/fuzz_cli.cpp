// SPDX-License-Identifier: MIT
// libFuzzer target for the command-line parser (app/commandline.h). The input is the argument
// list, one argument per line. Beyond "no crash": whatever it accepts lies inside the ranges
// DESIGN.md documents (checked here against the numbers, not through the parser's own helpers);
// whatever it refuses gets exit code 2 and a message; only --help and --version exit 0.
#include "fuzzcheck.h"

#include "ui/state/viewcatalog.h"

#include "app/commandline.h"
#include "ui/state/gridoptions.h"

#include <cstddef>
#include <cstdint>

namespace {

using pe::core::SpecLimits;

void requireDocumentedRanges(const pe::app::LaunchOptions& o)
{
    const auto& spec = o.spec;
    const auto& st = o.state;
    PE_FUZZ_REQUIRE(!pe::core::validationError(spec), "core rejects the accepted spec");
    PE_FUZZ_REQUIRE(spec.dModel >= 1 && spec.dModel <= 65536, "--d-model 1 to 65536");
    PE_FUZZ_REQUIRE(spec.maxLen >= 1 && spec.maxLen <= (std::int64_t{1} << 31), "--max-len 1 to 2^31");
    PE_FUZZ_REQUIRE(spec.base > 1 && spec.base <= 1e12, "--base above 1, at most 1e12");
    PE_FUZZ_REQUIRE(spec.firstPosition >= 0 && spec.firstPosition <= (std::int64_t{1} << 40), "--first-position 0 to 2^40");
    PE_FUZZ_REQUIRE(st.position >= 0 && st.position < spec.maxLen, "--position inside the matrix");
    PE_FUZZ_REQUIRE(st.dimension >= 0 && st.dimension < spec.dModel, "selected dimension inside the matrix");
    PE_FUZZ_REQUIRE(spec.firstPosition + st.position + st.offset >= 0, "--offset reaches no negative position");
    PE_FUZZ_REQUIRE(st.offset <= SpecLimits::maxFirstPosition, "--offset at most 2^40");
    PE_FUZZ_REQUIRE(st.dims.size() <= 64, "--dims at most 64");
    for (qsizetype i = 0; i < st.dims.size(); ++i) {
        PE_FUZZ_REQUIRE(st.dims[i] >= 0 && st.dims[i] < spec.dModel, "--dims inside d_model");
        PE_FUZZ_REQUIRE(st.dims.indexOf(st.dims[i]) == i, "--dims listed once");
    }
    const bool noBand = st.bandFirst == -1 && st.bandLast == -1;
    PE_FUZZ_REQUIRE(noBand || (st.bandFirst >= 0 && st.bandFirst <= st.bandLast && st.bandLast < pe::core::pairCount(spec)),
                    "band inside the pairs");
    const QStringList colormaps{QStringLiteral("viridis"), QStringLiteral("diverging"), QStringLiteral("grayscale")};
    PE_FUZZ_REQUIRE(colormaps.contains(st.colormap), "--colormap one of three");
    PE_FUZZ_REQUIRE(int(o.view) >= 0 && int(o.view) < pe::ui::viewNames().size(), "--view one of the views");
    const pe::ui::GridOptions grid = pe::ui::gridOptions(st); // --grid, --grid-resize: both sides 2 to 64, or none (guessed)
    for (const auto& [rows, cols] : {std::pair{grid.rows, grid.cols}, std::pair{grid.resizeRows, grid.resizeCols}})
        PE_FUZZ_REQUIRE((rows == 0 && cols == 0) || (rows >= 2 && rows <= 64 && cols >= 2 && cols <= 64), "--grid HxW, 2 to 64");
    PE_FUZZ_REQUIRE(grid.patchRow >= 0 && grid.patchRow < 64 && grid.patchCol >= 0 && grid.patchCol < 64, "--grid-patch 0 to 63");
    PE_FUZZ_REQUIRE(grid.head >= 1 && grid.head <= 64, "--grid-head 1 to 64");
    PE_FUZZ_REQUIRE(grid.headDim >= 0 && grid.headDim <= 4096, "--grid-head-dim 0 to 4096");
    PE_FUZZ_REQUIRE(grid.dimension >= 0 && grid.dimension < 65536, "--grid-dim 0 to 65535");
    PE_FUZZ_REQUIRE(!o.sizePixels.isValid() || (o.sizePixels.width() >= 1 && o.sizePixels.width() <= 20000
                                                 && o.sizePixels.height() >= 1 && o.sizePixels.height() <= 20000),
                    "--size 1 to 20000");
    PE_FUZZ_REQUIRE(!o.sizeMillimetres.isValid() || (o.sizeMillimetres.width() >= 10 && o.sizeMillimetres.width() <= 1000
                                                     && o.sizeMillimetres.height() >= 10 && o.sizeMillimetres.height() <= 1000),
                    "--size-mm 10 to 1000 (the export dialog's range)");
    PE_FUZZ_REQUIRE(o.fontPoints >= 5 && o.fontPoints <= 24, "--font-size 5 to 24");
    PE_FUZZ_REQUIRE(!(o.sizePixels.isValid() && o.sizeMillimetres.isValid()), "not both --size and --size-mm");
    PE_FUZZ_REQUIRE(o.dpi >= 30 && o.dpi <= 2400, "--dpi 30 to 2400");
    if (!o.exportPath.isEmpty()) {
        const QString suffix = o.exportPath.section(QLatin1Char('.'), -1).toLower();
        PE_FUZZ_REQUIRE(QStringList({"png", "pdf", "svg", "npy", "csv"}).contains(suffix), "--export with a known suffix");
    }
    if (o.session) {
        PE_FUZZ_REQUIRE(!o.sessionPath.isEmpty(), "a session has a path");
        PE_FUZZ_REQUIRE(pe::ui::settingsError(o.session->settings).isEmpty(), "an accepted session is valid");
    }
}

bool asksForHelpOrVersion(const QStringList& arguments)
{
    // QCommandLineParser also takes "--h" and "--v" for the one-letter names, and "-hv" compacted.
    const QStringList names{QStringLiteral("h"), QStringLiteral("?"), QStringLiteral("help"), QStringLiteral("help-all"),
                            QStringLiteral("v"), QStringLiteral("version")};
    for (const QString& a : arguments.mid(1)) {
        if (a.startsWith(QLatin1String("--")) && names.contains(a.mid(2)))
            return true;
        if (a.startsWith(QLatin1Char('-')) && !a.startsWith(QLatin1String("--"))
            && (a.contains(QLatin1Char('h')) || a.contains(QLatin1Char('v')) || a.contains(QLatin1Char('?'))))
            return true;
    }
    return false;
}

} // namespace

// Qt's warnings about odd file names (NUL bytes) would flood the log and slow the fuzzer.
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
    pe::ui::registerViewDescriptions(); // start-up's first phase, as main() has it: `--view` names them
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > 4096)
        return 0; // longer command lines add nothing but time
    QStringList arguments{QStringLiteral("pe-explorer")};
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    for (const QByteArray& line : bytes.split('\n'))
        arguments << QString::fromLocal8Bit(line);
    if (arguments.size() > 40)
        return 0;

    const auto parsed = pe::app::parseCommandLine(arguments);
    if (const auto* early = std::get_if<pe::app::EarlyExit>(&parsed)) {
        PE_FUZZ_REQUIRE(early->exitCode == 0 || early->exitCode == 2, "exit code 0 or 2");
        PE_FUZZ_REQUIRE(!early->text.trimmed().isEmpty() || early->exitCode == 0, "a refusal says why");
        if (early->exitCode == 2)
            PE_FUZZ_REQUIRE(early->text.startsWith(QLatin1String("pe-explorer: ")), "messages start with the program");
        else
            PE_FUZZ_REQUIRE(asksForHelpOrVersion(arguments), "exit 0 only for --help or --version");
        return 0;
    }
    requireDocumentedRanges(std::get<pe::app::LaunchOptions>(parsed));
    return 0;
}
