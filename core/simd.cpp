// SPDX-License-Identifier: MIT
#include "core/simd.h"

#include <cstddef>
#include <cstdlib>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PE_SIMD_AVX2 1
#endif

namespace pe::core::simd {

namespace {
/// One value's colour (lookUpLevels); the vector builds give exactly this.
inline std::uint32_t levelColour(const LevelLookup& in, double value)
{
    const double level = (value - in.lower) * in.toLevel;
    if (!(level > 0)) // at or below the range, or NaN
        return value == value ? in.colours[0] : 0u;
    return in.colours[level >= in.lastLevel ? in.lastLevel : static_cast<int>(level)];
}
} // namespace

namespace sse2 {

#if defined(__x86_64__)
using V = __m128d;
constexpr std::size_t W = 2;
inline V load(const double* p) { return _mm_loadu_pd(p); }
inline void store(double* p, V v) { _mm_storeu_pd(p, v); }
inline V set1(double x) { return _mm_set1_pd(x); }
inline V add(V a, V b) { return _mm_add_pd(a, b); }
inline V mul(V a, V b) { return _mm_mul_pd(a, b); }
inline V fma(V a, V b, V c) { return _mm_add_pd(_mm_mul_pd(a, b), c); }
inline V fnma(V a, V b, V c) { return _mm_sub_pd(c, _mm_mul_pd(a, b)); }
inline V sub(V a, V b) { return _mm_sub_pd(a, b); }
/// a·b − p exactly, for p = a·b rounded (Dekker: no fused product here, so each factor is
/// split into halves whose products are exact).
inline V productError(V a, V b, V p)
{
    const V splitter = _mm_set1_pd(134217729.0); // 2^27 + 1
    const V ta = mul(a, splitter), tb = mul(b, splitter);
    const V ah = sub(ta, sub(ta, a)), bh = sub(tb, sub(tb, b));
    const V al = sub(a, ah), bl = sub(b, bh);
    return add(add(add(sub(mul(ah, bh), p), mul(ah, bl)), mul(al, bh)), mul(al, bl));
}
/// All bits set where |x| > limit or x is NaN, else none.
inline V beyond(V x, double limit) { return _mm_cmpnle_pd(_mm_andnot_pd(_mm_set1_pd(-0.0), x), _mm_set1_pd(limit)); }
inline V orBits(V a, V b) { return _mm_or_pd(a, b); }
inline V andBits(V a, V b) { return _mm_and_pd(a, b); }
inline V andNotBits(V a, V b) { return _mm_andnot_pd(a, b); } ///< ~a & b
inline V minimum(V a, V b) { return _mm_min_pd(a, b); }
inline V maximum(V a, V b) { return _mm_max_pd(a, b); }
inline V greater(V a, V b) { return _mm_cmpgt_pd(a, b); }
inline V lessOrEqual(V a, V b) { return _mm_cmple_pd(a, b); } ///< false where either is NaN
/// sin and cos of r + q·π/2 from those of r, q the lowest two bits of `shifted`'s fraction.
inline void turnByQuadrant(V shifted, V& s, V& c)
{
    const __m128i bits = _mm_castpd_si128(shifted), one = _mm_set1_epi64x(1), two = _mm_set1_epi64x(2);
    // q odd: sin and cos trade places. The 32-bit compare sets each lane's high half anyway
    // (0 = 0); its low half says odd, copied to both halves.
    const __m128i odd = _mm_cmpeq_epi32(_mm_and_si128(bits, one), one);
    const V swap = _mm_castsi128_pd(_mm_shuffle_epi32(odd, _MM_SHUFFLE(2, 2, 0, 0)));
    const V sinSign = _mm_castsi128_pd(_mm_slli_epi64(_mm_and_si128(bits, two), 62)); // q = 2, 3
    const V cosSign = _mm_castsi128_pd(_mm_slli_epi64(_mm_and_si128(_mm_add_epi64(bits, one), two), 62)); // q = 1, 2
    const V sinValue = _mm_or_pd(_mm_and_pd(swap, c), _mm_andnot_pd(swap, s));
    const V cosValue = _mm_or_pd(_mm_and_pd(swap, s), _mm_andnot_pd(swap, c));
    s = _mm_xor_pd(sinValue, sinSign);
    c = _mm_xor_pd(cosValue, cosSign);
}
inline double hsum(V v) { return _mm_cvtsd_f64(_mm_add_sd(v, _mm_unpackhi_pd(v, v))); }
/// x = mantissa·2^exponent, mantissa in [1, 2), for x positive and normal.
inline void splitExponent(V x, V& mantissa, V& exponent)
{
    const __m128i bits = _mm_castpd_si128(x);
    const __m128i magic = _mm_castpd_si128(_mm_set1_pd(0x1p52)); // biased exponent + 2^52, as a double
    exponent = _mm_sub_pd(_mm_castsi128_pd(_mm_or_si128(_mm_srli_epi64(bits, 52), magic)), _mm_set1_pd(0x1p52 + 1023));
    mantissa = _mm_castsi128_pd(_mm_or_si128(_mm_and_si128(bits, _mm_set1_epi64x(0x000FFFFFFFFFFFFF)),
                                             _mm_castpd_si128(_mm_set1_pd(1.0))));
}
inline V divide(V a, V b) { return _mm_div_pd(a, b); }
/// re² + im² of the W complex numbers at `complex` (re, im, re, im …), in their order.
inline V squaredModuli(const double* complex)
{
    const V a = load(complex), b = load(complex + 2);
    const V re = _mm_unpacklo_pd(a, b), im = _mm_unpackhi_pd(a, b);
    return add(mul(re, re), mul(im, im));
}
inline double sfma(double a, double b, double c) { return a * b + c; }
inline void storeInterleaved(double* p, V s, V c)
{
    store(p, _mm_unpacklo_pd(s, c));
    store(p + 2, _mm_unpackhi_pd(s, c));
}
/// W rows of W lanes turned into W columns of W rows: lane i of rows[0 … W) to columns[i].
inline void transpose(V rows[W], V columns[W])
{
    columns[0] = _mm_unpacklo_pd(rows[0], rows[1]);
    columns[1] = _mm_unpackhi_pd(rows[0], rows[1]);
}
struct Quad {
    V low, high;
};
inline Quad quadZero() { return {set1(0.0), set1(0.0)}; }
inline Quad quadLoad(const double* p) { return {load(p), load(p + 2)}; }
inline Quad quadFmaScalar(double w, Quad x, Quad acc)
{
    const V weight = set1(w);
    return {fma(weight, x.low, acc.low), fma(weight, x.high, acc.high)};
}
inline void quadStore(Quad q, double* p)
{
    store(p, q.low);
    store(p + 2, q.high);
}
inline Quad quadAdd(Quad a, Quad b) { return {add(a.low, b.low), add(a.high, b.high)}; }
/// √(re² + im²), lane by lane.
inline Quad quadModulus(Quad re, Quad im)
{
    return {_mm_sqrt_pd(add(mul(re.low, re.low), mul(im.low, im.low))), _mm_sqrt_pd(add(mul(re.high, re.high), mul(im.high, im.high)))};
}
inline void transposeFour(const double* r0, const double* r1, const double* r2, const double* r3, double* tile)
{
    for (int half = 0; half < 2; ++half) { // columns c + 2·half and c + 2·half + 1
        const V a = load(r0 + 2 * half), b = load(r1 + 2 * half), c = load(r2 + 2 * half), d = load(r3 + 2 * half);
        double* column = tile + 8 * half;
        store(column, _mm_unpacklo_pd(a, b));
        store(column + 2, _mm_unpacklo_pd(c, d));
        store(column + 4, _mm_unpackhi_pd(a, b));
        store(column + 6, _mm_unpackhi_pd(c, d));
    }
}
/// Four values' colours (lookUpLevels), and their AND. SSE2 has no gather: one at a time.
inline std::uint32_t levelsFour(const LevelLookup& in, const double* values, std::uint32_t* out)
{
    std::uint32_t all = ~0u;
    for (int i = 0; i < 4; ++i)
        all &= out[i] = levelColour(in, values[i]);
    return all;
}
#else
#error "core/simd.cpp: only x86-64 is built here; add a scalar build of the helpers for other processors"
#endif

#include "core/simdbody.inc"

} // namespace sse2

#ifdef PE_SIMD_AVX2
// Everything up to the matching pop is compiled for AVX2 and FMA (GCC's pragma, or clang's
// attribute on every function, as the fuzzers build). It only ever runs where instructionSet()
// found both.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#endif
namespace avx2 {

using V = __m256d;
constexpr std::size_t W = 4;
inline V load(const double* p) { return _mm256_loadu_pd(p); }
inline void store(double* p, V v) { _mm256_storeu_pd(p, v); }
inline V set1(double x) { return _mm256_set1_pd(x); }
inline V add(V a, V b) { return _mm256_add_pd(a, b); }
inline V mul(V a, V b) { return _mm256_mul_pd(a, b); }
inline V fma(V a, V b, V c) { return _mm256_fmadd_pd(a, b, c); }
inline V fnma(V a, V b, V c) { return _mm256_fnmadd_pd(a, b, c); }
inline V sub(V a, V b) { return _mm256_sub_pd(a, b); }
/// a·b − p exactly, for p = a·b rounded: a fused product rounds once.
inline V productError(V a, V b, V p) { return _mm256_fmsub_pd(a, b, p); }
inline V beyond(V x, double limit)
{
    return _mm256_cmp_pd(_mm256_andnot_pd(_mm256_set1_pd(-0.0), x), _mm256_set1_pd(limit), _CMP_NLE_UQ);
}
inline V orBits(V a, V b) { return _mm256_or_pd(a, b); }
inline V andBits(V a, V b) { return _mm256_and_pd(a, b); }
inline V andNotBits(V a, V b) { return _mm256_andnot_pd(a, b); }
inline V minimum(V a, V b) { return _mm256_min_pd(a, b); }
inline V maximum(V a, V b) { return _mm256_max_pd(a, b); }
inline V greater(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_GT_OQ); }
inline V lessOrEqual(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_LE_OQ); }
inline void turnByQuadrant(V shifted, V& s, V& c)
{
    const __m256i bits = _mm256_castpd_si256(shifted), one = _mm256_set1_epi64x(1), two = _mm256_set1_epi64x(2);
    const V swap = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(bits, one), one));
    const V sinSign = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_and_si256(bits, two), 62));
    const V cosSign = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_and_si256(_mm256_add_epi64(bits, one), two), 62));
    const V sinValue = _mm256_blendv_pd(s, c, swap), cosValue = _mm256_blendv_pd(c, s, swap);
    s = _mm256_xor_pd(sinValue, sinSign);
    c = _mm256_xor_pd(cosValue, cosSign);
}
/// re² + im² of the W complex numbers at `complex` (re, im, re, im …), in their order.
inline V squaredModuli(const double* complex)
{
    const V a = load(complex), b = load(complex + 4); // (re0 im0 re1 im1), (re2 im2 re3 im3)
    const V re = _mm256_unpacklo_pd(a, b), im = _mm256_unpackhi_pd(a, b); // (re0 re2 re1 re3), likewise im
    return _mm256_permute4x64_pd(add(mul(re, re), mul(im, im)), _MM_SHUFFLE(3, 1, 2, 0));
}
inline void splitExponent(V x, V& mantissa, V& exponent)
{
    const __m256i bits = _mm256_castpd_si256(x);
    const __m256i magic = _mm256_castpd_si256(_mm256_set1_pd(0x1p52));
    exponent = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_srli_epi64(bits, 52), magic)), _mm256_set1_pd(0x1p52 + 1023));
    mantissa = _mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi64x(0x000FFFFFFFFFFFFF)),
                                                   _mm256_castpd_si256(_mm256_set1_pd(1.0))));
}
inline V divide(V a, V b) { return _mm256_div_pd(a, b); }
inline double hsum(V v)
{
    const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}
inline double sfma(double a, double b, double c) { return __builtin_fma(a, b, c); }
inline void storeInterleaved(double* p, V s, V c)
{
    const V low = _mm256_unpacklo_pd(s, c), high = _mm256_unpackhi_pd(s, c); // s0 c0 s2 c2, s1 c1 s3 c3
    store(p, _mm256_permute2f128_pd(low, high, 0x20));
    store(p + 4, _mm256_permute2f128_pd(low, high, 0x31));
}
/// W rows of W lanes turned into W columns of W rows: lane i of rows[0 … W) to columns[i].
inline void transpose(V rows[W], V columns[W])
{
    const V t0 = _mm256_unpacklo_pd(rows[0], rows[1]), t1 = _mm256_unpackhi_pd(rows[0], rows[1]); // r0c0 r1c0 r0c2 r1c2, r0c1 r1c1 r0c3 r1c3
    const V t2 = _mm256_unpacklo_pd(rows[2], rows[3]), t3 = _mm256_unpackhi_pd(rows[2], rows[3]);
    columns[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    columns[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    columns[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    columns[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
}
using Quad = V;
inline Quad quadZero() { return set1(0.0); }
inline Quad quadLoad(const double* p) { return load(p); }
inline Quad quadFmaScalar(double w, Quad x, Quad acc) { return fma(set1(w), x, acc); }
inline void quadStore(Quad q, double* p) { store(p, q); }
inline Quad quadAdd(Quad a, Quad b) { return add(a, b); }
inline Quad quadModulus(Quad re, Quad im) { return _mm256_sqrt_pd(fma(re, re, mul(im, im))); }
inline void transposeFour(const double* r0, const double* r1, const double* r2, const double* r3, double* tile)
{
    const V a = load(r0), b = load(r1), c = load(r2), d = load(r3);
    const V ab0 = _mm256_unpacklo_pd(a, b), ab1 = _mm256_unpackhi_pd(a, b); // a0 b0 a2 b2, a1 b1 a3 b3
    const V cd0 = _mm256_unpacklo_pd(c, d), cd1 = _mm256_unpackhi_pd(c, d);
    store(tile, _mm256_permute2f128_pd(ab0, cd0, 0x20));
    store(tile + 4, _mm256_permute2f128_pd(ab1, cd1, 0x20));
    store(tile + 8, _mm256_permute2f128_pd(ab0, cd0, 0x31));
    store(tile + 12, _mm256_permute2f128_pd(ab1, cd1, 0x31));
}
inline std::uint32_t levelsFour(const LevelLookup& in, const double* values, std::uint32_t* out)
{
    const V v = load(values);
    const V level = mul(_mm256_sub_pd(v, set1(in.lower)), set1(in.toLevel));
    // Above 0 (false for NaN): the level, at most the last, truncated; else level 0.
    const V above = _mm256_cmp_pd(level, set1(0.0), _CMP_GT_OQ);
    const __m128i index = _mm256_cvttpd_epi32(_mm256_and_pd(above, _mm256_min_pd(level, set1(in.lastLevel))));
    const __m128i colours = _mm_i32gather_epi32(reinterpret_cast<const int*>(in.colours), index, 4);
    // NaN transparent: the four 64-bit masks narrowed to 32 bits.
    const V nan = _mm256_cmp_pd(v, v, _CMP_UNORD_Q);
    const __m128 nan32 = _mm_shuffle_ps(_mm_castpd_ps(_mm256_castpd256_pd128(nan)),
                                        _mm_castpd_ps(_mm256_extractf128_pd(nan, 1)), _MM_SHUFFLE(2, 0, 2, 0));
    const __m128i result = _mm_andnot_si128(_mm_castps_si128(nan32), colours);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), result);
    const __m128i pairs = _mm_and_si128(result, _mm_shuffle_epi32(result, _MM_SHUFFLE(1, 0, 3, 2)));
    return static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_and_si128(pairs, _mm_shuffle_epi32(pairs, _MM_SHUFFLE(2, 3, 0, 1)))));
}

#include "core/simdbody.inc"

} // namespace avx2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

namespace {

struct Kernels {
    const char* name;
    decltype(&sse2::rotate) rotate;
    decltype(&sse2::dot) dot;
    decltype(&sse2::dot2) dot2;
    decltype(&sse2::boxValues) boxValues;
    decltype(&sse2::averageFourRows) averageFourRows;
    decltype(&sse2::interleaveFourRows) interleaveFourRows;
    decltype(&sse2::lookUpLevels) lookUpLevels;
    decltype(&sse2::sinCosOfProducts) sinCosOfProducts;
    decltype(&sse2::roundToFormat) roundToFormat;
    decltype(&sse2::turnLessOne) turnLessOne;
    decltype(&sse2::absoluteErrors) absoluteErrors;
    decltype(&sse2::powersAndPeak) powersAndPeak;
    decltype(&sse2::prefixModulusSums) prefixModulusSums;
    decltype(&sse2::turnColumnsAlong) turnColumnsAlong;
    decltype(&sse2::centreAndWindow) centreAndWindow;
    decltype(&sse2::decibels) decibels;
};

Kernels choose()
{
#ifdef PE_SIMD_AVX2
    // PE_SIMD=SSE2 runs the narrow build on any machine: the tests check both builds here.
    const char* asked = std::getenv("PE_SIMD");
    const bool narrow = asked && std::strcmp(asked, "SSE2") == 0;
    __builtin_cpu_init();
    if (!narrow && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return {"AVX2+FMA", avx2::rotate, avx2::dot, avx2::dot2, avx2::boxValues, avx2::averageFourRows,
                avx2::interleaveFourRows, avx2::lookUpLevels, avx2::sinCosOfProducts, avx2::roundToFormat, avx2::turnLessOne, avx2::absoluteErrors, avx2::powersAndPeak, avx2::prefixModulusSums,
                avx2::turnColumnsAlong, avx2::centreAndWindow, avx2::decibels};
#endif
    return {"SSE2", sse2::rotate, sse2::dot, sse2::dot2, sse2::boxValues, sse2::averageFourRows, sse2::interleaveFourRows,
            sse2::lookUpLevels, sse2::sinCosOfProducts, sse2::roundToFormat, sse2::turnLessOne, sse2::absoluteErrors, sse2::powersAndPeak, sse2::prefixModulusSums,
            sse2::turnColumnsAlong, sse2::centreAndWindow, sse2::decibels};
}

const Kernels& kernels()
{
    static const Kernels chosen = choose();
    return chosen;
}

} // namespace

void rotate(double* c, double* s, const double* turnCos, const double* turnSin, std::size_t n)
{
    kernels().rotate(c, s, turnCos, turnSin, n);
}

void turnLessOne(double* u, double* s, const double* v, const double* sinTurn, std::size_t n)
{
    kernels().turnLessOne(u, s, v, sinTurn, n);
}

void turnColumnsAlong(double* a, double* b, const double* turnA, const double* turnB, const std::ptrdiff_t* offsets,
                      const char* takeB, const std::ptrdiff_t* alsoB, std::size_t n, std::size_t rows, bool lessOne, double* out)
{
    kernels().turnColumnsAlong(a, b, turnA, turnB, offsets, takeB, alsoB, n, rows, lessOne, out);
}

void centreAndWindow(double* column, const double* window, std::size_t n) { kernels().centreAndWindow(column, window, n); }

void decibels(const double* ratio, double* out, std::size_t n, double floor) { kernels().decibels(ratio, out, n, floor); }

double dot(const double* a, const double* b, std::size_t n) { return kernels().dot(a, b, n); }

double dot2(const double* a, const double* b, const double* c, const double* d, std::size_t n)
{
    return kernels().dot2(a, b, c, d, n);
}

void boxValues(const BoxRow& in, double* sinOut, double* cosOut, std::size_t stride, std::size_t n)
{
    kernels().boxValues(in, sinOut, cosOut, stride, n);
}

void averageFourRows(const ColumnSpans& spans, const double* tile, double* out, std::ptrdiff_t outStride, int rows)
{
    kernels().averageFourRows(spans, tile, out, outStride, rows);
}

void interleaveFourRows(const double* const rows[4], std::size_t n, double* tile)
{
    kernels().interleaveFourRows(rows, n, tile);
}

std::uint32_t lookUpLevels(const LevelLookup& in, const double* values, std::uint32_t* out, std::size_t n)
{
    return kernels().lookUpLevels(in, values, out, n);
}

void sinCosOfProducts(const double* omegaHigh, const double* omegaLow, double multiple, double* sinOut, double* cosOut,
                      std::size_t n)
{
    kernels().sinCosOfProducts(omegaHigh, omegaLow, multiple, sinOut, cosOut, n);
}

void roundToFormat(const FormatRounding& format, const double* in, double* out, std::size_t n)
{
    kernels().roundToFormat(format, in, out, n);
}

double absoluteErrors(const double* held, const double* exact, double* out, std::size_t n)
{
    return kernels().absoluteErrors(held, exact, out, n);
}

std::size_t powersAndPeak(const double* complex, double* power, std::size_t n)
{
    return kernels().powersAndPeak(complex, power, n);
}

void prefixModulusSums(const double* re, const double* im, std::size_t n, double* out)
{
    kernels().prefixModulusSums(re, im, n, out);
}

const char* instructionSet() { return kernels().name; }

} // namespace pe::core::simd
