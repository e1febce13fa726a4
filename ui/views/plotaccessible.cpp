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

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

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
bool isNamedForReaders(const QCustomPlot& plot, QCPAbstractPlottable* plottable);

/// A value as a table cell reads it: 4 decimals, a minus sign a screen reader says.
QString number4(double v)
{
    if (std::isnan(v))
        return QCoreApplication::translate("pe::ui::PlotView", "no value");
    return QLocale().toString(v == 0 ? 0.0 : v, 'f', 4).replace(QLatin1Char('-'), QChar(0x2212));
}

/// An axis's title as a header reads it: one line, without what it says in parentheses ("(196
/// per pixel; zoom in for cells)"). A header is read with every cell; the chart's description
/// says the rest. Maps side by side title only the first one's rows (the conventions' three):
/// an axis without a title takes the first title on its side of another axis rect.
QString axisName(const QCPAxis* axis)
{
    const QCPAxis* titled = axis;
    if (axis && axis->label().isEmpty() && axis->parentPlot())
        for (QCPAxisRect* rect : axis->parentPlot()->axisRects())
            if (const QCPAxis* other = rect->axis(axis->axisType()); other && !other->label().isEmpty()) {
                titled = other;
                break;
            }
    QString label = titled ? QString(titled->label()).replace(QLatin1Char('\n'), QLatin1Char(' ')).trimmed() : QString();
    if (label.endsWith(QLatin1Char(')')) && label.lastIndexOf(QStringLiteral(" (")) > 0)
        label.truncate(label.lastIndexOf(QStringLiteral(" (")));
    return label;
}

/// One table a screen reader reads in a plot: a colour map's cells, or curves' points.
class Grid {
public:
    virtual ~Grid() = default;
    virtual int rows() const = 0;
    virtual int columns() const = 0;
    virtual QString cellText(int row, int column) const = 0;
    virtual QString rowHeader(int row) const = 0;
    virtual QString columnHeader(int column) const = 0;
    /// The cell's place in the plot's widget.
    virtual QRectF cellRect(int row, int column) const = 0;
    /// What the table holds: "A: interleaved…, Row by Dimension", "Position, dim 4 · sin, …".
    virtual QString name() const = 0;
};

/// A colour map's cells as drawn, in rows and columns as seen: the first row at the top.
/// Beyond the screen's resolution a cell is a pixel's bin, the exact average its map holds,
/// and its row and column headers give the ranges of positions (dimensions) it covers.
class MapGrid : public Grid {
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
    int rows() const override { return m_map ? m_rows : 0; }
    int columns() const override { return m_map ? m_columns : 0; }
    QString cellText(int row, int column) const override
    {
        const int r = rowIndex(row);
        return number4(m_rowsAlongKey ? m_map->data()->cell(r, column) : m_map->data()->cell(column, r));
    }
    QString rowHeader(int row) const override { return header(m_rowAxis, rowIndex(row), m_rows, m_rowsAlongKey, m_doubledRows); }
    QString columnHeader(int column) const override { return header(m_columnAxis, column, m_columns, !m_rowsAlongKey, m_doubledColumns); }
    QRectF cellRect(int row, int column) const override
    {
        const QRectF rows = span(m_rowAxis, rowIndex(row), m_rows, m_rowsAlongKey, m_doubledRows);
        const QRectF columns = span(m_columnAxis, column, m_columns, !m_rowsAlongKey, m_doubledColumns);
        return QRectF(QPointF(columns.left(), rows.top()), QPointF(columns.right(), rows.bottom())).normalized();
    }
    QString name() const override
    {
        // A caption above the map (the conventions' "A: interleaved …") says which map it is.
        const QCPAxis* top = m_map ? m_map->keyAxis()->axisRect()->axis(QCPAxis::atTop) : nullptr;
        const QString caption = top && top->visible() ? axisName(top) : QString();
        const QString rows = axisName(m_rowAxis), columns = axisName(m_columnAxis);
        const QString axes = rows.isEmpty() || columns.isEmpty() ? rows + columns
                                                                 : QCoreApplication::translate("pe::ui::PlotView", "%1 by %2").arg(rows, columns);
        return caption.isEmpty() || axes.isEmpty() ? caption + axes : caption + QStringLiteral(", ") + axes;
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
        const QString label = axisName(axis);
        QString at;
        const auto named = axis ? axis->ticker().dynamicCast<QCPAxisTickerText>() : nullptr;
        if (named && named->ticks().contains(e.center())) { // the embeddings' tokens
            at = named->ticks().value(e.center());
        } else if (e.size() < 1.0 - 1e-9) { // cells finer than the axis's numbers (the grid's tiles)
            at = QCoreApplication::translate("pe::ui::PlotView", "%1 of %2").arg(index + 1).arg(count);
        } else if (e.size() <= 1.0 + 1e-9) {
            at = number(e.center());
        } else {
            const double first = std::floor(e.lower - 0.5) + 1, last = std::ceil(e.upper + 0.5) - 1;
            at = first >= last ? number(first) : QCoreApplication::translate("pe::ui::PlotView", "%1 to %2").arg(number(first), number(last));
        }
        return label.isEmpty() ? at : label + QLatin1Char(' ') + at;
    }

    QPointer<const QCPColorMap> m_map;
    QCPAxis* m_rowAxis = nullptr;
    QCPAxis* m_columnAxis = nullptr;
    bool m_rowsAlongKey = false;
    int m_rows = 0, m_columns = 0;
    bool m_doubledRows = false, m_doubledColumns = false;
};

/// Curves that share their x: one row per point shown (within the x axis's range), the x in
/// the first column, each curve's y in its own. A copy of the points, so a table read while the
/// view draws the next frame stays what it was when asked for.
class CurveGrid : public Grid {
public:
    CurveGrid(QCPAxis* keyAxis, QCPAxis* valueAxis, QVector<double> keys)
        : m_keyAxis(keyAxis), m_valueAxis(valueAxis), m_keys(std::move(keys))
    {
    }
    bool hasKeys(const QVector<double>& keys) const { return keys == m_keys; }
    void addCurve(const QString& name, QVector<double> values)
    {
        m_names << name;
        m_values.append(std::move(values));
    }
    int rows() const override { return int(m_keys.size()); }
    int columns() const override { return 1 + int(m_values.size()); }
    QString cellText(int row, int column) const override
    {
        return column == 0 ? number(m_keys[row]) : number4(m_values[column - 1][row]);
    }
    QString rowHeader(int row) const override
    {
        const QString label = axisName(m_keyAxis);
        return label.isEmpty() ? number(m_keys[row]) : label + QLatin1Char(' ') + number(m_keys[row]);
    }
    QString columnHeader(int column) const override
    {
        if (column > 0)
            return m_names[column - 1];
        const QString label = axisName(m_keyAxis);
        return label.isEmpty() ? QStringLiteral("x") : label;
    }
    QRectF cellRect(int row, int column) const override
    {
        if (!m_keyAxis || !m_valueAxis)
            return {};
        // A point's place; the x column's cell is on the x axis.
        const double key = m_keyAxis->coordToPixel(m_keys[row]);
        const double value = column == 0 ? m_valueAxis->coordToPixel(m_valueAxis->range().lower)
                                         : m_valueAxis->coordToPixel(m_values[column - 1][row]);
        return m_keyAxis->orientation() == Qt::Horizontal ? QRectF(key - 1, value - 1, 2, 2) : QRectF(value - 1, key - 1, 2, 2);
    }
    QString name() const override { return columnHeader(0) + QStringLiteral(", ") + m_names.join(QStringLiteral(", ")); }

private:
    QPointer<QCPAxis> m_keyAxis, m_valueAxis;
    QVector<double> m_keys;
    QStringList m_names;
    QVector<QVector<double>> m_values;
};

/// The points of a curve (graph, bars, parametric curve) within its x axis's range.
void pointsShown(QCPAbstractPlottable* plottable, QVector<double>& keys, QVector<double>& values)
{
    QCPPlottableInterface1D* points = plottable->interface1D();
    if (!points || !plottable->keyAxis())
        return;
    const QCPRange range = plottable->keyAxis()->range();
    int begin = 0, end = points->dataCount();
    if (points->sortKeyIsMainKey()) {
        begin = points->findBegin(range.lower, false);
        end = points->findEnd(range.upper, false);
    }
    for (int i = begin; i < end; ++i) {
        const double key = points->dataMainKey(i);
        if (range.contains(key)) {
            keys.append(key);
            values.append(points->dataMainValue(i));
        }
    }
}

/// Every table a plot holds, in the order drawn: per axis rect each visible colour map, then
/// its curves grouped by their x. Where some curves are named (in the legend), those: the dots
/// and marks beside them are drawn from the same numbers.
std::vector<std::unique_ptr<Grid>> tablesOf(const QCustomPlot& plot)
{
    std::vector<std::unique_ptr<Grid>> tables;
    // As a reader of the figure meets them: row by row, left to right (the layout's own order
    // is the order the view made them in).
    QList<QCPAxisRect*> rects = plot.axisRects();
    rects.removeIf([](const QCPAxisRect* rect) { return !rect->visible() || rect->rect().isEmpty(); });
    std::stable_sort(rects.begin(), rects.end(), [](const QCPAxisRect* a, const QCPAxisRect* b) {
        return a->rect().top() != b->rect().top() ? a->rect().top() < b->rect().top() : a->rect().left() < b->rect().left();
    });
    for (QCPAxisRect* rect : std::as_const(rects)) {
        QList<QCPAbstractPlottable*> curves;
        bool anyNamed = false;
        for (QCPAbstractPlottable* plottable : rect->plottables()) {
            if (!plottable->visible())
                continue;
            if (auto* map = qobject_cast<QCPColorMap*>(plottable)) {
                if (auto table = std::make_unique<MapGrid>(map); table->rows() > 0 && table->columns() > 0)
                    tables.push_back(std::move(table)); // a map cleared (nothing to draw) is no table
            } else if (plottable->interface1D()) {
                curves << plottable;
                anyNamed = anyNamed || isNamedForReaders(plot, plottable);
            }
        }
        std::vector<std::unique_ptr<CurveGrid>> groups;
        int unnamed = 0;
        for (QCPAbstractPlottable* curve : std::as_const(curves)) {
            const bool named = isNamedForReaders(plot, curve);
            if (anyNamed && !named)
                continue;
            QVector<double> keys, values;
            pointsShown(curve, keys, values);
            if (keys.isEmpty())
                continue;
            const QString name = named ? curve->name() : QCoreApplication::translate("pe::ui::PlotView", "curve %1").arg(++unnamed);
            auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g->hasKeys(keys); });
            if (group == groups.end()) {
                groups.push_back(std::make_unique<CurveGrid>(curve->keyAxis(), curve->valueAxis(), keys));
                group = std::prev(groups.end());
            }
            (*group)->addCurve(name, std::move(values));
        }
        for (auto& group : groups)
            tables.push_back(std::move(group));
    }
    return tables;
}

class PlotAccessible;

/// The plot's accessible interface, which owns its tables.
PlotAccessible* chartOf(QWidget* plot);

/// One cell of a chart's table: its value to 4 decimals, its row and column headers.
class TableCell : public QAccessibleInterface, public QAccessibleTableCellInterface {
public:
    /// `table` −1: a cell of the chart's own table (its first); else of its child table `table`.
    TableCell(QWidget* plot, int table, int row, int column) : m_plot(plot), m_table(table), m_row(row), m_column(column) {}

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableCellInterface ? static_cast<QAccessibleTableCellInterface*>(this) : nullptr;
    }
    bool isValid() const override
    {
        const Grid* g = grid();
        return g && m_row < g->rows() && m_column < g->columns();
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
        if (t == QAccessible::Name || t == QAccessible::Value)
            return grid()->cellText(m_row, m_column);
        if (t == QAccessible::Description)
            return grid()->rowHeader(m_row) + QStringLiteral(", ") + grid()->columnHeader(m_column);
        return {};
    }
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override
    {
        if (!isValid())
            return {};
        const QRect local = grid()->cellRect(m_row, m_column).toAlignedRect();
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
    QAccessibleInterface* table() const override;

private:
    const Grid* grid() const;

    QPointer<QWidget> m_plot;
    int m_table, m_row, m_column;
};

/// The table interface over one Grid; its cells are made as a reader asks for them.
class GridTable : public QAccessibleTableInterface {
public:
    ~GridTable() override { forgetCells(); }

    QAccessibleInterface* caption() const override { return nullptr; }
    QAccessibleInterface* summary() const override { return nullptr; }
    QAccessibleInterface* cellAt(int row, int column) const override
    {
        const Grid* g = grid();
        if (!g || row < 0 || column < 0 || row >= g->rows() || column >= g->columns())
            return nullptr;
        if (QSize(g->columns(), g->rows()) != m_cellsShape) { // a new table: its cells anew
            forgetCells();
            m_cellsShape = QSize(g->columns(), g->rows());
        }
        const qint64 key = qint64(row) * g->columns() + column;
        if (const auto found = m_cells.constFind(key); found != m_cells.constEnd())
            return QAccessible::accessibleInterface(*found);
        auto* cell = new TableCell(plotWidget(), tableIndex(), row, column);
        m_cells.insert(key, QAccessible::registerAccessibleInterface(cell));
        return cell;
    }
    int selectedCellCount() const override { return 0; }
    QList<QAccessibleInterface*> selectedCells() const override { return {}; }
    QString columnDescription(int column) const override
    {
        const Grid* g = grid();
        return g && column >= 0 && column < g->columns() ? g->columnHeader(column) : QString();
    }
    QString rowDescription(int row) const override
    {
        const Grid* g = grid();
        return g && row >= 0 && row < g->rows() ? g->rowHeader(row) : QString();
    }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override { return 0; }
    int columnCount() const override { return grid() ? grid()->columns() : 0; }
    int rowCount() const override { return grid() ? grid()->rows() : 0; }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override { return {}; }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int) const override { return false; }
    bool selectRow(int) override { return false; }
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent*) override { forgetCells(); }

protected:
    virtual const Grid* grid() const = 0;
    virtual QWidget* plotWidget() const = 0;
    virtual int tableIndex() const = 0;
    void forgetCells() const
    {
        for (QAccessible::Id id : std::as_const(m_cells))
            QAccessible::deleteAccessibleInterface(id);
        m_cells.clear();
        m_cellsShape = QSize();
    }

private:
    mutable QHash<qint64, QAccessible::Id> m_cells; ///< the cells a reader asked for, while the table keeps its shape
    mutable QSize m_cellsShape;
};

/// One of a chart's tables as its child (role Table): every colour map and every set of curves.
class PlotTableAccessible : public QAccessibleInterface, public GridTable {
public:
    PlotTableAccessible(QWidget* plot, int index) : m_plot(plot), m_index(index) {}

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableInterface ? static_cast<QAccessibleTableInterface*>(this) : nullptr;
    }
    bool isValid() const override { return grid() != nullptr; }
    QObject* object() const override { return nullptr; }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QAccessibleInterface* parent() const override;
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }
    QString text(QAccessible::Text t) const override
    {
        const Grid* g = grid();
        if (!g)
            return {};
        if (t == QAccessible::Name)
            return g->name();
        if (t == QAccessible::Description)
            return QCoreApplication::translate("pe::ui::PlotView", "%1 rows, %2 columns").arg(g->rows()).arg(g->columns());
        return {};
    }
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override
    {
        const Grid* g = grid();
        if (!g || !m_plot || g->rows() == 0 || g->columns() == 0)
            return {};
        const QRect local = g->cellRect(0, 0).united(g->cellRect(g->rows() - 1, g->columns() - 1)).toAlignedRect();
        return QRect(m_plot->mapToGlobal(local.topLeft()), local.size());
    }
    QAccessible::Role role() const override { return QAccessible::Table; }
    QAccessible::State state() const override { return {}; }
    int index() const { return m_index; }

protected:
    const Grid* grid() const override;
    QWidget* plotWidget() const override { return m_plot; }
    int tableIndex() const override { return m_index; }

private:
    QPointer<QWidget> m_plot;
    int m_index;
};

/// A view's plot to a screen reader: a chart. Its tables are its children, one per colour map
/// and per set of curves; the chart is also its first table itself (the heatmap's matrix, the
/// waves' curves), which a reader finds without looking further.
class PlotAccessible : public QAccessibleWidget, public GridTable, public QAccessibleValueInterface {
public:
    explicit PlotAccessible(QWidget* plot) : QAccessibleWidget(plot, QAccessible::Chart)
    {
        // The tables are read again after each replot (a new frame, a zoom): counted here.
        QObject::connect(static_cast<QCustomPlot*>(plot), &QCustomPlot::afterReplot, plot,
                         [generation = m_generation] { ++*generation; });
    }
    ~PlotAccessible() override { forgetTables(); }

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::TableInterface && table(0))
            return static_cast<QAccessibleTableInterface*>(this);
        if (const PlotView* view = viewOf(widget()); type == QAccessible::ValueInterface && view && view->chartValue())
            return static_cast<QAccessibleValueInterface*>(this);
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
    // The selected cell's value (PlotView::chartValue), within the first map's colour scale.
    QVariant currentValue() const override
    {
        const PlotView* view = viewOf(widget());
        const std::optional<double> value = view ? view->chartValue() : std::nullopt;
        return value ? QVariant(*value) : QVariant();
    }
    void setCurrentValue(const QVariant&) override {}
    QVariant maximumValue() const override { return scaleEnd(true); }
    QVariant minimumValue() const override { return scaleEnd(false); }
    QVariant minimumStepSize() const override { return QVariant(); }

    int childCount() const override { return QAccessibleWidget::childCount() + int(tables().size()); }
    QAccessibleInterface* child(int index) const override
    {
        const int widgets = QAccessibleWidget::childCount();
        return index < widgets ? QAccessibleWidget::child(index) : tableChild(index - widgets);
    }
    int indexOfChild(const QAccessibleInterface* child) const override
    {
        if (const auto* table = dynamic_cast<const PlotTableAccessible*>(child))
            return table->isValid() ? QAccessibleWidget::childCount() + table->index() : -1;
        return QAccessibleWidget::indexOfChild(child);
    }

    /// The plot's tables as drawn at its last replot.
    const std::vector<std::unique_ptr<Grid>>& tables() const
    {
        if (!m_tablesRead || m_tablesGeneration != *m_generation) {
            m_tables = tablesOf(*static_cast<QCustomPlot*>(widget()));
            m_tablesGeneration = *m_generation;
            m_tablesRead = true;
            forgetCells(); // every table's cells are asked for again
            for (QAccessible::Id id : std::as_const(m_tableIds))
                if (auto* child = dynamic_cast<PlotTableAccessible*>(QAccessible::accessibleInterface(id)))
                    child->modelChange(nullptr);
        }
        return m_tables;
    }
    const Grid* table(int index) const
    {
        const auto& all = tables();
        return index >= 0 && index < int(all.size()) ? all[std::size_t(index)].get() : nullptr;
    }
    QAccessibleInterface* tableChild(int index) const
    {
        if (!table(index))
            return nullptr;
        while (m_tableIds.size() <= index)
            m_tableIds.append(QAccessible::registerAccessibleInterface(new PlotTableAccessible(widget(), int(m_tableIds.size()))));
        return QAccessible::accessibleInterface(m_tableIds[index]);
    }

protected:
    const Grid* grid() const override { return table(0); }
    QWidget* plotWidget() const override { return widget(); }
    int tableIndex() const override { return -1; }

private:
    QVariant scaleEnd(bool upper) const
    {
        auto* p = static_cast<QCustomPlot*>(widget());
        for (int i = 0; i < p->plottableCount(); ++i)
            if (auto* map = qobject_cast<QCPColorMap*>(p->plottable(i)); map && map->visible())
                return upper ? map->dataRange().upper : map->dataRange().lower;
        return QVariant();
    }
    void forgetTables() const
    {
        for (QAccessible::Id id : std::as_const(m_tableIds))
            QAccessible::deleteAccessibleInterface(id);
        m_tableIds.clear();
    }

    std::shared_ptr<quint64> m_generation = std::make_shared<quint64>(0);
    mutable std::vector<std::unique_ptr<Grid>> m_tables;
    mutable quint64 m_tablesGeneration = 0;
    mutable bool m_tablesRead = false;
    mutable QList<QAccessible::Id> m_tableIds; ///< the child tables a reader asked for
};

PlotAccessible* chartOf(QWidget* plot)
{
    return plot ? dynamic_cast<PlotAccessible*>(QAccessible::queryAccessibleInterface(plot)) : nullptr;
}

const Grid* TableCell::grid() const
{
    const PlotAccessible* chart = chartOf(m_plot);
    return chart ? chart->table(std::max(0, m_table)) : nullptr;
}

QAccessibleInterface* TableCell::table() const
{
    PlotAccessible* chart = chartOf(m_plot);
    if (!chart || m_table < 0)
        return chart;
    return chart->tableChild(m_table);
}

const Grid* PlotTableAccessible::grid() const
{
    const PlotAccessible* chart = chartOf(m_plot);
    return chart ? chart->table(m_index) : nullptr;
}

QAccessibleInterface* PlotTableAccessible::parent() const { return chartOf(m_plot); }

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
