// SPDX-License-Identifier: MIT
// Small model checkpoints for the tests of the Heads view (issue 51): the safetensors format
// written from its definition (an 8-byte little-endian header length, a JSON header naming each
// tensor's dtype, shape and byte range, then the raw little-endian data), and config.json.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QVariantMap>

#include <cstdint>
#include <cstring>
#include <vector>

namespace testsupport {

struct TensorToWrite {
    QString name;
    std::vector<std::int64_t> shape;
    std::vector<float> values; ///< row-major, stored as float32
};

inline bool writeSafetensors(const QString& path, const std::vector<TensorToWrite>& tensors)
{
    QJsonObject header;
    QByteArray data;
    for (const TensorToWrite& t : tensors) {
        QVariantList shape;
        for (std::int64_t s : t.shape)
            shape << QVariant::fromValue<qint64>(s);
        const qint64 begin = data.size();
        data.append(reinterpret_cast<const char*>(t.values.data()), qsizetype(t.values.size() * sizeof(float)));
        header.insert(t.name, QJsonObject{{QStringLiteral("dtype"), QStringLiteral("F32")},
                                          {QStringLiteral("shape"), QJsonValue::fromVariant(shape)},
                                          {QStringLiteral("data_offsets"), QJsonValue::fromVariant(QVariantList{begin, qint64(data.size())})}});
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (json.size() % 8 != 0)
        json.append(' ');
    QByteArray file(8, '\0');
    const std::uint64_t length = std::uint64_t(json.size());
    for (int i = 0; i < 8; ++i)
        file[i] = char((length >> (8 * i)) & 0xff);
    QFile out(path);
    return out.open(QIODevice::WriteOnly) && out.write(file + json + data) == file.size() + json.size() + data.size();
}

inline bool writeConfig(const QString& path, const QJsonObject& config)
{
    QFile out(path);
    return out.open(QIODevice::WriteOnly) && out.write(QJsonDocument(config).toJson()) > 0;
}

/// A GPT-2 of width 16, 2 heads and 8 positions whose head 0 attends to the previous position:
/// position p's vector is row p + 1 of the 16 × 16 Hadamard matrix (mean 0, variance 1, so
/// LayerNorm leaves it), head 0's key of position j is 4·e_j and its query of position i is
/// 8·e_{i−1}, so S[i, j] = 32 / √8 when j = i − 1 and 0 elsewhere. Head 1 is all zeros: uniform.
inline bool writePreviousTokenGpt2(const QString& folder)
{
    constexpr int e = 16, positions = 8, headDim = 8;
    auto hadamard = [](int i, int j) { return (__builtin_popcount(unsigned(i & j)) % 2) ? -1.0f : 1.0f; };
    std::vector<float> wpe(positions * e), attn(e * 3 * e, 0.0f);
    for (int p = 0; p < positions; ++p)
        for (int c = 0; c < e; ++c)
            wpe[std::size_t(p * e + c)] = hadamard(p + 1, c);
    for (int r = 0; r < e; ++r)
        for (int c = 0; c < headDim; ++c) {
            attn[std::size_t(r * 3 * e + c)] = 2.0f * hadamard(c + 2, r) / 4.0f;     // W_Q, head 0
            attn[std::size_t(r * 3 * e + e + c)] = hadamard(c + 1, r) / 4.0f;        // W_K, head 0
        }
    const std::vector<TensorToWrite> tensors{
        {QStringLiteral("wpe.weight"), {positions, e}, wpe},
        {QStringLiteral("wte.weight"), {3, e}, std::vector<float>(3 * e, 0.0f)},
        {QStringLiteral("h.0.ln_1.weight"), {e}, std::vector<float>(e, 1.0f)},
        {QStringLiteral("h.0.ln_1.bias"), {e}, std::vector<float>(e, 0.0f)},
        {QStringLiteral("h.0.attn.c_attn.weight"), {e, 3 * e}, attn},
        {QStringLiteral("h.0.attn.c_attn.bias"), {3 * e}, std::vector<float>(3 * e, 0.0f)},
    };
    return writeSafetensors(folder + QStringLiteral("/model.safetensors"), tensors)
        && writeConfig(folder + QStringLiteral("/config.json"),
                       QJsonObject{{QStringLiteral("model_type"), QStringLiteral("gpt2")}, {QStringLiteral("n_embd"), e},
                                   {QStringLiteral("n_head"), 2}, {QStringLiteral("n_positions"), positions},
                                   {QStringLiteral("n_layer"), 1}, {QStringLiteral("layer_norm_epsilon"), 1e-5}});
}

/// A Llama of width 16, `layers` layers of 2 heads of 8 (4 rotated pairs, rotate_half), whose
/// every vocabulary row is all ones (RMS 1, so the mean normalised row is 1/√(1 + eps) in every
/// place) and norm weights are ones. Head h of layer l has its mean query and key in pair
/// onePairOf(l, h) alone, each 1/√(1 + eps), so its scores are S[i, j] = cos((i − j)·θ_p) /
/// ((1 + eps)·√8) with θ_p = 10000^(−2p/8).
inline int onePairOf(int layer, int head) { return (layer + 2 * head) % 4; }
constexpr double onePairLlamaEps = 1e-6;
inline bool writeOnePairLlama(const QString& folder, int layers, int positions)
{
    constexpr int e = 16, heads = 2, headDim = 8, vocabulary = 3;
    std::vector<TensorToWrite> tensors{{QStringLiteral("model.embed_tokens.weight"), {vocabulary, e}, std::vector<float>(vocabulary * e, 1.0f)}};
    for (int l = 0; l < layers; ++l) {
        const QString at = QStringLiteral("model.layers.%1.").arg(l);
        std::vector<float> q(heads * headDim * e, 0.0f), k(heads * headDim * e, 0.0f);
        for (int h = 0; h < heads; ++h)
            for (int c = 0; c < e; ++c) { // row h·8 + p: the real part of pair p; 1/16 · 16 ones = 1
                q[std::size_t((h * headDim + onePairOf(l, h)) * e + c)] = 1.0f / e;
                k[std::size_t((h * headDim + onePairOf(l, h)) * e + c)] = 1.0f / e;
            }
        tensors.push_back({at + QStringLiteral("input_layernorm.weight"), {e}, std::vector<float>(e, 1.0f)});
        tensors.push_back({at + QStringLiteral("self_attn.q_proj.weight"), {heads * headDim, e}, q});
        tensors.push_back({at + QStringLiteral("self_attn.k_proj.weight"), {heads * headDim, e}, k});
    }
    return writeSafetensors(folder + QStringLiteral("/model.safetensors"), tensors)
        && writeConfig(folder + QStringLiteral("/config.json"),
                       QJsonObject{{QStringLiteral("model_type"), QStringLiteral("llama")}, {QStringLiteral("hidden_size"), e},
                                   {QStringLiteral("num_attention_heads"), heads}, {QStringLiteral("num_key_value_heads"), heads},
                                   {QStringLiteral("head_dim"), headDim}, {QStringLiteral("num_hidden_layers"), layers},
                                   {QStringLiteral("max_position_embeddings"), positions}, {QStringLiteral("rope_theta"), 10000.0},
                                   {QStringLiteral("rms_norm_eps"), onePairLlamaEps}, {QStringLiteral("vocab_size"), vocabulary}});
}

} // namespace testsupport
