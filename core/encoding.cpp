// SPDX-License-Identifier: MIT
#include "core/encoding.h"

#include "core/dirichlet.h"
#include "core/frequencies.h"
#include "core/scratch.h"
#include "core/simd.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

namespace pe::core {

namespace {

void requireShape(const Eigen::Ref<RowMatrix>& out, std::int64_t rows, int cols, const char* what)
{
    if (out.rows() != rows || out.cols() != cols)
        throw SpecError(std::string(what) + ": the output matrix has the wrong shape");
}

} // namespace

double encodingValue(const EncodingSpec& spec, std::int64_t position, int column)
{
    requireValid(spec);
    if (column < 0 || column >= spec.dModel)
        throw SpecError("column " + std::to_string(column) + " is out of range; allowed: 0 to "
                        + std::to_string(spec.dModel - 1));
    if (position < 0)
        throw SpecError("position " + std::to_string(position) + " is negative");
    const ColumnRole role = columnRole(spec, column);
    if (role.isZero)
        return 0.0;
    const SinCos sc = accurateSinCos(angularFrequencyLong(spec, role.pair), position);
    return role.isSin ? sc.sin : sc.cos;
}

double encodingCurve(const EncodingSpec& spec, double position, int column)
{
    requireValid(spec);
    if (column < 0 || column >= spec.dModel || !std::isfinite(position))
        throw SpecError("encodingCurve: column or position out of range");
    const ColumnRole role = columnRole(spec, column);
    if (role.isZero)
        return 0.0;
    const SinCos sc = accurateSinCos(angularFrequencyLong(spec, role.pair), position);
    return role.isSin ? sc.sin : sc.cos;
}

Eigen::VectorXd encodingVector(const EncodingSpec& spec, std::int64_t position)
{
    requireValid(spec);
    if (position < 0)
        throw SpecError("position " + std::to_string(position) + " is negative");
    Eigen::VectorXd v = Eigen::VectorXd::Zero(spec.dModel); // tensor2tensor's odd d: the last stays 0
    // Four pairs at a time: the offset view's dot products take 64 vectors of 4096 a frame.
    thread_local std::vector<double> sines, cosines;
    sines.resize(static_cast<std::size_t>(pairCount(spec)));
    cosines.resize(sines.size());
    accurateSinCosOfPairs(spec, static_cast<double>(position), sines.data(), cosines.data());
    for (int k = 0; k < pairCount(spec); ++k) {
        v[sinColumn(spec, k)] = sines[static_cast<std::size_t>(k)];
        if (const int c = cosColumn(spec, k); c >= 0)
            v[c] = cosines[static_cast<std::size_t>(k)];
    }
    return v;
}

void fillEncodingRows(const EncodingSpec& spec, std::int64_t firstRow, Eigen::Ref<RowMatrix> out)
{
    requireValid(spec);
    requireShape(out, out.rows(), spec.dModel, "fillEncodingRows");
    const std::int64_t rows = out.rows();
    if (rows == 0)
        return;
    const int pairs = pairCount(spec);
    const int fullPairs = fullPairCount(spec);
    if (pairs == 0) { // tensor2tensor's d = 1: one zero column, and no table to index
        out.setZero();
        return;
    }
    const std::vector<long double> omega = frequencyTable(spec);

    // Position p = q·B + r: sin(pω) = sin(qBω)cos(rω) + cos(qBω)sin(rω). Both tables are
    // evaluated in extended precision, so each value costs two products and a sum instead of
    // a sin() call, without the error a running recurrence would accumulate.
    const std::int64_t p0 = spec.firstPosition + firstRow;
    const std::int64_t block = std::clamp<std::int64_t>(
        static_cast<std::int64_t>(std::sqrt(static_cast<double>(rows))), 1, 1024);
    const std::int64_t q0 = p0 / block;
    const std::int64_t q1 = (p0 + rows - 1) / block;
    const std::int64_t blocks = q1 - q0 + 1;
    // Scratch tables live as long as the thread: fresh pages are slow to touch here, and a
    // slider drag calls this for every frame.
    thread_local std::vector<double> remainderSin, remainderCos, blockSin, blockCos;
    const ScratchBudget budget(remainderSin, remainderCos, blockSin, blockCos);
    remainderSin.resize(block * pairs);
    remainderCos.resize(block * pairs);
    blockSin.resize(blocks * pairs);
    blockCos.resize(blocks * pairs);
    for (std::int64_t r = 0; r < block; ++r)
        for (int k = 0; k < pairs; ++k) {
            const SinCos sc = accurateSinCos(omega[k], r);
            remainderSin[r * pairs + k] = sc.sin;
            remainderCos[r * pairs + k] = sc.cos;
        }
    for (std::int64_t q = 0; q < blocks; ++q)
        for (int k = 0; k < pairs; ++k) {
            const SinCos sc = accurateSinCos(omega[k], static_cast<long double>(q0 + q) * block);
            blockSin[q * pairs + k] = sc.sin;
            blockCos[q * pairs + k] = sc.cos;
        }

    const bool interleaved = spec.layout == Layout::Interleaved;
    const bool zeroColumn = hasZeroColumn(spec);
    for (std::int64_t row = 0; row < rows; ++row) {
        const std::int64_t p = p0 + row;
        const double* bs = &blockSin[(p / block - q0) * pairs];
        const double* bc = &blockCos[(p / block - q0) * pairs];
        const double* rs = &remainderSin[(p % block) * pairs];
        const double* rc = &remainderCos[(p % block) * pairs];
        double* dst = out.row(row).data();
        if (interleaved) {
            for (int k = 0; k < fullPairs; ++k) {
                dst[2 * k] = bs[k] * rc[k] + bc[k] * rs[k];
                dst[2 * k + 1] = bc[k] * rc[k] - bs[k] * rs[k];
            }
        } else {
            for (int k = 0; k < fullPairs; ++k) {
                dst[k] = bs[k] * rc[k] + bc[k] * rs[k];
                dst[pairs + k] = bc[k] * rc[k] - bs[k] * rs[k];
            }
        }
        if (fullPairs < pairs) { // odd d: the last pair has its sine only
            const int k = fullPairs;
            dst[sinColumn(spec, k)] = bs[k] * rc[k] + bc[k] * rs[k];
        }
        if (zeroColumn) // odd d with tensor2tensor's frequencies: a zero column (the buffer is reused)
            dst[spec.dModel - 1] = 0.0;
    }
}

RowMatrix encodingMatrix(const EncodingSpec& spec)
{
    requireValid(spec);
    if (auto error = matrixSizeError(spec.maxLen, spec.dModel, "the encoding matrix"))
        throw SpecError(*error);
    RowMatrix m(spec.maxLen, spec.dModel);
    fillEncodingRows(spec, 0, m);
    return m;
}

std::int64_t binStart(std::int64_t rowCount, std::int64_t bins, std::int64_t bin)
{
    return static_cast<std::int64_t>(static_cast<__int128>(rowCount) * bin / bins);
}

CellFormula cellFormula(const EncodingSpec& spec, std::int64_t position, int column)
{
    CellFormula cell;
    cell.role = columnRole(spec, column);
    if (cell.role.isZero)
        return cell;
    const int k = cell.role.pair;
    cell.omega = static_cast<double>(angularFrequencyLong(spec, k));
    cell.wavelength = 2.0 * std::numbers::pi / cell.omega;
    cell.angle = encodingAngle(spec, position, k);
    cell.value = encodingValue(spec, position, column);
    if (spec.frequencies == FrequencyRule::Paper) {
        cell.exponentNumerator = 2 * k;
        cell.exponentDenominator = spec.dModel;
    } else {
        cell.exponentNumerator = k;
        cell.exponentDenominator = std::max(pairCount(spec) - 1, 1);
    }
    return cell;
}

std::int64_t binOfRow(std::int64_t row, std::int64_t rowCount, std::int64_t bins)
{
    if (bins <= 1 || rowCount <= 1)
        return 0;
    row = std::clamp<std::int64_t>(row, 0, rowCount - 1);
    // The proportional guess, then corrected by at most a step or two against the boundaries.
    std::int64_t bin = std::clamp<std::int64_t>(
        static_cast<std::int64_t>(static_cast<__int128>(row) * bins / rowCount), 0, bins - 1);
    while (bin + 1 < bins && binStart(rowCount, bins, bin + 1) <= row)
        ++bin;
    while (bin > 0 && binStart(rowCount, bins, bin) > row)
        --bin;
    return bin;
}

namespace {

/// Columns whose phases are turned together, a row at a time (fillEncodingColumns): where each
/// goes, its ω, and its phase and turn as parallel arrays for the vector loops.
struct TurnedColumns {
    std::vector<std::ptrdiff_t> offset; ///< the column's start in out
    std::vector<char> isSin;
    std::vector<std::ptrdiff_t> sineAt; ///< where the pair's sine goes as well (the cosines less one), or −1
    std::vector<double> high, low; ///< ω as two doubles (sinCosOfMultiples)
    std::vector<double> a, b, turnA, turnB; ///< phase and turn: (cos, sin) and (cos ω, sin ω), or (cos θ − 1, sin θ) and (1 − cos ω, sin ω)
    void add(std::ptrdiff_t at, bool sine, long double w, std::ptrdiff_t sine2 = -1)
    {
        offset.push_back(at);
        isSin.push_back(sine);
        sineAt.push_back(sine2);
        high.push_back(static_cast<double>(w));
        low.push_back(static_cast<double>(w - static_cast<long double>(high.back())));
    }
    std::size_t size() const { return offset.size(); }
    /// sin and cos of multiple·ω for every column.
    void sinCos(double multiple, double* sines, double* cosines) const
    {
        sinCosOfMultiples(high.data(), low.data(), multiple, sines, cosines, size());
    }
};

} // namespace

void fillEncodingColumns(const EncodingSpec& spec, std::int64_t firstRow, std::int64_t rowCount, int firstColumn,
                         int columnCount, double* out, std::ptrdiff_t columnStride, CosineColumns cosines)
{
    requireValid(spec);
    if (firstRow < 0 || rowCount < 0 || firstColumn < 0 || columnCount < 0
        || std::int64_t{firstColumn} + columnCount > spec.dModel || (columnCount > 1 && columnStride < rowCount))
        throw SpecError("fillEncodingColumns: rows or columns outside the encoding");
    constexpr std::int64_t anchorEvery = 256;
    const std::int64_t p0 = spec.firstPosition + firstRow;
    // Every column's phase turned by its ω row by row, four columns at a time in registers down
    // the rows (simd::turnColumnsAlong: rotate's or turnLessOne's steps), taken afresh every
    // anchorEvery rows. One column after another was a chain of dependent products per column:
    // a fifth of a spectrum step; all columns a row at a time, a call per row.
    TurnedColumns turned, lessOne;
    // With the cosines less one, a pair whose two columns are both here is turned once: its
    // cosine's (cos θ − 1, sin θ) gives the sine column too (half the turns of the spectrum's
    // interleaved pairs).
    const bool lessOneCosines = cosines == CosineColumns::LessOne;
    // Where the pair's sine or cosine column is in out, or −1 when it is not in this block.
    const auto placeOf = [&](int pair, bool sine) -> std::ptrdiff_t {
        const int column = sine ? sinColumn(spec, pair) : cosColumn(spec, pair);
        return column >= firstColumn && column < firstColumn + columnCount
                   ? static_cast<std::ptrdiff_t>(column - firstColumn) * columnStride : -1;
    };
    for (int c = 0; c < columnCount; ++c) {
        const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(c) * columnStride;
        const ColumnRole role = columnRole(spec, firstColumn + c);
        if (role.isZero)
            std::fill(out + at, out + at + rowCount, 0.0);
        else if (lessOneCosines && !role.isSin)
            lessOne.add(at, false, angularFrequencyLong(spec, role.pair), placeOf(role.pair, true));
        else if (!(lessOneCosines && placeOf(role.pair, false) >= 0)) // a sine whose cosine is not here
            turned.add(at, role.isSin, angularFrequencyLong(spec, role.pair));
    }
    for (TurnedColumns* group : {&turned, &lessOne}) {
        group->a.resize(group->size());
        group->b.resize(group->size());
        group->turnA.resize(group->size());
        group->turnB.resize(group->size());
    }
    turned.sinCos(1.0, turned.turnB.data(), turned.turnA.data());
    // (cos θ − 1, sin θ) turned with v = 1 − cos ω = 2 sin²(ω/2), S = sin ω: no 1 added and
    // taken away again.
    std::vector<double> halfSin(lessOne.size()), unused(lessOne.size());
    lessOne.sinCos(0.5, halfSin.data(), unused.data());
    lessOne.sinCos(1.0, lessOne.turnB.data(), unused.data());
    for (std::size_t i = 0; i < lessOne.size(); ++i)
        lessOne.turnA[i] = 2 * halfSin[i] * halfSin[i];
    for (std::int64_t r = 0; r < rowCount; r += anchorEvery) {
        const auto position = static_cast<double>(p0 + r);
        turned.sinCos(position, turned.b.data(), turned.a.data());
        // cos θ − 1 = −2 sin²(θ/2).
        lessOne.sinCos(position, lessOne.b.data(), unused.data());
        lessOne.sinCos(position / 2, halfSin.data(), unused.data());
        for (std::size_t i = 0; i < lessOne.size(); ++i)
            lessOne.a[i] = -2 * halfSin[i] * halfSin[i];
        const auto rows = static_cast<std::size_t>(std::min(anchorEvery, rowCount - r));
        simd::turnColumnsAlong(turned.a.data(), turned.b.data(), turned.turnA.data(), turned.turnB.data(), turned.offset.data(),
                               turned.isSin.data(), nullptr, turned.size(), rows, false, out + r);
        simd::turnColumnsAlong(lessOne.a.data(), lessOne.b.data(), lessOne.turnA.data(), lessOne.turnB.data(),
                               lessOne.offset.data(), lessOne.isSin.data(), lessOne.sineAt.data(), lessOne.size(), rows, true, out + r);
    }
}

void fillBinnedEncoding(const EncodingSpec& spec, std::int64_t firstRow, std::int64_t rowCount,
                        Eigen::Ref<RowMatrix> out)
{
    requireValid(spec);
    const std::int64_t bins = out.rows();
    if (out.cols() != spec.dModel || bins < 1 || bins > rowCount)
        throw SpecError("fillBinnedEncoding: need 1 ≤ bins ≤ rows and d_model columns");
    if (bins == rowCount) {
        fillEncodingRows(spec, firstRow, out);
        return;
    }
    const int pairs = pairCount(spec);
    const std::vector<long double> omega = frequencyTable(spec);
    // Bins hold ⌊n/bins⌋ or ⌈n/bins⌉ rows: two Dirichlet factors per pair cover them all.
    const std::int64_t shortCount = rowCount / bins;
    std::vector<double> dirichletShort(pairs), dirichletLong(pairs);
    for (int k = 0; k < pairs; ++k) {
        const double half = static_cast<double>(omega[k] / 2);
        const auto dirichlet = [half](std::int64_t n) { return std::sin(n * half) / (n * std::sin(half)); };
        dirichletShort[k] = dirichlet(shortCount);
        dirichletLong[k] = dirichlet(shortCount + 1);
    }
    for (std::int64_t bin = 0; bin < bins; ++bin) {
        const std::int64_t a = spec.firstPosition + firstRow + binStart(rowCount, bins, bin);
        const std::int64_t count = binStart(rowCount, bins, bin + 1) - binStart(rowCount, bins, bin);
        const std::vector<double>& dirichlet = count == shortCount ? dirichletShort : dirichletLong;
        const std::int64_t twiceCentre = 2 * a + count - 1;
        double* dst = out.row(bin).data();
        for (int k = 0; k < pairs; ++k) {
            // Σ_{p=a}^{a+n−1} e^{ipω} = e^{i·centre·ω} · sin(nω/2) / sin(ω/2)
            const SinCos centre = accurateSinCos(omega[k] / 2, twiceCentre);
            dst[sinColumn(spec, k)] = centre.sin * dirichlet[k];
            if (const int c = cosColumn(spec, k); c >= 0)
                dst[c] = centre.cos * dirichlet[k];
        }
        if (hasZeroColumn(spec))
            dst[spec.dModel - 1] = 0.0;
    }
}

namespace {

/// Per pair, for n whole rows between two partial ones: the Dirichlet factor
/// sin(nω/2)/sin(ω/2) of the whole rows, and cos/sin((n+1)ω/2), the turn from their centre to
/// the partial rows on either side.
struct BoxFactors {
    std::vector<double> dirichlet;
    std::shared_ptr<const SinCosTable> edge;
};

BoxFactors boxFactors(const EncodingSpec& spec, std::int64_t n)
{
    return {dirichletKernel(spec, n, static_cast<std::size_t>(pairCount(spec))),
            sinCosTable(spec, (static_cast<long double>(n) + 1) / 2)};
}

/// One row of the encoding from its pairs' box sums, in the spec's layout: the full pairs
/// through simd::boxValues, then the unpaired sine of an odd d without one and
/// tensor2tensor's zero column.
void writeBoxRow(const EncodingSpec& spec, const simd::BoxRow& box, double* row)
{
    const int pairs = pairCount(spec), fullPairs = fullPairCount(spec);
    const auto full = static_cast<std::size_t>(fullPairs);
    if (spec.layout == Layout::Interleaved)
        simd::boxValues(box, row, row + 1, 2, full);
    else
        simd::boxValues(box, row, row + pairs, 1, full);
    if (pairs > fullPairs) { // the lone sine: column 2·fullPairs interleaved, fullPairs split
        const int k = fullPairs;
        const double re = box.dirichlet[k] + box.edges * box.edgeCos[k], im = box.tilt * box.edgeSin[k];
        row[spec.layout == Layout::Interleaved ? 2 * k : k] = (box.phaseSin[k] * re + box.phaseCos[k] * im) * box.scale;
    }
    if (hasZeroColumn(spec))
        row[spec.dModel - 1] = 0.0;
}

/// The rows of fillRowBoxAverages one at a time, bins firstBin … endBin − 1 of `bins`:
/// rowOut(bin) says where bin's d_model values go, finished(bin) is called once they are there
/// (checked by the callers).
template <typename RowOut, typename Finished>
void boxAverageRows(const EncodingSpec& spec, double rowLower, double rowUpper, std::int64_t bins, std::int64_t firstBin,
                    std::int64_t endBin, RowOut rowOut, Finished finished)
{
    const int pairs = pairCount(spec);
    const auto pairSize = static_cast<std::size_t>(pairs);
    const std::vector<long double>& omega = frequencyTable(spec);
    const double height = (rowUpper - rowLower) / static_cast<double>(bins);
    // Whole rows per bin take at most three values; their factors are computed once each.
    std::vector<std::pair<std::int64_t, BoxFactors>> factors;
    const auto factorsFor = [&](std::int64_t n) -> const BoxFactors& {
        for (const auto& [count, f] : factors)
            if (count == n)
                return f;
        factors.emplace_back(n, boxFactors(spec, n));
        return factors.back().second;
    };
    // e^{icω/2·2} at each bin's centre: the centres step by one of a few whole half-rows, so
    // each phase is the last one turned by a tabulated rotation (a complex product instead of
    // a sin/cos per pair and bin), taken afresh every `anchorEvery` bins so that rounding
    // cannot build up (a few 1e−14 after 255 products; anchoring every 64 bins made the
    // accurate sines a sixth of a frame at 4096 dims).
    constexpr std::int64_t anchorEvery = 256;
    std::vector<double> phaseCos(pairSize), phaseSin(pairSize);
    std::int64_t phaseAt = 0;
    std::vector<std::pair<std::int64_t, std::shared_ptr<const SinCosTable>>> rotations;
    const auto rotationBy = [&](std::int64_t delta) -> const SinCosTable& {
        for (const auto& [step, table] : rotations)
            if (step == delta)
                return *table;
        rotations.emplace_back(delta, sinCosTable(spec, static_cast<long double>(delta) / 2)); // (ω/2)·delta
        return *rotations.back().second;
    };
    for (std::int64_t bin = firstBin; bin < endBin; ++bin) {
        const double y0 = rowLower + height * static_cast<double>(bin);
        const double y1 = bin + 1 == bins ? rowUpper : rowLower + height * static_cast<double>(bin + 1);
        // Whole rows a … b−1; row a−1 shares (a − y0) with the bin, row b shares (y1 − b).
        const auto a = static_cast<std::int64_t>(std::ceil(y0));
        const auto b = std::max(a, static_cast<std::int64_t>(std::floor(y1)));
        const double before = static_cast<double>(a) - y0, after = y1 - static_cast<double>(b);
        const BoxFactors& f = factorsFor(b - a);
        // Σ weights·e^{ipω} = e^{icω}·[D_n + before·e^{−i(n+1)ω/2} + after·e^{i(n+1)ω/2}], c the
        // centre of the whole rows: real part the cosine column, imaginary part the sine.
        const std::int64_t twiceCentre = 2 * spec.firstPosition + a + b - 1;
        if (bin == firstBin || bin % anchorEvery == 0 || rotations.size() > 8) {
            if (rotations.size() > 8) // steps that vary more than expected: keep the table small
                rotations.clear();
            for (int k = 0; k < pairs; ++k) {
                const SinCos centre = accurateSinCos(omega[k] / 2, twiceCentre);
                phaseCos[k] = centre.cos;
                phaseSin[k] = centre.sin;
            }
        } else if (twiceCentre != phaseAt) {
            const SinCosTable& turn = rotationBy(twiceCentre - phaseAt);
            simd::rotate(phaseCos.data(), phaseSin.data(), turn.cos.data(), turn.sin.data(), pairSize);
        }
        phaseAt = twiceCentre;
        const simd::BoxRow box{phaseSin.data(), phaseCos.data(), f.dirichlet.data(), f.edge->cos.data(), f.edge->sin.data(),
                               before + after, after - before, 1.0 / (y1 - y0)};
        writeBoxRow(spec, box, rowOut(bin));
        finished(bin);
    }
}

void requireRowBins(const EncodingSpec& spec, double rowLower, double rowUpper, std::int64_t bins, const char* what)
{
    requireValid(spec);
    const double length = static_cast<double>(spec.maxLen);
    if (bins < 1 || !(rowLower >= 0) || !(rowUpper <= length) || !(rowLower < rowUpper)
        || (rowUpper - rowLower) / static_cast<double>(bins) < 1.0)
        throw SpecError(std::string(what) + ": need 0 ≤ lower < upper ≤ max_len and at least one row per bin");
}

} // namespace

void fillRowBoxAverages(const EncodingSpec& spec, double rowLower, double rowUpper, Eigen::Ref<RowMatrix> out)
{
    requireRowBins(spec, rowLower, rowUpper, out.rows(), "fillRowBoxAverages");
    if (out.cols() != spec.dModel)
        throw SpecError("fillRowBoxAverages: need d_model columns");
    boxAverageRows(spec, rowLower, rowUpper, out.rows(), 0, out.rows(),
                   [&](std::int64_t bin) { return out.row(bin).data(); }, [](std::int64_t) {});
}

void fillBoxAverages(const EncodingSpec& spec, double rowLower, double rowUpper, double columnLower,
                     double columnUpper, Eigen::Ref<RowMatrix> out)
{
    fillBoxAverages(spec, rowLower, rowUpper, columnLower, columnUpper, out, 0, out.rows());
}

void fillBoxAverages(const EncodingSpec& spec, double rowLower, double rowUpper, double columnLower,
                     double columnUpper, Eigen::Ref<RowMatrix> out, std::int64_t firstBin, std::int64_t binCount)
{
    requireRowBins(spec, rowLower, rowUpper, out.rows(), "fillBoxAverages");
    if (firstBin < 0 || binCount < 0 || firstBin + binCount > out.rows())
        throw SpecError("fillBoxAverages: bins " + std::to_string(firstBin) + " … " + std::to_string(firstBin + binCount - 1)
                        + " are not all among the " + std::to_string(out.rows()) + " of the picture");
    const ColumnAverager columns(spec.dModel, columnLower, columnUpper, out.cols());
    // Four rows of d_model values at a time, averaged while they are in cache (a bins × d_model
    // matrix written out and read back cost more than computing it: 23 MB at 4096 dims).
    FourRowAverager fours(columns, static_cast<std::size_t>(spec.dModel));
    const std::int64_t endBin = firstBin + binCount;
    boxAverageRows(spec, rowLower, rowUpper, out.rows(), firstBin, endBin, [&](std::int64_t bin) { return fours.row(bin - firstBin); },
                   [&](std::int64_t bin) {
                       fours.rowDone(bin - firstBin, bin + 1 == endBin, [&](std::int64_t i) { return out.row(firstBin + i).data(); },
                                     out.outerStride());
                   });
}

ColumnAverager::ColumnAverager(Eigen::Index inputColumns, double lower, double upper, Eigen::Index bins)
{
    const auto columns = static_cast<double>(inputColumns);
    if (bins < 1 || !(lower >= 0) || !(upper <= columns) || !(lower < upper))
        throw SpecError("averageColumns: need 0 ≤ lower < upper ≤ columns and at least one output column");
    // Each output column as a run of input columns with the length each shares with it.
    const double width = (upper - lower) / static_cast<double>(bins);
    const auto outputs = static_cast<std::size_t>(bins);
    m_first.resize(outputs);
    m_weightsAt.resize(outputs);
    m_count.resize(outputs);
    for (std::size_t j = 0; j < outputs; ++j) {
        const double x0 = lower + width * static_cast<double>(j);
        const double x1 = j + 1 == outputs ? upper : lower + width * static_cast<double>(j + 1);
        m_first[j] = static_cast<std::ptrdiff_t>(std::floor(x0));
        m_weightsAt[j] = m_weights.size();
        const auto last = std::min<Eigen::Index>(inputColumns - 1, static_cast<Eigen::Index>(std::ceil(x1)) - 1);
        for (Eigen::Index c = m_first[j]; c <= last; ++c) {
            const double shared = std::min(x1, static_cast<double>(c + 1)) - std::max(x0, static_cast<double>(c));
            m_weights.push_back(std::max(shared, 0.0) / (x1 - x0));
        }
        m_count[j] = m_weights.size() - m_weightsAt[j];
    }
    m_identity = bins == inputColumns && m_weights.size() == outputs
        && std::all_of(m_weights.begin(), m_weights.end(), [](double w) { return w == 1.0; });
}

void ColumnAverager::apply(const double* in, double* out) const
{
    if (m_identity) { // the same values (a sum of one weight of 1), without the loop
        std::copy(in, in + m_first.size(), out);
        return;
    }
    for (std::size_t j = 0; j < m_first.size(); ++j) {
        const double* weights = m_weights.data() + m_weightsAt[j];
        const double* source = in + m_first[j];
        double sum = 0;
        for (std::size_t i = 0; i < m_count[j]; ++i)
            sum += weights[i] * source[i];
        out[j] = sum;
    }
}

void ColumnAverager::applyToFour(const double* tile, double* out, std::ptrdiff_t outStride, int rows) const
{
    const simd::ColumnSpans spans{m_first.data(), m_weightsAt.data(), m_count.data(), m_weights.data(), m_first.size()};
    simd::averageFourRows(spans, tile, out, outStride, rows);
}

void averageColumns(const Eigen::Ref<const RowMatrix>& in, double lower, double upper, Eigen::Ref<RowMatrix> out)
{
    if (in.rows() != out.rows())
        throw SpecError("averageColumns: need 0 ≤ lower < upper ≤ columns and as many rows in both");
    const ColumnAverager averager(in.cols(), lower, upper, out.cols());
    // Four rows side by side, as FourRowAverager, straight from `in` (a row at a time was a
    // tenth of the precision view's step).
    const auto width = static_cast<std::size_t>(in.cols());
    std::vector<double> tile(4 * width);
    for (Eigen::Index r = 0; r < in.rows(); r += 4) {
        const int filled = static_cast<int>(std::min<Eigen::Index>(4, in.rows() - r));
        const double* group[4];
        for (int i = 0; i < 4; ++i) // a last group of fewer rows repeats its last one
            group[i] = in.row(r + std::min(i, filled - 1)).data();
        simd::interleaveFourRows(group, width, tile.data());
        averager.applyToFour(tile.data(), out.row(r).data(), out.outerStride(), filled);
    }
}

void FourRowAverager::interleave(const double* const group[4]) { simd::interleaveFourRows(group, m_width, m_tile.data()); }

} // namespace pe::core
