// SPDX-License-Identifier: MIT
#include "ui/state/gridoptions.h"

#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <algorithm>
#include <cmath>

namespace pe::ui {

QStringList gridSourceKeys()
{
    return {QStringLiteral("auto"), QStringLiteral("table"), QStringLiteral("mae"), QStringLiteral("dit"),
            QStringLiteral("rope-axial"), QStringLiteral("rope-mixed"), QStringLiteral("mrope")};
}

QString gridSourceKey(GridSource source) { return gridSourceKeys().value(static_cast<int>(source)); }

std::optional<GridSource> parseGridSource(const QString& key)
{
    const qsizetype index = gridSourceKeys().indexOf(key.trimmed().toLower());
    return index < 0 ? std::nullopt : std::optional(static_cast<GridSource>(index));
}

QStringList gridExportKeys() { return {QStringLiteral("tiles"), QStringLiteral("patch"), QStringLiteral("dimension")}; }

QString gridExportKey(GridExport data) { return gridExportKeys().value(static_cast<int>(data)); }

std::optional<GridExport> parseGridExport(const QString& key)
{
    const qsizetype index = gridExportKeys().indexOf(key.trimmed().toLower());
    return index < 0 ? std::nullopt : std::optional(static_cast<GridExport>(index));
}

QString classTokenKey(core::ClassToken token)
{
    switch (token) {
    case core::ClassToken::Yes: return QStringLiteral("yes");
    case core::ClassToken::No: return QStringLiteral("no");
    case core::ClassToken::Auto: break;
    }
    return QStringLiteral("auto");
}

std::optional<core::ClassToken> parseClassToken(const QString& key)
{
    const QString k = key.trimmed().toLower();
    for (core::ClassToken t : {core::ClassToken::Auto, core::ClassToken::Yes, core::ClassToken::No})
        if (k == classTokenKey(t))
            return t;
    return std::nullopt;
}

QVariantMap toVariantMap(const GridOptions& o)
{
    return {{QStringLiteral("source"), gridSourceKey(o.source)},
            {QStringLiteral("rows"), o.rows},
            {QStringLiteral("cols"), o.cols},
            {QStringLiteral("classToken"), classTokenKey(o.classToken)},
            {QStringLiteral("patchRow"), o.patchRow},
            {QStringLiteral("patchCol"), o.patchCol},
            {QStringLiteral("classTokenQuery"), o.classTokenQuery},
            {QStringLiteral("dimension"), o.dimension},
            {QStringLiteral("resizeRows"), o.resizeRows},
            {QStringLiteral("resizeCols"), o.resizeCols},
            {QStringLiteral("head"), o.head},
            {QStringLiteral("headDim"), o.headDim},
            {QStringLiteral("data"), gridExportKey(o.data)}};
}

GridOptions gridOptionsFrom(const QVariantMap& map)
{
    GridOptions o;
    const auto whole = [&](const QString& name, int fallback) {
        bool ok = false;
        const double v = map.value(name).toDouble(&ok);
        return ok && std::isfinite(v) && std::abs(v) < 1e9 ? static_cast<int>(v) : fallback;
    };
    o.source = parseGridSource(map.value(QStringLiteral("source")).toString()).value_or(o.source);
    o.rows = whole(QStringLiteral("rows"), o.rows);
    o.cols = whole(QStringLiteral("cols"), o.cols);
    o.classToken = parseClassToken(map.value(QStringLiteral("classToken")).toString()).value_or(o.classToken);
    o.patchRow = whole(QStringLiteral("patchRow"), o.patchRow);
    o.patchCol = whole(QStringLiteral("patchCol"), o.patchCol);
    o.classTokenQuery = map.value(QStringLiteral("classTokenQuery"), o.classTokenQuery).toBool();
    o.dimension = whole(QStringLiteral("dimension"), o.dimension);
    o.resizeRows = whole(QStringLiteral("resizeRows"), o.resizeRows);
    o.resizeCols = whole(QStringLiteral("resizeCols"), o.resizeCols);
    o.head = whole(QStringLiteral("head"), o.head);
    o.headDim = whole(QStringLiteral("headDim"), o.headDim);
    o.data = parseGridExport(map.value(QStringLiteral("data")).toString()).value_or(o.data);
    return clamped(o);
}

GridOptions clamped(GridOptions o)
{
    // A grid is both sides or none (guessed); a side out of range falls back to guessing.
    const auto side = [](int& rows, int& cols) {
        if (rows < core::GridLimits::minSide || cols < core::GridLimits::minSide || rows > core::GridLimits::maxSide
            || cols > core::GridLimits::maxSide)
            rows = cols = 0;
    };
    side(o.rows, o.cols);
    side(o.resizeRows, o.resizeCols);
    o.patchRow = std::clamp(o.patchRow, 0, core::GridLimits::maxSide - 1);
    o.patchCol = std::clamp(o.patchCol, 0, core::GridLimits::maxSide - 1);
    o.dimension = std::max(o.dimension, 0);
    o.head = std::clamp(o.head, 1, GridOptions::maxHead);
    o.headDim = std::clamp(o.headDim, 0, GridOptions::maxHeadDim);
    return o;
}

GridOptions gridOptions(const ViewState& state) { return gridOptionsFrom(state.optionsOf(views::grid)); }

void setGridOptions(ViewState& state, const GridOptions& options) { state.setOptionsOf(views::grid, toVariantMap(options)); }

} // namespace pe::ui
