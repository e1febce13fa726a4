// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "core/tokenembedding.h"
#include "ui/state/viewpart.h"
#include "ui/state/viewstate.h"
#include "ui/state/embeddingsoptions.h"

#include <QString>

#include <map>
#include <memory>
#include <set>

namespace pe::ui {

/// Word vectors read from a file: only the words of the sentence they were read for. The
/// embeddings view's data beside its options (Document::setViewData), used while
/// EmbeddingsOptions::vectorFile names their file.
struct LoadedWordVectors : ViewData {
    QString path;
    int dimension = 0;
    std::int64_t vectorCount = 0; ///< vectors in the whole file
    std::map<std::string, Eigen::VectorXd> vectors;
    std::set<std::string> lookedUp; ///< the words asked for (found or not)
};
using WordVectorsPtr = std::shared_ptr<const LoadedWordVectors>;

/// Everything the embeddings view draws and exports for one sentence.
struct EmbeddingsData {
    std::vector<core::Token> tokens;
    std::vector<bool> inFile;  ///< per token: found in the loaded file (false: zero vector)
    bool fromFile = false;     ///< word vectors from a file, else pseudo-random
    WordVectorsPtr vectors;    ///< the file's vectors when fromFile
    core::SentenceEmbedding embedding;
    int first = 0, second = 0; ///< compared tokens, clamped to the sentence
    double cosineWords = 0;    ///< of the two word embeddings
    double cosineSums = 0;     ///< of the two sums (what layer 1 sees)
    double largest = 0;        ///< largest magnitude over the four panels (the colour scale)
};

/// The vectors to use for `options`: the view's data when it holds the vectors read from
/// options.vectorFile, else none (pseudo-random).
WordVectorsPtr vectorsFor(const EmbeddingsOptions& options, const ViewDataPtr& data);

/// Word vectors from `vectors` (see vectorsFor) when given and of size d_model, else pseudo-random ones.
EmbeddingsData embeddingsData(const core::EncodingSpec& spec, const EmbeddingsOptions& options, const ViewDataPtr& data);

} // namespace pe::ui
