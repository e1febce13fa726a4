// SPDX-License-Identifier: MIT
#pragma once

#include "core/ropemodel.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pe::ui {

/// A model's rotary configuration read from a Hugging Face config.json, or why it cannot be.
struct RopeConfigResult {
    std::optional<core::RopeModel> model;
    QString error; ///< names the field and what is allowed; empty when read
};

/// Reads the fields real configs use (the canonical names and the older ones: GPT-NeoX's
/// rotary_pct and rotary_emb_base, GPT-J's n_embd, n_head, n_positions and rotary_dim, Phi-3's
/// top-level original_max_position_embeddings and type "su", DeepSeek's qk_rope_head_dim,
/// rope_parameters as Transformers 5 writes it, a text_config inside a multimodal config).
RopeConfigResult parseRopeConfig(const QByteArray& json, const QString& name, const QString& source);

/// A config.json, or a model folder holding one.
RopeConfigResult readRopeConfig(const QString& path);

/// The models shipped with the application (resources/models/rope-models.json), each read
/// through parseRopeConfig from the fields of its published config.json.
struct LibraryModel {
    QString key;  ///< the command line's name: llama-3.1-8b
    core::RopeModel model;
};
const std::vector<LibraryModel>& ropeModelLibrary();
QStringList ropeModelKeys();
std::optional<core::RopeModel> libraryModel(const QString& key);

/// A library key, else a file or folder (the command line's --model-config and --compare-config).
RopeConfigResult ropeModelFrom(const QString& keyOrPath);

} // namespace pe::ui
