// SPDX-License-Identifier: MIT
// Figures as other programs show them: every view's SVG through librsvg (rsvg-convert, what
// pandoc uses) and every PDF through poppler (pdftoppm). For the views drawn as cells (heatmap,
// similarity) the rendered cells are read back through the colour map and compared with values
// computed here from the paper's formula, position 0 at the top; a renderer that smooths the
// cells (librsvg interpolated the embedded image) fails on the pixels between cell centres.
#include "tests/common/runprogram.h"
#include "ui/plotting/colormaps.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <vector>

#ifndef PE_EXPLORER_EXE
#error "PE_EXPLORER_EXE must name the pe-explorer executable"
#endif

namespace {

using testsupport::Run;
using testsupport::runProgram;
using Matrix = std::vector<std::vector<double>>;

/// PE[pos][dim] of the paper: interleaved sin/cos, ω_k = 10000^(−2k/d).
Matrix paperEncoding(int maxLen, int dModel)
{
    Matrix pe(maxLen, std::vector<double>(dModel));
    for (int pos = 0; pos < maxLen; ++pos)
        for (int dim = 0; dim < dModel; ++dim) {
            const double angle = pos / std::pow(10000.0, double(dim - dim % 2) / dModel);
            pe[pos][dim] = dim % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return pe;
}

Matrix dotProducts(const Matrix& pe)
{
    Matrix s(pe.size(), std::vector<double>(pe.size()));
    for (std::size_t p = 0; p < pe.size(); ++p)
        for (std::size_t q = 0; q < pe.size(); ++q)
            for (std::size_t d = 0; d < pe[p].size(); ++d)
                s[p][q] += pe[p][d] * pe[q][d];
    return s;
}

/// Inverts the colour map: the value in [lower, upper] whose colour is nearest.
class ColourInverse {
public:
    /// On a logarithmic scale `lower` and `upper` are decimal exponents, and so are the values.
    ColourInverse(const QString& colormap, double lower, double upper, bool logarithmic = false)
    {
        QCPColorGradient gradient = pe::ui::colormapGradient(colormap); // color() is not const
        for (int i = 0; i <= steps; ++i) {
            const double v = lower + (upper - lower) * i / steps;
            m_values.push_back(v);
            m_colours.push_back(logarithmic
                                    ? gradient.color(std::pow(10.0, v), QCPRange(std::pow(10.0, lower), std::pow(10.0, upper)), true)
                                    : gradient.color(v, QCPRange(lower, upper)));
        }
    }
    /// The nearest value, and how far (RGB distance) its colour is from `colour`.
    std::pair<double, double> value(QRgb colour) const
    {
        if (const auto known = m_known.constFind(colour); known != m_known.cend())
            return *known;
        double best = 1e9, value = 0;
        for (std::size_t i = 0; i < m_colours.size(); ++i) {
            const double d = distance(colour, m_colours[i]);
            if (d < best) {
                best = d;
                value = m_values[i];
            }
        }
        m_known.insert(colour, {value, best});
        return {value, best};
    }
    static double distance(QRgb a, QRgb b)
    {
        return std::hypot(qRed(a) - qRed(b), qGreen(a) - qGreen(b), qBlue(a) - qBlue(b));
    }

private:
    static constexpr int steps = 1000;
    std::vector<double> m_values;
    std::vector<QRgb> m_colours;
    mutable QHash<QRgb, std::pair<double, double>> m_known;
};

/// Runs of `true` in `in` of at least `minLength`, gaps of up to `bridge` entries closed first:
/// a cell edge or a frame drawn across a map must not split it.
std::vector<std::pair<int, int>> runs(std::vector<bool> in, int bridge, int minLength)
{
    const int n = int(in.size());
    for (int i = 0; i < n;) {
        if (in[i]) {
            ++i;
            continue;
        }
        int gapEnd = i;
        while (gapEnd < n && !in[gapEnd])
            ++gapEnd;
        if (i > 0 && gapEnd < n && gapEnd - i <= bridge)
            std::fill(in.begin() + i, in.begin() + gapEnd, true);
        i = gapEnd;
    }
    std::vector<std::pair<int, int>> found; // start, length
    for (int i = 0, start = 0; i <= n; ++i)
        if (i == n || !in[i]) {
            if (i - start >= minLength)
                found.emplace_back(start, i - start);
            start = i + 1;
        }
    return found;
}

/// The blocks of the image drawn in the colour map's colours, left to right: maps (a column
/// counts when a tenth of it is on the colour map) and vertical colour scales. Each block's
/// rows are the longest run where 80 % of its columns are on the map.
std::vector<QRect> mapAreas(const QImage& image, const ColourInverse& inverse, int bridge, int minWidth)
{
    const auto onMap = [&](int x, int y) { return inverse.value(image.pixel(x, y)).second < 10; };
    std::vector<bool> columns(image.width());
    for (int x = 0; x < image.width(); ++x) {
        int count = 0;
        for (int y = 0; y < image.height(); y += 2)
            count += onMap(x, y);
        columns[x] = count * 2 > image.height() / 10;
    }
    std::vector<QRect> areas;
    for (const auto& [x0, width] : runs(columns, bridge, minWidth)) {
        std::vector<bool> rows(image.height());
        for (int y = 0; y < image.height(); ++y) {
            int count = 0;
            for (int x = x0; x < x0 + width; ++x)
                count += onMap(x, y);
            rows[y] = count > 0.8 * width;
        }
        int y0 = 0, height = 0;
        for (const auto& [start, length] : runs(rows, bridge, 1))
            if (length > height)
                y0 = start, height = length;
        if (height > 0)
            areas.emplace_back(x0, y0, width, height);
    }
    return areas;
}

/// The widest block drawn in the colour map's colours: the cells (the colour scale is
/// narrower). Empty when there is none.
QRect mapArea(const QImage& image, const ColourInverse& inverse)
{
    QRect widest;
    for (const QRect& area : mapAreas(image, inverse, 2, 1))
        if (area.width() > widest.width())
            widest = area;
    return widest;
}

QImage transposed(const QImage& image)
{
    QImage out(image.height(), image.width(), QImage::Format_RGB32);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            out.setPixel(y, x, image.pixel(x, y));
    return out;
}

/// Checks the colour scales (bars) of the figure drawn in `inverse`'s colours. A bar is a
/// long narrow block whose centre line runs monotonically over most of the colour map (a strip
/// of a map does not); it must read from `lower` to `upper` (upwards when vertical, rightwards
/// when horizontal), and across its width every pixel but the outermost must have the centre
/// line's colour (no tick over it, no side smoothed into the background). Returns the first
/// problem, or "no colour scale" when there is none, else empty.
QString checkColourScales(const QImage& image, const ColourInverse& inverse, double lower, double upper, int zoom)
{
    const double range = upper - lower;
    int bars = 0;
    for (const bool horizontal : {false, true}) {
        const QImage seen = horizontal ? transposed(image) : image;
        const QString kind = horizontal ? QStringLiteral("horizontal") : QStringLiteral("vertical");
        for (const QRect& bar : mapAreas(seen, inverse, 1, 3 * zoom)) {
            if (bar.width() > 30 * zoom || bar.height() < 8 * bar.width())
                continue;
            const int centre = bar.x() + bar.width() / 2;
            // From the lower end: the bottom of a vertical bar, the left (top once transposed)
            // of a horizontal one.
            std::vector<double> along;
            for (int i = 0; i < bar.height(); ++i)
                along.push_back(inverse.value(seen.pixel(centre, horizontal ? bar.top() + i : bar.bottom() - i)).first);
            const auto [least, most] = std::minmax_element(along.begin(), along.end());
            bool rising = true, falling = true;
            for (std::size_t i = 1; i < along.size(); ++i) {
                rising = rising && along[i] >= along[i - 1] - 0.01 * range;
                falling = falling && along[i] <= along[i - 1] + 0.01 * range;
            }
            if (*most - *least < 0.9 * range || !(rising || falling))
                continue; // a strip of a map
            ++bars;
            const QString where = QStringLiteral("%1 colour scale at (%2, %3), %4 px long").arg(kind).arg(bar.x()).arg(bar.y()).arg(bar.height());
            if (std::abs(along.front() - lower) > 0.03 * range || std::abs(along.back() - upper) > 0.03 * range)
                return QStringLiteral("%1 reads %2 … %3 from its %4, expected %5 … %6")
                    .arg(where).arg(along.front()).arg(along.back()).arg(horizontal ? "left" : "bottom").arg(lower).arg(upper);
            for (int i = 0; i < bar.height(); ++i) {
                const int y = horizontal ? bar.top() + i : bar.bottom() - i;
                for (int x = bar.left() + 1; x < bar.right(); ++x)
                    if (const double off = ColourInverse::distance(seen.pixel(x, y), seen.pixel(centre, y)); off >= 12)
                        return QStringLiteral("%1: %2 px from its lower end, pixel %3 of %4 across it is %5 off the centre's colour")
                            .arg(where).arg(i).arg(x - bar.left()).arg(bar.width()).arg(off);
            }
        }
    }
    return bars == 0 ? QStringLiteral("no colour scale reads %1 … %2").arg(lower).arg(upper) : QString();
}

struct CellCheck {
    QString problem;         ///< the first cell that differs, or empty
    double smearedShare = 0; ///< pixels inside a cell (not on its edge) of another colour than its centre
};

/// Reads every cell at its centre and compares it with `expected`; counts the smeared pixels,
/// except in the rows next to `framedRows` (a frame drawn around a row covers their edges).
CellCheck checkCells(const QImage& image, const QRect& area, const Matrix& expected, const ColourInverse& inverse,
                     double tolerance, const std::vector<int>& framedRows = {})
{
    CellCheck check;
    const int rows = int(expected.size()), columns = int(expected[0].size());
    const double cellWidth = double(area.width()) / columns, cellHeight = double(area.height()) / rows;
    const auto centre = [&](int r, int c) {
        return image.pixel(area.x() + int((c + 0.5) * cellWidth), area.y() + int((r + 0.5) * cellHeight));
    };
    for (int r = 0; r < rows && check.problem.isEmpty(); ++r)
        for (int c = 0; c < columns; ++c) {
            const auto [value, off] = inverse.value(centre(r, c));
            if (off > 12 || std::abs(value - expected[r][c]) > tolerance) {
                check.problem = QStringLiteral("cell (row %1, column %2) reads %3 (colour %4 off the map), expected %5")
                                    .arg(r).arg(c).arg(value).arg(off).arg(expected[r][c]);
                break;
            }
        }
    // Inside a crisp cell every pixel has the cell's colour; only a pixel that a cell edge
    // crosses may mix two (antialiasing). An interpolating renderer blends across whole cells.
    const auto nearEdge = [](double position, double cell) {
        const double f = position / cell;
        return std::abs(f - std::round(f)) * cell < 1.5;
    };
    qint64 smeared = 0, all = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        if (nearEdge(y + 0.5 - area.y(), cellHeight))
            continue;
        for (int x = area.left(); x <= area.right(); ++x) {
            if (nearEdge(x + 0.5 - area.x(), cellWidth))
                continue;
            const int r = std::clamp(int((y - area.y()) / cellHeight), 0, rows - 1);
            const int c = std::clamp(int((x - area.x()) / cellWidth), 0, columns - 1);
            if (std::any_of(framedRows.begin(), framedRows.end(), [r](int framed) { return std::abs(r - framed) <= 1; }))
                continue;
            smeared += ColourInverse::distance(image.pixel(x, y), centre(r, c)) >= 12;
            ++all;
        }
    }
    check.smearedShare = all > 0 ? double(smeared) / all : 1.0;
    return check;
}

/// x rounded to the nearest float16 (ties to even), subnormals included: 11 significant bits,
/// spacing 2^−24 below the smallest normal 2^−14.
double toFloat16(double x)
{
    if (x == 0)
        return 0;
    int exponent = 0;
    std::frexp(x, &exponent); // |x| = m · 2^exponent, m in [0.5, 1)
    const double quantum = std::ldexp(1.0, std::max(exponent, -13) - 11);
    return std::nearbyint(x / quantum) * quantum;
}

/// The comma-separated numbers of a CSV file, row by row.
Matrix readCsv(const QString& path)
{
    Matrix rows;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        std::vector<double> row;
        for (const QByteArray& field : line.split(','))
            row.push_back(field.toDouble());
        rows.push_back(std::move(row));
    }
    return rows;
}

QString tool(const char* name)
{
    return QStandardPaths::findExecutable(QLatin1String(name));
}

/// Where the words of a PDF's page (pdftotext -bbox: each word's box, ascent to descent) run
/// into each other or off the page, or empty. Two boxes may share a sliver (a tenth of the
/// smaller one: the space above capitals, below the baseline); more than that is ink on ink.
QString wordsOverlap(const QString& pdf)
{
    const QString html = pdf + QStringLiteral(".html");
    const Run run = runProgram(tool("pdftotext"), {QStringLiteral("-bbox"), pdf, html}, QString());
    if (!run.exitedWith(0))
        return run.describe();
    QFile file(html);
    if (!file.open(QIODevice::ReadOnly))
        return html + QStringLiteral(" not written");
    const QString text = QString::fromUtf8(file.readAll());
    static const QRegularExpression pageSize(QStringLiteral("<page width=\"([\\d.]+)\" height=\"([\\d.]+)\""));
    static const QRegularExpression word(QStringLiteral(
        "<word xMin=\"([\\d.-]+)\" yMin=\"([\\d.-]+)\" xMax=\"([\\d.-]+)\" yMax=\"([\\d.-]+)\">([^<]*)</word>"));
    const auto page = pageSize.match(text);
    if (!page.hasMatch())
        return QStringLiteral("pdftotext found no page");
    const QRectF pageRect(0, 0, page.captured(1).toDouble(), page.captured(2).toDouble());
    std::vector<std::pair<QRectF, QString>> words;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        words.emplace_back(QRectF(QPointF(m.captured(1).toDouble(), m.captured(2).toDouble()),
                                  QPointF(m.captured(3).toDouble(), m.captured(4).toDouble())),
                           m.captured(5));
    }
    if (words.size() < 5)
        return QStringLiteral("pdftotext found %1 words").arg(words.size());
    const auto describe = [](const std::pair<QRectF, QString>& w) {
        return QStringLiteral("“%1” at (%2, %3)–(%4, %5) pt").arg(w.second).arg(w.first.left(), 0, 'f', 1).arg(w.first.top(), 0, 'f', 1)
            .arg(w.first.right(), 0, 'f', 1).arg(w.first.bottom(), 0, 'f', 1);
    };
    for (const auto& w : words)
        if (!pageRect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(w.first))
            return describe(w) + QStringLiteral(" runs off the %1 × %2 pt page").arg(pageRect.width()).arg(pageRect.height());
    for (std::size_t i = 0; i < words.size(); ++i)
        for (std::size_t j = i + 1; j < words.size(); ++j) {
            const QRectF both = words[i].first.intersected(words[j].first);
            const auto area = [](const QRectF& r) { return r.width() * r.height(); };
            if (both.width() > 0.3 && both.height() > 0.3
                && area(both) > 0.1 * std::min(area(words[i].first), area(words[j].first)))
                return describe(words[i]) + QStringLiteral(" overlaps ") + describe(words[j]);
        }
    return {};
}

/// Renders `file` (.svg through rsvg-convert, .pdf through pdftoppm) at `zoom` × its 96-dpi size.
QImage render(const QString& file, int layoutWidth, int zoom, QString* error)
{
    const QString png = file + QStringLiteral(".png");
    Run run;
    if (file.endsWith(QLatin1String(".svg"))) {
        run = runProgram(tool("rsvg-convert"), {QStringLiteral("-w"), QString::number(layoutWidth * zoom),
                                                QStringLiteral("-o"), png, file}, QString());
    } else {
        run = runProgram(tool("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-singlefile"),
                                            QStringLiteral("-r"), QString::number(96 * zoom), file,
                                            png.chopped(4)}, QString());
    }
    if (!run.exitedWith(0)) {
        *error = run.describe();
        return {};
    }
    QImage image(png);
    if (image.isNull())
        *error = png + QStringLiteral(" is not a readable PNG");
    return image.convertToFormat(QImage::Format_RGB32);
}

} // namespace

class TestRenderers : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cellsMatchTheData_data();
    void cellsMatchTheData();
    void cellMapsOfEveryViewMatchTheirData_data();
    void cellMapsOfEveryViewMatchTheirData();
    void gridTilesMatchTheirCosines_data();
    void gridTilesMatchTheirCosines();
    void everyViewRenders_data();
    void everyViewRenders();
    void paperSizesHaveReadableTextAndLines_data();
    void paperSizesHaveReadableTextAndLines();
    void everyStateAtThreeSizesHasNoOverlappingWords_data();
    void everyStateAtThreeSizesHasNoOverlappingWords();
    void tooSmallFigureSaysSo();
    void pixelsAreBoxAveragesOfTheCells_data();
    void pixelsAreBoxAveragesOfTheCells();
};

void TestRenderers::initTestCase()
{
    if (tool("rsvg-convert").isEmpty())
        QFAIL("rsvg-convert not found: install librsvg2-bin (scripts/setup.sh does)");
    if (tool("pdftoppm").isEmpty() || tool("pdftotext").isEmpty())
        QFAIL("pdftoppm or pdftotext not found: install poppler-utils (scripts/setup.sh does)");
}

void TestRenderers::cellsMatchTheData_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("zoom");
    const QStringList heatmap{"--size", "1400x1100"};
    const QStringList similarity{"--view", "similarity", "--size-mm", "89x70", "--position", "50"};
    for (const char* format : {"svg", "pdf"}) {
        QTest::addRow("heatmap %s, as drawn", format) << QStringLiteral("heatmap.%1").arg(format) << heatmap << 1;
        QTest::addRow("heatmap %s, zoomed 3×", format) << QStringLiteral("heatmap.%1").arg(format) << heatmap << 3;
        QTest::addRow("similarity %s, single column zoomed 4×", format)
            << QStringLiteral("similarity.%1").arg(format) << similarity << 4;
    }
}

void TestRenderers::cellsMatchTheData()
{
    QFETCH(QString, file);
    QFETCH(QStringList, options);
    QFETCH(int, zoom);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(file);
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE),
                                QStringList{"--export", path, "--d-model", "64", "--max-len", "100", "--title", "none"} + options,
                                dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    const bool similarity = file.startsWith(QLatin1String("similarity"));
    const int layoutWidth = similarity ? int(std::lround(89 / 25.4 * 96)) : 1400;
    QString error;
    const QImage image = render(path, layoutWidth, zoom, &error);
    QVERIFY2(!image.isNull(), qPrintable(error));

    const Matrix pe = paperEncoding(100, 64);
    const Matrix expected = similarity ? dotProducts(pe) : pe;
    double largest = 0;
    for (const auto& row : expected)
        for (double v : row)
            largest = std::max(largest, std::abs(v));
    const double range = similarity ? largest : 1.0;
    const ColourInverse inverse(QStringLiteral("viridis"), -range, range);
    const QRect area = mapArea(image, inverse);
    QVERIFY2(area.width() >= 64 * 2 && area.height() >= 100 * 2,
             qPrintable(QStringLiteral("no cell area found: %1×%2 at (%3, %4) in %5×%6")
                            .arg(area.width()).arg(area.height()).arg(area.x()).arg(area.y()).arg(image.width()).arg(image.height())));
    if (similarity) // p and q are one axis: square cells
        QVERIFY2(std::abs(area.width() - area.height()) <= 2 * zoom,
                 qPrintable(QStringLiteral("the similarity matrix is %1 × %2 pixels").arg(area.width()).arg(area.height())));
    const CellCheck check = checkCells(image, area, expected, inverse, 0.03 * range);
    const QString where = QStringLiteral(" (%1, rendered %2×%3, cells at %4,%5 %6×%7)")
                              .arg(file).arg(image.width()).arg(image.height())
                              .arg(area.x()).arg(area.y()).arg(area.width()).arg(area.height());
    QVERIFY2(check.problem.isEmpty(), qPrintable(check.problem + where));
    qInfo("%s: %.2f %% of the pixels inside cells off their cell's colour", qPrintable(QTest::currentDataTag()), 100 * check.smearedShare);
    QVERIFY2(check.smearedShare < 0.02,
             qPrintable(QStringLiteral("%1 % of the pixels inside cells differ from their cell's colour: the renderer "
                                       "smoothed the cells").arg(100 * check.smearedShare, 0, 'f', 1) + where));
    const QString scale = checkColourScales(image, inverse, -range, range, zoom);
    QVERIFY2(scale.isEmpty(), qPrintable(scale + where));
}

void TestRenderers::cellMapsOfEveryViewMatchTheirData_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    for (const char* view : {"conventions", "precision", "embeddings"})
        for (const char* format : {"svg", "pdf"})
            QTest::addRow("%s %s", view, format) << QString::fromLatin1(view) << QString::fromLatin1(format);
}

void TestRenderers::cellMapsOfEveryViewMatchTheirData()
{
    // The other views drawn as cells, at the double-column size, rendered at twice their
    // size: every panel's cells against values computed here, and its colour scale.
    // conventions: A = the paper's interleaved PE, B = the split layout (all sines, then all
    //   cosines), A − B in the diverging map over ±its largest magnitude;
    // precision (float16, stored, 30 positions): |PE rounded to float16 − PE| on the logarithmic scale
    //   1e−16 … 1 (smaller errors at its bottom);
    // embeddings: word × √d, + position (the formula) and = input of the default sentence;
    //   the word vectors are pseudo-random, so their panels are compared with the view's CSV.
    QFETCH(QString, view);
    QFETCH(QString, format);
    constexpr int zoom = 2, dModel = 64;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(view + QLatin1Char('.') + format);
    QStringList options{"--view", view, "--size-mm", "183x100"};
    if (view == QLatin1String("precision"))
        // 30 rows: the map is ~85 layout pixels tall at this size, 100 rows would be averaged.
        options << "--format" << "float16" << "--precision" << "stored" << "--max-len" << "30";
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE), QStringList{"--export", path} + options, dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    QString error;
    const QImage image = render(path, int(std::lround(183 / 25.4 * 96)), zoom, &error);
    QVERIFY2(!image.isNull(), qPrintable(error));

    struct Panels {
        QString colormap;
        double lower, upper;
        bool logarithmic = false;
        std::vector<Matrix> expected; // left to right
        std::vector<int> framedRows = {};
    };
    std::vector<Panels> groups;
    if (view == QLatin1String("conventions")) {
        const Matrix a = paperEncoding(100, dModel);
        Matrix b = a, difference = a;
        double largest = 0;
        for (int pos = 0; pos < 100; ++pos)
            for (int dim = 0; dim < dModel; ++dim) {
                const int k = dim % (dModel / 2);
                const double angle = pos / std::pow(10000.0, 2.0 * k / dModel);
                b[pos][dim] = dim < dModel / 2 ? std::sin(angle) : std::cos(angle);
                difference[pos][dim] = a[pos][dim] - b[pos][dim];
                largest = std::max(largest, std::abs(difference[pos][dim]));
            }
        groups.push_back({QStringLiteral("viridis"), -1, 1, false, {a, b}});
        groups.push_back({QStringLiteral("diverging"), -largest, largest, false, {difference}});
    } else if (view == QLatin1String("precision")) {
        Matrix error = paperEncoding(30, dModel);
        for (auto& row : error)
            for (double& value : row)
                value = std::clamp(std::log10(std::abs(toFloat16(value) - value)), -16.0, 0.0);
        groups.push_back({QStringLiteral("viridis"), -16, 0, true, {error}});
    } else {
        const QString csv = dir.filePath(QStringLiteral("embeddings.csv"));
        const Run data = runProgram(QStringLiteral(PE_EXPLORER_EXE), {"--export", csv, "--view", "embeddings"}, dir.path());
        QVERIFY2(data.exitedWith(0), qPrintable(data.describe()));
        const Matrix rows = readCsv(csv);
        QCOMPARE(int(rows.size()), 4 * 16);
        double largest = 0;
        for (const auto& row : rows)
            for (double v : row)
                largest = std::max(largest, std::abs(v));
        const Matrix word(rows.begin(), rows.begin() + 16), sum(rows.begin() + 48, rows.end());
        // "black" and "brown" (tokens 1 and 9) are the compared pair, framed in every panel.
        groups.push_back({QStringLiteral("viridis"), -largest, largest, false, {word, paperEncoding(16, dModel), sum}, {1, 9}});
    }

    for (const Panels& group : groups) {
        const ColourInverse inverse(group.colormap, group.lower, group.upper, group.logarithmic);
        std::vector<QRect> panels;
        for (const QRect& area : mapAreas(image, inverse, 3 * zoom, 2 * dModel))
            panels.push_back(area);
        QString found;
        for (const QRect& area : panels)
            found += QStringLiteral(" %1×%2 at (%3, %4)").arg(area.width()).arg(area.height()).arg(area.x()).arg(area.y());
        QVERIFY2(panels.size() == group.expected.size(),
                 qPrintable(QStringLiteral("%1 panels in %2 expected, found%3").arg(group.expected.size()).arg(group.colormap)
                                .arg(found.isEmpty() ? QStringLiteral(" none") : found)));
        const double tolerance = 0.03 * (group.upper - group.lower);
        for (std::size_t i = 0; i < panels.size(); ++i) {
            const CellCheck check = checkCells(image, panels[i], group.expected[i], inverse, tolerance, group.framedRows);
            const QString where = QStringLiteral(" (%1 panel %2 of %3, rendered %4×%5, cells%6)")
                                      .arg(group.colormap).arg(i + 1).arg(panels.size()).arg(image.width()).arg(image.height()).arg(found);
            QVERIFY2(check.problem.isEmpty(), qPrintable(check.problem + where));
            qInfo("%s, %s panel %d: %.2f %% of the pixels inside cells off their cell's colour", qPrintable(QTest::currentDataTag()),
                  qPrintable(group.colormap), int(i + 1), 100 * check.smearedShare);
            QVERIFY2(check.smearedShare < 0.02, qPrintable(QStringLiteral("%1 % of the pixels inside cells differ from their "
                                                                          "cell's colour: the renderer smoothed the cells")
                                                               .arg(100 * check.smearedShare, 0, 'f', 1) + where));
        }
        const QString scale = checkColourScales(image, inverse, group.lower, group.upper, zoom);
        QVERIFY2(scale.isEmpty(), qPrintable(group.colormap + QStringLiteral(": ") + scale));
    }
}

void TestRenderers::gridTilesMatchTheirCosines_data()
{
    QTest::addColumn<QString>("format");
    for (const char* format : {"svg", "pdf"})
        QTest::newRow(format) << QString::fromLatin1(format);
}

void TestRenderers::gridTilesMatchTheirCosines()
{
    // The ViT paper's tiles figure of MAE's 2-D sin-cos (8 × 8 patches, d = 64) at the
    // double-column width: each of the 8 × 8 tiles holds one patch's cosine similarity with every
    // patch, so the figure is 64 × 64 cells, read back through viridis over −1 … 1 against cosines
    // computed here from MAE's formula (util/pos_embed.py: the first half of the dims the column's
    // sines then cosines, the second half the row's, ω_k = 10000^(−k/16)).
    QFETCH(QString, format);
    constexpr int zoom = 2, side = 8, dims = 64;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("grid.") + format);
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE),
                                {"--export", path, "--view", "grid", "--grid-source", "mae", "--d-model", "64", "--grid", "8x8",
                                 "--size-mm", "183x100", "--no-marks"},
                                dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    QString error;
    const QImage image = render(path, int(std::lround(183 / 25.4 * 96)), zoom, &error);
    QVERIFY2(!image.isNull(), qPrintable(error));

    Matrix patches(side * side, std::vector<double>(dims));
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c)
            for (int k = 0; k < dims / 4; ++k) {
                const double omega = 1.0 / std::pow(10000.0, double(k) / (dims / 4));
                auto& p = patches[r * side + c];
                p[k] = std::sin(c * omega);
                p[dims / 4 + k] = std::cos(c * omega);
                p[dims / 2 + k] = std::sin(r * omega);
                p[3 * dims / 4 + k] = std::cos(r * omega);
            }
    const auto cosine = [&](int a, int b) {
        double dot = 0, na = 0, nb = 0;
        for (int i = 0; i < dims; ++i) {
            dot += patches[a][i] * patches[b][i];
            na += patches[a][i] * patches[a][i];
            nb += patches[b][i] * patches[b][i];
        }
        return dot / std::sqrt(na * nb);
    };
    Matrix tiles(side * side, std::vector<double>(side * side));
    for (int tr = 0; tr < side; ++tr)
        for (int tc = 0; tc < side; ++tc)
            for (int r = 0; r < side; ++r)
                for (int c = 0; c < side; ++c)
                    tiles[tr * side + r][tc * side + c] = cosine(tr * side + tc, r * side + c);

    const ColourInverse inverse(QStringLiteral("viridis"), -1, 1);
    // The widest block: the tiles (the large maps are beside them); the thin gaps between tiles
    // (a layout pixel, two here, more where SVG's renderer antialiases them) are bridged.
    QRect area;
    for (const QRect& block : mapAreas(image, inverse, 3 * zoom, 1))
        if (block.width() > area.width())
            area = block;
    QVERIFY2(area.width() > 3 * side * side && area.height() > 3 * side * side,
             qPrintable(QStringLiteral("tiles of %1 × %2 pixels").arg(area.width()).arg(area.height())));
    // Square cells: the tiles figure is as high as it is wide.
    QVERIFY2(std::abs(area.width() - area.height()) <= 2 * zoom,
             qPrintable(QStringLiteral("tiles of %1 × %2 pixels: stretched").arg(area.width()).arg(area.height())));
    const CellCheck check = checkCells(image, area, tiles, inverse, 0.06);
    QVERIFY2(check.problem.isEmpty(), qPrintable(check.problem));
    QVERIFY2(check.smearedShare < 0.02, qPrintable(QStringLiteral("%1 % of the pixels inside cells differ from their cell's colour")
                                                       .arg(100 * check.smearedShare, 0, 'f', 1)));
    const QString scale = checkColourScales(image, inverse, -1, 1, zoom);
    QVERIFY2(scale.isEmpty(), qPrintable(scale));
}

void TestRenderers::everyViewRenders_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    for (const char* view : {"heatmap", "waves", "similarity", "offset", "bands", "rope", "conventions", "precision", "embeddings", "methods"})
        for (const char* format : {"svg", "pdf"})
            QTest::addRow("%s %s", view, format) << QString::fromLatin1(view) << QString::fromLatin1(format);
}

void TestRenderers::everyViewRenders()
{
    // Every view's figure opens in both renderers at the single-column size, with ink in it.
    QFETCH(QString, view);
    QFETCH(QString, format);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(view + QLatin1Char('.') + format);
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE), {"--export", path, "--view", view, "--size-mm", "89x70"}, dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    QString error;
    const int layoutWidth = int(std::lround(89 / 25.4 * 96));
    const QImage image = render(path, layoutWidth, 2, &error);
    QVERIFY2(!image.isNull(), qPrintable(error));
    QVERIFY2(std::abs(image.width() - 2 * layoutWidth) <= 2, qPrintable(QString::number(image.width())));
    int ink = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            ink += qGray(image.pixel(x, y)) < 200;
    QVERIFY2(ink > 500, qPrintable(QStringLiteral("%1 dark pixels: an empty figure?").arg(ink)));
}

void TestRenderers::paperSizesHaveReadableTextAndLines_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("size");
    for (const char* view : {"heatmap", "waves", "similarity", "offset", "bands", "rope", "conventions", "precision", "embeddings", "methods"})
        for (const char* size : {"89x70", "183x100"})
            QTest::addRow("%s %s mm", view, size) << QString::fromLatin1(view) << QString::fromLatin1(size);
}

void TestRenderers::everyStateAtThreeSizesHasNoOverlappingWords_data()
{
    // Issue 48: each view in its states (a real model's RoPE, against another, every method,
    // every grid source, the conventions' mistakes, the spectrum), at a journal's single
    // column, a slide's 120 × 80 mm and a double column.
    QTest::addColumn<QStringList>("options");
    const QList<std::pair<const char*, QStringList>> states{
        {"rope paper", {"--view", "rope"}},
        {"rope llama-3.1-8b", {"--model", "llama-3.1-8b"}},
        {"rope deepseek-v3", {"--model", "deepseek-v3"}},
        {"rope qwen2-vl-7b", {"--model", "qwen2-vl-7b"}},
        {"rope llama-3.1-8b against qwen2.5-7b-yarn", {"--model", "llama-3.1-8b", "--compare-config", "qwen2.5-7b-yarn"}},
        {"conventions shifted cosine", {"--view", "conventions", "--compare", "shifted-cosine"}},
        {"conventions frequencies", {"--view", "conventions", "--compare", "frequencies"}},
        {"precision bfloat16 stored", {"--view", "precision", "--format", "bfloat16", "--precision", "stored"}},
        {"spectrum", {"--view", "spectrum"}},
        {"methods sinusoidal", {"--method", "sinusoidal"}},
        {"methods rope", {"--method", "rope"}},
        {"methods alibi all heads", {"--method", "alibi", "--head", "0"}},
        {"methods t5", {"--method", "t5"}},
        {"methods shaw", {"--method", "shaw"}},
        {"methods transformer-xl", {"--method", "transformer-xl"}},
        {"methods nope", {"--method", "nope"}},
        {"grid mae", {"--grid-source", "mae"}},
        {"grid dit", {"--grid-source", "dit"}},
        {"grid rope-axial", {"--grid-source", "rope-axial"}},
        {"grid rope-mixed", {"--grid-source", "rope-mixed"}},
        {"grid mrope", {"--grid-source", "mrope"}},
        {"grid patch map", {"--grid-source", "mae", "--grid-data", "patch"}},
    };
    for (const auto& [name, options] : states)
        for (const char* size : {"89x70", "120x80", "183x100"})
            QTest::addRow("%s %s mm", name, size) << options + QStringList{"--size-mm", QString::fromLatin1(size)};
}

void TestRenderers::everyStateAtThreeSizesHasNoOverlappingWords()
{
    QFETCH(QStringList, options);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("figure.pdf"));
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE), QStringList{"--export", path} + options, dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    QVERIFY2(made.err.trimmed().isEmpty(), qPrintable(made.err));
    const QString overlap = wordsOverlap(path);
    QVERIFY2(overlap.isEmpty(), qPrintable(overlap));
}

void TestRenderers::paperSizesHaveReadableTextAndLines()
{
    // Journals ask for 7–9 pt text and lines of at least 0.5 pt. Every "Tf" (font size) and
    // "w" (line width) operator in the PDF's content streams, times the page's scale from
    // layout pixels to points (the "cm" matrix Qt writes first: 0.75 = 72/96), must be within
    // that; a width of 0 is a printer's hairline. Nothing overlaps: no word that poppler finds
    // (pdftotext -bbox) runs into another or off the page, and the program did not warn that
    // the figure is too small for its text.
    QFETCH(QString, view);
    QFETCH(QString, size);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(view + QStringLiteral(".pdf"));
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE), {"--export", path, "--view", view, "--size-mm", size}, dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    QVERIFY2(made.err.trimmed().isEmpty(), qPrintable(made.err));
    const QString overlap = wordsOverlap(path);
    QVERIFY2(overlap.isEmpty(), qPrintable(overlap));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray pdf = file.readAll();
    static const QRegularExpression width(QStringLiteral("(?<![\\d.])(\\d+(?:\\.\\d+)?) w\\b"));
    // Qt's page matrix: x scale, 0, 0, −y scale (y downwards), 0, page height.
    static const QRegularExpression scale(QStringLiteral("([\\d.]+) 0 0 -[\\d.]+ [\\d.-]+ [\\d.-]+ cm"));
    static const QRegularExpression fontSize(QStringLiteral("(?<![\\d.])(\\d+(?:\\.\\d+)?) Tf\\b"));
    double pageScale = 0, thinnest = 1e9, smallestFont = 1e9, largestFont = 0;
    int widths = 0, fonts = 0;
    for (qsizetype at = pdf.indexOf("stream"); at >= 0; at = pdf.indexOf("stream", at + 6)) {
        if (at >= 3 && pdf.mid(at - 3, 3) == "end")
            continue;
        qsizetype begin = at + 6;
        if (pdf.at(begin) == '\r')
            ++begin;
        ++begin; // the line feed
        const qsizetype end = pdf.indexOf("endstream", begin);
        if (end < 0)
            break;
        const QByteArray compressed = pdf.mid(begin, end - begin);
        QByteArray sized(4, '\0');
        const quint32 hint = quint32(std::min<qsizetype>(compressed.size() * 64 + 4096, 64 << 20));
        sized[0] = char(hint >> 24), sized[1] = char(hint >> 16), sized[2] = char(hint >> 8), sized[3] = char(hint);
        const QString text = QString::fromLatin1(qUncompress(sized + compressed));
        if (text.isEmpty())
            continue; // an image or font stream
        if (pageScale == 0)
            if (const auto m = scale.match(text); m.hasMatch())
                pageScale = m.captured(1).toDouble();
        for (auto it = width.globalMatch(text); it.hasNext();) {
            thinnest = std::min(thinnest, it.next().captured(1).toDouble());
            ++widths;
        }
        for (auto it = fontSize.globalMatch(text); it.hasNext();) {
            const double size = it.next().captured(1).toDouble();
            smallestFont = std::min(smallestFont, size);
            largestFont = std::max(largestFont, size);
            ++fonts;
        }
    }
    QVERIFY2(pageScale > 0, "no page scale (cm) found in the PDF's content");
    QVERIFY2(widths > 0, "no line widths found in the PDF's content");
    QVERIFY2(fonts > 0, "no text in the PDF's content");
    QVERIFY2(smallestFont * pageScale >= 7 && largestFont * pageScale <= 9,
             qPrintable(QStringLiteral("text from %1 to %2 pt").arg(smallestFont * pageScale).arg(largestFont * pageScale)));
    QVERIFY2(thinnest * pageScale >= 0.5,
             qPrintable(QStringLiteral("a line of %1 pt (width %2 × scale %3)").arg(thinnest * pageScale).arg(thinnest).arg(pageScale)));
}

void TestRenderers::tooSmallFigureSaysSo()
{
    // 60 × 40 mm cannot hold the precision figure's title, legend and two plots at 8 pt: the
    // file is written (exit 0), and stderr says how tall it needs to be; at 8 pt text in
    // 60 × 90 mm it fits, and nothing is said.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("small.pdf"));
    const Run small = runProgram(QStringLiteral(PE_EXPLORER_EXE), {"--export", path, "--view", "precision", "--size-mm", "60x40"}, dir.path());
    QVERIFY2(small.exitedWith(0), qPrintable(small.describe()));
    QVERIFY(QFileInfo(path).size() > 0);
    static const QRegularExpression needs(QStringLiteral("60 × 40 mm is too small .* needs about (\\d+) mm of height"));
    const auto m = needs.match(small.err);
    QVERIFY2(m.hasMatch(), qPrintable(small.describe()));
    const int needed = m.captured(1).toInt();
    QVERIFY2(needed > 40 && needed <= 90, qPrintable(small.err));
    QVERIFY(!wordsOverlap(path).isEmpty()); // what the warning is about
    const QString tall = dir.filePath(QStringLiteral("tall.pdf"));
    const Run fits = runProgram(QStringLiteral(PE_EXPLORER_EXE),
                                {"--export", tall, "--view", "precision", "--size-mm", QStringLiteral("60x%1").arg(needed)}, dir.path());
    QVERIFY2(fits.exitedWith(0) && fits.err.trimmed().isEmpty(), qPrintable(fits.describe()));
    const QString overlap = wordsOverlap(tall);
    QVERIFY2(overlap.isEmpty(), qPrintable(overlap));
}

void TestRenderers::pixelsAreBoxAveragesOfTheCells_data()
{
    QTest::addColumn<QStringList>("size");
    QTest::addRow("900 × 700 px") << QStringList{"--size", "900x700"};
    QTest::addRow("89 × 70 mm at 300 dpi") << QStringList{"--size-mm", "89x70", "--dpi", "300"};
    // Fractional device pixels per layout pixel: an antialiased painter's half-pixel shift drew
    // 579 bins over 578 pixels at these sizes (and at 89 × 70 mm once the colour scale's ticks
    // pointed out); integer millimetres had passed by luck.
    QTest::addRow("88.7 × 70 mm at 300 dpi") << QStringList{"--size-mm", "88.7x70", "--dpi", "300"};
    QTest::addRow("89.3 × 70 mm at 300 dpi") << QStringList{"--size-mm", "89.3x70", "--dpi", "300"};
}

void TestRenderers::pixelsAreBoxAveragesOfTheCells()
{
    // More rows and columns than pixels: every pixel must show the exact average of the cells
    // it covers (a box filter, partial cells weighted by the part they share), never one
    // sampled cell — sampling draws moiré rings that are not in the data. Brute force here:
    // the whole matrix from the formula, each pixel's average from the cells under it.
    QFETCH(QStringList, size);
    constexpr int maxLen = 3000, dModel = 2048;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("heatmap.png"));
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE),
                                QStringList{"--export", path, "--d-model", QString::number(dModel), "--max-len",
                                            QString::number(maxLen), "--title", "none"} + size, dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
    const QImage image = QImage(path).convertToFormat(QImage::Format_RGB32);
    QVERIFY(!image.isNull());
    const Matrix pe = paperEncoding(maxLen, dModel);
    const ColourInverse inverse(QStringLiteral("viridis"), -1.0, 1.0);
    const QRect found = mapArea(image, inverse);
    QVERIFY2(found.height() >= 200 && found.height() < maxLen && found.width() >= 200 && found.width() < dModel,
             qPrintable(QStringLiteral("map area %1 × %2").arg(found.width()).arg(found.height())));

    // Pixel (x, y) covers cells [(x − left)·d/width, (x − left + 1)·d/width) and likewise rows.
    const auto boxAverage = [&](const QRectF& map, int x, int y) {
        const double r0 = (y - map.top()) * maxLen / map.height(), r1 = r0 + maxLen / map.height();
        const double c0 = (x - map.left()) * dModel / map.width(), c1 = c0 + dModel / map.width();
        double sum = 0, weights = 0;
        for (int r = std::max(0, int(std::floor(r0))); r < maxLen && r < r1; ++r)
            for (int c = std::max(0, int(std::floor(c0))); c < dModel && c < c1; ++c) {
                const double w = (std::min(r1, r + 1.0) - std::max(r0, double(r))) * (std::min(c1, c + 1.0) - std::max(c0, double(c)));
                sum += w * pe[r][c];
                weights += w;
            }
        return weights > 0 ? sum / weights : 0.0;
    };
    // The axis lines (3 px wide at 300 dpi) may cover the map's outermost pixels: its own edges
    // are whichever of the found ones ±3 pixels the colours fit best, sides then ends.
    const auto misfit = [&](const QRectF& candidate) {
        double error = 0;
        for (int y = found.top() + 3; y < found.bottom() - 2; y += 9)
            for (int x = found.left() + 3; x < found.right() - 2; x += 9)
                error += std::abs(inverse.value(image.pixel(x, y)).first - boxAverage(candidate, x, y));
        return error;
    };
    QRectF map = QRectF(found);
    for (bool sides : {true, false, true}) {
        double bestError = 1e300;
        QRectF best = map;
        for (int near = -3; near <= 3; ++near)
            for (int far = -3; far <= 3; ++far) {
                QRectF candidate = map;
                if (sides)
                    candidate.setCoords(found.left() + near, map.top(), found.left() + found.width() + far, map.bottom());
                else
                    candidate.setCoords(map.left(), found.top() + near, map.right(), found.top() + found.height() + far);
                if (const double error = misfit(candidate); error < bestError) {
                    bestError = error;
                    best = candidate;
                }
            }
        map = best;
    }
    double worst = 0, sampledWorst = 0;
    QString worstAt;
    for (int y = found.top() + 2; y < found.bottom() - 1; ++y)
        for (int x = found.left() + 2; x < found.right() - 1; ++x) {
            const double shown = inverse.value(image.pixel(x, y)).first, expected = boxAverage(map, x, y);
            if (std::abs(shown - expected) > worst) {
                worst = std::abs(shown - expected);
                worstAt = QStringLiteral("pixel (%1, %2) reads %3, the cells under it average %4").arg(x).arg(y).arg(shown).arg(expected);
            }
            // What one sampled cell (the one under the pixel's centre) would have shown.
            const int r = std::clamp(int((y + 0.5 - map.top()) * maxLen / map.height()), 0, maxLen - 1);
            const int c = std::clamp(int((x + 0.5 - map.left()) * dModel / map.width()), 0, dModel - 1);
            sampledWorst = std::max(sampledWorst, std::abs(pe[r][c] - expected));
        }
    qInfo("map %gx%g at (%g, %g): largest difference from the box average %.4f (one sampled cell per pixel would be %.2f off)",
          map.width(), map.height(), map.x(), map.y(), worst, sampledWorst);
    // The colour map has 350 levels over −1…1 (0.0057 each; 8-bit colours merge some
    // neighbours) and the inversion 1000 steps.
    QVERIFY2(worst < 0.02, qPrintable(worstAt));
}

QTEST_MAIN(TestRenderers)
#include "tst_renderers.moc"
