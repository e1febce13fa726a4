// SPDX-License-Identifier: MIT
#pragma once

#include <QList>

class QCPAxisRect;
class QCPColorScale;
class QCPLayoutElement;
class QCPLayoutGrid;
class QCPMarginGroup;

namespace pe::ui {

/// Whether a room width × height is wide enough for parts side by side, given whether they
/// stand side by side now: from twice as wide as tall, and until under 1.7 times, so a size at
/// the edge does not flip the layout at every pass (PanelPair; the relative offset's legend).
bool roomIsWide(double width, double height, bool wideNow);

/// Two panels of a plot, stacked or side by side for the room they have (issue 48: in F5 at
/// 1366 × 768 RoPE's two stacked plots were strips 1166 px wide and 120 and 78 px tall,
/// shorter than at the desk). They sit in a grid of their own; the room is that grid's rect,
/// which is the same in either arrangement, so a choice does not undo itself.
class PanelPair {
public:
    /// The first panel: an axis rect and the colour scale at its right, if any.
    struct First {
        QCPAxisRect* rect = nullptr;
        QCPColorScale* scale = nullptr;
    };
    /// The second panel: an axis rect or a grid of them, and the rects in it whose axes line up
    /// with the first's.
    struct Second {
        QCPLayoutElement* element = nullptr;
        QList<QCPAxisRect*> rects;
    };

    /// Moves the panels (taken from wherever they are laid out) into a grid of their own, put
    /// in cell (`row`, `column`) of `layout`, stacked: the first on top, with `firstShare` of
    /// the height. `layout` then loses its rows and columns left empty.
    PanelPair(QCPLayoutGrid* layout, int row, int column, First first, Second second, double firstShare);

    QCPLayoutGrid* grid() const { return m_grid; }
    bool sideBySide() const { return m_sideBySide; }

    /// Side by side when the room is twice as wide as tall (and `allowed`), stacked otherwise.
    /// True when the layout changed (lay out again).
    bool fit(bool allowed);
    /// The first panel's share of the width side by side, and of the height when the pair is
    /// stacked anew (RoPE's lower plot takes more with a comparison). True when the layout changed.
    bool setFirstShare(double firstShare);

private:
    void arrange(bool sideBySide);

    QCPLayoutGrid* m_grid = nullptr;
    First m_first;
    Second m_second;
    QCPMarginGroup* m_widths = nullptr;  ///< stacked: the axes line up on the left and right
    QCPMarginGroup* m_heights = nullptr; ///< side by side: on the top and bottom (and a scale with its map)
    double m_share = 0.5;
    bool m_sideBySide = false;
};

} // namespace pe::ui
