// SPDX-License-Identifier: MIT
#include "ui/cellcolormap.h"

namespace pe::ui {

void CellColorMap::draw(QCPPainter* painter)
{
    if (!painter->modes().testFlag(QCPPainter::pmVectorized) || mMapData->isEmpty() || !mKeyAxis || !mValueAxis) {
        QCPColorMap::draw(painter);
        return;
    }
    updateMapImage(); // exports are rare: always rebuild rather than track QCPColorMapData's private flag
    // Cells are centred on the data range; extend by half a cell so the image covers whole cells.
    QRectF target = QRectF(coordsToPixels(mMapData->keyRange().lower, mMapData->valueRange().lower),
                           coordsToPixels(mMapData->keyRange().upper, mMapData->valueRange().upper)).normalized();
    const bool horizontalKey = keyAxis()->orientation() == Qt::Horizontal;
    const int across = horizontalKey ? mMapData->keySize() : mMapData->valueSize();
    const int down = horizontalKey ? mMapData->valueSize() : mMapData->keySize();
    const double halfWidth = across > 1 ? 0.5 * target.width() / (across - 1) : 0;
    const double halfHeight = down > 1 ? 0.5 * target.height() / (down - 1) : 0;
    target.adjust(-halfWidth, -halfHeight, halfWidth, halfHeight);
    const bool mirrorX = (horizontalKey ? keyAxis() : valueAxis())->rangeReversed();
    const bool mirrorY = (horizontalKey ? valueAxis() : keyAxis())->rangeReversed();

    painter->save();
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter->setRenderHint(QPainter::LosslessImageRendering, true);
    painter->drawImage(target, mMapImage.mirrored(mirrorX, mirrorY));
    painter->restore();
}

} // namespace pe::ui
