// SPDX-License-Identifier: MIT
#include "core/conventions.h"

#include "core/frequencies.h"
#include "core/simd.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace pe::core {

namespace {

constexpr std::array<std::string_view, 5> comparisonNames{"layout", "frequencies", "first-position",
                                                          "doubled-exponent", "shifted-cosine"};

/// fairseq starts at padding_idx + 1 = 2; the others at 0.
constexpr std::int64_t fairseqFirstPosition = 2;

void requireColumns(const EncodingSpec& spec, const Eigen::Ref<RowMatrix>& out, const char* what)
{
    if (out.cols() != spec.dModel)
        throw SpecError(std::string(what) + ": the output matrix needs d_model columns");
}

/// The spec whose column roles a convention has: its layout, and tensor2tensor's pairs (with
/// the zero column of an odd d) for its frequencies, the paper's pairs for the others.
EncodingSpec withConvention(const EncodingSpec& spec, Layout layout, FrequencyVariant variant)
{
    EncodingSpec s = spec;
    s.layout = layout;
    s.frequencies = variant == FrequencyVariant::Tensor2Tensor ? FrequencyRule::Tensor2Tensor : FrequencyRule::Paper;
    return s;
}

} // namespace

std::string_view comparisonName(Comparison comparison)
{
    return comparisonNames[static_cast<std::size_t>(comparison)];
}

std::optional<Comparison> parseComparison(std::string_view name)
{
    for (std::size_t i = 0; i < comparisonNames.size(); ++i)
        if (comparisonNames[i] == name)
            return static_cast<Comparison>(i);
    return std::nullopt;
}

std::string_view frequencyVariantName(FrequencyVariant variant)
{
    switch (variant) {
    case FrequencyVariant::Paper: return "paper";
    case FrequencyVariant::Tensor2Tensor: return "tensor2tensor";
    case FrequencyVariant::DoubledExponent: return "doubled-exponent";
    case FrequencyVariant::ShiftedCosine: return "shifted-cosine";
    }
    return "paper";
}

bool isMistake(FrequencyVariant variant)
{
    return variant == FrequencyVariant::DoubledExponent || variant == FrequencyVariant::ShiftedCosine;
}

Convention conventionOf(const EncodingSpec& spec)
{
    return {spec.layout,
            spec.frequencies == FrequencyRule::Paper ? FrequencyVariant::Paper : FrequencyVariant::Tensor2Tensor,
            spec.firstPosition};
}

Convention comparedConvention(const EncodingSpec& spec, Comparison comparison)
{
    Convention c = conventionOf(spec);
    switch (comparison) {
    case Comparison::Layout:
        c.layout = spec.layout == Layout::Interleaved ? Layout::Split : Layout::Interleaved;
        break;
    case Comparison::Frequencies:
        c.frequencies = spec.frequencies == FrequencyRule::Paper ? FrequencyVariant::Tensor2Tensor : FrequencyVariant::Paper;
        break;
    case Comparison::FirstPosition:
        c.firstPosition = spec.firstPosition == fairseqFirstPosition ? 0 : fairseqFirstPosition;
        break;
    case Comparison::DoubledExponent: c.frequencies = FrequencyVariant::DoubledExponent; break;
    case Comparison::ShiftedCosine: c.frequencies = FrequencyVariant::ShiftedCosine; break;
    }
    return c;
}

PairFrequencies variantFrequencies(const EncodingSpec& spec, FrequencyVariant variant, int pair)
{
    requireValid(spec);
    const int pairs = pairCount(withConvention(spec, spec.layout, variant));
    if (pair < 0 || pair >= pairs)
        throw SpecError("pair " + std::to_string(pair) + " is out of range; allowed: 0 to " + std::to_string(pairs - 1));
    const long double logBase = std::log(static_cast<long double>(spec.base));
    const long double d = spec.dModel;
    const auto power = [&](long double exponent) { return std::exp(-exponent * logBase); };
    switch (variant) {
    case FrequencyVariant::Paper:
    case FrequencyVariant::Tensor2Tensor: {
        EncodingSpec s = spec;
        s.frequencies = variant == FrequencyVariant::Paper ? FrequencyRule::Paper : FrequencyRule::Tensor2Tensor;
        const long double omega = angularFrequencyLong(s, pair);
        return {omega, omega};
    }
    // `for i in range(0, d, 2): pe[pos, i] = sin(pos / base ** (2 * i / d))`: i is already 2k.
    case FrequencyVariant::DoubledExponent: return {power(4.0L * pair / d), power(4.0L * pair / d)};
    // … and `pe[pos, i + 1] = cos(pos / base ** (2 * (i + 1) / d))`.
    case FrequencyVariant::ShiftedCosine: return {power(4.0L * pair / d), power((4.0L * pair + 2) / d)};
    }
    return {};
}

double conventionValue(const EncodingSpec& spec, const Convention& convention, std::int64_t row, int column)
{
    requireValid(spec);
    if (column < 0 || column >= spec.dModel)
        throw SpecError("column " + std::to_string(column) + " is out of range");
    const std::int64_t position = convention.firstPosition + row;
    if (row < 0 || position < 0)
        throw SpecError("position " + std::to_string(position) + " is negative");
    const ColumnRole role = columnRole(withConvention(spec, convention.layout, convention.frequencies), column);
    if (role.isZero)
        return 0.0;
    const PairFrequencies w = variantFrequencies(spec, convention.frequencies, role.pair);
    return role.isSin ? accurateSinCos(w.sin, position).sin : accurateSinCos(w.cos, position).cos;
}

namespace {

/// fillBinnedConvention's rows, bin by bin: rowOf(bin) says where bin's d_model values go,
/// rowDone(bin) is called once they are there.
template <typename RowOf, typename RowDone>
void fillBinnedRows(const EncodingSpec& spec, const Convention& convention, std::int64_t firstRow, std::int64_t rowCount,
                    std::int64_t bins, RowOf rowOf, RowDone rowDone)
{
    if (bins < 1 || bins > rowCount || firstRow < 0 || convention.firstPosition < 0)
        throw SpecError("fillBinnedConvention: need 1 ≤ bins ≤ rows and non-negative positions");
    const EncodingSpec layoutSpec = withConvention(spec, convention.layout, convention.frequencies);
    // Each column is one sinusoid of its own frequency: the sum over a bin has the closed form
    // Σ_{p=a}^{a+n−1} e^{ipω} = e^{i·centre·ω} · sin(nω/2) / sin(ω/2), as for the spec itself.
    // Bins hold ⌊rows/bins⌋ or one more row, so two Dirichlet factors per column cover them;
    // the centres step by one of a few whole half-rows, the same for every column, so each
    // bin's phases are the last bin's turned by a tabulated rotation, a whole row at a time
    // (simd::rotate), taken afresh every 256 bins (rounding stays within a few 1e−14).
    constexpr std::int64_t anchorEvery = 256;
    const std::int64_t shortCount = rowCount / bins;
    // Each bin's size and twice its centre, once for all columns (binStart divides in 128 bits).
    std::vector<std::int64_t> twiceCentres(static_cast<std::size_t>(bins));
    std::vector<char> longBin(static_cast<std::size_t>(bins));
    for (std::int64_t bin = 0, start = 0; bin < bins; ++bin) {
        const std::int64_t end = binStart(rowCount, bins, bin + 1);
        twiceCentres[bin] = 2 * (convention.firstPosition + firstRow + start) + (end - start) - 1;
        longBin[bin] = end - start != shortCount;
        start = end;
    }
    // Per column: half its frequency, and what its phase's sine and cosine are multiplied by in
    // a short and a long bin (its Dirichlet factor on the one it shows, 0 on the other; 0 on
    // both for a zero column).
    const auto columns = static_cast<std::size_t>(spec.dModel);
    // Half of each frequency as two doubles (its long double exactly), for sinCosOfMultiples.
    std::vector<double> halfHigh(columns, 0.0), halfLow(columns, 0.0);
    std::vector<double> sinShort(columns, 0.0), cosShort(columns, 0.0), sinLong(columns, 0.0), cosLong(columns, 0.0);
    for (int column = 0; column < spec.dModel; ++column) {
        const ColumnRole role = columnRole(layoutSpec, column);
        if (role.isZero)
            continue;
        const PairFrequencies w = variantFrequencies(spec, convention.frequencies, role.pair);
        const long double omega = role.isSin ? w.sin : w.cos;
        const double half = static_cast<double>(omega / 2);
        const auto dirichlet = [half](std::int64_t n) { return n == 1 ? 1.0 : std::sin(n * half) / (n * std::sin(half)); };
        const auto c = static_cast<std::size_t>(column);
        halfHigh[c] = static_cast<double>(omega / 2);
        halfLow[c] = static_cast<double>(omega / 2 - static_cast<long double>(halfHigh[c]));
        (role.isSin ? sinShort : cosShort)[c] = dirichlet(shortCount);
        (role.isSin ? sinLong : cosLong)[c] = dirichlet(shortCount + 1);
    }
    std::vector<double> phaseSin(columns, 0.0), phaseCos(columns, 1.0);
    struct Turn {
        std::int64_t delta;
        std::vector<double> cos, sin;
    };
    std::vector<Turn> turns; // the few steps between centres met so far, each for every column
    std::int64_t phaseAt = 0;
    for (std::int64_t bin = 0; bin < bins; ++bin) {
        const std::int64_t twiceCentre = twiceCentres[bin];
        if (bin % anchorEvery == 0) {
            // Every column's phase four at a time, exact to a few ulps (long double one at a
            // time was a third of the conventions view's step at 4096 dims).
            sinCosOfMultiples(halfHigh.data(), halfLow.data(), static_cast<double>(twiceCentre), phaseSin.data(),
                              phaseCos.data(), columns);
        } else {
            const std::int64_t delta = twiceCentre - phaseAt;
            auto turn = std::find_if(turns.begin(), turns.end(), [delta](const Turn& t) { return t.delta == delta; });
            if (turn == turns.end()) {
                if (turns.size() == 4) // steps that vary more than two bin sizes allow: never expected
                    turns.clear();
                Turn made{delta, std::vector<double>(columns), std::vector<double>(columns)};
                sinCosOfMultiples(halfHigh.data(), halfLow.data(), static_cast<double>(delta), made.sin.data(),
                                  made.cos.data(), columns);
                turns.push_back(std::move(made));
                turn = turns.end() - 1;
            }
            simd::rotate(phaseCos.data(), phaseSin.data(), turn->cos.data(), turn->sin.data(), columns);
        }
        phaseAt = twiceCentre;
        const double* sinWeight = longBin[bin] ? sinLong.data() : sinShort.data();
        const double* cosWeight = longBin[bin] ? cosLong.data() : cosShort.data();
        double* row = rowOf(bin);
        for (std::size_t c = 0; c < columns; ++c)
            row[c] = phaseSin[c] * sinWeight[c] + phaseCos[c] * cosWeight[c];
        rowDone(bin);
    }
}

} // namespace

void fillBinnedConvention(const EncodingSpec& spec, const Convention& convention, std::int64_t firstRow,
                          std::int64_t rowCount, Eigen::Ref<RowMatrix> out)
{
    requireValid(spec);
    requireColumns(spec, out, "fillBinnedConvention");
    fillBinnedRows(spec, convention, firstRow, rowCount, out.rows(), [&](std::int64_t bin) { return &out(bin, 0); },
                   [](std::int64_t) {});
}

void fillBinnedConventionAveraged(const EncodingSpec& spec, const Convention& convention, std::int64_t firstRow,
                                  std::int64_t rowCount, Eigen::Ref<RowMatrix> out)
{
    requireValid(spec);
    if (out.cols() < 1 || out.cols() > spec.dModel)
        throw SpecError("fillBinnedConventionAveraged: need 1 to " + std::to_string(spec.dModel) + " columns, not "
                        + std::to_string(out.cols()));
    const ColumnAverager averager(spec.dModel, 0, static_cast<double>(spec.dModel), out.cols());
    // Four rows at a time, averaged while in cache (a row at a time was a fifth of the
    // conventions view's step at 4096 dims).
    FourRowAverager fours(averager, static_cast<std::size_t>(spec.dModel));
    const std::int64_t bins = out.rows();
    fillBinnedRows(spec, convention, firstRow, rowCount, bins, [&](std::int64_t bin) { return fours.row(bin); },
                   [&](std::int64_t bin) {
                       fours.rowDone(bin, bin + 1 == bins, [&](std::int64_t i) { return &out(i, 0); }, out.outerStride());
                   });
}

double conventionRotationResidual(const EncodingSpec& spec, const Convention& convention, std::int64_t row,
                                  std::int64_t offset)
{
    requireValid(spec);
    const std::int64_t p = convention.firstPosition + row;
    if (row < 0 || p < 0 || p + offset < 0)
        throw SpecError("position " + std::to_string(p) + " + offset " + std::to_string(offset) + " must not be negative");
    // Every pair at once, four at a time (sinCosOfMultiples; five long double sines a pair were
    // a tenth of the conventions view's step at 4096 dims): each frequency as two doubles.
    const auto pairs = static_cast<std::size_t>(fullPairCount(spec));
    std::vector<double> sinHigh(pairs), sinLow(pairs), cosHigh(pairs), cosLow(pairs);
    for (std::size_t k = 0; k < pairs; ++k) {
        const PairFrequencies w = variantFrequencies(spec, convention.frequencies, static_cast<int>(k));
        sinHigh[k] = static_cast<double>(w.sin);
        sinLow[k] = static_cast<double>(w.sin - static_cast<long double>(sinHigh[k]));
        cosHigh[k] = static_cast<double>(w.cos);
        cosLow[k] = static_cast<double>(w.cos - static_cast<long double>(cosHigh[k]));
    }
    std::vector<double> s(pairs), c(pairs), turnSin(pairs), turnCos(pairs), movedSin(pairs), movedCos(pairs), unused(pairs);
    sinCosOfMultiples(sinHigh.data(), sinLow.data(), static_cast<double>(p), s.data(), unused.data(), pairs);
    sinCosOfMultiples(cosHigh.data(), cosLow.data(), static_cast<double>(p), unused.data(), c.data(), pairs);
    sinCosOfMultiples(sinHigh.data(), sinLow.data(), static_cast<double>(offset), turnSin.data(), turnCos.data(), pairs);
    sinCosOfMultiples(sinHigh.data(), sinLow.data(), static_cast<double>(p + offset), movedSin.data(), unused.data(), pairs);
    sinCosOfMultiples(cosHigh.data(), cosLow.data(), static_cast<double>(p + offset), unused.data(), movedCos.data(), pairs);
    double squares = 0;
    for (std::size_t k = 0; k < pairs; ++k) {
        const double rotatedSin = turnCos[k] * s[k] + turnSin[k] * c[k];
        const double rotatedCos = -turnSin[k] * s[k] + turnCos[k] * c[k];
        const double ds = rotatedSin - movedSin[k];
        const double dc = rotatedCos - movedCos[k];
        squares += ds * ds + dc * dc;
    }
    return std::sqrt(squares);
}

int pairsSlowerThanBase(const EncodingSpec& spec, FrequencyVariant variant)
{
    requireValid(spec);
    // Wavelength above 2π·base means ω < 1/base; a hair of slack keeps t2t's last pair (ω exactly 1/base) out.
    const long double limit = (1.0L - 1e-12L) / static_cast<long double>(spec.base);
    int count = 0;
    for (int k = 0; k < pairCount(withConvention(spec, spec.layout, variant)); ++k)
        count += variantFrequencies(spec, variant, k).sin < limit ? 1 : 0;
    return count;
}

} // namespace pe::core
