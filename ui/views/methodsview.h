// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/methodsdata.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/squarematrix.h"
#include "ui/plotting/pointing.h"
#include "ui/views/plotview.h"
#include "ui/state/methodsoptions.h"

#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QCPAxisRect;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPLayoutGrid;
class QCPTextElement;
class QSlider;
class QSpinBox;
class QToolButton;

namespace pe::ui {

class ZoomSettle;

/// The other ways of telling positions apart, side by side: what each method adds to the
/// attention score of query i and key j. On top, the L × L matrix of the chosen method (blank
/// where a causal model masks the key); below, the score against i − j of every method ticked
/// under Curves, on one axis. The sinusoid and RoPE come from their own core code, the rest
/// from core/positionmethods.h; the numbers come with the frame (its MethodsPart, ui/document/methodspart.h).
class MethodsView : public PlotView {
    Q_OBJECT
public:
    explicit MethodsView(Document* document, QWidget* parent = nullptr);

    QComboBox* methodBox() const { return m_methodBox; }
    QToolButton* curvesButton() const { return m_curvesButton; }
    QSpinBox* headsBox() const { return m_headsBox; }
    QSpinBox* headBox() const { return m_headBox; }
    QSpinBox* bucketsBox() const { return m_bucketsBox; }
    QSpinBox* maxDistanceBox() const { return m_maxDistanceBox; }
    QSpinBox* clipBox() const { return m_clipBox; }
    QCheckBox* causalBox() const { return m_causalBox; }
    QCheckBox* bidirectionalBox() const { return m_bidirectionalBox; }
    QCheckBox* bucketIndexBox() const { return m_bucketIndexBox; }
    QCheckBox* scaleCurvesBox() const { return m_scaleCurvesBox; }
    QToolButton* biasesButton() const { return m_biasesButton; }
    QSpinBox* t5HeadBox() const { return m_t5HeadBox; }
    CellColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    QCPAxisRect* matrixRect() const { return m_matrixRect; }
    QCPAxisRect* curveRect() const { return m_curveRect; }
    /// The graphs drawn now, one per curve (ALiBi's "every head": one per head).
    QList<QCPGraph*> curveGraphs() const;
    /// What the hover over the matrix shows for query row `row` and key row `column`.
    QString cellDescription(std::int64_t row, std::int64_t column) const;
    /// The paragraph on a method and its paper, as the view shows it above the plot.
    static QString explanationFor(ScoreMethod method);

    void prepareForExport(double fontPixels) override;

signals:
    /// "Load from a file…" of T5's biases: the window's T5BiasesController asks for the file
    /// and reads it (views do no file I/O).
    void t5BiasesFileRequested();

protected:
    /// Positions run down the y axis: the down arrow moves to the next.
    ArrowKeys arrowKeys() const override { return {ArrowMoves::Position, ArrowMoves::Position, true}; }
    void redraw(const Frame& frame) override;
    Changes dependencies() const override
    {
        return Change::Spec | Change::Position | Change::Colormap | Change::ViewOptions | Change::Zoom | Change::Bins | Change::Table;
    }
    void applyScale() override;
    void releaseDrawing() override;

private:
    void sizeCurvesButton();
    QWidget* createControls();
    void syncControls();
    void optionsEdited();
    void drawMatrix(const Frame& frame);
    void drawCurves(const Frame& frame);
    QString titleText(const Frame& frame) const;
    bool fitToSize();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    /// The plots' pixels and the curves' zoom, to the document.
    void reportPixels();

    QComboBox* m_methodBox = nullptr;
    QToolButton* m_curvesButton = nullptr;
    QList<QAction*> m_curveActions;
    QWidget* m_alibiControls = nullptr;
    QList<QWidget*> m_t5Controls; ///< T5's parameters in the bar (the head box apart: shown with loaded biases)
    QWidget* m_shawControls = nullptr;
    QSlider* m_headsSlider = nullptr;
    QSpinBox* m_headsBox = nullptr;
    QSpinBox* m_headBox = nullptr;
    QSlider* m_bucketsSlider = nullptr;
    QSpinBox* m_bucketsBox = nullptr;
    QSpinBox* m_maxDistanceBox = nullptr;
    QCheckBox* m_bidirectionalBox = nullptr;
    QCheckBox* m_bucketIndexBox = nullptr;
    QSlider* m_clipSlider = nullptr;
    QSpinBox* m_clipBox = nullptr;
    QCheckBox* m_causalBox = nullptr;
    QCheckBox* m_scaleCurvesBox = nullptr;
    QToolButton* m_biasesButton = nullptr;
    QAction* m_randomBiasesAction = nullptr;
    QSpinBox* m_t5HeadBox = nullptr;

    QCPTextElement* m_title;
    QString m_titleText;
    QCPAxisRect* m_matrixRect;
    CellColorMap* m_map;
    QCPColorScale* m_scale;
    SquareMatrixParts m_square; ///< the matrix, its scale and the curves below at full width
    QCPAxisRect* m_curveRect;
    QCPItemStraightLine* m_rowLine;
    QCPItemStraightLine* m_zeroLine; ///< i − j = 0 on the curves
    QList<QCPGraph*> m_graphs;       ///< a pool: as many shown as the frame has curves
    std::weak_ptr<const MethodsData> m_drawnData;
    QString m_drawnColormap;
    core::EncodingSpec m_drawnSpec;
    bool m_drawn = false;
    bool m_forExport = false;
    ClickTracker m_click;
    // Zooming the curves asks the frame for the offsets in view (their run means or exact values).
    ZoomSettle* m_curveZoomSettle = nullptr;
    bool m_settingCurveRange = false;
    double m_curveLower = 0, m_curveUpper = 0; ///< the offsets zoomed to (upper ≤ lower: all), sent with the pixels
};

} // namespace pe::ui
