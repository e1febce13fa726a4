// SPDX-License-Identifier: MIT
#include "ui/document/frame.h"

#include "ui/document/partjobs.h"

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

FramePtr buildFrame(const FrameRequest& request, std::uint64_t generation, const FramePtr& previous,
                    const std::atomic<std::uint64_t>& latest)
{
    const core::EncodingSpec& spec = request.spec;
    const ViewState& state = request.state;
    auto f = std::make_shared<Frame>();
    f->spec = spec;
    f->state = state;
    f->zooms = request.zooms;
    f->pixels = request.pixels;
    f->data = request.data;
    f->table = request.table;
    f->generation = generation;
    f->views = request.views;
    const auto superseded = [&] { return latest.load() != generation; };
    const bool sameSpec = previous && previous->spec == spec;

    // The parts kept by view (the grid's, the spectrum's, an entry's): whichever thread is free
    // takes the next one.
    ViewPartJobs viewParts(*f, previous);

    // The second thread takes the parts kept by view while this one takes the frequencies; then
    // this one takes what is left of them.
    QFuture<void> secondHalf;
    // The second thread reads f and previous: every return waits for it.
    const auto joinSecondThread = qScopeGuard([&] { secondHalf.waitForFinished(); });
    if (!viewParts.empty())
        secondHalf = QtConcurrent::run(&secondThread(), [&] { viewParts.run(superseded); });
    if (sameSpec) {
        f->omega = previous->omega;
        f->wavelength = previous->wavelength;
    } else {
        f->omega = core::angularFrequencies(spec);
        f->wavelength = core::wavelengths(spec);
    }
    if (superseded())
        return nullptr;

    viewParts.run(superseded);
    secondHalf.waitForFinished();
    // Overtaken while its parts ran, it is not shown, but the parts it finished are true for
    // their inputs: the next frame takes them (a slider step right after the window settled
    // recomputed 150 ms of the methods' curves that such a frame had just made, and thrown away).
    return f;
}

} // namespace pe::ui
