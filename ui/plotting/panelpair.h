// SPDX-License-Identifier: MIT
#pragma once

class QCPAxisRect;
class QCPLayoutGrid;
class QCPMarginGroup;

namespace pe::ui {

/// Two panels of a plot, stacked or side by side for the room they have (issue 48: in F5 at
/// 1366 × 768 RoPE's two stacked plots were strips 1166 px wide and 120 and 78 px tall,
/// shorter than at the desk). They sit in a grid of their own; the room is that grid's rect,
/// which is the same in either arrangement, so a choice does not undo itself.
class PanelPair {
public:
    /// Moves `first` and `second` (taken from wherever they are laid out) into a grid of their
    /// own, put in cell (`row`, `column`) of `layout`, stacked: `first` on top.
    PanelPair(QCPLayoutGrid* layout, int row, int column, QCPAxisRect* first, QCPAxisRect* second);

    QCPLayoutGrid* grid() const { return m_grid; }
    bool sideBySide() const { return m_sideBySide; }

    /// Side by side when the room is well over twice as wide as tall (and `allowed`), stacked
    /// otherwise; side by side, `first` takes `firstShare` of the width. True when the layout
    /// changed (lay out again).
    bool fit(bool allowed, double firstShare);

private:
    void arrange(bool sideBySide);

    QCPLayoutGrid* m_grid = nullptr;
    QCPAxisRect* m_first = nullptr;
    QCPAxisRect* m_second = nullptr;
    QCPMarginGroup* m_widths = nullptr;  ///< stacked: the axes line up on the left and right
    QCPMarginGroup* m_heights = nullptr; ///< side by side: on the top and bottom
    bool m_sideBySide = false;
};

} // namespace pe::ui
