// SPDX-License-Identifier: MIT
#pragma once

namespace pe::ui {
class MainWindow;
}

namespace pe::app {

/// For tests and bench_window only: PE_QUIT_AFTER_FIRST_FRAME=1 asks for a run nobody watches
/// (a whole start and shutdown, no questions asked).
bool isUnattendedRun();
/// In an unattended run, closes `window` once its heatmap has drawn its first frame.
void quitAfterFirstFrame(pe::ui::MainWindow* window);

} // namespace pe::app
