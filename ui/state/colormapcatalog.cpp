// SPDX-License-Identifier: MIT
#include "ui/state/colormapcatalog.h"

#include <QCoreApplication>

namespace pe::ui {

const std::vector<ColormapDescription>& colormapCatalog()
{
    static const std::vector<ColormapDescription> maps{
        // matplotlib's viridis sampled at 0, 0.1, …, 1 (its published colour table).
        {"viridis", QT_TRANSLATE_NOOP("Colormaps", "Viridis"), false,
         {"#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c", "#22a884", "#44bf70", "#7ad151", "#bddf26",
          "#fde725"}},
        // ColorBrewer RdBu, reversed so that negative is blue and positive red.
        {"diverging", QT_TRANSLATE_NOOP("Colormaps", "Diverging (blue–white–red)"), true,
         {"#053061", "#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7", "#fddbc7", "#f4a582", "#d6604d", "#b2182b",
          "#67001f"}},
        {"grayscale", QT_TRANSLATE_NOOP("Colormaps", "Grayscale"), false, {"#000000", "#ffffff"}},
    };
    return maps;
}

QStringList colormapNames()
{
    QStringList names;
    for (const ColormapDescription& map : colormapCatalog())
        names << QString::fromLatin1(map.key);
    return names;
}

QString defaultColormap() { return QString::fromLatin1(colormapCatalog().front().key); }

QString divergingColormap()
{
    for (const ColormapDescription& map : colormapCatalog())
        if (map.diverging)
            return QString::fromLatin1(map.key);
    return defaultColormap();
}

const ColormapDescription& describeColormap(const QString& name)
{
    for (const ColormapDescription& map : colormapCatalog())
        if (name == QLatin1String(map.key))
            return map;
    return colormapCatalog().front();
}

bool colormapIsDiverging(const QString& name) { return describeColormap(name).diverging; }

QString sequentialColormap(const QString& name) { return colormapIsDiverging(name) ? defaultColormap() : name; }

QString colormapLabel(const QString& name) { return QCoreApplication::translate("Colormaps", describeColormap(name).label); }

} // namespace pe::ui
