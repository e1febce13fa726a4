// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVariant>
#include <QVariantMap>

namespace pe::ui {

// What the views' option conversions share (ropeoptions.cpp, methodsoptions.cpp, …).

/// The value of `name` when it is there and converts, else `fallback`.
template <typename T>
T valueOr(const QVariantMap& map, const QString& name, T fallback)
{
    const QVariant value = map.value(name);
    return value.isValid() && value.canConvert<T>() ? value.value<T>() : fallback;
}

} // namespace pe::ui
