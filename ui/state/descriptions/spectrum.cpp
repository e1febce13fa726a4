// SPDX-License-Identifier: MIT
// The Spectrum view as every list of views reads it (see cmake/views.cmake).
#include "ui/state/descriptions/description.h"

#include <QCoreApplication>

namespace pe::ui {

ViewDescription spectrumDescription()
{
    ViewDescription d = described("spectrum", QT_TRANSLATE_NOOP("pe::ui::Views", "Spectrum"),
                                  QT_TRANSLATE_NOOP("pe::ui::Views", "Spectrum"),
                                  "office-chart-area",
                                  "spectrum (N/2+1, 1+d_model) = per frequency bin its omega = 2*pi*f/N, then each dim's power along the\n"
                                  "  first min(max_len, 1024) positions (mean removed, zero-padded to N, a power of two), over its peak");
    d.usesTable = true;
    return d;
}

} // namespace pe::ui
