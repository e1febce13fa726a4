// SPDX-License-Identifier: MIT
#include "ui/controls/logslider.h"

#include <QAccessible>
#include <QAccessibleWidget>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QSignalBlocker>

#include <cmath>

namespace pe::ui {

namespace {
constexpr int steps = 1000;

/// What a screen reader reads of a LogSlider: its value (d_model 64), not the handle's place
/// on the logarithmic track (500 of 1000), which QSlider's own interface would report.
class LogSliderAccessible : public QAccessibleWidget, public QAccessibleValueInterface {
public:
    explicit LogSliderAccessible(LogSlider* slider) : QAccessibleWidget(slider, QAccessible::Slider) {}

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::ValueInterface)
            return static_cast<QAccessibleValueInterface*>(this);
        return QAccessibleWidget::interface_cast(type);
    }
    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Value)
            return QLocale().toString(slider()->logValue(), 'g', 8);
        return QAccessibleWidget::text(t);
    }
    QVariant currentValue() const override { return slider()->logValue(); }
    void setCurrentValue(const QVariant& value) override { slider()->chooseLogValue(value.toDouble()); }
    QVariant maximumValue() const override { return slider()->logMaximum(); }
    QVariant minimumValue() const override { return slider()->logMinimum(); }
    QVariant minimumStepSize() const override { return slider()->isIntegral() ? 1.0 : 0.0; }

private:
    LogSlider* slider() const { return static_cast<LogSlider*>(widget()); }
};

QAccessibleInterface* logSliderAccessible(const QString& className, QObject* object)
{
    if (className == QLatin1String("pe::ui::LogSlider"))
        if (auto* slider = qobject_cast<LogSlider*>(object))
            return new LogSliderAccessible(slider);
    return nullptr;
}

} // namespace

LogSlider::LogSlider(double minimum, double maximum, bool integral, QWidget* parent)
    : QSlider(Qt::Horizontal, parent), m_minimum(minimum), m_maximum(maximum), m_integral(integral)
{
    static const bool accessible = [] {
        QAccessible::installFactory(logSliderAccessible);
        return true;
    }();
    Q_UNUSED(accessible);
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

void LogSlider::chooseLogValue(double value)
{
    setLogValue(value);
    emit logValueChanged(logValue());
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
