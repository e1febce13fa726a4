// SPDX-License-Identifier: MIT
#include "core/precision.h"

#include "core/frequencies.h"
#include "core/simd.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace pe::core {

namespace {

struct FormatTraits {
    int mantissaBits; // stored fraction bits
    int minExponent;  // exponent of the smallest normal number
    double maxFinite;
};

FormatTraits traits(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Float32: return {23, -126, std::numeric_limits<float>::max()};
    case NumberFormat::BFloat16: return {7, -126, 3.3895313892515355e38};
    case NumberFormat::Float16: return {10, -14, 65504.0};
    case NumberFormat::Float64: break;
    }
    return {52, -1022, std::numeric_limits<double>::max()};
}

} // namespace

std::string_view numberFormatName(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Float32: return "float32";
    case NumberFormat::BFloat16: return "bfloat16";
    case NumberFormat::Float16: return "float16";
    case NumberFormat::Float64: break;
    }
    return "float64";
}

namespace {

/// roundTo with the format's traits looked up once by the caller: the maps and curves round
/// millions of values a frame, and this inlines into their loops.
inline double roundWith(const FormatTraits& t, double x)
{
    if (t.mantissaBits >= 52 || !std::isfinite(x) || x == 0.0)
        return x;
    // The exponent straight from the bits (a double's subnormals fall under every format's
    // minimum exponent anyway), and a quantum q = 2^(e − mantissa bits) built from bits too:
    // ilogb, ldexp and nearbyint are library calls.
    const auto bits = std::bit_cast<std::uint64_t>(x);
    const int exponent = std::max(static_cast<int>((bits >> 52) & 0x7ff) - 1023, t.minExponent);
    if (exponent > 1023 - 53 + t.mantissaBits) // 2^52·q would overflow; x is far past every format's largest
        return std::copysign(std::numeric_limits<double>::infinity(), x);
    const double quantum = std::bit_cast<double>(static_cast<std::uint64_t>(exponent - t.mantissaBits + 1023) << 52);
    // Adding and taking away 2^52·q rounds x to a multiple of q, ties to even, in the default
    // rounding mode (|x| < 2^(e+1) ≤ 2^52·q since every format has fewer than 51 bits).
    const double shift = std::copysign(quantum * 0x1p52, x);
    // copysign: a tiny negative value rounds to −0, as the format's own conversion gives.
    const double rounded = std::copysign((x + shift) - shift, x);
    if (std::abs(rounded) > t.maxFinite)
        return std::copysign(std::numeric_limits<double>::infinity(), x);
    return rounded;
}

} // namespace

double roundTo(double x, NumberFormat format)
{
    return roundWith(traits(format), x);
}

namespace {

/// Each value of a row rounded to the format (roundWith, four at a time); float64 keeps them.
void roundRow(const FormatTraits& t, const double* in, double* out, std::size_t n)
{
    if (t.mantissaBits >= 52) {
        std::copy(in, in + n, out);
        return;
    }
    simd::roundToFormat({t.mantissaBits, t.minExponent, t.maxFinite}, in, out, n);
}

/// sin and cos of each angle as a program's double sin and cos give them (within an ulp; what
/// the format then rounds), four at a time: the error maps and curves take tens of thousands a
/// frame. NaN for an infinite angle (float16's overflow).
void sinCosOfAngles(const double* angles, double* sinOut, double* cosOut, std::size_t n)
{
    sinCosOfMultiples(angles, nullptr, 1.0, sinOut, cosOut, n);
}

/// What a program in the format holds for one row (heldSin, heldCos: a value per pair): the
/// exact values rounded (stored), or every step of the documents' code in the format
/// (computed: the position, the angle p·ω, its sin and cos rounded). angle is scratch.
void heldRow(const FormatTraits& t, PrecisionMode mode, std::int64_t position, const std::vector<double>& omegaInFormat,
             const std::vector<double>& exactSin, const std::vector<double>& exactCos, std::vector<double>& angle,
             std::vector<double>& heldSin, std::vector<double>& heldCos)
{
    if (mode == PrecisionMode::Stored) {
        roundRow(t, exactSin.data(), heldSin.data(), heldSin.size());
        roundRow(t, exactCos.data(), heldCos.data(), heldCos.size());
        return;
    }
    const double positionHeld = roundWith(t, static_cast<double>(position));
    for (std::size_t k = 0; k < angle.size(); ++k)
        angle[k] = positionHeld * omegaInFormat[k];
    roundRow(t, angle.data(), angle.data(), angle.size());
    sinCosOfAngles(angle.data(), heldSin.data(), heldCos.data(), angle.size());
    roundRow(t, heldSin.data(), heldSin.data(), heldSin.size());
    roundRow(t, heldCos.data(), heldCos.data(), heldCos.size());
}

/// sin or cos of position · ω the way a program working in `format` forms it.
double computedValue(double omegaInFormat, std::int64_t position, bool isSin, NumberFormat format)
{
    const double angle = roundTo(roundTo(static_cast<double>(position), format) * omegaInFormat, format);
    double s = 0, c = 0;
    sinCosOfAngles(&angle, &s, &c, 1); // as the maps and curves have it
    return roundTo(isSin ? s : c, format);
}

} // namespace

namespace {

/// frequencyIn without its checks: the loops over every pair check the spec once.
double frequencyInFormat(const EncodingSpec& spec, int pair, NumberFormat format)
{
    // The PyTorch tutorial's code, every operation rounded to the format:
    //   div_term = exp(arange(0, d, 2) * (−log(base) / d))
    const auto r = [format](double v) { return roundTo(v, format); };
    double step = 0.0, index = 0.0;
    if (spec.frequencies == FrequencyRule::Paper) {
        step = r(-std::log(spec.base) / spec.dModel);
        index = r(2.0 * pair);
    } else {
        step = r(-std::log(spec.base) / std::max(pairCount(spec) - 1, 1));
        index = r(pair);
    }
    return r(std::exp(r(index * step)));
}

/// Every pair's frequencyIn.
std::vector<double> frequenciesIn(const EncodingSpec& spec, NumberFormat format)
{
    std::vector<double> omega(static_cast<std::size_t>(pairCount(spec)));
    for (int k = 0; k < pairCount(spec); ++k)
        omega[static_cast<std::size_t>(k)] = frequencyInFormat(spec, k, format);
    return omega;
}

/// Whether a program working in `format` cannot even hold the position: float16 beyond 65504.
/// Every angle it forms is then infinite and every value NaN, whatever the exact ones are.
bool positionOverflows(const FormatTraits& t, PrecisionMode mode, std::int64_t position)
{
    return mode == PrecisionMode::Computed && !std::isfinite(roundWith(t, static_cast<double>(position)));
}

} // namespace

double frequencyIn(const EncodingSpec& spec, int pair, NumberFormat format)
{
    requireValid(spec);
    if (pair < 0 || pair >= pairCount(spec))
        throw SpecError("pair " + std::to_string(pair) + " is out of range");
    return frequencyInFormat(spec, pair, format);
}

double encodingValueIn(const EncodingSpec& spec, std::int64_t position, int column,
                       NumberFormat format, PrecisionMode mode)
{
    if (mode == PrecisionMode::Stored)
        return roundTo(encodingValue(spec, position, column), format);
    requireValid(spec);
    // … then pe = sin(position * div_term), each step rounded too.
    const ColumnRole role = columnRole(spec, column);
    if (role.isZero)
        return 0.0; // tensor2tensor's zero column is exact in every format
    return computedValue(frequencyIn(spec, role.pair, format), position, role.isSin, format);
}

void fillErrorRows(const EncodingSpec& spec, std::span<const std::int64_t> rows, NumberFormat format,
                   PrecisionMode mode, Eigen::Ref<RowMatrix> out)
{
    requireValid(spec);
    if (out.rows() != static_cast<Eigen::Index>(rows.size()) || out.cols() != spec.dModel)
        throw SpecError("fillErrorRows: the output matrix needs one row per row asked for and d_model columns");
    const std::vector<double> omega = frequenciesIn(spec, format); // once per pair: exp costs more than the rest
    const FormatTraits t = traits(format);
    const int pairs = pairCount(spec);
    std::vector<int> sinColumns(pairs), cosColumns(pairs); // looked up once, not per value
    for (int k = 0; k < pairs; ++k) {
        sinColumns[k] = sinColumn(spec, k);
        cosColumns[k] = cosColumn(spec, k);
    }
    std::vector<double> exactSin(pairs), exactCos(pairs), angle(pairs), heldSin(pairs), heldCos(pairs);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i] < 0 || rows[i] >= spec.maxLen)
            throw SpecError("row " + std::to_string(rows[i]) + " is out of range");
        const std::int64_t position = spec.firstPosition + rows[i];
        if (positionOverflows(t, mode, position)) {
            // float16 cannot hold a position beyond 65504: the code's angle overflows and its sin
            // is NaN. Infinity says "no usable value" and survives a max over columns; no exact
            // value is needed for it.
            std::fill(heldSin.begin(), heldSin.end(), std::numeric_limits<double>::infinity());
            std::fill(heldCos.begin(), heldCos.end(), std::numeric_limits<double>::infinity());
        } else {
            accurateSinCosOfPairs(spec, static_cast<double>(position), exactSin.data(), exactCos.data());
            heldRow(t, mode, position, omega, exactSin, exactCos, angle, heldSin, heldCos); // computedValue's, a row at a time
            // A value the format yields no finite result for (NaN) is an infinite error here too.
            simd::absoluteErrors(heldSin.data(), exactSin.data(), heldSin.data(), heldSin.size());
            simd::absoluteErrors(heldCos.data(), exactCos.data(), heldCos.data(), heldCos.size());
        }
        double* row = out.row(static_cast<Eigen::Index>(i)).data();
        for (int k = 0; k < pairs; ++k) {
            row[sinColumns[k]] = heldSin[k];
            if (const int c = cosColumns[k]; c >= 0) // odd d: the last pair has no cosine
                row[c] = heldCos[k];
        }
        if (hasZeroColumn(spec))
            out(static_cast<Eigen::Index>(i), spec.dModel - 1) = 0.0; // zeros are exact in every format
    }
}

Eigen::VectorXd maxErrorAtRows(const EncodingSpec& spec, std::span<const std::int64_t> rows,
                               NumberFormat format, PrecisionMode mode)
{
    Eigen::VectorXd worst(static_cast<Eigen::Index>(rows.size()));
    RowMatrix block;
    constexpr std::size_t chunk = 256;
    for (std::size_t start = 0; start < rows.size(); start += chunk) {
        const std::size_t n = std::min(chunk, rows.size() - start);
        block.resize(static_cast<Eigen::Index>(n), spec.dModel);
        fillErrorRows(spec, rows.subspan(start, n), format, mode, block);
        worst.segment(static_cast<Eigen::Index>(start), static_cast<Eigen::Index>(n)) = block.rowwise().maxCoeff();
    }
    return worst;
}

Eigen::MatrixXd maxErrorsAtRows(const EncodingSpec& spec, std::span<const std::int64_t> rows,
                                std::span<const ErrorKind> kinds)
{
    requireValid(spec);
    const int pairs = pairCount(spec);
    const int fullPairs = fullPairCount(spec);
    std::vector<std::vector<double>> omega(kinds.size());
    std::vector<FormatTraits> formats(kinds.size());
    for (std::size_t j = 0; j < kinds.size(); ++j) {
        formats[j] = traits(kinds[j].format);
        omega[j] = frequenciesIn(spec, kinds[j].format);
    }
    // As fillErrorRows: infinity where the format yields no finite value (simd::absoluteErrors).
    Eigen::MatrixXd worst = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(kinds.size()));
    std::vector<double> exactSin(pairs), exactCos(pairs), angle(pairs), heldSin(pairs), heldCos(pairs);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i] < 0 || rows[i] >= spec.maxLen)
            throw SpecError("row " + std::to_string(rows[i]) + " is out of range");
        const std::int64_t position = spec.firstPosition + rows[i];
        accurateSinCosOfPairs(spec, static_cast<double>(position), exactSin.data(), exactCos.data()); // once for every kind
        // Kind by kind, the format's traits and the position in it looked up once.
        for (std::size_t j = 0; j < kinds.size(); ++j) {
            if (positionOverflows(formats[j], kinds[j].mode, position)) {
                worst(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = std::numeric_limits<double>::infinity();
                continue;
            }
            heldRow(formats[j], kinds[j].mode, position, omega[j], exactSin, exactCos, angle, heldSin, heldCos);
            const double w = std::max(simd::absoluteErrors(heldSin.data(), exactSin.data(), heldSin.data(), heldSin.size()),
                                      simd::absoluteErrors(heldCos.data(), exactCos.data(), heldCos.data(), static_cast<std::size_t>(fullPairs)));
            worst(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = w;
        }
    }
    return worst;
}

std::int64_t resolutionLimit(const EncodingSpec& spec, int pair, NumberFormat format)
{
    const double omega = frequencyIn(spec, pair, format);
    if (omega <= 0.0)
        return 0;
    const FormatTraits t = traits(format);
    // The spacing of the format in the binade [2^e, 2^(e+1)) is 2^(max(e, e_min) − m).
    int e = std::ilogb(omega);
    while (std::ldexp(1.0, std::max(e, t.minExponent) - t.mantissaBits) <= omega)
        ++e;
    return static_cast<std::int64_t>(std::ceil(std::ldexp(1.0, e) / omega));
}

Eigen::VectorXd maxErrorByRow(const EncodingSpec& spec, NumberFormat format, PrecisionMode mode)
{
    requireValid(spec);
    Eigen::VectorXd worst(spec.maxLen);
    const std::int64_t chunk = 1024;
    RowMatrix exact;
    for (std::int64_t start = 0; start < spec.maxLen; start += chunk) {
        exact.resize(std::min(chunk, spec.maxLen - start), spec.dModel);
        fillEncodingRows(spec, start, exact);
        for (Eigen::Index r = 0; r < exact.rows(); ++r) {
            double w = 0.0;
            for (int c = 0; c < spec.dModel; ++c) {
                const double v = mode == PrecisionMode::Stored
                    ? roundTo(exact(r, c), format)
                    : encodingValueIn(spec, spec.firstPosition + start + r, c, format, mode);
                // NaN (float16 beyond 65504) is no usable value: infinite, as in fillErrorRows
                // (std::max kept 0 against a NaN, hiding the overflow).
                w = std::max(w, std::isfinite(v) ? std::abs(v - exact(r, c)) : std::numeric_limits<double>::infinity());
            }
            worst[start + r] = w;
        }
    }
    return worst;
}

void fillStorageErrorBins(Eigen::Ref<const RowMatrix> values, NumberFormat format, Eigen::Ref<RowMatrix> out)
{
    const std::int64_t n = values.rows(), bins = out.rows();
    if (out.cols() != values.cols() || bins < 1 || bins > n)
        throw SpecError("fillStorageErrorBins: need 1 to " + std::to_string(n) + " bins of " + std::to_string(values.cols()) + " columns");
    out.setZero();
    for (std::int64_t b = 0; b < bins; ++b) {
        const std::int64_t first = binStart(n, bins, b), end = binStart(n, bins, b + 1);
        for (std::int64_t r = first; r < end; ++r)
            for (Eigen::Index c = 0; c < values.cols(); ++c)
                out(b, c) += std::abs(roundTo(values(r, c), format) - values(r, c));
        out.row(b) /= static_cast<double>(end - first);
    }
}

Eigen::VectorXd maxStorageErrorAtRows(Eigen::Ref<const RowMatrix> values, std::span<const std::int64_t> rows,
                                      NumberFormat format)
{
    Eigen::VectorXd worst = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i] < 0 || rows[i] >= values.rows())
            throw SpecError("maxStorageErrorAtRows: row " + std::to_string(rows[i]) + " is outside the table");
        for (Eigen::Index c = 0; c < values.cols(); ++c) {
            const double error = std::abs(roundTo(values(rows[i], c), format) - values(rows[i], c));
            if (std::isnan(error)) { // a NaN value: its row has no largest error to speak of
                worst[i] = error;
                break;
            }
            worst[i] = std::max(worst[i], error);
        }
    }
    return worst;
}

} // namespace pe::core
