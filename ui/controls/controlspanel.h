// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <QWidget>

#include <optional>
#include <utility>

class QCheckBox;
class QComboBox;
class QLabel;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QSlider;
class QSpinBox;

namespace pe::ui {

class Document;
class LogSlider;

/// The spin box of a whole-number setting: typed numbers commit on Enter, not digit by digit.
QSpinBox* settingSpinBox(int minimum, int maximum, const QString& tip);
/// The widths the d_model slider offers: even numbers below 64, then multiples of 64 (every
/// power of two among them).
double offeredDModel(double value);

/// Sliders with spin boxes and choices for every setting. It only changes the document and
/// mirrors it back; a slider drag is one undo step.
class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(Document* document, QWidget* parent = nullptr);

    // Tooltips shared with the presenting controls (one text, one translation).
    static QString dModelTip();
    static QString dModelSliderTip();
    static QString maxLenTip();
    static QString positionTip();
    static QString offsetTip();
    /// The offsets k the sliders offer: back to position 0 and forward one max_len, or to the
    /// offset itself when max_len shrank after it was set (a box must show the document's value).
    static std::pair<int, int> offsetRange(const core::EncodingSpec& spec, const ViewState& state);

    LogSlider* dModelSlider() const { return m_dModelSlider; }
    QSpinBox* dModelSpin() const { return m_dModelSpin; }
    LogSlider* maxLenSlider() const { return m_maxLenSlider; }
    QSpinBox* maxLenSpin() const { return m_maxLenSpin; }
    LogSlider* baseSlider() const { return m_baseSlider; }
    QDoubleSpinBox* baseSpin() const { return m_baseSpin; }
    QComboBox* presetCombo() const { return m_preset; }
    QComboBox* layoutCombo() const { return m_layout; }
    QComboBox* frequenciesCombo() const { return m_frequencies; }
    QSpinBox* firstPositionSpin() const { return m_firstPosition; }
    QSlider* positionSlider() const { return m_positionSlider; }
    QSpinBox* positionSpin() const { return m_positionSpin; }
    QSlider* offsetSlider() const { return m_offsetSlider; }
    QSpinBox* offsetSpin() const { return m_offsetSpin; }
    QComboBox* colormapCombo() const { return m_colormap; }
    QCheckBox* cosineCheck() const { return m_cosine; }
    QLineEdit* dimsEdit() const { return m_dims; }

    /// Adds the animation row under the offset.
    void addAnimationControls(QWidget* controls);
    /// Presentation mode: only what a teacher drags (d_model, max_len, position, offset, the
    /// animation); the conventions, colormap and the rest come back when it is off.
    void setSimplified(bool simplified);
    bool isSimplified() const { return m_simplified; }

private:
    void buildSpecControls(QFormLayout* form);
    void buildSelectionControls(QFormLayout* form);
    void trackInteraction(QSlider* slider);
    void syncFromDocument();
    void syncPreset(const core::EncodingSpec& spec);
    void applyDims();

    Document* m_document;
    QFormLayout* m_form;
    bool m_simplified = false;
    LogSlider* m_dModelSlider;
    QSpinBox* m_dModelSpin;
    LogSlider* m_maxLenSlider;
    QSpinBox* m_maxLenSpin;
    LogSlider* m_baseSlider;
    QDoubleSpinBox* m_baseSpin;
    QComboBox* m_preset;
    QLabel* m_presetAlso; ///< the other libraries the current settings reproduce
    std::optional<core::EncodingSpec> m_presetShownFor; ///< the convention the Library box shows
    QComboBox* m_layout;
    QComboBox* m_frequencies;
    QSpinBox* m_firstPosition;
    QSlider* m_positionSlider;
    QSpinBox* m_positionSpin;
    QSlider* m_offsetSlider;
    QSpinBox* m_offsetSpin;
    QComboBox* m_colormap;
    QCheckBox* m_cosine;
    QLabel* m_dimsMessage = nullptr; ///< why the typed dims were refused, under the field
    QLineEdit* m_dims;
};

} // namespace pe::ui
