// SPDX-License-Identifier: MIT
#pragma once

#include "ui/views/paircircles.h"
#include "ui/views/plotview.h"
#include "ui/plotting/pointing.h"

#include <memory>

class QCPAxisRect;
class QCPBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QLabel;
class QSpinBox;

namespace pe::ui {

/// The relative-offset inspector for the selected position p and offset k. Top left: PE(p),
/// PE(p+k) and M_k·PE(p) by dimension — the last two coincide, and the title gives the residual.
/// Top right: PE(p)·PE(p+k) against p, flat because it depends on k only. Below: one unit circle
/// per frequency pair, eight at a time (a spin box or the wheel over the circles pages through
/// them). A click on the bars selects a dimension, on the flat line a position.
class OffsetView : public PlotView {
    Q_OBJECT
public:
    explicit OffsetView(Document* document, QWidget* parent = nullptr);
    ~OffsetView() override;

    QCPBars* encodingBars() const { return m_pe; }       ///< PE(p) by dimension
    QCPGraph* shiftedGraph() const { return m_shifted; } ///< PE(p+k) by dimension
    QCPGraph* rotatedGraph() const { return m_rotated; } ///< M_k·PE(p) by dimension
    QCPGraph* offsetDotGraph() const { return m_dots; }  ///< PE(p)·PE(p+k) against p
    QCPAxisRect* vectorRect() const { return m_vectorRect; }
    QCPAxisRect* offsetDotRect() const { return m_dotRect; }
    const PairCircles& circles() const { return *m_circles; }
    /// The first pair of the circles shown; setting it pages through the pairs.
    int firstCirclePair() const { return m_firstPair; }
    void setFirstCirclePair(int pair);
    /// What the hover over the bars shows for one dimension.
    QString dimensionDescription(int column) const;

    /// A figure shows the vectors, the flat line and the circles, not the window's selection
    /// marks or hints.
    void prepareForExport(double fontPixels) override;

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Position | Change::Dimension | Change::Offset; }
    void applyScale() override;

private:
    void drawVectors(const Frame& frame, const OffsetPart& part);
    void drawOffsetDots(const Frame& frame, const OffsetPart& part);
    QString titleText(const Frame& frame, const OffsetPart& part) const;
    /// Fits titles, labels, ticks, circles and markers to the size drawn at (see fitAfterLayout).
    bool fitToSize();
    bool fitLegend();
    /// The legend in its own row under the title, or beside the vectors when the room is at
    /// least twice as wide as tall (presenting): there the row was the height the panels lacked.
    bool placeLegend();
    bool fitCircles();
    double ringSize() const;
    QString dotDescription(std::int64_t row) const;
    void followSelectedDimension(const Frame& frame);
    void updatePairControls(const Frame& frame);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void onMouseWheel(QWheelEvent* event);

    QCPTextElement* m_title;
    QString m_titleText;           // unwrapped: fitToSize() breaks it to the width drawn at
    QStringList m_dimensionLabels; // the bars' axis label, longest first
    QStringList m_dotCaptions;     // the flat line's note, longest first
    QCPAxisRect* m_vectorRect; // the default axis rect, moved into the top row
    QCPBars* m_pe;
    QCPGraph* m_shifted;
    QCPGraph* m_rotated;
    QCPAxisRect* m_dotRect;
    QCPGraph* m_dots;
    QCPGraph* m_dotMarker;
    QCPItemStraightLine* m_dotPositionLine;
    QCPItemText* m_dotNote; // "the same for every p", inside the panel on the side the line leaves free
    std::unique_ptr<PairCircles> m_circles;
    QWidget* m_pairsBar;
    QLabel* m_pairsLabel;
    QSpinBox* m_pairsSpin;
    int m_firstPair = 0;
    int m_followedDimension = -1;
    core::EncodingSpec m_drawnSpec;
    std::int64_t m_drawnOffset = 0;
    bool m_drawn = false;
    bool m_forExport = false;
    bool m_legendBeside = false; ///< the legend in the top row, between the vectors and the dots
    QCPLayoutGrid* m_legendColumn = nullptr; ///< its column there (the plot owns it)
    QMargins m_legendMargins;               ///< its margins in its row
    ClickTracker m_click;
};

} // namespace pe::ui
