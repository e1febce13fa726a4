// SPDX-License-Identifier: MIT
#pragma once

#include "app/commandline.h"

namespace pe::app {

/// Runs `--export`: writes the file and returns the process exit code (0 written, 1 could not
/// write, 2 bad request), printing any message to stderr.
int runHeadlessExport(const LaunchOptions& options);

/// Reads --t5-biases into state.methods (their buckets become num_buckets); the message when
/// the file is refused or --t5-head is beyond its heads, else empty.
QString applyT5BiasesOption(const LaunchOptions& options, ui::ViewState& state);

} // namespace pe::app
