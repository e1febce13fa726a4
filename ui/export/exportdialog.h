// SPDX-License-Identifier: MIT
#pragma once

#include "ui/export/figureexport.h"

#include <QDialog>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace pe::ui {

/// Asks what to export and where: the view, the file (its suffix picks the format), and for
/// figures the size (journal presets, a slide or millimetres), the PNG resolution, the font
/// size, the title, the selection marks and the colour map. Export runs `check` first: the
/// dialog stays open, with every choice kept, while it returns a message (or an empty one
/// after a question the user answered No).
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(View view, const QString& suggestedPath, const QString& colormap, QWidget* parent = nullptr);

    View view() const;
    QString path() const;
    FigureSize figureSize() const;
    QString colormap() const;
    /// Returns no value to go ahead, or why not (shown in the dialog; empty: just stay open).
    void setCheck(std::function<std::optional<QString>(ExportDialog&)> check) { m_check = std::move(check); }
    /// Shows `message` in the dialog (red) and keeps it open.
    void showError(const QString& message);
    QString errorText() const;

    void done(int result) override;

private:
    void browse();
    void applyPreset(int index);
    void updateSummary();
    void viewChosen();

    QComboBox* m_view;
    QLineEdit* m_path;
    QComboBox* m_preset;
    QDoubleSpinBox* m_width;
    QDoubleSpinBox* m_height;
    QSpinBox* m_dpi;
    QDoubleSpinBox* m_font;
    QComboBox* m_title;
    QCheckBox* m_marks;
    QComboBox* m_colormap;
    QLabel* m_summary;
    QLabel* m_error;
    View m_shownView;
    std::function<std::optional<QString>(ExportDialog&)> m_check;
};

} // namespace pe::ui
