// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVariantMap>

namespace pe::ui {

struct ViewState;

/// The embeddings view's options: the sentence, the two tokens compared, the switches, and the
/// word-vector file in use (empty: pseudo-random vectors).
struct EmbeddingsOptions {
    static constexpr int maxSentence = 4096; ///< characters
    QString sentence = defaultSentence();
    int first = 1, second = 9; ///< token indices (clamped to the sentence when drawn)
    bool sqrtScaling = true;
    bool segments = false;
    QString vectorFile;
    bool operator==(const EmbeddingsOptions&) const = default;
    static QString defaultSentence();
};

/// The options as a session's view.options holds them ({"scale": 8, …}); a missing or wrong
/// key takes its default, values are clamped to what the controls allow.
QVariantMap toVariantMap(const EmbeddingsOptions& options);
EmbeddingsOptions embeddingsOptionsFrom(const QVariantMap& map);
EmbeddingsOptions clamped(EmbeddingsOptions options);
// Held by the view's key in ViewState::options (its catalogue entry's defaultOptions and
// validOptions); read and written as this struct.
EmbeddingsOptions embeddingsOptions(const ViewState& state);
void setEmbeddingsOptions(ViewState& state, const EmbeddingsOptions& options);

} // namespace pe::ui
