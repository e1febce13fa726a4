// SPDX-License-Identifier: MIT
#pragma once

#include "ui/views/plotview.h"
#include "ui/plotting/pointing.h"

#include <array>

class QComboBox;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;

namespace pe::ui {

/// The frequency bands: the wavelength of every (sin, cos) pair on a log axis — a straight line,
/// since the wavelengths grow geometrically from 2π towards 2π·base — with the frequency ω on the
/// right axis. Pairs are marked by how they fare within max_len: at least one full period, part
/// of one, or nearly constant. Dragging across pairs (or click, then shift-click) selects a band,
/// which the heatmap highlights; a double-click clears it.
class BandsView : public PlotView {
    Q_OBJECT
public:
    /// How a pair's wavelength compares with max_len; each kind has its own marker and colour.
    enum class Reach { FullPeriods, PartPeriod, NearlyConstant };
    static constexpr int reachCount = 3;

    explicit BandsView(Document* document, QWidget* parent = nullptr);

    /// The line through every pair's wavelength (key: pair index, value: λ).
    QCPGraph* wavelengthGraph() const { return m_line; }
    /// The markers of the pairs of one kind.
    QCPGraph* reachGraph(Reach reach) const { return m_reach[static_cast<int>(reach)]; }
    QCPItemRect* bandRect() const { return m_band; }
    /// Each pair's resolution limit in the chosen format (key: pair, value: position); empty for float64.
    QCPGraph* resolutionGraph() const { return m_resolution; }
    QComboBox* formatBox() const { return m_formatBox; }
    static Reach reachOf(double wavelength, std::int64_t maxLen);
    /// What the hover shows for a pair: ω, λ, its columns and its kind.
    QString pairDescription(int pair) const;

    /// A figure shows the pairs and the selected band, without the window's hints.
    void prepareForExport(double fontPixels) override;

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Band | Change::Precision; }
    void applyScale() override;

private:
    void drawPairs(const Frame& frame);
    void drawReferences(const Frame& frame);
    void drawResolution(const Frame& frame);
    QString resolutionText(const Frame& frame) const;
    int pairAtPixel(double x) const;
    bool fitToSize();
    void placeMaxLenLabel();
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    QCPTextElement* m_title;
    QString m_titleText; // unwrapped: fitToSize() breaks it to the width drawn at
    QCPGraph* m_line;
    QCPGraph* m_resolution;
    QComboBox* m_formatBox;
    std::array<QCPGraph*, reachCount> m_reach{};
    std::array<QCPItemStraightLine*, 3> m_references{}; // 2π, 2π·base, max_len
    std::array<QCPItemText*, 3> m_referenceLabels{};
    std::array<QStringList, 3> m_referenceTexts; // each label's texts, longest first
    QCPItemRect* m_band;
    QCPItemRect* m_rubberBand; // the band being dragged
    int m_anchorPair = -1;     // where a shift-click extends from
    int m_dragFromPair = -1;
    core::EncodingSpec m_drawnSpec;
    bool m_drawn = false;
    bool m_forExport = false;
    ClickTracker m_click;
};

} // namespace pe::ui
