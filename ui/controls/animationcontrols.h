// SPDX-License-Identifier: MIT
#pragma once

#include "ui/controls/sweepanimator.h"

#include <QWidget>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QToolButton;

namespace pe::ui {

/// Play/pause, what to sweep and how fast: a row of the controls panel and the actions of the
/// Animation menu (Space plays and pauses, ] and [ double and halve the speed).
class AnimationControls : public QWidget {
    Q_OBJECT
public:
    explicit AnimationControls(SweepAnimator* animator, QWidget* parent = nullptr);

    SweepAnimator* animator() const { return m_animator; }
    QAction* playAction() const { return m_play; }
    QToolButton* playButton() const { return m_button; }
    QComboBox* targetCombo() const { return m_target; }
    QDoubleSpinBox* speedSpin() const { return m_speed; }
    /// The Animation menu's entries.
    QList<QAction*> menuActions() const;

private:
    void syncPlaying(bool playing);
    QAction* newAction(const QString& text, const QKeySequence& key, const QString& tip);

    SweepAnimator* m_animator;
    QAction* m_play;
    QAction* m_faster;
    QAction* m_slower;
    QAction* m_sweepPosition;
    QAction* m_sweepOffset;
    QToolButton* m_button;
    QComboBox* m_target;
    QDoubleSpinBox* m_speed;
};

} // namespace pe::ui
