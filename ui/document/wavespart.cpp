// SPDX-License-Identifier: MIT
#include "ui/document/wavespart.h"

#include "core/frequencies.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::ui {

namespace {

/// Rows [first, first + count) of the encoding or the table.
struct RowWindow {
    std::int64_t first = 0;
    std::int64_t count = 0;
};

/// The rows shown when nobody zoomed: twelve periods of the fastest wave (at least 100 rows,
/// at most all), like the documents' plots of dims 4–7 over 100 positions.
RowWindow automaticRows(const core::EncodingSpec& spec, const QVector<int>& dims, const Eigen::VectorXd& lambda)
{
    double fastest = std::numeric_limits<double>::infinity();
    for (int dim : dims)
        if (!core::columnRole(spec, dim).isZero)
            fastest = std::min(fastest, lambda[core::columnRole(spec, dim).pair]);
    if (!std::isfinite(fastest))
        return {0, spec.maxLen};
    const auto wanted = static_cast<std::int64_t>(std::ceil(12 * fastest));
    return {0, std::clamp<std::int64_t>(wanted, std::min<std::int64_t>(100, spec.maxLen), spec.maxLen)};
}

/// True when the zoom names rows (x); else the view shows its own choice.
bool zoomedIn(const ViewZoom& zoom)
{
    return zoom.xUpper > zoom.xLower && std::isfinite(zoom.xLower) && std::isfinite(zoom.xUpper);
}

/// The rows of `zoom` (x: rows, [first, first + count)) within `rows`; `fallback` when it names none.
RowWindow zoomedRows(const ViewZoom& zoom, std::int64_t rows, RowWindow fallback)
{
    RowWindow window = fallback;
    if (zoomedIn(zoom)) {
        const double first = std::clamp(std::floor(zoom.xLower), 0.0, static_cast<double>(rows - 1));
        window = {static_cast<std::int64_t>(first),
                  static_cast<std::int64_t>(std::clamp(std::ceil(zoom.xUpper) - first, 1.0, static_cast<double>(rows) - first))};
    }
    window.first = std::clamp<std::int64_t>(window.first, 0, rows - 1);
    window.count = std::clamp<std::int64_t>(window.count, 1, rows - window.first);
    return window;
}

/// A loaded table's columns over the window: every row while there are at most
/// FrameLimits::curvePoints of them (dots too up to FrameLimits::waveSamples), else the exact
/// mean of each of curvePoints equal runs of rows (a line, no dots: a dot would be a sample).
void buildTableWaves(WavesPart& part, RowWindow window)
{
    const core::RowMatrix& values = *part.values;
    const std::int64_t points = std::min(window.count, FrameLimits::curvePoints);
    for (int dim : part.dims) {
        WaveData w;
        w.dim = dim;
        w.pair = -1;
        w.tableColumn = true;
        w.wavelength = std::numeric_limits<double>::quiet_NaN();
        for (std::int64_t i = 0; i < points; ++i) {
            const std::int64_t a = window.first + core::binStart(window.count, points, i);
            const std::int64_t b = window.first + core::binStart(window.count, points, i + 1);
            w.curveX.append(0.5 * static_cast<double>(a + b - 1));
            w.curveY.append(values.col(dim).segment(a, b - a).mean());
        }
        if (window.count <= FrameLimits::waveSamples) {
            w.sampleX = w.curveX;
            w.sampleY = w.curveY;
        }
        part.waves.append(w);
    }
}

void buildSinusoidWaves(WavesPart& part, RowWindow window, const Eigen::VectorXd& lambda)
{
    const core::EncodingSpec& spec = part.spec;
    const std::int64_t first = spec.firstPosition;
    const QVector<double> samples = evenRows(window.first, window.count, FrameLimits::waveSamples);
    const std::int64_t points = std::min<std::int64_t>(FrameLimits::curvePoints, 20 * window.count);
    for (int dim : part.dims) {
        WaveData w;
        w.dim = dim;
        const core::ColumnRole role = core::columnRole(spec, dim);
        w.pair = role.pair;
        w.isSin = role.isSin;
        // tensor2tensor's zero column is a flat line: no wavelength.
        w.wavelength = role.isZero ? std::numeric_limits<double>::infinity() : lambda[role.pair];
        w.sampleX = samples;
        for (double row : samples)
            w.sampleY.append(core::encodingValue(spec, first + static_cast<std::int64_t>(row), dim));
        const double span = static_cast<double>(window.count - 1);
        for (std::int64_t i = 0; i < points; ++i) {
            const double row = window.first + (points == 1 ? 0.0 : span * i / (points - 1));
            w.curveX.append(row);
            w.curveY.append(core::encodingCurve(spec, first + row, dim));
        }
        part.waves.append(w);
    }
}

} // namespace

ViewPartPtr buildWavesPart(const PartInputs& in, const PartBefore& before)
{
    // A table stays what it is whatever the spec does: the same table, dims and zoom keep its waves.
    if (in.table && before.part && before.inputs.table == in.table && before.inputs.zoom == in.zoom
        && before.inputs.wholeCells == in.wholeCells && std::ranges::equal(before.inputs.state.dims, in.state.dims))
        return before.part;
    auto part = std::make_shared<WavesPart>();
    part->spec = in.spec;
    part->values = in.table ? in.table->values : nullptr;
    const std::int64_t rows = in.table ? in.table->table->rows() : in.spec.maxLen;
    const std::int64_t columns = in.table ? in.table->table->columns() : in.spec.dModel;
    for (int dim : in.state.dims)
        if (dim >= 0 && dim < columns)
            part->dims.append(dim);
    part->automatic = !zoomedIn(in.zoom);
    if (in.table) {
        const RowWindow window = zoomedRows(in.zoom, rows, {0, rows});
        part->firstRow = window.first;
        part->rowCount = window.count;
        if (part->values && !in.wholeCells) // without them: Frame::tableValuesProblem() says why
            buildTableWaves(*part, window);
        return part;
    }
    const Eigen::VectorXd lambda = core::wavelengths(in.spec);
    const RowWindow window = zoomedRows(in.zoom, rows, automaticRows(in.spec, part->dims, lambda));
    part->firstRow = window.first;
    part->rowCount = window.count;
    if (!in.wholeCells) // a data export makes its rows from the spec itself
        buildSinusoidWaves(*part, window, lambda);
    return part;
}

DataTable wavesPartData(const ViewPart& viewPart)
{
    const auto& waves = static_cast<const WavesPart&>(viewPart);
    const std::int64_t rows = waves.values ? waves.values->rows() : waves.spec.maxLen;
    const QVector<int> dims = waves.dims;
    if (waves.values) {
        const LearnedTablePtr values = waves.values;
        return DataTable(rows, dims.size(), [values, dims](std::int64_t first, Eigen::Ref<core::RowMatrix> out) {
            for (int j = 0; j < dims.size(); ++j)
                out.col(j) = values->col(dims[j]).segment(first, out.rows());
        });
    }
    const core::EncodingSpec spec = waves.spec;
    return DataTable(rows, dims.size(), [spec, dims](std::int64_t first, Eigen::Ref<core::RowMatrix> out) {
        // The chosen columns only, as the window's dots (not rows × d_model for a few columns:
        // one column of a million positions at d_model 4096 took 40 s that way).
        for (Eigen::Index r = 0; r < out.rows(); ++r)
            for (int j = 0; j < dims.size(); ++j)
                out(r, j) = core::encodingValue(spec, spec.firstPosition + first + r, dims[j]);
    });
}

} // namespace pe::ui
