// SPDX-License-Identifier: MIT
#include "ui/document/precisionpart.h"

#include "ui/state/twohalves.h"

#include "core/encoding.h"
#include "core/precision.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace pe::ui {

namespace {

/// `count` rows of 0 … rows − 1 (every row when there are no more): the first, the last and
/// between them spread evenly on a log scale of the position, every row at the start where that
/// spread is finer than one row. The rows of the window's curves and of the data export.
QVector<std::int64_t> logRows(std::int64_t rows, std::int64_t count)
{
    QVector<std::int64_t> out;
    out.reserve(static_cast<qsizetype>(std::min(rows, count)));
    if (rows <= count) {
        for (std::int64_t r = 0; r < rows; ++r)
            out.append(r);
        return out;
    }
    const double last = static_cast<double>(rows);
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t spread = std::llround(std::pow(last, double(i) / double(count - 1))) - 1;
        const std::int64_t lowest = out.isEmpty() ? 0 : out.back() + 1; // one row once
        const std::int64_t highest = rows - count + i;                  // room for the rows after it
        out.append(std::clamp(spread, lowest, highest));
    }
    return out;
}

std::vector<core::ErrorKind> errorKinds()
{
    std::vector<core::ErrorKind> kinds;
    for (const ErrorCurveKind& kind : errorCurveKinds())
        kinds.push_back({kind.format, kind.mode});
    return kinds;
}

/// The largest error over the columns at `rows`, a column per errorCurveKinds() entry: the
/// sinusoid's for every kind, a table's stored kinds (NaN for the computed ones).
Eigen::MatrixXd largestErrors(const PrecisionPart& p, std::span<const std::int64_t> rows)
{
    if (!p.values)
        return core::maxErrorsAtRows(p.spec, rows, errorKinds());
    const QVector<ErrorCurveKind> kinds = errorCurveKinds();
    Eigen::MatrixXd worst(static_cast<Eigen::Index>(rows.size()), kinds.size());
    for (int k = 0; k < kinds.size(); ++k)
        worst.col(k) = kinds[k].mode == core::PrecisionMode::Stored
            ? core::maxStorageErrorAtRows(*p.values, rows, kinds[k].format)
            : Eigen::VectorXd::Constant(worst.rows(), std::numeric_limits<double>::quiet_NaN());
    return worst;
}

void buildErrorCurves(PrecisionPart& p)
{
    // Seven curves of d values per sample: fewer samples for wide models keep a frame short.
    p.errorRows = p.values ? logRows(p.values->rows(), FrameLimits::errorSamples)
                           : logRows(p.spec.maxLen, std::clamp<std::int64_t>((std::int64_t{1} << 18) / p.spec.dModel, 24,
                                                                             FrameLimits::errorSamples));
    // The rows in two halves on the two cores (the heatmap beside is done long before).
    const std::span<const std::int64_t> rows(p.errorRows.data(), p.errorRows.size());
    Eigen::MatrixXd worst(static_cast<Eigen::Index>(rows.size()), errorCurveKinds().size());
    inTwoHalves(static_cast<qint64>(rows.size()), [&](qint64 first, qint64 end) {
        worst.middleRows(first, end - first) = largestErrors(p, rows.subspan(first, end - first));
    });
    for (Eigen::Index j = 0; j < worst.cols(); ++j)
        p.errorCurves.append(QVector<double>(worst.col(j).data(), worst.col(j).data() + worst.rows()));
}

/// The map's rows: one sampled row per pixel row of the map on screen for the sinusoid (a row
/// costs a format emulation per value), one bin of whole rows per pixel row for a table.
std::int64_t mapRowCount(const PartInputs& in)
{
    const int pixels = in.pixels.height();
    if (in.table)
        return std::min(in.table->table->rows(), pixels > 0 ? std::int64_t{pixels} : FrameLimits::precisionRows);
    return std::min(pixels > 0 ? std::min<std::int64_t>(pixels, FrameLimits::maxPrecisionRows) : FrameLimits::precisionRows,
                    in.spec.maxLen);
}

void buildMap(PrecisionPart& p, const PartInputs& in, std::int64_t count)
{
    if (p.values) {
        const std::int64_t rows = p.values->rows();
        for (std::int64_t b = 0; b < count; ++b)
            p.rows.append((core::binStart(rows, count, b) + core::binStart(rows, count, b + 1) - 1) / 2);
        core::fillStorageErrorBins(*p.values, in.state.format, p.heat.reset(count, p.values->cols()));
        return;
    }
    for (double row : evenRows(0, p.spec.maxLen, count))
        p.rows.append(static_cast<std::int64_t>(row));
    const std::span<const std::int64_t> rows(p.rows.data(), p.rows.size());
    core::RowMatrix& heat = p.heat.reset(p.rows.size(), p.spec.dModel);
    inTwoHalves(static_cast<qint64>(rows.size()), [&](qint64 first, qint64 end) {
        core::fillErrorRows(p.spec, rows.subspan(first, end - first), in.state.format, in.state.precisionMode,
                            heat.middleRows(first, end - first));
    });
}

/// How many columns the map draws: one per pixel column of the map when the dims are more.
Eigen::Index shownColumns(const PartInputs& in, Eigen::Index heatColumns)
{
    const int pixels = in.pixels.width();
    return pixels > 0 ? std::min<Eigen::Index>(pixels, heatColumns) : heatColumns;
}

/// The map's columns as drawn, each the exact mean of the cells it covers (a pixel shows their
/// average, not one sampled column).
void buildShown(PrecisionPart& p, const PartInputs& in)
{
    const core::RowMatrix& heat = p.heat.matrix();
    const Eigen::Index columns = shownColumns(in, heat.cols());
    core::RowMatrix& shown = p.shown.reset(heat.rows(), columns);
    if (heat.rows() == 0 || columns == 0)
        return;
    if (columns == heat.cols())
        shown = heat;
    else
        inTwoHalves(heat.rows(), [&](qint64 first, qint64 end) {
            core::averageColumns(heat.middleRows(first, end - first), 0.0, static_cast<double>(heat.cols()),
                                 shown.middleRows(first, end - first));
        });
    // NaN (a table's NaN value) stays: the map leaves it transparent. Infinity goes to the top.
    shown = shown.unaryExpr([](double e) {
        return std::isnan(e) ? e : std::clamp(e, PrecisionPart::shownFloor, PrecisionPart::shownOverflow);
    });
}

} // namespace

QVector<ErrorCurveKind> errorCurveKinds()
{
    using F = core::NumberFormat;
    using M = core::PrecisionMode;
    return {{F::Float32, M::Stored}, {F::Float32, M::Computed}, {F::BFloat16, M::Stored},
            {F::BFloat16, M::Computed}, {F::Float16, M::Stored}, {F::Float16, M::Computed},
            {F::Float64, M::Computed}};
}

ViewPartPtr buildPrecisionPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<PrecisionPart>();
    part->spec = in.spec;
    part->fromTable = in.table != nullptr;
    part->values = in.table ? in.table->values : nullptr;
    if (in.wholeCells || (part->fromTable && !part->values)) // tableValuesProblem() says why a table has none
        return part;
    // The part before shows the same thing: the same table, or the same spec's sinusoid.
    const auto* old = dynamic_cast<const PrecisionPart*>(before.part.get());
    const bool sameSource = old
        && (in.table ? before.inputs.table == in.table : !before.inputs.table && before.inputs.spec == in.spec);
    if (sameSource) {
        part->errorRows = old->errorRows;
        part->errorCurves = old->errorCurves;
    } else {
        buildErrorCurves(*part);
    }
    // A table's map is its storage error (no mode); the sinusoid's takes the mode too.
    const std::int64_t count = mapRowCount(in);
    const bool sameMap = sameSource && before.inputs.state.format == in.state.format
        && (in.table || before.inputs.state.precisionMode == in.state.precisionMode) && old->rows.size() == count;
    if (sameMap) {
        part->rows = old->rows;
        part->heat = old->heat;
        if (old->shown.cols() == shownColumns(in, old->heat.cols()))
            part->shown = old->shown;
        else
            buildShown(*part, in);
    } else {
        buildMap(*part, in, count);
        buildShown(*part, in);
    }
    return part;
}

DataTable precisionPartData(const ViewPart& viewPart)
{
    auto part = std::make_shared<const PrecisionPart>(static_cast<const PrecisionPart&>(viewPart));
    if (part->fromTable && !part->values)
        return {};
    auto rows = std::make_shared<const QVector<std::int64_t>>(
        logRows(part->values ? part->values->rows() : part->spec.maxLen, PrecisionPart::exportedRows));
    // A table's rows are numbered from 0, the sinusoid's positions from its first.
    const std::int64_t first = part->values ? 0 : part->spec.firstPosition;
    return DataTable(rows->size(), 1 + errorCurveKinds().size(),
                     [part, rows, first](std::int64_t firstRow, Eigen::Ref<core::RowMatrix> out) {
        const std::span<const std::int64_t> block(rows->data() + firstRow, static_cast<std::size_t>(out.rows()));
        for (Eigen::Index i = 0; i < out.rows(); ++i)
            out(i, 0) = static_cast<double>(first + block[static_cast<std::size_t>(i)]);
        // The block in two halves at once: every row of a wide model emulates each of its cells
        // seven ways.
        inTwoHalves(static_cast<qint64>(block.size()), [&](qint64 from, qint64 end) {
            out.block(from, 1, end - from, out.cols() - 1) = largestErrors(*part, block.subspan(from, end - from));
        });
    });
}

} // namespace pe::ui
