// SPDX-License-Identifier: MIT
#pragma once
// What the tests of loaded position tables write and read: tables with no pattern an average
// could hide, written as the program's own .npy export, and a brute-force box average.

#include "core/encoding.h"
#include "ui/modelfiles/encodingtable.h"

#include <QString>

namespace pe::test {

/// Deterministic values in [−1, 1) from a linear congruential walk.
core::RowMatrix irregularTable(Eigen::Index rows, Eigen::Index columns, std::uint64_t seed = 12345);

/// The mean of m over rows [y0, y1) and columns [x0, x1), each cell weighted by the area it
/// shares with that box (cell (r, c) covers [r, r+1) × [c, c+1)).
double boxAverage(const core::RowMatrix& m, double y0, double y1, double x0, double x1);

/// `values` as the program's own .npy export writes them (float64): what a user round-trips.
bool writeNpy(const QString& path, const core::RowMatrix& values);

/// A rows × columns table of zeros as a sparse .npy file ("<f2", "<f4", …; C or Fortran order),
/// written byte by byte from the format: a table too large for memory that costs no disk.
/// Returns the offset of its first value, or −1 when it cannot be written.
qint64 writeSparseNpy(const QString& path, std::int64_t rows, std::int64_t columns, const char* descr,
                      int bytesPerValue, bool fortran = false);

/// The table at `path` opened and scanned as the window does; the test stops when it cannot be.
ui::LoadedTablePtr loadTableOrFail(const QString& path, const QString& tensor = {});

} // namespace pe::test
