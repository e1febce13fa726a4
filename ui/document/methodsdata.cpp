// SPDX-License-Identifier: MIT
#include "ui/document/methodsdata.h"

#include "ui/state/twohalves.h"

#include "core/frequencies.h"
#include "core/rope.h"
#include "ui/document/ropedata.h"
#include "ui/state/methodsoptions.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::ui {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// A class, not a free tr(): lupdate files a free function's strings under the namespace, and
// the lookup must name the same context the .ts file does.
class MethodsText {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::Methods)
};


/// The sinusoid's Toeplitz part Σ_k cos(δω_k) over the full pairs (core::SimilarityKernel's identity).
core::OffsetSeries sinusoidSeries(const core::EncodingSpec& spec)
{
    core::OffsetSeries series;
    const Eigen::Index pairs = spec.dModel / 2;
    series.omega = core::angularFrequencies(spec).head(pairs);
    series.cosine = Eigen::VectorXd::Ones(pairs);
    series.sine = Eigen::VectorXd::Zero(pairs);
    return series;
}

void rangeOf(const core::RowMatrix& m, double& lowest, double& highest)
{
    lowest = std::numeric_limits<double>::infinity();
    highest = -lowest;
    for (Eigen::Index i = 0; i < m.size(); ++i)
        if (std::isfinite(m.data()[i])) {
            lowest = std::min(lowest, m.data()[i]);
            highest = std::max(highest, m.data()[i]);
        }
    if (lowest > highest)
        lowest = highest = 0;
}

/// Records the curve's largest |value| and, when asked, divides the curve by it.
void scaleToLargest(MethodCurve& c, bool scale)
{
    for (double y : c.y)
        if (std::isfinite(y))
            c.largest = std::max(c.largest, std::abs(y));
    if (scale && c.largest > 0)
        for (double& y : c.y)
            y /= c.largest;
}

/// A curve's points from the means of equal runs (core::binStart) of the offsets first …
/// first + n − 1 (n = the runs' total): each at the centre of its run.
void placeRunMeans(MethodCurve& c, const Eigen::VectorXd& means, std::int64_t first, std::int64_t n)
{
    c.x.resize(means.size());
    c.y.resize(means.size());
    for (Eigen::Index b = 0; b < means.size(); ++b) {
        const std::int64_t start = core::binStart(n, means.size(), b), end = core::binStart(n, means.size(), b + 1);
        c.x[b] = 0.5 * static_cast<double>(start + end - 1) + static_cast<double>(first);
        c.y[b] = means[b];
    }
}

/// The curve of the offsets first … first + g.size() − 1 whose scores are g.
MethodCurve curveOf(ScoreMethod method, int head, const Eigen::VectorXd& g, std::int64_t first, std::int64_t bins, bool scale)
{
    MethodCurve c;
    c.method = method;
    c.head = head;
    const auto n = static_cast<std::int64_t>(g.size());
    if (n <= MethodsData::exactCurveOffsets) {
        c.x.resize(n);
        c.y.resize(n);
        for (std::int64_t t = 0; t < n; ++t) {
            c.x[t] = static_cast<double>(first + t);
            c.y[t] = std::isinf(g[t]) ? nan : g[t];
        }
    } else {
        placeRunMeans(c, core::binnedOffsetMeans(g, std::min(bins, n)), first, n);
    }
    scaleToLargest(c, scale);
    return c;
}

/// Whether a method's numbers are the same for specs a and b: all need max_len; RoPE and
/// Transformer-XL d_model and base too, the sinusoid the whole spec; the others nothing more.
bool sameScoreInputs(ScoreMethod method, const core::EncodingSpec& a, const core::EncodingSpec& b)
{
    switch (method) {
    case ScoreMethod::Sinusoidal:
    case ScoreMethod::Learned: return a == b;
    case ScoreMethod::Rope:
    case ScoreMethod::TransformerXl: return a.maxLen == b.maxLen && a.dModel == b.dModel && a.base == b.base;
    default: return a.maxLen == b.maxLen;
    }
}

} // namespace

std::optional<core::PositionMethod> coreMethod(ScoreMethod method)
{
    switch (method) {
    case ScoreMethod::Alibi: return core::PositionMethod::Alibi;
    case ScoreMethod::T5: return core::PositionMethod::T5Buckets;
    case ScoreMethod::Shaw: return core::PositionMethod::Shaw;
    case ScoreMethod::TransformerXl: return core::PositionMethod::TransformerXl;
    case ScoreMethod::NoPe: return core::PositionMethod::NoPe;
    default: return std::nullopt;
    }
}

core::PositionMethodSpec positionMethodSpecOf(const core::EncodingSpec& spec, const MethodOptions& o)
{
    core::PositionMethodSpec s;
    s.heads = o.heads;
    s.head = o.head;
    s.numBuckets = o.numBuckets;
    s.maxDistance = o.maxDistance;
    s.bidirectional = o.bidirectional;
    s.clip = o.clip;
    s.causal = o.causal;
    s.dModel = spec.dModel;
    s.base = spec.base;
    return s;
}

QString scoreMethodName(ScoreMethod method)
{
    switch (method) {
    case ScoreMethod::Sinusoidal: return MethodsText::tr("sinusoidal PE·PE");
    case ScoreMethod::Rope: return MethodsText::tr("RoPE q·k");
    case ScoreMethod::Alibi: return MethodsText::tr("ALiBi");
    case ScoreMethod::T5: return MethodsText::tr("T5 buckets");
    case ScoreMethod::Shaw: return MethodsText::tr("Shaw (clipped)");
    case ScoreMethod::TransformerXl: return MethodsText::tr("Transformer-XL");
    case ScoreMethod::NoPe: return MethodsText::tr("NoPE");
    case ScoreMethod::Learned: return MethodsText::tr("learned absolute");
    }
    return {};
}

QString scoreMethodError(ScoreMethod method, const core::EncodingSpec& spec, const MethodInputs& options,
                         const LearnedTablePtr& learned)
{
    if (auto error = core::validationError(spec))
        return QString::fromStdString(*error);
    if (method == ScoreMethod::Learned) {
        if (!learned)
            return MethodsText::tr("the learned absolute method scores a model's own position table P as P(i)·P(j): open one "
                                   "with File ▸ Open encoding… or --encoding FILE (at most %1 values)")
                .arg(LoadedTable::mostValuesInMemory);
        if (learned->rows() < spec.maxLen)
            return MethodsText::tr("the learned table has %1 positions; max_len %2 needs as many").arg(learned->rows()).arg(spec.maxLen);
        return {};
    }
    if (auto error = core::positionMethodValidationError(positionMethodSpecOf(spec, options)))
        return QString::fromStdString(*error);
    if (method == ScoreMethod::T5 && options.t5Biases && options.t5Biases->buckets != options.numBuckets)
        return MethodsText::tr("the biases from %1 have %2 buckets; num_buckets is %3 (set it to %2, or use random biases)")
            .arg(options.t5Biases->displayName()).arg(options.t5Biases->buckets).arg(options.numBuckets);
    return {};
}

QString T5Biases::displayName() const
{
    const QString file = path.section(QLatin1Char('/'), -1);
    return tensor.isEmpty() ? file : QStringLiteral("%1 · %2").arg(file, tensor);
}

MethodInputs methodInputs(const MethodOptions& options, const ViewDataPtr& data)
{
    MethodInputs inputs{options, nullptr};
    auto biases = std::dynamic_pointer_cast<const T5Biases>(data);
    const auto named = [&](const QString& path, const QString& tensor) {
        return path == options.t5File && tensor == options.t5Tensor;
    };
    if (biases && !options.t5File.isEmpty() && (named(biases->path, biases->tensor) || named(biases->askedPath, biases->askedTensor))) {
        inputs.t5Head = std::clamp(inputs.t5Head, 1, std::max(biases->heads, 1));
        inputs.t5Biases = std::move(biases);
    }
    return inputs;
}

std::variant<ViewDataPtr, QString> readNamedT5Biases(QVariantMap& options, const QVariantMap* before)
{
    MethodOptions o = methodOptionsFrom(options);
    if (o.t5File.isEmpty())
        return ViewDataPtr();
    if (before) {
        const MethodOptions b = methodOptionsFrom(*before);
        if (b.t5File == o.t5File && b.t5Tensor == o.t5Tensor && b.t5Head == o.t5Head)
            return ViewDataPtr(); // named before the command line: the window reads it again
    }
    const auto loaded = loadT5Biases(o.t5File, o.t5Tensor);
    if (const auto* error = std::get_if<QString>(&loaded))
        return QStringLiteral("--t5-biases: ") + *error;
    const T5BiasesPtr biases = std::get<T5BiasesPtr>(loaded);
    if (o.t5Head > biases->heads)
        return QStringLiteral("--t5-head %1: %2 holds %3 heads; allowed: 1 to %3").arg(o.t5Head).arg(biases->displayName()).arg(biases->heads);
    o.t5File = biases->path; // absolute: a session saved or the options remembered find it from anywhere
    o.t5Tensor = biases->tensor;
    o.numBuckets = biases->buckets; // the model's own number of buckets
    o.maxDistance = std::max(o.maxDistance, o.numBuckets);
    options = toVariantMap(o);
    return ViewDataPtr(biases);
}

std::variant<T5BiasesPtr, QString> loadT5Biases(const QString& path, const QString& tensor)
{
    QString name = tensor;
    if (name.isEmpty() && path.endsWith(QLatin1String(".safetensors"), Qt::CaseInsensitive)) {
        // A checkpoint holds many tables: the first relative_attention_bias (encoder block 0) unless named.
        const auto header = readSafetensorsHeader(path);
        if (const auto* error = std::get_if<QString>(&header))
            return *error;
        if (const int likely = likelyT5BiasTensor(std::get<SafetensorsHeader>(header)); likely >= 0)
            name = std::get<SafetensorsHeader>(header).tensors[likely].name;
    }
    auto opened = EncodingTable::open(path, name);
    if (const auto* error = std::get_if<QString>(&opened))
        return *error;
    const auto& table = std::get<std::shared_ptr<EncodingTable>>(opened);
    if (table->rows() > MethodOptions::maxBuckets || table->rows() < MethodOptions::minBuckets || table->columns() > MethodOptions::maxHeads)
        return MethodsText::tr("%1: %2 is not a T5 bias table; allowed: %3 to %4 buckets (rows) × 1 to %5 heads (columns), "
                               "like T5's relative_attention_bias.weight (32 × 8 in t5-small)")
            .arg(table->displayName(), table->shapeText()).arg(MethodOptions::minBuckets).arg(MethodOptions::maxBuckets)
            .arg(MethodOptions::maxHeads);
    auto biases = std::make_shared<T5Biases>();
    biases->askedPath = path;
    biases->askedTensor = tensor;
    biases->path = table->path();
    biases->tensor = table->tensor();
    biases->buckets = static_cast<int>(table->rows());
    biases->heads = static_cast<int>(table->columns());
    biases->values.resize(static_cast<std::size_t>(table->rows() * table->columns()));
    table->readRows(0, table->rows(), biases->values.data());
    for (double v : biases->values)
        if (!std::isfinite(v))
            return MethodsText::tr("%1: a bias is not finite (NaN or ±inf); every bias must be a number").arg(table->displayName());
    return T5BiasesPtr(std::move(biases));
}

int likelyT5BiasTensor(const SafetensorsHeader& header)
{
    for (int i = 0; i < header.tensors.size(); ++i)
        if (isTableTensor(header, header.tensors[i]) && header.tensors[i].name.contains(QLatin1String("relative_attention_bias")))
            return i;
    return -1;
}

Eigen::VectorXd scoreOffsets(ScoreMethod method, const core::EncodingSpec& spec, const MethodInputs& options, int head,
                             std::int64_t first, std::int64_t count)
{
    const std::int64_t L = spec.maxLen;
    if (count <= 0) {
        first = -(L - 1);
        count = 2 * L - 1;
    }
    switch (method) {
    case ScoreMethod::Sinusoidal: {
        // At the first cell of each diagonal, (δ, 0) below it and (0, −δ) above, an odd
        // d_model's unpaired sine meets sin(0) = 0: the score is the pairs' Σ cos(δω_k) alone.
        Eigen::VectorXd g(count);
        core::evaluateOffsetSeries(sinusoidSeries(spec), first, g);
        return g;
    }
    case ScoreMethod::Rope: {
        Eigen::VectorXd g(count);
        const core::OffsetSeries series = core::rotaryScoreSeries(
            ropeDemoVector(spec.dModel, 1), ropeDemoVector(spec.dModel, 2), core::ropeFrequencies(spec.dModel, spec.base));
        core::evaluateOffsetSeries(series, first, g);
        return g;
    }
    case ScoreMethod::Learned:
        return Eigen::VectorXd::Constant(count, nan);
    default: {
        core::PositionMethodSpec s = positionMethodSpecOf(spec, options);
        if (head >= 0)
            s.head = head;
        Eigen::VectorXd g(count);
        core::MethodVectors vectors = core::methodVectors(s);
        if (method == ScoreMethod::T5 && options.t5Biases && options.t5Biases->buckets == s.numBuckets) {
            const int head = std::clamp(options.t5Head, 1, options.t5Biases->heads) - 1; // the model's own biases
            for (int b = 0; b < s.numBuckets; ++b)
                vectors.t5Bias[b] = options.t5Biases->value(b, head);
        }
        core::positionMethodOffsets(*coreMethod(method), s, vectors, first, g);
        if (method == ScoreMethod::T5 && options.bucketIndex) // the index instead of its bias
            for (std::int64_t t = 0; t < g.size(); ++t)
                if (!std::isinf(g[t]))
                    g[t] = core::t5RelativeBucket(-(first + t), s.bidirectional, s.numBuckets, s.maxDistance);
        return g;
    }
    }
}

namespace {

/// The sinusoid, RoPE and Transformer-XL as sums of sinusoids of i − j, for the closed forms
/// beyond the screen's resolution. The sinusoid's is the Toeplitz part Σ_k cos(δω_k) of
/// PE(i)·PE(j) over the full pairs (core::SimilarityKernel's identity); an odd d_model's
/// unpaired sine is left out of these averages.
core::OffsetSeries seriesOf(ScoreMethod method, const core::EncodingSpec& spec, const MethodInputs& options)
{
    if (method == ScoreMethod::Rope)
        return core::rotaryScoreSeries(ropeDemoVector(spec.dModel, 1), ropeDemoVector(spec.dModel, 2),
                                       core::ropeFrequencies(spec.dModel, spec.base));
    if (method == ScoreMethod::TransformerXl) {
        const core::PositionMethodSpec s = positionMethodSpecOf(spec, options);
        return core::transformerXlSeries(s, core::methodVectors(s));
    }
    return sinusoidSeries(spec);
}

bool isSeries(ScoreMethod method)
{
    return method == ScoreMethod::Sinusoidal || method == ScoreMethod::Rope || method == ScoreMethod::TransformerXl;
}

/// A curve's points over the offsets first … first + n − 1 from every offset's score: all of
/// them while they are few, else the exact means of runs of them (the closed-form curves'
/// run means, beyond, are made in methodsData, several at once).
MethodCurve computedCurve(ScoreMethod method, int head, const core::EncodingSpec& spec, const MethodInputs& options,
                          std::int64_t bins, std::int64_t first, std::int64_t n)
{
    return curveOf(method, head, scoreOffsets(method, spec, options, head, first, n), first, bins, options.scaleCurves);
}

/// The offsets the curves cover: all of −(L−1) … L−1, or the whole offsets the plot is zoomed to.
std::pair<std::int64_t, std::int64_t> curveOffsets(std::int64_t L, const MethodsPixels& pixels)
{
    const std::int64_t lowest = -(L - 1), highest = L - 1;
    if (!pixels.zoomed() || !std::isfinite(pixels.curveLower) || !std::isfinite(pixels.curveUpper))
        return {lowest, 2 * L - 1};
    const auto first = static_cast<std::int64_t>(std::clamp(std::floor(pixels.curveLower), double(lowest), double(highest)));
    const auto last = static_cast<std::int64_t>(std::clamp(std::ceil(pixels.curveUpper), double(first), double(highest)));
    return {first, last - first + 1};
}

} // namespace

MethodsData methodsData(const core::EncodingSpec& spec, const MethodInputs& options, MethodsPixels pixels,
                        const LearnedTablePtr& learned, const MethodsData* previous)
{
    MethodsData data;
    data.method = options.method;
    data.length = spec.maxLen;
    data.spec = spec;
    data.options = options;
    data.pixels = pixels;
    data.learned = learned;
    if (auto error = core::validationError(spec)) {
        data.error = QString::fromStdString(*error);
        return data;
    }
    const std::int64_t L = spec.maxLen;
    const std::int64_t bins = std::min<std::int64_t>(L, pixels.matrix > 0 ? pixels.matrix : 512);
    data.error = scoreMethodError(options.method, spec, options, learned);
    const bool matrixKept = previous && previous->error.isEmpty() && previous->options == options && previous->pixels.matrix == pixels.matrix
        && previous->learned == learned && sameScoreInputs(options.method, previous->spec, spec);
    if (data.error.isEmpty() && matrixKept) {
        data.matrix = previous->matrix;
        data.lowest = previous->lowest;
        data.highest = previous->highest;
    } else if (data.error.isEmpty()) {
        data.matrix.resize(bins, bins);
        if (bins < L && (options.method == ScoreMethod::Rope || options.method == ScoreMethod::TransformerXl)) {
            // Closed form: summing every offset would cost L·d sines here.
            core::fillOffsetSeriesBinned(seriesOf(options.method, spec, options), L,
                                         options.method == ScoreMethod::TransformerXl && options.causal, data.matrix);
        } else if (options.method == ScoreMethod::Sinusoidal) {
            const core::SimilarityKernel kernel(spec, false);
            if (bins == L)
                kernel.fillRows(0, data.matrix);
            else
                kernel.fillBinned(data.matrix);
        } else if (options.method == ScoreMethod::Learned) {
            if (bins == L)
                data.matrix = learned->topRows(L) * learned->topRows(L).transpose();
            else
                core::fillGramBinned(learned->topRows(L), data.matrix);
        } else {
            core::fillToeplitzBinned(scoreOffsets(options.method, spec, options), L, data.matrix);
        }
        rangeOf(data.matrix, data.lowest, data.highest);
    }
    const auto [curveFirst, curveCount] = curveOffsets(L, pixels);
    data.curveFirst = curveFirst;
    data.curveCount = curveCount;
    data.curvesExact = curveCount <= MethodsData::exactCurveOffsets;
    // The curves do not depend on which method the matrix shows.
    MethodInputs sameCurves = options;
    if (previous)
        sameCurves.method = previous->options.method;
    const std::int64_t curveBins = MethodsData::curveBinsFor(pixels.curve);
    const bool curvesComparable = previous && previous->options == sameCurves
        && MethodsData::curveBinsFor(previous->pixels.curve) == curveBins && previous->curveFirst == curveFirst
        && previous->curveCount == curveCount;
    // The curves in order, those kept from the frame before and those to compute (a method
    // and head each, computed below).
    struct Slot {
        ScoreMethod method;
        int head = 0;
        bool compute = false;
        MethodCurve curve;
    };
    std::vector<Slot> curves;
    for (int m = 0; m < scoreMethodCount; ++m) {
        const auto method = static_cast<ScoreMethod>(m);
        if (!(options.curves & scoreMethodBit(method)) || method == ScoreMethod::Learned
            || !scoreMethodError(method, spec, options, learned).isEmpty())
            continue;
        if (curvesComparable && sameScoreInputs(method, previous->spec, spec)) {
            qsizetype kept = 0;
            for (const MethodCurve& curve : previous->curves)
                if (curve.method == method) {
                    curves.push_back({method, curve.head, false, curve});
                    ++kept;
                }
            if (kept > 0)
                continue;
        }
        if (method == ScoreMethod::Alibi && options.head == 0 && options.heads <= MethodsData::mostHeadCurves) {
            for (int h = 1; h <= options.heads; ++h)
                curves.push_back({method, h, true, {}});
            continue;
        }
        curves.push_back({method, 0, true, {}});
    }
    // The closed-form curves go as jobs on two cores (a slider step of d_model recomputes the
    // sinusoid's, RoPE's and Transformer-XL's, 2048 terms by a pixel's run each; the other core
    // had finished the heatmap long before), curves of the same frequencies, bit for bit, in one
    // job with one set of run sums (the sinusoid's and RoPE's). The others one after another:
    // they hold every offset's score (16 MB at max_len 1 M each), and two at once would raise
    // the peak of a headless export.
    struct Job {
        std::vector<Slot*> members;
        std::vector<core::OffsetSeries> series;
        bool masked = false;
    };
    std::vector<Job> jobs;
    const bool closedForm = curveCount > MethodsData::exactCurveOffsets;
    for (Slot& slot : curves) {
        if (!slot.compute)
            continue;
        if (!closedForm || !isSeries(slot.method)) {
            slot.curve = computedCurve(slot.method, slot.head, spec, options, curveBins, curveFirst, curveCount);
            continue;
        }
        core::OffsetSeries series = seriesOf(slot.method, spec, options);
        const bool masked = slot.method == ScoreMethod::TransformerXl && options.causal;
        auto same = std::find_if(jobs.begin(), jobs.end(), [&](const Job& job) {
            return job.masked == masked && job.series.front().omega.size() == series.omega.size()
                && job.series.front().omega == series.omega;
        });
        if (same == jobs.end())
            same = jobs.insert(jobs.end(), Job{{}, {}, masked});
        same->members.push_back(&slot);
        same->series.push_back(std::move(series));
    }
    const auto compute = [&](qint64 first, qint64 end) {
        for (qint64 i = first; i < end; ++i) {
            const Job& job = jobs[std::size_t(i)];
            const Eigen::MatrixXd means = core::offsetSeriesRunMeans(job.series, curveFirst, curveCount, curveBins, job.masked);
            for (std::size_t j = 0; j < job.members.size(); ++j) {
                MethodCurve& c = job.members[j]->curve;
                c.method = job.members[j]->method;
                c.head = job.members[j]->head;
                placeRunMeans(c, means.col(Eigen::Index(j)), curveFirst, curveCount);
                scaleToLargest(c, options.scaleCurves);
            }
        }
    };
    if (jobs.size() > 1)
        inTwoHalves(qint64(jobs.size()), compute);
    else
        compute(0, qint64(jobs.size()));
    for (Slot& slot : curves)
        data.curves.append(std::move(slot.curve));
    return data;
}

MethodScoreRows::MethodScoreRows(const core::EncodingSpec& spec, const MethodInputs& options, LearnedTablePtr learned)
    // Only the learned method scores the table: another method's export with a table open is
    // that method's scores (it wrote P·Pᵀ before, and read past a table shorter than max_len).
    : m_spec(spec), m_options(options), m_learned(options.method == ScoreMethod::Learned ? std::move(learned) : nullptr)
{
    if (options.method == ScoreMethod::Sinusoidal)
        m_kernel = std::make_shared<const core::SimilarityKernel>(spec, false);
    else if (options.method != ScoreMethod::Learned)
        m_offsets = scoreOffsets(options.method, spec, options);
}

void MethodScoreRows::fill(std::int64_t firstRow, Eigen::Ref<core::RowMatrix> out) const
{
    const std::int64_t L = m_spec.maxLen;
    if (m_kernel) {
        m_kernel->fillRows(firstRow, out);
        return;
    }
    if (m_learned) {
        out = m_learned->middleRows(firstRow, out.rows()) * m_learned->topRows(L).transpose();
        return;
    }
    // Row i holds g(i − j) for j = 0 … L−1: g's entries i + L − 1 down to i.
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        const std::int64_t i = firstRow + r;
        for (std::int64_t j = 0; j < L; ++j)
            out(r, j) = m_offsets[i - j + L - 1];
    }
}

} // namespace pe::ui
