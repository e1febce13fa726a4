// SPDX-License-Identifier: MIT
#include "ui/modelfiles/tableformats.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtEndian>

#include <algorithm>
#include <charconv>
#include <optional>
#include <cmath>
#include <limits>

namespace pe::ui {

namespace {

class TableText {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::TableFormats)
};

QString count(std::int64_t n) { return QString::number(n); }

QString shapeText(const QList<std::int64_t>& shape)
{
    QStringList parts;
    for (std::int64_t n : shape)
        parts.append(QString::number(n));
    return parts.isEmpty() ? TableText::tr("() (a single number)") : parts.join(QStringLiteral(" × "));
}

/// rows × columns × bytes without overflow, or −1 when it exceeds what a file can hold.
std::int64_t productBytes(const QList<std::int64_t>& shape, int bytes)
{
    constexpr std::int64_t most = std::numeric_limits<std::int64_t>::max() / 16;
    std::int64_t total = bytes;
    for (std::int64_t n : shape) {
        if (n < 0 || (n > 0 && total > most / n))
            return -1;
        total *= n;
    }
    return total;
}

/// Shapes with leading 1s are tables too: ViT stores (1, 197, 768), some exports (1, 1024, 768).
std::variant<TableLayout, QString> tableShape(const QList<std::int64_t>& shape, ElementType type)
{
    if (shape.size() < 2)
        return TableText::tr("the shape is %1 (%2-D); a position table needs two dimensions (positions × dims)")
            .arg(shapeText(shape)).arg(shape.size());
    QString dropped;
    for (qsizetype i = 0; i + 2 < shape.size(); ++i) {
        if (shape[i] != 1)
            return TableText::tr("the shape is %1 (%2-D); a position table is 2-D (positions × dims), "
                                 "or has only 1s before those two")
                .arg(shapeText(shape)).arg(shape.size());
        dropped += QStringLiteral("1 × ");
    }
    TableLayout layout;
    layout.type = type;
    layout.rows = shape[shape.size() - 2];
    layout.columns = shape[shape.size() - 1];
    layout.droppedDims = dropped;
    if (layout.rows < 1 || layout.columns < 1)
        return TableText::tr("the shape is %1: no values; a table needs at least one position and one dim").arg(shapeText(shape));
    return layout;
}

// ---- .npy ------------------------------------------------------------------------------

/// NumPy's header is a Python dict literal, e.g. {'descr': '<f4', 'fortran_order': False,
/// 'shape': (1024, 768), }: a small reader for exactly those three keys and their value kinds.
class PyLiteral {
public:
    explicit PyLiteral(const QString& text) : m_text(text) {}

    std::variant<QVariantMap, QString> dict()
    {
        QVariantMap result;
        skip();
        if (!take('{'))
            return TableText::tr("the header is not a Python dict (it starts with “%1”)").arg(m_text.left(20));
        while (true) {
            skip();
            if (take('}'))
                break;
            const auto key = string();
            if (!key)
                return TableText::tr("a key of the header's dict is not a quoted name at character %1").arg(m_at);
            skip();
            if (!take(':'))
                return TableText::tr("no “:” after the header's key '%1'").arg(*key);
            skip();
            QVariant value;
            if (const auto text = string())
                value = *text;
            else if (m_text.mid(m_at, 4) == QLatin1String("True")) { value = true; m_at += 4; }
            else if (m_text.mid(m_at, 5) == QLatin1String("False")) { value = false; m_at += 5; }
            else if (take('(')) {
                QVariantList tuple;
                while (true) {
                    skip();
                    if (take(')'))
                        break;
                    const qsizetype start = m_at;
                    while (m_at < m_text.size() && m_text[m_at].isDigit())
                        ++m_at;
                    // Python 2 era writers put an L after large numbers.
                    const QString digits = m_text.mid(start, m_at - start);
                    if (m_at < m_text.size() && m_text[m_at] == 'L')
                        ++m_at;
                    bool ok = false;
                    const qlonglong n = digits.toLongLong(&ok);
                    if (!ok)
                        return TableText::tr("the header's '%1' holds “%2”, not a whole number ≥ 0")
                            .arg(*key, m_text.mid(start, 12));
                    tuple.append(n);
                    skip();
                    if (!take(',') && m_text.mid(m_at, 1) != QLatin1String(")"))
                        return TableText::tr("the header's '%1' is not a tuple of whole numbers").arg(*key);
                }
                value = tuple;
            } else {
                return TableText::tr("the header's '%1' holds “%2”; allowed: a quoted text, True, False or a tuple (…)")
                    .arg(*key, m_text.mid(m_at, 12));
            }
            result.insert(*key, value);
            skip();
            if (take('}'))
                break;
            if (!take(','))
                return TableText::tr("no “,” or “}” after the header's '%1'").arg(*key);
        }
        return result;
    }

private:
    void skip()
    {
        while (m_at < m_text.size() && m_text[m_at].isSpace())
            ++m_at;
    }
    bool take(char c)
    {
        if (m_at < m_text.size() && m_text[m_at] == QLatin1Char(c)) {
            ++m_at;
            return true;
        }
        return false;
    }
    std::optional<QString> string()
    {
        if (m_at >= m_text.size() || (m_text[m_at] != '\'' && m_text[m_at] != '"'))
            return std::nullopt;
        const QChar quote = m_text[m_at];
        const qsizetype end = m_text.indexOf(quote, m_at + 1);
        if (end < 0)
            return std::nullopt;
        const QString text = m_text.mid(m_at + 1, end - m_at - 1);
        m_at = end + 1;
        return text;
    }

    QString m_text;
    qsizetype m_at = 0;
};

std::optional<std::pair<ElementType, bool>> npyType(const QString& descr)
{
    // '<f4' little-endian, '>f4' big-endian, '=f4' native (little on every machine we build for).
    if (descr.size() != 3 || descr[1] != 'f')
        return std::nullopt;
    const QChar order = descr[0];
    if (order != '<' && order != '>' && order != '=')
        return std::nullopt;
    const bool big = order == '>';
    switch (descr[2].toLatin1()) {
    case '2': return std::pair{ElementType::Float16, big};
    case '4': return std::pair{ElementType::Float32, big};
    case '8': return std::pair{ElementType::Float64, big};
    default: return std::nullopt;
    }
}

} // namespace

int elementBytes(ElementType type)
{
    switch (type) {
    case ElementType::Float16:
    case ElementType::BFloat16: return 2;
    case ElementType::Float32: return 4;
    case ElementType::Float64: return 8;
    }
    return 8;
}

QString elementTypeName(ElementType type)
{
    switch (type) {
    case ElementType::Float16: return QStringLiteral("float16");
    case ElementType::BFloat16: return QStringLiteral("bfloat16");
    case ElementType::Float32: return QStringLiteral("float32");
    case ElementType::Float64: return QStringLiteral("float64");
    }
    return {};
}

std::int64_t npyHeaderBytes(const QByteArray& first12)
{
    if (first12.size() < 10 || !first12.startsWith("\x93NUMPY"))
        return -1;
    const auto major = static_cast<unsigned char>(first12[6]);
    const auto* bytes = reinterpret_cast<const uchar*>(first12.constData());
    if (major == 1)
        return 10 + qFromLittleEndian<quint16>(bytes + 8);
    if ((major == 2 || major == 3) && first12.size() >= 12)
        return 12 + static_cast<std::int64_t>(qFromLittleEndian<quint32>(bytes + 8));
    return -1;
}

std::variant<TableLayout, QString> parseNpyHeader(const QByteArray& head, std::int64_t fileSize)
{
    if (head.size() < 10 || !head.startsWith("\x93NUMPY"))
        return TableText::tr("not a NumPy .npy file: it does not start with \\x93NUMPY");
    const int major = static_cast<unsigned char>(head[6]), minor = static_cast<unsigned char>(head[7]);
    if (major < 1 || major > 3)
        return TableText::tr("format version %1.%2; allowed: 1.0, 2.0, 3.0").arg(major).arg(minor);
    const std::int64_t total = npyHeaderBytes(head.left(12));
    if (total < 0 || total > TableLimits::maxNpyHeader)
        return TableText::tr("the header claims %1 bytes; allowed: at most %2").arg(count(total)).arg(count(TableLimits::maxNpyHeader));
    if (total > fileSize || total > head.size())
        return TableText::tr("the file ends inside its header (%1 bytes of %2)").arg(count(std::min<std::int64_t>(fileSize, head.size())))
            .arg(count(total));
    const qsizetype start = major == 1 ? 10 : 12;
    const QByteArray raw = head.mid(start, total - start);
    const QString text = major == 3 ? QString::fromUtf8(raw) : QString::fromLatin1(raw);
    PyLiteral literal(text);
    const auto parsed = literal.dict();
    if (const auto* error = std::get_if<QString>(&parsed))
        return *error;
    const QVariantMap& dict = std::get<QVariantMap>(parsed);
    for (const char* key : {"descr", "fortran_order", "shape"})
        if (!dict.contains(QLatin1String(key)))
            return TableText::tr("the header has no '%1'; a .npy header names descr, fortran_order and shape").arg(QLatin1String(key));
    const QVariant descr = dict.value(QStringLiteral("descr"));
    if (descr.typeId() != QMetaType::QString)
        return TableText::tr("the header's 'descr' is not a simple dtype (a structured array?); allowed: float16, float32, float64 ('<f2', '<f4', '<f8', big-endian '>f…' too)");
    const auto type = npyType(descr.toString());
    if (!type)
        return TableText::tr("dtype '%1' is not supported; allowed: float16, float32, float64 ('<f2', '<f4', '<f8', big-endian '>f…' too)")
            .arg(descr.toString());
    const QVariant fortran = dict.value(QStringLiteral("fortran_order"));
    if (fortran.typeId() != QMetaType::Bool)
        return TableText::tr("the header's 'fortran_order' is not True or False");
    const QVariant shapeValue = dict.value(QStringLiteral("shape"));
    if (shapeValue.typeId() != QMetaType::QVariantList)
        return TableText::tr("the header's 'shape' is not a tuple");
    QList<std::int64_t> shape;
    for (const QVariant& n : shapeValue.toList())
        shape.append(n.toLongLong());
    auto table = tableShape(shape, type->first);
    if (auto* layout = std::get_if<TableLayout>(&table)) {
        layout->bigEndian = type->second;
        layout->columnMajor = fortran.toBool();
        layout->dataOffset = total;
        const std::int64_t bytes = productBytes(shape, elementBytes(layout->type));
        if (bytes < 0 || bytes > fileSize - total)
            return TableText::tr("the header says %1 %2 (%3 bytes), but the file holds %4 bytes after its header")
                .arg(shapeText(shape), elementTypeName(layout->type), bytes < 0 ? TableText::tr("more than any file") : count(bytes))
                .arg(count(fileSize - total));
    }
    return table;
}

// ---- .safetensors ----------------------------------------------------------------------

QString SafetensorsEntry::shapeText() const { return pe::ui::shapeText(shape); }

std::variant<std::int64_t, QString> safetensorsHeaderBytes(const QByteArray& first8, std::int64_t fileSize)
{
    if (first8.size() < 8 || fileSize < 8)
        return TableText::tr("the file is %1 bytes; a safetensors file starts with an 8-byte header length").arg(count(fileSize));
    const quint64 length = qFromLittleEndian<quint64>(reinterpret_cast<const uchar*>(first8.constData()));
    if (length > static_cast<quint64>(TableLimits::maxSafetensorsHeader))
        return TableText::tr("the header length field says %1 bytes; allowed: at most %2 (as the safetensors library)")
            .arg(length > (quint64(1) << 62) ? QStringLiteral("%1").arg(length) : count(static_cast<std::int64_t>(length)))
            .arg(count(TableLimits::maxSafetensorsHeader));
    if (static_cast<std::int64_t>(length) > fileSize - 8)
        return TableText::tr("the header length field says %1 bytes, but the file holds %2 after it")
            .arg(count(static_cast<std::int64_t>(length))).arg(count(fileSize - 8));
    return static_cast<std::int64_t>(8 + length);
}

namespace {

std::optional<std::pair<ElementType, int>> safetensorsType(const QString& dtype)
{
    if (dtype == QLatin1String("F16")) return std::pair{ElementType::Float16, 2};
    if (dtype == QLatin1String("BF16")) return std::pair{ElementType::BFloat16, 2};
    if (dtype == QLatin1String("F32")) return std::pair{ElementType::Float32, 4};
    if (dtype == QLatin1String("F64")) return std::pair{ElementType::Float64, 8};
    return std::nullopt;
}

/// Bytes per element of every dtype the format defines (0: unknown), to check any entry's size.
int safetensorsDtypeBytes(const QString& dtype)
{
    static const QHash<QString, int> sizes{{"BOOL", 1}, {"U8", 1}, {"I8", 1}, {"F8_E5M2", 1}, {"F8_E4M3", 1},
                                           {"I16", 2}, {"U16", 2}, {"F16", 2}, {"BF16", 2}, {"I32", 4}, {"U32", 4},
                                           {"F32", 4}, {"F64", 8}, {"I64", 8}, {"U64", 8}};
    return sizes.value(dtype, 0);
}

} // namespace

std::variant<SafetensorsHeader, QString> parseSafetensorsHeader(const QByteArray& head, std::int64_t fileSize)
{
    const auto needed = safetensorsHeaderBytes(head.left(8), fileSize);
    if (const auto* error = std::get_if<QString>(&needed))
        return *error;
    const std::int64_t total = std::get<std::int64_t>(needed);
    if (head.size() < total)
        return TableText::tr("the file ends inside its header (%1 bytes of %2)").arg(count(head.size())).arg(count(total));
    QJsonParseError jsonError;
    const QJsonDocument json = QJsonDocument::fromJson(head.mid(8, total - 8), &jsonError);
    if (jsonError.error != QJsonParseError::NoError)
        return TableText::tr("the header is not valid JSON: %1 at byte %2").arg(jsonError.errorString()).arg(8 + jsonError.offset);
    if (!json.isObject())
        return TableText::tr("the header is JSON but not an object { \"name\": {…}, … }");
    SafetensorsHeader header;
    header.dataOffset = total;
    const std::int64_t dataBytes = fileSize - total;
    const QJsonObject object = json.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__"))
            continue;
        const QString where = TableText::tr("tensor “%1”").arg(it.key());
        if (!it.value().isObject())
            return TableText::tr("%1 is not an object with dtype, shape and data_offsets").arg(where);
        const QJsonObject t = it.value().toObject();
        SafetensorsEntry entry;
        entry.name = it.key();
        entry.dtype = t.value(QStringLiteral("dtype")).toString();
        const int bytes = safetensorsDtypeBytes(entry.dtype);
        if (bytes == 0)
            return TableText::tr("%1 has dtype “%2”; the format defines BOOL, U8, I8, I16, U16, I32, U32, I64, U64, F8_E5M2, "
                                 "F8_E4M3, F16, BF16, F32, F64").arg(where, entry.dtype);
        const QJsonValue shape = t.value(QStringLiteral("shape"));
        if (!shape.isArray())
            return TableText::tr("%1 has no shape array").arg(where);
        for (const QJsonValue& n : shape.toArray()) {
            const double v = n.toDouble(-1);
            if (!n.isDouble() || v < 0 || v != std::floor(v) || v > 9.0e15)
                return TableText::tr("%1 has a shape entry that is not a whole number ≥ 0").arg(where);
            entry.shape.append(static_cast<std::int64_t>(v));
        }
        const QJsonArray offsets = t.value(QStringLiteral("data_offsets")).toArray();
        if (offsets.size() != 2 || !offsets[0].isDouble() || !offsets[1].isDouble())
            return TableText::tr("%1 has no data_offsets [begin, end]").arg(where);
        const double begin = offsets[0].toDouble(), end = offsets[1].toDouble();
        if (!(begin >= 0 && begin <= end && end <= static_cast<double>(dataBytes)) || begin != std::floor(begin) || end != std::floor(end))
            return TableText::tr("%1 has data_offsets [%2, %3]; allowed: whole numbers 0 ≤ begin ≤ end ≤ %4 (the bytes after the header)")
                .arg(where).arg(begin, 0, 'f', 0).arg(end, 0, 'f', 0).arg(count(dataBytes));
        entry.begin = static_cast<std::int64_t>(begin);
        entry.end = static_cast<std::int64_t>(end);
        const std::int64_t expected = productBytes(entry.shape, bytes);
        if (expected != entry.end - entry.begin)
            return TableText::tr("%1 is %2 %3 (%4 bytes), but its data_offsets span %5 bytes")
                .arg(where, entry.shapeText(), entry.dtype, expected < 0 ? TableText::tr("more than any file") : count(expected))
                .arg(count(entry.end - entry.begin));
        header.tensors.append(entry);
    }
    // QJsonObject iterates by name; the file's order is that of the data.
    std::stable_sort(header.tensors.begin(), header.tensors.end(),
                     [](const SafetensorsEntry& a, const SafetensorsEntry& b) { return a.begin < b.begin; });
    return header;
}

std::variant<TableLayout, QString> safetensorsLayout(const SafetensorsHeader& header, const SafetensorsEntry& entry)
{
    const auto type = safetensorsType(entry.dtype);
    if (!type)
        return TableText::tr("tensor “%1” has dtype %2; allowed: F16, BF16, F32, F64").arg(entry.name, entry.dtype);
    auto table = tableShape(entry.shape, type->first);
    if (auto* layout = std::get_if<TableLayout>(&table))
        layout->dataOffset = header.dataOffset + entry.begin;
    else
        return TableText::tr("tensor “%1”: %2").arg(entry.name, std::get<QString>(table));
    return table;
}

bool isTableTensor(const SafetensorsHeader& header, const SafetensorsEntry& entry)
{
    return std::holds_alternative<TableLayout>(safetensorsLayout(header, entry));
}

int likelyPositionTensor(const SafetensorsHeader& header)
{
    QList<int> tables, named;
    static const QRegularExpression positional(QStringLiteral("(^|[._])(wpe|pos_embed|position_embeddings?|pos_emb|positional_embedding|embed_positions)([._]|$)"),
                                               QRegularExpression::CaseInsensitiveOption);
    for (int i = 0; i < header.tensors.size(); ++i) {
        if (!isTableTensor(header, header.tensors[i]))
            continue;
        tables.append(i);
        if (positional.match(header.tensors[i].name).hasMatch())
            named.append(i);
    }
    if (tables.size() == 1)
        return tables.front();
    return named.size() == 1 ? named.front() : -1;
}

// ---- .csv ------------------------------------------------------------------------------

std::variant<CsvTable, QString> parseCsvTable(const QByteArray& text, const std::function<bool(std::int64_t)>& progress)
{
    CsvTable table;
    const char* data = text.constData();
    const auto size = static_cast<std::int64_t>(text.size());
    std::int64_t at = 0, line = 0;
    std::int64_t nextReport = 1 << 20;
    while (at < size) {
        std::int64_t end = at;
        while (end < size && data[end] != '\n')
            ++end;
        ++line;
        std::int64_t stop = end;
        if (stop > at && data[stop - 1] == '\r')
            --stop;
        const std::int64_t lineStart = at;
        at = end + 1;
        // Blank lines (a trailing newline, a blank last line) carry no row.
        bool blank = true;
        for (std::int64_t i = lineStart; i < stop && blank; ++i)
            blank = data[i] == ' ' || data[i] == '\t';
        if (blank)
            continue;
        std::int64_t values = 0;
        std::int64_t i = lineStart;
        bool numeric = true;
        const qsizetype rowStart = table.values.size();
        while (i <= stop) {
            std::int64_t fieldEnd = i;
            while (fieldEnd < stop && data[fieldEnd] != ',' && data[fieldEnd] != ';' && data[fieldEnd] != '\t')
                ++fieldEnd;
            std::int64_t a = i, b = fieldEnd;
            while (a < b && data[a] == ' ')
                ++a;
            while (b > a && data[b - 1] == ' ')
                --b;
            double value = 0;
            // from_chars reads inf, nan and the shortest round-trip forms the export writes.
            const char* first = data + a + (a < b && data[a] == '+' ? 1 : 0);
            const auto [ptr, ec] = std::from_chars(first, data + b, value);
            if (a == b || ec != std::errc() || ptr != data + b) {
                if (table.rows == 0 && !table.skippedHeader) {
                    numeric = false;
                    break;
                }
                return TableText::tr("line %1, value %2 is “%3”, not a number (allowed: decimal numbers, inf, nan)")
                    .arg(line).arg(values + 1).arg(QString::fromUtf8(data + a, static_cast<qsizetype>(std::min<std::int64_t>(b - a, 24))));
            }
            table.values.append(value);
            ++values;
            i = fieldEnd + 1;
        }
        if (!numeric) { // a first line of names
            table.values.resize(rowStart);
            table.skippedHeader = true;
            continue;
        }
        if (table.rows == 0)
            table.columns = values;
        else if (values != table.columns)
            return TableText::tr("line %1 has %2 values, the first row %3; every row needs as many").arg(line).arg(values).arg(table.columns);
        ++table.rows;
        if (progress && at >= nextReport) {
            nextReport = at + (1 << 20);
            if (!progress(at))
                return TableText::tr("cancelled");
        }
    }
    if (table.rows == 0)
        return TableText::tr("no rows of numbers");
    return table;
}

} // namespace pe::ui
