// SPDX-License-Identifier: MIT
#include "ui/controls/sweepanimator.h"

#include "ui/document/document.h"
#include "ui/state/preferences.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <memory>

namespace pe::ui {

namespace {

/// The first value after the last one of [first, last], wrapping around.
std::int64_t wrapped(std::int64_t value, std::int64_t first, std::int64_t last)
{
    const std::int64_t length = last - first + 1;
    return first + ((value - first) % length + length) % length;
}

} // namespace

SweepAnimator::SweepAnimator(Document* document, QObject* parent)
    : QObject(parent), m_document(document)
{
    auto elapsed = std::make_shared<QElapsedTimer>();
    elapsed->start();
    m_clock = [elapsed] { return elapsed->elapsed(); };
    m_speed = std::clamp(Preferences::animationSpeed(defaultSpeed), minSpeed, maxSpeed);
    if (!std::isfinite(m_speed))
        m_speed = defaultSpeed;
    m_target = Preferences::animationSweepsOffset() ? Target::Offset : Target::Position;
    // 60 ticks a second at most; each tick takes the steps that are due, so the sweep keeps its
    // speed when a frame takes longer than a tick.
    m_timer.setInterval(16);
    connect(&m_timer, &QTimer::timeout, this, &SweepAnimator::tick);
}

void SweepAnimator::setClock(Clock clock)
{
    m_clock = std::move(clock);
    m_lastStepTime = m_clock();
}

void SweepAnimator::setPlaying(bool playing)
{
    if (playing == m_playing)
        return;
    m_playing = playing;
    if (playing) {
        // One undo step for the whole run: Ctrl+Z after a sweep goes back to where it started,
        // instead of walking back through hundreds of frames.
        m_undoRun = m_document->beginUndoRun();
        m_lastStepTime = m_clock();
        m_carry = 0;
        m_timer.start();
    } else {
        m_timer.stop();
    }
    emit playingChanged(playing);
}

void SweepAnimator::setTarget(Target target)
{
    if (target == m_target)
        return;
    m_target = target;
    m_undoRun = m_document->beginUndoRun(); // the other field: its own undo step
    Preferences::setAnimationSweepsOffset(target == Target::Offset);
    emit targetChanged(target);
}

void SweepAnimator::setSpeed(double positionsPerSecond)
{
    const double speed = std::isfinite(positionsPerSecond) ? std::clamp(positionsPerSecond, minSpeed, maxSpeed)
                                                           : defaultSpeed;
    if (speed == m_speed)
        return;
    m_speed = speed;
    Preferences::setAnimationSpeed(speed);
    emit speedChanged(speed);
}

void SweepAnimator::tick()
{
    if (!m_playing)
        return;
    const std::int64_t now = m_clock();
    // The views have not drawn the last step yet: wait for them rather than queue more frames.
    if (!m_document->isFrameCurrent())
        return;
    const double due = double(now - m_lastStepTime) * m_speed / 1000.0 + m_carry;
    if (due < 1.0)
        return;
    // A long stall (a big spec, a busy machine) moves on by a tenth of a second's worth at most,
    // so the sweep never jumps far past what the audience just saw.
    const auto most = std::max<std::int64_t>(1, std::int64_t(std::ceil(m_speed / 10.0)));
    const auto steps = std::min<std::int64_t>(std::int64_t(std::floor(due)), most);
    m_carry = steps < std::int64_t(std::floor(due)) ? 0.0 : due - double(steps);
    m_lastStepTime = now;
    advance(steps);
}

void SweepAnimator::advance(std::int64_t steps)
{
    const auto& spec = m_document->spec();
    const auto& state = m_document->state();
    if (m_target == Target::Position)
        m_document->stepAnimation(Document::Field::Position, wrapped(state.position + steps, 0, spec.maxLen - 1), m_undoRun);
    else // offsets 0 … max_len: from "the same position" to one whole matrix ahead
        m_document->stepAnimation(Document::Field::Offset, wrapped(state.offset + steps, 0, spec.maxLen), m_undoRun);
}

} // namespace pe::ui
