// SPDX-License-Identifier: MIT
#include "core/datawriters.h"

#include <bit>
#include <charconv>
#include <cstring>

namespace pe::core {

std::string npyHeader(std::int64_t rows, std::int64_t cols)
{
    std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(rows)
        + ", " + std::to_string(cols) + "), }";
    // magic (6) + version (2) + length (2) + dict, padded with spaces to a multiple of 64 and
    // closed by a newline, as NumPy writes it.
    const std::size_t unpadded = 10 + dict.size() + 1;
    dict.append((64 - unpadded % 64) % 64, ' ');
    dict.push_back('\n');
    std::string header("\x93NUMPY\x01\x00", 8);
    header.push_back(static_cast<char>(dict.size() & 0xff));
    header.push_back(static_cast<char>(dict.size() >> 8));
    return header + dict;
}

void appendNpyRows(std::string& out, const Eigen::Ref<const RowMatrix>& block)
{
    const std::size_t start = out.size();
    out.resize(start + block.size() * sizeof(double));
    char* dst = out.data() + start;
    for (Eigen::Index r = 0; r < block.rows(); ++r)
        for (Eigen::Index c = 0; c < block.cols(); ++c) {
            auto bits = std::bit_cast<std::uint64_t>(block(r, c));
            if constexpr (std::endian::native == std::endian::big)
                bits = __builtin_bswap64(bits);
            std::memcpy(dst, &bits, sizeof bits);
            dst += sizeof bits;
        }
}

void appendCsvRows(std::string& out, const Eigen::Ref<const RowMatrix>& block)
{
    char buffer[32];
    for (Eigen::Index r = 0; r < block.rows(); ++r) {
        for (Eigen::Index c = 0; c < block.cols(); ++c) {
            if (c > 0)
                out.push_back(',');
            const auto result = std::to_chars(buffer, buffer + sizeof buffer, block(r, c));
            out.append(buffer, result.ptr);
        }
        out.push_back('\n');
    }
}

} // namespace pe::core
