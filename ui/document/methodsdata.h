// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/positionmethods.h"
#include "core/similarity.h"
#include "ui/state/viewpart.h"
#include "ui/state/viewstate.h"
#include "ui/modelfiles/encodingtable.h"
#include "ui/state/methodsoptions.h"

#include <QString>
#include <QVector>

#include <algorithm>
#include <memory>
#include <optional>
#include <variant>

namespace pe::ui {

/// T5 biases read from a file (loadT5Biases): a model's relative_attention_bias, one row per
/// bucket and one column per head, in place of the illustration's random ones. The methods
/// view's data beside its options (Document::setViewData), used while MethodOptions::t5File and
/// t5Tensor name them.
struct T5Biases : ViewData {
    QString path, tensor;           ///< where they were read from (tensor: a .safetensors name)
    QString askedPath, askedTensor; ///< the file and tensor asked for (a relative path, no tensor: the likely one)
    int buckets = 0, heads = 0;
    std::vector<double> values;     ///< buckets × heads, row after row
    double value(int bucket, int head) const { return values[static_cast<std::size_t>(bucket) * heads + head]; }
    QString displayName() const;    ///< the file's name, and the tensor's
};
using T5BiasesPtr = std::shared_ptr<const T5Biases>;

/// What the methods view's numbers are computed from: its options and the T5 biases they name
/// (null: the illustration's random ones).
struct MethodInputs : MethodOptions {
    T5BiasesPtr t5Biases;
    bool operator==(const MethodInputs&) const = default;
};
/// `options` with the biases `data` holds when the options name them (their file and tensor, as
/// read or as asked for), the head drawn within theirs.
MethodInputs methodInputs(const MethodOptions& options, const ViewDataPtr& data);
/// The T5 biases `options` name (the methods' MethodOptions, by key), read for a command-line
/// export or start (ViewDescription::readData): null when none are named, or the file and head
/// are those `before` named; num_buckets set to theirs, the file named as read (absolute). A
/// message naming --t5-biases or --t5-head, the file and what is allowed when they cannot be drawn.
std::variant<ViewDataPtr, QString> readNamedT5Biases(QVariantMap& options, const QVariantMap* before);

/// The core's method behind `method`: none for the sinusoid, RoPE and a learned table, whose
/// scores come from their own code.
std::optional<core::PositionMethod> coreMethod(ScoreMethod method);

/// The core's parameters for the view's options, d_model and base from the spec (Transformer-XL's R).
core::PositionMethodSpec positionMethodSpecOf(const core::EncodingSpec& spec, const MethodOptions& options);

/// A method's name as the view and figures write it ("ALiBi", "T5 buckets", …).
QString scoreMethodName(ScoreMethod method);

/// Why `method` cannot be drawn with these settings (names the value and what is allowed), or empty.
QString scoreMethodError(ScoreMethod method, const core::EncodingSpec& spec, const MethodInputs& options,
                         const LearnedTablePtr& learned);

/// T5 biases from a .npy, .safetensors (FILE:TENSOR, e.g. T5's
/// encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight) or .csv file: buckets ×
/// heads. A message naming the file and what is allowed when it is not such a table.
std::variant<T5BiasesPtr, QString> loadT5Biases(const QString& path, const QString& tensor = {});
/// The first table of a .safetensors header named like T5's relative_attention_bias, or −1.
int likelyT5BiasTensor(const SafetensorsHeader& header);

/// The score of query i and key j against δ = i − j, for δ = first … first + count − 1 at index
/// δ − first (all of −(L−1) … L−1, L = max_len, when count is 0); −∞ where masked. The sinusoid is core::SimilarityKernel's PE(i)·PE(j) at the
/// first cell of each diagonal (every cell of a diagonal is equal, save for an odd d_model's
/// unpaired sine), RoPE core/rope.h's rotaryScore for the RoPE view's fixed q and k, the rest
/// core/positionmethods.h's. `head` overrides ALiBi's head (−1: the options').
Eigen::VectorXd scoreOffsets(ScoreMethod method, const core::EncodingSpec& spec, const MethodInputs& options,
                             int head = -1, std::int64_t first = 0, std::int64_t count = 0);

/// Device pixels of the methods view's plots (0 = not known): the matrix's side and the curve
/// plot's width, which set how many block and run means are worth computing; and the offsets
/// i − j the curve plot is zoomed to (curveLower ≥ curveUpper: all of them).
struct MethodsPixels {
    int matrix = 0;
    int curve = 0;
    double curveLower = 0, curveUpper = 0;
    bool zoomed() const { return curveUpper > curveLower; }
    bool operator==(const MethodsPixels&) const = default;
};

/// One curve of the overlay.
struct MethodCurve {
    ScoreMethod method = ScoreMethod::Sinusoidal;
    int head = 0;           ///< ALiBi's head when every head is drawn; else 0
    QVector<double> x, y;   ///< i − j and the score (NaN where masked), divided by `largest` when scaled
    double largest = 0;     ///< the largest |score| of the curve
};

/// What the methods view draws for one spec and one set of its options, on `pixels` device
/// pixels along the matrix: computed in the frame pipeline, shared while neither changes.
struct MethodsData {
    static constexpr std::int64_t exactCurveOffsets = 4097; ///< curves with more offsets are run means
    static constexpr std::int64_t mostCurveBins = 2048;
    /// Run means for a curve `pixels` device pixels wide: one per pixel (each the exact mean of
    /// the offsets under it), at least 256 and at most mostCurveBins; mostCurveBins while unknown.
    static std::int64_t curveBinsFor(int pixels)
    {
        return pixels > 0 ? std::clamp<std::int64_t>(pixels, 256, mostCurveBins) : mostCurveBins;
    }
    static constexpr int mostHeadCurves = 64;               ///< ALiBi's "every head" draws each up to this many
    QString error;                 ///< why the selected method cannot be drawn; empty when fine
    ScoreMethod method = ScoreMethod::Alibi;
    std::int64_t length = 0;       ///< L = max_len
    core::RowMatrix matrix;        ///< bins × bins: the scores when bins == L, else exact block means (NaN: all masked)
    double lowest = 0, highest = 0; ///< the finite range of the matrix
    QVector<MethodCurve> curves;
    bool curvesExact = true;       ///< one point per offset; else each the mean of a run of offsets
    std::int64_t curveFirst = 0, curveCount = 0; ///< the offsets the curves cover: first … first + count − 1
    bool exact() const { return matrix.rows() == length; }
    // What it was computed for: a later frame takes over what these leave unchanged.
    core::EncodingSpec spec;
    MethodInputs options;
    MethodsPixels pixels;
    LearnedTablePtr learned;
};
/// Computes what the view draws; the matrix and each curve whose inputs are those of `previous`
/// (ALiBi, T5, Shaw and NoPE read only max_len from the spec) are taken from it.
MethodsData methodsData(const core::EncodingSpec& spec, const MethodInputs& options, MethodsPixels pixels,
                        const LearnedTablePtr& learned, const MethodsData* previous = nullptr);

/// The selected method's L × L scores row by row (−∞ masked): the data export, never held whole.
class MethodScoreRows {
public:
    MethodScoreRows(const core::EncodingSpec& spec, const MethodInputs& options, LearnedTablePtr learned);
    void fill(std::int64_t firstRow, Eigen::Ref<core::RowMatrix> out) const;

private:
    core::EncodingSpec m_spec;
    MethodInputs m_options;
    LearnedTablePtr m_learned;
    std::shared_ptr<const core::SimilarityKernel> m_kernel; ///< the sinusoid's
    Eigen::VectorXd m_offsets;                               ///< the others': g(δ)
};

} // namespace pe::ui
