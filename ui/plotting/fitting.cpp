// SPDX-License-Identifier: MIT
#include "ui/plotting/fitting.h"

#include <QFontMetricsF>
#include <QHash>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace pe::ui {

void fitAfterLayout(QCustomPlot* plot, QObject* context, std::function<bool()> fit)
{
    QObject::connect(plot, &QCustomPlot::afterLayout, context, [plot, fit = std::move(fit)] {
        // A plot in a dock tab never raised gets laid out with rects spanning nearly the whole
        // int range (their width() overflows): nothing to fit until it has a real size.
        for (const QCPAxisRect* rect : plot->axisRects())
            if (qint64(rect->rect().right()) - rect->rect().left() > (1 << 20)
                || qint64(rect->rect().bottom()) - rect->rect().top() > (1 << 20))
                return;
        // The public steps of QCustomPlot::updateLayout(); a few passes settle any chain of
        // changes (a wrapped title shortens the axes, which then want fewer ticks).
        for (int pass = 0; pass < 5 && fit(); ++pass)
            for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
                plot->plotLayout()->update(phase);
    });
}

namespace {

/// Measures text once per font and content: the fits run after every layout of every plot,
/// and shaping the same title again each time was a large part of a slider step.
class TextWidths {
public:
    explicit TextWidths(const QFont& font) : m_metrics(font), m_widths(cacheFor(font)) {}
    double horizontalAdvance(const QString& text) const
    {
        if (const auto known = m_widths.constFind(text); known != m_widths.cend())
            return *known;
        if (m_widths.size() > 4096)
            m_widths.clear();
        return *m_widths.insert(text, m_metrics.horizontalAdvance(text));
    }
    double height() const { return m_metrics.height(); }

private:
    static QHash<QString, double>& cacheFor(const QFont& font)
    {
        // Node-based: a reference stays valid while other fonts are added. Per thread: exports
        // may run off the GUI thread.
        thread_local std::unordered_map<QString, QHash<QString, double>> caches;
        if (caches.size() > 64)
            caches.clear();
        return caches[font.key()];
    }

    QFontMetricsF m_metrics;
    QHash<QString, double>& m_widths;
};

} // namespace

QString wrappedText(const QString& text, const QFont& font, double width)
{
    const TextWidths metrics(font);
    const QString separator = QStringLiteral(" · ");
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& part : paragraph.split(separator)) {
            const QString longer = line.isEmpty() ? part : line + separator + part;
            if (line.isEmpty() || metrics.horizontalAdvance(longer) <= width) {
                line = longer;
            } else {
                lines << line;
                line = part;
            }
            // A part wider than the whole width (big presentation fonts) breaks between words.
            while (metrics.horizontalAdvance(line) > width && line.contains(QLatin1Char(' '))) {
                QString head = line.section(QLatin1Char(' '), 0, 0);
                int words = 1;
                for (; words < line.count(QLatin1Char(' ')); ++words) {
                    const QString next = line.section(QLatin1Char(' '), 0, words);
                    if (metrics.horizontalAdvance(next) > width)
                        break;
                    head = next;
                }
                lines << head;
                line = line.section(QLatin1Char(' '), words);
            }
        }
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

QString fittingText(const QStringList& variants, const QFont& font, double width)
{
    const TextWidths metrics(font);
    const auto widest = [&metrics](const QString& text) {
        double most = 0;
        for (const QString& line : text.split(QLatin1Char('\n')))
            most = std::max(most, metrics.horizontalAdvance(line));
        return most;
    };
    for (const QString& text : variants)
        if (widest(text) <= width)
            return text;
    return variants.isEmpty() ? QString() : variants.back();
}

bool fitTitle(QCPTextElement* title, const QString& text)
{
    // A title is centred over its layout cell but may use the whole width of the plot around it.
    const QRect area = title->parentPlot()->viewport();
    const QRect cell = title->outerRect();
    const double centre = cell.width() > 0 ? cell.center().x() : area.center().x();
    const double width = 2 * std::min(centre - area.left(), area.right() - centre) - 6;
    const QString wrapped = wrappedText(text, title->font(), width);
    if (wrapped == title->text())
        return false;
    title->setText(wrapped);
    return true;
}

bool fitAxisLabel(QCPAxis* axis, const QStringList& variants)
{
    const QRect rect = axis->axisRect()->rect();
    const double length = axis->orientation() == Qt::Horizontal ? rect.width() : rect.height();
    // A label may reach a little past its axis, not into the next panel's.
    const QString label = fittingText(variants, axis->labelFont(), length * 1.05);
    if (label == axis->label())
        return false;
    axis->setLabel(label);
    return true;
}

bool fitTickCount(QCPAxis* axis, int most)
{
    if (!axis->visible() || !axis->tickLabels() || axis->scaleType() == QCPAxis::stLogarithmic)
        return false;
    const QRect rect = axis->axisRect()->rect();
    const TextWidths metrics(axis->tickLabelFont());
    double needed = 0;
    if (axis->orientation() == Qt::Horizontal) {
        for (const QString& label : axis->tickVectorLabels())
            needed = std::max(needed, metrics.horizontalAdvance(label));
        needed += 1.5 * metrics.height();
    } else {
        needed = 2.2 * metrics.height();
    }
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    // From the edges in 64 bits: an axis rect never laid out (a window not yet shown) spans
    // nearly the whole int range, and QRect::width() overflows there.
    const double length = horizontal ? double(qint64(rect.right()) - rect.left() + 1) : double(qint64(rect.bottom()) - rect.top() + 1);
    if (length <= 0 || needed <= 0)
        return false;
    // The ticker rounds to a nice step, which may give up to a quarter more ticks than asked.
    // A vertical axis asks for three while they have room: with two, a nice step may leave a
    // single label (a colour scale of ±24 showed only its 0). Shorter than that, two: three
    // stacked four labels into the 24 pixels of the precision map in an 89 × 70 mm figure.
    const int least = horizontal || length < 2.5 * needed ? 2 : 3;
    const int count = std::clamp(static_cast<int>(length / (1.25 * needed)), least, std::max(most, 3));
    if (count == axis->ticker()->tickCount())
        return false;
    axis->ticker()->setTickCount(count);
    return true;
}

bool fitLogTickCount(QCPAxis* axis, int most)
{
    const QRect rect = axis->axisRect()->rect();
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const double needed = horizontal ? 4.0 * metrics.height() : 1.9 * metrics.height();
    // From the edges in 64 bits: an axis rect never laid out (a window not yet shown) spans
    // nearly the whole int range, and QRect::width() overflows there.
    const double length = horizontal ? double(qint64(rect.right()) - rect.left() + 1) : double(qint64(rect.bottom()) - rect.top() + 1);
    if (length <= 0)
        return false;
    const int count = std::clamp(static_cast<int>(length / needed), 2, most);
    if (count == axis->ticker()->tickCount())
        return false;
    axis->ticker()->setTickCount(count);
    return true;
}

int legendColumnsFitting(const QCPLegend* legend, double width, int most)
{
    // itemCount() counts the cells of the legend's grid; the last row may have empty ones.
    QVector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (const QCPAbstractLegendItem* item = legend->item(i))
            widths.append(item->minimumOuterSizeHint().width());
    const auto count = static_cast<int>(widths.size());
    int columns = std::max(1, std::min(most, count));
    for (; columns > 1; --columns) {
        // Entries fill the rows in order, so column c holds entries c, c + columns, …
        double total = legend->margins().left() + legend->margins().right() + (columns - 1) * legend->columnSpacing();
        for (int c = 0; c < columns; ++c) {
            int widest = 0;
            for (int i = c; i < count; i += columns)
                widest = std::max(widest, widths[i]);
            total += widest;
        }
        if (total <= width)
            break;
    }
    return columns;
}

bool setLegendColumns(QCPLegend* legend, int columns)
{
    if (legend->wrap() == columns)
        return false;
    legend->setWrap(columns);
    legend->setFillOrder(legend->fillOrder(), true); // re-flows the entries into the new columns
    return true;
}

double legendRowWidth(const QCPLegend* legend)
{
    if (const QCPLayout* layout = legend->layout(); layout && layout->rect().width() > 0)
        return layout->rect().width();
    return legend->parentPlot()->viewport().width();
}

} // namespace pe::ui
