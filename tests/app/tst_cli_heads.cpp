// SPDX-License-Identifier: MIT
// Attention heads of a real checkpoint: `pe-explorer --checkpoint PATH --view heads --export F`
// writes one head's scores or attention over positions, every head's kernel over offsets, or (the
// Llama family) every head's amplitude per RoPE pair. The checkpoints are written here byte by byte
// as huggingface/safetensors' README defines the format (float16 and bfloat16 rounded to
// nearest-even here): a random GPT-2, BERT and Llama (one of them sharded), a planted
// previous-token head and a RoPE head living in a single pair. Expected values come from the
// definitions written below (LayerNorm, the Conv1D and nn.Linear layouts, RMSNorm, rotate_half's
// pairs), evaluated in long double from the values as stored — never from the program; the .npy
// and .csv files are read back byte by byte.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "tests/common/runprogram.h"

#ifndef PE_EXPLORER_EXE
#error "PE_EXPLORER_EXE must name the pe-explorer executable"
#endif

namespace {

using testsupport::Run;
using Real = long double;
using Vector = std::vector<Real>;
using Matrix = std::vector<Vector>; // a list of rows

Run runCli(const QStringList& arguments, const QString& folder)
{
    return testsupport::runProgram(QStringLiteral(PE_EXPLORER_EXE), arguments, folder);
}

QStringList headsArguments(const QString& checkpoint, const QStringList& options)
{
    return QStringList{QStringLiteral("--checkpoint"), checkpoint, QStringLiteral("--view"), QStringLiteral("heads")} + options;
}

// ---------------------------------------------------------------------------------------------
// Numbers as a checkpoint stores them.

/// x rounded to nearest, ties to even, in a binary format with `fractionBits` bits after the
/// point and smallest normal exponent `minExponent` (below it, the subnormals' fixed step).
double roundToFormat(double x, int fractionBits, int minExponent)
{
    if (x == 0)
        return x;
    int exponent = 0;
    std::frexp(x, &exponent); // |x| = m·2^exponent, m in [0.5, 1): x's binade is 2^(exponent − 1)
    const double step = std::ldexp(1.0, std::max(exponent - 1, minExponent) - fractionBits);
    return std::nearbyint(x / step) * step; // dividing by a power of two is exact; nearbyint ties to even
}

/// What a checkpoint holds of x: a float32 first (how the weights are made), then for F16 and BF16
/// that float rounded to nearest-even, as torch's .half() and .bfloat16() do. Widening is exact.
double storedValue(double x, const QString& dtype)
{
    const double single = static_cast<float>(x);
    if (dtype == QLatin1String("F16"))
        return roundToFormat(single, 10, -14);
    if (dtype == QLatin1String("BF16"))
        return roundToFormat(single, 7, -126);
    return single;
}

/// The IEEE 754 binary16 bits of v, which must already be a float16 value.
std::uint16_t halfBits(double v)
{
    const unsigned sign = std::signbit(v) ? 0x8000u : 0u;
    const double a = std::fabs(v);
    if (a < std::ldexp(1.0, -14)) // zero or subnormal: a whole multiple of 2^-24
        return std::uint16_t(sign | unsigned(a * std::ldexp(1.0, 24)));
    int exponent = 0;
    const double m = std::frexp(a, &exponent); // a = 2m·2^(exponent − 1), 2m in [1, 2)
    const auto fraction = unsigned((2 * m - 1) * 1024);
    return std::uint16_t(sign | (unsigned(exponent - 1 + 15) << 10) | fraction);
}

/// The IEEE 754 binary32 bits of v, which must already be a float32 value.
std::uint32_t floatBits(double v)
{
    const float f = static_cast<float>(v);
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

void appendLittleEndian(QByteArray& out, std::uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.append(char((value >> (8 * i)) & 0xff));
}

/// Uniform numbers in [−1, 1] from std::mt19937's raw output, whose sequence the standard fixes
/// (the distributions' is not): every run and every compiler writes the same checkpoints.
class Random {
public:
    explicit Random(std::uint32_t seed) : m_engine(seed) {}
    double operator()() { return double(m_engine()) / 4294967295.0 * 2 - 1; }
    /// n values offset + scale·u.
    std::vector<double> values(qint64 n, double scale, double offset = 0)
    {
        std::vector<double> v(static_cast<std::size_t>(n));
        for (double& x : v)
            x = offset + scale * (*this)();
        return v;
    }

private:
    std::mt19937 m_engine;
};

struct Tensor {
    QString name;              ///< as written, the family's prefix included
    QString dtype;             ///< F32, F16 or BF16
    std::vector<qint64> shape;
    std::vector<double> values; ///< the stored values, row-major: what the brute force reads

    QByteArray bytes() const
    {
        QByteArray out;
        for (const double v : values) {
            if (dtype == QLatin1String("F16"))
                appendLittleEndian(out, halfBits(v), 2);
            else if (dtype == QLatin1String("BF16"))
                appendLittleEndian(out, floatBits(v) >> 16, 2); // a bfloat16 is a float32's upper half
            else
                appendLittleEndian(out, floatBits(v), 4);
        }
        return out;
    }
};

/// A checkpoint in the making: its config.json and its tensors, which the test names without the
/// family's prefix and the files with it.
struct Model {
    QString prefix;
    QString dtype = QStringLiteral("F32");
    QJsonObject config;
    std::vector<Tensor> tensors; ///< in the order written

    void add(const QString& name, std::vector<qint64> shape, const std::vector<double>& values)
    {
        qint64 count = 1;
        for (const qint64 n : shape)
            count *= n;
        if (count != qint64(values.size()))
            qFatal("%s: %lld values for %lld cells", qPrintable(name), qint64(values.size()), count);
        Tensor t{prefix + name, dtype, std::move(shape), {}};
        for (const double v : values)
            t.values.push_back(storedValue(v, dtype));
        tensors.push_back(std::move(t));
    }
    bool has(const QString& name) const
    {
        return std::any_of(tensors.begin(), tensors.end(), [&](const Tensor& t) { return t.name == prefix + name; });
    }
    /// The stored values of the tensor `name` (given without the prefix).
    const std::vector<double>& operator()(const QString& name) const
    {
        for (const Tensor& t : tensors)
            if (t.name == prefix + name)
                return t.values;
        qFatal("the test's model has no tensor %s", qPrintable(name));
        static const std::vector<double> none;
        return none;
    }
    void remove(const QString& name)
    {
        std::erase_if(tensors, [&](const Tensor& t) { return t.name == prefix + name; });
    }
    std::vector<const Tensor*> all() const
    {
        std::vector<const Tensor*> list;
        for (const Tensor& t : tensors)
            list.push_back(&t);
        return list;
    }
    int integer(const char* key) const { return config.value(QLatin1String(key)).toInt(); }
    Real number(const char* key, double fallback) const { return config.value(QLatin1String(key)).toDouble(fallback); }
};

// ---------------------------------------------------------------------------------------------
// Writing the files.

/// A .safetensors file as huggingface/safetensors' README defines it: an 8-byte little-endian
/// header length, the JSON header (padded with spaces to a multiple of 8), then the tensors' bytes.
QByteArray safetensorsFile(const std::vector<const Tensor*>& tensors)
{
    QJsonObject header{{QStringLiteral("__metadata__"), QJsonObject{{QStringLiteral("format"), QStringLiteral("pt")}}}};
    QByteArray data;
    for (const Tensor* t : tensors) {
        const QByteArray bytes = t->bytes();
        QJsonArray shape;
        for (const qint64 n : t->shape)
            shape.append(n);
        const QJsonArray offsets{qint64(data.size()), qint64(data.size() + bytes.size())};
        header.insert(t->name, QJsonObject{{QStringLiteral("dtype"), t->dtype},
                                           {QStringLiteral("shape"), shape},
                                           {QStringLiteral("data_offsets"), offsets}});
        data += bytes;
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (json.size() % 8 != 0)
        json.append(' ');
    QByteArray out;
    appendLittleEndian(out, std::uint64_t(json.size()), 8);
    return out + json + data;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

bool writeConfig(const Model& model, const QString& folder)
{
    return writeFile(folder + QStringLiteral("/config.json"), QJsonDocument(model.config).toJson());
}

/// Writes `model` as folder/model.safetensors with folder/config.json beside it; the .safetensors
/// file's path, or empty when a file could not be written.
QString writeModel(const Model& model, const QString& folder)
{
    const QString path = folder + QStringLiteral("/model.safetensors");
    return QDir().mkpath(folder) && writeConfig(model, folder) && writeFile(path, safetensorsFile(model.all())) ? path : QString();
}

const QString firstShard = QStringLiteral("model-00001-of-00002.safetensors");
const QString secondShard = QStringLiteral("model-00002-of-00002.safetensors");

/// Writes `model` sharded as transformers does: its first `inFirst` tensors in the first shard,
/// the rest in the second, model.safetensors.index.json mapping every name to its file, and
/// config.json.
bool writeSharded(const Model& model, const QString& folder, std::size_t inFirst)
{
    std::vector<const Tensor*> shards[2];
    QJsonObject weightMap;
    qint64 totalSize = 0;
    for (std::size_t i = 0; i < model.tensors.size(); ++i) {
        const int shard = i < inFirst ? 0 : 1;
        shards[shard].push_back(&model.tensors[i]);
        weightMap.insert(model.tensors[i].name, shard == 0 ? firstShard : secondShard);
        totalSize += model.tensors[i].bytes().size();
    }
    const QJsonObject index{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("total_size"), totalSize}}},
                            {QStringLiteral("weight_map"), weightMap}};
    return QDir().mkpath(folder) && writeConfig(model, folder)
        && writeFile(folder + QStringLiteral("/model.safetensors.index.json"), QJsonDocument(index).toJson())
        && writeFile(folder + QLatin1Char('/') + firstShard, safetensorsFile(shards[0]))
        && writeFile(folder + QLatin1Char('/') + secondShard, safetensorsFile(shards[1]));
}

// ---------------------------------------------------------------------------------------------
// The three families' checkpoints, random (weights scaled so that the scores stay of order 1).

/// GPT-2: wpe, wte, and per layer ln_1 and c_attn (Conv1D: weight E × 3E, columns Q | K | V).
Model gpt2Model(std::uint32_t seed, const QString& dtype = QStringLiteral("F32"), const QString& prefix = {})
{
    const int embd = 8, heads = 2, positions = 16, vocab = 11, layers = 2;
    Random random(seed);
    Model m;
    m.prefix = prefix;
    m.dtype = dtype;
    m.config = QJsonObject{{QStringLiteral("model_type"), QStringLiteral("gpt2")}, {QStringLiteral("n_embd"), embd},
                           {QStringLiteral("n_head"), heads}, {QStringLiteral("n_positions"), positions},
                           {QStringLiteral("n_layer"), layers}, {QStringLiteral("layer_norm_epsilon"), 1e-5},
                           {QStringLiteral("vocab_size"), vocab}};
    m.add(QStringLiteral("wpe.weight"), {positions, embd}, random.values(positions * embd, 1));
    m.add(QStringLiteral("wte.weight"), {vocab, embd}, random.values(vocab * embd, 1));
    for (int l = 0; l < layers; ++l) {
        const QString layer = QStringLiteral("h.%1.").arg(l);
        m.add(layer + QStringLiteral("ln_1.weight"), {embd}, random.values(embd, 0.2, 1));
        m.add(layer + QStringLiteral("ln_1.bias"), {embd}, random.values(embd, 0.1));
        m.add(layer + QStringLiteral("attn.c_attn.weight"), {embd, 3 * embd}, random.values(3 * embd * embd, 1 / std::sqrt(double(embd))));
        m.add(layer + QStringLiteral("attn.c_attn.bias"), {3 * embd}, random.values(3 * embd, 0.1));
    }
    return m;
}

/// BERT: position, word and token-type embeddings, their LayerNorm (weight/bias or the older
/// gamma/beta), and per layer the query and key of self-attention (nn.Linear: weight out × in).
Model bertModel(std::uint32_t seed, const QString& prefix, bool gammaBeta)
{
    const int embd = 8, heads = 2, positions = 12, types = 2, vocab = 9, layers = 2;
    Random random(seed);
    Model m;
    m.prefix = prefix;
    m.config = QJsonObject{{QStringLiteral("model_type"), QStringLiteral("bert")}, {QStringLiteral("hidden_size"), embd},
                           {QStringLiteral("num_attention_heads"), heads}, {QStringLiteral("max_position_embeddings"), positions},
                           {QStringLiteral("layer_norm_eps"), 1e-12}, {QStringLiteral("type_vocab_size"), types},
                           {QStringLiteral("vocab_size"), vocab}, {QStringLiteral("num_hidden_layers"), layers}};
    m.add(QStringLiteral("embeddings.word_embeddings.weight"), {vocab, embd}, random.values(vocab * embd, 1));
    m.add(QStringLiteral("embeddings.position_embeddings.weight"), {positions, embd}, random.values(positions * embd, 1));
    m.add(QStringLiteral("embeddings.token_type_embeddings.weight"), {types, embd}, random.values(types * embd, 0.5));
    m.add(gammaBeta ? QStringLiteral("embeddings.LayerNorm.gamma") : QStringLiteral("embeddings.LayerNorm.weight"), {embd},
          random.values(embd, 0.2, 1));
    m.add(gammaBeta ? QStringLiteral("embeddings.LayerNorm.beta") : QStringLiteral("embeddings.LayerNorm.bias"), {embd},
          random.values(embd, 0.1));
    for (int l = 0; l < layers; ++l) {
        const QString self = QStringLiteral("encoder.layer.%1.attention.self.").arg(l);
        for (const char* part : {"query", "key", "value"}) {
            m.add(self + QLatin1String(part) + QStringLiteral(".weight"), {embd, embd}, random.values(embd * embd, 1 / std::sqrt(double(embd))));
            m.add(self + QLatin1String(part) + QStringLiteral(".bias"), {embd}, random.values(embd, 0.1));
        }
    }
    return m;
}

/// The Llama family: embed_tokens, and per layer input_layernorm and the q and k projections
/// (nn.Linear). The embeddings share a common part, so that their normalised mean is not small.
Model llamaModel(std::uint32_t seed, const QString& dtype, const QString& prefix)
{
    const int embd = 16, heads = 4, kvHeads = 2, headDim = 4, positions = 64, vocab = 10, layers = 2;
    Random random(seed);
    Model m;
    m.prefix = prefix;
    m.dtype = dtype;
    m.config = QJsonObject{{QStringLiteral("model_type"), QStringLiteral("llama")}, {QStringLiteral("hidden_size"), embd},
                           {QStringLiteral("num_attention_heads"), heads}, {QStringLiteral("num_key_value_heads"), kvHeads},
                           {QStringLiteral("rms_norm_eps"), 1e-6}, {QStringLiteral("rope_theta"), 10000.0},
                           {QStringLiteral("max_position_embeddings"), positions}, {QStringLiteral("num_hidden_layers"), layers},
                           {QStringLiteral("vocab_size"), vocab}};
    const std::vector<double> common = random.values(embd, 1);
    std::vector<double> embed = random.values(vocab * embd, 0.6);
    for (std::size_t i = 0; i < embed.size(); ++i)
        embed[i] += common[i % embd];
    m.add(QStringLiteral("embed_tokens.weight"), {vocab, embd}, embed);
    for (int l = 0; l < layers; ++l) {
        const QString layer = QStringLiteral("layers.%1.").arg(l);
        m.add(layer + QStringLiteral("input_layernorm.weight"), {embd}, random.values(embd, 0.3, 1));
        m.add(layer + QStringLiteral("self_attn.q_proj.weight"), {heads * headDim, embd}, random.values(heads * headDim * embd, 0.5));
        m.add(layer + QStringLiteral("self_attn.k_proj.weight"), {kvHeads * headDim, embd}, random.values(kvHeads * headDim * embd, 0.5));
    }
    return m;
}

// ---------------------------------------------------------------------------------------------
// The brute force, from the definitions, in long double.

Vector rowOf(const std::vector<double>& table, qint64 row, qint64 cols)
{
    return Vector(table.begin() + row * cols, table.begin() + (row + 1) * cols);
}

/// The mean of a table's rows: the mean-token input's token part.
Vector meanRow(const std::vector<double>& table, qint64 cols)
{
    const qint64 rows = qint64(table.size()) / cols;
    Vector mean(std::size_t(cols), 0);
    for (qint64 r = 0; r < rows; ++r)
        for (qint64 c = 0; c < cols; ++c)
            mean[c] += table[r * cols + c];
    for (Real& x : mean)
        x /= Real(rows);
    return mean;
}

Vector plus(Vector a, const Vector& b)
{
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] += b[i];
    return a;
}

Real dot(const Vector& a, const Vector& b)
{
    Real sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        sum += a[i] * b[i];
    return sum;
}

/// W·x with W stored row-major (rows × x.size()), nn.Linear's layout.
Vector matrixTimes(const std::vector<double>& w, const Vector& x)
{
    const std::size_t rows = w.size() / x.size();
    Vector y(rows, 0);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < x.size(); ++c)
            y[r] += w[r * x.size() + c] * x[c];
    return y;
}

/// torch.nn.LayerNorm: (x − mean)/sqrt(var + eps)·weight + bias, the variance biased (÷ E).
Vector layerNorm(const Vector& x, const std::vector<double>& weight, const std::vector<double>& bias, Real eps)
{
    const auto n = Real(x.size());
    Real mean = 0, variance = 0;
    for (const Real v : x)
        mean += v;
    mean /= n;
    for (const Real v : x)
        variance += (v - mean) * (v - mean);
    variance /= n;
    Vector y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        y[i] = (x[i] - mean) / std::sqrt(variance + eps) * weight[i] + bias[i];
    return y;
}

/// Every position's query and key, all heads side by side: head h in columns h·d_h … (h+1)·d_h − 1.
struct QueriesAndKeys {
    Matrix q, k; ///< (L, E)
    int headDim = 0;
};

/// GPT-2's layer 0: X_p = wpe[p] (+ the mean of wte's rows), H = ln_1(X), [Q K V] = H·W + b with
/// W of shape (E, 3E), transformers' Conv1D layout: Q is columns 0 … E − 1, K columns E … 2E − 1.
QueriesAndKeys gpt2QueriesAndKeys(const Model& m, int length, bool meanToken)
{
    const int e = m.integer("n_embd");
    const Real eps = m.number("layer_norm_epsilon", 1e-5);
    const std::vector<double>& w = m(QStringLiteral("h.0.attn.c_attn.weight"));
    const std::vector<double>& b = m(QStringLiteral("h.0.attn.c_attn.bias"));
    const Vector tokens = meanRow(m(QStringLiteral("wte.weight")), e);
    QueriesAndKeys out;
    out.headDim = e / m.integer("n_head");
    for (int p = 0; p < length; ++p) {
        Vector x = rowOf(m(QStringLiteral("wpe.weight")), p, e);
        if (meanToken)
            x = plus(x, tokens);
        const Vector h = layerNorm(x, m(QStringLiteral("h.0.ln_1.weight")), m(QStringLiteral("h.0.ln_1.bias")), eps);
        Vector q(std::size_t(e), 0), k(std::size_t(e), 0);
        for (int c = 0; c < e; ++c) {
            q[c] = b[c];
            k[c] = b[e + c];
            for (int r = 0; r < e; ++r) {
                q[c] += h[r] * w[r * 3 * e + c];
                k[c] += h[r] * w[r * 3 * e + e + c];
            }
        }
        out.q.push_back(q);
        out.k.push_back(k);
    }
    return out;
}

/// BERT's layer 0: X_p = position[p] + token_type[0] (+ the mean word embedding), H = the
/// embeddings' LayerNorm(X), Q = H·W_qᵀ + b_q and K = H·W_kᵀ + b_k (nn.Linear, weight out × in).
QueriesAndKeys bertQueriesAndKeys(const Model& m, int length, bool meanToken)
{
    const int e = m.integer("hidden_size");
    const Real eps = m.number("layer_norm_eps", 1e-12);
    const bool gammaBeta = m.has(QStringLiteral("embeddings.LayerNorm.gamma"));
    const std::vector<double>& scale = m(gammaBeta ? QStringLiteral("embeddings.LayerNorm.gamma") : QStringLiteral("embeddings.LayerNorm.weight"));
    const std::vector<double>& shift = m(gammaBeta ? QStringLiteral("embeddings.LayerNorm.beta") : QStringLiteral("embeddings.LayerNorm.bias"));
    const Vector type0 = rowOf(m(QStringLiteral("embeddings.token_type_embeddings.weight")), 0, e);
    const Vector words = meanRow(m(QStringLiteral("embeddings.word_embeddings.weight")), e);
    const QString self = QStringLiteral("encoder.layer.0.attention.self.");
    QueriesAndKeys out;
    out.headDim = e / m.integer("num_attention_heads");
    for (int p = 0; p < length; ++p) {
        Vector x = plus(rowOf(m(QStringLiteral("embeddings.position_embeddings.weight")), p, e), type0);
        if (meanToken)
            x = plus(x, words);
        const Vector h = layerNorm(x, scale, shift, eps);
        const std::vector<double>& queryBias = m(self + QStringLiteral("query.bias"));
        const std::vector<double>& keyBias = m(self + QStringLiteral("key.bias"));
        out.q.push_back(plus(matrixTimes(m(self + QStringLiteral("query.weight")), h), Vector(queryBias.begin(), queryBias.end())));
        out.k.push_back(plus(matrixTimes(m(self + QStringLiteral("key.weight")), h), Vector(keyBias.begin(), keyBias.end())));
    }
    return out;
}

/// S_h = Q_h·K_hᵀ / sqrt(d_h), no mask.
Matrix headScores(const QueriesAndKeys& qk, int head)
{
    const std::size_t n = qk.q.size();
    const int d = qk.headDim;
    Matrix s(n, Vector(n, 0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            for (int t = 0; t < d; ++t)
                s[i][j] += qk.q[i][head * d + t] * qk.k[j][head * d + t];
            s[i][j] /= std::sqrt(Real(d));
        }
    return s;
}

/// Each row's softmax; causal: over the keys j ≤ i only, and exactly 0 after them.
Matrix softmaxRows(const Matrix& s, bool causal)
{
    const std::size_t n = s.size();
    Matrix a(n, Vector(n, 0));
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t keys = causal ? i + 1 : n;
        const Real top = *std::max_element(s[i].begin(), s[i].begin() + std::ptrdiff_t(keys));
        Real sum = 0;
        for (std::size_t j = 0; j < keys; ++j)
            sum += a[i][j] = std::exp(s[i][j] - top);
        for (std::size_t j = 0; j < keys; ++j)
            a[i][j] /= sum;
    }
    return a;
}

/// GPT-2's and BERT's kernel: column 0 the offset Δ = 0 … L − 1, then per head the mean of
/// S_h[i, i − Δ] over i = Δ … L − 1 (the head's scores averaged along each diagonal).
Matrix diagonalMeans(const std::vector<Matrix>& scoresPerHead)
{
    const std::size_t n = scoresPerHead.front().size();
    Matrix kernel(n, Vector(scoresPerHead.size() + 1, 0));
    for (std::size_t delta = 0; delta < n; ++delta) {
        kernel[delta][0] = Real(delta);
        for (std::size_t h = 0; h < scoresPerHead.size(); ++h) {
            for (std::size_t i = delta; i < n; ++i)
                kernel[delta][h + 1] += scoresPerHead[h][i][i - delta];
            kernel[delta][h + 1] /= Real(n - delta);
        }
    }
    return kernel;
}

std::vector<Matrix> everyHeadsScores(const QueriesAndKeys& qk, int heads)
{
    std::vector<Matrix> all;
    for (int h = 0; h < heads; ++h)
        all.push_back(headScores(qk, h));
    return all;
}

/// h̄ of a Llama layer: the mean over the vocabulary of RMSNorm(embed[v]), where
/// RMSNorm(x) = x / sqrt(mean(x²) + eps) · weight (each row normalised, weight included, then averaged).
Vector llamaMeanInput(const Model& m, int layer)
{
    const int e = m.integer("hidden_size");
    const Real eps = m.number("rms_norm_eps", 1e-6);
    const std::vector<double>& embed = m(QStringLiteral("embed_tokens.weight"));
    const std::vector<double>& weight = m(QStringLiteral("layers.%1.input_layernorm.weight").arg(layer));
    const qint64 vocab = qint64(embed.size()) / e;
    Vector mean(std::size_t(e), 0);
    for (qint64 v = 0; v < vocab; ++v) {
        Real squares = 0;
        for (int c = 0; c < e; ++c)
            squares += Real(embed[v * e + c]) * embed[v * e + c];
        const Real scale = 1 / std::sqrt(squares / e + eps);
        for (int c = 0; c < e; ++c)
            mean[c] += embed[v * e + c] * scale * weight[c];
    }
    for (Real& x : mean)
        x /= Real(vocab);
    return mean;
}

/// A Llama layer's mean query q̄ = W_q·h̄ and mean key k̄ = W_k·h̄, with what RoPE needs of config.json.
struct MeanQueryKey {
    Vector q, k;
    int heads = 0, kvHeads = 0, headDim = 0;
    Real base = 10000;
};

MeanQueryKey llamaMeans(const Model& m, int layer)
{
    MeanQueryKey out;
    out.heads = m.integer("num_attention_heads");
    out.kvHeads = m.config.value(QLatin1String("num_key_value_heads")).toInt(out.heads);
    out.headDim = m.config.value(QLatin1String("head_dim")).toInt(m.integer("hidden_size") / out.heads);
    out.base = m.number("rope_theta", 10000);
    const Vector mean = llamaMeanInput(m, layer);
    const QString attention = QStringLiteral("layers.%1.self_attn.").arg(layer);
    out.q = matrixTimes(m(attention + QStringLiteral("q_proj.weight")), mean);
    out.k = matrixTimes(m(attention + QStringLiteral("k_proj.weight")), mean);
    return out;
}

/// Pair k of head h as rotate_half pairs them: z = x[k] + i·x[k + d_h/2].
std::complex<Real> pairOf(const Vector& x, int head, int k, int headDim)
{
    return {x[head * headDim + k], x[head * headDim + k + headDim / 2]};
}

/// θ_k = base^(−2k/d_h) (no rope_scaling in the test's configs).
Real theta(const MeanQueryKey& m, int k)
{
    return std::pow(m.base, -2 * Real(k) / Real(m.headDim));
}

/// Kernel_h(Δ) = a²·Σ_k Re(z_q,k · conj(z_k,k) · e^{iΔθ_k}) / sqrt(d_h), a = 1; query head h
/// reads key head h ÷ (H / H_kv). Δ may be negative.
Real ropeKernel(const MeanQueryKey& m, int head, qint64 delta)
{
    const int kvHead = head / (m.heads / m.kvHeads);
    Real sum = 0;
    for (int k = 0; k < m.headDim / 2; ++k) {
        const std::complex<Real> turn = std::polar(Real(1), Real(delta) * theta(m, k));
        sum += (pairOf(m.q, head, k, m.headDim) * std::conj(pairOf(m.k, kvHead, k, m.headDim)) * turn).real();
    }
    return sum / std::sqrt(Real(m.headDim));
}

/// Llama's scores: S_h[i, j] = Kernel_h(i − j), on both sides of the diagonal.
Matrix ropeScores(const MeanQueryKey& m, int head, int length)
{
    Matrix s(static_cast<std::size_t>(length), Vector(static_cast<std::size_t>(length)));
    for (int i = 0; i < length; ++i)
        for (int j = 0; j < length; ++j)
            s[i][j] = ropeKernel(m, head, qint64(i) - j);
    return s;
}

/// (L, H + 1): column 0 the offset Δ, then Kernel_h(Δ) per head.
Matrix ropeKernelTable(const MeanQueryKey& m, int length)
{
    Matrix kernel(std::size_t(length), Vector(std::size_t(m.heads) + 1));
    for (int delta = 0; delta < length; ++delta) {
        kernel[delta][0] = delta;
        for (int h = 0; h < m.heads; ++h)
            kernel[delta][h + 1] = ropeKernel(m, h, delta);
    }
    return kernel;
}

/// (H, d_h/2): |z_q,k|·|z_k,k| per head and pair.
Matrix ropeAmplitudes(const MeanQueryKey& m)
{
    Matrix a(std::size_t(m.heads), Vector(std::size_t(m.headDim / 2)));
    for (int h = 0; h < m.heads; ++h)
        for (int k = 0; k < m.headDim / 2; ++k)
            a[h][k] = std::abs(pairOf(m.q, h, k, m.headDim)) * std::abs(pairOf(m.k, h / (m.heads / m.kvHeads), k, m.headDim));
    return a;
}

/// Solves A·X = B (A n × n, B n × m) by Gauss–Jordan elimination with partial pivoting.
Matrix solve(Matrix a, Matrix b)
{
    const std::size_t n = a.size();
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::fabs(a[r][col]) > std::fabs(a[pivot][col]))
                pivot = r;
        std::swap(a[col], a[pivot]);
        std::swap(b[col], b[pivot]);
        for (std::size_t r = 0; r < n; ++r) {
            if (r == col)
                continue;
            const Real f = a[r][col] / a[col][col];
            for (std::size_t c = col; c < n; ++c)
                a[r][c] -= f * a[col][c];
            for (std::size_t c = 0; c < b[r].size(); ++c)
                b[r][c] -= f * b[col][c];
        }
    }
    for (std::size_t r = 0; r < n; ++r)
        for (Real& x : b[r])
            x /= a[r][r];
    return b;
}

Real largestDifference(const Matrix& a, const Matrix& b)
{
    Real largest = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < a[i].size(); ++j)
            largest = std::max(largest, std::fabs(a[i][j] - b[i][j]));
    return largest;
}

// ---------------------------------------------------------------------------------------------
// Reading the exports back, without any code of the program.

/// A float64 table read back from an export, or why it could not be.
struct Table {
    QString what;  ///< the command that wrote it, for messages
    QString error; ///< empty when read
    qint64 rows = -1, cols = -1;
    std::vector<double> values;
    double at(qint64 r, qint64 c) const { return values[std::size_t(r * cols + c)]; }
};

/// A .npy file as NumPy's format.py defines it (versions 1 and 2): the magic, a header dict that
/// must say '<f8', fortran_order False and a 2-d shape, then exactly rows·cols little-endian doubles.
Table readNpy(const QString& path)
{
    Table t;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        t.error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return t;
    }
    const QByteArray bytes = file.readAll();
    if (bytes.size() < 12 || !bytes.startsWith(QByteArray("\x93NUMPY", 6)) || (bytes[6] != 1 && bytes[6] != 2)) {
        t.error = QStringLiteral("%1: not a .npy file of version 1 or 2").arg(path);
        return t;
    }
    const qint64 prefix = bytes[6] == 1 ? 10 : 12; // magic, version, then a 2- or 4-byte header length
    qint64 headerLength = 0;
    for (qint64 i = 8; i < prefix; ++i)
        headerLength |= qint64(std::uint8_t(bytes[i])) << (8 * (i - 8));
    const QString dict = QString::fromLatin1(bytes.mid(prefix, headerLength));
    static const QRegularExpression descr(QStringLiteral(R"('descr'\s*:\s*'([^']*)')"));
    static const QRegularExpression fortran(QStringLiteral(R"('fortran_order'\s*:\s*(True|False))"));
    static const QRegularExpression shape(QStringLiteral(R"('shape'\s*:\s*\(\s*(\d+)\s*,\s*(\d+)\s*,?\s*\))"));
    const auto d = descr.match(dict), f = fortran.match(dict), s = shape.match(dict);
    if (!d.hasMatch() || !f.hasMatch() || !s.hasMatch() || d.captured(1) != QLatin1String("<f8") || f.captured(1) != QLatin1String("False")) {
        t.error = QStringLiteral("%1: header %2; expected '<f8', fortran_order False and a 2-d shape").arg(path, dict);
        return t;
    }
    t.rows = s.captured(1).toLongLong();
    t.cols = s.captured(2).toLongLong();
    const qint64 start = prefix + headerLength;
    if (bytes.size() != start + 8 * t.rows * t.cols) {
        t.error = QStringLiteral("%1: %2 bytes for a (%3, %4) float64 array after a header of %5")
                      .arg(path).arg(bytes.size()).arg(t.rows).arg(t.cols).arg(start);
        return t;
    }
    for (qint64 i = 0; i < t.rows * t.cols; ++i) {
        std::uint64_t bits = 0;
        for (int b = 0; b < 8; ++b)
            bits |= std::uint64_t(std::uint8_t(bytes[start + 8 * i + b])) << (8 * b);
        double value = 0;
        std::memcpy(&value, &bits, sizeof value);
        t.values.push_back(value);
    }
    return t;
}

bool isNumber(const QByteArray& field)
{
    bool ok = false;
    (void)field.trimmed().toDouble(&ok);
    return ok;
}

/// A .csv export: a first line naming the columns, then one line per row of comma-separated
/// numbers, parsed in the C locale (QByteArray::toDouble) whatever this machine's locale.
struct Csv {
    QList<QByteArray> header; ///< the first line's fields
    Table table;              ///< the lines after it
};

Csv readCsv(const QString& path)
{
    Csv csv;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        csv.table.error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return csv;
    }
    QList<QByteArray> lines = file.readAll().split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast(); // the last line's own newline
    for (QByteArray& line : lines)
        if (line.endsWith('\r'))
            line.chop(1);
    if (lines.size() < 2) {
        csv.table.error = QStringLiteral("%1: %2 lines, expected a header and rows").arg(path).arg(lines.size());
        return csv;
    }
    csv.header = lines.first().split(',');
    csv.table.rows = lines.size() - 1;
    for (qsizetype l = 1; l < lines.size(); ++l) {
        const QList<QByteArray> fields = lines[l].split(',');
        if (csv.table.cols < 0)
            csv.table.cols = fields.size();
        if (fields.size() != csv.table.cols) {
            csv.table.error = QStringLiteral("%1: line %2 has %3 fields, line 2 has %4").arg(path).arg(l + 1).arg(fields.size()).arg(csv.table.cols);
            return csv;
        }
        for (const QByteArray& field : fields) {
            bool ok = false;
            csv.table.values.push_back(field.trimmed().toDouble(&ok));
            if (!ok) {
                csv.table.error = QStringLiteral("%1: line %2: “%3” is not a number").arg(path).arg(l + 1).arg(QString::fromUtf8(field));
                return csv;
            }
        }
    }
    return csv;
}

// ---------------------------------------------------------------------------------------------
// Comparing.

/// Empty when `got` has want's shape and every value within 1e-9·(1 + |want|) of it: the program
/// sums in double, in its own order, from the same stored values. Otherwise the first cell off.
QString mismatch(const Table& got, const Matrix& want)
{
    if (!got.error.isEmpty())
        return got.what + QLatin1Char('\n') + got.error;
    const auto rows = qint64(want.size()), cols = want.empty() ? qint64(0) : qint64(want.front().size());
    if (got.rows != rows || got.cols != cols)
        return QStringLiteral("%1\nshape (%2, %3), expected (%4, %5)").arg(got.what).arg(got.rows).arg(got.cols).arg(rows).arg(cols);
    for (qint64 r = 0; r < rows; ++r)
        for (qint64 c = 0; c < cols; ++c) {
            const Real w = want[r][c], g = got.at(r, c);
            if (!(std::fabs(g - w) <= 1e-9L * (1 + std::fabs(w))))
                return QStringLiteral("%1\n[%2, %3] is %4, expected %5")
                    .arg(got.what).arg(r).arg(c).arg(double(g), 0, 'g', 17).arg(double(w), 0, 'g', 17);
        }
    return {};
}

/// Empty when every row of an attention export sums to 1 and, for a causal model, holds exactly 0
/// above the diagonal (the later keys are masked out, not merely small).
QString notAttention(const Table& got, bool causal)
{
    for (qint64 i = 0; i < got.rows; ++i) {
        double sum = 0;
        for (qint64 j = 0; j < got.cols; ++j) {
            if (causal && j > i && got.at(i, j) != 0.0)
                return QStringLiteral("%1\n[%2, %3] is %4 above the diagonal").arg(got.what).arg(i).arg(j).arg(got.at(i, j), 0, 'g', 17);
            sum += got.at(i, j);
        }
        if (std::fabs(sum - 1) > 1e-12)
            return QStringLiteral("%1\nrow %2 sums to %3").arg(got.what).arg(i).arg(sum, 0, 'g', 17);
    }
    return {};
}

/// Empty when a kernel export's column 0 is exactly the offsets 0 … L − 1.
QString notOffsets(const Table& got)
{
    for (qint64 d = 0; d < got.rows; ++d)
        if (got.at(d, 0) != double(d))
            return QStringLiteral("%1\n[%2, 0] is %3, expected the offset %2").arg(got.what).arg(d).arg(got.at(d, 0), 0, 'g', 17);
    return {};
}

} // namespace

/// Fails the slot with the message when `problem` (an expression giving a QString) is not empty.
#define CHECK_NO_PROBLEM(problem)                                                                                      \
    do {                                                                                                               \
        const QString problem_ = (problem);                                                                            \
        QVERIFY2(problem_.isEmpty(), qPrintable(problem_));                                                            \
    } while (false)

class TestCliHeads : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_exports = 0;

    QString folder(const QString& name)
    {
        const QString path = m_dir.filePath(name);
        QDir().mkpath(path);
        return path;
    }

    /// Runs pe-explorer with `arguments` plus --export into a new .`suffix` file of m_dir; the
    /// file's path, or empty with `problem` saying what happened when the run did not exit with 0.
    QString runExport(const QStringList& arguments, const QString& suffix, QString& problem)
    {
        const QString file = m_dir.filePath(QStringLiteral("export-%1.%2").arg(++m_exports).arg(suffix));
        const Run run = runCli(arguments + QStringList{QStringLiteral("--export"), file}, m_dir.path());
        if (!run.exitedWith(0)) {
            problem = run.describe();
            return {};
        }
        return file;
    }

    Table exported(const QStringList& arguments)
    {
        Table t;
        const QString file = runExport(arguments, QStringLiteral("npy"), t.error);
        if (!file.isEmpty())
            t = readNpy(file);
        t.what = arguments.join(QLatin1Char(' '));
        return t;
    }

    Csv exportedCsv(const QStringList& arguments)
    {
        Csv csv;
        const QString file = runExport(arguments, QStringLiteral("csv"), csv.table.error);
        if (!file.isEmpty())
            csv = readCsv(file);
        csv.table.what = arguments.join(QLatin1Char(' '));
        return csv;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void gpt2ScoresAreEachHeadsQueriesTimesKeys()
    {
        const Model model = gpt2Model(1);
        const QString path = writeModel(model, folder(QStringLiteral("gpt2")));
        QVERIFY(!path.isEmpty());
        // The defaults: scores of head 0 of layer 0, positions only, L = n_positions = 16.
        const QueriesAndKeys positions = gpt2QueriesAndKeys(model, 16, false);
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(path, {})), headScores(positions, 0)));
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(path, {"--heads-data", "scores", "--head", "1", "--layer", "0",
                                                                 "--heads-input", "positions"})),
                                  headScores(positions, 1)));
        // mean-token: the mean of the token embeddings added to every position before ln_1.
        const QueriesAndKeys withTokens = gpt2QueriesAndKeys(model, 16, true);
        QVERIFY(largestDifference(headScores(withTokens, 1), headScores(positions, 1)) > 1e-3);
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(path, {"--heads-input", "mean-token", "--head", "1"})),
                                  headScores(withTokens, 1)));
    }

    void gpt2AttentionIsACausalSoftmax()
    {
        const Model model = gpt2Model(1);
        const QString path = writeModel(model, folder(QStringLiteral("gpt2-attention")));
        QVERIFY(!path.isEmpty());
        for (const bool meanToken : {false, true}) {
            const QStringList arguments = headsArguments(path, {"--heads-data", "attention", "--head", "1", "--heads-input",
                                                                meanToken ? "mean-token" : "positions"});
            const Table got = exported(arguments);
            CHECK_NO_PROBLEM(mismatch(got, softmaxRows(headScores(gpt2QueriesAndKeys(model, 16, meanToken), 1), true)));
            CHECK_NO_PROBLEM(notAttention(got, true));
        }
    }

    void gpt2KernelIsTheMeanOfEachDiagonal()
    {
        const Model model = gpt2Model(1);
        const QString path = writeModel(model, folder(QStringLiteral("gpt2-kernel")));
        QVERIFY(!path.isEmpty());
        for (const bool meanToken : {false, true}) {
            const Table got = exported(headsArguments(path, {"--heads-data", "kernel", "--heads-input", meanToken ? "mean-token" : "positions"}));
            // (L, H + 1) = (16, 3): the offsets, then heads 0 and 1.
            CHECK_NO_PROBLEM(mismatch(got, diagonalMeans(everyHeadsScores(gpt2QueriesAndKeys(model, 16, meanToken), 2))));
            CHECK_NO_PROBLEM(notOffsets(got));
        }
    }

    void gpt2MaxLenIsCappedAtThePositions()
    {
        const Model model = gpt2Model(1);
        const QString path = writeModel(model, folder(QStringLiteral("gpt2-max-len")));
        QVERIFY(!path.isEmpty());
        const QueriesAndKeys ten = gpt2QueriesAndKeys(model, 10, false);
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(path, {"--max-len", "10", "--head", "1"})), headScores(ten, 1)));
        const Table kernel = exported(headsArguments(path, {"--max-len", "10", "--heads-data", "kernel"}));
        CHECK_NO_PROBLEM(mismatch(kernel, diagonalMeans(everyHeadsScores(ten, 2))));
        CHECK_NO_PROBLEM(notOffsets(kernel));
        // More than the model has: the 16 positions of its table.
        const Table capped = exported(headsArguments(path, {"--max-len", "100", "--heads-data", "attention"}));
        CHECK_NO_PROBLEM(mismatch(capped, softmaxRows(headScores(gpt2QueriesAndKeys(model, 16, false), 0), true)));
    }

    void csvHoldsTheSameNumbersUnderNamedColumns()
    {
        const QString path = writeModel(gpt2Model(1), folder(QStringLiteral("gpt2-csv")));
        QVERIFY(!path.isEmpty());
        for (const char* data : {"scores", "kernel"}) {
            const QStringList arguments = headsArguments(path, {"--heads-data", data, "--head", "1"});
            const Table npy = exported(arguments);
            const Csv csv = exportedCsv(arguments);
            QVERIFY2(npy.error.isEmpty(), qPrintable(npy.error));
            QVERIFY2(csv.table.error.isEmpty(), qPrintable(csv.table.error));
            // The first line names the columns: one name per value of a line, none of them a number.
            QCOMPARE(qint64(csv.header.size()), csv.table.cols);
            for (const QByteArray& name : csv.header)
                QVERIFY2(!isNumber(name), qPrintable(QStringLiteral("%1: the header's “%2” is a number").arg(QString::fromLatin1(data), QString::fromUtf8(name))));
            QCOMPARE(csv.table.rows, npy.rows);
            QCOMPARE(csv.table.cols, npy.cols);
            for (std::size_t i = 0; i < npy.values.size(); ++i)
                QVERIFY2(std::fabs(csv.table.values[i] - npy.values[i]) <= 1e-12 * std::fabs(npy.values[i]),
                         qPrintable(QStringLiteral("%1: value %2 is %3 in the .csv, %4 in the .npy")
                                        .arg(QString::fromLatin1(data)).arg(i).arg(csv.table.values[i], 0, 'g', 17).arg(npy.values[i], 0, 'g', 17)));
        }
    }

    void gpt2HalfPrecisionWithPrefix_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::newRow("float16") << QStringLiteral("F16");
        QTest::newRow("bfloat16") << QStringLiteral("BF16");
    }

    void gpt2HalfPrecisionWithPrefix()
    {
        QFETCH(QString, dtype);
        const Model model = gpt2Model(2, dtype, QStringLiteral("transformer."));
        const QString path = writeModel(model, folder(QStringLiteral("gpt2-") + dtype));
        QVERIFY(!path.isEmpty());
        const QueriesAndKeys qk = gpt2QueriesAndKeys(model, 16, false);
        // The rounding matters: from the float32 values before it, the scores differ beyond the tolerance.
        QVERIFY(largestDifference(headScores(gpt2QueriesAndKeys(gpt2Model(2), 16, false), 1), headScores(qk, 1)) > 1e-5);
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(path, {"--head", "1"})), headScores(qk, 1)));
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(path, {"--heads-data", "kernel"})), diagonalMeans(everyHeadsScores(qk, 2))));
        const Table attention = exported(headsArguments(path, {"--heads-data", "attention", "--heads-input", "mean-token"}));
        CHECK_NO_PROBLEM(mismatch(attention, softmaxRows(headScores(gpt2QueriesAndKeys(model, 16, true), 0), true)));
        CHECK_NO_PROBLEM(notAttention(attention, true));
    }

    void bertScoresAndUnmaskedAttention_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<bool>("gammaBeta");
        QTest::newRow("bert. prefix, LayerNorm weight and bias") << QStringLiteral("bert.") << false;
        QTest::newRow("no prefix, LayerNorm gamma and beta") << QString() << true;
    }

    void bertScoresAndUnmaskedAttention()
    {
        QFETCH(QString, prefix);
        QFETCH(bool, gammaBeta);
        const Model model = bertModel(3, prefix, gammaBeta);
        const QString dir = folder(gammaBeta ? QStringLiteral("bert-gamma") : QStringLiteral("bert-weight"));
        QVERIFY(!writeModel(model, dir).isEmpty());
        // The folder, not the file: it holds model.safetensors and config.json. L = 12 positions.
        const QueriesAndKeys qk = bertQueriesAndKeys(model, 12, false);
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--head", "1"})), headScores(qk, 1)));
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--heads-input", "mean-token"})),
                                  headScores(bertQueriesAndKeys(model, 12, true), 0)));
        // An encoder sees every key: each row a softmax over all of them, nothing masked.
        const Table attention = exported(headsArguments(dir, {"--heads-data", "attention"}));
        CHECK_NO_PROBLEM(mismatch(attention, softmaxRows(headScores(qk, 0), false)));
        CHECK_NO_PROBLEM(notAttention(attention, false));
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--heads-data", "kernel"})), diagonalMeans(everyHeadsScores(qk, 2))));
    }

    void llamaShardedInBfloat16()
    {
        const Model model = llamaModel(4, QStringLiteral("BF16"), QStringLiteral("model."));
        const QString dir = folder(QStringLiteral("llama-sharded"));
        // embed_tokens and layer 0 in the first shard, layer 1 in the second.
        QVERIFY(writeSharded(model, dir, 4));
        const int length = 64; // max_position_embeddings
        const MeanQueryKey layer0 = llamaMeans(model, 0), layer1 = llamaMeans(model, 1);

        const Table kernel = exported(headsArguments(dir, {"--heads-data", "kernel"}));
        CHECK_NO_PROBLEM(mismatch(kernel, ropeKernelTable(layer0, length))); // (64, 5)
        CHECK_NO_PROBLEM(notOffsets(kernel));
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--heads-data", "amplitudes"})), ropeAmplitudes(layer0))); // (4, 2)
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--heads-data", "kernel", "--layer", "1"})), ropeKernelTable(layer1, length)));
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--heads-data", "amplitudes", "--layer", "1"})), ropeAmplitudes(layer1)));
        // Head 3 reads key head 1 (H / H_kv = 2 query heads per key head).
        const Matrix scores = ropeScores(layer1, 3, length);
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--layer", "1", "--head", "3"})), scores));
        // --heads-input has no effect for the Llama family, but is accepted.
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(dir, {"--layer", "1", "--head", "3", "--heads-input", "mean-token"})), scores));
        const Table attention = exported(headsArguments(dir, {"--heads-data", "attention", "--layer", "1", "--head", "2"}));
        CHECK_NO_PROBLEM(mismatch(attention, softmaxRows(ropeScores(layer1, 2, length), true)));
        CHECK_NO_PROBLEM(notAttention(attention, true));
    }

    void plantedPreviousTokenHeadLooksOneBack()
    {
        // With E ≥ P the LayerNorm outputs h_p are linearly independent, so there are vectors a_p
        // with h_i·a_p = δ_ip (the rows of (H·Hᵀ)⁻¹·H). Head 0's keys K(j) = c·e_j and queries
        // Q(i) = c·e_{i−1} give S_0[i, j] = c²/sqrt(d_h) ≈ 7.2 for j = i − 1 and about 0 elsewhere.
        const int embd = 24, heads = 2, headDim = 12, positions = 10, vocab = 5;
        const Real c = 5;
        Random random(7);
        Model m;
        m.config = QJsonObject{{QStringLiteral("model_type"), QStringLiteral("gpt2")}, {QStringLiteral("n_embd"), embd},
                               {QStringLiteral("n_head"), heads}, {QStringLiteral("n_positions"), positions},
                               {QStringLiteral("n_layer"), 1}, {QStringLiteral("layer_norm_epsilon"), 1e-5},
                               {QStringLiteral("vocab_size"), vocab}};
        m.add(QStringLiteral("wpe.weight"), {positions, embd}, random.values(positions * embd, 1));
        m.add(QStringLiteral("wte.weight"), {vocab, embd}, random.values(vocab * embd, 1));
        m.add(QStringLiteral("h.0.ln_1.weight"), {embd}, std::vector<double>(embd, 1.0));
        m.add(QStringLiteral("h.0.ln_1.bias"), {embd}, std::vector<double>(embd, 0.0));
        Matrix h; // what ln_1 makes of the stored positions
        for (int p = 0; p < positions; ++p)
            h.push_back(layerNorm(rowOf(m(QStringLiteral("wpe.weight")), p, embd), m(QStringLiteral("h.0.ln_1.weight")),
                                  m(QStringLiteral("h.0.ln_1.bias")), 1e-5));
        Matrix gram(positions, Vector(positions));
        for (int i = 0; i < positions; ++i)
            for (int j = 0; j < positions; ++j)
                gram[i][j] = dot(h[i], h[j]);
        const Matrix dual = solve(gram, h); // row p: a_p
        std::vector<double> w = random.values(embd * 3 * embd, 0.3); // head 1 and the values: random
        for (int e = 0; e < embd; ++e)
            for (int t = 0; t < headDim; ++t) {
                w[e * 3 * embd + t] = t + 1 < positions ? double(c * dual[t + 1][e]) : 0.0; // query column t
                w[e * 3 * embd + embd + t] = t < positions ? double(c * dual[t][e]) : 0.0;  // key column t
            }
        m.add(QStringLiteral("h.0.attn.c_attn.weight"), {embd, 3 * embd}, w);
        m.add(QStringLiteral("h.0.attn.c_attn.bias"), {3 * embd}, std::vector<double>(3 * embd, 0.0));
        const QString path = writeModel(m, folder(QStringLiteral("planted")));
        QVERIFY(!path.isEmpty());
        const QueriesAndKeys qk = gpt2QueriesAndKeys(m, positions, false);

        const Table attention = exported(headsArguments(path, {"--heads-data", "attention"}));
        CHECK_NO_PROBLEM(mismatch(attention, softmaxRows(headScores(qk, 0), true)));
        for (qint64 i = 1; i < positions; ++i) {
            qint64 best = 0;
            for (qint64 j = 1; j <= i; ++j)
                if (attention.at(i, j) > attention.at(i, best))
                    best = j;
            QVERIFY2(best == i - 1 && attention.at(i, i - 1) > 0.5,
                     qPrintable(QStringLiteral("row %1 looks most at %2 (%3), at %4 with %5").arg(i).arg(best)
                                    .arg(attention.at(i, best)).arg(i - 1).arg(attention.at(i, i - 1))));
        }
        const Table kernel = exported(headsArguments(path, {"--heads-data", "kernel"}));
        CHECK_NO_PROBLEM(mismatch(kernel, diagonalMeans(everyHeadsScores(qk, heads))));
        qint64 peak = 0;
        for (qint64 d = 1; d < positions; ++d)
            if (kernel.at(d, 1) > kernel.at(peak, 1))
                peak = d;
        QCOMPARE(peak, qint64(1));
    }

    void ropeHeadInOnePairIsOneCosine()
    {
        // head_dim 8 given by config.json (E/H would be 6); one key head for both query heads.
        const int embd = 12, heads = 2, kvHeads = 1, headDim = 8, positions = 64, vocab = 6, k0 = 1;
        Random random(11);
        Model m; // float32, no prefix, one file
        m.config = QJsonObject{{QStringLiteral("model_type"), QStringLiteral("llama")}, {QStringLiteral("hidden_size"), embd},
                               {QStringLiteral("num_attention_heads"), heads}, {QStringLiteral("num_key_value_heads"), kvHeads},
                               {QStringLiteral("head_dim"), headDim}, {QStringLiteral("rms_norm_eps"), 1e-6},
                               {QStringLiteral("rope_theta"), 10000.0}, {QStringLiteral("max_position_embeddings"), positions},
                               {QStringLiteral("num_hidden_layers"), 1}, {QStringLiteral("vocab_size"), vocab}};
        const std::vector<double> common = random.values(embd, 1);
        std::vector<double> embed = random.values(vocab * embd, 0.5);
        for (std::size_t i = 0; i < embed.size(); ++i)
            embed[i] += common[i % embd];
        m.add(QStringLiteral("embed_tokens.weight"), {vocab, embd}, embed);
        m.add(QStringLiteral("layers.0.input_layernorm.weight"), {embd}, random.values(embd, 0.3, 1));
        // Rank-one maps t·uᵀ with u = h̄/|h̄|²: W·h̄ ≈ t (W is rounded to float32), and every row
        // where t is 0 is exactly 0, so q̄ and k̄ live in pair k0 of head 0 alone.
        const Vector mean = llamaMeanInput(m, 0);
        const Real norm2 = dot(mean, mean);
        const auto rankOne = [&](const std::vector<double>& target) {
            std::vector<double> w(target.size() * embd);
            for (std::size_t r = 0; r < target.size(); ++r)
                for (int e = 0; e < embd; ++e)
                    w[r * embd + e] = double(target[r] * mean[e] / norm2);
            return w;
        };
        std::vector<double> queryTarget(heads * headDim, 0.0), keyTarget(kvHeads * headDim, 0.0);
        queryTarget[k0] = 2.0;
        queryTarget[k0 + headDim / 2] = 1.0;
        keyTarget[k0] = -1.0;
        keyTarget[k0 + headDim / 2] = 1.5;
        m.add(QStringLiteral("layers.0.self_attn.q_proj.weight"), {heads * headDim, embd}, rankOne(queryTarget));
        m.add(QStringLiteral("layers.0.self_attn.k_proj.weight"), {kvHeads * headDim, embd}, rankOne(keyTarget));
        const QString path = writeModel(m, folder(QStringLiteral("rope")));
        QVERIFY(!path.isEmpty());

        const MeanQueryKey means = llamaMeans(m, 0);
        const std::complex<Real> zq = pairOf(means.q, 0, k0, headDim), zk = pairOf(means.k, 0, k0, headDim);
        const Real amplitude = std::abs(zq) * std::abs(zk), phase = std::arg(zq * std::conj(zk));
        const Real angle = theta(means, k0); // 10000^(−2/8) = 0.1: a wavelength of 2π/0.1 ≈ 63 positions
        QVERIFY(std::fabs(angle - 0.1L) < 1e-15L);
        QVERIFY(std::fabs(amplitude - std::sqrt(5.0L) * std::sqrt(3.25L)) < 1e-5L); // the targets' |z|s
        // Kernel_0(Δ) = A·cos(Δ·θ_k0 + φ), A = |z_q|·|z_k|/sqrt(d_h): a single cosine. Head 1's
        // mean query is 0: its kernel is 0.
        Matrix cosine(positions, Vector(heads + 1, 0));
        for (int d = 0; d < positions; ++d) {
            cosine[d][0] = d;
            cosine[d][1] = amplitude / std::sqrt(Real(headDim)) * std::cos(d * angle + phase);
        }
        const Table kernel = exported(headsArguments(path, {"--heads-data", "kernel"}));
        CHECK_NO_PROBLEM(mismatch(kernel, cosine));
        CHECK_NO_PROBLEM(mismatch(kernel, ropeKernelTable(means, positions)));
        // Amplitudes: (2, 4), zero but for pair k0 of head 0.
        Matrix amplitudes(heads, Vector(headDim / 2, 0));
        amplitudes[0][k0] = amplitude;
        CHECK_NO_PROBLEM(mismatch(exported(headsArguments(path, {"--heads-data", "amplitudes"})), amplitudes));
    }

    void badInputsAreRefusedAndWriteNothing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const Model gpt2 = gpt2Model(5);
        const QString good = writeModel(gpt2, folder(QStringLiteral("bad/good")));
        QVERIFY(!good.isEmpty());

        const QString textFolder = folder(QStringLiteral("bad/text"));
        QVERIFY(writeConfig(gpt2, textFolder) && writeFile(textFolder + QStringLiteral("/notes.safetensors"), "these are notes, not tensors\n"));
        QTest::newRow("not safetensors") << headsArguments(textFolder + QStringLiteral("/notes.safetensors"), {}) << QStringLiteral("notes.safetensors");

        // The header promises 100 bytes more than the file holds.
        const QString cutFolder = folder(QStringLiteral("bad/cut"));
        QVERIFY(writeConfig(gpt2, cutFolder) && writeFile(cutFolder + QStringLiteral("/cut.safetensors"), safetensorsFile(gpt2.all()).chopped(100)));
        QTest::newRow("truncated") << headsArguments(cutFolder + QStringLiteral("/cut.safetensors"), {}) << QStringLiteral("cut.safetensors");

        Model missing = gpt2;
        missing.remove(QStringLiteral("h.0.ln_1.bias"));
        QTest::newRow("missing tensor") << headsArguments(writeModel(missing, folder(QStringLiteral("bad/missing"))), {}) << QStringLiteral("ln_1.bias");

        Model wider = gpt2;
        wider.config[QStringLiteral("n_embd")] = 12; // the tensors are 8 wide
        QTest::newRow("shapes against config") << headsArguments(writeModel(wider, folder(QStringLiteral("bad/wider"))), {}) << QStringLiteral("n_embd");

        Model threeHeads = gpt2;
        threeHeads.config[QStringLiteral("n_head")] = 3; // 8 is not a multiple of 3
        QTest::newRow("n_embd not divisible") << headsArguments(writeModel(threeHeads, folder(QStringLiteral("bad/heads"))), {}) << QStringLiteral("n_head");

        QTest::newRow("head out of range") << headsArguments(good, {"--head", "2"}) << QStringLiteral("--head");
        QTest::newRow("gpt2 layer 1") << headsArguments(good, {"--layer", "1"}) << QStringLiteral("--layer");
        QTest::newRow("gpt2 amplitudes") << headsArguments(good, {"--heads-data", "amplitudes"}) << QStringLiteral("amplitudes");
        QTest::newRow("unknown heads-data") << headsArguments(good, {"--heads-data", "values"}) << QStringLiteral("--heads-data");
        QTest::newRow("unknown heads-input") << headsArguments(good, {"--heads-input", "tokens"}) << QStringLiteral("--heads-input");

        const QString bert = writeModel(bertModel(5, QString(), false), folder(QStringLiteral("bad/bert")));
        QTest::newRow("bert layer 1") << headsArguments(bert, {"--layer", "1"}) << QStringLiteral("--layer");

        const QString llama = writeModel(llamaModel(5, QStringLiteral("F32"), QStringLiteral("model.")), folder(QStringLiteral("bad/llama")));
        QTest::newRow("llama layer 5 of 2") << headsArguments(llama, {"--layer", "5"}) << QStringLiteral("--layer");

        const QString sharded = folder(QStringLiteral("bad/sharded"));
        QVERIFY(writeSharded(llamaModel(5, QStringLiteral("BF16"), QStringLiteral("model.")), sharded, 4));
        QVERIFY(QFile::remove(sharded + QLatin1Char('/') + secondShard));
        QTest::newRow("missing shard") << headsArguments(sharded, {}) << secondShard;

        const QString noConfig = folder(QStringLiteral("bad/no-config"));
        QVERIFY(writeFile(noConfig + QStringLiteral("/model.safetensors"), safetensorsFile(gpt2.all())));
        QTest::newRow("no config.json") << headsArguments(noConfig, {}) << QStringLiteral("config.json");

        // A config.json of GPT-2 beside tensors of no known family: the message names what was looked for.
        Model unknown;
        unknown.config = gpt2.config;
        unknown.add(QStringLiteral("foo"), {2, 2}, {1.0, 2.0, 3.0, 4.0});
        QTest::newRow("unknown family") << headsArguments(writeModel(unknown, folder(QStringLiteral("bad/unknown"))), {}) << QStringLiteral("wpe");
    }

    void badInputsAreRefusedAndWriteNothing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("x.npy"));
        const Run run = runCli(arguments + QStringList{QStringLiteral("--export"), file}, out.path());
        QVERIFY2(run.exitedWith(2), qPrintable(run.describe()));
        QVERIFY2(!run.err.trimmed().isEmpty() && run.err.contains(message),
                 qPrintable(QStringLiteral("no “%1” in: %2").arg(message, run.err)));
        // Nothing written: neither the file nor a temporary one beside it.
        QCOMPARE(QDir(out.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot), QStringList());
    }

    void anExistingFileIsKeptWithoutForce()
    {
        const QString dir = folder(QStringLiteral("force"));
        const QString path = writeModel(gpt2Model(6), dir);
        QVERIFY(!path.isEmpty());
        const QString out = dir + QStringLiteral("/out.npy");
        QVERIFY(writeFile(out, "keep me"));
        const QStringList arguments = headsArguments(path, {"--export", out});
        const Run refused = runCli(arguments, dir);
        QVERIFY2(refused.exitedWith(1) && refused.err.contains(QLatin1String("--force")), qPrintable(refused.describe()));
        QFile kept(out);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("keep me"));
        kept.close();
        const Run forced = runCli(arguments + QStringList{QStringLiteral("--force")}, dir);
        QVERIFY2(forced.exitedWith(0), qPrintable(forced.describe()));
        const Table written = readNpy(out);
        QVERIFY2(written.error.isEmpty(), qPrintable(written.error));
        QCOMPARE(written.rows, qint64(16));
    }
};

QTEST_GUILESS_MAIN(TestCliHeads)
#include "tst_cli_heads.moc"
