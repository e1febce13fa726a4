// SPDX-License-Identifier: MIT
#include "core/presets.h"

#include <array>

namespace pe::core {

namespace {

// Several libraries share one setting; each keeps its own row so that people find the code
// they ran by its name. Every row is checked against a port of that library's code in
// tests/core/tst_libraries.cpp.
constexpr std::array presets{
    EncodingPreset{"paper", "Paper / PyTorch tutorial",
                   "Vaswani et al. §3.5; PyTorch tutorial PositionalEncoding", Layout::Interleaved,
                   FrequencyRule::Paper, 0, "crashes (shape mismatch in the cos columns)"},
    EncodingPreset{"annotated-transformer", "Annotated Transformer", "The Annotated Transformer, PositionalEncoding",
                   Layout::Interleaved, FrequencyRule::Paper, 0, "crashes (shape mismatch in the cos columns)"},
    EncodingPreset{"tensorflow", "TensorFlow tutorial", "TensorFlow text tutorial positional_encoding(length, depth)",
                   Layout::Split, FrequencyRule::Paper, 0, "returns d + 1 columns; we equal its first d"},
    EncodingPreset{"tensorflow-interleaved", "TensorFlow tutorial (older, interleaved)",
                   "older TensorFlow tutorial get_angles + sin/cos on even/odd columns", Layout::Interleaved,
                   FrequencyRule::Paper, 0, "last column is the sine of pair ⌊d/2⌋"},
    EncodingPreset{"tensor2tensor", "tensor2tensor", "tensor2tensor common_attention.get_timing_signal_1d",
                   Layout::Split, FrequencyRule::Tensor2Tensor, 0, "⌊d/2⌋ pairs and a zero last column"},
    EncodingPreset{"fairseq", "fairseq", "fairseq SinusoidalPositionalEmbedding.get_embedding (padding_idx 1)",
                   Layout::Split, FrequencyRule::Tensor2Tensor, 2,
                   "zero last column; d = 2, 3 raise ZeroDivisionError there (we use tensor2tensor's max(n−1, 1))"},
    EncodingPreset{"hf-distilbert", "Hugging Face DistilBERT / XLM", "transformers create_sinusoidal_embeddings",
                   Layout::Interleaved, FrequencyRule::Paper, 0, "last column is the sine of pair ⌊d/2⌋"},
    EncodingPreset{"hf-marian", "Hugging Face Marian", "transformers MarianSinusoidalPositionalEmbedding",
                   Layout::Split, FrequencyRule::Paper, 0, "⌈d/2⌉ sine columns, then ⌊d/2⌋ cosine columns"},
    EncodingPreset{"whisper", "Whisper", "openai-whisper model.sinusoids", Layout::Split,
                   FrequencyRule::Tensor2Tensor, 0, "asserts an even d"},
};

} // namespace

std::span<const EncodingPreset> encodingPresets() { return presets; }

const EncodingPreset* findPreset(std::string_view name)
{
    for (const EncodingPreset& preset : presets)
        if (preset.name == name)
            return &preset;
    return nullptr;
}

EncodingSpec withPreset(EncodingSpec spec, const EncodingPreset& preset)
{
    spec.layout = preset.layout;
    spec.frequencies = preset.frequencies;
    spec.firstPosition = preset.firstPosition;
    return spec;
}

bool matchesPreset(const EncodingSpec& spec, const EncodingPreset& preset)
{
    return spec.layout == preset.layout && spec.frequencies == preset.frequencies
        && spec.firstPosition == preset.firstPosition;
}

std::vector<std::string_view> matchingPresets(const EncodingSpec& spec)
{
    std::vector<std::string_view> names;
    for (const EncodingPreset& preset : presets)
        if (matchesPreset(spec, preset))
            names.push_back(preset.name);
    return names;
}

} // namespace pe::core
