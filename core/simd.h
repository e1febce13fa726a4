// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>

// The frame's innermost loops over the pairs of one row or diagonal, built twice: for any
// x86-64 (SSE2, two doubles at a time) and for AVX2 with FMA (four at a time, a product and
// a sum in one rounding), chosen once per process by what the processor has. The build targets
// any x86-64, so the wider version is not otherwise used. Results agree to the last few bits
// (a fused product rounds once where the plain one rounds twice, and sums take another order):
// every caller's accuracy is stated and tested in tolerances, never in bits.
// Only raw pointers here: a template instantiated inside the AVX2 build would be an inline
// function compiled with AVX2 instructions, which the linker may keep for every caller.
namespace pe::core::simd {

/// Each phase turned by its rotation: (c, s) ← (c·tc − s·ts, s·tc + c·ts), element by element.
void rotate(double* c, double* s, const double* turnCos, const double* turnSin, std::size_t n);

/// Each (u, s) = (cos θ − 1, sin θ) turned by its angle ω without adding 1 anywhere (the terms
/// stay as small as θ): with v = 1 − cos ω and S = sin ω,
///   u ← u − v·(1 + u) − s·S,  s ← s + S − s·v + u·S.
void turnLessOne(double* u, double* s, const double* v, const double* sinTurn, std::size_t n);

/// The column less its mean, times the window, value by value: (x[i] − mean(x))·window[i].
void centreAndWindow(double* column, const double* window, std::size_t n);

/// out[i] = max(10·log10(ratio[i]), floor), floor for a ratio ≤ 0 or NaN, +∞ for +∞: within a
/// few units in the last place of the library's log10 (fdlibm's logarithm, W values at a time;
/// the library's scalar log10 was a tenth of a spectrum step at 4096 dims).
void decibels(const double* ratio, double* out, std::size_t n, double floor);

/// Columns of phases along `rows` rows: at each row, column i's value (b[i] where takeB[i], else
/// a[i]) goes to out[offsets[i] + row], and with alsoB (may be null) b[i] to out[alsoB[i] + row]
/// where alsoB[i] ≥ 0 (a pair's sine beside its cosine, from one turn); then every phase is
/// turned, by rotate(a, b, turnA, turnB) or, `lessOne`, by turnLessOne(a, b, turnA, turnB): the
/// same values as those calls row by row, four columns kept in registers down all the rows (a
/// call per row was most of the spectrum's columns at 16 columns a batch).
void turnColumnsAlong(double* a, double* b, const double* turnA, const double* turnB, const std::ptrdiff_t* offsets,
                      const char* takeB, const std::ptrdiff_t* alsoB, std::size_t n, std::size_t rows, bool lessOne,
                      double* out);
/// Σ a[k]·b[k].
double dot(const double* a, const double* b, std::size_t n);

/// Σ a[k]·b[k] + c[k]·d[k].
double dot2(const double* a, const double* b, const double* c, const double* d, std::size_t n);

/// A heatmap row's pairs from their box sums (fillBoxAverages): with
/// re = dirichlet + edges·edgeCos and im = tilt·edgeSin,
///   sin value = (phaseSin·re + phaseCos·im)·scale,  cos value = (phaseCos·re − phaseSin·im)·scale.
/// The sine of pair k goes to sinOut[k·stride], its cosine to cosOut[k·stride], stride 1 or 2
/// (2: the interleaved layout, sinOut = row and cosOut = row + 1).
struct BoxRow {
    const double *phaseSin, *phaseCos, *dirichlet, *edgeCos, *edgeSin;
    double edges, tilt, scale;
};
void boxValues(const BoxRow& in, double* sinOut, double* cosOut, std::size_t stride, std::size_t n);

/// Exact column averages of four rows at once. `tile` holds the rows' columns four by four
/// (column c of row r at tile[4c + r]); output column j is Σ_i weights[at[j] + i]·column
/// first[j] + i over count[j] columns, written to out[r·outStride + j] for the first `rows`
/// rows (1 to 4). Four rows share each weight, and the sums of different columns do not wait
/// on one another.
struct ColumnSpans {
    const std::ptrdiff_t* first;
    const std::size_t* at;
    const std::size_t* count;
    const double* weights;
    std::size_t columns; // output columns
};
void averageFourRows(const ColumnSpans& spans, const double* tile, double* out, std::ptrdiff_t outStride, int rows);

/// Four rows of `n` values (row r at rows[r]) into tile's column-by-column order (above).
void interleaveFourRows(const double* const rows[4], std::size_t n, double* tile);

/// A colour for each value from a table of levels (a colour map's image):
///   level = (value − lower)·toLevel;
///   colours[min(⌊level⌋, lastLevel)] when level > 0, colours[0] at or below 0, 0 (transparent)
///   for NaN.
/// Returns the bitwise AND of the colours written (all ones for n = 0): its alpha byte is 0xff
/// only when every colour is opaque.
struct LevelLookup {
    double lower, toLevel;
    int lastLevel;                  ///< ≥ 0; colours holds lastLevel + 1 entries
    const std::uint32_t* colours;
};
std::uint32_t lookUpLevels(const LevelLookup& in, const double* values, std::uint32_t* out, std::size_t n);

/// sin and cos of multiple·ω[k] for k < n, ω[k] = omegaHigh[k] + omegaLow[k] (an extended-
/// precision frequency as two doubles; omegaLow null for zeros): the product formed to about
/// 2^−106 of itself, reduced by π/2 in two parts, then fdlibm's kernels — each result within
/// an ulp or two of the exact sine of the exact product, at any angle up to 2^50. Beyond it, or
/// for a NaN or infinite product, NaN (a caller with such angles computes them otherwise).
void sinCosOfProducts(const double* omegaHigh, const double* omegaLow, double multiple, double* sinOut, double* cosOut,
                      std::size_t n);
/// A binary floating-point format narrower than double (core/precision.h's float32, bfloat16
/// and float16): its stored fraction bits, the exponent of its smallest normal number, its
/// largest finite value (below 2^200).
struct FormatRounding {
    int fractionBits; ///< below 52
    int minExponent;
    double maxFinite;
};
/// Each value rounded to the nearest value of the format, ties to even, with the format's
/// subnormals, ±infinity beyond its largest and NaN kept (in may be out): bit for bit what
/// core::roundTo gives, a row at a time.
void roundToFormat(const FormatRounding& format, const double* in, double* out, std::size_t n);
/// |held[k] − exact[k]| into out (out may be held), +infinity where held is not finite (a
/// format's overflow: no usable value). Returns the largest of them (0 for n = 0).
double absoluteErrors(const double* held, const double* exact, double* out, std::size_t n);
/// re² + im² of each of n complex values (re and im side by side in `complex`) into power, and
/// the index of the first largest of them (NaN powers are passed over; 0 when none is above 0).
std::size_t powersAndPeak(const double* complex, double* power, std::size_t n);
/// RoPE's decay bound for four rows of n complex terms at once, laid out four by four (the
/// real part of row r's term k at re[4k + r], likewise im; simd::interleaveFourRows's tile):
/// out[r] = Σ_k |Σ_{j≤k} term_j| of row r. Four rows side by side, so that the square roots of
/// four rows go in one instruction and no sum waits on the one before in its own row.
void prefixModulusSums(const double* re, const double* im, std::size_t n, double* out);
/// "AVX2+FMA" or "SSE2": which build of the kernels this process runs (SSE2 wherever the
/// processor lacks AVX2 or FMA, or the environment says PE_SIMD=SSE2).
const char* instructionSet();

} // namespace pe::core::simd
