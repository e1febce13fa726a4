// SPDX-License-Identifier: MIT
#include "tablefixtures.h"

#include "core/datawriters.h"

#include <QFile>
#include <QtGlobal>

#include <algorithm>

namespace pe::test {

core::RowMatrix irregularTable(Eigen::Index rows, Eigen::Index columns, std::uint64_t seed)
{
    core::RowMatrix m(rows, columns);
    std::uint64_t state = seed;
    for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < columns; ++c) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            m(r, c) = static_cast<double>(state >> 11) / 9007199254740992.0 * 2 - 1;
        }
    return m;
}

double boxAverage(const core::RowMatrix& m, double y0, double y1, double x0, double x1)
{
    double sum = 0;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const double h = std::min(y1, double(r + 1)) - std::max(y0, double(r));
            const double w = std::min(x1, double(c + 1)) - std::max(x0, double(c));
            if (h > 0 && w > 0)
                sum += h * w * m(r, c);
        }
    return sum / ((y1 - y0) * (x1 - x0));
}

bool writeNpy(const QString& path, const core::RowMatrix& values)
{
    std::string bytes = core::npyHeader(values.rows(), values.cols());
    core::appendNpyRows(bytes, values);
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

qint64 writeSparseNpy(const QString& path, std::int64_t rows, std::int64_t columns, const char* descr,
                      int bytesPerValue, bool fortran)
{
    QByteArray dict = QStringLiteral("{'descr': '%1', 'fortran_order': %2, 'shape': (%3, %4), }")
                          .arg(QLatin1String(descr), fortran ? QStringLiteral("True") : QStringLiteral("False"))
                          .arg(rows).arg(columns).toLatin1();
    while ((10 + dict.size() + 1) % 64 != 0)
        dict += ' ';
    dict += '\n';
    QByteArray header("\x93NUMPY\x01\x00", 8);
    header += char(dict.size() & 0xff);
    header += char(dict.size() >> 8);
    header += dict;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(header) != header.size()
        || !file.resize(header.size() + qint64(rows) * columns * bytesPerValue))
        return -1;
    return header.size();
}

ui::LoadedTablePtr loadTableOrFail(const QString& path, const QString& tensor)
{
    auto loaded = ui::loadTable(path, tensor);
    if (const auto* error = std::get_if<QString>(&loaded))
        qFatal("%s", qPrintable(*error));
    return std::get<ui::LoadedTablePtr>(loaded);
}

} // namespace pe::test
