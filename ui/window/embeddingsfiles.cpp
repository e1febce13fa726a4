// SPDX-License-Identifier: MIT
// The embeddings view's files in the window: word vectors (its Load vectors… button), read off the
// GUI thread. Found by the build by its name (cmake/views.cmake) and entered by
// registerFileOpeners().
#include "ui/window/wordvectorcontroller.h"

namespace pe::ui {

FileOpener* embeddingsFileOpener(Document* document, QWidget* window) { return new WordVectorController(document, window); }

} // namespace pe::ui
