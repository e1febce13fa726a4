// SPDX-License-Identifier: MIT
#include "ui/viewsupport.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

QColor seriesColor(int index)
{
    // Okabe–Ito without its yellow, which vanishes on a white background.
    static constexpr QRgb colours[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7,
                                       0xE69F00, 0x56B4E9, 0x000000};
    constexpr int count = sizeof colours / sizeof colours[0];
    return QColor::fromRgb(colours[((index % count) + count) % count]);
}

QString shortNumber(double value, int digits)
{
    const double magnitude = std::abs(value);
    if (!std::isfinite(value) || magnitude < 1e-3 || magnitude >= 1e6)
        return QString::number(value, 'g', digits);
    // Plain decimals in the everyday range: "1210" reads better than "1.21e+03".
    const int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(magnitude))));
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

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

QCPItemText* addText(QCustomPlot* plot, QCPAxisRect* rect)
{
    auto* text = new QCPItemText(plot);
    attachToRect(text, rect);
    return text;
}

QVector<double> positionsOfRows(QVector<double> rows, std::int64_t firstPosition)
{
    for (double& x : rows)
        x += static_cast<double>(firstPosition);
    return rows;
}

int nearestIndex(const QVector<double>& sorted, double value)
{
    if (sorted.isEmpty())
        return -1;
    auto it = std::lower_bound(sorted.begin(), sorted.end(), value);
    if (it == sorted.end() || (it != sorted.begin() && value - *(it - 1) < *it - value))
        --it;
    return static_cast<int>(it - sorted.begin());
}

QCPAxisRect* axisRectAt(QCustomPlot* plot, const QPointF& pixel)
{
    for (QCPAxisRect* rect : plot->axisRects())
        if (rect->visible() && rect->rect().contains(pixel.toPoint()))
            return rect;
    return nullptr;
}

std::int64_t rowAtPixel(const QCPAxis* axis, double pixel, const core::EncodingSpec& spec)
{
    const double position = axis->pixelToCoord(pixel);
    if (!std::isfinite(position))
        return 0;
    const double row = std::round(position) - static_cast<double>(spec.firstPosition);
    return static_cast<std::int64_t>(std::clamp(row, 0.0, static_cast<double>(spec.maxLen - 1)));
}

void ClickTracker::press(const QMouseEvent* event)
{
    m_press = event->position();
}

bool ClickTracker::isClick(const QMouseEvent* event) const
{
    return event->button() == Qt::LeftButton && (event->position() - m_press).manhattanLength() <= 4;
}

} // namespace pe::ui
