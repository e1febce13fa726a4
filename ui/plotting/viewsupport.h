// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec.h"

#include <QColor>
#include <QPointF>
#include <QSharedPointer>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

class QCPAbstractItem;
class QCPAxis;
class QCPAxisTickerLog;
class QCPAxisRect;
class QCPAxisTickerFixed;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLegend;
class QCPTextElement;
class QCustomPlot;
class QFont;
class QMouseEvent;
class QObject;

namespace pe::ui {

/// Okabe & Ito's palette: told apart with every common colour-vision deficiency, so a student
/// who cannot separate red from green still matches a legend entry to its curve.
QColor seriesColor(int index);

/// A compact number for labels and readouts: "25.1", "6.28e+04", "2.1e-16".
QString shortNumber(double value, int digits = 4);

/// The layout and the frequency rule as titles name them ("interleaved", "paper"): the command
/// line's names in English, translated in the window.
QString layoutText(core::Layout layout);
QString frequencyRuleText(core::FrequencyRule rule);

/// A bold title row inserted at the top of the plot layout, as the heatmap has.
QCPTextElement* addTitle(QCustomPlot* plot);
void scaleTitle(QCPTextElement* title, double scale);
/// Moves the legend into its own row under the title (row 1), entries side by side, so that
/// it never hides data.
void placeLegendUnderTitle(QCustomPlot* plot, int columns);

// Fitting to the size a plot is drawn at. The same view is drawn in a wide window, a narrow
// dock and an 89 mm journal column; what does not fit there is shortened, wrapped or thinned
// out after the layout knows the sizes, instead of being clipped at the edges.

/// Runs @p fit after every layout of @p plot (each replot and each export) and, while it reports
/// a change that moves the layout (a title of more lines, a legend of fewer columns), lays the
/// plot out again so that the drawing matches. @p fit must converge: it depends on sizes only.
void fitAfterLayout(QCustomPlot* plot, QObject* context, std::function<bool()> fit);

/// @p text broken between its " · " parts (and at its own line breaks) so that no line is wider
/// than @p width in @p font; a single part wider than that breaks between its words.
QString wrappedText(const QString& text, const QFont& font, double width);
/// The first of @p variants whose lines are at most @p width wide in @p font, else the last one.
QString fittingText(const QStringList& variants, const QFont& font, double width);

/// Sets the title to @p text wrapped to the width it has around its centre; true when it changed.
bool fitTitle(QCPTextElement* title, const QString& text);
/// Sets an axis label to the first variant that fits along the axis; true when it changed.
bool fitAxisLabel(QCPAxis* axis, const QStringList& variants);
/// Asks @p axis for as many ticks (at most @p most) as have room for their labels; true when
/// that changed the ticker's count.
bool fitTickCount(QCPAxis* axis, int most = 5);

/// As many decade ticks on a log axis (at most @p most) as have room for their labels: the
/// ticker then steps by several decades at once instead of stacking "10^−16 … 10^0" into a
/// smudge; true when that changed the count.
bool fitLogTickCount(QCPAxis* axis, int most);
/// The most columns, up to @p most, in which the legend's entries fit side by side in @p width.
int legendColumnsFitting(const QCPLegend* legend, double width, int most);
/// Lays the legend's entries out in @p columns columns; true when that changed.
bool setLegendColumns(QCPLegend* legend, int columns);
/// The width the legend has in its layout row (the whole plot for a legend under the title).
double legendRowWidth(const QCPLegend* legend);

/// Makes the top axis of @p rect bare (no line, no ticks) so that its label serves as the rect's
/// caption: above the data, never on it.
void useTopAxisAsCaption(QCPAxisRect* rect);

/// Ticks on whole numbers only: dimension and pair indices have no halves.
QSharedPointer<QCPAxisTickerFixed> integerTicker();
/// A decade ticker whose labels are 10⁴, 10⁻² … in the tick labels' own font: QCustomPlot's
/// "beautiful" powers draw the exponent at three quarters of it (5 pt in an 8 pt figure,
/// under the 7 pt journals ask for).
QSharedPointer<QCPAxisTickerLog> powersOfTenTicker();

/// Puts an item's positions in @p rect's axes and clips it to that rect.
void attachToRect(QCPAbstractItem* item, QCPAxisRect* rect);
/// A straight line in @p rect's axes, clipped to that rect (views with several rects need this).
QCPItemStraightLine* addStraightLine(QCustomPlot* plot, QCPAxisRect* rect);
void placeVertical(QCPItemStraightLine* line, double x);
void placeHorizontal(QCPItemStraightLine* line, double y);

/// A graph for a few markers that may reach past its axis rect: a ring on the first or last
/// position sits on the rect's edge, and the rect would cut it in half.
QCPGraph* addMarkerGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

/// A text item in @p rect's axes, clipped to that rect.
QCPItemText* addText(QCustomPlot* plot, QCPAxisRect* rect);

/// The frame holds rows; the axes show absolute positions (firstPosition + row), as the heatmap does.
QVector<double> positionsOfRows(QVector<double> rows, std::int64_t firstPosition);
/// The index of the value in @p sorted nearest to @p value, or −1 when it is empty: the sample
/// a hover reads when the frame holds fewer samples than positions.
int nearestIndex(const QVector<double>& sorted, double value);

/// The axis rect whose data area holds @p pixel, or nullptr.
QCPAxisRect* axisRectAt(QCustomPlot* plot, const QPointF& pixel);

/// The row (0 … max_len−1) nearest to a pixel on an axis that shows absolute positions.
std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, const core::EncodingSpec& spec);
/// The same for `rows` rows from position `firstPosition` on (a loaded table's rows).
std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, std::int64_t firstPosition, std::int64_t rows);

/// Tells a click from the end of a drag (a pan, a zoom, a rubber band): a release far from its
/// press moved something and must not also select.
class ClickTracker {
public:
    void press(const QMouseEvent* event);
    bool isClick(const QMouseEvent* event) const;

private:
    QPointF m_press;
};

} // namespace pe::ui
