// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QTimer>

#include <cstdint>
#include <functional>

namespace pe::ui {

class Document;

/// Plays a sweep of the selected position (or of the offset k) through the document, so that
/// every view follows. It steps only when the views have drawn the previous step (a slow frame
/// slows the sweep instead of queueing frames), loops at the end, and a whole play … pause run
/// is one undo step.
class SweepAnimator : public QObject {
    Q_OBJECT
public:
    enum class Target { Position, Offset };
    /// Milliseconds of a monotonic clock; tests pass their own to step deterministically.
    using Clock = std::function<std::int64_t()>;

    static constexpr double minSpeed = 0.5;
    static constexpr double maxSpeed = 2000.0;
    static constexpr double defaultSpeed = 5.0;

    explicit SweepAnimator(Document* document, QObject* parent = nullptr);

    bool isPlaying() const { return m_playing; }
    Target target() const { return m_target; }
    double speed() const { return m_speed; } ///< positions (or offsets) per second
    void setClock(Clock clock);

    void setPlaying(bool playing);
    void togglePlaying() { setPlaying(!m_playing); }
    void setTarget(Target target);
    /// Clamped to minSpeed … maxSpeed and remembered for the next start.
    void setSpeed(double positionsPerSecond);

    /// Advances by the steps due since the last one, if the views are done drawing. The timer
    /// calls it; tests call it with their own clock.
    void tick();

signals:
    void playingChanged(bool playing);
    void speedChanged(double positionsPerSecond);
    void targetChanged(pe::ui::SweepAnimator::Target target);

private:
    void advance(std::int64_t steps);

    Document* m_document;
    QTimer m_timer;
    Clock m_clock;
    Target m_target = Target::Position;
    double m_speed = defaultSpeed;
    bool m_playing = false;
    std::int64_t m_lastStepTime = 0;
    double m_carry = 0;  ///< the fraction of a step already due
    int m_undoRun = 0;   ///< the undo step this run's steps merge into
};

} // namespace pe::ui
