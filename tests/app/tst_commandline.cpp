// SPDX-License-Identifier: MIT
// The command-line parser itself (app/commandline.h): the settings that a data export cannot
// show (colormap, figure size, dpi, --force, selections), the defaults of DESIGN.md, rejected
// combinations, and that the recipe written into exports (ui::recipeCommand) parses back to the
// same settings.
// tst_cli covers the same contract end to end through the real executable.
#include "app/commandline.h"
#include "app/memoryreuse.h"
#include "ui/export/figureexport.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"
#include "ui/state/methodsoptions.h"
#include "ui/state/gridoptions.h"

#include <QtTest>

using pe::app::EarlyExit;
using pe::app::LaunchOptions;
using pe::app::parseCommandLine;
using pe::core::EncodingSpec;
using pe::core::FrequencyRule;
using pe::core::Layout;
using pe::ui::View;

namespace {

QStringList withProgram(const QStringList& arguments) { return QStringList{QStringLiteral("pe-explorer")} + arguments; }

/// Splits a POSIX shell command made of plain words, '…' quotes and backslash escapes.
QStringList shellWords(const QString& command)
{
    QStringList words;
    QString word;
    bool inWord = false, quoted = false, escaped = false;
    for (QChar ch : command) {
        if (escaped) {
            word += ch;
            escaped = false;
        } else if (quoted) {
            if (ch == QLatin1Char('\''))
                quoted = false;
            else
                word += ch;
        } else if (ch == QLatin1Char('\'')) {
            quoted = inWord = true;
        } else if (ch == QLatin1Char('\\')) {
            inWord = escaped = true;
        } else if (ch == QLatin1Char(' ')) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else {
            word += ch;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

QString describe(const LaunchOptions& o)
{
    QStringList dims;
    for (int d : o.state.dims)
        dims << QString::number(d);
    return QStringLiteral("d %1 len %2 base %3 layout %4 freq %5 first %6 view %7 dims [%8] pos %9 off %10 norm %11 "
                          "cmap %12 export '%13' force %14 size %15x%16 mm %17x%18 dpi %19")
        .arg(o.spec.dModel).arg(o.spec.maxLen).arg(o.spec.base, 0, 'g', 17)
        .arg(int(o.spec.layout)).arg(int(o.spec.frequencies)).arg(o.spec.firstPosition)
        .arg(int(o.view)).arg(dims.join(QLatin1Char(','))).arg(o.state.position).arg(o.state.offset)
        .arg(o.state.normalize).arg(o.state.colormap, o.exportPath).arg(o.force)
        .arg(o.sizePixels.width()).arg(o.sizePixels.height())
        .arg(o.sizeMillimetres.width()).arg(o.sizeMillimetres.height()).arg(o.dpi);
}

} // namespace

class TestCommandLine : public QObject {
    Q_OBJECT

private slots:
    void freedMemoryIsReused();
    void defaults();
    void everyOption();
    void defaultDimsFollowDModel_data();
    void defaultDimsFollowDModel();
    void accepted_data();
    void accepted();
    void rejected_data();
    void rejected();
    void helpAndVersion();
    void recipeRoundTrip_data();
    void recipeRoundTrip();
    void aModelNamedWinsOverTheRememberedOne();
    void gridOptions();
};

void TestCommandLine::defaults()
{
    const auto parsed = parseCommandLine(withProgram({}));
    QVERIFY(std::holds_alternative<LaunchOptions>(parsed));
    const auto& o = std::get<LaunchOptions>(parsed);
    // DESIGN.md: --d-model 64, --max-len 100, --base 10000, interleaved, paper, first 0, heatmap.
    QCOMPARE(o.spec.dModel, 64);
    QCOMPARE(o.spec.maxLen, std::int64_t(100));
    QCOMPARE(o.spec.base, 10000.0);
    QCOMPARE(o.spec.layout, Layout::Interleaved);
    QCOMPARE(o.spec.frequencies, FrequencyRule::Paper);
    QCOMPARE(o.spec.firstPosition, std::int64_t(0));
    QCOMPARE(o.view, pe::ui::views::heatmap);
    QCOMPARE(o.state.dims, (QList<int>{4, 5, 6, 7}));
    QCOMPARE(o.state.position, std::int64_t(0));
    QCOMPARE(o.state.offset, std::int64_t(1));
    QCOMPARE(o.state.normalize, false);
    QCOMPARE(o.state.colormap, QStringLiteral("viridis"));
    QVERIFY(o.exportPath.isEmpty());
    QCOMPARE(o.force, false);
    QVERIFY(!o.sizePixels.isValid());
    QVERIFY(!o.sizeMillimetres.isValid());
    QCOMPARE(o.positionGiven, false);
}

void TestCommandLine::everyOption()
{
    const auto parsed = parseCommandLine(withProgram(
        {"--export", "dir/out.csv", "--d-model", "7", "--max-len", "33", "--base", "500", "--layout", "split",
         "--frequencies", "tensor2tensor", "--first-position", "2", "--view", "offset", "--dims", "0,6,3",
         "--position", "32", "--offset", "-34", "--normalize", "--size-mm", "90.5x60", "--dpi", "600",
         "--colormap", "grayscale", "--force"}));
    QVERIFY2(std::holds_alternative<LaunchOptions>(parsed),
             std::holds_alternative<EarlyExit>(parsed) ? qPrintable(std::get<EarlyExit>(parsed).text) : "");
    const auto& o = std::get<LaunchOptions>(parsed);
    const EncodingSpec spec{7, 33, 500.0, Layout::Split, FrequencyRule::Tensor2Tensor, 2};
    QVERIFY(o.spec == spec);
    QCOMPARE(o.view, pe::ui::views::offset);
    QCOMPARE(o.state.dims, (QList<int>{0, 6, 3}));
    QCOMPARE(o.state.position, std::int64_t(32));
    QCOMPARE(o.positionGiven, true);
    QCOMPARE(o.state.offset, std::int64_t(-34)); // first 2 + position 32 − 34 = position 0: allowed
    QCOMPARE(o.state.normalize, true);
    QCOMPARE(o.state.colormap, QStringLiteral("grayscale"));
    QCOMPARE(o.exportPath, QStringLiteral("dir/out.csv"));
    QCOMPARE(o.force, true);
    QCOMPARE(o.sizeMillimetres, QSizeF(90.5, 60));
    QVERIFY(!o.sizePixels.isValid());
    QCOMPARE(o.dpi, 600);
}

void TestCommandLine::defaultDimsFollowDModel_data()
{
    QTest::addColumn<QString>("dModel");
    QTest::addColumn<QList<int>>("dims");
    QTest::newRow("d 8") << "8" << QList<int>{4, 5, 6, 7};
    QTest::newRow("d 6") << "6" << QList<int>{4, 5};
    QTest::newRow("d 5") << "5" << QList<int>{4};
    QTest::newRow("d 4") << "4" << QList<int>{};
    QTest::newRow("d 1") << "1" << QList<int>{};
}

void TestCommandLine::defaultDimsFollowDModel()
{
    QFETCH(QString, dModel);
    QFETCH(QList<int>, dims);
    const auto parsed = parseCommandLine(withProgram({"--d-model", dModel}));
    QVERIFY(std::holds_alternative<LaunchOptions>(parsed));
    QCOMPARE(std::get<LaunchOptions>(parsed).state.dims, dims);
}

void TestCommandLine::accepted_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected"); // describe() of the relevant parts, checked by contains

    QTest::newRow("size in pixels") << QStringList{"--size", "800x600"} << "size 800x600";
    QTest::newRow("size with X") << QStringList{"--size", "800X600"} << "size 800x600";
    QTest::newRow("size-mm whole") << QStringList{"--size-mm", "180x120"} << "mm 180x120";
    QTest::newRow("dpi bounds low") << QStringList{"--dpi", "30"} << "dpi 30";
    QTest::newRow("dpi bounds high") << QStringList{"--dpi", "2400"} << "dpi 2400";
    QTest::newRow("dims repeated once") << QStringList{"--dims", "3,3,1"} << "dims [3,1]";
    QTest::newRow("dims with spaces") << QStringList{"--dims", " 1, 2 "} << "dims [1,2]";
    QTest::newRow("d-model limits low") << QStringList{"--d-model", "1"} << "d 1 ";
    QTest::newRow("d-model limits high") << QStringList{"--d-model", "65536"} << "d 65536 ";
    QTest::newRow("max-len 2^31") << QStringList{"--max-len", "2147483648"} << "len 2147483648 ";
    QTest::newRow("base 1e4") << QStringList{"--base", "1e4"} << "base 10000 ";
    QTest::newRow("base 1e12") << QStringList{"--base", "1e12"} << "base 1000000000000 ";
    QTest::newRow("first-position 2^40") << QStringList{"--first-position", "1099511627776"} << "first 1099511627776 ";
    QTest::newRow("position last row") << QStringList{"--max-len", "10", "--position", "9"} << "pos 9 ";
    QTest::newRow("negative offset back to 0") << QStringList{"--position", "5", "--offset", "-5"} << "pos 5 off -5 ";
    QTest::newRow("colormap diverging") << QStringList{"--colormap", "diverging"} << "cmap diverging ";
    QTest::newRow("export upper-case suffix") << QStringList{"--export", "A.NPY"} << "export 'A.NPY'";
    QTest::newRow("export figure suffix") << QStringList{"--export", "fig.svg"} << "export 'fig.svg'";
}

void TestCommandLine::accepted()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const auto parsed = parseCommandLine(withProgram(arguments));
    QVERIFY2(std::holds_alternative<LaunchOptions>(parsed),
             std::holds_alternative<EarlyExit>(parsed) ? qPrintable(std::get<EarlyExit>(parsed).text) : "");
    const QString got = describe(std::get<LaunchOptions>(parsed));
    QVERIFY2(got.contains(expected), qPrintable(got));
}

void TestCommandLine::rejected_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mentions");

    QTest::newRow("size and size-mm") << QStringList{"--size", "800x600", "--size-mm", "10x10"} << QStringList{"--size", "--size-mm"};
    QTest::newRow("size fraction") << QStringList{"--size", "800.5x600"} << QStringList{"--size", "800.5x600", "whole"};
    QTest::newRow("size too wide") << QStringList{"--size", "20001x10"} << QStringList{"--size", "20001x10", "20000"};
    QTest::newRow("size not a pair") << QStringList{"--size", "800"} << QStringList{"--size", "'800'", "WIDTHxHEIGHT"};
    QTest::newRow("size negative") << QStringList{"--size", "-8x6"} << QStringList{"--size", "-8x6"};
    QTest::newRow("size-mm too large") << QStringList{"--size-mm", "1000.5x10"} << QStringList{"--size-mm", "1000.5x10", "1000"};
    QTest::newRow("dpi 29") << QStringList{"--dpi", "29"} << QStringList{"--dpi", "'29'", "30", "2400"};
    QTest::newRow("dpi 2401") << QStringList{"--dpi", "2401"} << QStringList{"--dpi", "'2401'", "30", "2400"};
    QTest::newRow("dims empty") << QStringList{"--dims", ""} << QStringList{"--dims", "''"};
    QTest::newRow("dims empty item") << QStringList{"--dims", "1,,2"} << QStringList{"--dims", "'1,,2'"};
    QTest::newRow("dims negative") << QStringList{"--dims", "-1"} << QStringList{"--dims", "'-1'", "0 to 63"};
    QString many;
    for (int i = 0; i < 17; ++i)
        many += (i ? "," : "") + QString::number(i);
    // The same limit as the window's wave plot and sessions (WindowLimits::maxWaveDims).
    QTest::newRow("dims 17 of them") << QStringList{"--d-model", "128", "--dims", many} << QStringList{"--dims", "17", "at most 16"};
    QTest::newRow("offset below 0") << QStringList{"--position", "3", "--first-position", "2", "--offset", "-6"}
                                    << QStringList{"--offset", "'-6'", "-5"};
    QTest::newRow("offset too large") << QStringList{"--offset", "1099511627777"} << QStringList{"--offset", "'1099511627777'"};
    QTest::newRow("view by case") << QStringList{"--view", "Heatmap"} << QStringList{"--view", "'Heatmap'", "heatmap"};
    QTest::newRow("compare unknown") << QStringList{"--compare", "rope"} << QStringList{"--compare", "'rope'", "shifted-cosine"};
    QTest::newRow("format unknown") << QStringList{"--format", "fp8"} << QStringList{"--format", "'fp8'", "bfloat16"};
    QTest::newRow("precision unknown") << QStringList{"--precision", "mixed"} << QStringList{"--precision", "'mixed'", "stored"};
    QTest::newRow("export spaces only") << QStringList{"--export", "  "} << QStringList{"--export"};
    QTest::newRow("export dot only suffix") << QStringList{"--export", "file."} << QStringList{"--export", "'file.'", ".npy"};
    QTest::newRow("unknown short option") << QStringList{"-x"} << QStringList{"'x'"};
}

void TestCommandLine::rejected()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mentions);
    const auto parsed = parseCommandLine(withProgram(arguments));
    QVERIFY2(std::holds_alternative<EarlyExit>(parsed), qPrintable(std::holds_alternative<LaunchOptions>(parsed)
                                                                      ? describe(std::get<LaunchOptions>(parsed)) : QString()));
    const auto& early = std::get<EarlyExit>(parsed);
    QCOMPARE(early.exitCode, 2);
    for (const QString& word : mentions)
        QVERIFY2(early.text.contains(word), qPrintable(QStringLiteral("'%1' not in: %2").arg(word, early.text)));
}

void TestCommandLine::helpAndVersion()
{
    QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    for (const QString& flag : {QStringLiteral("--help"), QStringLiteral("-h")}) {
        const auto parsed = parseCommandLine(withProgram({flag}));
        QVERIFY(std::holds_alternative<EarlyExit>(parsed));
        QCOMPARE(std::get<EarlyExit>(parsed).exitCode, 0);
        QVERIFY(std::get<EarlyExit>(parsed).text.contains(QLatin1String("--export")));
        QVERIFY(!std::get<EarlyExit>(parsed).text.contains(QLatin1String("<executable_name>")));
    }
    // --help wins over bad values given with it.
    const auto helpWithBad = parseCommandLine(withProgram({"--d-model", "0", "--help"}));
    QVERIFY(std::holds_alternative<EarlyExit>(helpWithBad));
    QCOMPARE(std::get<EarlyExit>(helpWithBad).exitCode, 0);

    const auto version = parseCommandLine(withProgram({"--version"}));
    QVERIFY(std::holds_alternative<EarlyExit>(version));
    QCOMPARE(std::get<EarlyExit>(version).exitCode, 0);
    QVERIFY(std::get<EarlyExit>(version).text.contains(QLatin1String("9.8.7")));
}

void TestCommandLine::recipeRoundTrip_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("defaults") << QStringList{"--export", "a.npy"};
    QTest::newRow("everything") << QStringList{"--export", "out/b.csv", "--d-model", "7", "--max-len", "33", "--base", "500.25",
                                               "--layout", "split", "--frequencies", "tensor2tensor", "--first-position", "2",
                                               "--view", "similarity", "--dims", "6,0", "--position", "4", "--offset", "-3",
                                               "--normalize", "--colormap", "diverging"};
    QTest::newRow("pixels") << QStringList{"--export", "c.png", "--size", "1200x800", "--view", "waves"};
    QTest::newRow("millimetres") << QStringList{"--export", "d.pdf", "--size-mm", "90.5x60.25", "--dpi", "450"};
    QTest::newRow("no dims for d 3") << QStringList{"--export", "e.svg", "--d-model", "3", "--view", "bands"};
    QTest::newRow("conventions") << QStringList{"--export", "g.pdf", "--view", "conventions", "--compare", "shifted-cosine"};
    QTest::newRow("precision") << QStringList{"--export", "h.svg", "--view", "precision", "--format", "bfloat16", "--precision", "stored"};
    QTest::newRow("bands in float16") << QStringList{"--export", "i.png", "--view", "bands", "--format", "float16"};
    QTest::newRow("awkward base") << QStringList{"--export", "f.npy", "--base", "10000.000000000002"};
    // A view's own options, written by its entry (writeCommandLine) and read back by it.
    QTest::newRow("methods, T5 causal") << QStringList{"--export", "j.pdf", "--method", "t5", "--buckets", "16", "--max-distance", "40",
                                                       "--mask", "causal", "--t5-head", "3"};
    QTest::newRow("methods, ALiBi both ways") << QStringList{"--export", "k.png", "--method", "alibi", "--heads", "12", "--head", "0",
                                                             "--mask", "none", "--clip", "7"};
    QTest::newRow("methods, defaults") << QStringList{"--export", "l.svg", "--view", "methods"};
    QTest::newRow("rope model") << QStringList{"--export", "m.pdf", "--model", "qwen2.5-7b-yarn", "--compare-config", "no-scaling"};
    QTest::newRow("grid") << QStringList{"--export", "n.png", "--grid-source", "rope-mixed", "--grid", "6x9", "--grid-patch", "2,3",
                                         "--grid-dim", "5", "--grid-head", "4", "--grid-head-dim", "96", "--grid-data", "patch",
                                         "--grid-class-token", "no"};
    QTest::newRow("grid, class token query") << QStringList{"--export", "o.png", "--grid-patch", "cls", "--grid-resize", "8x8"};
    QTest::newRow("path with space and quote") << QStringList{"--export", "my dir/it's.npy"};
}

namespace {

// What the headless export makes of the options (app/headlessexport.cpp).
pe::ui::ExportRequest requestFrom(const LaunchOptions& o)
{
    pe::ui::ExportRequest request;
    request.spec = o.spec;
    request.state = o.state;
    request.view = o.view;
    request.path = o.exportPath;
    request.overwrite = o.force;
    return request;
}

pe::ui::FigureSize sizeFrom(const LaunchOptions& o)
{
    pe::ui::FigureSize size = pe::ui::singleColumnFigure();
    size.dpi = o.dpi;
    if (o.sizePixels.isValid())
        size.pixels = o.sizePixels;
    if (o.sizeMillimetres.isValid())
        size.millimetres = o.sizeMillimetres;
    return size;
}

} // namespace

void TestCommandLine::recipeRoundTrip()
{
    QFETCH(QStringList, arguments);
    const auto first = parseCommandLine(withProgram(arguments));
    QVERIFY(std::holds_alternative<LaunchOptions>(first));
    const LaunchOptions& a = std::get<LaunchOptions>(first);
    const QString recipe = pe::ui::recipeCommand(requestFrom(a), sizeFrom(a));
    const QStringList words = shellWords(recipe);
    QVERIFY2(!words.isEmpty() && words.first() == QLatin1String("pe-explorer"), qPrintable(recipe));
    const auto second = parseCommandLine(words);
    QVERIFY2(std::holds_alternative<LaunchOptions>(second),
             qPrintable(recipe + QLatin1Char('\n') + (std::holds_alternative<EarlyExit>(second) ? std::get<EarlyExit>(second).text : QString())));
    const LaunchOptions& b = std::get<LaunchOptions>(second);
    QVERIFY2(b.spec == a.spec, qPrintable(describe(b) + QLatin1Char('\n') + describe(a))); // base bit-exact
    QVERIFY(b.state.dims == a.state.dims);
    QCOMPARE(b.state.position, a.state.position);
    QCOMPARE(b.state.offset, a.state.offset);
    QCOMPARE(b.state.normalize, a.state.normalize);
    QCOMPARE(b.state.colormap, a.state.colormap);
    QCOMPARE(b.view, a.view);
    if (pe::ui::hasOwnOptions(a.view))
        QCOMPARE(b.state.optionsOf(a.view), a.state.optionsOf(a.view));
    if (a.view == pe::ui::views::conventions)
        QCOMPARE(b.state.comparison, a.state.comparison);
    if (a.view == pe::ui::views::precision || a.view == pe::ui::views::bands) {
        QCOMPARE(b.state.format, a.state.format);
        QCOMPARE(b.state.precisionMode, a.state.precisionMode);
    }
    QCOMPARE(b.exportPath, a.exportPath);
    // The same figure size, and the recipe of the recipe is the recipe.
    QCOMPARE(pe::ui::recipeCommand(requestFrom(b), sizeFrom(b)), recipe);
}

// main() asks glibc to keep freed blocks for the next frame. It did nothing for a long time (the
// C library's macro was tested before any header defined it): every large block was mapped
// afresh on every frame, a page fault per 4 KiB.
void TestCommandLine::freedMemoryIsReused()
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) // AddressSanitizer brings its own allocator
    QVERIFY(pe::app::reuseFreedMemory());
#endif
}

void TestCommandLine::aModelNamedWinsOverTheRememberedOne()
{
    // The window starts from the RoPE and grid views' options used last, but --model names the
    // model and a --grid option the grid.
    pe::ui::RopeOptions remembered;
    remembered.scale = 16;
    remembered.model = QStringLiteral("llama-2-7b");
    pe::ui::EmbeddingsOptions sentence;
    sentence.sentence = QStringLiteral("Remembered words.");
    const auto named = parseCommandLine(withProgram({"--model", "llama-3.1-8b", "--compare-config", "no-scaling"}));
    QVERIFY(std::holds_alternative<LaunchOptions>(named));
    pe::ui::GridOptions grid;
    grid.source = pe::ui::GridSource::MRope;
    grid.rows = 6;
    grid.cols = 9;
    const QMap<QString, QVariantMap> rememberedViews{{QStringLiteral("grid"), pe::ui::toVariantMap(grid)},
                                                     {QStringLiteral("rope"), pe::ui::toVariantMap(remembered)},
                                                     {QStringLiteral("embeddings"), pe::ui::toVariantMap(sentence)}};
    const pe::ui::ViewState state = pe::app::windowStartState(std::get<LaunchOptions>(named), rememberedViews);
    QCOMPARE(ropeOptions(state).model, QStringLiteral("llama-3.1-8b"));
    QCOMPARE(ropeOptions(state).compare, pe::ui::RopeOptions::noScaling);
    QCOMPARE(ropeOptions(state).scale, 16.0); // the rest as used last
    QCOMPARE(embeddingsOptions(state).sentence, QStringLiteral("Remembered words."));
    const auto plain = parseCommandLine(withProgram({}));
    const pe::ui::ViewState last = pe::app::windowStartState(std::get<LaunchOptions>(plain), rememberedViews);
    QCOMPARE(pe::ui::ropeOptions(last).model, QStringLiteral("llama-2-7b"));
    QVERIFY(pe::ui::gridOptions(last) == grid); // the grid used last
    QVERIFY(pe::ui::gridOptions(state) == grid);
    // Any --grid option: given over the grid used last, as --model over the RoPE options.
    const auto gridNamed = parseCommandLine(withProgram({"--grid-patch", "2,3"}));
    const pe::ui::ViewState asked = pe::app::windowStartState(std::get<LaunchOptions>(gridNamed), rememberedViews);
    QCOMPARE(pe::ui::gridOptions(asked).patchRow, 2);
    QCOMPARE(pe::ui::gridOptions(asked).patchCol, 3);
    QCOMPARE(pe::ui::gridOptions(asked).source, pe::ui::GridSource::MRope);
    QCOMPARE(pe::ui::gridOptions(asked).rows, 6);
    // Given over the remembered ones, a value they refuse (the head beyond the heads used last)
    // leaves what the command line gave over the defaults.
    pe::ui::MethodOptions fewHeads;
    fewHeads.heads = 2;
    fewHeads.clip = 9;
    const auto headNamed = parseCommandLine(withProgram({"--head", "5"}));
    QVERIFY(std::holds_alternative<LaunchOptions>(headNamed));
    const pe::ui::ViewState heads = pe::app::windowStartState(std::get<LaunchOptions>(headNamed),
                                                              {{QStringLiteral("methods"), pe::ui::toVariantMap(fewHeads)}});
    QCOMPARE(pe::ui::methodOptions(heads).head, 5);
    QCOMPARE(pe::ui::methodOptions(heads).heads, pe::ui::MethodOptions{}.heads);
    QCOMPARE(pe::ui::methodOptions(heads).clip, pe::ui::MethodOptions{}.clip);
    // A view's own option names that view, unless --view names another.
    const auto method = parseCommandLine(withProgram({"--method", "t5", "--export", "t5.png"}));
    QVERIFY(std::holds_alternative<LaunchOptions>(method));
    QCOMPARE(std::get<LaunchOptions>(method).view, pe::ui::views::methods);
    const auto heatmap = parseCommandLine(withProgram({"--view", "heatmap", "--method", "t5", "--export", "t5.png"}));
    QVERIFY(std::holds_alternative<LaunchOptions>(heatmap));
    QCOMPARE(std::get<LaunchOptions>(heatmap).view, pe::ui::views::heatmap);
    QCOMPARE(pe::ui::methodOptions(std::get<LaunchOptions>(heatmap).state).method, pe::ui::ScoreMethod::T5);
}

void TestCommandLine::gridOptions()
{
    const auto parsed = parseCommandLine(withProgram({"--grid", "24x32", "--grid-patch", "3,31", "--grid-source", "rope-mixed",
                                                      "--grid-head", "5", "--grid-resize", "12x16", "--grid-dim", "7",
                                                      "--grid-class-token", "no", "--grid-data", "patch", "--grid-head-dim", "48"}));
    QVERIFY(std::holds_alternative<LaunchOptions>(parsed));
    const LaunchOptions& o = std::get<LaunchOptions>(parsed);
    QCOMPARE(o.view, pe::ui::views::grid); // a grid option names its view
    const pe::ui::GridOptions g = pe::ui::gridOptions(o.state);
    QCOMPARE(g.rows, 24); // H x W: rows first
    QCOMPARE(g.cols, 32);
    QCOMPARE(g.patchRow, 3);
    QCOMPARE(g.patchCol, 31);
    QCOMPARE(g.source, pe::ui::GridSource::RopeMixed);
    QCOMPARE(g.head, 5);
    QCOMPARE(g.headDim, 48);
    QCOMPARE(g.resizeRows, 12);
    QCOMPARE(g.resizeCols, 16);
    QCOMPARE(g.dimension, 7);
    QCOMPARE(g.classToken, pe::core::ClassToken::No);
    QCOMPARE(g.data, pe::ui::GridExport::Patch);
    const auto cls = parseCommandLine(withProgram({"--grid-patch", "cls", "--view", "heatmap"}));
    QVERIFY(pe::ui::gridOptions(std::get<LaunchOptions>(cls).state).classTokenQuery);
    QCOMPARE(std::get<LaunchOptions>(cls).view, pe::ui::views::heatmap); // --view given wins
    // Any grid option names the grid view (its entry declares them all), as the README says.
    const auto data = parseCommandLine(withProgram({"--grid-data", "patch"}));
    QCOMPARE(std::get<LaunchOptions>(data).view, pe::ui::views::grid);
    QCOMPARE(pe::ui::gridOptions(std::get<LaunchOptions>(data).state).data, pe::ui::GridExport::Patch);
}

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
