// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"

#include <QWidget>

#include <optional>

class QButtonGroup;
class QComboBox;
class QLabel;
class QScrollArea;
class QSplitter;
class QToolButton;

namespace pe::ui {

class Document;
class PlotView;

/// Where the views are shown, in the middle of the window. A bar names every view; the one
/// chosen there takes the stage, and beside it, when the stage is wide enough for both to be
/// read, a companion: the heatmap unless the user picks another view (or none) in the bar's
/// "Beside" box. Views off the stage are hidden, so the document computes nothing for them.
///
/// Why not docks: ten views tabbed in a dock beside the heatmap got about 310 px at 1366×768,
/// too little for any of them to be read from the back of a room (docs/architecture.md, "The
/// stage"). Here the chosen view gets most of the width, and it never drops below
/// readableWidth while the user drags the docks: the companion steps aside first.
class Stage : public QWidget {
    Q_OBJECT
public:
    /// The least width a view on the stage gets; two views side by side need twice as much.
    static constexpr int readableWidth = 440;
    /// The companion's share of the stage's width at first.
    static constexpr double defaultCompanionShare = 0.4;

    explicit Stage(Document* document, QWidget* parent = nullptr);

    /// Every view, in the catalogue's order (those off the stage too).
    const QList<PlotView*>& views() const { return m_views; }
    PlotView* view(View view) const;
    /// The view on the stage.
    View chosen() const { return m_chosen; }
    /// What the user asked to have beside the chosen view; nothing: the chosen view alone.
    std::optional<View> beside() const { return m_beside; }
    /// The view shown beside the chosen one now: none while presenting, when the user asked
    /// for none or for the chosen view itself, or when the stage is too narrow for two.
    std::optional<View> companion() const;
    /// The button naming `view` in the bar.
    QToolButton* button(View view) const;
    QComboBox* besideBox() const { return m_besideBox; }

    /// Puts `view` on the stage; the companion stays where it was.
    void choose(View view);
    void setBeside(std::optional<View> view);
    /// Presenting: the chosen view alone at full size, the bar's names enlarged by `scale`,
    /// the presenting controls in the bar instead of the Beside box.
    void setPresenting(bool on, double scale);
    /// The few controls shown in the bar while presenting (the docks are hidden then).
    void setPresentingControls(QWidget* controls);
    QWidget* presentingControls() const { return m_presentingControls; }
    /// The chosen view, what is beside it and their shares, for a saved layout.
    QByteArray saveState() const;
    /// Puts back what saveState() gave; false (and nothing changes) for anything else.
    bool restoreState(const QByteArray& state);
    /// The first start's stage: the heatmap alone, the heatmap beside any other view.
    void reset();
    /// What Tab visits on the stage, region by region in the order they are seen (issue 50):
    /// the bar (the chosen view's button: one tab stop, the arrow keys move along the bar)
    /// with the Beside box or the presenting controls; the chosen view's own controls; its
    /// plot; the companion's controls and plot. F6 moves from region to region.
    QList<QList<QWidget*>> focusRegions() const;

signals:
    /// The chosen view changed (a click in the bar, a menu, a shortcut, a restored layout).
    void chosenChanged(pe::ui::View view);
    /// The views on the stage changed (another chosen, a companion came or went): what Tab
    /// visits changed with them.
    void placed();

protected:
    void resizeEvent(QResizeEvent* event) override;
    /// The arrow keys, Home and End on the bar choose the view beside, the first, the last.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* createBar();
    /// A pane's least width: a readable view and room for a vertical scroll bar.
    int paneWidth() const;
    /// Moves every view where it belongs now: the chosen one and the companion into their
    /// panes, the others into the hidden stash.
    void place();
    void updateBar();

    Document* m_document;
    QList<PlotView*> m_views;
    QWidget* m_bar = nullptr;
    QButtonGroup* m_buttons = nullptr;
    QLabel* m_besideLabel = nullptr;
    QComboBox* m_besideBox = nullptr;
    QWidget* m_besideItem = nullptr;          ///< the Beside label and box, one item of the bar
    QWidget* m_presentingControls = nullptr;  ///< in the bar while presenting
    QSplitter* m_splitter = nullptr;
    QScrollArea* m_panes[2] = {nullptr, nullptr}; ///< the chosen view's, the companion's
    QWidget* m_stash = nullptr;               ///< hidden: holds the views off the stage
    View m_chosen = views::heatmap;
    std::optional<View> m_beside = views::heatmap;
    double m_companionShare = defaultCompanionShare;
    bool m_presenting = false;
    std::optional<View> m_placedCompanion;    ///< what place() put beside, to notice a change
};

} // namespace pe::ui
