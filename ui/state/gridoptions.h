// SPDX-License-Identifier: MIT
#pragma once

#include "core/grid.h"

#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace pe::ui {

struct ViewState;

/// Where the grid view's patches come from: the loaded table (with none: MAE's sin-cos), or a
/// fixed 2-D encoding for the spec's d_model (as the head dimension for the rotary ones).
enum class GridSource { Auto, Table, Mae, Dit, RopeAxial, RopeMixed, MRope };
QString gridSourceKey(GridSource source); ///< auto, table, mae, dit, rope-axial, rope-mixed, mrope (--grid-source)
std::optional<GridSource> parseGridSource(const QString& key);
QStringList gridSourceKeys();
/// Whether `source` is a rotary embedding (its map: q·k of a query of ones at the chosen patch).
constexpr bool isRotary(GridSource source)
{
    return source == GridSource::RopeAxial || source == GridSource::RopeMixed || source == GridSource::MRope;
}
/// What the grid view's data export writes: the tiles' (H·W, H·W) similarities, the chosen
/// patch's (H, W) map, or the chosen dimension's (H, W) map.
enum class GridExport { Tiles, Patch, Dimension };
QString gridExportKey(GridExport data); ///< tiles, patch, dimension (--grid-data)
std::optional<GridExport> parseGridExport(const QString& key);
QStringList gridExportKeys();
QString classTokenKey(core::ClassToken token); ///< auto, yes, no (--grid-class-token)
std::optional<core::ClassToken> parseClassToken(const QString& key);

/// The grid view's options: the source, its grid (0 × 0: guessed from a table's rows, 14 × 14
/// for the fixed encodings), the class token, the patch and dimension shown large, a bicubic
/// resize of a table's patches (0 × 0: none), and RoPE-Mixed's head.
struct GridOptions {
    static constexpr int defaultSide = 14, maxHead = 64;
    GridSource source = GridSource::Auto;
    int rows = 0, cols = 0;
    core::ClassToken classToken = core::ClassToken::Auto;
    int patchRow = 7, patchCol = 7; ///< clamped to the grid when drawn
    bool classTokenQuery = false;   ///< the class token's map instead of a patch's (when there is one)
    int dimension = 0;              ///< clamped to the dims when drawn
    int resizeRows = 0, resizeCols = 0;
    int head = 1;                   ///< RoPE-Mixed: which head's random direction (1 …)
    /// The rotary sources' head dimension; 0: automatic (gridHeadDim: d_model, or with a table
    /// open the source's usual one, since a table's 768 columns are no head).
    int headDim = 0;
    static constexpr int maxHeadDim = 4096;
    GridExport data = GridExport::Tiles;
    bool operator==(const GridOptions&) const = default;
};

/// The options as a session's view.options holds them ({"scale": 8, …}); a missing or wrong
/// key takes its default, values are clamped to what the controls allow.
QVariantMap toVariantMap(const GridOptions& options);
GridOptions gridOptionsFrom(const QVariantMap& map);
GridOptions clamped(GridOptions options);
// Held by the view's key in ViewState::options (its catalogue entry's defaultOptions and
// validOptions); read and written as this struct.
GridOptions gridOptions(const ViewState& state);
void setGridOptions(ViewState& state, const GridOptions& options);

} // namespace pe::ui
