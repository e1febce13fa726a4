// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plotting/panelpair.h"
#include "ui/views/plotview.h"

#include <memory>

class QCPAxisRect;
class QCPColorScale;
class QCPGraph;
class QCPItemText;
class QCPTextElement;

namespace pe::ui {

class CellColorMap;

/// The frequencies in an encoding: each dim's power spectrum along the positions as a map (dims
/// across, frequency ω up, decibels below the dim's peak), the sinusoid's ω per dim over it; the
/// dominant frequency of every dim against the sinusoid's (log–log: on the diagonal when they
/// agree); and, for a loaded position table, the best-fitting sinusoidal base and the table's
/// first three principal components against the position (GPT-2's helix).
class SpectrumView : public PlotView {
    Q_OBJECT
public:
    explicit SpectrumView(Document* document, QWidget* parent = nullptr);

    CellColorMap* colorMap() const { return m_map; }
    QCPGraph* referenceCurve() const { return m_reference; }  ///< the sinusoid's ω per dim on the map
    QCPGraph* dominantPoints() const { return m_dominant; }    ///< dominant vs the sinusoid's ω
    QCPGraph* component(int index) const { return m_components.value(index); }
    QString titleText() const { return m_titleText; }
    QString dimDescription(int dim) const;

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Table | Change::Colormap | Change::Bins; }
    void applyScale() override;

private:
    void drawMap(const Frame& frame);
    void drawComparison(const Frame& frame);
    void drawComponents(const Frame& frame);
    bool fitToSize();
    void onMouseMove(QMouseEvent* event);

    QCPTextElement* m_title;
    QString m_titleText;
    QCPAxisRect* m_mapRect;
    std::unique_ptr<PanelPair> m_panels; ///< stacked, or side by side in a wide room
    CellColorMap* m_map;
    QCPColorScale* m_scale;
    QCPGraph* m_reference;
    QCPAxisRect* m_comparisonRect;
    QCPGraph* m_dominant;
    QCPGraph* m_unresolved;
    QCPGraph* m_diagonal;
    QCPAxisRect* m_componentRect;
    QList<QCPGraph*> m_components;
    QCPItemText* m_componentHint;
    QStringList m_mapCaptions, m_comparisonCaptions, m_componentCaptions; // longest first: fitToSize() picks one
};

} // namespace pe::ui
