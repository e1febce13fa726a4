// SPDX-License-Identifier: MIT
#pragma once

#include "ui/figureexport.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace pe::ui {

/// Asks what to export and where: the view, the file (its suffix picks the format), and for
/// figures the size (journal presets or millimetres), the PNG resolution and the font size.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(View view, const QString& suggestedPath, QWidget* parent = nullptr);

    View view() const;
    QString path() const;
    FigureSize figureSize() const;

private:
    void browse();
    void applyPreset(int index);
    void updateSummary();

    QComboBox* m_view;
    QLineEdit* m_path;
    QComboBox* m_preset;
    QDoubleSpinBox* m_width;
    QDoubleSpinBox* m_height;
    QSpinBox* m_dpi;
    QDoubleSpinBox* m_font;
    QLabel* m_summary;
};

} // namespace pe::ui
