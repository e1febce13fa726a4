// SPDX-License-Identifier: MIT
#include "ui/plotting/plotitems.h"

#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

namespace {

class UnclippedMarkers : public QCPGraph {
public:
    using QCPGraph::QCPGraph;

protected:
    QRect clipRect() const override
    {
        const auto reach = static_cast<int>(std::ceil(scatterStyle().size() / 2 + scatterStyle().pen().widthF()));
        return QCPGraph::clipRect().adjusted(-reach, -reach, reach, reach);
    }
};

} // namespace

QCPTextElement* addTitle(QCustomPlot* plot)
{
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, QString(), QFont(plot->font().family(), 11, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

void scaleTitle(QCPTextElement* title, double scale)
{
    QFont font = title->font();
    font.setPointSizeF(11.0 * scale);
    title->setFont(font);
}

void placeLegendUnderTitle(QCustomPlot* plot, int columns)
{
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->insertRow(1);
    plot->plotLayout()->addElement(1, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(columns);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setVisible(true);
}

void useTopAxisAsCaption(QCPAxisRect* rect)
{
    QCPAxis* caption = rect->axis(QCPAxis::atTop);
    caption->setVisible(true);
    caption->setTicks(false);
    caption->setTickLabels(false);
    caption->setBasePen(Qt::NoPen);
}

namespace {

class PowersOfTenTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override
    {
        static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
        const double exponent = tick > 0 ? std::log10(tick) : 0.5;
        if (tick <= 0 || std::abs(exponent - std::round(exponent)) > 1e-9)
            return QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
        const long e = std::lround(exponent);
        if (e == 0)
            return QStringLiteral("1");
        if (e == 1)
            return QStringLiteral("10");
        QString text = QStringLiteral("10");
        if (e < 0)
            text += QChar(0x207B); // superscript minus
        for (const QChar digit : QString::number(std::labs(e)))
            text += superscripts.at(digit.digitValue());
        return text;
    }
};

} // namespace

QSharedPointer<QCPAxisTickerLog> powersOfTenTicker()
{
    return QSharedPointer<QCPAxisTickerLog>(new PowersOfTenTicker);
}

QSharedPointer<QCPAxisTickerFixed> integerTicker()
{
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    return ticker;
}

void attachToRect(QCPAbstractItem* item, QCPAxisRect* rect)
{
    item->setClipAxisRect(rect);
    for (QCPItemPosition* position : item->positions()) {
        position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        position->setAxisRect(rect);
    }
}

QCPItemStraightLine* addStraightLine(QCustomPlot* plot, QCPAxisRect* rect)
{
    auto* line = new QCPItemStraightLine(plot);
    attachToRect(line, rect);
    return line;
}

void placeVertical(QCPItemStraightLine* line, double x)
{
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
}

void placeHorizontal(QCPItemStraightLine* line, double y)
{
    line->point1->setCoords(0, y);
    line->point2->setCoords(1, y);
}

QCPGraph* addMarkerGraph(QCPAxis* keyAxis, QCPAxis* valueAxis)
{
    auto* graph = new UnclippedMarkers(keyAxis, valueAxis); // owned by the plot of its axes
    graph->setLineStyle(QCPGraph::lsNone);
    return graph;
}

QCPItemText* addText(QCustomPlot* plot, QCPAxisRect* rect)
{
    auto* text = new QCPItemText(plot);
    attachToRect(text, rect);
    return text;
}

} // namespace pe::ui
