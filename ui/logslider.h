// SPDX-License-Identifier: MIT
#pragma once

#include <QSlider>

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

signals:
    void logValueChanged(double value);

private:
    double valueAt(int position) const;
    void skipRepeatedValues(int action);

    double m_minimum, m_maximum;
    bool m_integral;
};

} // namespace pe::ui
