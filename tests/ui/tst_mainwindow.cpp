// SPDX-License-Identifier: MIT
// The main window driven as a user drives it (keys, clicks, drags on the offscreen platform):
// here, every control reaches the data the views plot, checked against core. Settings live in
// Qt's test sandbox.
#include "tst_mainwindow.h"
#include "windowprobes.h"

#include "core/encoding.h"
#include "ui/document/heatmappart.h"
#include "ui/views/bandsview.h"
#include "ui/controls/controlspanel.h"
#include "ui/views/heatmapview.h"
#include "ui/controls/logslider.h"
#include "ui/window/checkpointcontroller.h"
#include "ui/window/mainwindow.h"
#include "ui/window/ropemodelcontroller.h"
#include "ui/window/stage.h"
#include "ui/window/t5biasescontroller.h"
#include "ui/window/wordvectorcontroller.h"
#include "ui/views/offsetview.h"
#include "ui/views/similarityview.h"
#include "ui/views/wavesview.h"

#include <QDockWidget>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QRegularExpression>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

namespace core = pe::core;
using namespace windowprobes;
using pe::ui::ControlsPanel;
using pe::ui::Document;
using pe::ui::MainWindow;
using pe::ui::Settings;
using pe::ui::View;

namespace {

std::unique_ptr<MainWindow> openWindow()
{
    auto window = std::make_unique<MainWindow>();
    window->resize(1400, 900); // cells several pixels wide, so clicks land inside one
    window->show();
    return window;
}

} // namespace

void TestMainWindow::initTestCase()
{
    // Never read or write the user's settings: Qt's test locations, our own names, emptied.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    const QString file = QSettings().fileName();
    QVERIFY2(file.contains(QStringLiteral("/.qttest/")), qPrintable(file));
    QSettings().clear();
}

void TestMainWindow::init()
{
    QSettings().clear(); // every test starts from the default layout
    m_window = openWindow();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(waitForFrame(*m_window));
}

void TestMainWindow::cleanup()
{
    m_window.reset();
}

void TestMainWindow::cleanupTestCase()
{
    QSettings().clear();
}

QAction* TestMainWindow::menuAction(const QString& menuTitle, const QKeySequence& shortcut) const
{
    for (QAction* top : m_window->menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == menuTitle)
            for (QAction* action : top->menu()->actions())
                if (action->shortcuts().contains(shortcut))
                    return action;
    return nullptr;
}

QSlider* TestMainWindow::slider(const QString& name) const
{
    const std::pair<const char*, QSlider*> sliders[] = {
        {"d_model", controls()->dModelSlider()}, {"max_len", controls()->maxLenSlider()},
        {"base", controls()->baseSlider()}, {"position", controls()->positionSlider()},
        {"offset", controls()->offsetSlider()}};
    for (const auto& [sliderName, s] : sliders)
        if (name == QLatin1String(sliderName))
            return s;
    return nullptr;
}

void TestMainWindow::startsWithTheClassicFigure()
{
    QCPColorMap* map = m_window->heatmap()->colorMap();
    QCOMPARE(map->data()->keySize(), 64);
    QCOMPARE(map->data()->valueSize(), 100);
    const core::EncodingSpec classic; // d_model 64, max_len 100, base 10000, interleaved, paper
    QCOMPARE(document()->spec(), classic);
    for (int position : {0, 1, 37, 99})
        for (int column : {0, 1, 10, 63})
            QVERIFY(std::abs(map->data()->cell(column, position) - core::encodingValue(classic, position, column))
                    < cellTolerance);
    QCOMPARE(heatmapMismatch(*m_window), QString()); // and every other cell, through the axes

    QCustomPlot* plot = m_window->heatmap()->plot();
    QVERIFY(plot->yAxis->rangeReversed());
    plot->replot();
    QVERIFY(plot->yAxis->coordToPixel(0) < plot->yAxis->coordToPixel(99)); // position 0 on top
    const QString title = plotTitle(plot);
    QVERIFY2(title.contains(QStringLiteral("d_model 64 · max_len 100 · base 10000")), qPrintable(title));
    QCOMPARE(map->dataRange(), QCPRange(-1.0, 1.0));
    QCOMPARE(map->colorScale()->dataRange(), QCPRange(-1.0, 1.0));
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestMainWindow::dModelSpinResizesTheViews_data()
{
    QTest::addColumn<bool>("typed");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("waves"); // of the default dims 4, 5, 6, 7
    QTest::addColumn<bool>("tensor2tensor");
    QTest::newRow("typed 17") << true << 17 << 4 << false;
    QTest::newRow("typed 128") << true << 128 << 4 << false;
    QTest::newRow("setValue 5") << false << 5 << 1 << false;
    QTest::newRow("setValue 2") << false << 2 << 0 << false;
    QTest::newRow("typed 17, tensor2tensor") << true << 17 << 4 << true;
    QTest::newRow("setValue 5, tensor2tensor") << false << 5 << 1 << true;
    QTest::newRow("setValue 1, tensor2tensor: no pair") << false << 1 << 0 << true;
}

void TestMainWindow::dModelSpinResizesTheViews()
{
    QFETCH(bool, typed);
    QFETCH(int, dModel);
    QFETCH(int, waves);
    QFETCH(bool, tensor2tensor);
    if (tensor2tensor) {
        chooseWithKeyboard(controls()->frequenciesCombo(), int(core::FrequencyRule::Tensor2Tensor));
        QCOMPARE(document()->spec().frequencies, core::FrequencyRule::Tensor2Tensor);
    }
    QSpinBox* spin = controls()->dModelSpin();
    if (typed)
        typeInto(spin, QString::number(dModel));
    else
        spin->setValue(dModel);
    QCOMPARE(document()->spec().dModel, dModel);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    // QCPColorMap needs two cells per axis: CellColorMap holds a lone column twice.
    QCOMPARE(m_window->heatmap()->colorMap()->data()->keySize(), std::max(dModel, 2));
    QCOMPARE(view<pe::ui::OffsetView>(pe::ui::views::offset)->encodingBars()->data()->size(), dModel);
    QCOMPARE(view<pe::ui::OffsetView>(pe::ui::views::offset)->shiftedGraph()->data()->size(), dModel);
    QCOMPARE(view<pe::ui::WavesView>(pe::ui::views::waves)->waveCount(), waves);
    // One point per frequency: the paper's ⌈d/2⌉ (an odd d's lone sine is a band too);
    // tensor2tensor's ⌊d/2⌋ timescales, its odd d's zero column having no frequency.
    const int bands = tensor2tensor ? dModel / 2 : (dModel + 1) / 2;
    QCOMPARE(view<pe::ui::BandsView>(pe::ui::views::bands)->wavelengthGraph()->data()->size(), bands);
}

void TestMainWindow::dModelSliderIsLogarithmic_data()
{
    QTest::addColumn<int>("key"); // 0: no key, setValue(steps)
    QTest::addColumn<int>("steps");
    QTest::newRow("PageUp") << int(Qt::Key_PageUp) << 0;
    QTest::newRow("PageDown") << int(Qt::Key_PageDown) << 0;
    QTest::newRow("setValue 750") << 0 << 750;
}

void TestMainWindow::dModelSliderIsLogarithmic()
{
    QFETCH(int, key);
    QFETCH(int, steps);
    QSlider* s = controls()->dModelSlider();
    if (key != 0) {
        const int before = s->value();
        QTest::keyClick(s, Qt::Key(key));
        steps = before + (key == Qt::Key_PageUp ? s->pageStep() : -s->pageStep());
    } else {
        s->setValue(steps);
    }
    // 1 … 4096 with equal travel per factor: the handle's fraction is the exponent of 4096.
    const double fraction = double(steps - s->minimum()) / (s->maximum() - s->minimum());
    const double raw = std::pow(4096.0, fraction);
    // The widths the slider offers: even below 64, multiples of 64 from there (the tooltip's rule).
    const int expected = raw < 63 ? 2 * int(std::lround(raw / 2)) : 64 * int(std::lround(raw / 64));
    QVERIFY(expected != 64);
    QCOMPARE(document()->spec().dModel, expected);
    QCOMPARE(controls()->dModelSpin()->value(), expected);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    QCOMPARE(m_window->heatmap()->colorMap()->data()->keySize(), expected);
}

void TestMainWindow::maxLenSetsTheRows_data()
{
    QTest::addColumn<QString>("how"); // "typed", "setValue" (spin) or "slider" (steps)
    QTest::addColumn<int>("value");
    QTest::addColumn<int>("maxLen");
    QTest::newRow("typed 50") << "typed" << 50 << 50;
    QTest::newRow("spin 2048: still exact") << "setValue" << 2048 << 2048;
    QTest::newRow("spin 2049: binned") << "setValue" << 2049 << 2049;
    QTest::newRow("slider half way: 2^10") << "slider" << 500 << 1024;
    QTest::newRow("slider 0.6: 2^12, binned") << "slider" << 600 << 4096;
}

void TestMainWindow::maxLenSetsTheRows()
{
    QFETCH(QString, how);
    QFETCH(int, value);
    QFETCH(int, maxLen);
    if (how == QLatin1String("typed"))
        typeInto(controls()->maxLenSpin(), QString::number(value));
    else if (how == QLatin1String("setValue"))
        controls()->maxLenSpin()->setValue(value);
    else
        controls()->maxLenSlider()->setValue(value); // 1 … 2^20 logarithmic over 1000 steps
    QCOMPARE(document()->spec().maxLen, maxLen);
    QCOMPARE(controls()->maxLenSpin()->value(), maxLen);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    // Exact rows while they are fewer than the map's device pixels, one average per pixel
    // beyond (the values themselves: settledViewsMismatch); the similarity likewise.
    QCustomPlot* heatPlot = m_window->heatmap()->plot();
    const int heatPixels = int(std::lround(heatPlot->axisRect()->rect().height() * heatPlot->bufferDevicePixelRatio()));
    QCPColorMapData* heat = m_window->heatmap()->colorMap()->data();
    QCOMPARE(heat->valueSize(), std::max(2, std::min(maxLen, heatPixels)));
    QCOMPARE(heatOf(*document()->frame()).exact(), maxLen <= heatPixels);
    QVERIFY(plotTitle(m_window->heatmap()->plot()).contains(QStringLiteral("max_len %1 ·").arg(maxLen)));
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::similarity)); // measured where it is drawn: on the stage
    auto* similarityView = view<pe::ui::SimilarityView>(pe::ui::views::similarity);
    const QRect matrix = similarityView->plot()->xAxis->axisRect()->rect();
    const int matrixPixels = int(std::lround(std::min(matrix.width(), matrix.height()) * similarityView->plot()->bufferDevicePixelRatio()));
    QCPColorMapData* similarity = similarityView->colorMap()->data();
    QCOMPARE(similarity->keySize(), std::max(2, std::min(maxLen, matrixPixels)));
    QCOMPARE(similarity->valueSize(), similarity->keySize());
}

void TestMainWindow::baseReachesTheCells_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("base");
    QTest::newRow("500") << "500" << 500.0;
    QTest::newRow("2.5") << "2.5" << 2.5;
    QTest::newRow("1000000") << "1000000" << 1e6;
}

void TestMainWindow::baseReachesTheCells()
{
    QFETCH(QString, typed);
    QFETCH(double, base);
    typeInto(controls()->baseSpin(), typed);
    QCOMPARE(document()->spec().base, base);
    QCOMPARE(settledViewsMismatch(*m_window), QString()); // every cell, wavelength and similarity for the new base
    QVERIFY(plotTitle(m_window->heatmap()->plot()).contains(QStringLiteral("base %1").arg(base, 0, 'g', 6)));
    // Not the default figure: a slow column differs from base 10000's.
    core::EncodingSpec classic;
    QVERIFY(std::abs(m_window->heatmap()->colorMap()->data()->cell(20, 99) - core::encodingValue(classic, 99, 20)) > 1e-3);
}

void TestMainWindow::layoutAndFrequenciesReachTheCells_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<int>("frequencies");
    QTest::newRow("split, paper") << int(core::Layout::Split) << int(core::FrequencyRule::Paper);
    QTest::newRow("interleaved, tensor2tensor") << int(core::Layout::Interleaved) << int(core::FrequencyRule::Tensor2Tensor);
    QTest::newRow("split, tensor2tensor") << int(core::Layout::Split) << int(core::FrequencyRule::Tensor2Tensor);
}

void TestMainWindow::layoutAndFrequenciesReachTheCells()
{
    QFETCH(int, layout);
    QFETCH(int, frequencies);
    chooseWithKeyboard(controls()->layoutCombo(), layout);
    chooseWithKeyboard(controls()->frequenciesCombo(), frequencies);
    QCOMPARE(int(document()->spec().layout), layout);
    QCOMPARE(int(document()->spec().frequencies), frequencies);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    core::EncodingSpec expected;
    expected.layout = core::Layout(layout);
    expected.frequencies = core::FrequencyRule(frequencies);
    QCPColorMapData* data = m_window->heatmap()->colorMap()->data();
    double largestChange = 0; // against the default figure: the choice changed the picture
    for (int position = 0; position < 100; ++position)
        for (int column = 0; column < 64; ++column) {
            const double shown = data->cell(column, position);
            QVERIFY(std::abs(shown - core::encodingValue(expected, position, column)) < cellTolerance);
            largestChange = std::max(largestChange,
                                     std::abs(shown - core::encodingValue(core::EncodingSpec{}, position, column)));
        }
    QVERIFY(largestChange > 0.5);
}

void TestMainWindow::firstPositionShiftsTheRows_data()
{
    QTest::addColumn<int>("first");
    QTest::newRow("fairseq's 2") << 2;
    QTest::newRow("1000") << 1000;
}

void TestMainWindow::firstPositionShiftsTheRows()
{
    QFETCH(int, first);
    typeInto(controls()->firstPositionSpin(), QString::number(first));
    QCOMPARE(document()->spec().firstPosition, first);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    // The top row is position `first`, holding core's values at that position.
    QCPColorMap* map = m_window->heatmap()->colorMap();
    const core::EncodingSpec& spec = document()->spec();
    for (int column : {0, 1, 30, 63})
        QVERIFY(std::abs(map->data()->cell(column, 0) - core::encodingValue(spec, first, column)) < cellTolerance);
    QCOMPARE(map->data()->valueRange().lower, double(first));
    QCOMPARE(m_window->heatmap()->plot()->yAxis->range(), QCPRange(first - 0.5, first + 99.5));
}

void TestMainWindow::positionMovesInspectorAndMarkers_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<int>("position");
    QTest::newRow("slider setValue") << "slider" << 30;
    QTest::newRow("slider PageUp") << "sliderPageUp" << 10;
    QTest::newRow("spin typed") << "spinTyped" << 57;
    QTest::newRow("spin arrow up") << "spinUp" << 1;
}

void TestMainWindow::positionMovesInspectorAndMarkers()
{
    QFETCH(QString, how);
    QFETCH(int, position);
    if (how == QLatin1String("slider"))
        controls()->positionSlider()->setValue(position);
    else if (how == QLatin1String("sliderPageUp"))
        QTest::keyClick(controls()->positionSlider(), Qt::Key_PageUp);
    else if (how == QLatin1String("spinTyped"))
        typeInto(controls()->positionSpin(), QString::number(position));
    else
        QTest::keyClick(controls()->positionSpin(), Qt::Key_Up);
    QCOMPARE(document()->state().position, position);
    QCOMPARE(controls()->positionSpin()->value(), position);
    QCOMPARE(controls()->positionSlider()->value(), position);
    QCOMPARE(settledViewsMismatch(*m_window), QString()); // includes PE(p) in the offset view and p's similarity profile
    const Eigen::VectorXd pe = core::encodingVector(document()->spec(), position);
    const auto bars = view<pe::ui::OffsetView>(pe::ui::views::offset)->encodingBars()->data();
    QCOMPARE((bars->constBegin() + 7)->value, pe[7]);
    QVERIFY(hasLineAt(view<pe::ui::WavesView>(pe::ui::views::waves)->plot(), true, position));
    QVERIFY(hasLineAt(m_window->heatmap()->plot(), false, position));
}

void TestMainWindow::offsetMovesTheShiftedVector_data()
{
    QTest::addColumn<int>("position");
    QTest::addColumn<int>("offset");
    QTest::newRow("k = 5") << 0 << 5;
    QTest::newRow("k = -3") << 10 << -3;
    QTest::newRow("p + k beyond max_len") << 20 << 90;
}

void TestMainWindow::offsetMovesTheShiftedVector()
{
    QFETCH(int, position);
    QFETCH(int, offset);
    controls()->positionSpin()->setValue(position);
    typeInto(controls()->offsetSpin(), QString::number(offset));
    QCOMPARE(document()->state().offset, offset);
    QCOMPARE(controls()->offsetSlider()->value(), offset);
    QCOMPARE(settledViewsMismatch(*m_window), QString()); // PE(p+k), M_k·PE(p) and the flat dot line from core
    const auto shifted = view<pe::ui::OffsetView>(pe::ui::views::offset)->shiftedGraph()->data();
    QCOMPARE(shifted->constBegin()->value, core::encodingValue(document()->spec(), position + offset, 0));
}

void TestMainWindow::offsetControlsFollowAShorterMaxLen()
{
    // The offset may reach past max_len (the inspector says "beyond max_len"); shortening
    // max_len afterwards must not leave the offset controls showing another value.
    controls()->maxLenSpin()->setValue(1000);
    typeInto(controls()->offsetSpin(), QStringLiteral("500"));
    QCOMPARE(document()->state().offset, 500);
    typeInto(controls()->maxLenSpin(), QStringLiteral("100"));
    QCOMPARE(controlsMismatch(*controls(), document()->settings()), QString());
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestMainWindow::colormapChangesTheGradients_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("lowest");
    QTest::addColumn<QString>("highest");
    QTest::newRow("diverging") << "diverging" << "#053061" << "#67001f";
    QTest::newRow("grayscale") << "grayscale" << "#000000" << "#ffffff";
}

void TestMainWindow::colormapChangesTheGradients()
{
    QFETCH(QString, name);
    QFETCH(QString, lowest);
    QFETCH(QString, highest);
    const auto colourAt = [](QCPColorMap* map, double at) {
        QCPColorGradient gradient = map->gradient();
        return QColor::fromRgb(gradient.color(at, QCPRange(0, 1))).name();
    };
    QCPColorMap* heat = m_window->heatmap()->colorMap();
    QCPColorMap* similarity = view<pe::ui::SimilarityView>(pe::ui::views::similarity)->colorMap();
    QCOMPARE(colourAt(heat, 1.0), QStringLiteral("#fde725")); // viridis, yellow at +1
    chooseWithKeyboard(controls()->colormapCombo(), name);
    QCOMPARE(document()->state().colormap, name);
    QVERIFY(waitForFrame(*m_window));
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::similarity)); // behind its tab it draws nothing
    for (QCPColorMap* map : {heat, similarity}) {
        QCOMPARE(colourAt(map, 0.0), lowest);
        QCOMPARE(colourAt(map, 1.0), highest);
    }
}

void TestMainWindow::denseCurvesAreNotAntialiasedButFiguresAre()
{
    // A curve is antialiased while it has few points per pixel column, stroked plainly beyond
    // two a column (the slider's speed), antialiased again when zoomed in until they are few,
    // and always in a figure. The similarity's profile never gets dense: it has a point per
    // bin of the matrix, at most one per pixel; the waves' curves at 8192 positions do.
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::similarity));
    QVERIFY(waitForFrame(*m_window));
    const auto longestLine = [](QCustomPlot* plot) {
        QCPGraph* longest = nullptr;
        for (int i = 0; i < plot->graphCount(); ++i)
            if (plot->graph(i)->lineStyle() != QCPGraph::lsNone
                && (!longest || plot->graph(i)->dataCount() > longest->dataCount()))
                longest = plot->graph(i);
        return longest;
    };
    QCustomPlot* plot = view<pe::ui::SimilarityView>(pe::ui::views::similarity)->plot();
    plot->replot();
    QCPGraph* profile = longestLine(plot);
    QVERIFY(profile);
    QCOMPARE(profile->dataCount(), 100);
    const int profileColumns = profile->keyAxis()->axisRect()->width();
    QVERIFY2(profileColumns > 100, qPrintable(QString::number(profileColumns)));
    QVERIFY(profile->antialiased());
    document()->setMaxLen(8192);
    QVERIFY(waitForFrame(*m_window));
    plot->replot();
    QVERIFY2(profile->dataCount() <= profileColumns * plot->bufferDevicePixelRatio(), qPrintable(QString::number(profile->dataCount())));
    QVERIFY(profile->antialiased());

    QVERIFY(bringOnScreen(*m_window, pe::ui::views::waves));
    QVERIFY(waitForFrame(*m_window));
    auto* waves = view<pe::ui::WavesView>(pe::ui::views::waves);
    plot = waves->plot();
    plot->replot();
    QCPGraph* curve = longestLine(plot);
    QVERIFY(curve);
    const int columns = curve->keyAxis()->axisRect()->width();
    // More than two points a pixel column: QCustomPlot draws them as vertical strokes.
    QVERIFY2(curve->dataCount() > 2 * columns + 2, qPrintable(QStringLiteral("%1 points on %2 columns").arg(curve->dataCount()).arg(columns)));
    QVERIFY(!curve->antialiased());

    const QCPRange all(curve->data()->constBegin()->key, (curve->data()->constEnd() - 1)->key);
    const double pointsPerPosition = curve->dataCount() / all.size();
    curve->keyAxis()->setRange(all.lower, all.lower + columns / 4.0 / pointsPerPosition); // a zoom: a point every four columns
    plot->replot();
    QVERIFY(curve->antialiased());
    curve->keyAxis()->setRange(all);
    plot->replot();
    QVERIFY(!curve->antialiased());

    QVERIFY(plot->plottingHints().testFlag(QCP::phFastPolylines)); // segments one by one on screen
    waves->prepareForExport(8.0 * 96.0 / 72.0);
    QVERIFY(!plot->plottingHints().testFlag(QCP::phFastPolylines)); // whole paths with joins in a figure
    QVERIFY(curve->antialiased());
    plot->replot();
    QVERIFY(curve->antialiased());
}

void TestMainWindow::viewsThatReadFilesBringTheirOwnOpeners()
{
    // The window names none of these views: each one's <name>files.cpp gives its opener, which
    // answers the view's requests, adds its File ▸ Open item and brings the view on stage.
    using namespace pe::ui;
    QVERIFY(m_window->fileOpener<RopeModelController>(views::rope));
    QVERIFY(m_window->fileOpener<CheckpointController>(views::heads));
    QVERIFY(m_window->fileOpener<WordVectorController>(views::embeddings));
    QVERIFY(m_window->fileOpener<T5BiasesController>(views::methods));
    QVERIFY(!m_window->fileOpener(views::heatmap));
    QAction* openModel = menuAction(QStringLiteral("File"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    QAction* openCheckpoint = menuAction(QStringLiteral("File"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    QVERIFY(openModel && openCheckpoint);
    QCOMPARE(openModel->objectName(), QStringLiteral("openModelConfigAction"));
    QCOMPARE(openCheckpoint->objectName(), QStringLiteral("openCheckpointAction"));
    QVERIFY(m_window->stage()->chosen() != views::heads);
    emit m_window->fileOpener(views::heads)->shown();
    QCOMPARE(m_window->stage()->chosen(), views::heads);
    emit m_window->fileOpener(views::rope)->shown();
    QCOMPARE(m_window->stage()->chosen(), views::rope);
}

void TestMainWindow::cosineMakesTheDiagonalOne()
{
    // On the stage: large enough for one pixel per cell (a smaller matrix shows block averages).
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::similarity));
    QVERIFY(view<pe::ui::SimilarityView>(pe::ui::views::similarity)->isOnScreen());
    QVERIFY(waitForFrame(*m_window));
    QCPColorMap* map = view<pe::ui::SimilarityView>(pe::ui::views::similarity)->colorMap();
    QCOMPARE(map->data()->keySize(), 100);
    QCOMPARE(map->data()->data(37, 37), 32.0); // ‖PE(p)‖² = d/2 for the dot product
    clickCheckBox(controls()->cosineCheck());
    QVERIFY(document()->state().normalize);
    QCOMPARE(settledViewsMismatch(*m_window), QString()); // every cell is core's cosine
    for (int p = 0; p < 100; ++p)
        QVERIFY(std::abs(map->data()->data(p, p) - 1.0) < cellTolerance);
    QCOMPARE(map->dataRange(), QCPRange(-1.0, 1.0));
    clickCheckBox(controls()->cosineCheck());
    QVERIFY(!document()->state().normalize);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    QCOMPARE(map->data()->data(37, 37), 32.0);
}

void TestMainWindow::waveDimsChooseTheWaves_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QList<int>>("dims"); // what the document holds afterwards
    QTest::newRow("one dimension") << "12" << true << QList<int>{12};
    QTest::newRow("spaces, repeats") << " 9 , 2,9" << true << QList<int>{9, 2};
    // More than the plot draws: refused with the reason, never cut short silently.
    QTest::newRow("at most 16") << "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17" << false << QList<int>{0, 1};
    QTest::newRow("a range") << "4-7" << true << QList<int>{4, 5, 6, 7};
    QTest::newRow("a slice") << "0:64:16" << true << QList<int>{0, 16, 32, 48};
    // A step past every number (the fuzzer's find: dim + step overflowed) names the first only.
    QTest::newRow("a step beyond int") << "8::5555555555555555555555" << true << QList<int>{8};
    QTest::newRow("not a number") << "0,x" << false << QList<int>{0, 1};
    QTest::newRow("beyond d_model") << "0,64" << false << QList<int>{0, 1};
    QTest::newRow("negative") << "-1" << false << QList<int>{0, 1};
    QTest::newRow("semicolons") << "1;2" << false << QList<int>{0, 1};
}

void TestMainWindow::waveDimsChooseTheWaves()
{
    QFETCH(QString, text);
    QFETCH(bool, accepted);
    QFETCH(QList<int>, dims);
    QLineEdit* edit = controls()->dimsEdit();
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::waves)); // off the stage it draws nothing
    typeInto(edit, QStringLiteral("0,1"));
    QVERIFY(waitForFrame(*m_window));
    QCOMPARE(view<pe::ui::WavesView>(pe::ui::views::waves)->waveCount(), 2);
    const int steps = document()->undoStack()->count();

    typeInto(edit, text);
    QCOMPARE(document()->state().dims, dims);
    QCOMPARE(document()->undoStack()->count(), steps + (accepted ? 1 : 0)); // 0,1 was not among them
    QCOMPARE(edit->styleSheet().isEmpty(), accepted); // a refused list is marked, not dropped silently
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    QCOMPARE(view<pe::ui::WavesView>(pe::ui::views::waves)->waveCount(), dims.size());
}

void TestMainWindow::waveLegendComesBackUnderTheTitle()
{
    // d_model 4 leaves none of dims 4–7 to draw: the empty legend leaves the layout. Back at 64
    // it returns to its row under the title and subtitle, not onto them.
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::waves));
    QCustomPlot* plot = view<pe::ui::WavesView>(pe::ui::views::waves)->plot();
    document()->setDModel(4);
    QVERIFY(waitForFrame(*m_window));
    QVERIFY(!plot->legend->layout());
    document()->setDModel(64);
    QVERIFY(waitForFrame(*m_window));
    plot->replot();
    QVERIFY(plot->legend->layout());
    QVERIFY(plot->legend->visible());
    int lowestText = 0;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
        if (auto* text = qobject_cast<QCPTextElement*>(element); text && text->layout())
            lowestText = std::max(lowestText, text->outerRect().bottom());
    QVERIFY2(plot->legend->outerRect().top() >= lowestText,
             qPrintable(QStringLiteral("legend at %1, title text down to %2").arg(plot->legend->outerRect().top()).arg(lowestText)));
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestMainWindow::wavesSayWhereTheyStopBeyondMaxLen100()
{
    // Issue 48: at max_len 1000 the waves show their first rows (twelve periods of the fastest
    // wave); the title says how many of how many, so the waves do not seem to end there.
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::waves));
    QCustomPlot* plot = view<pe::ui::WavesView>(pe::ui::views::waves)->plot();
    const auto titles = [plot] {
        QString all;
        for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
            if (auto* text = qobject_cast<QCPTextElement*>(element))
                all += text->text() + QLatin1Char('\n');
        return all.replace(QLatin1Char('\n'), QLatin1Char(' '));
    };
    document()->setMaxLen(1000);
    QVERIFY(waitForFrame(*m_window));
    plot->replot();
    const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("the first (\\d+) of 1000 positions")).match(titles());
    QVERIFY2(match.hasMatch(), qPrintable(titles()));
    const int shown = match.captured(1).toInt();
    QVERIFY2(shown >= 100 && shown < 1000, qPrintable(titles()));
    QVERIFY2(plot->xAxis->range().upper >= shown - 1 && plot->xAxis->range().upper < shown + 2,
             qPrintable(QStringLiteral("%1 rows named, x axis to %2").arg(shown).arg(plot->xAxis->range().upper)));
    // Every position shown: nothing to say.
    document()->setMaxLen(100);
    QVERIFY(waitForFrame(*m_window));
    plot->replot();
    QVERIFY2(!titles().contains(QStringLiteral("the first")), qPrintable(titles()));
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

QTEST_MAIN(TestMainWindow)
