// SPDX-License-Identifier: MIT
#include "ui/views/wavesview.h"
#include "ui/views/viewfactory.h"

#include "ui/document/document.h"
#include "ui/document/wavespart.h"
#include "ui/views/toneplayer.h"
#include "ui/views/zoomsettle.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"

#include "core/tones.h"

#include <QBoxLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

const WavesPart& wavesOf(const Frame& frame) { return frame.partOrEmpty<WavesPart>(views::waves); }

QString functionName(const WaveData& wave)
{
    if (wave.pair < 0)
        return WavesView::tr("zero column"); // tensor2tensor's odd d_model
    return wave.isSin ? QStringLiteral("sin") : QStringLiteral("cos");
}

} // namespace

WavesView::WavesView(Document* document, QWidget* parent)
    : PlotView(document, views::waves, parent)
{
    setExplanation(sinusoidExplanation());
    QCustomPlot* p = plot();
    m_title = addTitle(p);
    placeLegendUnderTitle(p, 4);
    p->axisRect()->setMinimumMargins(QMargins(15, 5, 15, 15)); // the legend row above is gap enough

    p->xAxis->setLabel(tr("Position"));
    p->xAxis->setTicker(integerTicker());
    p->yAxis->setLabel(tr("PE(position, dimension)"));
    p->yAxis->setRange(-1.1, 1.1);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    p->axisRect()->setRangeDrag(Qt::Horizontal);
    p->axisRect()->setRangeZoom(Qt::Horizontal);

    m_positionLine = addStraightLine(p, p->axisRect());
    m_emptyNote = addText(p, p->axisRect());
    m_emptyNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyNote->position->setCoords(0.5, 0.5);
    m_emptyNote->setText(tr("No dimension to draw: choose dimensions below d_model."));

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    // Zooming asks the document for the rows in view, so the curves stay smooth at any zoom.
    m_rangeSettle = new ZoomSettle(document, [this] { return axesShowDocument(); }, [this] { onRangeSettled(); }, this);
    connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        if (!m_settingRange)
            m_rangeSettle->restart();
    });
    connect(p, &QCustomPlot::mouseMove, this, &WavesView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &WavesView::onMouseRelease);

    // Listen: a bar of its own above the plot, with what it plays.
    auto* listenBar = new QWidget(this);
    auto* listenRow = new QHBoxLayout(listenBar);
    listenRow->setContentsMargins(0, 0, 0, 0);
    m_listen = new QToolButton(listenBar);
    m_listen->setObjectName(QStringLiteral("listenButton"));
    m_listen->setText(tr("Listen"));
    m_listen->setIcon(style()->standardIcon(QStyle::SP_MediaPlay)); // as Play's, in every theme
    m_listen->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_listen->setCheckable(true);
    const core::ToneSettings tones;
    m_listen->setToolTip(tr("Play each drawn dimension as a tone, one after another (%1 s each): the positions advance "
                            "at R = %2 per second, so dimension i sounds at ω_i·R/2π Hz, dimension 0 at 880 Hz. "
                            "Faster pairs sound higher; each pair is lower than the one before by the same step. "
                            "The command line writes the same sound: --view waves --export F.wav")
                             .arg(tones.secondsPerDimension).arg(tones.positionsPerSecond, 0, 'f', 1));
    listenRow->addWidget(m_listen);
    auto* listenHint = new QLabel(tr("the drawn dimensions as tones"), listenBar);
    listenRow->addWidget(listenHint, 1);
    if (auto* box = qobject_cast<QBoxLayout*>(layout()))
        box->insertWidget(1, listenBar);
    connect(m_listen, &QToolButton::clicked, this, &WavesView::listen);
    applyScale();
}

void WavesView::listen()
{
    if (m_player && m_player->isPlaying()) {
        m_player->stop();
        showStopped();
        return;
    }
    const Settings& settings = document()->settings();
    m_playedColumns.clear();
    for (int dim : settings.state.dims)
        if (dim < settings.spec.dModel)
            m_playedColumns.push_back(dim);
    const core::ToneSettings tones;
    QString problem = QString::fromStdString(core::toneProblem(settings.spec, m_playedColumns, tones));
    if (problem.isEmpty()) {
        if (!m_player) {
            m_player = new TonePlayer(this);
            m_playing = new QTimer(this);
            m_playing->setInterval(100);
            connect(m_playing, &QTimer::timeout, this, &WavesView::showPlaying);
            connect(m_player, &TonePlayer::finished, this, &WavesView::showStopped);
        }
        m_playedHertz.clear();
        for (int column : m_playedColumns)
            m_playedHertz.push_back(core::toneFrequency(settings.spec, column, tones.positionsPerSecond));
        problem = m_player->play(core::dimensionTones(settings.spec, m_playedColumns, tones), tones.sampleRate);
    }
    if (!problem.isEmpty()) {
        m_listen->setChecked(false);
        setReadout(problem);
        return;
    }
    m_listen->setChecked(true);
    m_listen->setText(tr("Stop"));
    m_playing->start();
    showPlaying();
}

void WavesView::showPlaying()
{
    const core::ToneSettings tones;
    const auto index = std::size_t(m_player->elapsedSeconds() / tones.secondsPerDimension);
    if (index >= m_playedColumns.size())
        return;
    setReadout(tr("Playing dimension %1 (%2 of %3): %4 Hz")
                   .arg(m_playedColumns[index]).arg(index + 1).arg(m_playedColumns.size())
                   .arg(m_playedHertz[index], 0, 'f', 1));
}

void WavesView::showStopped()
{
    if (m_playing)
        m_playing->stop();
    m_listen->setChecked(false);
    m_listen->setText(tr("Listen"));
    setReadout(QString());
}

void WavesView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_emptyNote->setFont(plot()->xAxis->labelFont());
}

QCPGraph* WavesView::curveGraph(int index) const
{
    return index >= 0 && index < m_shown ? m_waves[index].curve : nullptr;
}

QCPGraph* WavesView::sampleGraph(int index) const
{
    return index >= 0 && index < m_shown ? m_waves[index].samples : nullptr;
}

void WavesView::redraw(const Frame& f)
{
    // A loaded table's columns stay what they are whatever the spec does.
    const bool newSpec = !m_drawn || f.table != m_drawnTable || (!f.table && !(f.spec == m_drawnSpec));
    if (!m_drawn || f.table != m_drawnTable) { // text only when it changes
        setExplanation(f.table ? tableExplanation() : sinusoidExplanation());
        plot()->xAxis->setLabel(f.table ? tr("Row") : tr("Position"));
        plot()->yAxis->setLabel(f.table ? tr("Value") : tr("PE(position, dimension)"));
    }
    m_drawnTable = f.table;
    m_listen->setEnabled(!f.table); // a table's columns have no frequency to play
    // The curves only change with the spec and the chosen dimensions; a new position only
    // moves the marker line, so a position drag does not copy thousands of points per frame.
    const bool newRows = wavesOf(f).firstRow != m_drawnFirstRow || wavesOf(f).rowCount != m_drawnRowCount;
    const bool newDims = !std::ranges::equal(f.state.dims, m_drawnDims); // not QList== (see framebuilder)
    showWaves(f, newSpec || newDims || newRows);
    if (newSpec || newDims || newRows) // a table's values need not lie in −1…1: the range fits them
        plot()->yAxis->setRange(valueRange(f));
    m_drawnDims = f.state.dims;
    m_drawnFirstRow = wavesOf(f).firstRow;
    m_drawnRowCount = wavesOf(f).rowCount;
    m_drawn = true;
    m_drawnSpec = f.spec;
    // The automatic window (a dozen periods of the fastest wave) sets the axis; a user's zoom
    // keeps it.
    if (wavesOf(f).automatic && (newSpec || newDims || newRows)) {
        const double first = static_cast<double>(f.firstPosition() + wavesOf(f).firstRow);
        const double last = first + static_cast<double>(wavesOf(f).rowCount - 1);
        const double margin = std::max(0.5, 0.01 * (last - first));
        m_settingRange = true;
        plot()->xAxis->setRange(first - margin, last + margin);
        m_settingRange = false;
    }
    placeVertical(m_positionLine, static_cast<double>(f.firstPosition() + f.selectedRow()));
    m_positionLine->setPen(QPen(QColor(60, 60, 60), penWidth(1.2), Qt::DashLine));
    // A table whose values are not in memory draws nothing, and its title says why.
    m_emptyNote->setVisible(m_shown == 0 && !(f.table && !f.table->values));
    // An empty legend would cap the width of its layout column (its largest size is its
    // margins), squeezing the plot: it leaves the layout while there is nothing to name.
    // Back into the row it left (found, not assumed: the title's subtitle sits above it).
    QCPLegend* legend = plot()->legend;
    QCPLayoutGrid* layout = plot()->plotLayout();
    if (m_shown > 0 && !legend->layout()) {
        const int row = std::clamp(m_legendRow, 0, layout->rowCount());
        if (row == layout->rowCount() || layout->hasElement(row, 0)) { // its row is gone (simplified away)
            layout->insertRow(row);
            layout->setRowStretchFactor(row, 0.001);
        }
        layout->addElement(row, 0, legend);
    } else if (m_shown == 0 && legend->layout()) {
        for (int row = 0; row < layout->rowCount(); ++row)
            if (layout->element(row, 0) == legend)
                m_legendRow = row;
        layout->take(legend);
    }
    legend->setVisible(m_shown > 0);
    m_titleText = titleText(f);
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

QCPRange WavesView::valueRange(const Frame& f)
{
    if (!f.table)
        return {-1.1, 1.1};
    double largest = 0;
    for (const WaveData& wave : wavesOf(f).waves)
        for (double y : wave.curveY)
            if (std::isfinite(y))
                largest = std::max(largest, std::abs(y));
    largest = largest > 0 ? 1.1 * largest : 1.0;
    return {-largest, largest};
}

QString WavesView::sinusoidExplanation()
{
    return tr("<b>Waves.</b> Each column of the encoding is a wave along the positions: a "
              "sine or a cosine whose wavelength grows with the dimension. The dots are the "
              "whole-number positions the model actually sees, the line the wave they are "
              "taken from. Low dimensions wiggle fast, high ones hardly move — together they "
              "give every position its own pattern. Click to select a position.");
}

QString WavesView::tableExplanation()
{
    return tr("<b>Waves of a loaded table.</b> The chosen columns of the table you opened, along its rows. "
              "Learned position embeddings often turn some columns into waves of their own: compare them "
              "with the sinusoid's waves, and the spectrum view for the frequency of each column. "
              "Beyond a few thousand rows each point of a line is the mean of the rows it stands for. "
              "Click to select a row.");
}

void WavesView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    m_positionLine->setVisible(false);
    QCPLegend* legend = plot()->legend;
    legend->setIconSize(20, 8);
    legend->setIconTextPadding(4);
    PlotView::prepareForExport(fontPixels);
}

bool WavesView::fitToSize()
{
    QCustomPlot* p = plot();
    bool changed = fitViewTitle(m_title, m_titleText);
    if (p->legend->layout() && p->legend->itemCount() > 0)
        changed = setLegendColumns(p->legend, legendColumnsFitting(p->legend, legendRowWidth(p->legend), 4)) || changed;
    changed = fitTickCount(p->xAxis) || changed;
    changed = fitTickCount(p->yAxis) || changed;
    // Dots no wider than their spacing: four waves of big dots on a narrow plot merge into bands.
    const double dot = sampleDotSize();
    for (int i = 0; i < m_shown; ++i) {
        QCPScatterStyle style = m_waves[i].samples->scatterStyle();
        if (style.size() != dot) {
            style.setSize(dot);
            m_waves[i].samples->setScatterStyle(style);
        }
    }
    return changed;
}

double WavesView::sampleDotSize() const
{
    const double largest = 5.0 * scale();
    const FramePtr& f = document()->frame();
    if (!f || wavesOf(*f).waves.isEmpty() || wavesOf(*f).waves.front().sampleX.size() < 2)
        return largest;
    const QVector<double>& rows = wavesOf(*f).waves.front().sampleX;
    const double spacing = std::abs(plot()->xAxis->coordToPixel(rows[1]) - plot()->xAxis->coordToPixel(rows[0]));
    return std::clamp(0.8 * spacing, std::min(2.5, largest), largest);
}

void WavesView::showWaves(const Frame& f, bool newData)
{
    QCustomPlot* p = plot();
    while (m_waves.size() < wavesOf(f).waves.size()) {
        Wave wave{p->addGraph(), p->addGraph()};
        wave.samples->setLineStyle(QCPGraph::lsNone);
        wave.samples->removeFromLegend();
        m_waves.append(wave);
    }
    m_shown = static_cast<int>(wavesOf(f).waves.size());
    for (int i = 0; i < m_waves.size(); ++i) {
        const Wave& wave = m_waves[i];
        const bool used = i < m_shown;
        wave.curve->setVisible(used);
        wave.samples->setVisible(used);
        if (!used) {
            wave.curve->removeFromLegend();
            wave.curve->data()->clear();
            wave.samples->data()->clear();
            continue;
        }
        const WaveData& data = wavesOf(f).waves[i];
        const QColor colour = seriesColor(i);
        // Thin cosmetic pens take the raster engine's fast path: a 1.6 px antialiased stroke of
        // thousands of points cost ~100 ms per replot, the whole budget of a slider step.
        QPen pen(colour, penWidth(1.0));
        pen.setCosmetic(true);
        wave.curve->setPen(pen);
        wave.samples->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, sampleDotSize()));
        if (!newData)
            continue;
        wave.curve->setData(positionsOfRows(data.curveX, f.firstPosition()), data.curveY, true);
        wave.samples->setData(positionsOfRows(data.sampleX, f.firstPosition()), data.sampleY, true);
        wave.curve->setName(data.tableColumn ? tr("column %1").arg(data.dim)
                            : data.pair < 0 ? tr("dim %1 · %2").arg(data.dim).arg(functionName(data))
                                          : tr("dim %1 · %2 · λ = %3")
                                                .arg(data.dim).arg(functionName(data)).arg(shortNumber(data.wavelength, 3)));
        wave.curve->addToLegend();
    }
}

QString WavesView::titleText(const Frame& f) const
{
    if (f.table) {
        if (const QString problem = f.tableValuesProblem(); !problem.isEmpty())
            return tr("Columns of %1 against row").arg(f.table->table->displayName()) + QLatin1Char('\n') + problem;
        QString text = tr("Columns of %1 against row").arg(f.table->table->displayName());
        if (!wavesOf(f).waves.isEmpty() && wavesOf(f).waves.front().curveX.size() < wavesOf(f).rowCount)
            text += QLatin1Char('\n') + (m_forExport ? tr("points average %1 rows") : tr("each point is the exact mean of %1 rows"))
                                            .arg(shortNumber(double(wavesOf(f).rowCount) / double(wavesOf(f).waves.front().curveX.size()), 3));
        return text;
    }
    QString text = tr("PE(position, dimension) against position · d_model %1 · base %2")
                       .arg(f.spec.dModel).arg(shortNumber(f.spec.base, 6));
    if (wavesOf(f).waves.isEmpty())
        return text;
    // Say when the picture cannot show every wave: too short beside max_len, or shorter than
    // the step of the drawn curve (then it looks like noise however far one zooms).
    const QVector<double>& curveX = wavesOf(f).waves.front().curveX;
    const double curveStep = curveX.size() > 1 ? curveX[1] - curveX[0] : 1.0;
    bool crowded = false, aliased = false;
    for (const WaveData& wave : wavesOf(f).waves) {
        crowded = crowded || 60 * wave.wavelength < static_cast<double>(wavesOf(f).rowCount);
        aliased = aliased || wave.wavelength < 4 * curveStep;
    }
    QStringList notes;
    // The view's own choice of rows stops before max_len (twelve periods of the fastest wave
    // read better than a thousand crowded ones); say so, or the waves seem to end there.
    if (wavesOf(f).automatic && wavesOf(f).rowCount < f.spec.maxLen)
        notes << (m_forExport ? tr("the first %1 of %2 positions").arg(wavesOf(f).rowCount).arg(f.spec.maxLen)
                              : tr("the first %1 of %2 positions (12 periods of the fastest wave): turn the wheel for more")
                                    .arg(wavesOf(f).rowCount).arg(f.spec.maxLen));
    if (wavesOf(f).waves.front().sampleX.size() < wavesOf(f).rowCount)
        notes << tr("dots at %1 of %2 positions").arg(wavesOf(f).waves.front().sampleX.size()).arg(wavesOf(f).rowCount);
    if (aliased)
        notes << tr("waves too short to draw at this max_len");
    else if (crowded && !m_forExport) // a hint for the window; a figure cannot be zoomed
        notes << tr("short waves beside max_len: zoom in with the wheel");
    return notes.isEmpty() ? text : text + QLatin1Char('\n') + notes.join(QStringLiteral(" · "));
}

bool WavesView::axesShowDocument() const
{
    if (!m_drawn || !std::ranges::equal(document()->settings().state.dims, m_drawnDims))
        return false;
    // A table's columns are drawn whatever the spec; the table a preview's pass gave is the same.
    if (const LoadedTablePtr& table = document()->table())
        return m_drawnTable && m_drawnTable->table == table->table;
    return !m_drawnTable && m_drawnSpec == document()->spec();
}

void WavesView::onRangeSettled()
{
    // The rows of the matrix the axes were drawn for (ZoomSettle: the document's).
    const std::int64_t firstPosition = m_drawnTable ? 0 : m_drawnSpec.firstPosition;
    const std::int64_t positions = m_drawnTable ? m_drawnTable->table->rows() : m_drawnSpec.maxLen;
    const QCPRange range = plot()->xAxis->range();
    const auto first = static_cast<std::int64_t>(std::floor(range.lower)) - firstPosition;
    const auto last = static_cast<std::int64_t>(std::ceil(range.upper)) - firstPosition;
    const std::int64_t from = std::clamp<std::int64_t>(first, 0, positions - 1);
    const std::int64_t to = std::clamp<std::int64_t>(last, from, positions - 1);
    document()->setZoom(views::waves, {static_cast<double>(from), static_cast<double>(to + 1)});
}

QString WavesView::sampleDescription(std::int64_t row) const
{
    const FramePtr& f = document()->frame();
    // A table's lines are its values (or means of runs of rows): the readout reads the line.
    const bool table = f && !wavesOf(*f).waves.isEmpty() && wavesOf(*f).waves.front().tableColumn;
    if (!f || wavesOf(*f).waves.isEmpty() || (table ? wavesOf(*f).waves.front().curveX : wavesOf(*f).waves.front().sampleX).isEmpty())
        return {};
    const QVector<double>& rows = table ? wavesOf(*f).waves.front().curveX : wavesOf(*f).waves.front().sampleX;
    // Samples are the same rows for every wave: pick the one nearest to the row asked for.
    const int index = nearestIndex(rows, static_cast<double>(row));
    const auto position = f->firstPosition() + static_cast<std::int64_t>(rows[index]);
    QStringList parts;
    for (const WaveData& wave : wavesOf(*f).waves)
        parts << (wave.tableColumn ? tr("column %1 = %2").arg(wave.dim).arg(QString::number(wave.curveY[index], 'f', 4))
                  : wave.pair < 0 ? tr("dim %1 (%2) = %3").arg(wave.dim).arg(functionName(wave))
                                       .arg(QString::number(wave.sampleY[index], 'f', 4))
                                 : tr("dim %1 (%2, pair %3) = %4")
                                       .arg(wave.dim).arg(functionName(wave)).arg(wave.pair)
                                       .arg(QString::number(wave.sampleY[index], 'f', 4)));
    return (table ? tr("row %1: ") : tr("position %1: ")).arg(position) + parts.join(QStringLiteral(" · "));
}

void WavesView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    if (!f || !plot()->axisRect()->rect().contains(event->position().toPoint())) {
        setReadout(QString());
        return;
    }
    setReadout(sampleDescription(rowAtPixel(plot()->xAxis, event->position().x(), f->firstPosition(), f->positionCount())));
}

void WavesView::onMouseRelease(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    if (!f || !m_click.isClick(event) || !plot()->axisRect()->rect().contains(event->position().toPoint()))
        return;
    document()->selectPosition(rowAtPixel(plot()->xAxis, event->position().x(), f->firstPosition(), f->positionCount()));
}

/// The waves view's own part of its catalogue entry (cmake/views.cmake).
void wavesViewEntry(ViewDescription& entry)
{
    drawnBy<WavesView>(entry, buildWavesPart, wavesPartData,
                       PartInput::Spec | PartInput::Table | PartInput::Dims | PartInput::Zoom);
}

} // namespace pe::ui
