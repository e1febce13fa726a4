// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QAction;
class QSlider;
class QSpinBox;
class QToolButton;

namespace pe::ui {

class Document;
class LogSlider;

/// What a teacher drags while presenting (F5), on the stage's bar: d_model, max_len, the
/// selected position, the offset k (for the views that show it) and Play, as large as the bar's names. Presentation hides the controls
/// and formula docks so that the plots get the window; these few stay in reach. Like the
/// controls panel it only changes the document and mirrors it back; a drag is one undo step.
class PresentingControls : public QWidget {
    Q_OBJECT
public:
    /// `play` is the Animation menu's Play/Pause action (one action, one state).
    PresentingControls(Document* document, QAction* play, QWidget* parent = nullptr);

    LogSlider* dModelSlider() const { return m_dModelSlider; }
    QSpinBox* dModelSpin() const { return m_dModelSpin; }
    LogSlider* maxLenSlider() const { return m_maxLenSlider; }
    QSpinBox* maxLenSpin() const { return m_maxLenSpin; }
    QSlider* positionSlider() const { return m_positionSlider; }
    QSpinBox* positionSpin() const { return m_positionSpin; }
    QToolButton* playButton() const { return m_play; }
    QSlider* offsetSlider() const { return m_offsetSlider; }
    QSpinBox* offsetSpin() const { return m_offsetSpin; }
    /// Shows the offset k on the bar: for the views that are about it (relative offset, similarity).
    void setOffsetShown(bool shown);

protected:
    void changeEvent(QEvent* event) override;

private:
    void syncFromDocument();
    /// A label, a slider and its box as one item of the bar: wrapped apart, a label would name nothing.
    QWidget* group(const QString& label, QSlider* slider, QSpinBox* spin);

    Document* m_document;
    LogSlider* m_dModelSlider;
    QSpinBox* m_dModelSpin;
    LogSlider* m_maxLenSlider;
    QSpinBox* m_maxLenSpin;
    QSlider* m_positionSlider;
    QSpinBox* m_positionSpin;
    QSlider* m_offsetSlider;
    QSpinBox* m_offsetSpin;
    QWidget* m_offsetGroup;
    QToolButton* m_play;
};

} // namespace pe::ui
