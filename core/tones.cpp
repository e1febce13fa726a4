// SPDX-License-Identifier: MIT
#include "core/tones.h"

#include "core/encoding.h"
#include "core/frequencies.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

namespace pe::core {

double toneFrequency(const EncodingSpec& spec, int column, double positionsPerSecond)
{
    const ColumnRole role = columnRole(spec, column);
    if (role.isZero)
        return 0;
    return double(angularFrequencyLong(spec, role.pair)) * positionsPerSecond / (2 * std::numbers::pi);
}

std::string toneProblem(const EncodingSpec& spec, const std::vector<int>& columns, const ToneSettings& s)
{
    std::ostringstream why;
    if (!(s.positionsPerSecond >= ToneSettings::minPositionsPerSecond && s.positionsPerSecond <= ToneSettings::maxPositionsPerSecond)) {
        why << "positions per second R = " << s.positionsPerSecond << " is out of range; allowed: "
            << ToneSettings::minPositionsPerSecond << " to " << ToneSettings::maxPositionsPerSecond;
        return why.str();
    }
    if (!(s.secondsPerDimension >= ToneSettings::minSeconds && s.secondsPerDimension <= ToneSettings::maxSeconds)) {
        why << "seconds per dimension N = " << s.secondsPerDimension << " is out of range; allowed: "
            << ToneSettings::minSeconds << " to " << ToneSettings::maxSeconds;
        return why.str();
    }
    if (columns.empty())
        return "no dimension to play; allowed: 1 to " + std::to_string(ToneSettings::maxDimensions) + " dimensions";
    if (columns.size() > std::size_t(ToneSettings::maxDimensions))
        return std::to_string(columns.size()) + " dimensions; allowed: at most " + std::to_string(ToneSettings::maxDimensions);
    const double nyquist = s.sampleRate / 2.0;
    for (int column : columns) {
        if (column < 0 || column >= spec.dModel) {
            why << "dimension " << column << " does not exist; allowed: 0 to " << spec.dModel - 1;
            return why.str();
        }
        const double f = toneFrequency(spec, column, s.positionsPerSecond);
        if (f >= nyquist) {
            // Sampled, it would sound at an alias: a pitch that is not the encoding's.
            why << "dimension " << column << " would sound at " << f << " Hz, at or above half the sample rate ("
                << nyquist << " Hz); allowed: R below " << s.positionsPerSecond * nyquist / f << " positions per second";
            return why.str();
        }
    }
    return {};
}

std::vector<std::int16_t> dimensionTones(const EncodingSpec& spec, const std::vector<int>& columns, const ToneSettings& s)
{
    const auto perTone = static_cast<std::int64_t>(std::llround(s.secondsPerDimension * s.sampleRate));
    const auto fade = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::llround(ToneSettings::fadeSeconds * s.sampleRate)));
    std::vector<std::int16_t> samples;
    samples.reserve(std::size_t(perTone) * columns.size());
    for (int column : columns)
        for (std::int64_t i = 0; i < perTone; ++i) {
            const double position = double(spec.firstPosition) + s.positionsPerSecond * double(i) / s.sampleRate;
            const double edge = std::min<double>({1.0, double(i) / double(fade), double(perTone - 1 - i) / double(fade)});
            const double value = ToneSettings::amplitude * edge * encodingCurve(spec, position, column);
            samples.push_back(static_cast<std::int16_t>(std::lround(std::clamp(value, -1.0, 1.0) * 32767)));
        }
    return samples;
}

namespace {

void appendLittleEndian(std::string& out, std::uint32_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

} // namespace

std::string waveFile(const std::vector<std::int16_t>& samples, int sampleRate)
{
    const auto dataBytes = static_cast<std::uint32_t>(samples.size() * 2);
    std::string out;
    out.reserve(44 + dataBytes);
    out += "RIFF";
    appendLittleEndian(out, 36 + dataBytes, 4);
    out += "WAVEfmt ";
    appendLittleEndian(out, 16, 4);                          // the fmt chunk's size
    appendLittleEndian(out, 1, 2);                           // PCM
    appendLittleEndian(out, 1, 2);                           // mono
    appendLittleEndian(out, std::uint32_t(sampleRate), 4);
    appendLittleEndian(out, std::uint32_t(sampleRate) * 2, 4); // bytes per second
    appendLittleEndian(out, 2, 2);                           // bytes per frame
    appendLittleEndian(out, 16, 2);                          // bits per sample
    out += "data";
    appendLittleEndian(out, dataBytes, 4);
    for (std::int16_t sample : samples)
        appendLittleEndian(out, std::uint16_t(sample), 2);
    return out;
}

} // namespace pe::core
