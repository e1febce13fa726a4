// SPDX-License-Identifier: MIT
#pragma once

#include "app/commandline.h"

namespace pe::app {

/// Runs `--export`: writes the file and returns the process exit code (0 written, 1 could not
/// write, 2 bad request), printing any message to stderr.
int runHeadlessExport(const LaunchOptions& options);

/// Reads the T5 biases the methods view's options name (--t5-biases, a session's) into
/// `biases`: their buckets become num_buckets, and the options name the file as it was read.
/// The message when the file is refused or --t5-head is beyond its heads, else empty.
QString readNamedT5Biases(const LaunchOptions& options, ui::ViewState& state, ui::ViewDataPtr* biases = nullptr);

} // namespace pe::app
