// SPDX-License-Identifier: MIT
#include "ui/plotting/colormaps.h"

#include <qcustomplot.h>

namespace pe::ui {

QCPColorGradient colormapGradient(const QString& name)
{
    QCPColorGradient gradient;
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(350);
    const std::vector<const char*>& stops = describeColormap(name).stops;
    for (std::size_t i = 0; i < stops.size(); ++i)
        gradient.setColorStopAt(double(i) / double(stops.size() - 1), QColor(QLatin1String(stops[i])));
    return gradient;
}

} // namespace pe::ui
