// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plotting/cellcolormap.h"
#include "ui/views/plotview.h"

#include <optional>

class QCPColorScale;
class QCPItemStraightLine;
class QCPItemRect;
class QCPTextElement;

namespace pe::ui {

class ZoomSettle;

/// The documents' figure: position on Y (0 at the top), embedding dimension on X, a colorbar.
/// Hover shows the cell and its formula with the numbers filled in; a click selects the
/// position and the dimension; wheel and drag zoom and pan, and a zoomed view is recomputed
/// from exact cells instead of stretching averaged ones. Beyond the screen's resolution each
/// device pixel shows the exact average of the cells under it (rows and columns).
class HeatmapView : public PlotView {
    Q_OBJECT
public:
    explicit HeatmapView(Document* document, QWidget* parent = nullptr);

    CellColorMap* colorMap() const { return m_map; }
    /// The whole title before it is fitted to the width (title and subtitle lines).
    QString titleText() const { return m_titleText; }
    /// The readout for the cell at (row, column): what the hover shows.
    QString cellDescription(std::int64_t row, int column) const;
    /// The cell under a point of the plot widget, or {−1, −1} outside the map.
    std::pair<std::int64_t, int> cellAt(const QPointF& pixel) const;

    void prepareForExport(double fontPixels) override;

protected:
    /// Positions run down the y axis: the down arrow moves to the next.
    ArrowKeys arrowKeys() const override { return {ArrowMoves::Dimension, ArrowMoves::Position, true}; }
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Position | Change::Dimension | Change::Band | Change::Colormap | Change::Zoom | Change::Bins | Change::Table; }
    void applyScale() override;
    /// The selected cell, as the hover reads it: "selected: position 3 · dimension 5 … value …".
    QString chartDetails() const override;
    std::optional<double> chartValue() const override;

private:
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    /// Asks the document for what the axes show now (after a zoom or pan settles).
    void onRangeChanged();
    /// Whether the axes were fitted to the document's current spec (or table).
    bool axesShowDocument() const;
    /// Tells the document how many device pixels the map covers: one bin per pixel beyond that.
    void reportPixels();
    void updateOverlays(const Frame& frame);
    /// "Position", or how many positions each pixel averages; the same for the dimensions.
    void labelAxes(const Frame& frame);
    /// A loaded table's title: its name, shape, colour scale and what could not be shown.
    QString tableTitle(const Frame& frame) const;
    static QString sinusoidExplanation();
    static QString tableExplanation();

    CellColorMap* m_map;
    QCPColorScale* m_scale;
    QCPTextElement* m_title;
    QString m_titleText; // before fitting it to the width
    QCPItemStraightLine* m_positionLine;
    QCPItemStraightLine* m_dimensionLine;
    QList<QCPItemRect*> m_bandRects;
    ZoomSettle* m_zoomSettle; // asks for the shown cells once a wheel/drag zoom pauses
    std::optional<core::EncodingSpec> m_drawnSpec; // the spec the axes were last fitted to
    LoadedTablePtr m_drawnTable;                    // and the table
    bool m_settingRange = false;
    QPointF m_pressPosition;
};

} // namespace pe::ui
