// SPDX-License-Identifier: MIT
#include "ui/views/plotaccessible.h"

#include "ui/views/plotview.h"

#include <QAccessibleWidget>
#include <QLocale>
#include <QRegularExpression>
#include <qcustomplot.h>

namespace pe::ui {

namespace {

PlotView* viewOf(const QObject* plot)
{
    for (QObject* o = plot ? plot->parent() : nullptr; o; o = o->parent())
        if (auto* view = qobject_cast<PlotView*>(o))
            return view;
    return nullptr;
}

class PlotAccessible : public QAccessibleWidget {
public:
    explicit PlotAccessible(QWidget* plot) : QAccessibleWidget(plot, QAccessible::Chart) {}

    QString text(QAccessible::Text t) const override
    {
        if (const PlotView* view = viewOf(widget())) {
            if (t == QAccessible::Name)
                return view->chartName();
            if (t == QAccessible::Description)
                return view->chartDescription();
        }
        return QAccessibleWidget::text(t);
    }
};

QString number(double v)
{
    if (v == 0)
        v = 0; // no "−0"
    // Five digits are what a listener takes in; the minus sign is read as "minus", a hyphen may not be.
    return QLocale().toString(v, 'g', 5).replace(QLatin1Char('-'), QChar(0x2212));
}

/// A curve's name as a reader of the plot sees it: in the legend when the plot shows one, else
/// any name but QCustomPlot's default ("Graph 3").
bool isNamedForReaders(const QCustomPlot& plot, QCPAbstractPlottable* plottable)
{
    if (plottable->name().isEmpty())
        return false;
    if (plot.legend && plot.legend->visible())
        return plot.legend->hasItemWithPlottable(plottable);
    static const QRegularExpression defaultName(QStringLiteral("^Graph \\d+$"));
    return !defaultName.match(plottable->name()).hasMatch();
}

QString spanText(const QString& title, double lower, double upper)
{
    const QString name = QString(title).replace(QLatin1Char('\n'), QLatin1Char(' ')).trimmed();
    const QString span = QCoreApplication::translate("pe::ui::PlotView", "%1 to %2").arg(number(lower), number(upper));
    return name.isEmpty() ? span : name + QLatin1Char(' ') + span;
}

} // namespace

QAccessibleInterface* plotAccessible(const QString& className, QObject* object)
{
    if (className == QLatin1String("QCustomPlot") && viewOf(object))
        return new PlotAccessible(static_cast<QWidget*>(object));
    return nullptr;
}

QString describePlot(const QCustomPlot& plot)
{
    QStringList rects;
    for (QCPAxisRect* rect : plot.axisRects()) {
        if (!rect->visible() || rect->rect().isEmpty())
            continue;
        QCPColorMap* map = nullptr;
        QStringList curves;
        int count = 0;
        for (QCPAbstractPlottable* plottable : rect->plottables()) {
            if (!plottable->visible())
                continue;
            if (auto* m = qobject_cast<QCPColorMap*>(plottable)) {
                map = map ? map : m;
                continue;
            }
            ++count;
            if (isNamedForReaders(plot, plottable) && !curves.contains(plottable->name()))
                curves << plottable->name();
        }
        QStringList parts;
        for (QCPAxis* axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
            if (!axis || !axis->visible())
                continue;
            QCPRange shown = axis->range();
            if (map) { // the cells' centres within what the axis shows, not the cells' edges
                const QCPRange cells = axis == map->keyAxis() ? map->data()->keyRange() : map->data()->valueRange();
                shown = QCPRange(std::max(shown.lower, cells.lower), std::min(shown.upper, cells.upper));
            }
            parts << spanText(axis->label(), shown.lower, shown.upper);
        }
        QString line = parts.join(QStringLiteral(", "));
        if (map) {
            const QCPRange values = map->dataRange();
            line += QStringLiteral("; ") + QCoreApplication::translate("pe::ui::PlotView", "colour scale %1 to %2")
                                               .arg(number(values.lower), number(values.upper));
        }
        constexpr int namesSaid = 8;
        if (!curves.isEmpty()) {
            line += QStringLiteral("; ") + QCoreApplication::translate("pe::ui::PlotView", "curves: %1")
                                               .arg(QStringList(curves.mid(0, namesSaid)).join(QStringLiteral(", "))
                                                    + (curves.size() > namesSaid ? QStringLiteral(", …") : QString()));
        } else if (count > 0) {
            line += QStringLiteral("; ") + (count == 1 ? QCoreApplication::translate("pe::ui::PlotView", "1 curve")
                                                      : QCoreApplication::translate("pe::ui::PlotView", "%1 curves").arg(count));
        }
        if (!line.isEmpty())
            rects << line;
    }
    return rects.join(QStringLiteral(". "));
}

} // namespace pe::ui
