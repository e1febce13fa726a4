// SPDX-License-Identifier: MIT
#include "ui/viewstate.h"

namespace pe::ui {

QStringList viewNames()
{
    return {QStringLiteral("heatmap"), QStringLiteral("waves"), QStringLiteral("similarity"),
            QStringLiteral("offset"), QStringLiteral("bands")};
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

} // namespace pe::ui
