// SPDX-License-Identifier: MIT
#include "ui/document/embeddingsdata.h"
#include "ui/state/embeddingsoptions.h"

#include <algorithm>

namespace pe::ui {

namespace {

std::vector<core::Token> tokensOf(const EmbeddingsOptions& options)
{
    return core::tokenize(options.sentence.toStdString());
}

} // namespace

WordVectorsPtr vectorsFor(const EmbeddingsOptions& options, const ViewDataPtr& data)
{
    auto vectors = std::dynamic_pointer_cast<const LoadedWordVectors>(data);
    return vectors && !options.vectorFile.isEmpty() && vectors->path == options.vectorFile ? vectors : nullptr;
}

EmbeddingsData embeddingsData(const core::EncodingSpec& spec, const EmbeddingsOptions& options, const ViewDataPtr& given)
{
    EmbeddingsData data;
    const WordVectorsPtr vectors = vectorsFor(options, given);
    data.tokens = tokensOf(options);
    data.fromFile = vectors && vectors->dimension == spec.dModel;
    if (data.fromFile)
        data.vectors = vectors;
    std::vector<Eigen::VectorXd> words;
    for (const core::Token& token : data.tokens) {
        if (!data.fromFile) {
            words.push_back(core::pseudoRandomWordVector(token.text, spec.dModel));
            data.inFile.push_back(false);
            continue;
        }
        const auto found = vectors->vectors.find(token.text);
        data.inFile.push_back(found != vectors->vectors.end());
        words.push_back(found != vectors->vectors.end() ? found->second : Eigen::VectorXd::Zero(spec.dModel));
    }
    core::EmbeddingOptions embedding;
    embedding.scaleBySqrtD = options.sqrtScaling;
    embedding.segments = options.segments;
    data.embedding = core::embedSentence(spec, data.tokens, words, embedding);
    const int count = static_cast<int>(data.tokens.size());
    if (count == 0)
        return data;
    data.first = std::clamp(options.first, 0, count - 1);
    data.second = std::clamp(options.second, 0, count - 1);
    const auto& e = data.embedding;
    data.cosineWords = core::cosineSimilarity(e.word.row(data.first).transpose(), e.word.row(data.second).transpose());
    data.cosineSums = core::cosineSimilarity(e.sum.row(data.first).transpose(), e.sum.row(data.second).transpose());
    for (const core::RowMatrix* m : {&e.word, &e.position, &e.segment, &e.sum})
        if (m->size() > 0)
            data.largest = std::max(data.largest, m->cwiseAbs().maxCoeff());
    return data;
}

} // namespace pe::ui
