// SPDX-License-Identifier: MIT
#include "ui/views/plotaccessible.h"

#include "ui/views/plotview.h"
#include "ui/plotting/cellcolormap.h"

#include <QAccessibleWidget>
#include <QHash>
#include <QPointer>
#include <QLocale>
#include <QRegularExpression>
#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

namespace {

PlotView* viewOf(const QObject* plot)
{
    for (QObject* o = plot ? plot->parent() : nullptr; o; o = o->parent())
        if (auto* view = qobject_cast<PlotView*>(o))
            return view;
    return nullptr;
}

QString number(double v);

/// The first colour map of a plot: what a screen reader reads as the chart's table.
QCPColorMap* firstColorMap(const QCustomPlot& plot)
{
    auto& p = const_cast<QCustomPlot&>(plot); // QCustomPlot::plottable(int) is not const
    for (int i = 0; i < p.plottableCount(); ++i)
        if (auto* map = qobject_cast<QCPColorMap*>(p.plottable(i)); map && map->visible())
            return map;
    return nullptr;
}

/// A colour map's cells as drawn, in rows and columns as seen: the first row at the top.
/// Beyond the screen's resolution a cell is a pixel's bin, the exact average its map holds,
/// and its row and column headers give the ranges of positions (dimensions) it covers.
class MapGrid {
public:
    explicit MapGrid(const QCPColorMap* map) : m_map(map)
    {
        if (!map || !map->keyAxis() || !map->valueAxis())
            return;
        m_rowsAlongKey = map->keyAxis()->orientation() == Qt::Vertical;
        m_rowAxis = m_rowsAlongKey ? map->keyAxis() : map->valueAxis();
        m_columnAxis = m_rowsAlongKey ? map->valueAxis() : map->keyAxis();
        const QCPColorMapData* data = map->data();
        m_rows = m_rowsAlongKey ? data->keySize() : data->valueSize();
        m_columns = m_rowsAlongKey ? data->valueSize() : data->keySize();
        // CellData doubles a single row or column (QCustomPlot needs two cells for an extent):
        // the table has the matrix's own.
        const auto* cellMap = qobject_cast<const CellColorMap*>(map);
        if (const CellData* cells = cellMap ? cellMap->cells() : nullptr; cells && m_rows > 0 && m_columns > 0) {
            const int keys = cells->matrixColumns(), values = cells->matrixRows();
            m_doubledRows = (m_rowsAlongKey ? keys : values) == 1;
            m_doubledColumns = (m_rowsAlongKey ? values : keys) == 1;
            m_rows = m_doubledRows ? 1 : m_rows;
            m_columns = m_doubledColumns ? 1 : m_columns;
        }
    }
    int rows() const { return m_rows; }
    int columns() const { return m_columns; }
    double value(int row, int column) const
    {
        const int r = rowIndex(row);
        return m_rowsAlongKey ? m_map->data()->cell(r, column) : m_map->data()->cell(column, r);
    }
    QString rowHeader(int row) const { return header(m_rowAxis, rowIndex(row), m_rows, m_rowsAlongKey, m_doubledRows); }
    QString columnHeader(int column) const { return header(m_columnAxis, column, m_columns, !m_rowsAlongKey, m_doubledColumns); }
    /// The cell's place in the plot's widget.
    QRectF cellRect(int row, int column) const
    {
        const QRectF rows = span(m_rowAxis, rowIndex(row), m_rows, m_rowsAlongKey, m_doubledRows);
        const QRectF columns = span(m_columnAxis, column, m_columns, !m_rowsAlongKey, m_doubledColumns);
        return QRectF(QPointF(columns.left(), rows.top()), QPointF(columns.right(), rows.bottom())).normalized();
    }

private:
    /// Rows are numbered from the top: a y axis that grows upwards has its last index there.
    int rowIndex(int row) const { return m_rowAxis && m_rowAxis->rangeReversed() == (m_rowAxis->orientation() == Qt::Vertical) ? row : m_rows - 1 - row; }
    QCPRange coordinates(bool alongKey) const
    {
        return alongKey ? m_map->data()->keyRange() : m_map->data()->valueRange();
    }
    /// The coordinates index i covers: the centres of the first and last cells are the ends of
    /// the data's range, each cell one step wide.
    QCPRange extent(int index, int count, bool alongKey, bool doubled) const
    {
        const QCPRange range = coordinates(alongKey);
        if (doubled) { // one cell drawn as two, its copy beyond it (off the axis): the first one
            const double half = range.upper > range.lower ? (range.upper - range.lower) / 2 : 0.5;
            return QCPRange(range.lower - half, range.lower + half);
        }
        const double step = count > 1 ? (range.upper - range.lower) / (count - 1) : 1.0;
        const double centre = range.lower + index * step;
        return QCPRange(centre - step / 2, centre + step / 2);
    }
    QRectF span(QCPAxis* axis, int index, int count, bool alongKey, bool doubled) const
    {
        const QCPRange e = extent(index, count, alongKey, doubled);
        const double a = axis->coordToPixel(e.lower), b = axis->coordToPixel(e.upper);
        return axis->orientation() == Qt::Horizontal ? QRectF(QPointF(a, 0), QPointF(b, 0)) : QRectF(QPointF(0, a), QPointF(0, b));
    }
    /// "Position 12", or "Position 1230 to 1239" for a bin over the whole numbers (cells) whose
    /// unit width overlaps it.
    QString header(QCPAxis* axis, int index, int count, bool alongKey, bool doubled) const
    {
        const QCPRange e = extent(index, count, alongKey, doubled);
        // The axis's name without what it says in parentheses ("(196 per pixel; zoom in for
        // cells)"): a header is read with every cell, the chart's description says the rest.
        QString label = axis ? QString(axis->label()).replace(QLatin1Char('\n'), QLatin1Char(' ')).trimmed() : QString();
        if (label.endsWith(QLatin1Char(')')) && label.lastIndexOf(QStringLiteral(" (")) > 0)
            label.truncate(label.lastIndexOf(QStringLiteral(" (")));
        QString at;
        if (e.size() <= 1.0 + 1e-9) {
            at = number(e.center());
        } else {
            const double first = std::floor(e.lower - 0.5) + 1, last = std::ceil(e.upper + 0.5) - 1;
            at = first >= last ? number(first) : QCoreApplication::translate("pe::ui::PlotView", "%1 to %2").arg(number(first), number(last));
        }
        return label.isEmpty() ? at : label + QLatin1Char(' ') + at;
    }

    const QCPColorMap* m_map;
    QCPAxis* m_rowAxis = nullptr;
    QCPAxis* m_columnAxis = nullptr;
    bool m_rowsAlongKey = false;
    int m_rows = 0, m_columns = 0;
    bool m_doubledRows = false, m_doubledColumns = false;
};

class PlotAccessible;

/// One cell of a chart's table: its value to 4 decimals, its row and column headers.
class MapCell : public QAccessibleInterface, public QAccessibleTableCellInterface {
public:
    MapCell(QWidget* plot, int row, int column) : m_plot(plot), m_row(row), m_column(column) {}

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableCellInterface ? static_cast<QAccessibleTableCellInterface*>(this) : nullptr;
    }
    bool isValid() const override
    {
        if (!m_plot)
            return false;
        const MapGrid grid(firstColorMap(*static_cast<QCustomPlot*>(m_plot.data())));
        return m_row < grid.rows() && m_column < grid.columns();
    }
    QObject* object() const override { return nullptr; }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QAccessibleInterface* parent() const override { return table(); }
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }
    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        const MapGrid grid(firstColorMap(*static_cast<QCustomPlot*>(m_plot.data())));
        if (t == QAccessible::Name || t == QAccessible::Value)
            return number4(grid.value(m_row, m_column));
        if (t == QAccessible::Description)
            return grid.rowHeader(m_row) + QStringLiteral(", ") + grid.columnHeader(m_column);
        return {};
    }
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override
    {
        if (!isValid())
            return {};
        const MapGrid grid(firstColorMap(*static_cast<QCustomPlot*>(m_plot.data())));
        const QRect local = grid.cellRect(m_row, m_column).toAlignedRect();
        return QRect(m_plot->mapToGlobal(local.topLeft()), local.size());
    }
    QAccessible::Role role() const override { return QAccessible::Cell; }
    QAccessible::State state() const override { return {}; }

    bool isSelected() const override { return false; }
    QList<QAccessibleInterface*> columnHeaderCells() const override { return {}; }
    QList<QAccessibleInterface*> rowHeaderCells() const override { return {}; }
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface* table() const override { return m_plot ? QAccessible::queryAccessibleInterface(m_plot) : nullptr; }

    static QString number4(double v)
    {
        if (std::isnan(v))
            return QCoreApplication::translate("pe::ui::PlotView", "no value");
        return QLocale().toString(v == 0 ? 0.0 : v, 'f', 4).replace(QLatin1Char('-'), QChar(0x2212));
    }

private:
    QPointer<QWidget> m_plot;
    int m_row, m_column;
};

/// A view's plot to a screen reader: a chart, and where it draws a colour map, a table of that
/// map's cells as drawn (the heatmap, the similarity, the methods' matrix, …: their first map).
class PlotAccessible : public QAccessibleWidget, public QAccessibleTableInterface {
public:
    explicit PlotAccessible(QWidget* plot) : QAccessibleWidget(plot, QAccessible::Chart) {}
    ~PlotAccessible() override { forgetCells(); }

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::TableInterface && firstColorMap(*plot()))
            return static_cast<QAccessibleTableInterface*>(this);
        return QAccessibleWidget::interface_cast(type);
    }
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

    // The table of the first colour map.
    QAccessibleInterface* caption() const override { return nullptr; }
    QAccessibleInterface* summary() const override { return nullptr; }
    QAccessibleInterface* cellAt(int row, int column) const override
    {
        const MapGrid grid(firstColorMap(*plot()));
        if (row < 0 || column < 0 || row >= grid.rows() || column >= grid.columns())
            return nullptr;
        if (QSize(grid.columns(), grid.rows()) != m_cellsShape) { // a new map: its cells anew
            forgetCells();
            m_cellsShape = QSize(grid.columns(), grid.rows());
        }
        const qint64 key = qint64(row) * grid.columns() + column;
        if (const auto found = m_cells.constFind(key); found != m_cells.constEnd())
            return QAccessible::accessibleInterface(*found);
        auto* cell = new MapCell(widget(), row, column);
        m_cells.insert(key, QAccessible::registerAccessibleInterface(cell));
        return cell;
    }
    int selectedCellCount() const override { return 0; }
    QList<QAccessibleInterface*> selectedCells() const override { return {}; }
    QString columnDescription(int column) const override { return MapGrid(firstColorMap(*plot())).columnHeader(column); }
    QString rowDescription(int row) const override { return MapGrid(firstColorMap(*plot())).rowHeader(row); }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override { return 0; }
    int columnCount() const override { return MapGrid(firstColorMap(*plot())).columns(); }
    int rowCount() const override { return MapGrid(firstColorMap(*plot())).rows(); }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override { return {}; }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int) const override { return false; }
    bool selectRow(int) override { return false; }
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent*) override { forgetCells(); }

private:
    QCustomPlot* plot() const { return static_cast<QCustomPlot*>(widget()); }
    void forgetCells() const
    {
        for (QAccessible::Id id : std::as_const(m_cells))
            QAccessible::deleteAccessibleInterface(id);
        m_cells.clear();
    }
    mutable QHash<qint64, QAccessible::Id> m_cells; ///< the cells a reader asked for, while the map keeps its shape
    mutable QSize m_cellsShape;
};

QString number(double v)
{
    if (v == 0)
        v = 0; // no "−0"
    // Whole numbers whole (position 100,000, not 1e+05); else five digits, what a listener takes
    // in. The minus sign is read as "minus", a hyphen may not be.
    const QString text = std::abs(v) < 1e15 && v == std::floor(v) ? QLocale().toString(qint64(v)) : QLocale().toString(v, 'g', 5);
    return QString(text).replace(QLatin1Char('-'), QChar(0x2212));
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
