// SPDX-License-Identifier: MIT
// Figure export as users and scripts meet it (DESIGN.md, "Command line"): every test runs the
// real pe-explorer executable through QProcess, in a fresh temporary folder, with DISPLAY,
// WAYLAND_DISPLAY and QT_QPA_PLATFORM removed from its environment.
//
// What is checked, and with what (never with code of the program):
//   1. every view × every format exports (exit 0, a non-empty file of the right kind and size):
//      PNG with QImage, PDF with poppler's pdfinfo/pdftoppm, SVG with QXmlStreamReader, .npy
//      headers and .csv lines parsed here;
//   2. the recipe stored in each figure (PNG text chunk, PDF XMP, SVG <metadata>) is a shell
//      command that re-makes the same data, byte for byte;
//   3. the heatmap stays vector in PDF/SVG: cells embedded losslessly at data resolution
//      (pdfimages), text as text (pdftotext), SVG cells not smoothed;
//   4. refused figures: exit 2 or 1, a message, and no file left behind;
//   5. the look of each view compared with reference PNGs in baselines/ (see README.md;
//      PE_UPDATE_BASELINES=1 rewrites them).
#include <QtTest>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <algorithm>
#include <functional>
#include <cmath>
#include <optional>

#include "tests/common/runprogram.h"

#ifndef PE_EXPLORER_EXE
#error "PE_EXPLORER_EXE must name the pe-explorer executable"
#endif
#ifndef PE_BASELINE_DIR
#error "PE_BASELINE_DIR must name tests/figures/baselines"
#endif

namespace {

// ---------------------------------------------------------------------------------------------
// Running programs (the pattern of tests/app/tst_cli.cpp).

using testsupport::Run;
using testsupport::runProgram;

Run runCli(const QStringList& arguments, const QString& workingDirectory)
{
    return runProgram(QStringLiteral(PE_EXPLORER_EXE), arguments, workingDirectory);
}

/// A poppler-utils tool (pdfinfo, pdftoppm, pdfimages, pdftotext), or an empty string.
QString poppler(const QString& tool)
{
    return QStandardPaths::findExecutable(tool);
}

#define REQUIRE_POPPLER(tool)                                                                       \
    do {                                                                                            \
        if (poppler(QStringLiteral(tool)).isEmpty())                                                \
            QFAIL(tool " not found: install poppler-utils (the PDF checks need it)");               \
    } while (false)

/// Every entry of a folder, hidden ones included (QSaveFile's temporary files would show here).
QStringList listing(const QString& folder)
{
    QStringList entries = QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    entries.sort();
    return entries;
}

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QStringList exportArgs(const QString& file, const QStringList& options) { return QStringList{QStringLiteral("--export"), file} + options; }

/// The views the program lists for `--view` in its --help, in the order of its view bar: every
/// view, a new one too, without this file naming it.
const QStringList& allViews()
{
    static const QStringList views = [] {
        const Run run = runCli({QStringLiteral("--help")}, QDir::tempPath());
        const QString help = run.outText().simplified();
        const QRegularExpressionMatch list
            = QRegularExpression(QStringLiteral("--view <NAME> [^:]*: ([a-z0-9, ]+) \\(default")).match(help);
        QStringList names = list.captured(1).split(QStringLiteral(", "), Qt::SkipEmptyParts);
        if (names.size() < 12)
            qFatal("pe-explorer --help lists %lld views for --view (12 or more expected): %s", qlonglong(names.size()),
                   qPrintable(help.left(400)));
        return names;
    }();
    return views;
}

// ---------------------------------------------------------------------------------------------
// Reading the files.

/// The shape in a .npy header (format 1.0 or 2.0), or an error.
struct NpyShape {
    QString error;
    qint64 rows = -1, cols = -1;
};

NpyShape npyShape(const QByteArray& bytes)
{
    NpyShape shape;
    if (bytes.size() < 10 || !bytes.startsWith(QByteArray("\x93NUMPY", 6))) {
        shape.error = QStringLiteral("no \\x93NUMPY magic");
        return shape;
    }
    const auto major = static_cast<unsigned char>(bytes[6]);
    qint64 headerLen = 0, prefix = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
        prefix = 10;
    } else if (major == 2 && bytes.size() >= 12) {
        for (int i = 0; i < 4; ++i)
            headerLen |= qint64(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        prefix = 12;
    } else {
        shape.error = QStringLiteral("unknown format version %1").arg(major);
        return shape;
    }
    const QString dict = QString::fromLatin1(bytes.mid(prefix, headerLen));
    static const QRegularExpression descr(QStringLiteral("'descr'\\s*:\\s*'<f8'"));
    static const QRegularExpression fortran(QStringLiteral("'fortran_order'\\s*:\\s*False"));
    static const QRegularExpression dims(QStringLiteral("'shape'\\s*:\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,?\\s*\\)"));
    const auto s = dims.match(dict);
    if (!descr.match(dict).hasMatch() || !fortran.match(dict).hasMatch() || !s.hasMatch()) {
        shape.error = QStringLiteral("header is not '<f8', C order, 2-d: %1").arg(dict);
        return shape;
    }
    shape.rows = s.captured(1).toLongLong();
    shape.cols = s.captured(2).toLongLong();
    if (bytes.size() != prefix + headerLen + shape.rows * shape.cols * 8)
        shape.error = QStringLiteral("%1 bytes do not hold a (%2, %3) float64 array").arg(bytes.size()).arg(shape.rows).arg(shape.cols);
    return shape;
}

/// Lines and fields of a .csv (no header, comma-separated numbers, newline-terminated).
NpyShape csvShape(const QByteArray& bytes)
{
    NpyShape shape;
    if (!bytes.endsWith('\n')) {
        shape.error = QStringLiteral("the last line has no newline");
        return shape;
    }
    const QList<QByteArray> lines = bytes.chopped(1).split('\n');
    shape.rows = lines.size();
    for (const QByteArray& line : lines) {
        const QList<QByteArray> fields = line.split(',');
        if (shape.cols < 0)
            shape.cols = fields.size();
        if (fields.size() != shape.cols) {
            shape.error = QStringLiteral("lines with %1 and %2 fields").arg(shape.cols).arg(fields.size());
            return shape;
        }
        for (const QByteArray& field : fields) {
            bool ok = false;
            field.toDouble(&ok);
            if (!ok) {
                shape.error = QStringLiteral("'%1' is not a number").arg(QString::fromLatin1(field));
                return shape;
            }
        }
    }
    return shape;
}

/// More than one colour: a blank canvas is not a figure.
bool hasContent(const QImage& image)
{
    const QImage rgb = image.convertToFormat(QImage::Format_ARGB32);
    const QRgb first = rgb.pixel(0, 0);
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x)
            if (line[x] != first)
                return true;
    }
    return false;
}

/// A figure's outermost rows and columns are background, like the ones next to them: a line of
/// black or transparent pixels there is padding, not drawing. Returns what is wrong, or "".
QString edgeProblem(const QImage& image)
{
    const QImage rgb = image.convertToFormat(QImage::Format_ARGB32);
    const int w = rgb.width(), h = rgb.height();
    auto differs = [&](int x1, int y1, int x2, int y2) {
        const QRgb p = rgb.pixel(x1, y1), q = rgb.pixel(x2, y2);
        return std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)), std::abs(qBlue(p) - qBlue(q)),
                         std::abs(qAlpha(p) - qAlpha(q))}) > 48;
    };
    struct Edge { const char* name; int count; std::function<bool(int)> bad; };
    const Edge edges[] = {
        {"left column", h, [&](int y) { return differs(0, y, 1, y); }},
        {"right column", h, [&](int y) { return differs(w - 1, y, w - 2, y); }},
        {"top row", w, [&](int x) { return differs(x, 0, x, 1); }},
        {"bottom row", w, [&](int x) { return differs(x, h - 1, x, h - 2); }},
    };
    for (const Edge& edge : edges) {
        int bad = 0;
        for (int i = 0; i < edge.count; ++i)
            bad += edge.bad(i);
        if (bad > edge.count / 10) {
            const QRgb sample = edge.name[0] == 'r' ? rgb.pixel(w - 1, h / 2) : edge.name[0] == 'b' ? rgb.pixel(w / 2, h - 1)
                              : edge.name[0] == 'l' ? rgb.pixel(0, h / 2) : rgb.pixel(w / 2, 0);
            return QStringLiteral("the %1 of the %2 × %3 image differs from its neighbour in %4 of %5 pixels "
                                  "(e.g. #%6): padding instead of figure")
                .arg(QLatin1String(edge.name)).arg(w).arg(h).arg(bad).arg(edge.count).arg(sample, 8, 16, QLatin1Char('0'));
        }
    }
    return {};
}

/// What an SVG file holds, read with QXmlStreamReader to the end.
struct Svg {
    QString error;
    QString rootName, rootNamespace;
    QString width, height;   ///< attributes of the root, as written
    QString recipe;          ///< text of <pe:recipe xmlns:pe="urn:pe-explorer:recipe">
    int recipeCount = 0;
    int drawingElements = 0; ///< path, polyline, polygon, rect, text, image, line, ellipse, circle
    QList<QXmlStreamAttributes> images;
};

Svg readSvg(const QByteArray& bytes)
{
    Svg svg;
    QXmlStreamReader xml(bytes);
    bool root = true;
    const QStringList drawing{QStringLiteral("path"), QStringLiteral("polyline"), QStringLiteral("polygon"),
                              QStringLiteral("rect"), QStringLiteral("text"), QStringLiteral("image"),
                              QStringLiteral("line"), QStringLiteral("ellipse"), QStringLiteral("circle")};
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (root) {
            svg.rootName = xml.name().toString();
            svg.rootNamespace = xml.namespaceUri().toString();
            svg.width = xml.attributes().value(QStringLiteral("width")).toString();
            svg.height = xml.attributes().value(QStringLiteral("height")).toString();
            root = false;
        }
        if (xml.namespaceUri() == QLatin1String("urn:pe-explorer:recipe") && xml.name() == QLatin1String("recipe")) {
            ++svg.recipeCount;
            svg.recipe = xml.readElementText();
            continue;
        }
        if (drawing.contains(xml.name().toString()))
            ++svg.drawingElements;
        if (xml.name() == QLatin1String("image"))
            svg.images << xml.attributes();
    }
    if (xml.hasError())
        svg.error = QStringLiteral("line %1, column %2: %3").arg(xml.lineNumber()).arg(xml.columnNumber()).arg(xml.errorString());
    return svg;
}

/// "88.9mm" → 88.9, or nullopt when the length is not in millimetres.
std::optional<double> millimetres(const QString& length)
{
    static const QRegularExpression mm(QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]*)?)\\s*mm\\s*$"));
    const auto match = mm.match(length);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1).toDouble();
}

/// dc:description (its rdf:li) of an XMP packet.
QString xmpDescription(const QByteArray& xmp, QString* error)
{
    QXmlStreamReader xml(xmp);
    const QString dc = QStringLiteral("http://purl.org/dc/elements/1.1/");
    bool inDescription = false;
    QString text;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.namespaceUri() == dc && xml.name() == QLatin1String("description"))
            inDescription = true;
        else if (xml.isEndElement() && xml.namespaceUri() == dc && xml.name() == QLatin1String("description"))
            inDescription = false;
        else if (inDescription && xml.isStartElement() && xml.name() == QLatin1String("li"))
            text = xml.readElementText();
    }
    if (xml.hasError() && error)
        *error = QStringLiteral("XMP is not well-formed: %1").arg(xml.errorString());
    return text;
}

/// The page size that pdfinfo reports, in points.
std::optional<QSizeF> pdfPageSize(const QString& pdfinfoOutput)
{
    static const QRegularExpression page(QStringLiteral("Page size:\\s+([0-9.]+) x ([0-9.]+) pts"));
    const auto match = page.match(pdfinfoOutput);
    if (!match.hasMatch())
        return std::nullopt;
    return QSizeF(match.captured(1).toDouble(), match.captured(2).toDouble());
}

constexpr double mmPerPoint = 25.4 / 72.0;

// ---------------------------------------------------------------------------------------------
// The recipe: a POSIX shell command line.

/// Splits a shell command line into words: blanks separate words; '…' is literal; "…" keeps
/// everything but \" \\ \$ \` (unescaped); a backslash outside quotes escapes the next character.
/// Rejects unterminated quotes and anything a shell would expand ($, `, globs, ;, |, &, <, >),
/// since then the recipe would not mean what the words say.
std::optional<QStringList> shellWords(const QString& line, QString* error)
{
    QStringList words;
    QString word;
    bool inWord = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (c == QLatin1Char('\'')) {
            const qsizetype end = line.indexOf(QLatin1Char('\''), i + 1);
            if (end < 0) {
                *error = QStringLiteral("unterminated ' at %1").arg(i);
                return std::nullopt;
            }
            word += line.mid(i + 1, end - i - 1);
            inWord = true;
            i = end;
        } else if (c == QLatin1Char('"')) {
            inWord = true;
            for (++i;; ++i) {
                if (i >= line.size()) {
                    *error = QStringLiteral("unterminated \"");
                    return std::nullopt;
                }
                const QChar d = line[i];
                if (d == QLatin1Char('"'))
                    break;
                if (d == QLatin1Char('$') || d == QLatin1Char('`')) {
                    *error = QStringLiteral("%1 inside \"…\" would be expanded by a shell").arg(d);
                    return std::nullopt;
                }
                if (d == QLatin1Char('\\') && i + 1 < line.size() && QStringLiteral("\"\\$`").contains(line[i + 1]))
                    word += line[++i];
                else
                    word += d;
            }
        } else if (c == QLatin1Char('\\')) {
            if (i + 1 >= line.size()) {
                *error = QStringLiteral("a trailing backslash");
                return std::nullopt;
            }
            word += line[++i];
            inWord = true;
        } else if (c == QLatin1Char(' ') || c == QLatin1Char('\t')) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else if (QStringLiteral("$`;|&<>*?[]{}()#~!\n").contains(c)) {
            *error = QStringLiteral("unquoted '%1' at %2 would be interpreted by a shell").arg(c).arg(i);
            return std::nullopt;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

/// "--option value" pairs and bare flags of an argument list (after the program name).
QMap<QString, QString> optionMap(const QStringList& arguments, QString* error)
{
    static const QStringList flags{QStringLiteral("--normalize"), QStringLiteral("--force")};
    QMap<QString, QString> map;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (!a.startsWith(QLatin1String("--"))) {
            *error = QStringLiteral("'%1' is not an option").arg(a);
            return {};
        }
        if (map.contains(a)) {
            *error = QStringLiteral("%1 appears twice").arg(a);
            return {};
        }
        if (flags.contains(a)) {
            map.insert(a, QString());
        } else if (i + 1 < arguments.size()) {
            map.insert(a, arguments[++i]);
        } else {
            *error = QStringLiteral("%1 has no value").arg(a);
            return {};
        }
    }
    return map;
}

bool sameValue(const QString& a, const QString& b)
{
    if (a == b)
        return true;
    bool okA = false, okB = false;
    const double x = a.toDouble(&okA), y = b.toDouble(&okB);
    return okA && okB && x == y;
}

// ---------------------------------------------------------------------------------------------
// Baselines.

/// The comparison rule: a pixel "differs" when any of its channels (R, G, B, A) differs by more
/// than 48 of 255; the figure fails when more than 1% of its pixels differ, or when the sizes
/// differ. Anti-aliasing, font hinting or a one-pixel shift of a line stay far below that; a
/// missing legend, a moved axis, another colour map or a clipped title do not.
constexpr int channelTolerance = 48;
constexpr double differingFraction = 0.01;

struct PixelDiff {
    qint64 differing = 0;
    qint64 total = 0;
    QImage map; ///< red where pixels differ, a faded copy of the baseline elsewhere
};

PixelDiff comparePixels(const QImage& baseline, const QImage& actual)
{
    PixelDiff diff;
    const QImage a = baseline.convertToFormat(QImage::Format_ARGB32);
    const QImage b = actual.convertToFormat(QImage::Format_ARGB32);
    diff.map = QImage(a.size(), QImage::Format_ARGB32);
    diff.total = qint64(a.width()) * a.height();
    for (int y = 0; y < a.height(); ++y) {
        const auto* la = reinterpret_cast<const QRgb*>(a.constScanLine(y));
        const auto* lb = reinterpret_cast<const QRgb*>(b.constScanLine(y));
        auto* lm = reinterpret_cast<QRgb*>(diff.map.scanLine(y));
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = la[x], q = lb[x];
            const int worst = std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                        std::abs(qBlue(p) - qBlue(q)), std::abs(qAlpha(p) - qAlpha(q))});
            if (worst > channelTolerance) {
                ++diff.differing;
                lm[x] = qRgb(255, 0, 0);
            } else {
                const int grey = 200 + qGray(p) * 55 / 255;
                lm[x] = qRgb(grey, grey, grey);
            }
        }
    }
    return diff;
}

QString failureFolder()
{
    return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("baseline-failures"));
}

} // namespace

// ---------------------------------------------------------------------------------------------

class TestFigures : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    void everyViewEveryFormat_data();
    void everyViewEveryFormat();

    void printSizes_data();
    void printSizes();

    void recipeRoundTrip_data();
    void recipeRoundTrip();

    void heatmapPdfIsVector();
    void binnedHeatmapFigureLabelsNoPixels();
    void heatmapSvgCellsUnsmoothed();

    void refusedFigures_data();
    void refusedFigures();
    void existingFigureNeedsForce_data();
    void existingFigureNeedsForce();

    void baselines_data();
    void baselines();
};

void TestFigures::initTestCase()
{
    const QFileInfo exe(QStringLiteral(PE_EXPLORER_EXE));
    QVERIFY2(exe.isExecutable(), qPrintable(QStringLiteral("%1 is not an executable; build the pe-explorer target").arg(exe.filePath())));
}

// --- 1. Every view in every format ------------------------------------------------------------

// An odd d_model (⌈63/2⌉ = 32 frequency pairs) and a max_len unlike d_model, so that no shape can
// be right by accident; three wave dimensions, the last one the unpaired sine.
static const QStringList commonSpec{"--d-model", "63", "--max-len", "90", "--dims", "1,2,62"};

void TestFigures::everyViewEveryFormat_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    QTest::addColumn<qint64>("rows"); // data shape, for npy and csv
    QTest::addColumn<qint64>("cols");

    // embeddings: 4 blocks (word, position, segment, sum) of the default sentence's 16 tokens.
    // methods: the chosen method's score of every query (row) and key (column).
    // rope: ⌊63/2⌋ = 31 rotated pairs × (k, θ, λ none/PI/NTK/YaRN, γ, λ dynamic NTK/YaRN reference/Llama 3,
    // reference ramp, attention factor).
    // spectrum: 90 positions zero-padded to 128 points: 65 frequency bins × (ω, then 63 dims).
    const QMap<QString, QPair<qint64, qint64>> shapes{
        {"heatmap", {90, 63}}, {"waves", {90, 3}}, {"similarity", {90, 90}}, {"offset", {63, 3}}, {"bands", {32, 3}},
        {"rope", {31, 12}}, {"conventions", {90, 189}}, {"precision", {90, 8}}, {"embeddings", {64, 63}},
        {"methods", {90, 90}}, {"spectrum", {65, 64}}};
    // A view whose shape is not written here (the grid, whose MAE refuses the odd d_model; a new
    // view) has its figures checked here and its data in tst_dataexports, against the numbers its
    // window draws.
    for (const QString& view : allViews())
        for (const char* format : {"png", "pdf", "svg", "npy", "csv"})
            if (shapes.contains(view) || (format[0] != 'n' && format[0] != 'c'))
                QTest::addRow("%s.%s", qPrintable(view), format)
                    << view << QString::fromLatin1(format) << shapes.value(view).first << shapes.value(view).second;
}

void TestFigures::everyViewEveryFormat()
{
    QFETCH(QString, view);
    QFETCH(QString, format);
    QFETCH(qint64, rows);
    QFETCH(qint64, cols);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString name = view + QLatin1Char('.') + format;
    const QString path = dir.filePath(name);
    const QStringList options = commonSpec + QStringList{"--view", view};

    auto exportAs = [&](const QString& file, const QStringList& extra) {
        const Run run = runCli(exportArgs(file, options + extra), dir.path());
        if (!run.exitedWith(0))
            return run.describe();
        if (!run.err.isEmpty())
            return QStringLiteral("exit 0, but stderr is not empty: %1").arg(run.err);
        if (QFileInfo(dir.filePath(file)).size() <= 0)
            return QStringLiteral("%1 is missing or empty").arg(file);
        return QString();
    };

    if (format == QLatin1String("png")) {
        QString failure = exportAs(name, {"--size", "640x480"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        const QImage exact(path);
        QVERIFY2(!exact.isNull(), "QImage cannot read the PNG");
        QCOMPARE(exact.size(), QSize(640, 480));
        QVERIFY2(hasContent(exact), "the PNG is a single colour");
        QVERIFY2(edgeProblem(exact).isEmpty(), qPrintable(edgeProblem(exact)));

        // 89 mm × 70 mm at 300 dpi: 89 / 25.4 · 300 = 1051.2, 70 / 25.4 · 300 = 826.8.
        const QString printName = view + QStringLiteral("-300dpi.png");
        failure = exportAs(printName, {"--size-mm", "89x70", "--dpi", "300"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        const QImage print(dir.filePath(printName));
        QVERIFY2(!print.isNull(), "QImage cannot read the 300-dpi PNG");
        QVERIFY2(std::abs(print.width() - 1051) <= 1 && std::abs(print.height() - 827) <= 1,
                 qPrintable(QStringLiteral("%1 × %2 pixels, expected 1051 × 827 (±1)").arg(print.width()).arg(print.height())));
        QVERIFY2(std::abs(print.dotsPerMeterX() - 11811) <= 1 && std::abs(print.dotsPerMeterY() - 11811) <= 1,
                 qPrintable(QStringLiteral("the PNG says %1 × %2 dots per metre, 300 dpi is 11811")
                                .arg(print.dotsPerMeterX()).arg(print.dotsPerMeterY())));
        QVERIFY2(hasContent(print), "the 300-dpi PNG is a single colour");
        // (its edges are checked in printSizes)
    } else if (format == QLatin1String("pdf")) {
        REQUIRE_POPPLER("pdfinfo");
        REQUIRE_POPPLER("pdftoppm");
        const QString failure = exportAs(name, {"--size-mm", "89x70"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY2(fileBytes(path).startsWith("%PDF-"), "no %PDF- header");

        const Run info = runProgram(poppler(QStringLiteral("pdfinfo")), {path}, dir.path());
        QVERIFY2(info.exitedWith(0) && info.err.isEmpty(), qPrintable(info.describe()));
        const QString text = QString::fromUtf8(info.out);
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Pages:\\s+1\\n"))), qPrintable(text));
        const auto page = pdfPageSize(text);
        QVERIFY2(page, qPrintable(QStringLiteral("no page size in: %1").arg(text)));
        const QSizeF mm = *page * mmPerPoint;
        QVERIFY2(std::abs(mm.width() - 89) <= 0.5 && std::abs(mm.height() - 70) <= 0.5,
                 qPrintable(QStringLiteral("page %1 × %2 pt = %3 × %4 mm, expected 89 × 70 mm (252 × 198.4 pt) ± 0.5 mm")
                                .arg(page->width()).arg(page->height()).arg(mm.width()).arg(mm.height())));

        const Run render = runProgram(poppler(QStringLiteral("pdftoppm")),
                                      {"-png", "-r", "72", "-singlefile", path, dir.filePath(QStringLiteral("rendered"))}, dir.path());
        QVERIFY2(render.exitedWith(0), qPrintable(render.describe()));
        QVERIFY2(render.err.isEmpty(), qPrintable(QStringLiteral("poppler complains: %1").arg(render.err)));
        const QImage rendered(dir.filePath(QStringLiteral("rendered.png")));
        QVERIFY2(!rendered.isNull(), "pdftoppm wrote no readable PNG");
        QVERIFY2(std::abs(rendered.width() - 252) <= 1 && std::abs(rendered.height() - 198.4) <= 1.5,
                 qPrintable(QStringLiteral("rendered at 72 dpi: %1 × %2").arg(rendered.width()).arg(rendered.height())));
        QVERIFY2(hasContent(rendered), "the PDF page renders blank");
    } else if (format == QLatin1String("svg")) {
        const QString failure = exportAs(name, {"--size-mm", "89x70"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        const Svg svg = readSvg(fileBytes(path));
        QVERIFY2(svg.error.isEmpty(), qPrintable(QStringLiteral("not well-formed XML: %1").arg(svg.error)));
        QCOMPARE(svg.rootName, QStringLiteral("svg"));
        QCOMPARE(svg.rootNamespace, QStringLiteral("http://www.w3.org/2000/svg"));
        const auto w = millimetres(svg.width), h = millimetres(svg.height);
        QVERIFY2(w && h, qPrintable(QStringLiteral("width '%1', height '%2': not in mm").arg(svg.width, svg.height)));
        QVERIFY2(std::abs(*w - 89) <= 0.5 && std::abs(*h - 70) <= 0.5,
                 qPrintable(QStringLiteral("%1 × %2 mm, expected 89 × 70 ± 0.5").arg(*w).arg(*h)));
        QVERIFY2(svg.drawingElements >= 10, qPrintable(QStringLiteral("only %1 drawing elements").arg(svg.drawingElements)));
        QCOMPARE(svg.recipeCount, 1);
    } else {
        const QString failure = exportAs(name, {});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        const NpyShape shape = format == QLatin1String("npy") ? npyShape(fileBytes(path)) : csvShape(fileBytes(path));
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QVERIFY2(shape.rows == rows && shape.cols == cols,
                 qPrintable(QStringLiteral("shape (%1, %2), expected (%3, %4)").arg(shape.rows).arg(shape.cols).arg(rows).arg(cols)));
    }
    // Nothing but the requested files (QSaveFile leaves no temporary behind).
    for (const QString& entry : listing(dir.path()))
        QVERIFY2(entry.startsWith(view) || entry == QLatin1String("rendered.png"), qPrintable(QStringLiteral("left behind: %1").arg(entry)));
}

// Print sizes: millimetres × dpi / 25.4 pixels (rounded, ±1), the dpi in the PNG's pHYs chunk,
// and no padding at the edges, for the journal presets and a few odd sizes and resolutions.
void TestFigures::printSizes_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<double>("widthMm");
    QTest::addColumn<double>("heightMm");
    QTest::addColumn<int>("dpi");
    auto row = [](const char* view, double w, double h, int dpi) {
        QTest::addRow("%s %gx%g mm at %d dpi", view, w, h, dpi) << QString::fromLatin1(view) << w << h << dpi;
    };
    for (const QString& view : allViews()) // single column, the default
        row(qPrintable(view), 89, 70, 300);
    row("heatmap", 183, 100, 300); // double column
    row("heatmap", 89, 70, 600);
    row("heatmap", 89, 70, 96);
    row("similarity", 120.5, 80.25, 150);
    row("bands", 50, 40, 72);
}

void TestFigures::printSizes()
{
    QFETCH(QString, view);
    QFETCH(double, widthMm);
    QFETCH(double, heightMm);
    QFETCH(int, dpi);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run run = runCli(exportArgs(QStringLiteral("print.png"),
                                      {"--view", view, "--size-mm", QStringLiteral("%1x%2").arg(widthMm).arg(heightMm),
                                       "--dpi", QString::number(dpi)}),
                           dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    const QImage image(dir.filePath(QStringLiteral("print.png")));
    QVERIFY2(!image.isNull(), "QImage cannot read the PNG");
    const double wantW = widthMm / 25.4 * dpi, wantH = heightMm / 25.4 * dpi;
    QVERIFY2(std::abs(image.width() - wantW) <= 1 && std::abs(image.height() - wantH) <= 1,
             qPrintable(QStringLiteral("%1 × %2 pixels, expected %3 × %4 (±1)").arg(image.width()).arg(image.height())
                            .arg(wantW, 0, 'f', 1).arg(wantH, 0, 'f', 1)));
    const int dotsPerMeter = int(std::lround(dpi / 0.0254));
    QVERIFY2(std::abs(image.dotsPerMeterX() - dotsPerMeter) <= 1 && std::abs(image.dotsPerMeterY() - dotsPerMeter) <= 1,
             qPrintable(QStringLiteral("%1 × %2 dots per metre, %3 dpi is %4").arg(image.dotsPerMeterX())
                            .arg(image.dotsPerMeterY()).arg(dpi).arg(dotsPerMeter)));
    const QString edge = edgeProblem(image);
    QVERIFY2(edge.isEmpty(), qPrintable(edge));
}

// --- 2. The recipe in the metadata re-makes the figure's data --------------------------------

// Not one default: a different spec, state and colour map.
static const QStringList recipeSpec{"--d-model", "24", "--max-len", "50", "--base", "500", "--layout", "split",
                                    "--frequencies", "tensor2tensor", "--first-position", "2", "--position", "7",
                                    "--offset", "3", "--dims", "0,5", "--normalize", "--colormap", "diverging"};

void TestFigures::recipeRoundTrip_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QStringList>("size");
    for (const QString& view : allViews()) {
        QTest::addRow("%s.png", qPrintable(view)) << view << QStringLiteral("png") << QStringList{"--size-mm", "60x45", "--dpi", "150"};
        QTest::addRow("%s.pdf", qPrintable(view)) << view << QStringLiteral("pdf") << QStringList{"--size-mm", "120x80"};
        QTest::addRow("%s.svg", qPrintable(view)) << view << QStringLiteral("svg") << QStringList{"--size", "500x400"};
    }
}

void TestFigures::recipeRoundTrip()
{
    QFETCH(QString, view);
    QFETCH(QString, format);
    QFETCH(QStringList, size);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A name a shell must quote: a blank and a single quote.
    const QString name = QStringLiteral("Fig 2 'PE' %1.%2").arg(view, format);
    const QStringList options = recipeSpec + QStringList{"--view", view} + size;
    const Run made = runCli(exportArgs(name, options), dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    const QString path = dir.filePath(name);

    // Read the recipe back, with tools that know nothing of the program.
    QString recipe;
    if (format == QLatin1String("png")) {
        const QImage image(path);
        QVERIFY2(!image.isNull(), "QImage cannot read the PNG");
        recipe = image.text(QStringLiteral("pe-explorer-recipe"));
        QCOMPARE(image.text(QStringLiteral("Comment")), recipe);
    } else if (format == QLatin1String("svg")) {
        const Svg svg = readSvg(fileBytes(path));
        QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
        QCOMPARE(svg.recipeCount, 1);
        recipe = svg.recipe;
    } else {
        REQUIRE_POPPLER("pdfinfo");
        const Run meta = runProgram(poppler(QStringLiteral("pdfinfo")), {"-meta", path}, dir.path());
        QVERIFY2(meta.exitedWith(0) && meta.err.isEmpty(), qPrintable(meta.describe()));
        QString xmlError;
        recipe = xmpDescription(meta.out, &xmlError);
        QVERIFY2(xmlError.isEmpty(), qPrintable(xmlError));
        // The Info dictionary's Creator ends with the same recipe (pdfinfo decodes its UTF-16).
        const Run info = runProgram(poppler(QStringLiteral("pdfinfo")), {path}, dir.path());
        QVERIFY2(info.exitedWith(0), qPrintable(info.describe()));
        const QRegularExpression creator(QStringLiteral("(?m)^Creator:\\s+(.*)$"));
        const auto match = creator.match(QString::fromUtf8(info.out));
        QVERIFY2(match.hasMatch(), qPrintable(QString::fromUtf8(info.out)));
        QVERIFY2(match.captured(1).endsWith(recipe) && match.captured(1).startsWith(QLatin1String("PE Explorer")),
                 qPrintable(QStringLiteral("Creator: %1\nrecipe: %2").arg(match.captured(1), recipe)));
    }
    QVERIFY2(!recipe.isEmpty(), "no recipe in the file's metadata");

    // The recipe is a shell command: pe-explorer, then options.
    QString error;
    const std::optional<QStringList> words = shellWords(recipe, &error);
    QVERIFY2(words, qPrintable(QStringLiteral("%1\nin: %2").arg(error, recipe)));
    QVERIFY2(words->size() > 1 && words->first() == QLatin1String("pe-explorer"), qPrintable(recipe));
    QStringList arguments = words->mid(1);
    const QMap<QString, QString> recipeOptions = optionMap(arguments, &error);
    QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("%1\nin: %2").arg(error, recipe)));
    QVERIFY2(recipeOptions.value(QStringLiteral("--export")) == name,
             qPrintable(QStringLiteral("the recipe exports to '%1', the file is '%2'").arg(recipeOptions.value(QStringLiteral("--export")), name)));
    // Every option given is in the recipe with the same value (the colour map and the size do
    // not change the data, so the byte comparison below cannot catch them).
    const QMap<QString, QString> given = optionMap(options, &error);
    QVERIFY(error.isEmpty());
    for (auto it = given.cbegin(); it != given.cend(); ++it) {
        QVERIFY2(recipeOptions.contains(it.key()), qPrintable(QStringLiteral("%1 is missing from the recipe: %2").arg(it.key(), recipe)));
        QVERIFY2(sameValue(recipeOptions.value(it.key()), it.value()),
                 qPrintable(QStringLiteral("%1 is '%2' in the recipe, '%3' given").arg(it.key(), recipeOptions.value(it.key()), it.value())));
    }
    QVERIFY2(!recipeOptions.contains(QStringLiteral("--force")), qPrintable(recipe));

    // Run the recipe with a .npy target, and export the same data directly: byte-identical.
    const qsizetype exportAt = arguments.indexOf(QStringLiteral("--export"));
    arguments[exportAt + 1] = QStringLiteral("from-recipe.npy");
    const Run fromRecipe = runCli(arguments, dir.path());
    const Run direct = runCli(exportArgs(QStringLiteral("direct.npy"), options), dir.path());
    // A view whose data needs a file of its own (the heads view's checkpoint) refuses its data
    // without one, with a reason: the recipe is refused the same way.
    if (direct.exitedWith(2) && !direct.err.isEmpty()) {
        QVERIFY2(fromRecipe.exitedWith(2) && fromRecipe.err == direct.err, qPrintable(fromRecipe.describe() + direct.describe()));
        return;
    }
    QVERIFY2(fromRecipe.exitedWith(0), qPrintable(fromRecipe.describe()));
    QVERIFY2(direct.exitedWith(0), qPrintable(direct.describe()));
    const QByteArray want = fileBytes(dir.filePath(QStringLiteral("direct.npy")));
    const QByteArray got = fileBytes(dir.filePath(QStringLiteral("from-recipe.npy")));
    QVERIFY2(npyShape(want).error.isEmpty(), qPrintable(npyShape(want).error));
    QVERIFY2(got == want, qPrintable(QStringLiteral("the recipe's data (%1 bytes) differs from the direct export (%2 bytes)")
                                         .arg(got.size()).arg(want.size())));
}

// --- 3. The heatmap stays vector ----------------------------------------------------------------

void TestFigures::heatmapPdfIsVector()
{
    REQUIRE_POPPLER("pdfimages");
    REQUIRE_POPPLER("pdftotext");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run made = runCli(exportArgs(QStringLiteral("heatmap.pdf"), {"--view", "heatmap", "--d-model", "64", "--max-len", "100"}),
                            dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    const QString path = dir.filePath(QStringLiteral("heatmap.pdf"));

    // pdfimages -list: page num type width height color comp bpc enc interp object ID …
    const Run list = runProgram(poppler(QStringLiteral("pdfimages")), {"-list", path}, dir.path());
    QVERIFY2(list.exitedWith(0), qPrintable(list.describe()));
    const QStringList lines = QString::fromUtf8(list.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 2 && lines[0].simplified().startsWith(QLatin1String("page num type width height color comp bpc enc")),
             qPrintable(QString::fromUtf8(list.out)));
    QStringList images, cellImages;
    for (const QString& line : lines.mid(2)) {
        const QStringList f = line.simplified().split(QLatin1Char(' '));
        if (f.size() < 9)
            continue;
        images << line.simplified();
        QVERIFY2(f[8] != QLatin1String("jpeg") && f[8] != QLatin1String("jpx"),
                 qPrintable(QStringLiteral("a lossy image in the PDF: %1").arg(line)));
        const int width = f[3].toInt(), height = f[4].toInt();
        // Columns are the 64 dimensions (x), rows the 100 positions (y); QCustomPlot may
        // oversample a small map by a whole factor, never resample it.
        if (f[2] == QLatin1String("image") && f[8] == QLatin1String("image") && width > 0 && height > 0
            && width % 64 == 0 && height % 100 == 0)
            cellImages << line.simplified();
    }
    QVERIFY2(!cellImages.isEmpty(),
             qPrintable(QStringLiteral("no Flate image of a whole multiple of 64 × 100 pixels; pdfimages -list:\n%1")
                            .arg(QString::fromUtf8(list.out))));
    // Besides the cells, only small images (the colour scale's gradient): a rasterised plot or
    // text would show up here as an image larger than the map.
    const QStringList first = cellImages.first().split(QLatin1Char(' '));
    const qint64 cellPixels = qint64(first[3].toInt()) * first[4].toInt();
    for (const QString& image : images) {
        const QStringList f = image.split(QLatin1Char(' '));
        if (!cellImages.contains(image))
            QVERIFY2(qint64(f[3].toInt()) * f[4].toInt() < cellPixels,
                     qPrintable(QStringLiteral("an image larger than the cells: %1").arg(image)));
    }

    const Run text = runProgram(poppler(QStringLiteral("pdftotext")), {path, "-"}, dir.path());
    QVERIFY2(text.exitedWith(0), qPrintable(text.describe()));
    const QString words = QString::fromUtf8(text.out);
    for (const char* label : {"Embedding dimension", "Position"})
        QVERIFY2(words.contains(QLatin1String(label)),
                 qPrintable(QStringLiteral("pdftotext does not find '%1' (text drawn as paths or pixels?):\n%2").arg(label, words)));
}

// A figure of more positions than its pixels: its axes name what they show, not how many
// cells a pixel of it averages ("Position (5.48 per pixel)" is the window's, where one can zoom).
void TestFigures::binnedHeatmapFigureLabelsNoPixels()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("binned.svg"));
    const Run made = runCli(exportArgs(QStringLiteral("binned.svg"), {"--view", "heatmap", "--d-model", "2048", "--max-len", "100000"}),
                            dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    const QByteArray bytes = fileBytes(path);
    for (const char* label : {"Embedding dimension", "Position"})
        QVERIFY2(bytes.contains(label), qPrintable(QStringLiteral("the SVG holds no text '%1'").arg(QLatin1String(label))));
    QVERIFY2(!bytes.contains("per pixel"), "a printed axis label says how many cells a pixel averages");
}

void TestFigures::heatmapSvgCellsUnsmoothed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run made = runCli(exportArgs(QStringLiteral("heatmap.svg"), {"--view", "heatmap", "--d-model", "64", "--max-len", "100"}),
                            dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    const QByteArray bytes = fileBytes(dir.filePath(QStringLiteral("heatmap.svg")));
    const Svg svg = readSvg(bytes);
    QVERIFY2(svg.error.isEmpty(), qPrintable(svg.error));
    QVERIFY2(!svg.images.isEmpty(), "the heatmap SVG holds no <image> (cells drawn as rectangles or missing?)");

    bool cellsFound = false;
    for (const QXmlStreamAttributes& image : svg.images) {
        QString href = image.value(QStringLiteral("http://www.w3.org/1999/xlink"), QStringLiteral("href")).toString();
        if (href.isEmpty())
            href = image.value(QStringLiteral("href")).toString();
        QVERIFY2(href.startsWith(QLatin1String("data:image/png;base64,")),
                 qPrintable(QStringLiteral("an <image> that is not an embedded PNG: %1…").arg(href.left(40))));
        const QString rendering = image.value(QStringLiteral("image-rendering")).toString()
            + QLatin1Char(' ') + image.value(QStringLiteral("style")).toString();
        QVERIFY2(rendering.contains(QLatin1String("pixelated")) || rendering.contains(QLatin1String("optimizeSpeed")),
                 qPrintable(QStringLiteral("an <image> that viewers may smooth: image-rendering/style = '%1'").arg(rendering)));
        const QImage png = QImage::fromData(QByteArray::fromBase64(href.mid(22).toLatin1()), "PNG");
        QVERIFY2(!png.isNull(), "the embedded PNG does not decode");
        if (png.width() % 64 == 0 && png.height() % 100 == 0)
            cellsFound = true;
    }
    QVERIFY2(cellsFound, "no embedded PNG of a whole multiple of 64 × 100 pixels (the cells at data resolution)");
    for (const char* label : {"Embedding dimension", "Position"})
        QVERIFY2(bytes.contains(label), qPrintable(QStringLiteral("the SVG holds no text '%1'").arg(QLatin1String(label))));
}

// --- 4. Refused figures -------------------------------------------------------------------------

void TestFigures::refusedFigures_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message"); // regex, must match stderr

    auto row = [](const char* name, const QStringList& arguments, int code, const char* message) {
        QTest::newRow(name) << arguments << code << QString::fromUtf8(message);
    };
    row("unknown suffix .gif", {"--export", "fig.gif"}, 2, "fig\\.gif.*\\.png.*\\.pdf.*\\.svg");
    row("unknown suffix .jpg", {"--export", "fig.jpg", "--size", "640x480"}, 2, "fig\\.jpg.*\\.png");
    row("size 0x10", {"--export", "fig.png", "--size", "0x10"}, 2, "--size.*0x10");
    row("size 10x", {"--export", "fig.png", "--size", "10x"}, 2, "--size.*10x.*WIDTHxHEIGHT");
    row("size 10x, svg", {"--export", "fig.svg", "--size", "10x"}, 2, "--size.*10x");
    row("size-mm 5000x10", {"--export", "fig.pdf", "--size-mm", "5000x10"}, 2, "--size-mm.*5000x10.*1000");
    row("dpi 10", {"--export", "fig.png", "--size-mm", "89x70", "--dpi", "10"}, 2, "--dpi.*10.*30\\D+2400");
    row("size and size-mm", {"--export", "fig.png", "--size", "100x100", "--size-mm", "10x10"}, 2, "--size.*--size-mm");
    for (const char* suffix : {"png", "pdf", "svg"}) {
        QTest::addRow("missing folder, .%s", suffix)
            << QStringList{"--export", QStringLiteral("no-such-folder/fig.%1").arg(suffix)} << 1
            << QStringLiteral("no-such-folder/fig\\.%1.*(does not exist|no such)").arg(suffix);
        // Figures are limited to what the window draws (d_model 4096); the data is not.
        QTest::addRow("d-model 5000, .%s", suffix)
            << QStringList{"--export", QStringLiteral("x.%1").arg(suffix), "--d-model", "5000"} << 2
            << QStringLiteral("4096.*(\\.npy|\\.csv)");
    }
    row("max-len 2^20 + 1, png", {"--export", "x.png", "--max-len", "1048577"}, 2, "1048576");
    // 1000 mm at 2400 dpi is 94488 × 94488 pixels (8.9 gigapixels): refused before rendering.
    row("gigantic PNG by mm and dpi", {"--export", "huge.png", "--size-mm", "1000x1000", "--dpi", "2400"}, 2,
        "(?i)too large|at most");
    row("gigantic PNG by pixels", {"--export", "huge.png", "--size", "20000x20000"}, 2, "(?i)too large|at most");
}

void TestFigures::refusedFigures()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QElapsedTimer timer;
    timer.start();
    const Run run = runCli(arguments, dir.path());
    QVERIFY2(run.exitedWith(exitCode), qPrintable(run.describe()));
    QVERIFY2(QRegularExpression(message).match(run.err).hasMatch(),
             qPrintable(QStringLiteral("stderr does not match /%1/: %2").arg(message, run.err)));
    QVERIFY2(run.out.isEmpty(), run.out.constData());
    QVERIFY2(listing(dir.path()).isEmpty(), qPrintable(QStringLiteral("left behind: %1").arg(listing(dir.path()).join(QLatin1Char(' ')))));
    // Refused up front, not after rendering something enormous.
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QStringLiteral("took %1 ms to refuse").arg(timer.elapsed())));
}

void TestFigures::existingFigureNeedsForce_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name : {"fig.png", "fig.pdf", "fig.svg"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestFigures::existingFigureNeedsForce()
{
    QFETCH(QString, name);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(name);
    const QByteArray original("an older figure, not to be lost\n");
    QVERIFY(writeBytes(path, original));
    const QStringList options{"--view", "bands", "--size", "320x240"};

    const Run refused = runCli(exportArgs(name, options), dir.path());
    QVERIFY2(refused.exitedWith(1), qPrintable(refused.describe()));
    QVERIFY2(refused.err.contains(name) && refused.err.contains(QLatin1String("--force")), qPrintable(refused.err));
    QCOMPARE(fileBytes(path), original);
    QCOMPARE(listing(dir.path()), QStringList{name});

    const Run forced = runCli(exportArgs(name, options + QStringList{"--force"}), dir.path());
    QVERIFY2(forced.exitedWith(0), qPrintable(forced.describe()));
    QCOMPARE(listing(dir.path()), QStringList{name});
    const QByteArray replaced = fileBytes(path);
    if (name.endsWith(QLatin1String(".png")))
        QCOMPARE(QImage::fromData(replaced, "PNG").size(), QSize(320, 240));
    else if (name.endsWith(QLatin1String(".pdf")))
        QVERIFY(replaced.startsWith("%PDF-") && replaced.trimmed().endsWith("%%EOF"));
    else
        QVERIFY2(readSvg(replaced).error.isEmpty() && readSvg(replaced).rootName == QLatin1String("svg"), replaced.left(200).constData());
}

// --- 5. Baselines ---------------------------------------------------------------------------------

void TestFigures::baselines_data()
{
    QTest::addColumn<QString>("view");
    for (const QString& view : allViews())
        QTest::newRow(qPrintable(view)) << view;
}

void TestFigures::baselines()
{
    QFETCH(QString, view);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // The classic figure: the defaults (d_model 64, max_len 100, base 10000) at 640 × 480.
    const QString name = view + QStringLiteral(".png");
    const Run made = runCli(exportArgs(name, {"--view", view, "--size", "640x480"}), dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    const QString actualPath = dir.filePath(name);
    const QImage actual(actualPath);
    QVERIFY2(!actual.isNull(), "QImage cannot read the PNG");

    const QString baselinePath = QDir(QStringLiteral(PE_BASELINE_DIR)).filePath(name);
    if (qEnvironmentVariable("PE_UPDATE_BASELINES") == QLatin1String("1")) {
        QVERIFY(QDir().mkpath(QStringLiteral(PE_BASELINE_DIR)));
        QFile::remove(baselinePath);
        QVERIFY2(QFile::copy(actualPath, baselinePath), qPrintable(QStringLiteral("cannot write %1").arg(baselinePath)));
        qInfo("PE_UPDATE_BASELINES=1: wrote %s (not compared). Look at it before committing.", qPrintable(baselinePath));
        return;
    }

    const QImage baseline(baselinePath);
    QVERIFY2(!baseline.isNull(),
             qPrintable(QStringLiteral("no baseline %1; create it with PE_UPDATE_BASELINES=1 (tests/figures/README.md)").arg(baselinePath)));
    QVERIFY2(baseline.size() == actual.size(),
             qPrintable(QStringLiteral("baseline %1 × %2, export %3 × %4")
                            .arg(baseline.width()).arg(baseline.height()).arg(actual.width()).arg(actual.height())));
    const PixelDiff diff = comparePixels(baseline, actual);
    const double fraction = double(diff.differing) / double(diff.total);
    // The baselines were drawn in DejaVu Sans; without it every label moves.
    QVERIFY2(fraction <= differingFraction || QFile::exists(QStringLiteral("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")),
             "DejaVu Sans is not installed, and the baselines were drawn in it: install fonts-dejavu-core "
             "(scripts/setup.sh does)");
    if (fraction > differingFraction) {
        QDir().mkpath(failureFolder());
        const QString prefix = QDir(failureFolder()).filePath(view);
        actual.save(prefix + QStringLiteral("-actual.png"));
        diff.map.save(prefix + QStringLiteral("-diff.png"));
        QFAIL(qPrintable(QStringLiteral("%1 of %2 pixels (%3%) differ from %4 by more than %5 in a channel; at most %6% may. "
                                        "Wrote %7-actual.png and %7-diff.png. If the change is intended, regenerate the "
                                        "baselines (tests/figures/README.md).")
                             .arg(diff.differing).arg(diff.total).arg(100 * fraction, 0, 'f', 2).arg(baselinePath)
                             .arg(channelTolerance).arg(100 * differingFraction, 0, 'f', 0).arg(prefix)));
    }
    if (diff.differing > 0)
        qInfo("%s: %lld of %lld pixels differ beyond the tolerance (allowed: 1%%)", qPrintable(view),
              static_cast<long long>(diff.differing), static_cast<long long>(diff.total));
}

QTEST_GUILESS_MAIN(TestFigures)
#include "tst_figures.moc"
