// SPDX-License-Identifier: MIT
#include "ui/controls/animationcontrols.h"
#include "ui/widgets/accessiblenames.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>

namespace pe::ui {

namespace {

QString keyText(const QKeySequence& key)
{
    return key.toString(QKeySequence::NativeText);
}

} // namespace

AnimationControls::AnimationControls(SweepAnimator* animator, QWidget* parent)
    : QWidget(parent), m_animator(animator)
{
    m_play = newAction(tr("&Play"), QKeySequence(Qt::Key_Space),
                       tr("Play or pause the sweep; every view follows (%1)"));
    m_play->setCheckable(true);
    connect(m_play, &QAction::toggled, animator, &SweepAnimator::setPlaying);
    m_faster = newAction(tr("&Faster"), QKeySequence(Qt::Key_BracketRight), tr("Double the sweep speed (%1)"));
    connect(m_faster, &QAction::triggered, animator, [animator] { animator->setSpeed(animator->speed() * 2); });
    m_slower = newAction(tr("&Slower"), QKeySequence(Qt::Key_BracketLeft), tr("Halve the sweep speed (%1)"));
    connect(m_slower, &QAction::triggered, animator, [animator] { animator->setSpeed(animator->speed() / 2); });

    auto* group = new QActionGroup(this);
    m_sweepPosition = group->addAction(tr("Sweep the &position"));
    m_sweepOffset = group->addAction(tr("Sweep the &offset k"));
    for (QAction* a : {m_sweepPosition, m_sweepOffset})
        a->setCheckable(true);
    connect(m_sweepPosition, &QAction::triggered, animator, [animator] { animator->setTarget(SweepAnimator::Target::Position); });
    connect(m_sweepOffset, &QAction::triggered, animator, [animator] { animator->setTarget(SweepAnimator::Target::Offset); });

    m_button = new QToolButton;
    m_button->setDefaultAction(m_play);
    m_button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    m_target = new QComboBox;
    m_target->addItem(tr("position"), int(SweepAnimator::Target::Position));
    m_target->addItem(tr("offset k"), int(SweepAnimator::Target::Offset));
    m_target->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_target->setToolTip(tr("What the sweep moves: the selected position (0 … max_len−1) or the offset k (0 … max_len), looping"));
    connect(m_target, &QComboBox::activated, animator, [this](int i) {
        m_animator->setTarget(SweepAnimator::Target(m_target->itemData(i).toInt()));
    });

    m_speed = new QDoubleSpinBox;
    m_speed->setRange(SweepAnimator::minSpeed, SweepAnimator::maxSpeed);
    m_speed->setDecimals(1);
    m_speed->setKeyboardTracking(false);
    m_speed->setSuffix(tr(" /s"));
    nameControls(tr("Sweep speed"), {m_speed});
    m_speed->setToolTip(tr("Sweep speed in positions per second (%1 faster, %2 slower)")
                            .arg(keyText(m_faster->shortcut()), keyText(m_slower->shortcut())));
    connect(m_speed, &QDoubleSpinBox::valueChanged, animator, &SweepAnimator::setSpeed);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_button);
    layout->addWidget(m_target, 1);
    layout->addWidget(m_speed);

    connect(animator, &SweepAnimator::playingChanged, this, &AnimationControls::syncPlaying);
    connect(animator, &SweepAnimator::speedChanged, this, [this](double speed) {
        const QSignalBlocker blocker(m_speed);
        m_speed->setValue(speed);
    });
    const auto syncTarget = [this](SweepAnimator::Target target) {
        const QSignalBlocker blocker(m_target);
        m_target->setCurrentIndex(m_target->findData(int(target)));
        (target == SweepAnimator::Target::Offset ? m_sweepOffset : m_sweepPosition)->setChecked(true);
    };
    connect(animator, &SweepAnimator::targetChanged, this, syncTarget);
    syncTarget(animator->target());
    m_speed->setValue(animator->speed());
    syncPlaying(animator->isPlaying());
}

QAction* AnimationControls::newAction(const QString& text, const QKeySequence& key, const QString& tip)
{
    auto* action = new QAction(text, this);
    action->setShortcut(key);
    // The window's shortcut; a focused text field still gets its own space and brackets,
    // because line edits claim printable keys before shortcuts see them.
    action->setShortcutContext(Qt::WindowShortcut);
    action->setToolTip(tip.arg(keyText(key)));
    addAction(action);
    return action;
}

void AnimationControls::syncPlaying(bool playing)
{
    {
        const QSignalBlocker blocker(m_play);
        m_play->setChecked(playing);
    }
    m_play->setText(playing ? tr("&Pause") : tr("&Play"));
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

QList<QAction*> AnimationControls::menuActions() const
{
    return {m_play, m_faster, m_slower, m_sweepPosition, m_sweepOffset};
}

} // namespace pe::ui
