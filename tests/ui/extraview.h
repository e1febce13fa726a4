// SPDX-License-Identifier: MIT
// A view that is not built in: "wavelengths", entered in the test binary's own start-up (after
// the built-in ones, as a plug-in would be) with everything a view can bring in its entry:
// options of its own (undone, in sessions, remembered, on the command line), a part of the
// frame with its reuse rule, and a data export from that part. Linked into the session, stage,
// data-export and registry tests, which find it through the catalogue like any view.
#pragma once

#include "core/encoding.h"
#include "ui/state/viewcatalog.h"
#include "ui/views/plotview.h"

#include <QVariantMap>

namespace extraview {

/// The extra view's key, entered when the test's QCoreApplication was made.
pe::ui::View key();
/// Enters the built-in views, then the extra one (the binary's start-up calls it).
void enterTheExtraView();

/// Its options: the table starts at pair `first` and holds `count` pairs.
QVariantMap options(int first, int count);

/// Its part: the wavelength of `count` pairs from `first` on, one row each (pair, wavelength).
struct WavelengthPart : pe::ui::ViewPart {
    pe::core::RowMatrix table;
    QString why;
    QString problem() const override { return why; }
};

/// Its widget draws its part: the number of rows and the first pair, or the part's problem.
class WavelengthView : public pe::ui::PlotView {
public:
    WavelengthView(pe::ui::Document* document, pe::ui::View view) : PlotView(document, view) {}
    QString shown;
    int redraws = 0;

protected:
    void redraw(const pe::ui::Frame& frame) override;
    pe::ui::Changes dependencies() const override;
};

} // namespace extraview
