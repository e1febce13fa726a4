// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <map>
#include <string>
#include <vector>

namespace pe::core {

/// The input of a Transformer as in BERT: for each token, its word embedding (optionally times
/// √d_model, as "Attention Is All You Need" §3.4 does), plus the positional encoding of its
/// position, plus optionally a segment embedding (sentence A or B); the sum goes into layer 1.

struct Token {
    std::string text; ///< lowercased, as an uncased tokenizer gives it
    int segment = 0;  ///< 0 = sentence A, 1 = sentence B (after a "[SEP]")
};

/// Splits a sentence into lowercased words (runs of letters, digits, apostrophes, and any
/// non-ASCII UTF-8 bytes) and single punctuation marks. "[SEP]" is not a token: it starts
/// sentence B. At most @p maxTokens tokens.
std::vector<Token> tokenize(const std::string& sentence, int maxTokens = 256);

/// A deterministic stand-in for a learned embedding: entries drawn from a normal distribution
/// by a counter-based generator (SplitMix64) seeded with the FNV-1a hash of @p word, then
/// scaled to length 1 — the size of a freshly initialised Transformer embedding (entries of
/// about ±1/√d), which ×√d brings to entries of about ±1, the size of the encoding's.
Eigen::VectorXd pseudoRandomWordVector(const std::string& word, int dModel);

/// The segment embedding of sentence A (0) or B (1): a pseudo-random vector as above.
Eigen::VectorXd segmentVector(int segment, int dModel);

struct EmbeddingOptions {
    bool scaleBySqrtD = true;  ///< word embedding × √d_model
    bool segments = false;     ///< add the segment embedding
};

/// The four matrices of a sentence, each (tokens × d_model): word (already ×√d when asked),
/// positional encoding (token i at position spec.firstPosition + i), segment (zero when off)
/// and their sum.
struct SentenceEmbedding {
    RowMatrix word, position, segment, sum;
};

/// @p wordVectors holds one vector of size d_model per token (e.g. from a word-vector file or
/// pseudoRandomWordVector()).
SentenceEmbedding embedSentence(const EncodingSpec& spec, const std::vector<Token>& tokens,
                                const std::vector<Eigen::VectorXd>& wordVectors, const EmbeddingOptions& options);

/// a·b / (‖a‖‖b‖); 0 when either is zero.
double cosineSimilarity(const Eigen::VectorXd& a, const Eigen::VectorXd& b);

} // namespace pe::core
