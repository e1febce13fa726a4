// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plotting/squarecells.h"
#include "ui/plotting/pointing.h"
#include "ui/views/plotview.h"

class QCheckBox;
class QComboBox;
class QCPAxisRect;
class QCPColorScale;
class QCPItemLine;
class QCPItemRect;
class QCPTextElement;
class QLabel;
class QSpinBox;

namespace pe::ui {

class CellColorMap;
struct GridData;

/// Positions on a grid (a vision transformer's patches): on the left the figure of the ViT
/// paper (Dosovitskiy et al. 2020, fig. 7), one small tile per patch holding that patch's cosine
/// similarity with every patch, laid out as the grid; on the right the chosen patch's map large
/// (or the class token's, which has no place on the grid) and one dimension across the grid.
/// The patches come from a loaded table or from a fixed 2-D encoding: MAE's and DiT's sin-cos,
/// and for the rotary ones the score of a query of ones at a patch with a key of ones at every
/// patch. The numbers come with the frame (its GridPart: ui/document/gridpart.h).
class GridView : public PlotView {
    Q_OBJECT
public:
    explicit GridView(Document* document, QWidget* parent = nullptr);

    QComboBox* sourceBox() const { return m_sourceBox; }
    QSpinBox* rowsBox() const { return m_rowsBox; }
    QSpinBox* colsBox() const { return m_colsBox; }
    QComboBox* classTokenBox() const { return m_classTokenBox; }
    QSpinBox* resizeRowsBox() const { return m_resizeRowsBox; }
    QSpinBox* resizeColsBox() const { return m_resizeColsBox; }
    QSpinBox* patchRowBox() const { return m_patchRowBox; }
    QSpinBox* patchColBox() const { return m_patchColBox; }
    QCheckBox* classQueryBox() const { return m_classQueryBox; }
    QSpinBox* dimensionBox() const { return m_dimensionBox; }
    QSpinBox* headBox() const { return m_headBox; }
    /// The rotary sources' head dimension; 0 (shown as "auto (N)") takes gridHeadDim's.
    QSpinBox* headDimBox() const { return m_headDimBox; }
    CellColorMap* tilesMap() const { return m_tiles; }
    CellColorMap* patchMap() const { return m_patchMap; }
    CellColorMap* dimensionMap() const { return m_dimensionMap; }
    QCPAxisRect* tilesRect() const { return m_tilesRect; }
    QCPAxisRect* patchRect() const { return m_patchRect; }
    QCPAxisRect* dimensionRect() const { return m_dimensionRect; }
    QString titleText() const { return m_titleText; }
    /// What the hover says over the tiles for query patch (r, c) and key patch (r2, c2).
    QString pairDescription(int row, int col, int keyRow, int keyCol) const;
    void prepareForExport(double fontPixels) override;

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Table | Change::Colormap | Change::ViewOptions | Change::Bins; }
    void applyScale() override;
    void changeEvent(QEvent* event) override;

private:
    QWidget* createControls();
    void syncControls();
    void optionsEdited();
    void choosePatch(int row, int col);
    void clearMaps(const QString& why);
    void drawTiles(const Frame& frame);
    void drawMaps(const Frame& frame);
    void markPatch(const GridData& data);
    /// Thin lines between the tiles, once a tile is large enough to spare them a pixel.
    void placeSeparators(int rows, int cols);
    /// The gaps of the grid drawn, once a tile has 8 pixels (m_tilesArea); none without a grid.
    void showSeparatorsIfRoom();
    /// The marks' and gaps' colours: for the screen's theme, or for paper.
    void applyItemPens();
    bool fitToSize();
    void reportPixels();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    /// The patch (row, column) under `pixel` in the tiles or the patch map, or nothing.
    std::optional<std::pair<int, int>> patchAt(const QPointF& pixel, std::pair<int, int>* key = nullptr) const;

    QComboBox* m_sourceBox;
    QSpinBox *m_rowsBox, *m_colsBox, *m_resizeRowsBox, *m_resizeColsBox;
    QComboBox* m_classTokenBox;
    QSpinBox *m_patchRowBox, *m_patchColBox, *m_dimensionBox, *m_headBox, *m_headDimBox;
    QCheckBox* m_classQueryBox;
    QLabel* m_headLabel;
    QLabel* m_headDimLabel;

    QCPTextElement* m_title;
    QString m_titleText;
    QCPAxisRect *m_tilesRect, *m_patchRect, *m_dimensionRect;
    CellColorMap *m_tiles, *m_patchMap, *m_dimensionMap;
    QCPColorScale *m_similarityScale, *m_dimensionScale;
    QCPItemRect *m_tileMark, *m_cellMark;
    QList<QCPItemLine*> m_separators; ///< between the tiles: columns first, then rows
    SquareCellsFrame m_tilesFrame, m_patchFrame, m_dimensionFrame;
    QRect m_tilesArea;                ///< the pixels the tiles cover: the tiles' rect once laid out
    QStringList m_tilesCaptions, m_patchCaptions, m_dimensionCaptions;
    int m_gridRows = 0, m_gridCols = 0; ///< of the data drawn (0: none)
    ClickTracker m_click;
};

} // namespace pe::ui
