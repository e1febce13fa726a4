// SPDX-License-Identifier: MIT
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <functional>
#include <istream>
#include <map>
#include <set>
#include <string>

namespace pe::core {

/// Reading word vectors in the text format of word2vec (an optional "count dimension" header
/// line, then "word v1 … vd" per line) and GloVe (no header). The file is streamed: only the
/// vectors of the wanted words are kept, so a multi-gigabyte file needs a few kilobytes.
struct WordVectorReadOptions {
    std::set<std::string> wanted;       ///< words to keep (compared exactly)
    int expectedDimension = 0;          ///< stop at the first vector of another size; 0: any
    int maxDimension = 4096;
    std::size_t maxLineBytes = 1 << 20; ///< a longer line is not word-vector text
    /// Called now and then with the bytes read so far; return false to cancel.
    std::function<bool(std::int64_t)> progress;
};

struct WordVectorTable {
    enum class Status { Ok, Error, DimensionMismatch, Cancelled };
    Status status = Status::Ok;
    std::string message;          ///< what is wrong and where (line number), for the user
    int dimension = 0;            ///< of the vectors in the file (also on DimensionMismatch)
    std::int64_t vectorCount = 0; ///< vectors read
    std::map<std::string, Eigen::VectorXd> vectors; ///< the wanted words found
    bool ok() const { return status == Status::Ok; }
};

/// Reads word vectors from @p in. Reports, with the line number: an empty input, binary data
/// (word2vec .bin), a line without numbers, a value that is not a number or not finite, a
/// vector whose size differs from the first one (or from the header's), a dimension beyond
/// maxDimension, a line beyond maxLineBytes, and an input that ends before the vector count
/// its header announces. The first vector of a word wins over later duplicates.
WordVectorTable readWordVectors(std::istream& in, const WordVectorReadOptions& options);

} // namespace pe::core
