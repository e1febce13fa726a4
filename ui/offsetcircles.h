// SPDX-License-Identifier: MIT
#pragma once

#include "ui/frame.h"

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

/// The unit circles of the offset inspector, one per (sin, cos) pair: the point of PE(p), the
/// point of PE(p+k), the path the point travels from one to the other, and M_k·PE(p) drawn over
/// PE(p+k). They show that a shift by k turns every pair by its own fixed angle k·ω.
/// A fixed number of slots is built once; redraws only move what is in them.
class PairCircles {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::PairCircles)
public:
    static constexpr int slotCount = 8;

    /// Builds the slots as axis rects in one row of @p grid (owned by @p plot's layout).
    PairCircles(QCustomPlot* plot, QCPLayoutGrid* grid);

    /// Draws pairs firstPair … firstPair + slotCount − 1 (those that have a cosine column).
    void draw(const Frame& frame, int firstPair, double scale);
    void setFonts(const QFont& caption);
    /// Sets each circle's ranges so that it stays round in whatever shape its rect has.
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
    };
    void drawCircle(Circle& circle, const Frame& frame, int pair, double scale);
    static void hide(Circle& circle);

    QCustomPlot* m_plot;
    QList<Circle> m_circles;
    QCPItemText* m_note;
};

} // namespace pe::ui
