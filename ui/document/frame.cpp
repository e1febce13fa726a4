// SPDX-License-Identifier: MIT
#include "ui/document/frame.h"

#include "ui/document/viewparts.h"

#include "core/conventions.h"
#include "core/frequencies.h"
#include "core/precision.h"
#include "core/rotation.h"
#include "core/similarity.h"

#include <QCoreApplication>
#include <QScopeGuard>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::ui {

const core::RowMatrix& SharedMatrix::matrix() const
{
    static const core::RowMatrix empty;
    return m_matrix ? *m_matrix : empty;
}

core::RowMatrix& SharedMatrix::reset(Eigen::Index rows, Eigen::Index columns)
{
    m_matrix = std::make_shared<core::RowMatrix>(rows, columns);
    return *m_matrix;
}

HeatAxis heatAxis(double lower, double upper, std::int64_t cells, int pixels, std::int64_t cap)
{
    const auto all = static_cast<double>(cells);
    if (!(upper > lower) || !std::isfinite(lower) || !std::isfinite(upper)) {
        lower = 0;
        upper = all;
    }
    // The pixels that show the matrix, when the view reaches past its ends.
    const double shown = std::min(upper, all) - std::max(lower, 0.0);
    double wanted = pixels > 0 ? pixels * std::max(shown, 0.0) / (upper - lower) : static_cast<double>(cap);
    lower = std::clamp(lower, 0.0, all);
    upper = std::clamp(upper, 0.0, all);
    if (upper - lower < 1e-9) { // panned off the matrix: the nearest cell
        lower = std::min(std::floor(lower), all - 1);
        upper = lower + 1;
    }
    const auto bins = std::max<std::int64_t>(1, std::llround(wanted));
    if (upper - lower <= static_cast<double>(bins)) { // cells wider than pixels: whole cells
        const double first = std::floor(lower), last = std::ceil(upper);
        return {first, last, static_cast<std::int64_t>(last - first)};
    }
    return {lower, upper, bins};
}

namespace {

/// One more thread for the part of a frame that does not depend on the rest, so that a frame
/// uses both cores of the machines we target. One thread kept alive: its thread_local angle
/// tables stay warm from frame to frame.
QThreadPool& secondThread()
{
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool; // never destroyed: it may still run at exit
        p->setMaxThreadCount(1);
        p->setExpiryTimeout(-1);
        return p;
    }();
    return *pool;
}

/// Scratch rows for a heatmap whose columns are averaged too: kept, so that a slider step does
/// not touch fresh memory (slow on first touch here).
core::RowMatrix& heatScratch(Eigen::Index rows, Eigen::Index columns)
{
    thread_local core::RowMatrix scratch;
    if (scratch.rows() != rows || scratch.cols() != columns)
        scratch.resize(rows, columns);
    return scratch;
}

void buildHeat(Frame& f)
{
    // f.heatRows and f.heatColumns are set (buildRest): what to compute, here only how.
    const HeatAxis& rows = f.heatRows;
    const HeatAxis& columns = f.heatColumns;
    const EncodingTable* table = f.table ? f.table->table.get() : nullptr;
    if (table) {
        f.tableProblem = table->changedOnDisk(); // a rewritten file may fault when its mapping is read
        if (!f.tableProblem.isEmpty()) // nothing to show: transparent cells under the title that says why
            return;
    }
    core::RowMatrix& heat = f.heat.reset(rows.bins, columns.bins);
    const auto allColumnCount = static_cast<Eigen::Index>(f.heatColumnCount());
    const bool allColumns = columns.exact() && columns.bins == allColumnCount;
    if (!table && !rows.exact() && !columns.exact()) { // both axes binned: no rows × d_model in between
        core::fillBoxAverages(f.spec, rows.lower, rows.upper, columns.lower, columns.upper, heat);
        return;
    }
    core::RowMatrix& full = allColumns ? heat : heatScratch(rows.bins, allColumnCount);
    if (table && rows.exact())
        table->readRows(static_cast<std::int64_t>(rows.lower), rows.bins, full.data());
    else if (table && f.table->preview) // while the pass runs: a sampled row per pixel row, said in the title
        table->sampleRows(rows.lower, rows.upper, rows.bins, full.data());
    else if (table)
        table->averageRows(rows.lower, rows.upper, rows.bins, full.data(), f.table->prefix.get());
    else if (rows.exact())
        core::fillEncodingRows(f.spec, static_cast<std::int64_t>(rows.lower), full);
    else
        core::fillRowBoxAverages(f.spec, rows.lower, rows.upper, full);
    if (allColumns)
        return;
    if (columns.exact())
        heat = full.middleCols(static_cast<Eigen::Index>(columns.lower), columns.bins);
    else
        core::averageColumns(full, columns.lower, columns.upper, heat);
}

/// The rows the wave plot shows when nobody zoomed: twelve periods of its fastest wave (at
/// least 100 rows, at most all), like the documents' plots of dims 4–7 over 100 positions.
RowWindow automaticWaveWindow(const Frame& f, const Eigen::VectorXd& lambda)
{
    double fastest = std::numeric_limits<double>::infinity();
    for (int dim : f.state.dims)
        if (dim >= 0 && dim < f.spec.dModel && !core::columnRole(f.spec, dim).isZero)
            fastest = std::min(fastest, lambda[core::columnRole(f.spec, dim).pair]);
    if (!std::isfinite(fastest))
        return {0, f.spec.maxLen};
    const auto wanted = static_cast<std::int64_t>(std::ceil(12 * fastest));
    return {0, std::clamp<std::int64_t>(wanted, std::min<std::int64_t>(100, f.spec.maxLen), f.spec.maxLen)};
}

/// A loaded table's columns state.dims over the wave window: every row while there are at most
/// FrameLimits::curvePoints of them (dots too up to FrameLimits::waveSamples), else the exact
/// mean of each of curvePoints equal runs of rows (a line, no dots: a dot would be a sample).
void buildTableWaves(Frame& f)
{
    const LearnedTablePtr values = f.learnedTable();
    const std::int64_t rows = f.positionCount();
    RowWindow window = f.waveWindow.count > 0 ? f.waveWindow : RowWindow{0, rows};
    window.first = std::clamp<std::int64_t>(window.first, 0, rows - 1);
    window.count = std::clamp<std::int64_t>(window.count, 1, rows - window.first);
    f.waveFirstRow = window.first;
    f.waveRowCount = window.count;
    if (!values)
        return; // tableValuesProblem() says why
    const std::int64_t points = std::min(window.count, FrameLimits::curvePoints);
    for (int dim : f.state.dims) {
        if (dim < 0 || dim >= values->cols())
            continue;
        WaveData w;
        w.dim = dim;
        w.pair = -1;
        w.tableColumn = true;
        w.wavelength = std::numeric_limits<double>::quiet_NaN();
        for (std::int64_t i = 0; i < points; ++i) {
            const std::int64_t a = window.first + core::binStart(window.count, points, i);
            const std::int64_t b = window.first + core::binStart(window.count, points, i + 1);
            w.curveX.append(0.5 * static_cast<double>(a + b - 1));
            w.curveY.append(values->col(dim).segment(a, b - a).mean());
        }
        if (window.count <= FrameLimits::waveSamples) {
            w.sampleX = w.curveX;
            w.sampleY = w.curveY;
        }
        f.waves.append(w);
    }
}

void buildWaves(Frame& f)
{
    if (f.table) {
        buildTableWaves(f);
        return;
    }
    const Eigen::VectorXd lambda = core::wavelengths(f.spec);
    RowWindow window = f.waveWindow.count > 0 ? f.waveWindow : automaticWaveWindow(f, lambda);
    window.first = std::clamp<std::int64_t>(window.first, 0, f.spec.maxLen - 1);
    window.count = std::clamp<std::int64_t>(window.count, 1, f.spec.maxLen - window.first);
    f.waveFirstRow = window.first;
    f.waveRowCount = window.count;
    const std::int64_t first = f.spec.firstPosition;
    const QVector<double> samples = evenRows(window.first, window.count, FrameLimits::waveSamples);
    const std::int64_t points = std::min<std::int64_t>(FrameLimits::curvePoints, 20 * window.count);
    for (int dim : f.state.dims) {
        if (dim < 0 || dim >= f.spec.dModel)
            continue;
        WaveData w;
        w.dim = dim;
        const core::ColumnRole role = core::columnRole(f.spec, dim);
        w.pair = role.pair;
        w.isSin = role.isSin;
        // tensor2tensor's zero column is a flat line: no wavelength.
        w.wavelength = role.isZero ? std::numeric_limits<double>::infinity() : lambda[role.pair];
        w.sampleX = samples;
        for (double row : samples)
            w.sampleY.append(core::encodingValue(f.spec, first + static_cast<std::int64_t>(row), dim));
        const double span = static_cast<double>(window.count - 1);
        for (std::int64_t i = 0; i < points; ++i) {
            const double row = window.first + (points == 1 ? 0.0 : span * i / (points - 1));
            w.curveX.append(row);
            w.curveY.append(core::encodingCurve(f.spec, first + row, dim));
        }
        f.waves.append(w);
    }
}

/// The heatmap and the waves, each reused from
/// `previous` when its inputs did not change, computed when asked for, else left out.
template <typename Superseded>
void buildRest(Frame& f, const FramePtr& previous, bool sameSpec, const Superseded& superseded)
{
    const auto reusable = [&](FramePart part) { return sameSpec && previous->has(part); };
    if (f.has(FramePart::Heat)) {
        const HeatWindow& w = f.heatWindow;
        const QSize pixels = f.pixels.of(View::Heatmap); // empty while not known: FrameLimits::heatBins
        f.heatRows = heatAxis(w.rowLower, w.rowUpper, f.heatRowCount(), pixels.height(), FrameLimits::heatBins);
        f.heatColumns = heatAxis(w.columnLower, w.columnUpper, f.heatColumnCount(), pixels.width(), FrameLimits::heatBins);
        // A loaded table stays what it is whatever the spec does: a slider step keeps its heat.
        const bool sameSource = f.table ? previous && previous->has(FramePart::Heat) && previous->table == f.table
                                        : reusable(FramePart::Heat) && !previous->table;
        if (sameSource && previous->heatRows == f.heatRows && previous->heatColumns == f.heatColumns) {
            f.heat = previous->heat; // the same cells in the same bins: nothing to compute
            f.tableProblem = previous->tableProblem;
        } else {
            buildHeat(f);
        }
    }
    if (superseded())
        return;
    // Not QList::operator==: Qt 6.4 hands memcmp a null pointer for an empty list (UBSan aborts).
    if (f.has(FramePart::Waves)) {
        const bool sameSource = f.table ? previous && previous->has(FramePart::Waves) && previous->table == f.table
                                        : reusable(FramePart::Waves) && !previous->table;
        if (sameSource && std::ranges::equal(previous->state.dims, f.state.dims)
            && previous->waveWindow == f.waveWindow) {
            f.waves = previous->waves;
            f.waveFirstRow = previous->waveFirstRow;
            f.waveRowCount = previous->waveRowCount;
        } else {
            buildWaves(f);
        }
    }
}

} // namespace

QVector<double> evenRows(std::int64_t first, std::int64_t span, std::int64_t count)
{
    QVector<double> rows;
    const std::int64_t n = std::min(span, count);
    rows.reserve(n);
    for (std::int64_t i = 0; i < n; ++i)
        rows.append(static_cast<double>(first + (n == 1 ? 0 : i * (span - 1) / (n - 1))));
    return rows;
}

QString Frame::tableValuesProblem() const
{
    if (!table || table->values)
        return {};
    return QCoreApplication::translate("pe::ui::Frame", "This view works from a table's values in memory: at most %1 values; "
                                       "%2 has %3 (the heatmap and the spectrum show it).")
        .arg(LoadedTable::mostValuesInMemory).arg(table->table->displayName()).arg(table->table->rows() * table->table->columns());
}

bool sameTableFile(const LoadedTablePtr& a, const LoadedTablePtr& b)
{
    return a == b || (a && b && a->table == b->table && a->values == b->values);
}

unsigned framePartsFor(unsigned views)
{
    unsigned parts = 0;
    const auto need = [&](View view, FramePart part) {
        if (views & viewBit(view))
            parts |= static_cast<unsigned>(part);
    };
    need(View::Heatmap, FramePart::Heat);
    need(View::Waves, FramePart::Waves);
    need(View::Rope, FramePart::Rope);
    need(View::Embeddings, FramePart::Embeddings);
    need(View::Methods, FramePart::Methods);
    return parts;
}

FramePtr buildFrame(const FrameRequest& request, std::uint64_t generation, const FramePtr& previous,
                    const std::atomic<std::uint64_t>& latest)
{
    const core::EncodingSpec& spec = request.spec;
    const ViewState& state = request.state;
    auto f = std::make_shared<Frame>();
    f->spec = spec;
    f->state = state;
    f->heatWindow = request.heatWindow;
    f->waveWindow = request.waveWindow;
    f->pixels = request.pixels;
    f->methodsCurveWindow = request.methodsCurveWindow;
    f->wordVectors = request.wordVectors;
    f->table = request.table;
    f->generation = generation;
    f->parts = request.parts;
    f->views = request.views;
    const auto superseded = [&] { return latest.load() != generation; };
    const bool sameSpec = previous && previous->spec == spec;
    const auto reusable = [&](FramePart part) { return sameSpec && previous->has(part); };

    // The methods view depends on nothing else in the frame: whichever thread is free first
    // computes it (its share of a frame ranges from none, after a d_model step that keeps
    // ALiBi, T5, Shaw and NoPE, to the largest part at a million positions).
    std::atomic<bool> methodsClaimed{!f->has(FramePart::Methods)};
    const auto claimMethods = [&] { return !methodsClaimed.exchange(true); };
    const auto buildMethodsPart = [&] {
        // The matrix and curves read the spec, the view's options and its pixels only: a new
        // position or offset keeps them.
        const MethodsData* before = previous && previous->has(FramePart::Methods) ? previous->methods.get() : nullptr;
        if (reusable(FramePart::Methods) && previous->methods && previous->state.methods == state.methods
            && previous->methodsPixels() == f->methodsPixels() && previous->learnedTable() == f->learnedTable())
            f->methods = previous->methods;
        else // ALiBi, T5, Shaw and NoPE read max_len only: a d_model step keeps their matrix and curves
            f->methods = std::make_shared<const MethodsData>(
                methodsData(spec, state.methods, f->methodsPixels(), f->learnedTable(), before));
    };

    // The parts kept by view (the grid's, the spectrum's, an entry's): whichever thread is free
    // takes the next one.
    ViewPartJobs viewParts(*f, previous);

    // The second thread takes the methods and the parts kept by view while this one does the
    // heatmap and the waves; then this one takes what is left of them.
    QFuture<void> secondHalf;
    // The second thread reads f, previous and the lambdas above: every return waits for it.
    const auto joinSecondThread = qScopeGuard([&] { secondHalf.waitForFinished(); });
    if (f->has(FramePart::Methods) || !viewParts.empty())
        secondHalf = QtConcurrent::run(&secondThread(), [&] {
            if (!superseded() && claimMethods())
                buildMethodsPart();
            viewParts.run(superseded);
        });
    buildRest(*f, previous, sameSpec, superseded);
    if (superseded())
        return nullptr;
    if (sameSpec) {
        f->omega = previous->omega;
        f->wavelength = previous->wavelength;
    } else {
        f->omega = core::angularFrequencies(spec);
        f->wavelength = core::wavelengths(spec);
    }
    if (superseded())
        return nullptr;

    if (f->has(FramePart::Rope)) {
        // The curves read the spec's d_model, base and max_len and the view's options only.
        if (previous && previous->rope && !ropeCurvesDiffer(previous->spec, previous->state.rope, spec, state.rope))
            f->rope = previous->rope;
        else
            f->rope = std::make_shared<const RopeCurves>(ropeCurves(spec, state.rope, previous ? previous->rope.get() : nullptr));
        f->ropeScores = ropeScores(spec, state);
        if (superseded())
            return nullptr;
    }

    if (f->has(FramePart::Embeddings)) {
        if (reusable(FramePart::Embeddings) && previous->sentence && previous->state.embeddings == state.embeddings
            && previous->wordVectors == request.wordVectors)
            f->sentence = previous->sentence;
        else
            f->sentence = std::make_shared<const SentenceData>(sentenceData(spec, state.embeddings, request.wordVectors));
    }

    viewParts.run(superseded);
    if (superseded())
        return nullptr;
    if (claimMethods())
        buildMethodsPart();
    secondHalf.waitForFinished();
    if (superseded())
        return nullptr;
    return f;
}

} // namespace pe::ui
