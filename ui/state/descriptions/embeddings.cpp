// SPDX-License-Identifier: MIT
// The Embeddings view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"
#include "ui/state/embeddingsoptions.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription embeddingsDescription()
{
    ViewDescription d = described("embeddings", QT_TRANSLATE_NOOP("pe::ui::Views", "Embeddings"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Sentence embeddings"),
                                  "format-text-bold",
                                  "embeddings (4*tokens, d_model) = word (x sqrt(d)), position, segment and sum rows of the default\n"
                                  "  sentence with pseudo-random word vectors (the window exports its own sentence and vectors)");
    keepOptions(d, embeddingsOptionsFrom);
    return d;
}

} // namespace pe::ui
