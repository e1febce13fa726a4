// SPDX-License-Identifier: MIT
// The methods view's files in the window: T5's relative biases (its Load from a file… button).
// Found by the build by its name (cmake/views.cmake) and entered by registerFileOpeners().
#include "ui/window/t5biasescontroller.h"

namespace pe::ui {

FileOpener* methodsFileOpener(Document* document, QWidget* window) { return new T5BiasesController(document, window); }

} // namespace pe::ui
