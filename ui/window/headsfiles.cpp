// SPDX-License-Identifier: MIT
// The Heads view's files in the window: a model's checkpoint (File ▸ Open checkpoint…). Found by
// the build by its name (cmake/views.cmake) and entered by registerFileOpeners().
#include "ui/window/checkpointcontroller.h"

namespace pe::ui {

FileOpener* headsFileOpener(Document* document, QWidget* window) { return new CheckpointController(document, window); }

} // namespace pe::ui
