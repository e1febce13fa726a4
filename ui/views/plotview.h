// SPDX-License-Identifier: MIT
#pragma once

#include <optional>

#include "ui/document/changes.h"
#include "ui/document/frame.h"

#include <QHash>
#include <QVariantMap>
#include <QWidget>

#include <array>

class QCustomPlot;
class QCPTextElement;
class QKeyEvent;
class QLabel;

namespace pe::ui {

class ExplanationLabel;
class ReadoutLabel;

class Document;

/// The frame every view shares: a short explanation for students, the plot, and a readout
/// line. Subclasses draw a Frame into the plot; they never compute numbers themselves.
class PlotView : public QWidget {
    Q_OBJECT
public:
    PlotView(Document* document, View view, QWidget* parent = nullptr);

    View view() const { return m_view; }
    QCustomPlot* plot() const { return m_plot; }
    QString readoutText() const;
    /// Multiplies fonts and line widths (presentation mode); 1 is normal.
    void setScale(double scale);
    double scale() const { return m_scale; }
    /// The explanation above the plot: for students reading alone; a presenting teacher says it.
    void setExplanationVisible(bool visible);
    /// That explanation's rich text, whole (Help ▸ Guide reads it).
    QString explanation() const;
    /// The explanation as shown: whole when it takes at most a tenth of the view's height,
    /// else its lead and a "More…" link (ExplanationLabel).
    ExplanationLabel* explanationLabel() const { return m_explanation; }
    /// Restyles the plot for a printed figure: every font at an absolute pixel size (in the
    /// 96-dpi layout of an export) so text prints at the chosen point size.
    virtual void prepareForExport(double fontPixels);
    /// Draws the document's current frame when something this view depends on changed since
    /// the frame it drew last. A view that is not on screen draws nothing: it is marked stale
    /// and draws the current frame as soon as it is shown (put on the stage).
    void refresh();
    /// Whether the view can be seen (on the window's stage). Only such views draw; the
    /// document computes only what they need.
    bool isOnScreen() const;
    /// True while the view has not drawn a frame it depends on (it is hidden).
    bool isStale() const { return m_stale; }
    /// How many times the view has drawn a frame: what tests count.
    int redrawCount() const { return m_redraws; }
    /// Whether a figure shows the selection's marks (the band highlight); the window always does.
    void setFigureMarks(bool shown) { m_figureMarks = shown; }
    /// How much of its title a figure carries (the window: all of it).
    void setFigureTitle(FigureTitle title) { m_figureTitle = title; }
    bool showsSelectionMarks() const { return m_figureMarks; }
    /// True once prepareForExport() made this a printed figure: black on white, whatever the theme.
    bool isPaper() const { return m_paper; }
    /// Device pixels per unit of the plot's layout in a figure (a PNG's scale; about 4 for the
    /// images inside PDF and SVG); 0 in the window, where the screen's device pixel ratio holds.
    void setDevicePixelScale(const QSizeF& scale) { m_devicePixelScale = scale; }
    QSizeF devicePixelScale() const;
    /// The device pixels `area` (in the plot's layout) covers once its edges are snapped to
    /// whole device pixels, as CellColorMap draws its cells.
    QSize devicePixelsOf(const QRect& area) const;
    /// The pixels to ask the document for, given what `area` covers now; at least 1 × 1 (an
    /// area crushed to nothing asks for one bin). A new frame can change a view's title
    /// and so its plot's size, which asks for another frame: when that flips back and forth
    /// between two sizes, the smaller is kept while it does. A view asking for two areas
    /// gives each its own `slot` (0 or 1).
    QSize pixelsToRequest(const QRect& area, int slot = 0);
    /// Lays the plot out at `size` now, as a figure will be drawn, and runs what follows every
    /// layout (fitting titles, reporting the pixels a view draws on to the document).
    void layOutAt(const QSize& size);
    /// True when the plot's rows need more height than it has (QCustomPlot then squeezes every
    /// row alike and cuts text in half); a figure first gives up its subtitle and its plots'
    /// height down to minimumFigurePlotHeight.
    bool isCrowded() const;
    static constexpr int minimumFigurePlotHeight = 24;

    /// What a screen reader calls the plot (a chart): the view's title, its first line.
    QString chartName() const;
    /// What it says the plot shows, with the numbers now drawn: the title's other lines, what
    /// the view adds (chartDetails()) and what the plot itself shows (describePlot()).
    QString chartDescription() const;
    /// The selected cell's value, which a screen reader reads as the chart's value and hears
    /// change (the heatmap's); none: the chart has no value of its own.
    virtual std::optional<double> chartValue() const { return std::nullopt; }


signals:
    /// The plot's context menu asked to export this view.
    void exportRequested(pe::ui::View view);
    /// The user turned to this view: clicked into it.
    void activated(pe::ui::View view);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    virtual void redraw(const Frame& frame) = 0;
    /// What this view's chart description says first, from the frame it drew (the selected
    /// cell and its value, say); empty: the plot's axes and contents say enough.
    virtual QString chartDetails() const { return {}; }
    /// What the arrow keys move inside the plot (issue 50): the selected position or the
    /// selected dimension, along each direction; Shift moves by 10, Home and End go to the
    /// first and last position, + and − zoom. A view whose y axis grows downwards (the
    /// heatmap's positions) moves forward with the down arrow.
    enum class ArrowMoves { Position, Dimension };
    struct ArrowKeys {
        ArrowMoves horizontal = ArrowMoves::Position;
        ArrowMoves vertical = ArrowMoves::Position;
        bool downMovesForward = false;
    };
    virtual ArrowKeys arrowKeys() const { return {}; }
    /// A frame around the plot while it has the keyboard's focus.
    void paintEvent(QPaintEvent* event) override;
    /// What this view draws from; a change of anything else leaves it alone.
    virtual Changes dependencies() const { return Change::All; }
    /// Draws the current frame now if on screen (else marks the view stale), whatever changed:
    /// for what only the view knows changed (its scale, its figure settings).
    void redrawCurrent();
    /// Re-applies fonts and pens after a scale change; the default scales every axis.
    virtual void applyScale();
    /// Lets go of what an off-stage view drew (the default: its colour maps' cells), once the
    /// window has been quiet for a while; it draws the current frame whole when shown again.
    /// A view that skips refilling a map it thinks unchanged forgets that here.
    virtual void releaseDrawing();
    void setExplanation(const QString& text);
    /// fitTitle() for this view's title: its first line as the title, the rest as a smaller
    /// subtitle under it; a figure shows both, the first line or none (setFigureTitle()).
    /// Without a title its rows leave the layout and the plot takes the height.
    bool fitViewTitle(QCPTextElement* title, const QString& text);
    /// Sets the readout under the plot, in a place kept for it from the start (ReadoutLabel):
    /// a hover never moves the plot. Presenting, it stands over the plot's bottom edge instead,
    /// only while it says something: the line it kept was the height of a panel in F5.
    void setReadout(const QString& text);
    Document* document() const { return m_document; }
    /// A pen width scaled for presentation mode.
    double penWidth(double base) const { return base * m_scale; }

private:
    /// The palette's colours on screen (View ▸ Theme), paper colours in an export.
    void applyColors();
    /// Keeps every axis within what any view could show (wheel zoom has no end otherwise).
    void boundAxes();
    /// Antialiases a curve unless it has more points in view than pixel columns (a figure: always).
    void antialiasSparseCurves();

    /// After a figure's layout: what a crowded figure gives up (see isCrowded()); true when
    /// that changed the layout.
    bool fitFigureHeight();
    /// Puts the readout in the view's layout under the plot, or over the plot's bottom edge.
    void setReadoutOverPlot(bool over);
    void placeReadoutOverPlot();
    void drawFrame(const FramePtr& frame);
    void updateOnScreen();
    /// After a replot, while a screen reader listens: tells it when the chart's name or
    /// description changed.
    void announceChartChanges();
    /// The keys of arrowKeys() and zoom; false for any other key (it goes on to the window).
    bool plotKeyPressed(QKeyEvent* event);
    /// Zooms every axis the wheel zooms, about the axis rect's centre.
    void zoomPlot(double factor);

    Document* m_document;
    View m_view;
    FramePtr m_drawn; ///< the frame drawn last
    bool m_stale = false;
    int m_redraws = 0;
    QCustomPlot* m_plot;
    ExplanationLabel* m_explanation;
    ReadoutLabel* m_readout;
    double m_scale = 1.0;
    bool m_readoutOverPlot = false; ///< presenting: the readout over the plot, not under it
    int m_readoutIndex = -1;        ///< its place in the view's layout while it is over the plot
    bool m_paper = false;
    bool m_figureMarks = true;
    FigureTitle m_figureTitle = FigureTitle::Full;
    bool m_crowded = false;      ///< a figure whose rows did not fit: its subtitle left out
    bool m_fitsFigureHeight = false; ///< fitFigureHeight() follows every layout
    bool m_fittingHeight = false;    ///< inside it (it lays out again)
    QSizeF m_devicePixelScale; ///< empty: the screen's
    QHash<QCPTextElement*, QCPTextElement*> m_subtitles; ///< title → the smaller subtitle under it
    QCPTextElement* m_chartTitleElement = nullptr; ///< the first title fitted: the view's
    QString m_chartTitle;                          ///< its whole text, subtitle lines too
    QString m_announcedName, m_announcedDescription; ///< what a screen reader was told last
    std::optional<double> m_announcedValue;
    QSize m_pixelsPlotSize;            ///< the plot's size the histories below belong to
    /// Per area a view asks pixels for (the methods view asks for two): interleaved in one
    /// history, their sizes hid a flip of one of them, and the flip never settled.
    struct PixelHistory {
        QList<QSize> requested;        ///< the last two requests
        QSize settled;                 ///< kept while the size flips between the last two
    };
    std::array<PixelHistory, 2> m_pixelHistory;
};

/// The shared look of every plot: fonts, axis pens, margins.
void stylePlot(QCustomPlot* plot, double scale);

} // namespace pe::ui
