// SPDX-License-Identifier: MIT
#pragma once

#include <QSlider>

#include <functional>

namespace pe::ui {

/// A horizontal slider over [minimum, maximum] on a logarithmic scale, for values that span
/// decades (max_len from 1 to a million, base from 2 to 10^6): every decade gets equal travel.
class LogSlider : public QSlider {
    Q_OBJECT
public:
    LogSlider(double minimum, double maximum, bool integral, QWidget* parent = nullptr);

    double logValue() const;
    /// Moves the handle without emitting logValueChanged.
    void setLogValue(double value);
    /// The values the handle offers (e.g. d_model: even numbers, then multiples of 64): maps
    /// any value to the nearest offered one. Holding Shift while dragging or pressing a key
    /// gives every whole number in between.
    void setOfferedValues(std::function<double(double)> nearestOffered);
    double logMinimum() const { return m_minimum; }
    double logMaximum() const { return m_maximum; }
    bool isIntegral() const { return m_integral; }
    /// Moves the handle to `value` as a user would (a screen reader setting the value): emits
    /// logValueChanged.
    void chooseLogValue(double value);

signals:
    void logValueChanged(double value);

private:
    double valueAt(int position) const;
    void skipRepeatedValues(int action);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    std::function<double(double)> m_offered;
    bool m_fine = false; ///< Shift held during the current drag or key press

    double m_minimum, m_maximum;
    bool m_integral;
};

} // namespace pe::ui
