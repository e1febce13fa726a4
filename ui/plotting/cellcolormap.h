// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"

#include <qcustomplot.h>

#include <memory>
#include <vector>

namespace pe::ui {

/// QCustomPlot's colour-map data that takes a whole matrix at once into storage it keeps:
/// QCPColorMapData::setSize allocates and zero-fills a fresh array on every size change and
/// setCell costs a call per cell, which together cost more than computing the frame.
class CellData : public QCPColorMapData {
public:
    CellData();
    /// Shows `cells` (rows along the value axis, columns along the key axis) with the centres
    /// of the first and last cells at the ends of the ranges. A one-row or one-column matrix
    /// is doubled: QCustomPlot needs two cells to give an axis extent.
    void assign(const core::RowMatrix& cells, const QCPRange& keyRange, const QCPRange& valueRange);
    /// As assign(), without a copy: the map reads `cells` itself, which must not change while
    /// shown (a frame's matrix never does; the map keeps it alive). dataBounds() is not
    /// worked out: the views that share know their colour range. A one-row or one-column
    /// matrix is copied (doubled).
    void share(std::shared_ptr<const core::RowMatrix> cells, const QCPRange& keyRange, const QCPRange& valueRange);
    /// Empties the map, freeing what it holds (QCPColorMapData::clear, which would free a
    /// shared matrix as its own).
    void clear();
    /// The matrix's own rows and columns (before a single one is doubled); 0 when cleared.
    int matrixRows() const { return m_rows; }
    int matrixColumns() const { return m_columns; }

    ~CellData();

private:
    friend class CellColorMap;
    /// Lets go of a shared matrix (mData then null), so that an array of our own can follow.
    void unshare();
    std::shared_ptr<const core::RowMatrix> m_shared; ///< what mData points into, when shared
    double* m_storage = nullptr; ///< what assign() allocated (mData, unless setSize replaced it)
    std::size_t m_capacity = 0;
    int m_rows = 0, m_columns = 0;
};

/// A colour map drawn from an image with one pixel per cell, never smoothed: on screen without
/// QCustomPlot's per-draw mirrored copy, and in vector output (PDF, SVG) as one lossless image
/// at data resolution (QCPColorMap itself rasterises vector output into a 3× screen buffer,
/// which resamples the cells). A logarithmic data scale is drawn the same way (from a range
/// above 0).
class CellColorMap : public QCPColorMap {
    Q_OBJECT
public:
    CellColorMap(QCPAxis* keyAxis, QCPAxis* valueAxis);
    ~CellColorMap() override;
    CellData* cells() const;
    /// Frees the cells and the image made from them: the map draws nothing until assigned again.
    void releaseCells();

protected:
    void updateMapImage() override;
    void draw(QCPPainter* painter) override;

private:
    bool canUseCellImage() const;
    /// The cell image enlarged to whole-pixel blocks for SVG output (see draw()).
    QImage blockImage(const QSizeF& target) const;
    void updateLookupTable();

    std::vector<QRgb> m_lookup;     ///< colour of each gradient level over the data range
    QCPColorGradient m_lookupGradient;
    QCPRange m_lookupRange;
    bool m_lookupLogarithmic = false;
    bool m_imageMirrorX = false, m_imageMirrorY = false; ///< axes' orientation the image was made for
};

/// A colour map on the bottom and left axes of `rect`: one block per cell, never smoothed, its
/// cells' edges at their centres ± ½ (the maps of the grid and heads views).
CellColorMap* addCellColorMap(QCPAxisRect* rect);
/// An axis rect drawn as an image: row 0 at the top, whole-number ticks, no grid lines, the top
/// axis a caption, no drag or wheel zoom (a picture of tiles or heads, not a chart to pan).
void setUpImageAxes(QCPAxisRect* rect);

} // namespace pe::ui
