// SPDX-License-Identifier: MIT
// The RoPE view's files in the window: a model's config.json (File ▸ Open model configuration…,
// the view's Open… buttons). Found by the build by its name (cmake/views.cmake) and entered by
// registerFileOpeners().
#include "ui/window/ropemodelcontroller.h"

namespace pe::ui {

FileOpener* ropeFileOpener(Document* document, QWidget* window) { return new RopeModelController(document, window); }

} // namespace pe::ui
