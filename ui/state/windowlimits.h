// SPDX-License-Identifier: MIT
#pragma once

namespace pe::ui {

/// What the window and figures draw (the core allows more; data exports use the core's limits):
/// the one table the controls, sessions, the command line and the exporters all read.
struct WindowLimits {
    static constexpr int maxDModel = 4096;
    static constexpr int maxMaxLen = 1 << 20;
    static constexpr double minBase = 1.01;
    static constexpr double maxBase = 1e9;
    static constexpr int maxFirstPosition = 1000000;
    static constexpr int maxWaveDims = 16; ///< curves in the wave plot (more are unreadable)
};

} // namespace pe::ui
