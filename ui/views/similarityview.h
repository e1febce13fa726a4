// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/squarematrix.h"
#include "ui/views/plotview.h"
#include "ui/plotting/pointing.h"

#include <memory>

class QCPAxisRect;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPTextElement;

namespace pe::ui {

/// How alike the encodings of two positions are: the max_len × max_len dot-product (or cosine)
/// matrix on top, and below it the row of the selected position against every other one (the
/// TensorFlow tutorial's plot), with the relative offset k marked. Both live in plot(), so an
/// exported figure holds both. A click on the matrix selects the position; a click on the
/// profile sets the offset to the clicked position minus the selected one.
class SimilarityView : public PlotView {
    Q_OBJECT
public:
    explicit SimilarityView(Document* document, QWidget* parent = nullptr);

    CellColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    QCPAxisRect* matrixRect() const { return m_matrixRect; }
    QCPAxisRect* profileRect() const { return m_profileRect; }
    QCPGraph* profileGraph() const { return m_profile; }
    /// What the hover over the matrix shows for the cell nearest to rows (row, column).
    QString cellDescription(std::int64_t row, std::int64_t column) const;

    /// A figure shows the matrix and the profile, not the window's crosshair or hints.
    void prepareForExport(double fontPixels) override;

protected:
    /// Positions run down the y axis: the down arrow moves to the next.
    ArrowKeys arrowKeys() const override { return {ArrowMoves::Position, ArrowMoves::Position, true}; }
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Normalize | Change::Position | Change::Offset | Change::Colormap | Change::Bins | Change::Table; }
    void applyScale() override;
    void releaseDrawing() override;

private:
    static QString sinusoidExplanation();
    static QString tableExplanation();
    void drawMatrix(const Frame& frame);
    void fillMatrix(const Frame& frame);
    void drawProfile(const Frame& frame);
    QString profileDescription(std::int64_t row) const;
    QString titleText(const Frame& frame) const;
    bool fitToSize();
    /// Shares the plot out so that the matrix's cells are square (p and q are one axis).
    bool keepMatrixSquare();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    QCPAxisRect* m_matrixRect;
    CellColorMap* m_map;
    QCPColorScale* m_scale;
    QCPTextElement* m_title;
    QString m_titleText; // unwrapped: fitToSize() breaks it to the width drawn at
    QCPItemStraightLine* m_rowLine;
    QCPItemStraightLine* m_columnLine;
    QCPAxisRect* m_profileRect;
    SquareMatrixParts m_square; ///< the matrix, its scale and the profile below, laid out square
    QCPGraph* m_profile;
    QCPGraph* m_selfMarker;
    QCPItemStraightLine* m_offsetLine;
    QStringList m_profileCaptions; // the profile's caption, longest first: fitToSize() picks one
    SharedMatrix m_drawnMatrix; // what the colour map holds now
    LoadedTablePtr m_drawnTable;
    QString m_drawnColormap;
    double m_matrixLowest = 0;
    std::pair<std::int64_t, std::int64_t> m_drawnRows{0, 0}; // first position and count the axes were reset to
    bool m_drawn = false;
    bool m_forExport = false;
    ClickTracker m_click;
};

} // namespace pe::ui
