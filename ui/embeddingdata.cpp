// SPDX-License-Identifier: MIT
#include "ui/embeddingdata.h"

#include <QObject>

namespace pe::ui {

QString defaultSentence()
{
    return QStringLiteral("The black cat sat on the couch and the brown dog slept on the rug.");
}

namespace {

std::vector<core::Token> tokensOf(const QVariantMap& options)
{
    return core::tokenize(options.value(QLatin1String(embeddingKeys::sentence), defaultSentence()).toString().toStdString());
}

} // namespace

WordVectorsPtr loadedVectorsOf(const QVariantMap& options)
{
    return options.value(QLatin1String(embeddingKeys::loadedVectors)).value<WordVectorsPtr>();
}

SentenceData sentenceData(const core::EncodingSpec& spec, const QVariantMap& options, const WordVectorsPtr& vectors)
{
    SentenceData data;
    data.tokens = tokensOf(options);
    data.fromFile = vectors && vectors->dimension == spec.dModel;
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
    embedding.scaleBySqrtD = options.value(QLatin1String(embeddingKeys::sqrtScaling), true).toBool();
    embedding.segments = options.value(QLatin1String(embeddingKeys::segments), false).toBool();
    data.embedding = core::embedSentence(spec, data.tokens, words, embedding);
    const int count = static_cast<int>(data.tokens.size());
    if (count == 0)
        return data;
    data.first = std::clamp(options.value(QLatin1String(embeddingKeys::first), 1).toInt(), 0, count - 1);
    data.second = std::clamp(options.value(QLatin1String(embeddingKeys::second), 9).toInt(), 0, count - 1);
    const auto& e = data.embedding;
    data.cosineWords = core::cosineSimilarity(e.word.row(data.first).transpose(), e.word.row(data.second).transpose());
    data.cosineSums = core::cosineSimilarity(e.sum.row(data.first).transpose(), e.sum.row(data.second).transpose());
    return data;
}

std::int64_t embeddingTokenCount(const QVariantMap& options)
{
    return static_cast<std::int64_t>(tokensOf(options).size());
}

core::RowMatrix embeddingTable(const core::EncodingSpec& spec, const QVariantMap& options)
{
    const SentenceData data = sentenceData(spec, options, loadedVectorsOf(options));
    const auto t = static_cast<Eigen::Index>(data.tokens.size());
    core::RowMatrix table(4 * t, spec.dModel);
    if (t == 0)
        return table;
    table << data.embedding.word, data.embedding.position, data.embedding.segment, data.embedding.sum;
    return table;
}

} // namespace pe::ui
