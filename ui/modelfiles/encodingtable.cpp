// SPDX-License-Identifier: MIT
#include "ui/modelfiles/encodingtable.h"

#include "core/scratch.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFileInfo>
#include <qfloat16.h>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <cerrno>
#include <unistd.h>

namespace pe::ui {

namespace {

class TableText {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::EncodingTable)
};

template <typename Bits>
Bits load(const uchar* p, bool bigEndian)
{
    return bigEndian ? qFromBigEndian<Bits>(p) : qFromLittleEndian<Bits>(p);
}

double toDouble(const uchar* p, ElementType type, bool bigEndian)
{
    switch (type) {
    case ElementType::Float16: {
        const quint16 bits = load<quint16>(p, bigEndian);
        qfloat16 h;
        std::memcpy(static_cast<void*>(&h), &bits, sizeof bits);
        return static_cast<float>(h);
    }
    case ElementType::BFloat16: { // the upper half of a float32
        const quint32 bits = quint32(load<quint16>(p, bigEndian)) << 16;
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    case ElementType::Float32: {
        const quint32 bits = load<quint32>(p, bigEndian);
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    case ElementType::Float64: {
        const quint64 bits = load<quint64>(p, bigEndian);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

QString fileError(const QString& path, const QString& what) { return TableText::tr("%1: %2").arg(QFileInfo(path).fileName(), what); }

} // namespace

std::pair<QString, QString> EncodingTable::splitSource(const QString& source)
{
    const qsizetype colon = source.lastIndexOf(':');
    if (QFileInfo(source).isFile() || colon <= 0)
        return {source, {}};
    return {source.left(colon), source.mid(colon + 1)};
}

std::variant<std::shared_ptr<EncodingTable>, QString>
EncodingTable::open(const QString& path, const QString& tensor, const std::function<bool(std::int64_t)>& progress)
{
    const QFileInfo info(path);
    if (!info.exists())
        return TableText::tr("%1: there is no such file").arg(path);
    if (!info.isFile() || !info.isReadable())
        return TableText::tr("%1: not a readable file").arg(path);
    std::shared_ptr<EncodingTable> table(new EncodingTable);
    table->m_path = info.absoluteFilePath();
    table->m_fileSize = info.size();
    table->m_modified = info.lastModified();
    table->m_file.setFileName(path);
    if (!table->m_file.open(QIODevice::ReadOnly))
        return fileError(path, TableText::tr("cannot open it (%1)").arg(table->m_file.errorString()));
    QFile& file = table->m_file;
    const std::int64_t size = table->m_fileSize;
    const QByteArray start = file.read(12);
    const QString suffix = info.suffix().toLower();

    std::variant<TableLayout, QString> layout = QString();
    if (start.startsWith("\x93NUMPY")) {
        const std::int64_t headerBytes = npyHeaderBytes(start);
        if (headerBytes < 0 || headerBytes > TableLimits::maxNpyHeader) {
            layout = parseNpyHeader(start, size); // says what is wrong with the version or length
        } else {
            file.seek(0);
            layout = parseNpyHeader(file.read(headerBytes), size);
        }
        table->m_format = QStringLiteral("npy %1.%2").arg(int(uchar(start[6]))).arg(int(uchar(start.size() > 7 ? start[7] : 0)));
        if (!tensor.isEmpty() && std::holds_alternative<TableLayout>(layout))
            return fileError(path, TableText::tr("a .npy file holds one array; “%1” names a tensor (only .safetensors files have several)").arg(tensor));
    } else if (suffix == QLatin1String("csv") || suffix == QLatin1String("txt") || suffix == QLatin1String("tsv")) {
        if (size > TableLimits::maxCsvBytes)
            return fileError(path, TableText::tr("a text table of %1 bytes; text tables are read whole, at most %2 bytes "
                                                 "(save large tables as .npy or .safetensors)").arg(size).arg(TableLimits::maxCsvBytes));
        if (!tensor.isEmpty())
            return fileError(path, TableText::tr("a .csv file holds one table; “%1” names a tensor (only .safetensors files have several)").arg(tensor));
        file.seek(0);
        const QByteArray text = file.readAll();
        auto parsed = parseCsvTable(text, progress);
        if (const auto* error = std::get_if<QString>(&parsed))
            return fileError(path, *error);
        CsvTable& csv = std::get<CsvTable>(parsed);
        table->m_format = QStringLiteral("csv");
        table->m_owned = std::move(csv.values);
        TableLayout l;
        l.type = ElementType::Float64;
        l.rows = csv.rows;
        l.columns = csv.columns;
        table->m_layout = l;
        table->m_data = reinterpret_cast<const uchar*>(table->m_owned.constData());
        table->m_file.close();
        return table;
    } else {
        const auto headerBytes = safetensorsHeaderBytes(start.left(8), size);
        if (const auto* error = std::get_if<QString>(&headerBytes)) {
            if (suffix != QLatin1String("safetensors"))
                return fileError(path, TableText::tr("not a table PE Explorer reads: allowed .npy (NumPy), .safetensors and .csv files"));
            return fileError(path, *error);
        }
        file.seek(0);
        const auto header = parseSafetensorsHeader(file.read(std::get<std::int64_t>(headerBytes)), size);
        if (const auto* error = std::get_if<QString>(&header))
            return fileError(path, *error);
        const SafetensorsHeader& h = std::get<SafetensorsHeader>(header);
        table->m_format = QStringLiteral("safetensors");
        int chosen = -1;
        for (int i = 0; i < h.tensors.size(); ++i)
            if (h.tensors[i].name == tensor)
                chosen = i;
        QStringList tables;
        for (const SafetensorsEntry& e : h.tensors)
            if (isTableTensor(h, e))
                tables.append(QStringLiteral("%1 (%2 %3)").arg(e.name, e.shapeText(), e.dtype));
        const QString listed = tables.isEmpty() ? TableText::tr("none of its %1 tensors is a 2-D float table").arg(h.tensors.size())
                                                : TableText::tr("its tables: %1").arg(tables.join(QStringLiteral(", ")));
        if (!tensor.isEmpty() && chosen < 0)
            return fileError(path, TableText::tr("there is no tensor “%1”; %2").arg(tensor, listed));
        if (tensor.isEmpty()) {
            chosen = likelyPositionTensor(h);
            if (chosen < 0)
                return fileError(path, TableText::tr("name the tensor to open (FILE:TENSOR); %1").arg(listed));
        }
        layout = safetensorsLayout(h, h.tensors[chosen]);
        table->m_tensor = h.tensors[chosen].name;
    }
    if (const auto* error = std::get_if<QString>(&layout))
        return fileError(path, *error);
    table->m_layout = std::get<TableLayout>(layout);
    // The whole file mapped (read-only, shared): pages come from the cache as views touch them.
    const uchar* mapped = file.map(0, size);
    if (!mapped)
        return fileError(path, TableText::tr("cannot map it into memory (%1)").arg(file.errorString()));
    table->m_data = mapped + table->m_layout.dataOffset;
    return table;
}

EncodingTable::~EncodingTable() = default; // QFile unmaps what it mapped when it closes

QString EncodingTable::displayName() const
{
    const QString file = QFileInfo(m_path).fileName();
    return m_tensor.isEmpty() ? file : QStringLiteral("%1 · %2").arg(file, m_tensor);
}

QString EncodingTable::shapeText() const
{
    return QStringLiteral("%1%2 × %3 %4").arg(m_layout.droppedDims).arg(rows()).arg(columns()).arg(elementTypeName(m_layout.type));
}

void EncodingTable::convert(std::int64_t first, std::int64_t count, double* out) const
{
    convertBytes(m_data + first * elementBytes(m_layout.type), count, out, floatsAligned());
}

void EncodingTable::convertBytes(const uchar* p, std::int64_t count, double* out, bool aligned) const
{
    const int bytes = elementBytes(m_layout.type);
    if (m_layout.type == ElementType::Float32 && !m_layout.bigEndian && aligned) {
        const auto* f = reinterpret_cast<const float*>(p); // the common case, vectorised
        for (std::int64_t i = 0; i < count; ++i)
            out[i] = f[i];
        return;
    }
    if (m_layout.type == ElementType::Float64 && !m_layout.bigEndian) {
        std::memcpy(out, p, static_cast<std::size_t>(count) * sizeof(double));
        return;
    }
    for (std::int64_t i = 0; i < count; ++i)
        out[i] = toDouble(p + i * bytes, m_layout.type, m_layout.bigEndian);
}

double EncodingTable::value(std::int64_t row, std::int64_t column) const
{
    const std::int64_t index = m_layout.columnMajor ? column * rows() + row : row * columns() + column;
    return toDouble(m_data + index * elementBytes(m_layout.type), m_layout.type, m_layout.bigEndian);
}

void EncodingTable::readRows(std::int64_t first, std::int64_t count, double* out) const
{
    if (!m_layout.columnMajor) {
        convert(first * columns(), count * columns(), out);
        return;
    }
    // Fortran order: each column's run of these rows, spread into the rows.
    std::vector<double> run(static_cast<std::size_t>(count));
    for (std::int64_t c = 0; c < columns(); ++c) {
        convert(c * rows() + first, count, run.data());
        for (std::int64_t r = 0; r < count; ++r)
            out[r * columns() + c] = run[static_cast<std::size_t>(r)];
    }
}

std::int64_t RowPrefixSums::stepFor(std::int64_t rows, std::int64_t columns, std::int64_t budgetBytes)
{
    std::int64_t step = 1;
    while (step < rows && ((rows + step - 1) / step + 1) * columns * std::int64_t(sizeof(double)) > budgetBytes)
        step *= 2;
    return step;
}

void EncodingTable::averageRows(double lower, double upper, std::int64_t bins, double* out, const RowPrefixSums* prefix) const
{
    const std::int64_t n = columns();
    std::fill(out, out + bins * n, 0.0);
    if (bins < 1 || !(lower >= 0) || !(upper <= static_cast<double>(rows())) || !(upper - lower >= static_cast<double>(bins)))
        return;
    const double height = (upper - lower) / static_cast<double>(bins);
    const auto firstRow = static_cast<std::int64_t>(std::floor(lower));
    const auto endRow = std::min(rows(), static_cast<std::int64_t>(std::ceil(upper)));
    // The prefix pays when the rows near the bins' edges are fewer than the rows inside.
    if (prefix && prefix->step > 1 && (bins + 1) * (prefix->step / 2 + 1) < endRow - firstRow) {
        averageRowsByPrefix(lower, height, bins, out, *prefix);
        return;
    }
    // Rows in blocks (a few MiB), each added to the one or two bins it overlaps (h ≥ 1).
    const std::int64_t block = std::max<std::int64_t>(1, (std::int64_t(1) << 19) / n);
    std::vector<double> buffer(static_cast<std::size_t>(std::min(block, endRow - firstRow) * n));
    for (std::int64_t start = firstRow; start < endRow; start += block) {
        const std::int64_t count = std::min(block, endRow - start);
        readRows(start, count, buffer.data());
        for (std::int64_t i = 0; i < count; ++i) {
            const auto r = static_cast<double>(start + i);
            const double* row = buffer.data() + i * n;
            auto bin = static_cast<std::int64_t>(std::floor((std::max(r, lower) - lower) / height));
            for (bin = std::clamp<std::int64_t>(bin - 1, 0, bins - 1); bin < bins; ++bin) {
                const double y0 = lower + height * static_cast<double>(bin);
                const double y1 = bin + 1 == bins ? upper : lower + height * static_cast<double>(bin + 1);
                if (y0 >= r + 1)
                    break;
                const double shared = std::min(y1, r + 1) - std::max(y0, r);
                if (shared <= 0)
                    continue;
                const double weight = shared / (y1 - y0);
                double* target = out + bin * n;
                for (std::int64_t c = 0; c < n; ++c)
                    target[c] += weight * row[c];
            }
        }
    }
}

void EncodingTable::averageRowsByPrefix(double lower, double height, std::int64_t bins, double* out,
                                       const RowPrefixSums& prefix) const
{
    // F(y) = Σ of the rows below y, each row r covering [r, r + 1): the sums up to ⌊y⌋ from the
    // prefix at the nearer multiple of the step (adding or taking away the rows between), plus
    // the share y − ⌊y⌋ of row ⌊y⌋. A bin's average is (F(y1) − F(y0)) / (y1 − y0).
    const std::int64_t n = columns(), step = prefix.step;
    std::vector<double> rowsBetween(static_cast<std::size_t>((step / 2 + 1) * n));
    std::vector<double> edge(static_cast<std::size_t>(n)), before(static_cast<std::size_t>(n));
    const auto sumBelow = [&](double y, double* f) {
        const auto x = std::min(rows(), static_cast<std::int64_t>(std::floor(y)));
        const std::int64_t k = x / step, low = k * step, high = std::min(rows(), low + step);
        const bool fromBelow = x - low <= high - x;
        const double* base = prefix.sums.data() + (fromBelow ? k : k + 1) * n;
        std::copy(base, base + n, f);
        const std::int64_t first = fromBelow ? low : x, count = fromBelow ? x - low : high - x;
        if (count > 0) {
            readRows(first, count, rowsBetween.data());
            const double sign = fromBelow ? 1.0 : -1.0;
            for (std::int64_t r = 0; r < count; ++r)
                for (std::int64_t c = 0; c < n; ++c)
                    f[c] += sign * rowsBetween[static_cast<std::size_t>(r * n + c)];
        }
        if (const double share = y - static_cast<double>(x); share > 0 && x < rows()) {
            readRows(x, 1, rowsBetween.data());
            for (std::int64_t c = 0; c < n; ++c)
                f[c] += share * rowsBetween[static_cast<std::size_t>(c)];
        }
    };
    sumBelow(lower, before.data());
    for (std::int64_t bin = 0; bin < bins; ++bin) {
        const double y0 = lower + height * static_cast<double>(bin);
        const double y1 = bin + 1 == bins ? lower + height * static_cast<double>(bins) : lower + height * static_cast<double>(bin + 1);
        sumBelow(y1, edge.data());
        double* target = out + bin * n;
        for (std::int64_t c = 0; c < n; ++c)
            target[c] = (edge[c] - before[c]) / (y1 - y0);
        std::swap(edge, before);
    }
}

double EncodingTable::sampleOffset(std::int64_t bin)
{
    // splitmix64's finaliser: fixed per bin, so that the preview stands still between frames.
    auto z = static_cast<std::uint64_t>(bin) + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
}

void EncodingTable::readRowsDirect(std::int64_t first, std::int64_t count, double* out) const
{
    const int handle = m_file.isOpen() ? m_file.handle() : -1;
    if (m_layout.columnMajor || handle < 0) { // a csv is in memory; Fortran order is not one run
        readRows(first, count, out);
        return;
    }
    const int bytes = elementBytes(m_layout.type);
    const auto length = static_cast<std::size_t>(count * columns() * bytes);
    thread_local std::vector<uchar> buffer;
    const core::ScratchBudget budget(buffer);
    buffer.resize(length);
    const off_t offset = static_cast<off_t>(m_layout.dataOffset + first * columns() * bytes);
    std::size_t done = 0;
    while (done < length) {
        const ssize_t n = ::pread(handle, buffer.data() + done, length - done, offset + static_cast<off_t>(done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) { // the file shrank under us: changedOnDisk() says so; nothing made up meanwhile
            std::fill(out, out + count * columns(), std::numeric_limits<double>::quiet_NaN());
            return;
        }
        done += static_cast<std::size_t>(n);
    }
    convertBytes(buffer.data(), count * columns(), out, true);
}

void EncodingTable::sampleRows(double lower, double upper, std::int64_t bins, double* out) const
{
    if (bins < 1 || rows() < 1)
        return;
    const double height = (upper - lower) / static_cast<double>(bins);
    for (std::int64_t bin = 0; bin < bins; ++bin) {
        const auto row = static_cast<std::int64_t>(std::floor(lower + height * (static_cast<double>(bin) + sampleOffset(bin))));
        readRowsDirect(std::clamp<std::int64_t>(row, 0, rows() - 1), 1, out + bin * columns());
    }
}

namespace {

/// Range and non-finite count of n values, written so that the compiler vectorises it: the
/// finite test and the selects are branch-free (min/max of a NaN would poison the range).
template <typename T>
void accumulate(const T* values, std::int64_t n, TableStats& stats)
{
    constexpr T most = std::numeric_limits<T>::max(), inf = std::numeric_limits<T>::infinity();
    T lo = inf, hi = -inf;
    std::int64_t bad = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const T v = values[i];
        const bool finite = std::abs(v) <= most; // false for NaN and ±inf
        const T low = finite ? v : inf, high = finite ? v : -inf;
        lo = low < lo ? low : lo;
        hi = high > hi ? high : hi;
        bad += finite ? 0 : 1;
    }
    stats.min = std::min(stats.min, static_cast<double>(lo));
    stats.max = std::max(stats.max, static_cast<double>(hi));
    stats.nonFinite += bad;
    stats.finite += n - bad;
}

} // namespace

std::optional<TableStats> EncodingTable::scan(const std::function<bool(std::int64_t)>& progress, RowPrefixSums* prefix) const
{
    TableStats stats;
    stats.min = std::numeric_limits<double>::infinity();
    stats.max = -std::numeric_limits<double>::infinity();
    const std::int64_t total = rows() * columns();
    constexpr std::int64_t chunk = 1 << 21; // values: 4–16 MiB of file per progress report
    // float32 in this machine's order (the common case) straight from the mapping; others converted.
    const bool direct = m_layout.type == ElementType::Float32 && !m_layout.bigEndian && floatsAligned();
    std::vector<double> buffer(direct ? 0 : static_cast<std::size_t>(std::min(total, chunk)));
    const std::int64_t step = prefix ? prefix->step : 0;
    if (step > 0) // block sums first (row k + 1 holds block k), prefix sums at the end
        prefix->sums.assign(static_cast<std::size_t>(((rows() + step - 1) / step + 1) * columns()), 0.0);
    for (std::int64_t done = 0; done < total; done += chunk) {
        const std::int64_t n = std::min(chunk, total - done);
        if (direct) {
            const float* values = reinterpret_cast<const float*>(m_data) + done;
            accumulate(values, n, stats);
            if (step > 0)
                addToBlocks(values, done, n, *prefix);
        } else {
            convert(done, n, buffer.data());
            accumulate(buffer.data(), n, stats);
            if (step > 0)
                addToBlocks(buffer.data(), done, n, *prefix);
        }
        if (progress && !progress(done + n))
            return std::nullopt;
    }
    if (step > 0) {
        const std::int64_t c = columns(), blocks = (rows() + step - 1) / step;
        double* sums = prefix->sums.data();
        for (std::int64_t k = 1; k <= blocks; ++k)
            for (std::int64_t j = 0; j < c; ++j)
                sums[k * c + j] += sums[(k - 1) * c + j];
    }
    if (stats.finite == 0)
        stats.min = stats.max = 0;
    stats.maxAbs = std::max(std::abs(stats.min), std::abs(stats.max));
    return stats;
}

template <typename T>
void EncodingTable::addToBlocks(const T* values, std::int64_t first, std::int64_t count, RowPrefixSums& prefix) const
{
    // Values first … first + count − 1 in storage order, each added to its block's row: runs of a
    // row (C order) or of a column (Fortran order) at a time.
    const std::int64_t rowCount = rows(), columnCount = columns(), step = prefix.step;
    double* sums = prefix.sums.data() + columnCount; // block k at row k + 1
    for (std::int64_t at = first, end = first + count; at < end;) {
        const T* source = values + (at - first);
        if (!m_layout.columnMajor) {
            const std::int64_t r = at / columnCount, c0 = at % columnCount;
            const std::int64_t run = std::min(columnCount - c0, end - at);
            double* target = sums + (r / step) * columnCount + c0;
            for (std::int64_t j = 0; j < run; ++j)
                target[j] += static_cast<double>(source[j]);
            at += run;
        } else {
            const std::int64_t c = at / rowCount, r0 = at % rowCount;
            const std::int64_t run = std::min(rowCount - r0, end - at);
            for (std::int64_t j = 0; j < run;) { // the rows of one block together
                const std::int64_t block = (r0 + j) / step;
                const std::int64_t inBlock = std::min(run - j, (block + 1) * step - (r0 + j));
                double sum = 0;
                for (std::int64_t i = 0; i < inBlock; ++i)
                    sum += static_cast<double>(source[j + i]);
                sums[block * columnCount + c] += sum;
                j += inBlock;
            }
            at += run;
        }
    }
}

QString tableFingerprint(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return {};
    }
    constexpr qint64 part = 1 << 20;
    const qint64 size = file.size();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const quint64 sizeBytes = qToLittleEndian(quint64(size));
    hash.addData(QByteArrayView(reinterpret_cast<const char*>(&sizeBytes), sizeof sizeBytes));
    hash.addData(file.read(part));
    if (size > part) {
        file.seek(std::max(part, size - part));
        hash.addData(file.read(part));
    }
    return QString::fromLatin1(hash.result().toHex());
}

QString tableFileProblem(const QString& path, std::int64_t size, const QString& fingerprint)
{
    const QFileInfo info(path);
    if (!info.exists())
        return TableText::tr("%1 is not there any more (moved or deleted)").arg(path);
    if (info.size() != size)
        return TableText::tr("%1 is %2 bytes now, %3 when the session was saved: another file").arg(path).arg(info.size()).arg(size);
    QString error;
    const QString now = tableFingerprint(path, &error);
    if (now.isEmpty())
        return TableText::tr("%1 cannot be read (%2)").arg(path, error);
    if (now != fingerprint)
        return TableText::tr("%1 has other contents than when the session was saved (its fingerprint differs)").arg(path);
    return {};
}

bool wantsPreview(const EncodingTable& table)
{
    return table.rows() * table.columns() > LoadedTable::mostValuesInMemory && !table.layout().columnMajor;
}

namespace {

/// What is shown while the pass runs: the range of rows spread over the table (512 of them
/// up to 4096 columns, fewer beyond: at most 2^21 values read, but at least 16 rows), null
/// when cancelled meanwhile.
LoadedTablePtr previewOf(const std::shared_ptr<EncodingTable>& table, const QString& fingerprint,
                         const std::function<bool()>& going)
{
    const std::int64_t count = std::min(table->rows(), std::clamp<std::int64_t>((std::int64_t(1) << 21) / table->columns(), 16, 512));
    TableStats stats;
    stats.min = std::numeric_limits<double>::infinity();
    stats.max = -std::numeric_limits<double>::infinity();
    std::vector<double> row(static_cast<std::size_t>(table->columns()));
    for (std::int64_t i = 0; i < count; ++i) {
        if (!going())
            return nullptr;
        table->readRowsDirect(count == 1 ? 0 : i * (table->rows() - 1) / (count - 1), 1, row.data());
        accumulate(row.data(), table->columns(), stats);
    }
    if (stats.finite == 0)
        stats.min = stats.max = 0;
    stats.maxAbs = std::max(std::abs(stats.min), std::abs(stats.max));
    auto preview = std::make_shared<LoadedTable>();
    preview->table = table;
    preview->stats = stats;
    preview->fingerprint = fingerprint;
    preview->preview = true;
    preview->sampledRows = count;
    return preview;
}

} // namespace

std::variant<LoadedTablePtr, QString> loadTable(const QString& path, const QString& tensor,
                                                const std::function<bool(double)>& progress,
                                                const std::function<void(LoadedTablePtr)>& preview)
{
    const auto going = [&](double fraction) { return !progress || progress(fraction); };
    auto opened = EncodingTable::open(path, tensor, [&](std::int64_t) { return going(0); });
    if (const auto* error = std::get_if<QString>(&opened))
        return going(0) ? std::variant<LoadedTablePtr, QString>(*error) : LoadedTablePtr();
    auto table = std::get<std::shared_ptr<EncodingTable>>(opened);
    const std::int64_t values = table->rows() * table->columns();
    const QString fingerprint = tableFingerprint(table->path());
    if (preview && wantsPreview(*table)) {
        LoadedTablePtr first = previewOf(table, fingerprint, [&] { return going(0); });

        if (!first)
            return LoadedTablePtr();
        preview(std::move(first));
    }
    // A table too large for memory gets its level of detail in the same pass.
    std::shared_ptr<RowPrefixSums> prefix;
    if (values > LoadedTable::mostValuesInMemory) {
        prefix = std::make_shared<RowPrefixSums>();
        prefix->step = RowPrefixSums::stepFor(table->rows(), table->columns());
    }
    const auto stats = table->scan([&](std::int64_t scanned) { return going(double(scanned) / double(values)); }, prefix.get());
    if (!stats)
        return LoadedTablePtr();
    auto loaded = std::make_shared<LoadedTable>();
    // A NaN or an infinity would spread through every sum after it: such a table's bins are
    // summed from their rows (a bin with a NaN in it stays NaN, the others true).
    if (stats->nonFinite == 0)
        loaded->prefix = std::move(prefix);
    if (values <= LoadedTable::mostValuesInMemory) {
        auto matrix = std::make_shared<LoadedTable::Matrix>(table->rows(), table->columns());
        table->readRows(0, table->rows(), matrix->data());
        loaded->values = std::move(matrix);
    }
    loaded->fingerprint = fingerprint;
    loaded->table = std::move(table);
    loaded->stats = *stats;
    return LoadedTablePtr(std::move(loaded));
}

QString EncodingTable::changedOnDisk() const
{
    if (m_format == QLatin1String("csv"))
        return {}; // read whole: the file is no longer used
    const QFileInfo info(m_path);
    if (!info.exists())
        return TableText::tr("%1 was deleted or moved after it was opened; open it again").arg(m_path);
    if (info.size() != m_fileSize)
        return TableText::tr("%1 changed size after it was opened (%2 → %3 bytes); open it again").arg(m_path).arg(m_fileSize).arg(info.size());
    if (info.lastModified() != m_modified)
        return TableText::tr("%1 was rewritten after it was opened; open it again").arg(m_path);
    return {};
}

std::variant<SafetensorsHeader, QString> readSafetensorsHeader(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return TableText::tr("%1: cannot open it (%2)").arg(QFileInfo(path).fileName(), file.errorString());
    const auto length = safetensorsHeaderBytes(file.read(8), file.size());
    if (const auto* error = std::get_if<QString>(&length))
        return QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), *error);
    file.seek(0);
    auto header = parseSafetensorsHeader(file.read(std::get<std::int64_t>(length)), file.size());
    if (const auto* error = std::get_if<QString>(&header))
        return QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), *error);
    return std::get<SafetensorsHeader>(header);
}

} // namespace pe::ui
