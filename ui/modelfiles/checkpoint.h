// SPDX-License-Identifier: MIT
#pragma once

#include "core/heads.h"
#include "core/ropemodel.h"
#include "ui/modelfiles/tableformats.h"

#include <QHash>
#include <QString>

#include <memory>
#include <optional>
#include <variant>
#include <vector>

class QFile;

namespace pe::ui {

/// The model families whose heads the Heads view reads (issue 51), told apart by their tensors.
enum class CheckpointFamily { Gpt2, Bert, Llama };
QString checkpointFamilyName(CheckpointFamily family); ///< "GPT-2", "BERT", "Llama family"

/// What config.json and the tensors say about a model, checked against each other.
struct CheckpointModel {
    CheckpointFamily family = CheckpointFamily::Gpt2;
    QString prefix;               ///< what its tensor names start with: "transformer.", "bert.", "model." or ""
    int hidden = 0;               ///< n_embd, hidden_size
    int heads = 0;                ///< n_head, num_attention_heads
    int kvHeads = 0;              ///< num_key_value_heads (the others: heads)
    int headDim = 0;              ///< hidden / heads, or the config's head_dim
    int layers = 0;
    std::int64_t positions = 0;   ///< its position table's rows, or max_position_embeddings (Llama)
    double eps = 0;               ///< its LayerNorm's or RMSNorm's
    std::optional<core::RopeModel> rope; ///< the Llama family's rotation, read as --model-config reads it
};

/// A model checkpoint opened for reading: a .safetensors file with config.json beside it, or a
/// folder holding model.safetensors or model.safetensors.index.json (shards) and config.json.
/// Its tensors are memory-mapped one by one as they are asked for, never read whole (a 16 GiB
/// checkpoint opens with its headers). Thread-safe: tensors may be asked for from any thread.
class Checkpoint {
public:
    /// The checkpoint at `path`, or a message naming the file, the tensor or the field, the
    /// value and what is allowed.
    static std::variant<std::shared_ptr<Checkpoint>, QString> open(const QString& path);

    ~Checkpoint();
    Checkpoint(const Checkpoint&) = delete;
    Checkpoint& operator=(const Checkpoint&) = delete;

    const CheckpointModel& model() const { return m_model; }
    const QString& path() const { return m_path; }
    QString displayName() const; ///< the folder's or the file's name
    /// The tensor `name` (without the model's prefix), of `rows` × `columns` (a vector: 1 ×
    /// columns), mapped; or a message naming it, its shape and the one expected.
    std::variant<core::TensorRef, QString> tensor(const QString& name, std::int64_t rows, std::int64_t columns) const;
    /// The first of `names` (without prefix) that the checkpoint holds; empty if none.
    QString firstPresent(const QStringList& names) const;

private:
    Checkpoint() = default;
    struct File;
    struct Located {
        int file = -1;
        SafetensorsEntry entry;
    };
    QString m_path;
    CheckpointModel m_model;
    std::vector<std::unique_ptr<File>> m_files;
    QHash<QString, Located> m_tensors; ///< by full name
};
using CheckpointPtr = std::shared_ptr<const Checkpoint>;

/// A shard index's file names (model.safetensors.index.json's weight_map values, each once, in
/// order of first use), or a message; the fuzzer's entry point with parseSafetensorsHeader.
std::variant<QStringList, QString> parseShardIndex(const QByteArray& json);

/// What the Heads view's scores are made from (GPT-2, BERT): the position vectors alone, or
/// with the mean token embedding added.
enum class HeadsInput { Positions, MeanToken };

/// A layer's heads, read from the checkpoint and projected: what every export and picture of
/// the Heads view is computed from. GPT-2 and BERT: queries and keys at L positions; the Llama
/// family: each head's mean query and key per rotated pair.
struct LayerHeads {
    CheckpointFamily family = CheckpointFamily::Gpt2;
    int layer = 0;
    std::int64_t length = 0; ///< L, the positions scored
    std::optional<core::ProjectedHeads> projected;
    std::optional<core::RotaryHeads> rotary;

    int headCount() const;
    bool causal() const { return family != CheckpointFamily::Bert; }
    Eigen::MatrixXd scores(int head) const;    ///< L × L, no mask
    Eigen::MatrixXd attention(int head) const; ///< L × L row softmax (causal: 0 above the diagonal)
    /// L × heads: per offset Δ = 0 … L−1 the mean of S_h[i, i − Δ] (GPT-2, BERT), or the exact
    /// kernel (Llama).
    Eigen::MatrixXd kernel() const;
};

/// Layer `layer`'s heads over `length` positions (at most the model's). GPT-2 and BERT have
/// layer 0 only. A message names the option or tensor and what is allowed.
std::variant<LayerHeads, QString> readLayerHeads(const Checkpoint& checkpoint, int layer, HeadsInput input, std::int64_t length);
/// The Llama family: the mean over the vocabulary of each embedding row divided by its RMS (one
/// pass over embed_tokens, 1 GiB for Llama 3 8B), which every layer's mean hidden state scales.
std::variant<Eigen::VectorXd, QString> readMeanTokenDirection(const Checkpoint& checkpoint);
/// The Llama family: layer `layer`'s heads' mean queries and keys per rotated pair, from the
/// direction above (reads the layer's norm weight, q_proj and k_proj).
std::variant<core::RotaryHeads, QString> readRotaryLayer(const Checkpoint& checkpoint, int layer, const Eigen::VectorXd& direction);

} // namespace pe::ui
