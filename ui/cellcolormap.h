// SPDX-License-Identifier: MIT
#pragma once

#include <qcustomplot.h>

namespace pe::ui {

/// A colour map whose vector output (PDF, SVG) embeds the cells as one image at data resolution,
/// drawn without smoothing. QCPColorMap itself rasterises vector output into a 3× screen buffer,
/// which resamples the cells; on screen both draw the same.
class CellColorMap : public QCPColorMap {
    Q_OBJECT
public:
    using QCPColorMap::QCPColorMap;

protected:
    void draw(QCPPainter* painter) override;
};

} // namespace pe::ui
