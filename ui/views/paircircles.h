// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"

#include <QCoreApplication>
#include <QList>

class QCPAxisRect;
class QCPCurve;
class QCPGraph;
class QCPItemEllipse;
class QCPItemLine;
class QCPItemText;
class QCPLayoutGrid;
class QCustomPlot;
class QFont;

namespace pe::ui {

struct OffsetPart;

/// The unit circles of the offset inspector, one per (sin, cos) pair: the point of PE(p), the
/// point of PE(p+k), the path the point travels from one to the other, and M_k·PE(p) drawn over
/// PE(p+k). They show that a shift by k turns every pair by its own fixed angle k·ω.
/// A fixed number of slots is built once; redraws only move what is in them. As many slots are
/// shown as the width has room for: a narrow dock or a journal column shows fewer, larger circles.
class PairCircles {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::PairCircles)
public:
    static constexpr int slotCount = 8; ///< the most circles shown at once

    /// Builds the slots as axis rects in one row of @p grid (owned by @p plot's layout).
    PairCircles(QCustomPlot* plot, QCPLayoutGrid* grid);

    /// Draws pairs firstPair … firstPair + shownCount() − 1 (those that have a cosine column).
    void draw(const Frame& frame, int firstPair, double scale);
    void setFonts(const QFont& caption);
    /// Whether the selected dimension's pair has a darker ring (the window) or not (a figure).
    void setMarksSelection(bool marks) { m_marksSelection = marks; }

    /// How many circles are shown, 1 … slotCount.
    int shownCount() const { return m_shown; }
    /// Shows as many circles as have room for their captions in @p width; true when the count
    /// changed (then the caller draws them again).
    bool fitCount(double width);
    /// Keeps each circle's rect no taller than wide, so that the room goes to the plots above
    /// instead of gaps around the circles; true when the layout must be done again.
    bool fitHeight();
    /// The pair and its wavelength on one line over a circle wide enough for them (F5: a line
    /// of height back to the plots), on two otherwise; true when the layout must be done again.
    bool fitCaptions();
    /// Sets each circle's ranges so that it stays round in whatever shape its rect has, and
    /// shows an arrowhead only on a path long enough to carry it beside the markers.
    void keepRound();

    QCPAxisRect* rect(int slot) const;
    /// The pair drawn in @p rect, or −1 when it is not a circle or is empty.
    int pairAt(const QCPAxisRect* rect) const;
    /// What the hover shows for a pair: the two points, the turned one and the angle.
    static QString description(const Frame& frame, int pair);

private:
    struct Circle {
        QCPAxisRect* rect = nullptr;
        QCPItemEllipse* ring = nullptr;
        QCPItemLine* fromRadius = nullptr;
        QCPItemLine* toRadius = nullptr;
        QCPCurve* path = nullptr;
        QCPItemLine* arrow = nullptr;
        QCPGraph* from = nullptr;
        QCPGraph* to = nullptr;
        QCPGraph* rotated = nullptr;
        int pair = -1;
        double pathLength = 0; ///< of the path (or the chord past a full turn), in units of the radius
        bool chord = false;    ///< past a full turn: the arrow is a dashed chord
        QString caption;        ///< "pair k · λ = …", where the circle is wide enough for one line
        QString twoLineCaption; ///< the same on two lines
    };
    void showCaption(Circle& circle) const;
    void drawCircle(Circle& circle, const Frame& frame, const OffsetPart& part, int pair, double scale);
    static void hide(Circle& circle);

    QCustomPlot* m_plot;
    QCPLayoutGrid* m_grid;
    QList<Circle> m_circles;
    QCPItemText* m_note;
    int m_shown = slotCount;
    double m_scale = 1.0;
    bool m_marksSelection = true;
    bool m_oneLineCaptions = false;
};

} // namespace pe::ui
