// SPDX-License-Identifier: MIT
#pragma once

#include "ui/frame.h"

#include <QVariantMap>
#include <QWidget>

class QCustomPlot;
class QLabel;

namespace pe::ui {

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
    /// Restyles the plot for a printed figure: every font at an absolute pixel size (in the
    /// 96-dpi layout of an export) so text prints at the chosen point size.
    virtual void prepareForExport(double fontPixels);
    /// Draws the document's current frame (views created after it was computed call this).
    void refresh();
    /// True once prepareForExport() made this a printed figure: black on white, whatever the theme.
    bool isPaper() const { return m_paper; }

    /// The view's own settings beside the document's (e.g. the RoPE scale): not undo steps,
    /// remembered in QSettings once restoreViewOptions() was called, handed to exports.
    virtual QVariantMap viewOptions() const { return {}; }
    /// Applies options as viewOptions() gives them; a missing key takes its default.
    virtual void setViewOptions(const QVariantMap& options) { Q_UNUSED(options); }
    /// What an export of this view needs: viewOptions() and what cannot be remembered (vectors read from a file).
    virtual QVariantMap exportOptions() const { return viewOptions(); }
    /// Applies the options remembered in QSettings and remembers every later change (the window).
    void restoreViewOptions();

signals:
    /// The plot's context menu asked to export this view.
    void exportRequested(pe::ui::View view);

protected:
    void changeEvent(QEvent* event) override;
    virtual void redraw(const Frame& frame) = 0;
    /// Re-applies fonts and pens after a scale change; the default scales every axis.
    virtual void applyScale();
    void setExplanation(const QString& text);
    /// Subclasses call this when an option of viewOptions() changed (remembers it).
    void viewOptionsChanged();
    void setReadout(const QString& text);
    Document* document() const { return m_document; }
    /// A pen width scaled for presentation mode.
    double penWidth(double base) const { return base * m_scale; }

private:
    /// The palette's colours on screen (View ▸ Theme), paper colours in an export.
    void applyColors();
    /// Keeps every axis within what any view could show (wheel zoom has no end otherwise).
    void boundAxes();

    Document* m_document;
    View m_view;
    QCustomPlot* m_plot;
    QLabel* m_explanation;
    QLabel* m_readout;
    double m_scale = 1.0;
    bool m_rememberOptions = false;
    bool m_paper = false;
};

/// The shared look of every plot: fonts, axis pens, margins.
void stylePlot(QCustomPlot* plot, double scale);

} // namespace pe::ui
