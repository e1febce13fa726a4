// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <cstdint>
#include <vector>

class QAudioSink;
class QBuffer;

namespace pe::ui {

/// Plays 16-bit mono samples on the default audio output (Qt Multimedia). Nothing of the audio
/// system is touched before the first play(): a window that never listens opens no device.
class TonePlayer : public QObject {
    Q_OBJECT
public:
    explicit TonePlayer(QObject* parent = nullptr);
    ~TonePlayer() override;

    /// Starts playing; returns why it cannot (no audio output, the device refused the format),
    /// or an empty string.
    QString play(const std::vector<std::int16_t>& samples, int sampleRate);
    void stop();
    bool isPlaying() const { return m_sink != nullptr; }
    /// Seconds played of the current sound (0 when none).
    double elapsedSeconds() const;

signals:
    /// The sound played to its end, or stopped.
    void finished();

private:
    QAudioSink* m_sink = nullptr;
    QBuffer* m_buffer = nullptr;
    QByteArray m_bytes;
};

} // namespace pe::ui
