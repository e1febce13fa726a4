// SPDX-License-Identifier: MIT
#include "ui/viewstate.h"

#include <algorithm>

namespace pe::ui {

QStringList viewNames()
{
    return {QStringLiteral("heatmap"), QStringLiteral("waves"), QStringLiteral("similarity"),
            QStringLiteral("offset"), QStringLiteral("bands"), QStringLiteral("rope"),
            QStringLiteral("conventions"), QStringLiteral("precision"),
            QStringLiteral("embeddings")};
}

QString viewName(View view)
{
    return viewNames().at(static_cast<int>(view));
}

std::optional<View> parseView(const QString& name)
{
    const int index = viewNames().indexOf(name);
    if (index < 0)
        return std::nullopt;
    return static_cast<View>(index);
}

bool ViewState::operator==(const ViewState& o) const
{
    // std::ranges::equal rather than QList's ==, which hands memcmp a null pointer for two
    // empty lists in Qt 6.4 (UndefinedBehaviorSanitizer stops there).
    return std::ranges::equal(dims, o.dims) && position == o.position && dimension == o.dimension
        && offset == o.offset && normalize == o.normalize && colormap == o.colormap
        && bandFirst == o.bandFirst && bandLast == o.bandLast && comparison == o.comparison && format == o.format
        && precisionMode == o.precisionMode;
}

} // namespace pe::ui
