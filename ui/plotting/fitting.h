// SPDX-License-Identifier: MIT
#pragma once

// Fitting to the size a plot is drawn at: titles wrapped, labels and legends shortened, ticks
// thinned after the layout knows the sizes.

#include <QString>
#include <QStringList>

#include <functional>

class QCPAxis;
class QCPLegend;
class QCPTextElement;
class QCustomPlot;
class QFont;
class QObject;

namespace pe::ui {

// The same view is drawn in a wide window, a narrow
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

} // namespace pe::ui
