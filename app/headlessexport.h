// SPDX-License-Identifier: MIT
#pragma once

#include "app/commandline.h"

namespace pe::app {

/// Runs `--export`: writes the file and returns the process exit code (0 written, 1 could not
/// write, 2 bad request), printing any message to stderr.
int runHeadlessExport(const LaunchOptions& options);

} // namespace pe::app
