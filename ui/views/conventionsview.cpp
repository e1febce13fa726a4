// SPDX-License-Identifier: MIT
#include "ui/views/conventionsview.h"
#include "ui/views/viewfactory.h"

#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/colormaps.h"
#include "ui/plotting/plotcolors.h"
#include "ui/document/conventionspart.h"
#include "ui/document/document.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"

#include <QComboBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

namespace {

const QColor mistakeColour(190, 0, 0);

QString variantText(core::FrequencyVariant variant)
{
    switch (variant) {
    case core::FrequencyVariant::Paper: return ConventionsView::tr("paper ω");
    case core::FrequencyVariant::Tensor2Tensor: return ConventionsView::tr("tensor2tensor ω");
    case core::FrequencyVariant::DoubledExponent: return ConventionsView::tr("MISTAKE: doubled exponent");
    case core::FrequencyVariant::ShiftedCosine: return ConventionsView::tr("MISTAKE: shifted cosine");
    }
    return {};
}

/// @p text broken at its spaces so that no line is wider than @p width (a note of sentences,
/// where wrappedText() breaks only between " · " parts).
QString wrappedWords(const QString& text, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '))) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (line.isEmpty() || metrics.horizontalAdvance(longer) <= width) {
            line = longer;
        } else {
            lines << line;
            line = word;
        }
    }
    lines << line;
    return lines.join(QLatin1Char('\n'));
}

/// What a map's cell stands for: `rowsText` (the rows' part, or "exact cells" when every cell
/// is one), and how many columns a cell averages when the maps have fewer pixels than columns.
QString binsText(const ConventionsPart& c, const QString& rowsText)
{
    if (c.columnsExact())
        return rowsText;
    const QString columnsText = ConventionsView::tr("columns average %1 columns").arg(shortNumber(c.columnsPerBin(), 3));
    return c.rowsExact() ? columnsText : rowsText + QStringLiteral(" · ") + columnsText;
}

} // namespace

ConventionsView::ConventionsView(Document* document, QWidget* parent)
    : PlotView(document, views::conventions, parent)
    , m_box(new QComboBox(this))
{
    setExplanation(sinusoidExplanation());
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("Compare with"), bar);
    label->setBuddy(m_box);
    row->addWidget(label);
    row->addWidget(m_box, 1);
    m_box->addItem(tr("the other layout (interleaved ↔ split)"), int(core::Comparison::Layout));
    m_box->addItem(tr("the other frequencies (paper ↔ tensor2tensor)"), int(core::Comparison::Frequencies));
    m_box->addItem(tr("the other first position (0 ↔ 2, fairseq)"), int(core::Comparison::FirstPosition));
    m_box->addItem(tr("mistake: doubled exponent base^(−4k/d)"), int(core::Comparison::DoubledExponent));
    m_box->addItem(tr("mistake: shifted cosine base^(−(4k+2)/d)"), int(core::Comparison::ShiftedCosine));
    m_box->setToolTip(tr("What B changes against the settings of A"));
    if (auto* box = qobject_cast<QBoxLayout*>(layout()))
        box->insertWidget(1, bar);
    connect(m_box, &QComboBox::activated, this, [this](int index) {
        this->document()->setComparison(static_cast<core::Comparison>(m_box->itemData(index).toInt()));
    });

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    p->plotLayout()->insertRow(1);
    m_note = new QCPTextElement(p, QString(), QFont(font().family(), 9));
    p->plotLayout()->addElement(1, 0, m_note);
    p->plotLayout()->setRowStretchFactor(1, 0.001);

    m_rects[0] = p->axisRect();
    p->plotLayout()->take(m_rects[0]);
    p->plotLayout()->simplify();
    auto* grid = new QCPLayoutGrid;
    p->plotLayout()->addElement(2, 0, grid);
    auto* pair = new QCPLayoutGrid;
    grid->addElement(0, 0, pair);
    pair->addElement(0, 0, m_rects[0]);
    m_rects[1] = new QCPAxisRect(p);
    pair->addElement(0, 1, m_rects[1]);
    m_rects[2] = new QCPAxisRect(p);
    grid->addElement(0, 1, m_rects[2]);
    m_valueScale = new QCPColorScale(p);
    m_differenceScale = new QCPColorScale(p);
    grid->addElement(1, 0, m_valueScale);
    grid->addElement(1, 1, m_differenceScale);
    grid->setColumnStretchFactors({2.0, 1.0});
    grid->setRowStretchFactors({1.0, 0.001});
    auto* heights = new QCPMarginGroup(p);
    auto* lefts = new QCPMarginGroup(p);
    auto* rights = new QCPMarginGroup(p);
    auto* diffSides = new QCPMarginGroup(p);
    for (QCPAxisRect* rect : m_rects)
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
    m_rects[0]->setMarginGroup(QCP::msLeft, lefts);
    m_rects[1]->setMarginGroup(QCP::msRight, rights);
    m_rects[2]->setMarginGroup(QCP::msLeft | QCP::msRight, diffSides);
    m_valueScale->setMarginGroup(QCP::msLeft, lefts);
    m_valueScale->setMarginGroup(QCP::msRight, rights);
    m_differenceScale->setMarginGroup(QCP::msLeft | QCP::msRight, diffSides);
    for (QCPColorScale* scale : {m_valueScale, m_differenceScale}) {
        scale->setType(QCPAxis::atBottom);
        scale->setRangeDrag(false);
        scale->setRangeZoom(false);
    }
    m_valueScale->axis()->setLabel(tr("PE value (A and B)"));
    m_differenceScale->axis()->setLabel(tr("A − B"));

    for (int i = 0; i < 3; ++i) {
        QCPAxisRect* rect = m_rects[i];
        m_maps[i] = new CellColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        m_maps[i]->setInterpolate(false);
        m_maps[i]->setTightBoundary(false);
        m_maps[i]->setColorScale(i < 2 ? m_valueScale : m_differenceScale);
        rect->axis(QCPAxis::atLeft)->setRangeReversed(true);
        rect->axis(QCPAxis::atBottom)->setLabel(tr("Dimension"));
        rect->axis(QCPAxis::atBottom)->setTicker(integerTicker());
        rect->axis(QCPAxis::atLeft)->setTicker(integerTicker());
        rect->axis(QCPAxis::atLeft)->setTickLabels(i == 0);
        useTopAxisAsCaption(rect);
        m_crosshair[2 * i] = addStraightLine(p, rect);
        m_crosshair[2 * i + 1] = addStraightLine(p, rect);
        rect->setRangeDrag(Qt::Vertical | Qt::Horizontal);
        rect->setRangeZoom(Qt::Vertical | Qt::Horizontal);
    }
    m_rects[0]->axis(QCPAxis::atLeft)->setLabel(tr("Row"));
    // The three maps show the same rows and columns: zoom and pan them together.
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            if (i != j)
                for (auto type : {QCPAxis::atBottom, QCPAxis::atLeft})
                    connect(m_rects[i]->axis(type), qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
                            m_rects[j]->axis(type), qOverload<const QCPRange&>(&QCPAxis::setRange));
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    // After the fit, at the maps' final size: at most one bin per device pixel, each the exact
    // mean of the cells under it.
    connect(p, &QCustomPlot::afterLayout, this, [this] {
        this->document()->setPixels(views::conventions, pixelsToRequest(m_rects[0]->rect()));
    });
    connect(p, &QCustomPlot::mouseMove, this, &ConventionsView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &ConventionsView::onMouseRelease);
    applyScale();
}

void ConventionsView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    QFont noteFont = m_note->font();
    noteFont.setPointSizeF(9.0 * scale());
    m_note->setFont(noteFont);
    for (QCPColorScale* s : {m_valueScale, m_differenceScale}) {
        s->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
        s->axis()->setLabelFont(plot()->xAxis->labelFont());
        s->setBarWidth(static_cast<int>(10 * scale()));
    }
}

QString ConventionsView::sinusoidExplanation()
{
    return tr("<b>Conventions side by side.</b> The same d_model and base under the "
              "settings on the left (A) and under one other convention (B), with their "
              "difference A − B. Libraries disagree on where the sines go (interleaved or "
              "split), on the frequencies (the paper or tensor2tensor/fairseq) and on the "
              "first position (fairseq starts at 2). Two variants copied from textbooks and "
              "blogs are shown too, marked in red as the mistakes they are.");
}

QString ConventionsView::tableExplanation()
{
    return tr("<b>A loaded table beside the sinusoid.</b> A is the table you opened, B the sinusoid of the "
              "settings on the left (layout, frequencies, base, first position: change them to find the one "
              "closest to the table), and A − B their difference, over the rows and columns both have. A "
              "learned table need not follow any sinusoid: the difference shows where it does and where not.");
}

void ConventionsView::describeTable(const Frame& f, const ConventionsPart& c)
{
    const QString name = f.table->table->displayName();
    m_captions[0] = {tr("A: %1").arg(name), QStringLiteral("A")};
    m_captions[1] = {tr("B: sinusoid · %1").arg(captionOf(c.b)), tr("B: sinusoid"), QStringLiteral("B")};
    m_captions[2] = {tr("A − B (difference)"), tr("A − B")};
    if (const QString problem = f.tableValuesProblem(); !problem.isEmpty()) {
        m_titleText = tr("%1 beside the sinusoid").arg(name) + QLatin1Char('\n') + problem;
        m_noteText.clear();
        return;
    }
    const std::int64_t rows = c.rows, columns = c.columns;
    const double rowsPerCell = static_cast<double>(rows) / std::max<double>(1, c.heatA.rows());
    m_titleText = tr("%1 beside the sinusoid\nrows 0–%2 · columns 0–%3 · base %4 · %5")
                      .arg(name).arg(rows - 1).arg(columns - 1).arg(shortNumber(f.spec.base, 6))
                      .arg(binsText(c, c.exact() ? tr("exact cells") : tr("rows average %1 rows").arg(shortNumber(rowsPerCell, 3))));
    m_noteText = rows < f.table->table->rows() || columns < f.table->table->columns()
        ? tr("The table has %1; the sinusoid max_len %2 and d_model %3: only what both have is compared "
             "(File ▸ Open encoding sizes the sinusoid like the table)")
              .arg(f.table->table->shapeText()).arg(f.spec.maxLen).arg(f.spec.dModel)
        : tr("B follows the settings on the left: try the other layout, the other frequencies or another base");
}

QString ConventionsView::captionOf(const core::Convention& c) const
{
    return tr("%1 · %2 · from %3").arg(layoutText(c.layout), variantText(c.frequencies)).arg(c.firstPosition);
}

void ConventionsView::redraw(const Frame& f)
{
    const ConventionsPart* part = conventionsPart(f);
    if (!part)
        return;
    const ConventionsPart& c = *part;
    if (!m_drawn || f.table != m_drawnTable) { // text only when it changes
        setExplanation(f.table ? tableExplanation() : sinusoidExplanation());
        m_valueScale->axis()->setLabel(f.table ? tr("value (A and B)") : tr("PE value (A and B)"));
        m_box->setEnabled(!f.table);
        m_box->setToolTip(f.table ? tr("With a table, B is the sinusoid of the settings on the left") : tr("What B changes against the settings of A"));
    }
    if (!m_drawn || !(f.spec == m_drawnSpec) || f.table != m_drawnTable) {
        m_drawn = true;
        m_drawnSpec = f.spec;
        m_drawnTable = f.table;
        m_rects[0]->axis(QCPAxis::atBottom)->setRange(-0.5, static_cast<double>(c.columns) - 0.5);
        m_rects[0]->axis(QCPAxis::atLeft)->setRange(-0.5, static_cast<double>(c.rows) - 0.5);
    }
    m_box->setCurrentIndex(m_box->findData(int(f.state.comparison)));
    fillMaps(f, c);
    if (f.table) {
        describeTable(f, c);
        for (int i = 0; i < 3; ++i) {
            QCPAxis* caption = m_rects[i]->axis(QCPAxis::atTop);
            caption->setLabel(m_captions[i].front());
            caption->setLabelColor(m_rects[i]->axis(QCPAxis::atBottom)->labelColor());
        }
        placeCrosshairs(f);
        m_title->setText(m_titleText);
        m_note->setText(m_noteText);
        m_note->setTextColor(QColor(60, 60, 60));
        plot()->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const bool mistake = core::isMistake(c.b.frequencies);
    m_captions[0] = {tr("A: %1").arg(captionOf(c.a)), tr("A (settings)"), QStringLiteral("A")};
    m_captions[1] = {tr("B: %1").arg(captionOf(c.b)), mistake ? tr("B: MISTAKE") : QStringLiteral("B"),
                     QStringLiteral("B")};
    m_captions[2] = {tr("A − B (difference)"), tr("A − B")};
    for (int i = 0; i < 3; ++i) {
        QCPAxis* caption = m_rects[i]->axis(QCPAxis::atTop);
        caption->setLabel(m_captions[i].front());
        // The bottom axis carries the theme's text colour (applyPlotColors), dark or light.
        caption->setLabelColor(i == 1 && mistake ? mistakeColour : m_rects[i]->axis(QCPAxis::atBottom)->labelColor());
    }
    placeCrosshairs(f);
    const double rowsPerCell = static_cast<double>(f.spec.maxLen) / std::max<double>(1, c.heatA.rows());
    m_titleText = tr("Conventions side by side\nd_model %1 · max_len %2 · base %3 · %4")
                      .arg(f.spec.dModel).arg(f.spec.maxLen).arg(shortNumber(f.spec.base, 6))
                      .arg(binsText(c, c.exact() ? tr("exact cells") : tr("rows average %1 positions").arg(shortNumber(rowsPerCell, 3))));
    m_title->setText(m_titleText);
    m_noteText = noteFor(f, c);
    m_note->setText(m_noteText);
    m_note->setTextColor(mistake ? mistakeColour : QColor(60, 60, 60));
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void ConventionsView::placeCrosshairs(const Frame& f)
{
    const double row = static_cast<double>(f.state.position), column = f.state.dimension;
    for (int i = 0; i < 3; ++i) {
        placeHorizontal(m_crosshair[2 * i], row);
        placeVertical(m_crosshair[2 * i + 1], column);
        for (int j : {2 * i, 2 * i + 1}) {
            m_crosshair[j]->setPen(QPen(QColor(255, 255, 255, 220), penWidth(1.0), Qt::DashLine));
            m_crosshair[j]->setVisible(!m_forExport);
        }
    }
}

QString ConventionsView::noteFor(const Frame& f, const ConventionsPart& c) const
{
    const QString residuals = tr("‖M_k·PE(p) − PE(p+k)‖ at row %1, k = %2: A %3, B %4")
                                  .arg(f.state.position).arg(f.state.offset)
                                  .arg(shortNumber(c.residualA, 2), shortNumber(c.residualB, 2));
    switch (f.state.comparison) {
    case core::Comparison::Layout:
        return tr("Same numbers in another column order: split is a permutation of interleaved · "
                  "a linear layer after it does not care, a trained checkpoint does");
    case core::Comparison::Frequencies:
        return tr("tensor2tensor/fairseq: ω_k = base^(−k/(d/2−1)), slowest wavelength exactly 2π·base · "
                  "the pairs turn a little faster, so A and B drift apart along the rows");
    case core::Comparison::FirstPosition:
        return tr("fairseq starts at padding_idx + 1 = 2: row r holds position r + 2 · "
                  "every row moves by two positions; a model trained on one start misreads the other");
    case core::Comparison::DoubledExponent:
        return tr("Mistake copied from the \"Transformers for NLP\" notebook (2·i in the exponent of a loop over even i) · "
                  "ω_k = base^(−4k/d): %1 of %2 pairs turn slower than 2π·base and are nearly constant · "
                  "half the code is wasted")
            .arg(c.slowPairsB).arg(core::pairCount(f.spec));
    case core::Comparison::ShiftedCosine:
        return tr("Mistake copied from a widely shared blog Embed.py (cos uses base^(−(4k+2)/d)) · "
                  "sin and cos of a pair turn at different speeds: PE(p+k) is no longer a rotation of PE(p) · %1")
            .arg(residuals);
    }
    return residuals;
}

void ConventionsView::fillMaps(const Frame& f, const ConventionsPart& c)
{
    const auto bins = static_cast<int>(c.heatA.rows());
    const auto columns = static_cast<int>(c.heatA.cols());
    for (QCPColorMap* map : m_maps)
        map->setVisible(bins > 0);
    if (bins == 0)
        return;
    const core::RowMatrix difference = c.heatA.matrix() - c.heatB.matrix();
    const std::array<const core::RowMatrix*, 3> sources{&c.heatA.matrix(), &c.heatB.matrix(), &difference};
    const double rowsPerBin = static_cast<double>(c.rows) / bins;
    const double firstCentre = (rowsPerBin - 1) / 2;
    const double columnsPerBin = c.columnsPerBin(); // column j covers j − 0.5 … j + 0.5
    const double firstKey = (columnsPerBin - 1) / 2;
    const int keyCells = std::max(columns, 2), valueCells = std::max(bins, 2);
    for (int i = 0; i < 3; ++i) {
        QCPColorMapData* data = m_maps[i]->data();
        data->setSize(keyCells, valueCells);
        data->setRange(QCPRange(firstKey, firstKey + columnsPerBin * (keyCells == columns ? columns - 1 : 1)),
                       QCPRange(firstCentre, firstCentre + rowsPerBin * (valueCells == bins ? bins - 1 : 1)));
        const core::RowMatrix& m = *sources[i];
        for (int r = 0; r < valueCells; ++r)
            for (int c = 0; c < keyCells; ++c)
                data->setCell(c, r, m(std::min(r, bins - 1), std::min(c, columns - 1)));
        m_maps[i]->setGradient(colormapGradient(i < 2 ? f.state.colormap : divergingColormap()));
    }
    // One range for A and B (they share a colour scale): −1…1, wider when a table's values are.
    const double values = std::max(1.0, f.table ? c.heatA.matrix().cwiseAbs().maxCoeff() : 1.0);
    m_maps[0]->setDataRange(QCPRange(-values, values));
    m_maps[1]->setDataRange(QCPRange(-values, values));
    // The difference in its own range, symmetric so that white means "no difference".
    const double largest = std::max(difference.cwiseAbs().maxCoeff(), 1e-12);
    m_maps[2]->setDataRange(QCPRange(-largest, largest));
}

void ConventionsView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    PlotView::prepareForExport(fontPixels);
    QFont noteFont = m_note->font();
    noteFont.setPixelSize(std::max(1, static_cast<int>(std::ceil(fontPixels * 0.875 - 0.01)))); // ≥ 7 pt
    m_note->setFont(noteFont);
    for (QCPColorScale* s : {m_valueScale, m_differenceScale})
        s->setBarWidth(std::max(4, static_cast<int>(fontPixels * 0.7)));
}

bool ConventionsView::fitToSize()
{
    bool changed = fitViewTitle(m_title, m_titleText);
    const QString note = wrappedWords(m_noteText, m_note->font(), plot()->viewport().width() - 12);
    if (note != m_note->text()) {
        m_note->setText(note);
        changed = true;
    }
    for (int i = 0; i < 3; ++i) {
        changed = fitAxisLabel(m_rects[i]->axis(QCPAxis::atTop), m_captions[i]) || changed;
        changed = fitTickCount(m_rects[i]->axis(QCPAxis::atBottom), i == 2 ? 3 : 4) || changed;
    }
    changed = fitTickCount(m_rects[0]->axis(QCPAxis::atLeft)) || changed;
    changed = fitTickCount(m_valueScale->axis(), 5) || changed;
    changed = fitTickCount(m_differenceScale->axis(), 3) || changed;
    return equalizeMapWidths() || changed;
}

std::array<int, 3> ConventionsView::mapWidths() const
{
    return {m_rects[0]->rect().width(), m_rects[1]->rect().width(), m_rects[2]->rect().width()};
}

bool ConventionsView::equalizeMapWidths()
{
    // Stretch factors share out outer widths, and A's also holds the row labels: A came out the
    // narrowest. Each column gets its own margins on top of an equal share for its map.
    auto* pair = qobject_cast<QCPLayoutGrid*>(m_rects[0]->layout());
    auto* grid = pair ? qobject_cast<QCPLayoutGrid*>(pair->layout()) : nullptr;
    if (!grid)
        return false;
    const auto margins = [](QCPAxisRect* r) { return double(r->outerRect().width() - r->rect().width()); };
    const double a = margins(m_rects[0]), b = margins(m_rects[1]), d = margins(m_rects[2]);
    const double total = m_rects[0]->outerRect().width() + m_rects[1]->outerRect().width() + m_rects[2]->outerRect().width();
    const double share = std::max(1.0, (total - a - b - d) / 3);
    const QList<double> pairFactors{share + a, share + b}, gridFactors{2 * share + a + b, share + d};
    const auto near = [](const QList<double>& x, const QList<double>& y) {
        return x.size() == y.size() && std::abs(x[0] / x[1] - y[0] / y[1]) < 0.01 * (y[0] / y[1]);
    };
    if (near(pair->columnStretchFactors(), pairFactors) && near(grid->columnStretchFactors(), gridFactors))
        return false;
    pair->setColumnStretchFactors(pairFactors);
    grid->setColumnStretchFactors(gridFactors);
    return true;
}

QString ConventionsView::cellDescription(std::int64_t row, int column) const
{
    const FramePtr& f = document()->frame();
    const ConventionsPart* c = f ? conventionsPart(*f) : nullptr;
    if (!c || c->heatA.rows() == 0 || row < 0 || row >= c->rows || column < 0 || column >= c->columns)
        return {};
    const std::int64_t bin = core::binOfRow(row, c->rows, c->heatA.rows());
    const Eigen::Index columnBin = c->columnBinOf(column);
    const double a = c->heatA(bin, columnBin), b = c->heatB(bin, columnBin);
    if (!c->columnsExact()) { // a pixel's mean over several columns, which have no one role
        const auto [first, last] = c->columnsOfBin(columnBin);
        const QString rowsText = c->rowsExact() ? tr("row %1").arg(row)
                                                : tr("rows %1–%2 (averaged)")
                                                      .arg(core::binStart(c->rows, c->heatA.rows(), bin))
                                                      .arg(core::binStart(c->rows, c->heatA.rows(), bin + 1) - 1);
        return tr("%1, columns %2–%3 (averaged) · A = %4, B = %5, A − B = %6")
            .arg(rowsText).arg(first).arg(last)
            .arg(QString::number(a, 'f', 4), QString::number(b, 'f', 4), QString::number(a - b, 'g', 3));
    }
    if (f->table) {
        const QString values = tr("table A = %1, sinusoid B = %2, A − B = %3")
                                   .arg(QString::number(a, 'f', 4), QString::number(b, 'f', 4), QString::number(a - b, 'g', 3));
        if (c->exact())
            return tr("row %1, column %2 · %3").arg(row).arg(column).arg(values);
        return tr("rows %1–%2 (averaged), column %3 · %4")
            .arg(core::binStart(c->rows, c->heatA.rows(), bin))
            .arg(core::binStart(c->rows, c->heatA.rows(), bin + 1) - 1).arg(column).arg(values);
    }
    const auto role = [&](const core::Convention& convention) {
        core::EncodingSpec s = f->spec;
        s.layout = convention.layout;
        s.frequencies = convention.frequencies == core::FrequencyVariant::Tensor2Tensor ? core::FrequencyRule::Tensor2Tensor
                                                                               : core::FrequencyRule::Paper;
        const core::ColumnRole r = core::columnRole(s, column);
        if (r.isZero)
            return tr("the zero column");
        return r.isSin ? tr("sin of pair %1").arg(r.pair) : tr("cos of pair %1").arg(r.pair);
    };
    const QString values = tr("A = %1, B = %2, A − B = %3")
                               .arg(QString::number(a, 'f', 4), QString::number(b, 'f', 4), QString::number(a - b, 'g', 3));
    if (c->exact())
        return tr("row %1, column %2 · A: position %3, %4 · B: position %5, %6 · %7")
            .arg(row).arg(column).arg(c->a.firstPosition + row).arg(role(c->a))
            .arg(c->b.firstPosition + row).arg(role(c->b), values);
    return tr("rows %1–%2 (averaged), column %3 · A: %4 · B: %5 · %6")
        .arg(core::binStart(f->spec.maxLen, c->heatA.rows(), bin))
        .arg(core::binStart(f->spec.maxLen, c->heatA.rows(), bin + 1) - 1)
        .arg(column).arg(role(c->a), role(c->b), values);
}

void ConventionsView::onMouseMove(QMouseEvent* event)
{
    QCPAxisRect* rect = axisRectAt(plot(), event->position());
    if (!rect || std::find(m_rects.begin(), m_rects.end(), rect) == m_rects.end()) {
        setReadout(QString());
        return;
    }
    const double x = rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x());
    const double y = rect->axis(QCPAxis::atLeft)->pixelToCoord(event->position().y());
    setReadout(cellDescription(std::llround(y), static_cast<int>(std::lround(x))));
}

void ConventionsView::onMouseRelease(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    const ConventionsPart* c = f ? conventionsPart(*f) : nullptr;
    QCPAxisRect* rect = axisRectAt(plot(), event->position());
    if (!c || !m_click.isClick(event) || !rect || std::find(m_rects.begin(), m_rects.end(), rect) == m_rects.end())
        return;
    const auto column = static_cast<int>(std::lround(rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x())));
    const std::int64_t row = std::llround(rect->axis(QCPAxis::atLeft)->pixelToCoord(event->position().y()));
    if (row >= 0 && row < c->rows && column >= 0 && column < c->columns)
        document()->selectCell(row, column);
}

/// The conventions view's own part of its catalogue entry (cmake/views.cmake).
void conventionsViewEntry(ViewDescription& entry)
{
    drawnBy<ConventionsView>(entry, buildConventionsPart, conventionsPartData,
                             PartInput::Spec | PartInput::Pixels | PartInput::Table | PartInput::Comparison |
                             PartInput::Position | PartInput::Offset);
}

} // namespace pe::ui
