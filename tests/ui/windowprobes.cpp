// SPDX-License-Identifier: MIT
#include "windowprobes.h"

#include "core/conventions.h"
#include "core/encoding.h"
#include "core/grid.h"
#include "core/frequencies.h"
#include "core/positionmethods.h"
#include "core/precision.h"
#include "core/rope.h"
#include "core/ropemodel.h"
#include "core/similarity.h"
#include "core/spectrum.h"
#include "core/tokenembedding.h"
#include "ui/document/gridpart.h"
#include "ui/document/heatmappart.h"
#include "ui/document/methodspart.h"
#include "ui/document/ropedata.h"
#include "ui/document/ropemodeldata.h"
#include "ui/document/spectrumpart.h"
#include "ui/views/bandsview.h"
#include "ui/controls/controlspanel.h"
#include "ui/views/conventionsview.h"
#include "ui/views/embeddingsview.h"
#include "ui/views/gridview.h"
#include "ui/views/heatmapview.h"
#include "ui/views/methodsview.h"
#include "ui/controls/logslider.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"
#include "ui/views/offsetview.h"
#include "ui/views/precisionview.h"
#include "ui/views/ropemodelplot.h"
#include "ui/views/ropeview.h"
#include "ui/views/similarityview.h"
#include "ui/views/spectrumview.h"
#include "ui/views/wavesview.h"
#include "ui/views/zoomsettle.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"
#include "ui/state/methodsoptions.h"
#include "ui/state/gridoptions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSpinBox>
#include <QStyleOptionButton>
#include <QStyleOptionSlider>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <map>
#include <numbers>

namespace core = pe::core;
using pe::ui::MainWindow;
using pe::ui::Settings;

namespace windowprobes {

namespace {

QString number(double value) { return QString::number(value, 'g', 17); }

/// "4,5,6,7", as the wave-dims field shows them.
QString joined(const QList<int>& dims)
{
    QStringList parts;
    for (int d : dims)
        parts << QString::number(d);
    return parts.join(QLatin1Char(','));
}

/// At most about `wanted` evenly spread indices of 0 … count−1, always both ends.
QList<std::int64_t> spread(std::int64_t count, std::int64_t wanted)
{
    QList<std::int64_t> indices;
    const std::int64_t step = std::max<std::int64_t>(1, count / wanted);
    for (std::int64_t i = 0; i < count; i += step)
        indices.append(i);
    if (count > 0 && indices.back() != count - 1)
        indices.append(count - 1);
    return indices;
}

template <typename View>
View* view(MainWindow& window, pe::ui::View which)
{
    return qobject_cast<View*>(window.plotView(which));
}

/// The cells [from, to) of one axis (cell c covers [c, c + 1)) with the length each shares
/// with that interval: the weights of a box filter.
QList<std::pair<std::int64_t, double>> cellsUnder(double from, double to, std::int64_t cells)
{
    QList<std::pair<std::int64_t, double>> under;
    for (auto c = std::max<std::int64_t>(0, std::int64_t(std::floor(from))); c < cells && double(c) < to; ++c) {
        const double shared = std::min(to, double(c + 1)) - std::max(from, double(c));
        if (shared > 0)
            under.append({c, shared});
    }
    return under;
}

/// Each sampled cell of the colour map against the brute-force box average of the encoding
/// cells its extent covers, read from the map alone (its size and ranges, as the axes place
/// it): one cell each when zoomed in, the exact average of those under a pixel beyond that.
QString heatCellsMismatch(QCPColorMapData* data, const core::EncodingSpec& spec, bool oneColumn, bool oneRow)
{
    const int keys = data->keySize(), values = data->valueSize();
    const double keyStep = (data->keyRange().upper - data->keyRange().lower) / (keys - 1);
    const double valueStep = (data->valueRange().upper - data->valueRange().lower) / (values - 1);
    // About 20000 encoding cells per check, whatever each map cell averages: the monkey test
    // calls this after every step, sanitizers included.
    const double cellsPerSample = (std::abs(keyStep) + 1) * (std::abs(valueStep) + 1);
    const auto side = std::int64_t(std::clamp(std::sqrt(20000 / cellsPerSample), 2.0, 400.0));
    for (std::int64_t v : spread(values, side))
        for (std::int64_t k : spread(keys, side)) {
            // QCustomPlot cannot place a single bin: the map repeats it beside itself, past the
            // axes (mapCoversAxes), as a copy that is no data of its own.
            if ((k == 1 && oneColumn) || (v == 1 && oneRow))
                continue;
            // Cell c of the matrix is centred on coordinate c (rows: first position + c).
            const double x = data->keyRange().lower + double(k) * keyStep;
            const double y = data->valueRange().lower + double(v) * valueStep;
            const auto rows = cellsUnder(y - valueStep / 2 + 0.5 - double(spec.firstPosition),
                                         y + valueStep / 2 + 0.5 - double(spec.firstPosition), spec.maxLen);
            const auto columns = cellsUnder(x - keyStep / 2 + 0.5, x + keyStep / 2 + 0.5, spec.dModel);
            double sum = 0, weights = 0;
            for (const auto& [r, rowWeight] : rows)
                for (const auto& [c, columnWeight] : columns) {
                    sum += rowWeight * columnWeight * core::encodingValue(spec, spec.firstPosition + r, int(c));
                    weights += rowWeight * columnWeight;
                }
            if (weights <= 0)
                return QStringLiteral("map cell (%1, %2) covers no cell of the matrix").arg(k).arg(v);
            const double shown = data->cell(int(k), int(v)), expected = sum / weights;
            if (std::abs(shown - expected) > sumTolerance)
                return QStringLiteral("map cell %1, %2 (positions %3–%4, dimensions %5–%6) shows %7, the box average is %8")
                    .arg(k).arg(v).arg(y - valueStep / 2).arg(y + valueStep / 2).arg(x - keyStep / 2).arg(x + keyStep / 2)
                    .arg(number(shown), number(expected));
        }
    return {};
}

/// What the map's own cells cover along one axis, from the centres of its first and last cells
/// (`count` of them): a single bin, which the map doubles, covers its own extent only.
QCPRange cellExtent(const QCPRange& centres, int count, bool single)
{
    const double step = (centres.upper - centres.lower) / (count - 1);
    const double last = single ? centres.lower : centres.upper;
    return QCPRange(std::min(centres.lower, last) - std::abs(step) / 2, std::max(centres.lower, last) + std::abs(step) / 2);
}

/// Whether the map's cells cover all of the matrix (`matrixX` × `matrixY`, in the axes'
/// coordinates) that the axes show: what they do not cover is blank on screen.
QString mapCoversAxes(QCPColorMapData* data, QCPAxis* x, QCPAxis* y, const QCPRange& matrixX, const QCPRange& matrixY,
                      bool oneColumn, bool oneRow)
{
    const double x0 = std::max(x->range().lower, matrixX.lower), x1 = std::min(x->range().upper, matrixX.upper);
    const double y0 = std::max(y->range().lower, matrixY.lower), y1 = std::min(y->range().upper, matrixY.upper);
    if (!(x0 < x1) || !(y0 < y1))
        return {}; // the axes show none of the matrix
    const QCPRange keys = cellExtent(data->keyRange(), data->keySize(), oneColumn);
    const QCPRange values = cellExtent(data->valueRange(), data->valueSize(), oneRow);
    // Bin edges are sums of cells per bin: exact to rounding, far below a cell.
    const double xSlack = 1e-9 * (1 + matrixX.size()), ySlack = 1e-9 * (1 + matrixY.size());
    if (keys.lower > x0 + xSlack || keys.upper < x1 - xSlack || values.lower > y0 + ySlack || values.upper < y1 - ySlack)
        return QStringLiteral("the map covers x %1…%2, y %3…%4, but the axes show x %5…%6, y %7…%8 of the matrix")
            .arg(keys.lower).arg(keys.upper).arg(values.lower).arg(values.upper).arg(x0).arg(x1).arg(y0).arg(y1);
    return {};
}

} // namespace

std::unique_ptr<MainWindow> launch(QSize size)
{
    auto window = std::make_unique<MainWindow>();
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    QTest::qWait(50); // the layout is restored once the window has its size
    return window;
}

bool bringOnScreen(MainWindow& window, pe::ui::View v, int timeoutMs)
{
    pe::ui::PlotView* view = window.plotView(v);
    if (!view)
        return false;
    if (!view->isOnScreen())
        window.stage()->choose(v);
    return QTest::qWaitFor([&] { return view->isOnScreen(); }, timeoutMs) && waitForFrame(window, timeoutMs)
        && QTest::qWaitFor([&] { return !view->isStale(); }, timeoutMs);
}

StageKeeper::StageKeeper(MainWindow& window)
    : m_window(window), m_state(window.stage()->saveState())
{
}

StageKeeper::~StageKeeper()
{
    m_window.stage()->restoreState(m_state);
    // The views back on the stage ask for bins at their own sizes again: wait for that frame.
    QCoreApplication::processEvents();
    waitForFrame(m_window);
}

bool waitForFrame(MainWindow& window, int timeoutMs)
{
    pe::ui::Document* document = window.document();
    // A wheel or drag reaches the document only when it pauses (ZoomSettle): until then the
    // axes show a range the frame was not computed for. On a loaded machine the pause's timer
    // fired after the monkey's 200 ms wait, and the probe compared a zoomed-out axis with the
    // earlier zoom's bins (seed 20261122, step 23,799: "8 × 153 averaged map cells on
    // 99.2 × 151.7 device pixels").
    const auto settled = [&] {
        const QList<QObject*> objects = window.findChildren<QObject*>();
        return document->isFrameCurrent() && std::none_of(objects.begin(), objects.end(), [](QObject* o) {
                   const auto* settle = dynamic_cast<pe::ui::ZoomSettle*>(o);
                   return settle && settle->isPending();
               });
    };
    // Drawing the frame can lay a plot out anew, and a view then asks for bins that fit its
    // new size in pixels: wait for that frame too.
    for (int round = 0; round < 5; ++round) {
        if (!QTest::qWaitFor(settled, timeoutMs))
            return false;
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        if (settled())
            return true;
    }
    return false;
}

QString heatmapMismatch(MainWindow& window)
{
    const core::EncodingSpec& spec = window.document()->spec();
    pe::ui::HeatmapView* heatmap = window.heatmap();
    QCPColorMapData* data = heatmap->colorMap()->data();
    const int keys = data->keySize(), values = data->valueSize();
    if (keys < 2 || values < 2)
        return QStringLiteral("colour map is %1 × %2").arg(keys).arg(values);
    // Never more cells than pixels along an axis: a pixel would show one sampled cell.
    const QRect area = heatmap->plot()->axisRect()->rect();
    const double ratio = heatmap->plot()->bufferDevicePixelRatio();
    const double keyStep = (data->keyRange().upper - data->keyRange().lower) / (keys - 1);
    const double valueStep = (data->valueRange().upper - data->valueRange().lower) / (values - 1);
    // What the cells span along each axis: n bins of `step` each. (Counting the first and last
    // as one unit wide, as the probe did, left out a bin's width less one: panned half off the
    // matrix, 126 bins on 125.9 pixels read as 126 bins on 124.98, seed 20261122, step 1199.)
    const double shownKeys = keys * std::max(std::abs(keyStep), 1.0), shownValues = values * std::max(std::abs(valueStep), 1.0);
    const double keyPixels = area.width() * ratio * std::min(1.0, shownKeys / heatmap->plot()->xAxis->range().size());
    const double valuePixels = area.height() * ratio * std::min(1.0, shownValues / heatmap->plot()->yAxis->range().size());
    const bool seen = area.width() > 0 && area.height() > 0; // a crushed plot has no pixels to fit
    // One bin along an axis is drawn doubled (QCustomPlot needs two cells): not two bins on the
    // pixels. Zoomed out to a speck, the part is one bin of every row under axes that show
    // 1e12 rows ("128 × 2 averaged map cells on 816 × 2.4e-05 device pixels", tst_probes).
    const pe::ui::Frame& frame = *window.document()->frame();
    const bool oneColumn = heatOf(frame).columns.bins == 1, oneRow = heatOf(frame).rows.bins == 1;
    if (seen && ((!oneColumn && keyStep > 1.0001 && keys > keyPixels + 1) || (!oneRow && valueStep > 1.0001 && values > valuePixels + 1))) {
        const pe::ui::ViewZoom zoom = window.document()->zoom(pe::ui::views::heatmap);
        return QStringLiteral("%1 × %2 averaged map cells on %3 × %4 device pixels (axis rect %5 × %6; axes x %7…%8, "
                              "y %9…%10; cells x %11…%12, y %13…%14; the document's zoom x %15…%16, y %17…%18)")
            .arg(keys).arg(values).arg(keyPixels).arg(valuePixels).arg(area.width()).arg(area.height())
            .arg(heatmap->plot()->xAxis->range().lower).arg(heatmap->plot()->xAxis->range().upper)
            .arg(heatmap->plot()->yAxis->range().lower).arg(heatmap->plot()->yAxis->range().upper)
            .arg(data->keyRange().lower).arg(data->keyRange().upper).arg(data->valueRange().lower).arg(data->valueRange().upper)
            .arg(zoom.xLower).arg(zoom.xUpper).arg(zoom.yLower).arg(zoom.yUpper);
    }
    // A plot crushed below two device pixels a side shows no cell, and asks for one bin: at
    // 1 M positions that bin averages hundreds of millions of cells, too many to sum by brute
    // force after a monkey step. Its bins against the pixels are checked above.
    const bool crushed = area.width() * ratio < 2 || area.height() * ratio < 2;
    if (crushed && (std::abs(keyStep) + 1) * (std::abs(valueStep) + 1) > 1e6)
        return {};
    const double first = double(spec.firstPosition);
    if (const QString blank = mapCoversAxes(data, heatmap->plot()->xAxis, heatmap->plot()->yAxis,
                                            QCPRange(-0.5, double(spec.dModel) - 0.5),
                                            QCPRange(first - 0.5, first + double(spec.maxLen) - 0.5), oneColumn, oneRow);
        !blank.isEmpty())
        return blank;
    return heatCellsMismatch(data, spec, oneColumn, oneRow);
}

QString wavesMismatch(MainWindow& window)
{
    const core::EncodingSpec& spec = window.document()->spec();
    auto* waves = view<pe::ui::WavesView>(window, pe::ui::views::waves);
    QList<int> drawable;
    for (int dim : window.document()->state().dims)
        if (dim < spec.dModel)
            drawable.append(dim);
    if (waves->waveCount() != drawable.size())
        return QStringLiteral("%1 waves drawn for %2 chosen dimensions").arg(waves->waveCount()).arg(drawable.size());
    for (int i = 0; i < drawable.size(); ++i) {
        const auto samples = waves->sampleGraph(i)->data();
        const auto curve = waves->curveGraph(i)->data();
        if (samples->isEmpty() || curve->isEmpty())
            return QStringLiteral("wave of dimension %1 is empty").arg(drawable[i]);
        for (std::int64_t s : spread(samples->size(), 600)) {
            const QCPGraphData& point = *(samples->constBegin() + s);
            const double expected = core::encodingValue(spec, std::llround(point.key), drawable[i]);
            if (point.key != std::round(point.key) || std::abs(point.value - expected) > cellTolerance)
                return QStringLiteral("dimension %1 sample at %2 shows %3, core says %4")
                    .arg(drawable[i]).arg(point.key).arg(number(point.value), number(expected));
        }
        for (std::int64_t s : spread(curve->size(), 100)) {
            const QCPGraphData& point = *(curve->constBegin() + s);
            const double expected = core::encodingCurve(spec, point.key, drawable[i]);
            if (std::abs(point.value - expected) > cellTolerance)
                return QStringLiteral("dimension %1 curve at %2 shows %3, core says %4")
                    .arg(drawable[i]).arg(point.key).arg(number(point.value), number(expected));
        }
    }
    return {};
}

QString similarityMismatch(MainWindow& window)
{
    const core::EncodingSpec& spec = window.document()->spec();
    const pe::ui::ViewState& state = window.document()->state();
    auto* similarity = view<pe::ui::SimilarityView>(window, pe::ui::views::similarity);
    // Not the similarity kernel's Toeplitz shortcut: the dot product (or cosine) of the two
    // encoding vectors themselves, as the textbook defines the similarity.
    const auto similarityOf = [&](const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
        const double norms = a.norm() * b.norm();
        return !state.normalize ? a.dot(b) : norms > 0 ? a.dot(b) / norms : 0.0;
    };
    const auto encoding = [&](std::int64_t row) { return core::encodingVector(spec, spec.firstPosition + row); };
    QCPColorMapData* data = similarity->colorMap()->data();
    // One bin per cell, or at most one per device pixel of the matrix (never sampled cells).
    const QRect matrix = similarity->plot()->xAxis->axisRect()->rect();
    const double pixels = std::min(matrix.width(), matrix.height()) * similarity->plot()->bufferDevicePixelRatio();
    // A colour map holds at least 2 × 2 cells: one bin (max_len 1, or a matrix crushed to under
    // two pixels) is drawn as four equal cells.
    const bool oneBin = data->keySize() == 2 && data->valueSize() == 2 && (spec.maxLen == 1 || pixels < 2)
                        && data->cell(0, 0) == data->cell(0, 1) && data->cell(0, 0) == data->cell(1, 0)
                        && data->cell(0, 0) == data->cell(1, 1);
    const int bins = oneBin ? 1 : data->keySize();
    if (data->keySize() != data->valueSize() || bins > spec.maxLen || (pixels > 0 && bins < spec.maxLen && bins > pixels + 1))
        return QStringLiteral("matrix is %1 × %2 for max_len %3 on %4 pixels").arg(data->keySize()).arg(data->valueSize()).arg(spec.maxLen).arg(pixels);
    const double first = double(spec.firstPosition);
    if (bins == spec.maxLen) { // exact: row p, column q holds the similarity of p and q
        QList<std::pair<std::int64_t, Eigen::VectorXd>> rows;
        for (std::int64_t p : spread(spec.maxLen, 64))
            rows.append({p, encoding(p)});
        for (const auto& [p, ep] : rows)
            for (const auto& [q, eq] : rows) {
                const double shown = data->data(first + double(q), first + double(p)), expected = similarityOf(ep, eq);
                if (std::abs(shown - expected) > sumTolerance)
                    return QStringLiteral("matrix (p %1, q %2) shows %3, PE(p)·PE(q) is %4")
                        .arg(p).arg(q).arg(number(shown), number(expected));
            }
    }
    const auto profile = similarity->profileGraph()->data();
    if (profile->isEmpty())
        return QStringLiteral("empty profile");
    // The profile: a point per bin of positions as the matrix's columns (a pixel each beyond the
    // pixels), at the bin's centre, showing the mean of PE(p)·PE(q) over its positions q.
    const Eigen::VectorXd selected = encoding(state.position);
    const std::int64_t profileBins = profile->size();
    if (profileBins != bins)
        return QStringLiteral("profile has %1 points for a matrix of %2 bins").arg(profileBins).arg(bins);
    for (std::int64_t s : spread(profileBins, 64)) {
        const QCPGraphData& point = *(profile->constBegin() + s);
        const std::int64_t a = core::binStart(spec.maxLen, profileBins, s), e = core::binStart(spec.maxLen, profileBins, s + 1);
        if (point.key != first + double(a + e - 1) / 2)
            return QStringLiteral("profile point %1 at %2, not the centre of positions %3–%4").arg(s).arg(number(point.key)).arg(a).arg(e - 1);
        double expected = 0;
        if (e - a > 16) { // a wide bin: its mean encoding (core's closed form, tested against cell sums)
            if (state.normalize) // the cosine averages unit vectors: no closed form to check against
                continue;
            core::RowMatrix mean(1, spec.dModel);
            core::fillBinnedEncoding(spec, a, e - a, mean);
            expected = selected.dot(mean.row(0).transpose());
        } else {
            for (std::int64_t q = a; q < e; ++q)
                expected += similarityOf(selected, encoding(q));
            expected /= double(e - a);
        }
        if (std::abs(point.value - expected) > sumTolerance)
            return QStringLiteral("profile of row %1 over positions %2–%3 shows %4, the mean of PE·PE is %5")
                .arg(state.position).arg(a).arg(e - 1).arg(number(point.value), number(expected));
    }
    return {};
}

QString offsetMismatch(MainWindow& window)
{
    const core::EncodingSpec& spec = window.document()->spec();
    const pe::ui::ViewState& state = window.document()->state();
    auto* offset = view<pe::ui::OffsetView>(window, pe::ui::views::offset);
    const std::int64_t p = spec.firstPosition + state.position, k = state.offset;
    const Eigen::VectorXd pe = core::encodingVector(spec, p), shifted = core::encodingVector(spec, p + k);
    const auto bars = offset->encodingBars()->data();
    const auto shiftedData = offset->shiftedGraph()->data();
    const auto rotatedData = offset->rotatedGraph()->data();
    if (bars->size() != spec.dModel || shiftedData->size() != spec.dModel || rotatedData->size() != spec.dModel)
        return QStringLiteral("vectors of %1, %2 and %3 values for d_model %4")
            .arg(bars->size()).arg(shiftedData->size()).arg(rotatedData->size()).arg(spec.dModel);
    for (int c = 0; c < spec.dModel; ++c) {
        const double bar = (bars->constBegin() + c)->value, moved = (shiftedData->constBegin() + c)->value;
        if (std::abs(bar - pe[c]) > cellTolerance || std::abs(moved - shifted[c]) > cellTolerance)
            return QStringLiteral("dimension %1: PE(%2) shows %3 (core %4), PE(%5) shows %6 (core %7)")
                .arg(c).arg(p).arg(number(bar), number(pe[c])).arg(p + k).arg(number(moved), number(shifted[c]));
        const double rotated = (rotatedData->constBegin() + c)->value;
        // tensor2tensor's odd d: the last column is zeros (tf.pad, fairseq's zero column), and
        // M_k leaves it so: PE(p), PE(p+k) and M_k·PE(p) are exactly 0 there.
        if (spec.frequencies == core::FrequencyRule::Tensor2Tensor && spec.dModel % 2 == 1 && c == spec.dModel - 1) {
            if (bar != 0.0 || moved != 0.0 || rotated != 0.0)
                return QStringLiteral("zero column %1: PE(p) %2, PE(p+k) %3, M_k·PE(p) %4; all must be 0")
                    .arg(c).arg(number(bar), number(moved), number(rotated));
            continue;
        }
        // M_k turns (sin, cos) pairs; the paper's odd d's unpaired last sine has no partner to turn with.
        const bool paired = core::cosColumn(spec, core::columnRole(spec, c).pair) >= 0;
        if (paired && std::abs(rotated - shifted[c]) > sumTolerance)
            return QStringLiteral("dimension %1: M_k·PE(p) is not PE(p+k)").arg(c);
    }
    const auto dots = offset->offsetDotGraph()->data();
    for (std::int64_t s : spread(dots->size(), 64)) {
        const QCPGraphData& point = *(dots->constBegin() + s);
        const auto q = std::llround(point.key);
        const double expected = core::encodingVector(spec, q).dot(core::encodingVector(spec, q + k));
        if (std::abs(point.value - expected) > sumTolerance)
            return QStringLiteral("PE(%1)·PE(%1+%2) shows %3, core says %4")
                .arg(q).arg(k).arg(number(point.value), number(expected));
    }
    return {};
}

QString bandsMismatch(MainWindow& window)
{
    const Eigen::VectorXd lambda = core::wavelengths(window.document()->spec());
    auto* bands = view<pe::ui::BandsView>(window, pe::ui::views::bands);
    const auto line = bands->wavelengthGraph()->data();
    if (line->size() != lambda.size())
        return QStringLiteral("%1 wavelengths for %2 pairs").arg(line->size()).arg(lambda.size());
    for (int k = 0; k < lambda.size(); ++k) {
        const QCPGraphData& point = *(line->constBegin() + k);
        if (point.key != k || std::abs(point.value - lambda[k]) > cellTolerance * lambda[k])
            return QStringLiteral("pair %1 shows λ %2, core says %3").arg(k).arg(number(point.value), number(lambda[k]));
    }
    return {};
}

QString conventionsMismatch(MainWindow& window)
{
    // Both maps, A (the settings) and B (the comparison): at most one row bin per pixel row and
    // one column bin per pixel column, each cell the mean of its whole rows' values as core gives
    // them one by one, over the columns under it (weighted by the width each shares with it).
    const core::EncodingSpec& spec = window.document()->spec();
    auto* conventions = view<pe::ui::ConventionsView>(window, pe::ui::views::conventions);
    const core::Convention compared[] = {core::conventionOf(spec),
                                         core::comparedConvention(spec, window.document()->state().comparison)};
    const QRect area = conventions->rect(0)->rect();
    const double pixels = area.height() * conventions->plot()->bufferDevicePixelRatio();
    const double pixelColumns = area.width() * conventions->plot()->bufferDevicePixelRatio();
    for (int i = 0; i < 2; ++i) {
        QCPColorMapData* data = conventions->map(i)->data();
        // A colour map holds at least two cells a side: one bin (max_len 1, or a plot one pixel
        // high) is drawn as two equal cells.
        const bool oneBin = data->valueSize() == 2
                            && std::ranges::all_of(spread(spec.dModel, 64), [&](std::int64_t c) {
                                   return data->cell(int(c), 0) == data->cell(int(c), 1);
                               })
                            && (spec.maxLen == 1 || pixels < 2);
        const int bins = oneBin ? 1 : data->valueSize();
        // Columns: one bin per pixel column at most, each of equal width over the columns (a
        // one-column map, or a plot one pixel wide, is drawn as two equal cells too).
        const int columnBins = spec.dModel == 1 || (data->keySize() == 2 && pixelColumns < 2) ? 1 : data->keySize();
        if (columnBins > spec.dModel || (pixelColumns > 0 && columnBins < spec.dModel && columnBins > pixelColumns + 1)
            || bins > spec.maxLen || (pixels > 0 && bins < spec.maxLen && bins > pixels + 1))
            return QStringLiteral("map %1 is %2 × %3 for d_model %4, max_len %5 on %6 × %7 pixels")
                .arg(i).arg(data->keySize()).arg(data->valueSize()).arg(spec.dModel).arg(spec.maxLen).arg(pixelColumns).arg(pixels);
        const std::int64_t rowsPerBin = (spec.maxLen + bins - 1) / bins;
        const double width = double(spec.dModel) / columnBins; // columns per column bin
        const auto side = std::int64_t(std::clamp(std::sqrt(20000.0 / (double(rowsPerBin) * std::ceil(width + 1))), 2.0, 64.0));
        for (std::int64_t b : spread(bins, side))
            for (std::int64_t j : spread(columnBins, side)) {
                const std::int64_t from = core::binStart(spec.maxLen, bins, b), to = core::binStart(spec.maxLen, bins, b + 1);
                const double left = double(j) * width, right = double(j + 1) * width;
                double sum = 0; // each column weighted by the width it shares with the bin
                for (int c = int(std::floor(left)); c < std::min(spec.dModel, int(std::ceil(right))); ++c) {
                    const double shared = std::min(right, c + 1.0) - std::max(left, double(c));
                    for (std::int64_t r = from; r < to; ++r)
                        sum += shared * core::conventionValue(spec, compared[i], r, c);
                }
                const double shown = data->cell(int(j), int(b)), expected = sum / (double(to - from) * width);
                if (std::abs(shown - expected) > sumTolerance)
                    return QStringLiteral("map %1 bin %2 (rows %3–%4) column bin %5 (columns %6 to %7) shows %8, the mean is %9")
                        .arg(i).arg(b).arg(from).arg(to - 1).arg(j).arg(left).arg(right).arg(number(shown), number(expected));
            }
    }
    return {};
}

namespace {

/// A real model's RoPE (the view's model plot): each pair's wavelength 2π/θ with rope_scaling
/// dropped, at the original context and at the longest, against core's Hugging Face
/// frequencies for the model the options name.
QString ropeModelMismatch(MainWindow& window, const pe::ui::RopeOptions& options)
{
    const pe::ui::RopeConfigResult read = pe::ui::resolveRopeModel(options.model);
    auto* rope = view<pe::ui::RopeView>(window, pe::ui::views::rope);
    if (!read.model)
        return {}; // the view says why it draws no model
    pe::ui::RopeModelPlot* plot = rope->modelPlot();
    if (!plot->shown())
        return QStringLiteral("model %1 chosen, the paper variants drawn").arg(options.model);
    const std::pair<QCPGraph*, Eigen::VectorXd> curves[] = {
        {plot->unscaledGraph(), core::ropeModelUnscaledFrequencies(*read.model)},
        {plot->originalGraph(), core::ropeModelThetaOriginal(*read.model)},
        {plot->maxGraph(), core::ropeModelThetaMax(*read.model)}};
    for (const auto& [graph, theta] : curves) {
        const auto drawn = graph->data();
        if (drawn->size() != theta.size())
            return QStringLiteral("%1: %2 wavelengths drawn for the %3 pairs of %4").arg(graph->name()).arg(drawn->size())
                .arg(theta.size()).arg(options.model);
        for (int k = 0; k < theta.size(); ++k) {
            const QCPGraphData& point = *(drawn->constBegin() + k);
            const double expected = 2 * std::numbers::pi / theta[k];
            if (point.key != k || std::abs(point.value - expected) > 1e-12 * expected)
                return QStringLiteral("%1 of %2: pair %3 drawn at %4 with wavelength %5; 2π/θ is %6")
                    .arg(graph->name(), options.model).arg(k).arg(point.key).arg(number(point.value), number(expected));
        }
    }
    return {};
}

} // namespace

QString ropeMismatch(MainWindow& window)
{
    // The published formulas written out here in long double: the paper's θ_k = base^(−2k/d);
    // PI θ/s; NTK-aware base·s^(d/(d−2)); YaRN's paper ramp over the turns in L_orig (α = 1,
    // β = 32); and Hugging Face's modeling_rope_utils for the deployed variants — dynamic NTK
    // (_compute_dynamic_ntk_parameters), YaRN with the reference ramp over the pair index
    // (_compute_yarn_parameters: beta_fast 32, beta_slow 1, floor/ceil of the correction dims)
    // and Llama 3.1 (_compute_llama3_parameters: low_freq_factor 1, high_freq_factor 4). Then
    // RoFormer's bound summed term by term at a few distances, for the methods that draw one.
    const core::EncodingSpec& spec = window.document()->spec();
    const pe::ui::RopeOptions& options = ropeOptions(window.document()->state());
    if (!options.model.isEmpty())
        return ropeModelMismatch(window, options);
    auto* rope = view<pe::ui::RopeView>(window, pe::ui::views::rope);
    if (rope->scaleBox()->value() != options.scale || rope->originalLengthBox()->value() != options.originalLength
        || rope->logDistanceBox()->isChecked() != options.logDistance)
        return QStringLiteral("the controls show s = %1, L_orig = %2, but the document holds s = %3, L_orig = %4")
            .arg(rope->scaleBox()->value()).arg(rope->originalLengthBox()->value()).arg(options.scale).arg(options.originalLength);
    if (rope->sequenceLengthBox()->value() != options.sequenceLength
        || rope->yarnTruncateBox()->isChecked() != options.yarnTruncate
        || rope->lowFrequencyFactorBox()->value() != options.lowFrequencyFactor
        || rope->highFrequencyFactorBox()->value() != options.highFrequencyFactor)
        return QStringLiteral("the controls show L = %1, truncate %2, Llama 3 low %3 high %4, but the document holds "
                              "L = %5, truncate %6, low %7, high %8")
            .arg(rope->sequenceLengthBox()->value()).arg(rope->yarnTruncateBox()->isChecked())
            .arg(rope->lowFrequencyFactorBox()->value()).arg(rope->highFrequencyFactorBox()->value())
            .arg(options.sequenceLength).arg(options.yarnTruncate).arg(options.lowFrequencyFactor).arg(options.highFrequencyFactor);
    const int pairs = spec.dModel / 2;
    const auto graphSize = [&](pe::core::RopeScaling m) { return rope->wavelengthGraph(m)->data()->size(); };
    if (spec.dModel < 4 || spec.base <= 1)
        return graphSize(pe::core::RopeScaling::None) == 0 ? QString() : QStringLiteral("curves drawn for d_model %1").arg(spec.dModel);
    const long double twoPi = 2 * std::numbers::pi_v<long double>, s = options.scale, d = spec.dModel;
    const long double base = spec.base, originalLength = options.originalLength;
    // YaRN's published ramp ends; Llama 3's factors are the view's options.
    const long double alpha = 1, beta = 32;
    const long double lowFreqFactor = options.lowFrequencyFactor, highFreqFactor = options.highFrequencyFactor;
    // _compute_dynamic_ntk_parameters: seq_len = max(seq_len, max_position_embeddings);
    // base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2)).
    const long double seqLen = std::max<long double>(options.sequenceLength, originalLength);
    const long double dynamicBase = base * std::pow(s * seqLen / originalLength - (s - 1), d / (d - 2));
    // find_correction_range(beta_fast, beta_slow, dim, base, max_position_embeddings, truncate=True):
    // find_correction_dim(n) = dim·ln(max_pos/(n·2π)) / (2·ln base); low = floor(dim(β_fast)),
    // high = ceil(dim(β_slow)), clamped to [0, dim − 1]; linear_ramp_factor adds 0.001 to a zero span.
    // In double, as Python's math.log: floor and ceil then see the very number HF does.
    const auto correctionDim = [&](double rotations) {
        return spec.dModel * std::log(options.originalLength / (rotations * 2 * std::numbers::pi)) / (2 * std::log(spec.base));
    };
    // truncate=False keeps the fractional ends.
    const double lowDim = correctionDim(double(beta)), highDim = correctionDim(double(alpha));
    const long double rampLow = std::max(options.yarnTruncate ? std::floor(lowDim) : lowDim, 0.0);
    long double rampHigh = std::min(options.yarnTruncate ? std::ceil(highDim) : highDim, double(spec.dModel - 1));
    if (rampLow == rampHigh)
        rampHigh += 0.001L;
    const auto theta = [&](pe::core::RopeScaling m, int k) -> long double {
        const long double plain = std::pow(base, -2.0L * k / d);
        switch (m) {
        case pe::core::RopeScaling::None: return plain;
        case pe::core::RopeScaling::PositionInterpolation: return plain / s;
        case pe::core::RopeScaling::NtkAware: return std::pow(base * std::pow(s, d / (d - 2)), -2.0L * k / d);
        case pe::core::RopeScaling::DynamicNtk: return std::pow(dynamicBase, -2.0L * k / d);
        case pe::core::RopeScaling::Yarn: {
            const long double turns = originalLength * plain / twoPi;
            const long double gamma = std::clamp((turns - alpha) / (beta - alpha), 0.0L, 1.0L);
            return (1 - gamma) * plain / s + gamma * plain;
        }
        case pe::core::RopeScaling::YarnReference: {
            // inv_freq = interpolation·(1 − extrapolation_factor) + extrapolation·extrapolation_factor,
            // extrapolation_factor = 1 − linear_ramp_factor(low, high, dim // 2)[k].
            const long double ramp = std::clamp((k - rampLow) / (rampHigh - rampLow), 0.0L, 1.0L);
            const long double extrapolationFactor = 1 - ramp;
            return plain / s * (1 - extrapolationFactor) + plain * extrapolationFactor;
        }
        case pe::core::RopeScaling::Llama3: {
            const long double lowFreqWavelen = originalLength / lowFreqFactor;
            const long double highFreqWavelen = originalLength / highFreqFactor;
            const long double wavelen = twoPi / plain;
            const long double llama = wavelen > lowFreqWavelen ? plain / s : plain;
            const long double smooth = (originalLength / wavelen - lowFreqFactor) / (highFreqFactor - lowFreqFactor);
            const long double smoothed = (1 - smooth) * llama / s + smooth * llama;
            const bool isMediumFreq = !(wavelen < highFreqWavelen) && !(wavelen > lowFreqWavelen);
            return isMediumFreq ? smoothed : llama;
        }
        }
        return 0;
    };
    for (pe::core::RopeScaling m : pe::core::allRopeScalings) {
        const auto data = rope->wavelengthGraph(m)->data();
        if (data->size() != pairs)
            return QStringLiteral("method %1: %2 wavelengths for %3 pairs").arg(int(m)).arg(data->size()).arg(pairs);
        for (std::int64_t k : spread(pairs, 24)) {
            const double shown = (data->constBegin() + k)->value;
            const long double expected = twoPi / theta(m, int(k));
            if (std::abs(shown / expected - 1) > 1e-9)
                return QStringLiteral("method %1 pair %2 shows λ %3, the formula gives %4").arg(int(m)).arg(k).arg(number(shown), number(double(expected)));
        }
    }
    // The decay bound is drawn for RopeCurves::decayMethods only (the deployed variants move
    // single bands and leave the bound's shape as one of those).
    for (pe::core::RopeScaling m : pe::ui::RopeCurves::decayMethods) {
        const QCPGraph* graph = rope->decayGraph(m);
        if (!graph)
            return QStringLiteral("method %1 has no decay curve").arg(int(m));
        const auto decay = graph->data();
        if (decay->isEmpty() || decay->size() > std::max<std::int64_t>(spec.maxLen, 2))
            return QStringLiteral("method %1: %2 decay samples for max_len %3").arg(int(m)).arg(decay->size()).arg(spec.maxLen);
        for (std::int64_t i : spread(decay->size(), 4)) {
            const QCPGraphData& point = *(decay->constBegin() + i);
            std::complex<long double> partial = 0;
            long double total = 0;
            for (int k = 0; k < pairs; ++k) {
                partial += std::polar(1.0L, static_cast<long double>(point.key) * theta(m, k));
                total += std::abs(partial);
            }
            // Whole distances from 0 to max_len − 1 (to 1 when max_len is 1: a curve needs two points).
            if (point.key != std::round(point.key) || point.key < 0 || point.key > double(std::max<std::int64_t>(spec.maxLen - 1, 1)))
                return QStringLiteral("method %1: distance %2 for max_len %3").arg(int(m)).arg(number(point.key)).arg(spec.maxLen);
            if (std::abs(point.value - double(total / pairs)) > 1e-9 * pairs)
                return QStringLiteral("method %1 at distance %2 shows the bound %3, the sum is %4")
                    .arg(int(m)).arg(number(point.key), number(point.value), number(double(total / pairs)));
        }
    }
    for (pe::core::RopeScaling m : pe::core::allRopeScalings)
        if (std::find(pe::ui::RopeCurves::decayMethods.begin(), pe::ui::RopeCurves::decayMethods.end(), m)
                == pe::ui::RopeCurves::decayMethods.end()
            && rope->decayGraph(m) && !rope->decayGraph(m)->data()->isEmpty())
            return QStringLiteral("method %1 draws a decay curve, but only the four decay methods have one").arg(int(m));
    return {};
}

QString precisionMismatch(MainWindow& window)
{
    // The map's rows are positions sampled evenly from first to last; each cell is
    // |PE in the format − PE| of that position and dimension, from core's format emulation, or
    // where the dimensions outnumber the map's pixel columns the mean over those under a pixel,
    // each weighed by the share of it the pixel covers.
    const core::EncodingSpec& spec = window.document()->spec();
    const pe::ui::ViewState& state = window.document()->state();
    auto* precision = view<pe::ui::PrecisionView>(window, pe::ui::views::precision);
    QCPColorMapData* data = precision->colorMap()->data();
    const int rows = spec.maxLen == 1 ? 1 : data->valueSize();
    const int columns = data->keySize();
    // At most one sampled position per pixel row of the map on screen, one column per pixel column.
    const double pixels = precision->heatRect()->rect().height() * precision->plot()->bufferDevicePixelRatio();
    const double pixelColumns = precision->heatRect()->rect().width() * precision->plot()->bufferDevicePixelRatio();
    const bool columnsRight = columns == std::max(spec.dModel, 2)
        || (columns < spec.dModel && pixelColumns > 0 && std::abs(columns - pixelColumns) <= 1);
    if (!columnsRight || rows > spec.maxLen || (pixels > 0 && rows > pixels + 1 && rows > 2))
        return QStringLiteral("the map is %1 × %2 for d_model %3, max_len %4 on %5 × %6 pixels").arg(columns)
            .arg(data->valueSize()).arg(spec.dModel).arg(spec.maxLen).arg(pixelColumns).arg(pixels);
    const double first = data->valueRange().lower, last = data->valueRange().upper;
    if (first != double(spec.firstPosition) || (rows > 1 && last != double(spec.firstPosition + spec.maxLen - 1)))
        return QStringLiteral("the map spans positions %1–%2, not all of %3–%4").arg(first).arg(last).arg(spec.firstPosition)
            .arg(spec.firstPosition + spec.maxLen - 1);
    const double step = rows > 1 ? (last - first) / (rows - 1) : 1.0;
    const double width = columns < spec.dModel ? double(spec.dModel) / columns : 1.0; // dimensions per map column
    for (std::int64_t r : spread(rows, 12)) {
        // The sampled positions are whole: the nearest one to the row's place on the axis
        // (all rows when there are no more rows than positions, so exactly on it).
        const auto position = spec.firstPosition + static_cast<std::int64_t>(std::floor(double(r) * step + 1e-9));
        for (std::int64_t j : spread(std::min(columns, spec.dModel), 12)) {
            const double lower = double(j) * width, upper = lower + width;
            double expected = 0;
            for (int c = int(std::floor(lower)); c < spec.dModel && c < upper; ++c) {
                const double exact = core::encodingValue(spec, position, c);
                const double inFormat = core::encodingValueIn(spec, position, c, state.format, state.precisionMode);
                const double error = std::isfinite(inFormat) ? std::abs(inFormat - exact) : std::numeric_limits<double>::infinity();
                expected += error * (std::min(upper, c + 1.0) - std::max(lower, double(c))) / width;
            }
            const double shown = data->cell(int(j), int(r));
            // The map clamps to its colour range [1e−17, 2.5] (2.5: no finite value): compare inside it.
            const double clamped = std::clamp(expected, 1e-17, 2.5);
            if (std::abs(shown - clamped) > 1e-15 + 1e-9 * clamped)
                return QStringLiteral("row %1 (position %2) column %3 shows %4, the error is %5")
                    .arg(r).arg(position).arg(j).arg(number(shown), number(expected));
        }
    }
    return {};
}

QString embeddingsMismatch(MainWindow& window)
{
    // Each token's input is its word vector (× √d when on) + the textbook encoding of its
    // position (+ BERT's segment vector): the sum panel against that, written out here.
    const core::EncodingSpec& spec = window.document()->spec();
    const pe::ui::EmbeddingsOptions& options = embeddingsOptions(window.document()->state());
    auto* embeddings = view<pe::ui::EmbeddingsView>(window, pe::ui::views::embeddings);
    if (embeddings->sentenceEdit()->text() != options.sentence || embeddings->sqrtBox()->isChecked() != options.sqrtScaling)
        return QStringLiteral("the controls do not show the document's sentence and switches");
    const std::vector<core::Token> tokens = core::tokenize(options.sentence.toStdString());
    QCPColorMapData* sum = embeddings->colorMap(pe::ui::EmbeddingsView::Sum)->data();
    const int t = static_cast<int>(tokens.size());
    if (t == 0)
        return {};
    if (sum->keySize() != std::max(spec.dModel, 2) || sum->valueSize() != std::max(t, 2))
        return QStringLiteral("the sum panel is %1 × %2 for %3 tokens of d_model %4").arg(sum->keySize()).arg(sum->valueSize()).arg(t).arg(spec.dModel);
    const bool fromFile = embeddings->data().fromFile;
    QCPColorMapData* word = embeddings->colorMap(pe::ui::EmbeddingsView::Word)->data();
    QCPColorMapData* position = embeddings->colorMap(pe::ui::EmbeddingsView::Position)->data();
    QCPColorMapData* segment = embeddings->colorMap(pe::ui::EmbeddingsView::Segment)->data();
    for (std::int64_t i : spread(t, 8))
        for (std::int64_t c : spread(spec.dModel, 16)) {
            const double pe = core::encodingValue(spec, spec.firstPosition + i, int(c));
            const double w = word->cell(int(c), int(i));
            // Pseudo-random words are core's fixed vectors (file vectors: whatever the file said).
            const double scaledWord = (options.sqrtScaling ? std::sqrt(double(spec.dModel)) : 1.0)
                * core::pseudoRandomWordVector(tokens[std::size_t(i)].text, spec.dModel)[c];
            const double seg = options.segments ? segment->cell(int(c), int(i)) : 0.0;
            const double shown = sum->cell(int(c), int(i));
            if ((!fromFile && std::abs(w - scaledWord) > 1e-9) || std::abs(position->cell(int(c), int(i)) - pe) > cellTolerance
                || std::abs(shown - (w + pe + seg)) > 1e-9)
                return QStringLiteral("token %1 “%2” dimension %3: word %4, position %5, sum %6; expected word %7, position %8, sum %9")
                    .arg(i).arg(QString::fromStdString(tokens[std::size_t(i)].text)).arg(c)
                    .arg(number(w), number(position->cell(int(c), int(i))), number(shown))
                    .arg(number(fromFile ? w : scaledWord), number(pe), number(w + pe + seg));
        }
    return {};
}

namespace {

/// The normalized power spectrum of one encoding column from the definition (PositionSpectrum's
/// doc): the first min(max_len, 1024) positions from core, their mean removed, the Hann
/// window, a plain DFT zero-padded to n (a power of two, at least 2), |X|² over its peak. A
/// cosine column is taken less 1, as −2 sin²(θ/2) from core's sine at half the position:
/// cos θ itself keeps only its rounding once a slow column's mean is removed, and the
/// spectrum does not change by a constant.
/// Empty when the column, its mean removed, holds nothing above float64's rounding of its values:
/// a slow sine over a few positions is a straight line to 1e-18 of its size (max_len 3 from
/// position 136 at base 1e9: the curvature left is 1e-25 beside values of 1e-7). Its normalized
/// spectrum is then the spectrum of rounding, flat in one computation and zero in another, and
/// neither is a number to compare (monkey seed 20261122, step 32,399).
std::vector<double> columnSpectrum(const core::EncodingSpec& spec, int column, int n, const std::vector<std::complex<double>>& twiddles)
{
    const std::int64_t positions = std::min<std::int64_t>(spec.maxLen, core::SpectrumLimits::maxPositions);
    const core::ColumnRole role = core::columnRole(spec, column);
    std::vector<double> x(static_cast<std::size_t>(positions));
    double mean = 0;
    for (std::int64_t p = 0; p < positions; ++p) {
        const std::int64_t position = spec.firstPosition + p;
        double value = 0;
        if (!role.isZero && role.isSin) {
            value = core::encodingValue(spec, position, column);
        } else if (!role.isZero) {
            const double halfSine = core::encodingCurve(spec, double(position) / 2, core::sinColumn(spec, role.pair));
            value = -2 * halfSine * halfSine;
        }
        mean += x[std::size_t(p)] = value;
    }
    mean /= double(positions);
    double largest = 0, windowed = 0;
    for (std::int64_t p = 0; p < positions; ++p) {
        largest = std::max(largest, std::abs(x[std::size_t(p)]));
        x[std::size_t(p)] = (x[std::size_t(p)] - mean)
            * (positions > 1 ? 0.5 * (1 - std::cos(2 * std::numbers::pi * double(p) / double(positions - 1))) : 1.0);
        windowed = std::max(windowed, std::abs(x[std::size_t(p)]));
    }
    // What enters the transform is float64's rounding of the column: its spectrum is whatever
    // that rounding gives, here or in the window (monkey seed 20261122, step 32,399: d_model 89,
    // max_len 3 from 136, base 1e9; the Hann window of three positions is 0, 1, 0 and keeps
    // only the middle of a straight line less its mean).
    if (windowed <= 64 * std::numeric_limits<double>::epsilon() * largest)
        return {};
    std::vector<double> power(std::size_t(n / 2 + 1));
    for (int f = 0; f <= n / 2; ++f) {
        std::complex<double> sum;
        for (std::int64_t p = 0; p < positions; ++p)
            sum += x[std::size_t(p)] * twiddles[std::size_t((std::int64_t(f) * p) % n)];
        power[std::size_t(f)] = std::norm(sum);
    }
    const double peak = *std::max_element(power.begin(), power.end());
    for (double& value : power)
        value = peak > 0 ? value / peak : 0.0;
    return power;
}

} // namespace

QString spectrumMismatch(MainWindow& window)
{
    // Each map cell is the power in decibels (floor −80 dB) of the box average of the cells
    // it covers: frequency bins on y (bin f centred on ω = 2πf/n), dimensions on x.
    const core::EncodingSpec& spec = window.document()->spec();
    if (window.document()->table())
        return {};
    auto* spectrum = view<pe::ui::SpectrumView>(window, pe::ui::views::spectrum);
    QCPColorMapData* data = spectrum->colorMap()->data();
    const std::int64_t positions = std::min<std::int64_t>(spec.maxLen, core::SpectrumLimits::maxPositions);
    int n = 2;
    while (n < positions)
        n *= 2;
    const double binWidth = 2 * std::numbers::pi / n;
    const int keys = data->keySize(), values = data->valueSize();
    if (keys < 2 || values < 2)
        return QStringLiteral("the map is %1 × %2").arg(keys).arg(values);
    const pe::ui::SpectrumPart* part = pe::ui::spectrumPart(*window.document()->frame());
    if (!part)
        return QStringLiteral("no part drawn");
    if (const QString blank = mapCoversAxes(data, spectrum->plot()->xAxis, spectrum->plot()->yAxis,
                                            QCPRange(-0.5, double(spec.dModel) - 0.5),
                                            QCPRange(-binWidth / 2, (n / 2 + 0.5) * binWidth), part->dims.bins == 1,
                                            part->frequencies.bins == 1);
        !blank.isEmpty())
        return blank;
    const double keyStep = (data->keyRange().upper - data->keyRange().lower) / (keys - 1);
    const double valueStep = (data->valueRange().upper - data->valueRange().lower) / (values - 1) / binWidth;
    // Ten map columns of at most 4 dimensions each: a plain DFT per dimension.
    std::vector<std::complex<double>> twiddles(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        twiddles[std::size_t(k)] = std::polar(1.0, -2 * std::numbers::pi * k / n);
    std::map<int, std::vector<double>> columns;
    for (std::int64_t k : spread(keys, 10)) {
        const double x = data->keyRange().lower + double(k) * keyStep;
        const auto dims = cellsUnder(x - keyStep / 2 + 0.5, x + keyStep / 2 + 0.5, spec.dModel);
        if (dims.isEmpty() || dims.size() > 4)
            continue;
        for (std::int64_t v : spread(values, 40)) {
            if ((k == 1 && part->dims.bins == 1) || (v == 1 && part->frequencies.bins == 1))
                continue; // the copy beside a single bin (heatCellsMismatch)
            const double y = data->valueRange().lower / binWidth + double(v) * valueStep;
            const auto bins = cellsUnder(y - valueStep / 2 + 0.5, y + valueStep / 2 + 0.5, n / 2 + 1);
            double sum = 0, weights = 0;
            bool rounding = false; // a column with nothing above rounding in the box: nothing to compare
            for (const auto& [dim, dimWeight] : dims) {
                auto found = columns.find(int(dim));
                if (found == columns.end())
                    found = columns.emplace(int(dim), columnSpectrum(spec, int(dim), n, twiddles)).first;
                if (found->second.empty()) {
                    rounding = true;
                    break;
                }
                for (const auto& [bin, binWeight] : bins) {
                    sum += dimWeight * binWeight * found->second[std::size_t(bin)];
                    weights += dimWeight * binWeight;
                }
            }
            if (rounding || weights <= 0)
                continue;
            const double expected = sum / weights, shown = data->cell(int(k), int(v));
            // In power, where the transform's rounding is relative to each column's peak.
            const double shownPower = shown <= core::SpectrumLimits::floorDb ? 0.0 : std::pow(10.0, shown / 10);
            const double floor = std::pow(10.0, core::SpectrumLimits::floorDb / 10);
            if (std::abs(std::max(shownPower, floor) - std::max(expected, floor)) > 1e-9 + 1e-7 * expected)
                return QStringLiteral("map cell %1, %2 (dimensions %3–%4, bins %5–%6) shows %7 dB, the power is %8 (%9 dB)")
                    .arg(k).arg(v).arg(x - keyStep / 2).arg(x + keyStep / 2).arg(y - valueStep / 2).arg(y + valueStep / 2)
                    .arg(number(shown), number(expected)).arg(core::powerDecibels(expected));
        }
    }
    return {};
}

QString methodsMismatch(MainWindow& window)
{
    // The matrix's cell (r, c) is the mean of the method's score over queries i and keys j in
    // bins r and c (binStart's), masked pairs left out (NaN where all are masked): from core's
    // score of each pair (a Toeplitz method's sum over offsets, weighted by how many pairs of the
    // block have that offset), or the sinusoid's block means of PE(i)·PE(j).
    const core::EncodingSpec& spec = window.document()->spec();
    const pe::ui::Frame& frame = *window.document()->frame();
    const pe::ui::MethodInputs options = pe::ui::methodInputs(methodOptions(frame.state), frame.data.of(pe::ui::views::methods));
    auto* methods = view<pe::ui::MethodsView>(window, pe::ui::views::methods);
    const pe::ui::MethodsPart* part = pe::ui::methodsPart(frame);
    if (!part || !part->data)
        return QStringLiteral("no part drawn");
    if (!part->data->error.isEmpty())
        return {}; // the view says why it draws nothing
    using pe::ui::ScoreMethod;
    QCPColorMapData* data = methods->colorMap()->data();
    const std::int64_t L = spec.maxLen;
    const std::int64_t bins = part->data->matrix.rows();
    if (bins < 1 || data->keySize() != std::max<std::int64_t>(bins, 2) || data->valueSize() != std::max<std::int64_t>(bins, 2))
        return QStringLiteral("the map is %1 × %2 for %3 bins").arg(data->keySize()).arg(data->valueSize()).arg(bins);
    const core::PositionMethodSpec methodSpec = pe::ui::positionMethodSpecOf(spec, options);
    const core::MethodVectors vectors = core::methodVectors(methodSpec);
    const std::optional<core::PositionMethod> coreMethod = pe::ui::coreMethod(options.method);
    // A Toeplitz method's score at δ = i − j: core's, or T5's bucket of the key's position less
    // the query's (Hugging Face's relative_position = memory − query) as its index or as the
    // loaded model's bias for it.
    const auto offsetScore = [&](std::int64_t delta) {
        const double plain = core::positionMethodScore(*coreMethod, methodSpec, vectors, delta, 0);
        if (options.method != ScoreMethod::T5 || (std::isinf(plain) && plain < 0))
            return plain;
        const int bucket = core::t5RelativeBucket(-delta, methodSpec.bidirectional, methodSpec.numBuckets, methodSpec.maxDistance);
        if (options.bucketIndex)
            return double(bucket);
        if (options.t5Biases && options.t5Biases->buckets == methodSpec.numBuckets)
            return options.t5Biases->value(bucket, std::clamp(options.t5Head, 1, options.t5Biases->heads) - 1);
        return plain;
    };
    // The bilinear methods' block mean of x(i)·y(j) is mean x · mean y: the sinusoid's PE(p);
    // RoPE's fixed query and key rotated by p θ (core's rotaryEmbedding, the view's seeds 1 and
    // 2); a learned table's row p for both.
    const pe::ui::LearnedTablePtr& learned = part->data->learned;
    if (options.method == ScoreMethod::Learned && (!learned || learned->rows() < L))
        return QStringLiteral("a learned map drawn without a table of %1 rows").arg(L);
    const Eigen::VectorXd ropeTheta = core::ropeFrequencies(spec.dModel, spec.base);
    const Eigen::VectorXd ropeQuery = pe::ui::ropeDemoVector(spec.dModel, 1), ropeKey = pe::ui::ropeDemoVector(spec.dModel, 2);
    const auto vectorAt = [&](std::int64_t p, bool key) -> Eigen::VectorXd {
        switch (options.method) {
        case ScoreMethod::Rope: return core::rotaryEmbedding(key ? ropeKey : ropeQuery, double(p), ropeTheta);
        case ScoreMethod::Learned: return learned->row(p).transpose();
        default: return core::encodingVector(spec, spec.firstPosition + p);
        }
    };
    const Eigen::Index width = options.method == ScoreMethod::Learned ? learned->cols() : spec.dModel;
    const auto meanRow = [&](std::int64_t from, std::int64_t to, bool key) {
        Eigen::VectorXd sum = Eigen::VectorXd::Zero(width);
        for (std::int64_t p = from; p < to; ++p)
            sum += vectorAt(p, key);
        return Eigen::VectorXd(sum / double(to - from));
    };
    // A sample of bins whose brute force stays small (a few hundred thousand terms in all).
    const std::int64_t perBin = (L + bins - 1) / bins;
    // Transformer-XL's score is a sum over d_model terms; the others' are O(1).
    const std::int64_t perScore = options.method == ScoreMethod::TransformerXl ? spec.dModel : 1;
    const std::int64_t cost = coreMethod ? 2 * perBin * perScore : perBin * spec.dModel;
    const auto side = std::clamp<std::int64_t>(std::int64_t(std::sqrt(300000.0 / double(std::max<std::int64_t>(cost, 1)))), 1, 24);
    for (std::int64_t r : spread(bins, side)) {
        const std::int64_t r0 = core::binStart(L, bins, r), r1 = core::binStart(L, bins, r + 1);
        const Eigen::VectorXd rowMean = coreMethod ? Eigen::VectorXd() : meanRow(r0, r1, false);
        for (std::int64_t c : spread(bins, side)) {
            const std::int64_t c0 = core::binStart(L, bins, c), c1 = core::binStart(L, bins, c + 1);
            double expected = 0;
            if (coreMethod) {
                double sum = 0, count = 0;
                for (std::int64_t delta = r0 - (c1 - 1); delta <= r1 - 1 - c0; ++delta) {
                    // Queries i of the block whose key i − δ lies in the block's keys.
                    const auto pairs = double(std::min(r1, c1 + delta) - std::max(r0, c0 + delta));
                    if (pairs <= 0)
                        continue;
                    const double score = offsetScore(delta);
                    if (std::isinf(score) && score < 0)
                        continue; // masked
                    sum += pairs * score;
                    count += pairs;
                }
                expected = count > 0 ? sum / count : std::numeric_limits<double>::quiet_NaN();
            } else {
                expected = rowMean.dot(meanRow(c0, c1, true));
            }
            const double shown = data->cell(int(c), int(r));
            if (std::isnan(expected) != std::isnan(shown)
                || (!std::isnan(expected) && std::abs(shown - expected) > sumTolerance * std::max(1.0, std::abs(expected))))
                return QStringLiteral("matrix cell (query bin %1: %2–%3, key bin %4: %5–%6) shows %7, core's mean is %8")
                    .arg(r).arg(r0).arg(r1 - 1).arg(c).arg(c0).arg(c1 - 1).arg(number(shown), number(expected));
        }
    }
    return {};
}

QString gridMismatch(MainWindow& window)
{
    // MAE's and DiT's fixed 2-D sin-cos (the grid's sources without a table): core's table of
    // the grid, then, written out here, the cosine of two patches' rows. The tiles figure:
    // tile (tr, tc), at cells tr·H … and tc·W …, is patch (tr, tc)'s cosine with every patch,
    // each map cell the box average of the figure's cells it covers; the patch map is the
    // chosen patch's row of that, the dimension map the chosen column of every patch.
    const pe::ui::Frame& frame = *window.document()->frame();
    const pe::ui::GridPart* part = pe::ui::gridPart(frame);
    if (!part || !part->data)
        return QStringLiteral("no part drawn");
    const pe::ui::GridData& g = *part->data;
    if (!g.problem.isEmpty() || (g.source != pe::ui::GridSource::Mae && g.source != pe::ui::GridSource::Dit))
        return {}; // a table's and the rotary sources' grids: tst_gridview
    auto* grid = view<pe::ui::GridView>(window, pe::ui::views::grid);
    const int h = g.shape.rows, w = g.shape.cols;
    const core::RowMatrix table = core::mae2dSinCos(g.dims(), h, w, g.shape.classToken);
    const int first = g.shape.classToken ? 1 : 0;
    const auto cosine = [&](std::int64_t a, std::int64_t b) {
        const auto u = table.row(first + a), v = table.row(first + b);
        const double norms = u.norm() * v.norm();
        return norms > 0 ? u.dot(v) / norms : 0.0;
    };
    QCPColorMapData* tiles = grid->tilesMap()->data();
    const bool oneColumn = part->tileColumns.bins == 1, oneRow = part->tileRows.bins == 1;
    if (const QString blank = mapCoversAxes(tiles, grid->tilesRect()->axis(QCPAxis::atBottom), grid->tilesRect()->axis(QCPAxis::atLeft),
                                            QCPRange(-0.5, w - 0.5), QCPRange(-0.5, h - 0.5), oneColumn, oneRow);
        !blank.isEmpty())
        return QStringLiteral("tiles: ") + blank;
    const int keys = tiles->keySize(), values = tiles->valueSize();
    const double keyStep = (tiles->keyRange().upper - tiles->keyRange().lower) / (keys - 1);
    const double valueStep = (tiles->valueRange().upper - tiles->valueRange().lower) / (values - 1);
    for (std::int64_t v : spread(values, 24))
        for (std::int64_t k : spread(keys, 24)) {
            if ((k == 1 && oneColumn) || (v == 1 && oneRow))
                continue; // the copy beside a single bin
            // A tile spans one unit of the axis and holds W (or H) cells of the figure.
            const double x = tiles->keyRange().lower + double(k) * keyStep, y = tiles->valueRange().lower + double(v) * valueStep;
            const auto columns = cellsUnder((x - keyStep / 2 + 0.5) * w, (x + keyStep / 2 + 0.5) * w, std::int64_t{w} * w);
            const auto rows = cellsUnder((y - valueStep / 2 + 0.5) * h, (y + valueStep / 2 + 0.5) * h, std::int64_t{h} * h);
            double sum = 0, weights = 0;
            for (const auto& [Y, rowWeight] : rows)
                for (const auto& [X, columnWeight] : columns) {
                    sum += rowWeight * columnWeight * cosine((Y / h) * w + X / w, (Y % h) * w + X % w);
                    weights += rowWeight * columnWeight;
                }
            const double shown = tiles->cell(int(k), int(v)), expected = weights > 0 ? sum / weights : 0.0;
            if (weights <= 0 || std::abs(shown - expected) > sumTolerance)
                return QStringLiteral("tiles cell %1, %2 shows %3, the mean cosine is %4").arg(k).arg(v).arg(number(shown), number(expected));
        }
    const auto [patchRow, patchCol] = pe::ui::chosenPatch(g, part->options);
    const int dim = pe::ui::chosenDimension(g, part->options);
    QCPColorMapData* patchMap = grid->patchMap()->data();
    QCPColorMapData* dimensionMap = grid->dimensionMap()->data();
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) {
            const double similarity = patchRow < 0 ? 0.0 : cosine(std::int64_t{patchRow} * w + patchCol, std::int64_t{r} * w + c);
            if (patchRow >= 0 && std::abs(patchMap->cell(c, r) - similarity) > sumTolerance)
                return QStringLiteral("patch map (%1, %2) shows %3, patch (%4, %5)'s cosine is %6")
                    .arg(r).arg(c).arg(number(patchMap->cell(c, r))).arg(patchRow).arg(patchCol).arg(number(similarity));
            const double value = table(first + std::int64_t{r} * w + c, dim);
            if (std::abs(dimensionMap->cell(c, r) - value) > cellTolerance)
                return QStringLiteral("dimension map (%1, %2) shows %3, dimension %4 is %5")
                    .arg(r).arg(c).arg(number(dimensionMap->cell(c, r))).arg(dim).arg(number(value));
        }
    return {};
}

QString viewsMismatch(MainWindow& window)
{
    const pe::ui::Document* document = window.document();
    if (!document->isFrameCurrent() || !(document->frame()->spec == document->spec()))
        return QStringLiteral("the frame is not the document's");
    const std::pair<const char*, QString (*)(MainWindow&)> checks[] = {
        {"heatmap", heatmapMismatch}, {"waves", wavesMismatch}, {"similarity", similarityMismatch},
        {"offset", offsetMismatch}, {"bands", bandsMismatch}, {"conventions", conventionsMismatch},
        {"rope", ropeMismatch}, {"precision", precisionMismatch}, {"embeddings", embeddingsMismatch},
        {"spectrum", spectrumMismatch}, {"methods", methodsMismatch}, {"grid", gridMismatch}};
    const StageKeeper keeper(window);
    // As long as the monkey waits for a frame (settle()): a view shown at 1 M × 4096 under the
    // sanitizers took more than 20 s to draw once in a soak (step 15599), with nothing wrong.
    constexpr int drawnWithinMs = 120000;
    for (const auto& [name, check] : checks) {
        if (!bringOnScreen(window, *pe::ui::parseView(QLatin1String(name)), drawnWithinMs))
            return QLatin1String(name) + QStringLiteral(": not drawn within %1 s of being shown").arg(drawnWithinMs / 1000);
        if (const QString wrong = check(window); !wrong.isEmpty())
            return QLatin1String(name) + QStringLiteral(": ") + wrong;
    }
    return {};
}

QString settledViewsMismatch(MainWindow& window, int timeoutMs)
{
    if (!waitForFrame(window, timeoutMs))
        return QStringLiteral("no frame for the current settings within %1 ms").arg(timeoutMs);
    return viewsMismatch(window);
}

QString controlsMismatch(const pe::ui::ControlsPanel& c, const Settings& s)
{
    using pe::ui::WindowLimits;
    const auto sliderStep = [](double minimum, double maximum, bool integral, double value) {
        pe::ui::LogSlider probe(minimum, maximum, integral); // where the handle of that value sits
        probe.setLogValue(value);
        return probe.value();
    };
    const std::pair<const char*, std::pair<QString, QString>> shown[] = {
        {"d_model spin", {QString::number(c.dModelSpin()->value()), QString::number(s.spec.dModel)}},
        {"d_model slider", {QString::number(c.dModelSlider()->value()),
                            QString::number(sliderStep(1, WindowLimits::maxDModel, true, s.spec.dModel))}},
        {"max_len spin", {QString::number(c.maxLenSpin()->value()), QString::number(s.spec.maxLen)}},
        {"max_len slider", {QString::number(c.maxLenSlider()->value()),
                            QString::number(sliderStep(1, WindowLimits::maxMaxLen, true, double(s.spec.maxLen)))}},
        {"base spin", {QString::number(c.baseSpin()->value(), 'f', 2), QString::number(s.spec.base, 'f', 2)}},
        {"base slider", {QString::number(c.baseSlider()->value()), QString::number(sliderStep(2, 1e7, false, s.spec.base))}},
        {"layout", {c.layoutCombo()->currentData().toString(), QString::number(int(s.spec.layout))}},
        {"frequencies", {c.frequenciesCombo()->currentData().toString(), QString::number(int(s.spec.frequencies))}},
        {"first position", {QString::number(c.firstPositionSpin()->value()), QString::number(s.spec.firstPosition)}},
        {"position slider", {QString::number(c.positionSlider()->value()), QString::number(s.state.position)}},
        {"position spin", {QString::number(c.positionSpin()->value()), QString::number(s.state.position)}},
        {"offset slider", {QString::number(c.offsetSlider()->value()), QString::number(s.state.offset)}},
        {"offset spin", {QString::number(c.offsetSpin()->value()), QString::number(s.state.offset)}},
        {"colormap", {c.colormapCombo()->currentData().toString(), s.state.colormap}},
        {"cosine", {QString::number(c.cosineCheck()->isChecked()), QString::number(s.state.normalize)}},
        {"wave dims", {c.dimsEdit()->text(), joined(s.state.dims)}},
    };
    QStringList wrong;
    for (const auto& [what, values] : shown)
        if (values.first != values.second)
            wrong << QStringLiteral("%1 shows %2, expected %3").arg(QLatin1String(what), values.first, values.second);
    return wrong.join(QStringLiteral("; "));
}

QString describe(const Settings& s)
{
    return QStringLiteral("{d_model %1, max_len %2, base %3, %4, %5, first %6, position %7, dimension %8, "
                          "offset %9, cosine %10, %11, dims [%12], band %13–%14}")
        .arg(s.spec.dModel).arg(s.spec.maxLen).arg(number(s.spec.base))
        .arg(QString::fromUtf8(core::layoutName(s.spec.layout).data()),
             QString::fromUtf8(core::frequencyRuleName(s.spec.frequencies).data()))
        .arg(s.spec.firstPosition).arg(s.state.position).arg(s.state.dimension).arg(s.state.offset)
        .arg(int(s.state.normalize)).arg(s.state.colormap, joined(s.state.dims))
        .arg(s.state.bandFirst).arg(s.state.bandLast);
}

QString plotTitle(QCustomPlot* plot)
{
    // The title and its subtitle as one line: where the width wrapped them does not matter.
    QStringList parts;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
        if (auto* text = qobject_cast<QCPTextElement*>(element); text && !text->text().isEmpty())
            parts << text->text();
    return parts.join(QStringLiteral(" · ")).replace(QLatin1Char('\n'), QStringLiteral(" · "));
}

bool hasLineAt(QCustomPlot* plot, bool vertical, double at)
{
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* line = qobject_cast<QCPItemStraightLine*>(plot->item(i))) {
            const QPointF a = line->point1->coords(), b = line->point2->coords();
            if (vertical ? a.x() == at && b.x() == at : a.y() == at && b.y() == at)
                return true;
        }
    return false;
}

void typeInto(QAbstractSpinBox* spin, const QString& text)
{
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

void typeInto(QLineEdit* edit, const QString& text)
{
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

void chooseWithKeyboard(QComboBox* combo, const QVariant& data)
{
    // At most a key per item and back: a disabled combo, or one refilled under the keys, must
    // not hold the caller forever.
    for (int keys = 0; keys < 2 * combo->count() + 2; ++keys) {
        const int target = combo->findData(data);
        if (target < 0 || combo->currentIndex() == target)
            return;
        QTest::keyClick(combo, combo->currentIndex() < target ? Qt::Key_Down : Qt::Key_Up);
    }
}

void clickCheckBox(QWidget* checkBox)
{
    QStyleOptionButton option;
    option.initFrom(checkBox);
    const QRect indicator = checkBox->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, checkBox);
    QTest::mouseClick(checkBox, Qt::LeftButton, {}, indicator.center());
}

QPoint sliderHandleCentre(const QSlider* slider)
{
    // What QSlider::initStyleOption() fills in (protected there) for a horizontal slider.
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    option.singleStep = slider->singleStep();
    option.pageStep = slider->pageStep();
    option.tickPosition = slider->tickPosition();
    option.tickInterval = slider->tickInterval();
    option.upsideDown = slider->invertedAppearance() != (slider->layoutDirection() == Qt::RightToLeft);
    option.direction = Qt::LeftToRight;
    option.state |= QStyle::State_Horizontal;
    return slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider).center();
}

void click(QWidget* widget, QPoint at)
{
    QTest::mousePress(widget, Qt::LeftButton, {}, at);
    QTest::mouseRelease(widget, Qt::LeftButton, {}, at);
}

void hover(QWidget* widget, QPoint at)
{
    QMouseEvent move(QEvent::MouseMove, QPointF(at), widget->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(widget, &move);
}

QPoint plotPixel(QCustomPlot* plot, double key, double value)
{
    plot->replot(); // lays the plot out for its current size before reading the axes
    return QPointF(plot->xAxis->coordToPixel(key), plot->yAxis->coordToPixel(value)).toPoint();
}

} // namespace windowprobes
