// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/ropemodeldata.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <array>

class QCustomPlot;
class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLegend;

namespace pe::ui {

/// The RoPE view's plot when a real model is chosen: the same two axis rects as the paper
/// variants, other graphs. Top: each pair's wavelength with rope_scaling dropped, at the original
/// context (theta_original) and at the longest (theta_max), marked kept / interpolated / blended,
/// and the compared model's; the original and longest context as lines. Bottom: with a
/// comparison, the cosine of the rotated query and of the causal scores of A and B against
/// the query's position; without, RoFormer's decay bound at theta_max up to the longest context.
class RopeModelPlot {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::RopeModelPlot)
public:
    RopeModelPlot(QCustomPlot* plot, QCPAxisRect* bands, QCPAxisRect* lower);

    /// Shows (and puts in the legend) or hides every graph and item of the model.
    void setShown(bool shown);
    bool shown() const { return m_shown; }
    /// Empties every graph and hides the items (a model that cannot be drawn), still shown.
    void clear();
    /// Draws the curves; pens and markers follow the view's scale (penScale).
    void draw(const RopeModelCurves& curves, double penScale, bool forExport);

    /// The legend under the cosines and the labels take the tick labels' font (after a scale or
    /// an export changed it).
    void matchFonts();

    QString title(const RopeModelCurves& curves, bool forExport) const;
    /// The text under the controls: fields read, what the scaling does, the attention factor,
    /// the sections, where low-precision positions collide.
    static QString details(const RopeModelCurves& curves);
    QStringList lowerCaptions() const { return m_lowerCaptions; }
    /// The lower plot's share of the two plots' height: equal with a comparison or precision.
    double lowerShare() const { return m_lowerShare; }
    QString pairReadout(const RopeModelCurves& curves, int pair) const;
    QString lowerReadout(const RopeModelCurves& curves, double x) const;

    QCPGraph* unscaledGraph() const { return m_unscaled; }
    QCPGraph* originalGraph() const { return m_original; }
    QCPGraph* maxGraph() const { return m_longest; }
    QCPGraph* queryCosineGraph() const { return m_query; }
    QCPGraph* scoreCosineGraph() const { return m_score; }
    /// 0 float32, 1 bfloat16, 2 float16 position ids.
    QCPGraph* precisionGraph(int format) const { return m_precision[static_cast<std::size_t>(format)]; }

    /// After a layout: each context label on the side of its line that keeps it inside the
    /// plot (the longest's went above the top and under the legend when the plot was short);
    /// true when one moved.
    bool fitContextLabels();

private:
    void drawPrecision(const RopeModelCurves& curves, double penScale);

    QCustomPlot* m_plot;
    QCPAxisRect* m_bands;
    QCPAxisRect* m_lower;
    QCPGraph* m_unscaled;
    QCPGraph* m_original;
    QCPGraph* m_longest;
    QCPGraph* m_other;
    QCPGraph* m_local; ///< Gemma's sliding-window layers
    std::array<QCPGraph*, 4> m_treatment{}; ///< markers per core::PairTreatment
    QCPGraph* m_query;
    QCPGraph* m_score;
    QCPGraph* m_decay;
    std::array<QCPGraph*, 3> m_precision{}; ///< float32, bfloat16, float16 position ids
    std::array<QCPItemStraightLine*, 2> m_contextLines{};  ///< top: original and longest context
    std::array<QCPItemText*, 2> m_contextLabels{};
    std::array<QStringList, 2> m_contextTexts; ///< each label's texts, longest first
    std::array<QCPItemStraightLine*, 2> m_lowerLines{};    ///< bottom: the same two lengths
    std::array<QCPItemText*, 3> m_sectionLabels{};          ///< M-RoPE's t, h, w
    std::array<QCPItemStraightLine*, 2> m_sectionLines{};
    QCPLegend* m_lowerLegend = nullptr; ///< the comparison's two curves, inside their rect
    QStringList m_lowerCaptions;
    double m_lowerShare = 0.4;
    bool m_lowerLegendWanted = false; ///< a comparison or the precision: the legend shown where it fits
    bool m_shown = false;
    bool m_bothContexts = false; ///< the model extends its context: two lines, two labels
};

} // namespace pe::ui
