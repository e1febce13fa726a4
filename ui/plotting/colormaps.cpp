// SPDX-License-Identifier: MIT
#include "ui/plotting/colormaps.h"

#include <QCoreApplication>
#include <qcustomplot.h>

namespace pe::ui {

QString colormapLabel(const QString& name)
{
    if (name == QLatin1String("diverging"))
        return QCoreApplication::translate("Colormaps", "Diverging (blue–white–red)");
    if (name == QLatin1String("grayscale"))
        return QCoreApplication::translate("Colormaps", "Grayscale");
    return QCoreApplication::translate("Colormaps", "Viridis");
}

bool colormapIsDiverging(const QString& name)
{
    return name == QLatin1String("diverging");
}

QCPColorGradient colormapGradient(const QString& name)
{
    QCPColorGradient gradient;
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(350);
    if (name == QLatin1String("grayscale")) {
        gradient.setColorStopAt(0.0, QColor(0, 0, 0));
        gradient.setColorStopAt(1.0, QColor(255, 255, 255));
        return gradient;
    }
    if (name == QLatin1String("diverging")) {
        // ColorBrewer RdBu, reversed so that negative is blue and positive red.
        const char* stops[] = {"#053061", "#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7",
                               "#fddbc7", "#f4a582", "#d6604d", "#b2182b", "#67001f"};
        for (int i = 0; i < 11; ++i)
            gradient.setColorStopAt(i / 10.0, QColor(QLatin1String(stops[i])));
        return gradient;
    }
    // matplotlib's viridis sampled at 0, 0.1, …, 1 (its published colour table).
    const char* viridis[] = {"#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
                             "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"};
    for (int i = 0; i < 11; ++i)
        gradient.setColorStopAt(i / 10.0, QColor(QLatin1String(viridis[i])));
    return gradient;
}

} // namespace pe::ui
