// SPDX-License-Identifier: MIT
// The RoPE view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"
#include "ui/state/ropecommandline.h"
#include "ui/state/ropeoptions.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription ropeDescription()
{
    ViewDescription d = described("rope", QT_TRANSLATE_NOOP("pe::ui::Views", "RoPE"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Rotary embedding (RoPE)"),
                                  "object-rotate-left",
                                  "rope (d_model/2, 12) = k, theta_k, wavelength with no scaling, PI, NTK-aware and YaRN (paper ramp),\n"
                                  "  YaRN's ramp gamma, then the wavelength under dynamic NTK, YaRN (reference ramp) and Llama 3.1,\n"
                                  "  the reference ramp and YaRN's attention factor (s = 8, L_orig = 4096, L = 32768, truncate on,\n"
                                  "  Llama 3 low 1, high 4; the window and a session's view.options.rope give their own)");
    keepOptions(d, ropeOptionsFrom);
    takeCommandLine(d, ropeCommandLineOptions(), readRopeCommandLine, ropeCommandLineFor);
    return d;
}

} // namespace pe::ui
