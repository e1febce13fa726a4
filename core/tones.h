// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pe::core {

/// Hearing the encoding (issue 50): a dimension is a wave along the positions; played with the
/// positions advancing at R per second, dimension i sounds at ω_i·R/2π Hz. Faster pairs sound
/// higher, and the geometric progression of the ω is heard as equal steps of pitch.
struct ToneSettings {
    /// R, positions per second. The default puts dimension 0 (ω = 1) at 880 Hz (A5): at
    /// d_model 64 the pairs k = 0 … 12 are then between 880 and about 20 Hz.
    double positionsPerSecond = 2 * 3.14159265358979323846 * 880;
    double secondsPerDimension = 1.0; ///< N, how long each dimension sounds
    int sampleRate = 44100;
    static constexpr double minPositionsPerSecond = 1e-3, maxPositionsPerSecond = 1e9;
    static constexpr double minSeconds = 0.05, maxSeconds = 60;
    /// The most dimensions one sound plays in turn: the wave plot's (WindowLimits::maxWaveDims).
    static constexpr int maxDimensions = 16;
    /// Each tone starts and ends with a fade this long (a sudden start clicks).
    static constexpr double fadeSeconds = 0.005;
    /// Full scale × this: headroom.
    static constexpr double amplitude = 0.8;
};

/// The pitch of `column` (a sine or cosine of its pair; 0 for the zero column that ends an odd
/// d_model under tensor2tensor's rule): ω·R/2π.
double toneFrequency(const EncodingSpec& spec, int column, double positionsPerSecond);

/// Why `columns` cannot be played as asked, naming the value and what is allowed (a column
/// outside 0 … d_model−1, R or N out of range, a pitch at or above half the sample rate, which
/// would alias to a lower one that is not in the encoding); empty when they can.
std::string toneProblem(const EncodingSpec& spec, const std::vector<int>& columns, const ToneSettings& settings);

/// The sound: each column in turn for N seconds, sample s of it amplitude · PE(first position +
/// R·s/rate, column), faded in and out over fadeSeconds. Mono 16-bit samples.
std::vector<std::int16_t> dimensionTones(const EncodingSpec& spec, const std::vector<int>& columns, const ToneSettings& settings);

/// A RIFF WAVE file of `samples` (PCM, 16-bit, mono) at `sampleRate`, as bytes.
std::string waveFile(const std::vector<std::int16_t>& samples, int sampleRate);

} // namespace pe::core
