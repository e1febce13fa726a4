// SPDX-License-Identifier: MIT
#include "ui/controls/logslider.h"

#include <QKeyEvent>
#include <QMouseEvent>
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
    connect(this, &QSlider::valueChanged, this, [this] {
        emit logValueChanged(logValue());
        if (!isSliderDown()) // a step that rounds to the same value leaves the handle where the value is
            setLogValue(logValue());
    });
    connect(this, &QAbstractSlider::actionTriggered, this, &LogSlider::skipRepeatedValues);
    // A dropped handle settles where its value belongs, as if the value had been typed.
    connect(this, &QAbstractSlider::sliderReleased, this, [this] { setLogValue(logValue()); });
}

double LogSlider::valueAt(int position) const
{
    const double t = double(position) / steps;
    double v = std::exp(std::log(m_minimum) + t * (std::log(m_maximum) - std::log(m_minimum)));
    if (m_offered && !m_fine)
        v = m_offered(v);
    return std::clamp(m_integral ? std::round(v) : v, m_minimum, m_maximum);
}

void LogSlider::setOfferedValues(std::function<double(double)> nearestOffered)
{
    m_offered = std::move(nearestOffered);
}

void LogSlider::mousePressEvent(QMouseEvent* event)
{
    m_fine = event->modifiers() & Qt::ShiftModifier;
    QSlider::mousePressEvent(event);
}

void LogSlider::mouseMoveEvent(QMouseEvent* event)
{
    m_fine = event->modifiers() & Qt::ShiftModifier;
    QSlider::mouseMoveEvent(event);
}

void LogSlider::keyPressEvent(QKeyEvent* event)
{
    m_fine = event->modifiers() & Qt::ShiftModifier;
    QSlider::keyPressEvent(event);
}

double LogSlider::logValue() const { return valueAt(value()); }

void LogSlider::skipRepeatedValues(int action)
{
    // Near the low end several handle positions round to one whole number: an arrow key must
    // still change the value, so it moves on to the next position that does.
    // (A wheel turn is a move; a drag is left alone until the handle is dropped.)
    int direction = action == SliderSingleStepAdd || action == SliderPageStepAdd   ? 1
                  : action == SliderSingleStepSub || action == SliderPageStepSub ? -1
                                                                                 : 0;
    if (action == SliderMove && !isSliderDown())
        direction = sliderPosition() > value() ? 1 : sliderPosition() < value() ? -1 : 0;
    if (!m_integral || direction == 0)
        return;
    const double current = logValue();
    int position = sliderPosition();
    while (valueAt(position) == current && position + direction >= minimum() && position + direction <= maximum())
        position += direction;
    setSliderPosition(position);
}

void LogSlider::setLogValue(double value)
{
    const QSignalBlocker blocker(this);
    const double clamped = std::clamp(value, m_minimum, m_maximum);
    const double t = (std::log(clamped) - std::log(m_minimum)) / (std::log(m_maximum) - std::log(m_minimum));
    setValue(static_cast<int>(std::lround(t * steps)));
}

} // namespace pe::ui
