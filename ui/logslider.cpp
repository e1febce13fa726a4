// SPDX-License-Identifier: MIT
#include "ui/logslider.h"

#include <QSignalBlocker>

#include <cmath>

namespace pe::ui {

namespace {
constexpr int steps = 1000;
}

LogSlider::LogSlider(double minimum, double maximum, bool integral, QWidget* parent)
    : QSlider(Qt::Horizontal, parent), m_minimum(minimum), m_maximum(maximum), m_integral(integral)
{
    setRange(0, steps);
    setPageStep(steps / 20);
    connect(this, &QSlider::valueChanged, this, [this] { emit logValueChanged(logValue()); });
}

double LogSlider::logValue() const
{
    const double t = double(value()) / steps;
    const double v = std::exp(std::log(m_minimum) + t * (std::log(m_maximum) - std::log(m_minimum)));
    return m_integral ? std::round(v) : v;
}

void LogSlider::setLogValue(double value)
{
    const QSignalBlocker blocker(this);
    const double clamped = std::clamp(value, m_minimum, m_maximum);
    const double t = (std::log(clamped) - std::log(m_minimum)) / (std::log(m_maximum) - std::log(m_minimum));
    setValue(static_cast<int>(std::lround(t * steps)));
}

} // namespace pe::ui
