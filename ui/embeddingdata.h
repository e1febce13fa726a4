// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/tokenembedding.h"

#include <QMetaType>
#include <QString>
#include <QVariantMap>

#include <map>
#include <set>
#include <memory>

namespace pe::ui {

/// Word vectors read from a file: only the words of the sentence they were read for.
struct LoadedWordVectors {
    QString path;
    int dimension = 0;
    std::int64_t vectorCount = 0; ///< vectors in the whole file
    std::map<std::string, Eigen::VectorXd> vectors;
    std::set<std::string> lookedUp; ///< the words asked for (found or not)
};
using WordVectorsPtr = std::shared_ptr<const LoadedWordVectors>;

/// The embeddings view's options (PlotView::viewOptions(); loadedVectors only in exportOptions()).
namespace embeddingKeys {
inline constexpr char sentence[] = "sentence";
inline constexpr char first[] = "first";   ///< index of the first compared token
inline constexpr char second[] = "second"; ///< index of the second compared token
inline constexpr char sqrtScaling[] = "sqrtScaling";
inline constexpr char segments[] = "segments";
inline constexpr char vectorFile[] = "vectorFile";
inline constexpr char loadedVectors[] = "loadedVectors";
} // namespace embeddingKeys

QString defaultSentence();

/// Everything the view draws and exports for one sentence.
struct SentenceData {
    std::vector<core::Token> tokens;
    std::vector<bool> inFile;  ///< per token: found in the loaded file (false: zero vector)
    bool fromFile = false;     ///< word vectors from a file, else pseudo-random
    core::SentenceEmbedding embedding;
    int first = 0, second = 0; ///< compared tokens, clamped to the sentence
    double cosineWords = 0;    ///< of the two word embeddings
    double cosineSums = 0;     ///< of the two sums (what layer 1 sees)
};

/// Word vectors from @p vectors when given and of size d_model, else pseudo-random ones.
SentenceData sentenceData(const core::EncodingSpec& spec, const QVariantMap& options, const WordVectorsPtr& vectors);
WordVectorsPtr loadedVectorsOf(const QVariantMap& options);

/// The data export: shape (4·tokens, d_model): the word embeddings (× √d when on), then the
/// positional encodings, the segment embeddings (zeros when off) and the sums, token by token.
core::RowMatrix embeddingTable(const core::EncodingSpec& spec, const QVariantMap& options);
std::int64_t embeddingTokenCount(const QVariantMap& options);

} // namespace pe::ui

Q_DECLARE_METATYPE(pe::ui::WordVectorsPtr)
