// SPDX-License-Identifier: MIT
#include "ui/plotting/labels.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace pe::ui {

QColor seriesColor(int index)
{
    // Okabe–Ito without its yellow, which vanishes on a white background.
    static constexpr QRgb colours[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7,
                                       0xE69F00, 0x56B4E9, 0x000000};
    constexpr int count = sizeof colours / sizeof colours[0];
    return QColor::fromRgb(colours[((index % count) + count) % count]);
}

QString layoutText(core::Layout layout)
{
    return layout == core::Layout::Split ? QCoreApplication::translate("pe::ui::ViewText", "split")
                                         : QCoreApplication::translate("pe::ui::ViewText", "interleaved");
}

QString frequencyRuleText(core::FrequencyRule rule)
{
    return rule == core::FrequencyRule::Tensor2Tensor ? QCoreApplication::translate("pe::ui::ViewText", "tensor2tensor")
                                                      : QCoreApplication::translate("pe::ui::ViewText", "paper");
}

QString shortNumber(double value, int digits)
{
    const double magnitude = std::abs(value);
    if (!std::isfinite(value) || magnitude < 1e-3 || magnitude >= 1e6)
        return QString::number(value, 'g', digits);
    // Plain decimals in the everyday range: "1210" reads better than "1.21e+03".
    const int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(magnitude))));
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

} // namespace pe::ui
