// SPDX-License-Identifier: MIT
#include "ui/plotting/plotcolors.h"

#include <QPalette>
#include <qcustomplot.h>

#include <functional>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

QColor mixed(const QColor& from, const QColor& to, double amount)
{
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * amount),
                            float(from.greenF() + (to.greenF() - from.greenF()) * amount),
                            float(from.blueF() + (to.blueF() - from.blueF()) * amount));
}

QPen recoloured(QPen pen, const QColor& colour)
{
    pen.setColor(colour);
    return pen;
}

/// A dark, unsaturated colour ("ink": black text, grey guide lines) that vanishes on a dark
/// background; coloured series keep their colours.
bool isInk(const QColor& colour) { return colour.alpha() > 0 && colour.hslSaturationF() < 0.2f && colour.lightnessF() < 0.5f; }

QColor lightened(const QColor& ink)
{
    return QColor::fromHslF(ink.hslHueF(), ink.hslSaturationF(), 1.0f - ink.lightnessF(), ink.alphaF());
}

/// Dark theme: an ink becomes its light counterpart (remembered on the object, so that the
/// light theme can restore it and a redraw that set the ink again is recognised).
template <typename Get, typename Set>
void themeInk(QObject* owner, const char* name, bool dark, Get get, Set set)
{
    const QByteArray themed = QByteArray("pe_themed_") + name;
    const QColor current = get();
    const QVariant stored = owner->property(themed.constData());
    const bool ours = stored.isValid() && stored.value<QColor>() == current;
    if (dark && !ours && isInk(current)) {
        const QColor light = lightened(current);
        set(light);
        owner->setProperty(themed.constData(), QVariant::fromValue(light));
    } else if (!dark && ours) {
        set(lightened(current)); // lightness 1 − (1 − l) = l: the original ink
        owner->setProperty(themed.constData(), QVariant());
    }
}

void themePen(QObject* owner, const char* name, bool dark, const std::function<QPen()>& get,
              const std::function<void(const QPen&)>& set)
{
    themeInk(owner, name, dark, [&] { return get().color(); }, [&](const QColor& c) { set(recoloured(get(), c)); });
}

void colourAxis(QCPAxis* axis, const PlotColors& c)
{
    axis->setBasePen(recoloured(axis->basePen(), c.text));
    axis->setTickPen(recoloured(axis->tickPen(), c.text));
    axis->setSubTickPen(recoloured(axis->subTickPen(), c.text));
    axis->setTickLabelColor(c.text);
    axis->setLabelColor(c.text);
    axis->grid()->setPen(recoloured(axis->grid()->pen(), c.grid));
    axis->grid()->setSubGridPen(recoloured(axis->grid()->subGridPen(), c.subGrid));
    axis->grid()->setZeroLinePen(recoloured(axis->grid()->zeroLinePen(), c.grid));
}

void colourLegend(QCPLegend* legend, const PlotColors& c)
{
    legend->setBrush(c.legendBackground);
    legend->setBorderPen(recoloured(legend->borderPen(), c.text));
    legend->setTextColor(c.text);
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            item->setTextColor(c.text);
}

void colourItems(QCustomPlot* plot, bool dark)
{
    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem* item = plot->item(i);
        if (auto* text = qobject_cast<QCPItemText*>(item)) {
            themeInk(text, "color", dark, [text] { return text->color(); }, [text](const QColor& c) { text->setColor(c); });
            themePen(text, "pen", dark, [text] { return text->pen(); }, [text](const QPen& p) { text->setPen(p); });
        } else if (auto* line = qobject_cast<QCPItemStraightLine*>(item)) {
            themePen(line, "pen", dark, [line] { return line->pen(); }, [line](const QPen& p) { line->setPen(p); });
        } else if (auto* segment = qobject_cast<QCPItemLine*>(item)) {
            themePen(segment, "pen", dark, [segment] { return segment->pen(); }, [segment](const QPen& p) { segment->setPen(p); });
        } else if (auto* curve = qobject_cast<QCPItemCurve*>(item)) {
            themePen(curve, "pen", dark, [curve] { return curve->pen(); }, [curve](const QPen& p) { curve->setPen(p); });
        } else if (auto* ellipse = qobject_cast<QCPItemEllipse*>(item)) {
            themePen(ellipse, "pen", dark, [ellipse] { return ellipse->pen(); }, [ellipse](const QPen& p) { ellipse->setPen(p); });
        } else if (auto* rect = qobject_cast<QCPItemRect*>(item)) {
            themePen(rect, "pen", dark, [rect] { return rect->pen(); }, [rect](const QPen& p) { rect->setPen(p); });
        }
    }
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* plottable = plot->plottable(i);
        themePen(plottable, "pen", dark, [plottable] { return plottable->pen(); },
                 [plottable](const QPen& p) { plottable->setPen(p); });
        if (auto* graph = qobject_cast<QCPGraph*>(plottable)) {
            themePen(graph, "scatter", dark, [graph] { return graph->scatterStyle().pen(); }, [graph](const QPen& p) {
                QCPScatterStyle style = graph->scatterStyle();
                style.setPen(p);
                graph->setScatterStyle(style);
            });
        }
    }
}

} // namespace

bool isDark(const QPalette& palette) { return palette.color(QPalette::Window).lightnessF() < 0.5; }

double contrastRatio(const QColor& a, const QColor& b)
{
    // WCAG 2's relative luminance of sRGB colours and their contrast ratio, 1 to 21.
    const auto luminance = [](const QColor& c) {
        const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

PlotColors plotColors(const QPalette& palette)
{
    PlotColors c;
    c.background = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    // A high-contrast palette (text on its base at 17:1 or more, as black on white) gets grid
    // lines a reader with low vision still sees: 3:1 against the background, as WCAG asks of
    // graphics; the usual faint lines are for everyone else.
    const bool highContrast = contrastRatio(c.background, c.text) >= 17;
    c.grid = mixed(c.background, c.text, highContrast ? 0.55 : 0.25);
    c.subGrid = mixed(c.background, c.text, highContrast ? 0.4 : 0.15);
    c.legendBackground = c.background;
    c.dark = isDark(palette);
    return c;
}

PlotColors paperColors()
{
    // QCustomPlot's defaults, so that figures look exactly as they did before themes existed.
    return {Qt::white, Qt::black, QColor(200, 200, 200), QColor(220, 220, 220), Qt::white, false};
}

void applyPlotColors(QCustomPlot* plot, const PlotColors& c)
{
    plot->setBackground(c.background);
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* text = qobject_cast<QCPTextElement*>(element))
            text->setTextColor(c.text);
        else if (auto* legend = qobject_cast<QCPLegend*>(element))
            colourLegend(legend, c);
        else if (auto* scale = qobject_cast<QCPColorScale*>(element))
            colourAxis(scale->axis(), c);
        else if (auto* rect = qobject_cast<QCPAxisRect*>(element))
            for (QCPAxis* axis : rect->axes())
                colourAxis(axis, c);
    }
    colourLegend(plot->legend, c);
    colourItems(plot, c.dark);
}

} // namespace pe::ui
