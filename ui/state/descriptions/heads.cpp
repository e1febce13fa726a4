// SPDX-License-Identifier: MIT
// The Heads view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"
#include "ui/state/headsoptions.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription headsDescription()
{
    ViewDescription d = described("heads", QT_TRANSLATE_NOOP("pe::ui::Views", "Heads"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Attention heads of a checkpoint"),
                                  "view-grid",
                                  "heads (L, L) = the scores S_h (--heads-data scores) or attention of --head of --layer of the\n"
                                  "  --checkpoint; (L, heads+1) = offset, then each head's mean score per offset (kernel; the Llama\n"
                                  "  family's exact kernel); (heads, pairs) = each head's amplitude per rotated pair (amplitudes).\n"
                                  "  L = --max-len, at most the model's positions; without it, the model's (Llama: at most 8192)");
    keepOptions(d, headsOptionsFrom);
    takeCommandLine(d, headsCommandLineOptions(), readHeadsCommandLine, headsCommandLineFor);
    return d;
}

} // namespace pe::ui
