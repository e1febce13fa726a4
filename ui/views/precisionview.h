// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/precisionpart.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/panelpair.h"
#include "ui/plotting/pointing.h"
#include "ui/views/plotview.h"

#include <memory>

class QComboBox;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPTextElement;

namespace pe::ui {

/// What lower precision does to the encoding: on top the error |PE_format − PE| of every column
/// at sampled positions as a heatmap (log colour), below the largest error over the columns
/// against the position for float32, bfloat16 and float16 — each stored after computing in
/// float64 (dashed) and computed end to end in that format (solid) — and naive float64. The
/// combo boxes above the plot (or --format, --precision) pick the heatmap's format and mode; a
/// click selects the position (and, on the heatmap, the column) everywhere.
class PrecisionView : public PlotView {
    Q_OBJECT
public:
    explicit PrecisionView(Document* document, QWidget* parent = nullptr);

    QComboBox* formatBox() const { return m_formatBox; }
    QComboBox* modeBox() const { return m_modeBox; }
    QCPColorMap* colorMap() const { return m_map; }
    QCPAxisRect* heatRect() const { return m_heatRect; }
    QCPAxisRect* curveRect() const { return m_curveRect; }
    /// The curve of errorCurveKinds()[index].
    QCPGraph* curve(int index) const { return m_curves.value(index); }
    QString cellDescription(std::int64_t row, int column) const;
    QString positionDescription(std::int64_t row) const;

    void prepareForExport(double fontPixels) override;

protected:
    /// Positions run down the y axis: the down arrow moves to the next.
    ArrowKeys arrowKeys() const override { return {ArrowMoves::Dimension, ArrowMoves::Position, true}; }
    void redraw(const Frame& frame) override;
    Changes dependencies() const override
    {
        return Change::Spec | Change::Precision | Change::Colormap | Change::Position | Change::Bins | Change::Table;
    }
    void applyScale() override;

private:
    static QString sinusoidExplanation();
    static QString tableExplanation();
    /// The title and captions of a loaded table's storage error.
    void describeTable(const Frame& f);
    void drawHeat(const Frame& frame);
    void drawCurves(const Frame& frame);
    bool fitToSize();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    QComboBox* m_formatBox;
    QComboBox* m_modeBox;
    QCPTextElement* m_title;
    QString m_titleText;
    QCPAxisRect* m_heatRect;
    std::unique_ptr<PanelPair> m_panels; ///< stacked, or side by side in a wide room
    CellColorMap* m_map;
    QCPColorScale* m_scale;
    QCPItemStraightLine* m_rowLine;
    QCPAxisRect* m_curveRect;
    QVector<QCPGraph*> m_curves;
    QCPItemStraightLine* m_positionLine;
    QStringList m_heatCaptions, m_curveCaptions; // longest first: fitToSize() picks one
    core::EncodingSpec m_drawnSpec;
    LoadedTablePtr m_drawnTable;
    bool m_drawn = false;
    bool m_forExport = false;
    ClickTracker m_click;
};

/// "float32 stored", "bfloat16 computed", … for legends and readouts.
QString errorCurveName(const ErrorCurveKind& kind);

} // namespace pe::ui
