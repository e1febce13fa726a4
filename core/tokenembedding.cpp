// SPDX-License-Identifier: MIT
#include "core/tokenembedding.h"

#include <cctype>
#include <cmath>
#include <numbers>

namespace pe::core {

namespace {

std::uint64_t fnv1a(const std::string& text)
{
    std::uint64_t hash = 14695981039346656037ull;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return hash;
}

/// SplitMix64 of a counter: value i of a stream depends on (seed, i) only, so vectors never
/// depend on which other words were drawn first.
std::uint64_t splitMix(std::uint64_t seed, std::uint64_t counter)
{
    std::uint64_t z = seed + (counter + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double unitInterval(std::uint64_t bits)
{
    return (static_cast<double>(bits >> 11) + 0.5) * 0x1.0p-53; // in (0, 1): log() stays finite
}

Eigen::VectorXd hashedUnitVector(std::uint64_t seed, int dModel)
{
    Eigen::VectorXd v(dModel);
    for (int i = 0; i < dModel; ++i) {
        // Box–Muller from two uniform draws of the counter stream.
        const double u = unitInterval(splitMix(seed, 2 * std::uint64_t(i)));
        const double w = unitInterval(splitMix(seed, 2 * std::uint64_t(i) + 1));
        v[i] = std::sqrt(-2.0 * std::log(u)) * std::cos(2 * std::numbers::pi * w);
    }
    const double norm = v.norm();
    return norm > 0 ? Eigen::VectorXd(v / norm) : v;
}

bool isWordByte(unsigned char c)
{
    return std::isalnum(c) || c == '\'' || c >= 0x80;
}

} // namespace

std::vector<Token> tokenize(const std::string& sentence, int maxTokens)
{
    std::vector<Token> tokens;
    int segment = 0;
    std::size_t i = 0;
    while (i < sentence.size() && static_cast<int>(tokens.size()) < maxTokens) {
        const auto c = static_cast<unsigned char>(sentence[i]);
        if (std::isspace(c)) {
            ++i;
        } else if (sentence.compare(i, 5, "[SEP]") == 0 || sentence.compare(i, 5, "[sep]") == 0) {
            segment = 1;
            i += 5;
        } else if (isWordByte(c)) {
            std::string word;
            for (; i < sentence.size() && isWordByte(static_cast<unsigned char>(sentence[i])); ++i)
                word += static_cast<char>(std::tolower(static_cast<unsigned char>(sentence[i])));
            tokens.push_back({word, segment});
        } else {
            tokens.push_back({std::string(1, static_cast<char>(c)), segment});
            ++i;
        }
    }
    return tokens;
}

Eigen::VectorXd pseudoRandomWordVector(const std::string& word, int dModel)
{
    return hashedUnitVector(fnv1a(word), dModel);
}

Eigen::VectorXd segmentVector(int segment, int dModel)
{
    return hashedUnitVector(fnv1a(segment == 0 ? "[segment A]" : "[segment B]"), dModel);
}

SentenceEmbedding embedSentence(const EncodingSpec& spec, const std::vector<Token>& tokens,
                                const std::vector<Eigen::VectorXd>& wordVectors, const EmbeddingOptions& options)
{
    const auto count = static_cast<Eigen::Index>(tokens.size());
    const int d = spec.dModel;
    SentenceEmbedding e;
    e.word.setZero(count, d);
    e.position.setZero(count, d);
    e.segment.setZero(count, d);
    const double factor = options.scaleBySqrtD ? std::sqrt(static_cast<double>(d)) : 1.0;
    const Eigen::VectorXd segments[2] = {segmentVector(0, d), segmentVector(1, d)};
    for (Eigen::Index i = 0; i < count; ++i) {
        if (i < static_cast<Eigen::Index>(wordVectors.size()) && wordVectors[i].size() == d)
            e.word.row(i) = factor * wordVectors[i].transpose();
        e.position.row(i) = encodingVector(spec, spec.firstPosition + i).transpose();
        if (options.segments)
            e.segment.row(i) = segments[tokens[i].segment == 0 ? 0 : 1].transpose();
    }
    e.sum = e.word + e.position + e.segment;
    return e;
}

double cosineSimilarity(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    const double norms = a.norm() * b.norm();
    return norms > 0 ? a.dot(b) / norms : 0.0;
}

} // namespace pe::core
