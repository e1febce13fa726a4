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
    ColourInverse(const QString& colormap, double lower, double upper)
    {
        QCPColorGradient gradient = pe::ui::colormapGradient(colormap); // color() is not const
        for (int i = 0; i <= steps; ++i) {
            const double v = lower + (upper - lower) * i / steps;
            m_values.push_back(v);
            m_colours.push_back(gradient.color(v, QCPRange(lower, upper)));
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

/// The widest block of the image drawn in the colour map's colours: the cells (the colour
/// scale beside them is narrower). Empty when there is none.
QRect mapArea(const QImage& image, const ColourInverse& inverse)
{
    const auto onMap = [&](int x, int y) { return inverse.value(image.pixel(x, y)).second < 10; };
    std::vector<int> perColumn(image.width());
    for (int x = 0; x < image.width(); ++x)
        for (int y = 0; y < image.height(); y += 2)
            perColumn[x] += onMap(x, y);
    const auto longestRun = [](std::vector<bool> in) {
        // A cell edge between pixels is one antialiased line across the map: bridge it.
        for (std::size_t i = 1; i + 2 < in.size(); ++i)
            if (!in[i] && in[i - 1] && (in[i + 1] || (!in[i + 1] && in[i + 2]))) {
                in[i] = true;
                if (!in[i + 1])
                    in[i + 1] = true;
            }
        int bestStart = 0, bestLength = 0;
        for (int i = 0, start = 0; i <= int(in.size()); ++i)
            if (i == int(in.size()) || !in[i]) {
                if (i - start > bestLength) {
                    bestStart = start;
                    bestLength = i - start;
                }
                start = i + 1;
            }
        return std::pair{bestStart, bestLength};
    };
    std::vector<bool> columns(image.width());
    for (int x = 0; x < image.width(); ++x)
        columns[x] = perColumn[x] * 2 > image.height() / 5;
    const auto [x0, width] = longestRun(columns);
    std::vector<bool> rows(image.height());
    for (int y = 0; y < image.height(); ++y) {
        int count = 0;
        for (int x = x0; x < x0 + width; ++x)
            count += onMap(x, y);
        rows[y] = count > 0.8 * width;
    }
    const auto [y0, height] = longestRun(rows);
    return QRect(x0, y0, width, height);
}

struct CellCheck {
    QString problem;         ///< the first cell that differs, or empty
    double smearedShare = 0; ///< pixels inside a cell (not on its edge) of another colour than its centre
};

/// Reads every cell at its centre and compares it with `expected`; counts the smeared pixels.
CellCheck checkCells(const QImage& image, const QRect& area, const Matrix& expected, const ColourInverse& inverse,
                     double tolerance)
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
            smeared += ColourInverse::distance(image.pixel(x, y), centre(r, c)) >= 12;
            ++all;
        }
    }
    check.smearedShare = all > 0 ? double(smeared) / all : 1.0;
    return check;
}

QString tool(const char* name)
{
    return QStandardPaths::findExecutable(QLatin1String(name));
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
    void everyViewRenders_data();
    void everyViewRenders();
    void paperSizesHaveReadableTextAndLines_data();
    void paperSizesHaveReadableTextAndLines();
    void pixelsAreBoxAveragesOfTheCells_data();
    void pixelsAreBoxAveragesOfTheCells();
};

void TestRenderers::initTestCase()
{
    if (tool("rsvg-convert").isEmpty())
        QFAIL("rsvg-convert not found: install librsvg2-bin (scripts/setup.sh does)");
    if (tool("pdftoppm").isEmpty())
        QFAIL("pdftoppm not found: install poppler-utils (scripts/setup.sh does)");
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
}

void TestRenderers::everyViewRenders_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    for (const char* view : {"heatmap", "waves", "similarity", "offset", "bands", "rope", "conventions", "precision", "embeddings"})
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
    for (const char* view : {"heatmap", "waves", "similarity", "offset", "bands", "rope", "conventions", "precision", "embeddings"})
        for (const char* size : {"89x70", "183x100"})
            QTest::addRow("%s %s mm", view, size) << QString::fromLatin1(view) << QString::fromLatin1(size);
}

void TestRenderers::paperSizesHaveReadableTextAndLines()
{
    // Journals ask for 7–9 pt text and lines of at least 0.5 pt. Every "Tf" (font size) and
    // "w" (line width) operator in the PDF's content streams, times the page's scale from
    // layout pixels to points (the "cm" matrix Qt writes first: 0.75 = 72/96), must be within
    // that; a width of 0 is a printer's hairline.
    QFETCH(QString, view);
    QFETCH(QString, size);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(view + QStringLiteral(".pdf"));
    const Run made = runProgram(QStringLiteral(PE_EXPLORER_EXE), {"--export", path, "--view", view, "--size-mm", size}, dir.path());
    QVERIFY2(made.exitedWith(0), qPrintable(made.describe()));
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

void TestRenderers::pixelsAreBoxAveragesOfTheCells_data()
{
    QTest::addColumn<QStringList>("size");
    QTest::addRow("900 × 700 px") << QStringList{"--size", "900x700"};
    QTest::addRow("89 × 70 mm at 300 dpi") << QStringList{"--size-mm", "89x70", "--dpi", "300"};
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
