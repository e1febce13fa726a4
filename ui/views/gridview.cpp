// SPDX-License-Identifier: MIT
#include "ui/views/gridview.h"
#include "ui/views/viewfactory.h"

#include "ui/document/document.h"
#include "ui/document/gridpart.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/colormaps.h"
#include "ui/widgets/flowlayout.h"
#include "ui/widgets/accessiblenames.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"
#include "ui/state/gridoptions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

QStringList sourceNames()
{
    return {GridView::tr("Table, else MAE"), GridView::tr("Loaded table"), GridView::tr("MAE 2-D sin-cos"),
            GridView::tr("DiT 2-D sin-cos"), GridView::tr("Axial 2-D RoPE"), GridView::tr("RoPE-Mixed"),
            GridView::tr("M-RoPE (Qwen2-VL)")};
}

/// A spin box for one side of a grid: 0 shows `zero` ("auto", "off").
QSpinBox* sideBox(const QString& zero, const QString& tip)
{
    auto* box = new QSpinBox;
    box->setRange(0, core::GridLimits::maxSide);
    box->setSpecialValueText(zero);
    box->setToolTip(tip);
    box->setKeyboardTracking(false);
    return box;
}

void setUpMapAxes(QCPAxisRect* rect)
{
    setUpImageAxes(rect);
    rect->axis(QCPAxis::atBottom)->setLabel(GridView::tr("column"));
    rect->axis(QCPAxis::atLeft)->setLabel(GridView::tr("row"));
}

QCPItemRect* addMark(QCustomPlot* plot, QCPAxisRect* rect)
{
    auto* mark = new QCPItemRect(plot);
    attachToRect(mark, rect);
    mark->setBrush(Qt::NoBrush);
    mark->setVisible(false);
    return mark;
}

} // namespace

GridView::GridView(Document* document, QWidget* parent)
    : PlotView(document, views::grid, parent)
{
    setExplanation(tr("<b>Positions on a grid.</b> A vision transformer cuts an image into patches and gives each "
                      "patch's position a vector. Each small tile on the left belongs to one patch and shows how "
                      "similar its vector is to every other patch's (yellow: alike), laid out as the image: a "
                      "learned table that found the 2-D structure lights up around each patch, and rows and "
                      "columns show as stripes. Click a patch to see its map large; the class token has no place "
                      "on the grid and is shown apart. Compare a model's table with MAE's fixed 2-D sin-cos and "
                      "with 2-D RoPE, whose map only moves with the query."));
    auto* box = static_cast<QVBoxLayout*>(layout());
    box->insertWidget(1, createControls());
    syncControls();
    connect(document, &Document::changed, this, [this](Changes what) {
        if (what & (Change::ViewOptions | Change::Table))
            syncControls();
    });

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_tilesRect = p->axisRect();
    setUpMapAxes(m_tilesRect);
    m_tiles = addCellColorMap(m_tilesRect);
    m_tilesFrame = frameSquareCells(p->plotLayout(), 1, 0, m_tilesRect);
    auto* right = new QCPLayoutGrid;
    p->plotLayout()->addElement(1, 1, right);
    p->plotLayout()->setColumnStretchFactor(0, 1.3);
    p->plotLayout()->setColumnStretchFactor(1, 1.0);
    m_patchRect = new QCPAxisRect(p);
    m_dimensionRect = new QCPAxisRect(p);
    for (QCPAxisRect* rect : {m_patchRect, m_dimensionRect}) {
        setUpMapAxes(rect);
        // Beside the tiles, whose axes say it: room for the maps instead.
        rect->axis(QCPAxis::atBottom)->setLabel(QString());
        rect->axis(QCPAxis::atLeft)->setLabel(QString());
    }
    m_patchMap = addCellColorMap(m_patchRect);
    m_dimensionMap = addCellColorMap(m_dimensionRect);
    m_similarityScale = new QCPColorScale(p);
    m_dimensionScale = new QCPColorScale(p);
    for (QCPColorScale* scale : {m_similarityScale, m_dimensionScale})
        scale->setType(QCPAxis::atRight);
    // Each map with its scale, as tall as the map, in a frame that keeps its cells square.
    m_patchFrame = frameSquareCells(right, 0, 0, m_patchRect, m_similarityScale);
    m_dimensionFrame = frameSquareCells(right, 1, 0, m_dimensionRect, m_dimensionScale);
    // One colour scale for every similarity: the tiles and the large map compare at a glance.
    m_tiles->setColorScale(m_similarityScale);
    m_patchMap->setColorScale(m_similarityScale);
    m_dimensionMap->setColorScale(m_dimensionScale);
    m_similarityScale->setDataRange(QCPRange(-1, 1));
    m_tileMark = addMark(p, m_tilesRect);
    m_cellMark = addMark(p, m_patchRect);
    p->legend->setVisible(false);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    connect(p, &QCustomPlot::afterLayout, this, &GridView::reportPixels);
    connect(p, &QCustomPlot::mouseMove, this, &GridView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &GridView::onMouseRelease);
    applyScale();
}

QWidget* GridView::createControls()
{
    auto* controls = new QWidget(this);
    auto* row = new FlowLayout(controls);
    row->setContentsMargins(0, 0, 0, 0);
    const auto labelled = [&](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text);
        label->setBuddy(buddy);
        row->addWidget(label);
        row->addWidget(buddy);
        return label;
    };
    const auto pairOf = [](QSpinBox* a, QSpinBox* b) {
        auto* pair = new QWidget;
        auto* h = new QHBoxLayout(pair);
        h->setContentsMargins(0, 0, 0, 0);
        h->setSpacing(2);
        h->addWidget(a);
        h->addWidget(new QLabel(QStringLiteral("×")));
        h->addWidget(b);
        return pair;
    };

    m_sourceBox = new QComboBox;
    const QStringList names = sourceNames();
    for (int i = 0; i < names.size(); ++i)
        m_sourceBox->addItem(names[i], gridSourceKey(GridSource(i)));
    m_sourceBox->setToolTip(tr("Where the patches' vectors come from: a loaded position table (File ▸ Open encoding), "
                               "MAE's or DiT's fixed 2-D sin-cos, or a 2-D rotary embedding (its head dimension: Head dim) "
                               "(--grid-source)"));
    labelled(tr("&Source:"), m_sourceBox);

    m_rowsBox = sideBox(tr("auto"), tr("The grid's rows: auto guesses a square from a table's rows (197 = 1 + 14 × 14); "
                                       "the fixed encodings use 14 × 14 (--grid H×W)"));
    m_colsBox = sideBox(tr("auto"), tr("The grid's columns (--grid H×W)"));
    labelled(tr("&Grid:"), pairOf(m_rowsBox, m_colsBox));
    nameControls(tr("Grid rows"), {m_rowsBox});
    nameControls(tr("Grid columns"), {m_colsBox});

    m_classTokenBox = new QComboBox;
    m_classTokenBox->addItem(tr("auto"), classTokenKey(core::ClassToken::Auto));
    m_classTokenBox->addItem(tr("first row"), classTokenKey(core::ClassToken::Yes));
    m_classTokenBox->addItem(tr("none"), classTokenKey(core::ClassToken::No));
    m_classTokenBox->setToolTip(tr("Whether a table's first row is a class token ([CLS]) rather than a patch: auto "
                                   "decides from the row count (--grid-class-token)"));
    labelled(tr("&Class token:"), m_classTokenBox);

    m_resizeRowsBox = sideBox(tr("off"), tr("Resize the table's patches to this grid by bicubic interpolation, as "
                                            "models fine-tuned at a higher resolution do (timm's "
                                            "resample_abs_pos_embed; --grid-resize H×W)"));
    m_resizeColsBox = sideBox(tr("off"), m_resizeRowsBox->toolTip());
    labelled(tr("&Resize to:"), pairOf(m_resizeRowsBox, m_resizeColsBox));
    nameControls(tr("Resize to rows"), {m_resizeRowsBox});
    nameControls(tr("Resize to columns"), {m_resizeColsBox});

    m_patchRowBox = new QSpinBox;
    m_patchColBox = new QSpinBox;
    for (QSpinBox* b : {m_patchRowBox, m_patchColBox}) {
        b->setRange(0, core::GridLimits::maxSide - 1);
        b->setKeyboardTracking(false);
        b->setToolTip(tr("The patch (row, column) whose map is drawn large; click a tile or the map to choose "
                         "(--grid-patch R,C)"));
    }
    auto* patch = new QWidget;
    auto* h = new QHBoxLayout(patch);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(2);
    h->addWidget(m_patchRowBox);
    h->addWidget(new QLabel(QStringLiteral(",")));
    h->addWidget(m_patchColBox);
    labelled(tr("&Patch:"), patch);
    nameControls(tr("Patch row"), {m_patchRowBox});
    nameControls(tr("Patch column"), {m_patchColBox});
    m_classQueryBox = new QCheckBox(tr("Class token's map"));
    m_classQueryBox->setToolTip(tr("Draw the class token's similarity with every patch instead of a patch's"));
    row->addWidget(m_classQueryBox);

    m_dimensionBox = new QSpinBox;
    m_dimensionBox->setRange(0, 1 << 16);
    m_dimensionBox->setKeyboardTracking(false);
    m_dimensionBox->setToolTip(tr("The dimension drawn across the grid, bottom right (--grid-dim)"));
    labelled(tr("&Dimension:"), m_dimensionBox);

    m_headBox = new QSpinBox;
    m_headBox->setRange(1, GridOptions::maxHead);
    m_headBox->setKeyboardTracking(false);
    m_headBox->setToolTip(tr("RoPE-Mixed starts each head's frequencies along a random direction: the head "
                             "whose initial direction is drawn (--grid-head)"));
    m_headLabel = labelled(tr("&Head:"), m_headBox);

    m_headDimBox = new QSpinBox;
    m_headDimBox->setRange(0, GridOptions::maxHeadDim);
    m_headDimBox->setSingleStep(4);
    m_headDimBox->setKeyboardTracking(false);
    m_headDimBox->setToolTip(tr("The rotary encoding's head dimension: each attention head turns its own query and key. "
                                "auto: d_model, or with a table open the usual one (128 for Qwen2-VL's M-RoPE, 64 for "
                                "rope-vit's 2-D RoPE), not the table's width (--grid-head-dim)"));
    m_headDimLabel = labelled(tr("Head di&m:"), m_headDimBox);

    connect(m_sourceBox, &QComboBox::currentIndexChanged, this, &GridView::optionsEdited);
    connect(m_classTokenBox, &QComboBox::currentIndexChanged, this, &GridView::optionsEdited);
    for (QSpinBox* b : {m_rowsBox, m_colsBox, m_resizeRowsBox, m_resizeColsBox, m_patchRowBox, m_patchColBox,
                        m_dimensionBox, m_headBox, m_headDimBox})
        connect(b, &QSpinBox::valueChanged, this, &GridView::optionsEdited);
    connect(m_classQueryBox, &QCheckBox::toggled, this, &GridView::optionsEdited);
    return controls;
}

void GridView::syncControls()
{
    const GridOptions o = gridOptions(document()->state());
    const QSignalBlocker a(m_sourceBox), b(m_rowsBox), c(m_colsBox), d(m_classTokenBox), e(m_resizeRowsBox),
        g(m_resizeColsBox), i(m_patchRowBox), j(m_patchColBox), k(m_classQueryBox), l(m_dimensionBox), m(m_headBox), n(m_headDimBox);
    m_sourceBox->setCurrentIndex(static_cast<int>(o.source));
    m_rowsBox->setValue(o.rows);
    m_colsBox->setValue(o.cols);
    m_classTokenBox->setCurrentIndex(static_cast<int>(o.classToken));
    m_resizeRowsBox->setValue(o.resizeRows);
    m_resizeColsBox->setValue(o.resizeCols);
    m_patchRowBox->setValue(o.patchRow);
    m_patchColBox->setValue(o.patchCol);
    m_classQueryBox->setChecked(o.classTokenQuery);
    m_dimensionBox->setValue(o.dimension);
    m_headBox->setValue(o.head);
    const GridSource source = resolvedGridSource(o, document()->table() != nullptr);
    m_headDimBox->setSpecialValueText(
        tr("auto (%1)").arg(gridHeadDim(GridOptions{}, source, document()->spec().dModel, document()->table() != nullptr)));
    m_headDimBox->setValue(o.headDim);
    m_headDimBox->setVisible(isRotary(source));
    m_headDimLabel->setVisible(isRotary(source));
    const bool table = source == GridSource::Table;
    m_classTokenBox->setEnabled(table);
    m_resizeRowsBox->setEnabled(!isRotary(source));
    m_resizeColsBox->setEnabled(!isRotary(source));
    m_headBox->setVisible(source == GridSource::RopeMixed);
    m_headLabel->setVisible(source == GridSource::RopeMixed);
}

void GridView::optionsEdited()
{
    GridOptions o = gridOptions(document()->state());
    o.source = static_cast<GridSource>(std::max(m_sourceBox->currentIndex(), 0));
    o.classToken = static_cast<core::ClassToken>(std::max(m_classTokenBox->currentIndex(), 0));
    // One side given and the other on auto: a square, not a fall back to guessing.
    const auto sides = [](QSpinBox* a, QSpinBox* b, int& rows, int& cols) {
        rows = a->value();
        cols = b->value();
        if (rows == 0 && cols > 0)
            rows = cols;
        else if (cols == 0 && rows > 0)
            cols = rows;
    };
    sides(m_rowsBox, m_colsBox, o.rows, o.cols);
    sides(m_resizeRowsBox, m_resizeColsBox, o.resizeRows, o.resizeCols);
    o.patchRow = m_patchRowBox->value();
    o.patchCol = m_patchColBox->value();
    o.classTokenQuery = m_classQueryBox->isChecked();
    o.dimension = m_dimensionBox->value();
    o.head = m_headBox->value();
    o.headDim = m_headDimBox->value();
    document()->setViewOptions(views::grid, toVariantMap(o));
    syncControls(); // a side set to a square shows it
}

void GridView::choosePatch(int row, int col)
{
    GridOptions o = gridOptions(document()->state());
    if (o.patchRow == row && o.patchCol == col && !o.classTokenQuery)
        return;
    o.patchRow = row;
    o.patchCol = col;
    o.classTokenQuery = false;
    document()->setViewOptions(views::grid, toVariantMap(o));
}

void GridView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    for (QCPColorScale* s : {m_similarityScale, m_dimensionScale}) {
        s->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
        s->axis()->setLabelFont(plot()->xAxis->labelFont());
        s->setBarWidth(static_cast<int>(12 * scale()));
    }
}

void GridView::clearMaps(const QString& why)
{
    for (CellColorMap* map : {m_tiles, m_patchMap, m_dimensionMap})
        map->cells()->assign(core::RowMatrix(), QCPRange(0, 1), QCPRange(0, 1));
    m_tileMark->setVisible(false);
    m_cellMark->setVisible(false);
    m_gridRows = m_gridCols = 0;
    placeSeparators(0, 0);
    m_titleText = tr("Positions on a grid\n%1").arg(why);
    m_tilesCaptions = m_patchCaptions = m_dimensionCaptions = QStringList{QString()};
    for (QCPAxisRect* rect : {m_tilesRect, m_patchRect, m_dimensionRect})
        rect->axis(QCPAxis::atTop)->setLabel(QString());
    fitViewTitle(m_title, m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void GridView::redraw(const Frame& f)
{
    const GridPart* part = gridPart(f);
    if (!part || !part->data)
        return;
    const GridData& g = *part->data;
    if (!g.problem.isEmpty()) {
        clearMaps(g.problem);
        return;
    }
    m_gridRows = g.shape.rows;
    m_gridCols = g.shape.cols;
    drawTiles(f);
    drawMaps(f);
    markPatch(g);
    placeSeparators(g.shape.rows, g.shape.cols);
    QString subtitle = g.detail;
    if (g.resized())
        subtitle += tr(" · resized bicubically from %1 × %2").arg(g.original.rows).arg(g.original.cols);
    // A nearly flat picture is the data (Qwen2-VL's M-RoPE gives its spatial pairs the slow
    // frequencies: over 14 × 14 patches every score is above 0.998); say so, or it looks broken.
    if (g.similarity.size() > 1 && g.similarity.maxCoeff() - g.similarity.minCoeff() < 0.05)
        subtitle += QLatin1Char('\n') + tr("every similarity lies in %1 … %2: at this grid the encoding hardly tells the patches apart")
                                           .arg(g.similarity.minCoeff(), 0, 'f', 4).arg(g.similarity.maxCoeff(), 0, 'f', 4);
    m_titleText = tr("%1: %2 × %3 patches%4\n%5")
                      .arg(g.name).arg(g.shape.rows).arg(g.shape.cols)
                      .arg(g.shape.classToken ? tr(" and a class token") : QString(), subtitle);
    fitToSize();
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void GridView::drawTiles(const Frame& f)
{
    const GridPart& part = *gridPart(f);
    const GridData& g = *part.data;
    const double h = g.shape.rows, w = g.shape.cols;
    // The bins split [−0.5, W − 0.5) tiles evenly: their centres, as the heatmap's cells.
    const auto centres = [](const HeatAxis& axis, double tiles) {
        const double width = tiles / static_cast<double>(std::max<std::int64_t>(axis.bins, 1));
        return QCPRange(-0.5 + width / 2, tiles - 0.5 - width / 2);
    };
    m_tiles->cells()->assign(part.tiles.matrix(), centres(part.tileColumns, w), centres(part.tileRows, h));
    const QCPColorGradient gradient = colormapGradient(f.state.colormap);
    m_tiles->setGradient(gradient);
    m_patchMap->setGradient(gradient);
    m_similarityScale->setGradient(gradient);
    m_similarityScale->setDataRange(QCPRange(-1, 1));
    const QString pixels = part.tileRows.exact() && part.tileColumns.exact()
        ? QString()
        : tr(" · each pixel the mean of %1 cells").arg(shortNumber(part.tileRows.cellsPerBin() * part.tileColumns.cellsPerBin(), 3));
    m_tilesCaptions = g.rotary()
        ? QStringList{tr("each tile: a query of ones at that patch against keys at every patch%1").arg(pixels),
                      tr("each tile: a query there, keys everywhere"), tr("tiles")}
        : QStringList{tr("each tile: that patch's cosine similarity with every patch%1").arg(pixels),
                      tr("each tile: similarity with every patch"), tr("tiles")};
}

void GridView::drawMaps(const Frame& f)
{
    const GridPart& part = *gridPart(f);
    const GridData& g = *part.data;
    const GridOptions& o = part.options;
    const QCPRange across(0, g.shape.cols - 1), down(0, g.shape.rows - 1);
    m_patchMap->cells()->assign(gridPatchMap(g, o), across, down);
    const auto [row, col] = chosenPatch(g, o);
    m_patchCaptions = row < 0 ? QStringList{tr("the class token against every patch"), tr("class token")}
                              : QStringList{tr("patch (%1, %2) against every patch").arg(row).arg(col),
                                            tr("patch (%1, %2)").arg(row).arg(col)};
    const core::RowMatrix dimension = gridDimensionMap(g, o);
    m_dimensionMap->cells()->assign(dimension, across, down);
    const double reach = std::max(dimension.cwiseAbs().maxCoeff(), 1e-12);
    m_dimensionMap->setGradient(colormapGradient(f.state.colormap));
    m_dimensionScale->setGradient(colormapGradient(f.state.colormap));
    m_dimensionScale->setDataRange(QCPRange(-reach, reach));
    const int dim = chosenDimension(g, o);
    m_dimensionCaptions = g.rotary()
        ? QStringList{tr("dim %1: the %2 of pair %3's angle at each patch").arg(dim).arg(dim % 2 ? tr("sine") : tr("cosine")).arg(dim / 2),
                      tr("dim %1 across the grid").arg(dim), tr("dim %1").arg(dim)}
        : QStringList{tr("dim %1 of %2 across the grid").arg(dim).arg(g.dims()), tr("dim %1 across the grid").arg(dim),
                      tr("dim %1").arg(dim)};
}

void GridView::markPatch(const GridData& g)
{
    const auto [row, col] = chosenPatch(g, gridOptions(document()->state()));
    for (QCPItemRect* mark : {m_tileMark, m_cellMark}) {
        mark->setVisible(row >= 0 && showsSelectionMarks());
        mark->topLeft->setCoords(col - 0.5, row - 0.5);
        mark->bottomRight->setCoords(col + 0.5, row + 0.5);
    }
}

void GridView::placeSeparators(int rows, int cols)
{
    const int wanted = rows > 0 && cols > 0 ? rows - 1 + cols - 1 : 0;
    while (m_separators.size() < wanted) {
        auto* line = new QCPItemLine(plot());
        attachToRect(line, m_tilesRect);
        line->setSelectable(false);
        m_separators.append(line);
    }
    for (qsizetype i = 0; i < wanted; ++i) {
        QCPItemLine* line = m_separators[i];
        if (i < cols - 1) { // between tile columns i and i + 1
            line->start->setCoords(i + 0.5, -0.5);
            line->end->setCoords(i + 0.5, rows - 0.5);
        } else {
            const double y = static_cast<double>(i - (cols - 1)) + 0.5;
            line->start->setCoords(-0.5, y);
            line->end->setCoords(cols - 0.5, y);
        }
    }
    showSeparatorsIfRoom();
    applyItemPens();
}

void GridView::showSeparatorsIfRoom()
{
    const bool room = m_gridRows > 0 && m_tilesArea.width() >= 8 * m_gridCols && m_tilesArea.height() >= 8 * m_gridRows;
    const qsizetype shown = m_gridRows > 0 ? m_gridRows - 1 + m_gridCols - 1 : 0;
    for (qsizetype i = 0; i < m_separators.size(); ++i)
        m_separators[i]->setVisible(room && i < shown);
}

void GridView::applyItemPens()
{
    // The gaps take the plot's background (a gap, as in the paper's figure, not a drawn line);
    // the chosen patch's frame stands out from the cells: white on screen, black on paper.
    const QColor gap = isPaper() ? QColor(255, 255, 255) : palette().color(QPalette::Base);
    for (QCPItemLine* line : m_separators)
        line->setPen(QPen(gap, 1.0));
    const QPen frame(isPaper() ? QColor(0, 0, 0) : QColor(255, 255, 255), penWidth(1.5));
    m_tileMark->setPen(frame);
    m_cellMark->setPen(frame);
}

void GridView::changeEvent(QEvent* event)
{
    PlotView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) // View ▸ Theme: the gaps take the new background
        applyItemPens();
}

void GridView::prepareForExport(double fontPixels)
{
    PlotView::prepareForExport(fontPixels);
    applyItemPens();
}

bool GridView::fitToSize()
{
    bool changed = fitViewTitle(m_title, m_titleText);
    changed = fitAxisLabel(m_tilesRect->axis(QCPAxis::atTop), m_tilesCaptions) || changed;
    changed = fitAxisLabel(m_patchRect->axis(QCPAxis::atTop), m_patchCaptions) || changed;
    changed = fitAxisLabel(m_dimensionRect->axis(QCPAxis::atTop), m_dimensionCaptions) || changed;
    // Square cells: a tile is W cells wide and H high, a patch one cell. The axes end at the
    // data; the frames' blank sides take what the cells leave. Without a grid the rects take
    // their frames whole.
    const double cols = m_gridRows > 0 ? m_gridCols : 0, rows = m_gridRows > 0 ? m_gridRows : 0;
    changed = fitSquareCells(m_tilesFrame, cols, rows, cols, rows) || changed;
    changed = fitSquareCells(m_patchFrame, cols, rows, 1, 1) || changed;
    changed = fitSquareCells(m_dimensionFrame, cols, rows, 1, 1) || changed;
    m_tilesArea = m_gridRows > 0 ? m_tilesRect->rect() : QRect();
    showSeparatorsIfRoom();
    for (QCPAxisRect* rect : {m_tilesRect, m_patchRect, m_dimensionRect})
        for (QCPAxis::AxisType type : {QCPAxis::atBottom, QCPAxis::atLeft})
            changed = fitTickCount(rect->axis(type)) || changed;
    return changed;
}

void GridView::reportPixels()
{
    if (m_gridRows <= 0)
        return;
    // The area fitToSize() found, which follows every layout before this does.
    if (m_tilesArea.width() > 0 && m_tilesArea.height() > 0)
        document()->setPixels(views::grid, pixelsToRequest(m_tilesArea));
}

std::optional<std::pair<int, int>> GridView::patchAt(const QPointF& pixel, std::pair<int, int>* key) const
{
    QCPAxisRect* rect = axisRectAt(plot(), pixel);
    if (m_gridRows <= 0 || !rect)
        return std::nullopt;
    const double x = rect->axis(QCPAxis::atBottom)->pixelToCoord(pixel.x());
    const double y = rect->axis(QCPAxis::atLeft)->pixelToCoord(pixel.y());
    const int col = static_cast<int>(std::lround(x)), row = static_cast<int>(std::lround(y));
    if (col < 0 || row < 0 || col >= m_gridCols || row >= m_gridRows)
        return std::nullopt;
    if (rect == m_tilesRect) {
        if (key) // inside tile (row, col): its own H × W cells
            *key = {std::clamp(static_cast<int>(std::floor((y + 0.5 - row) * m_gridRows)), 0, m_gridRows - 1),
                    std::clamp(static_cast<int>(std::floor((x + 0.5 - col) * m_gridCols)), 0, m_gridCols - 1)};
        return std::pair{row, col};
    }
    if (rect == m_patchRect || rect == m_dimensionRect) {
        if (key)
            *key = {row, col};
        return std::pair{row, col};
    }
    return std::nullopt;
}

QString GridView::pairDescription(int row, int col, int keyRow, int keyCol) const
{
    const FramePtr& f = document()->frame();
    const GridPart* part = f ? gridPart(*f) : nullptr;
    if (!part || !part->data || !part->problem().isEmpty())
        return {};
    const GridData& g = *part->data;
    if (row < 0 || col < 0 || keyRow < 0 || keyCol < 0 || row >= g.shape.rows || keyRow >= g.shape.rows
        || col >= g.shape.cols || keyCol >= g.shape.cols)
        return {};
    const double value = g.similarity(std::int64_t{row} * g.shape.cols + col, std::int64_t{keyRow} * g.shape.cols + keyCol);
    if (g.rotary())
        return tr("query at patch (%1, %2) · key at (%3, %4), offset (%5, %6): q·k / |q||k| = %7")
            .arg(row).arg(col).arg(keyRow).arg(keyCol).arg(row - keyRow).arg(col - keyCol).arg(shortNumber(value, 4));
    return tr("patch (%1, %2) · patch (%3, %4): cosine similarity %5")
        .arg(row).arg(col).arg(keyRow).arg(keyCol).arg(shortNumber(value, 4));
}

void GridView::onMouseMove(QMouseEvent* event)
{
    std::pair<int, int> key;
    const auto patch = patchAt(event->position(), &key);
    if (!patch) {
        setReadout(QString());
        return;
    }
    QCPAxisRect* rect = axisRectAt(plot(), event->position());
    const FramePtr& f = document()->frame();
    const GridPart* part = f ? gridPart(*f) : nullptr;
    const GridData* g = part ? part->data.get() : nullptr;
    if (rect == m_tilesRect) {
        setReadout(pairDescription(patch->first, patch->second, key.first, key.second));
    } else if (rect == m_patchRect && g) {
        const auto [row, col] = chosenPatch(*g, part->options);
        if (row < 0) {
            const double v = g->classSimilarity[std::int64_t{key.first} * g->shape.cols + key.second];
            setReadout(tr("class token · patch (%1, %2): cosine similarity %3").arg(key.first).arg(key.second).arg(shortNumber(v, 4)));
        } else {
            setReadout(pairDescription(row, col, key.first, key.second));
        }
    } else if (rect == m_dimensionRect && g) {
        const int dim = chosenDimension(*g, part->options);
        const double v = gridDimensionMap(*g, part->options)(key.first, key.second);
        setReadout(tr("patch (%1, %2) · dim %3 = %4").arg(key.first).arg(key.second).arg(dim).arg(shortNumber(v, 4)));
    }
}

void GridView::onMouseRelease(QMouseEvent* event)
{
    if (!m_click.isClick(event))
        return;
    if (const auto patch = patchAt(event->position()))
        choosePatch(patch->first, patch->second);
}

/// The grid view's own part of its catalogue entry (cmake/views.cmake).
void gridViewEntry(ViewDescription& entry)
{
    drawnBy<GridView>(entry, buildGridPart, gridPartData,
                      PartInput::Spec | PartInput::Options | PartInput::Pixels | PartInput::Table);
}

} // namespace pe::ui
