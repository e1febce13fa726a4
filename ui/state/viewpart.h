// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"

#include <QSize>
#include <QString>
#include <QVariantMap>

#include <memory>

namespace pe::ui {

struct LoadedTable; // ui/tables/encodingtable.h
using LoadedTablePtr = std::shared_ptr<const LoadedTable>;

/// The numbers of a view whose part the frame keeps by view (the grid's; an entry's
/// ViewDescription::buildPart), built off the GUI thread and shared by later frames while the
/// inputs it reads stay. A view keeps its own type of part and reads it with Frame::partOf.
struct ViewPart {
    virtual ~ViewPart() = default;
    /// Why the part could not be made from its inputs (the view shows it, a data export is
    /// refused with it); empty when it holds its numbers.
    virtual QString problem() const { return {}; }
    /// The bins its map is cut into on screen, which follow the view's pixels only up to its
    /// cells (what Change::Bins follows); empty: no map of its own, its pixels decide.
    virtual QSize bins() const { return {}; }
};
using ViewPartPtr = std::shared_ptr<const ViewPart>;

/// What a view's part may be built from: the same builder makes the window's numbers (for its
/// pixels) and a data export's (at whole cells), at two resolutions.
struct PartInputs {
    core::EncodingSpec spec;
    QVariantMap options;  ///< the view's own options (ViewState::optionsOf)
    QSize pixels;         ///< the device pixels it draws on (empty: not known yet)
    LoadedTablePtr table; ///< the loaded position table, if any
    std::int64_t position = 0; ///< the selected row (ViewState::position)
    std::int64_t offset = 0;   ///< the relative offset k (ViewState::offset)
    bool wholeCells = false; ///< for a data export: every cell, nothing binned for the screen
};

/// Which PartInputs a part reads: its reuse rule. A later frame shares the part of the frame
/// before when every input it reads is equal; one it does not read changes nothing. Bits, so
/// that `PartInput::Spec | PartInput::Options` is a rule (an operator| of our own would hide
/// Qt's flag operators in this namespace).
namespace PartInput {
enum : unsigned {
    Spec = 1u << 0,
    Options = 1u << 1,
    Pixels = 1u << 2,
    Table = 1u << 3,
    Position = 1u << 4,
    Offset = 1u << 5,
};
} // namespace PartInput

/// The part of the frame before and what it was built from, for a builder that keeps what its
/// changed inputs leave alone (the grid's similarities when only its pixels changed); `part`
/// null when there is none.
struct PartBefore {
    ViewPartPtr part;
    PartInputs inputs;
};

/// True when the inputs a part reads (`reads`, PartInput bits) are the same in `a` and `b`.
inline bool samePartInputs(unsigned reads, const PartInputs& a, const PartInputs& b)
{
    const auto reads_ = [&](unsigned input) { return (reads & input) != 0; };
    return (!reads_(PartInput::Spec) || a.spec == b.spec) && (!reads_(PartInput::Options) || a.options == b.options)
        && (!reads_(PartInput::Pixels) || a.pixels == b.pixels) && (!reads_(PartInput::Table) || a.table == b.table)
        && (!reads_(PartInput::Position) || a.position == b.position) && (!reads_(PartInput::Offset) || a.offset == b.offset)
        && a.wholeCells == b.wholeCells;
}

} // namespace pe::ui
