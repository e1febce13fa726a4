// SPDX-License-Identifier: MIT
#include "ui/views/toneplayer.h"

#include <QAudioDevice>
#include <QAudioFormat>
#include <QAudioSink>
#include <QBuffer>
#include <QMediaDevices>

namespace pe::ui {

TonePlayer::TonePlayer(QObject* parent) : QObject(parent) {}

TonePlayer::~TonePlayer() { stop(); }

QString TonePlayer::play(const std::vector<std::int16_t>& samples, int sampleRate)
{
    stop();
    const QAudioDevice device = QMediaDevices::defaultAudioOutput();
    if (device.isNull())
        return tr("This computer has no audio output to play on. The same sound can be written to a file: "
                  "pe-explorer --view waves --export waves.wav");
    QAudioFormat format;
    format.setSampleRate(sampleRate);
    format.setChannelCount(1);
    format.setSampleFormat(QAudioFormat::Int16);
    if (!device.isFormatSupported(format))
        return tr("The audio output %1 cannot play 16-bit mono sound at %2 Hz. The same sound can be written to a "
                  "file: pe-explorer --view waves --export waves.wav")
            .arg(device.description()).arg(sampleRate);
    m_bytes = QByteArray(reinterpret_cast<const char*>(samples.data()), qsizetype(samples.size() * sizeof(std::int16_t)));
    // A quarter second of silence after the sound: the sink is stopped once it has read every
    // byte (Idle), which may drop what the device still holds; only silence is dropped then.
    m_bytes.append(QByteArray(qsizetype(sampleRate / 4) * qsizetype(sizeof(std::int16_t)), '\0'));
    m_buffer = new QBuffer(&m_bytes, this);
    m_buffer->open(QIODevice::ReadOnly);
    m_sink = new QAudioSink(device, format, this);
    connect(m_sink, &QAudioSink::stateChanged, this, [this](QAudio::State state) {
        // Idle: every byte was played; Stopped: the device went away or failed.
        if (state == QAudio::IdleState || state == QAudio::StoppedState) {
            stop();
            emit finished();
        }
    });
    m_sink->start(m_buffer);
    if (!m_sink || m_sink->error() != QAudio::NoError) { // (a sink may stop within start())
        stop();
        return tr("The audio output %1 could not start. The same sound can be written to a file: "
                  "pe-explorer --view waves --export waves.wav")
            .arg(device.description());
    }
    return {};
}

void TonePlayer::stop()
{
    if (m_sink) {
        QAudioSink* sink = m_sink;
        m_sink = nullptr; // its stateChanged on stop() finds nothing to stop again
        sink->disconnect(this);
        sink->stop();
        sink->deleteLater();
    }
    if (m_buffer) {
        m_buffer->deleteLater();
        m_buffer = nullptr;
    }
}

double TonePlayer::elapsedSeconds() const
{
    return m_sink ? double(m_sink->processedUSecs()) / 1e6 : 0.0;
}

} // namespace pe::ui
