// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstdint>
#include <functional>
#include <variant>

namespace pe::ui {

/// The number types a loaded table may hold (what models store position tables in).
enum class ElementType { Float16, BFloat16, Float32, Float64 };
int elementBytes(ElementType type);
QString elementTypeName(ElementType type); ///< "float16", "bfloat16", "float32", "float64"

/// Where a (positions × dims) matrix lies in a file: a pure description, checked against the
/// file's size, that EncodingTable reads through a memory mapping.
struct TableLayout {
    ElementType type = ElementType::Float32;
    bool bigEndian = false;
    bool columnMajor = false;     ///< NumPy's fortran_order
    std::int64_t rows = 0;        ///< positions
    std::int64_t columns = 0;     ///< dims
    std::int64_t dataOffset = 0;  ///< bytes from the start of the file
    QString droppedDims;          ///< leading size-1 dims left out, e.g. "1 × " (ViT's (1, 197, 768))
    std::int64_t dataBytes() const { return rows * columns * elementBytes(type); }
};

/// The fixed limits of the readers: what a header may claim before it is read.
struct TableLimits {
    static constexpr std::int64_t maxSafetensorsHeader = 100'000'000; ///< as the safetensors library
    static constexpr std::int64_t maxNpyHeader = 1 << 20;             ///< NumPy writes a few hundred bytes
    static constexpr std::int64_t maxCsvBytes = std::int64_t(1) << 31; ///< text tables are small; 2 GiB
};

/// The head of a .npy file (format 1.0, 2.0 or 3.0): its dtype, order and shape, checked
/// against the file's size. `head` holds at least the first bytes of the file (the header
/// length field says how many more are needed: npyHeaderBytes()).
std::variant<TableLayout, QString> parseNpyHeader(const QByteArray& head, std::int64_t fileSize);
/// How many bytes of the file parseNpyHeader() needs (the magic, version, length and the
/// header itself), or −1 when `first12` (the first 12 bytes) are not a .npy start.
std::int64_t npyHeaderBytes(const QByteArray& first12);

/// One tensor of a .safetensors file, as its header lists it.
struct SafetensorsEntry {
    QString name;
    QString dtype;                  ///< as written: F16, BF16, F32, F64, I64, …
    QList<std::int64_t> shape;
    std::int64_t begin = 0, end = 0; ///< byte offsets from the start of the data
    QString shapeText() const;       ///< "1024 × 768"
};
struct SafetensorsHeader {
    std::int64_t dataOffset = 0;     ///< 8 + the header's length
    QList<SafetensorsEntry> tensors; ///< in the file's order
};
/// How many bytes of the file the header needs (8 + its length), or a message when `first8`
/// cannot start a safetensors file or claims more than TableLimits::maxSafetensorsHeader.
std::variant<std::int64_t, QString> safetensorsHeaderBytes(const QByteArray& first8, std::int64_t fileSize);
/// The header (the 8-byte length and the JSON that follows), every entry checked against the
/// file's size: offsets inside the data, sizes matching shape × dtype.
std::variant<SafetensorsHeader, QString> parseSafetensorsHeader(const QByteArray& head, std::int64_t fileSize);
/// Where tensor `entry` lies, as a (positions × dims) matrix: 2-D, or more with leading 1s;
/// a floating-point dtype.
std::variant<TableLayout, QString> safetensorsLayout(const SafetensorsHeader& header, const SafetensorsEntry& entry);
/// The tensor a user most likely means when naming none: the only 2-D float tensor, else the
/// only one named like a position table (wpe, position_embeddings, pos_embed, …); −1 if none
/// or several.
int likelyPositionTensor(const SafetensorsHeader& header);
/// True for a tensor that can be opened as a table (safetensorsLayout() accepts it).
bool isTableTensor(const SafetensorsHeader& header, const SafetensorsEntry& entry);

/// A table of numbers written as text: one row per line, values separated by commas (or
/// semicolons, tabs), as the program's own .csv export writes them; a first line of names is
/// skipped. Values are float64 in row-major order.
struct CsvTable {
    std::int64_t rows = 0, columns = 0;
    QList<double> values;
    bool skippedHeader = false;
};
/// `progress(bytesDone)` returns false to stop (the result is then a message "cancelled").
std::variant<CsvTable, QString> parseCsvTable(const QByteArray& text, const std::function<bool(std::int64_t)>& progress = {});

} // namespace pe::ui
