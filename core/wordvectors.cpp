// SPDX-License-Identifier: MIT
#include "core/wordvectors.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>
#include <vector>

namespace pe::core {

namespace {

std::vector<std::string_view> fields(std::string_view line)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            out.push_back(line.substr(start, i - start));
    }
    return out;
}

std::optional<std::int64_t> integer(std::string_view text)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0)
        return std::nullopt;
    return value;
}

/// A short, printable excerpt of a field for a message.
std::string shown(std::string_view text)
{
    std::string out(text.substr(0, 24));
    if (text.size() > 24)
        out += "…";
    return out;
}

/// Parses the file line by line; each call of line() handles one line.
class Parser {
public:
    Parser(const WordVectorReadOptions& options, WordVectorTable& table) : m_options(options), m_table(table) {}

    /// False when reading must stop (the table then holds the error).
    bool line(std::string_view text, std::int64_t number, bool last)
    {
        if (!text.empty() && text.back() == '\r')
            text.remove_suffix(1);
        if (text.find('\0') != std::string_view::npos)
            return fail(WordVectorTable::Status::Error,
                        "line " + std::to_string(number) + " holds binary data: this looks like a binary word2vec "
                        "file (.bin); save the vectors as text (word2vec's -binary 0, or gensim's "
                        "save_word2vec_format(binary=False)) and load that");
        const std::vector<std::string_view> parts = fields(text);
        if (parts.empty())
            return true;
        if (!m_seenFirst) {
            m_seenFirst = true;
            if (parts.size() == 2) {
                const auto count = integer(parts[0]), dimension = integer(parts[1]);
                if (count && dimension) {
                    m_announced = *count;
                    m_headerDimension = static_cast<int>(std::min<std::int64_t>(*dimension, 1 << 30));
                    return true;
                }
            }
        }
        const auto numbers = static_cast<std::int64_t>(parts.size()) - 1;
        const std::string at = "line " + std::to_string(number);
        const std::string word(parts[0]);
        if (numbers == 0)
            return fail(WordVectorTable::Status::Error, at + ": \"" + shown(word) + "\" has no numbers after the word");
        if (m_table.dimension == 0) {
            if (numbers > m_options.maxDimension)
                return fail(WordVectorTable::Status::Error, at + ": vectors of " + std::to_string(numbers)
                                                                + " numbers are too long; at most " + std::to_string(m_options.maxDimension));
            if (m_headerDimension > 0 && numbers != m_headerDimension)
                return fail(WordVectorTable::Status::Error, at + ": \"" + shown(word) + "\" has " + std::to_string(numbers)
                                                                + " numbers, but the header line announces " + std::to_string(m_headerDimension));
            m_table.dimension = static_cast<int>(numbers);
            if (m_options.expectedDimension > 0 && m_table.dimension != m_options.expectedDimension)
                return fail(WordVectorTable::Status::DimensionMismatch,
                            "the vectors in this file have " + std::to_string(m_table.dimension) + " dimensions, but d_model is "
                                + std::to_string(m_options.expectedDimension));
        } else if (numbers != m_table.dimension) {
            return fail(WordVectorTable::Status::Error,
                        at + ": \"" + shown(word) + "\" has " + std::to_string(numbers) + " numbers, earlier lines have "
                            + std::to_string(m_table.dimension)
                            + (last ? " — the file seems cut off (truncated)" : ""));
        }
        const bool keep = m_options.wanted.contains(word) && !m_table.vectors.contains(word);
        Eigen::VectorXd vector(keep ? m_table.dimension : 0);
        for (std::int64_t i = 0; i < numbers; ++i) {
            const std::string_view field = parts[i + 1];
            double value = 0;
            const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
            if (ec == std::errc::result_out_of_range || (ec == std::errc() && end == field.data() + field.size() && !std::isfinite(value)))
                return fail(WordVectorTable::Status::Error, at + ": value " + std::to_string(i + 1) + " of \"" + shown(word)
                                                                + "\" is \"" + shown(field) + "\", which is not a finite number");
            if (ec != std::errc() || end != field.data() + field.size())
                return fail(WordVectorTable::Status::Error, at + ": value " + std::to_string(i + 1) + " of \"" + shown(word)
                                                                + "\" is \"" + shown(field) + "\", which is not a number");
            if (keep)
                vector[i] = value;
        }
        if (keep)
            m_table.vectors.emplace(word, std::move(vector));
        ++m_table.vectorCount;
        return true;
    }

    /// At the end of the input: an empty file, a header that promised more.
    void finish(std::int64_t bytes)
    {
        if (bytes == 0)
            fail(WordVectorTable::Status::Error, "the file is empty");
        else if (m_table.vectorCount == 0)
            fail(WordVectorTable::Status::Error, "the file holds no word vectors");
        else if (m_announced > m_table.vectorCount)
            fail(WordVectorTable::Status::Error, "the file ends after " + std::to_string(m_table.vectorCount) + " of the "
                                                     + std::to_string(m_announced) + " vectors its header announces: "
                                                     "it seems cut off (truncated)");
    }

    bool fail(WordVectorTable::Status status, std::string message)
    {
        m_table.status = status;
        m_table.message = std::move(message);
        return false;
    }

private:
    const WordVectorReadOptions& m_options;
    WordVectorTable& m_table;
    bool m_seenFirst = false;
    std::int64_t m_announced = 0;
    int m_headerDimension = 0;
};

} // namespace

WordVectorTable readWordVectors(std::istream& in, const WordVectorReadOptions& options)
{
    WordVectorTable table;
    Parser parser(options, table);
    // Read in blocks and cut lines ourselves: a binary file may have no line break for
    // gigabytes, and std::getline would try to hold all of it.
    std::vector<char> block(1 << 16);
    std::string pending;
    std::int64_t bytes = 0, lineNumber = 0;
    while (in) {
        in.read(block.data(), static_cast<std::streamsize>(block.size()));
        const std::streamsize got = in.gcount();
        if (got <= 0)
            break;
        bytes += got;
        std::string_view chunk(block.data(), static_cast<std::size_t>(got));
        for (std::size_t newline; (newline = chunk.find('\n')) != std::string_view::npos;) {
            ++lineNumber;
            bool going;
            if (pending.empty()) {
                going = parser.line(chunk.substr(0, newline), lineNumber, false);
            } else {
                pending.append(chunk.substr(0, newline));
                going = pending.size() <= options.maxLineBytes && parser.line(pending, lineNumber, false);
                pending.clear();
            }
            if (!going && table.ok())
                parser.fail(WordVectorTable::Status::Error, "line " + std::to_string(lineNumber) + " is longer than "
                                                                + std::to_string(options.maxLineBytes) + " bytes: this is not a word-vector text file");
            if (!going)
                return table;
            chunk.remove_prefix(newline + 1);
        }
        pending.append(chunk);
        if (pending.size() > options.maxLineBytes) {
            parser.fail(WordVectorTable::Status::Error, "line " + std::to_string(lineNumber + 1) + " is longer than "
                                                            + std::to_string(options.maxLineBytes) + " bytes: this is not a word-vector text file");
            return table;
        }
        if (options.progress && !options.progress(bytes)) {
            parser.fail(WordVectorTable::Status::Cancelled, "reading was cancelled");
            return table;
        }
    }
    if (!pending.empty() && !parser.line(pending, ++lineNumber, true))
        return table;
    parser.finish(bytes);
    return table;
}

} // namespace pe::core
