// SPDX-License-Identifier: MIT
#pragma once

#include "ui/views/plotview.h"
#include "ui/plotting/pointing.h"

#include <array>

class QComboBox;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPItemStraightLine;
class QCPTextElement;

namespace pe::ui {

struct ConventionsPart;

/// Two conventions of the same d_model and base side by side — the spec's own (A) and one that
/// changes a single thing (B: the other layout, the other frequency rule, first position 0 ↔ 2,
/// or one of two widely copied mistakes) — and their difference A − B as its own heatmap. A
/// mistake is named in red with what it breaks. A click selects the row and the column
/// everywhere; the combo box above the plot (or --compare) picks B.
class ConventionsView : public PlotView {
    Q_OBJECT
public:
    explicit ConventionsView(Document* document, QWidget* parent = nullptr);

    QComboBox* comparisonBox() const { return m_box; }
    /// The three maps: A, B and A − B.
    QCPColorMap* map(int index) const { return m_maps[index]; }
    QCPAxisRect* rect(int index) const { return m_rects[index]; }
    /// The line under the title: what B changes and, for a mistake, what it breaks.
    QCPTextElement* noteElement() const { return m_note; }
    QString noteText() const { return m_noteText; }
    /// What the hover shows for a row and a column.
    QString cellDescription(std::int64_t row, int column) const;

    void prepareForExport(double fontPixels) override;
    /// The widths of the maps A, B and A − B in pixels (equal, whatever the labels beside them).
    std::array<int, 3> mapWidths() const;

protected:
    /// Positions run down the y axis: the down arrow moves to the next.
    ArrowKeys arrowKeys() const override { return {ArrowMoves::Dimension, ArrowMoves::Position, true}; }
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Comparison | Change::Colormap | Change::Position | Change::Dimension | Change::Offset | Change::Bins | Change::Table; }
    void applyScale() override;

private:
    static QString sinusoidExplanation();
    static QString tableExplanation();
    /// Title, captions and note of a loaded table (A) beside the spec's sinusoid (B).
    void describeTable(const Frame& frame, const ConventionsPart& part);
    void placeCrosshairs(const Frame& f);
    void fillMaps(const Frame& frame, const ConventionsPart& part);
    QString captionOf(const core::Convention& convention) const;
    QString noteFor(const Frame& frame, const ConventionsPart& part) const;
    bool fitToSize();
    bool equalizeMapWidths();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    QComboBox* m_box;
    QCPTextElement* m_title;
    QCPTextElement* m_note;
    QString m_titleText, m_noteText; // unwrapped: fitToSize() breaks them to the width drawn at
    std::array<QCPAxisRect*, 3> m_rects{};
    std::array<QCPColorMap*, 3> m_maps{};
    std::array<QStringList, 3> m_captions;
    QCPColorScale* m_valueScale;
    QCPColorScale* m_differenceScale;
    std::array<QCPItemStraightLine*, 6> m_crosshair{}; // row and column line per map
    core::EncodingSpec m_drawnSpec;
    LoadedTablePtr m_drawnTable;
    bool m_drawn = false;
    bool m_forExport = false;
    ClickTracker m_click;
};

} // namespace pe::ui
