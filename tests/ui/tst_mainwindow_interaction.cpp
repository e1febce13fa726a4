// SPDX-License-Identifier: MIT
// The main window, continued: clicks and hovers read the right cell, undo puts the controls
// back exactly, tiny windows and tiny and huge specs neither crash nor freeze, presentation
// mode and the remembered dock layout.
#include "tst_mainwindow.h"
#include "windowprobes.h"

#include "core/encoding.h"
#include "ui/document/similaritypart.h"
#include "ui/views/bandsview.h"
#include "ui/controls/controlspanel.h"
#include "ui/views/heatmapview.h"
#include "ui/controls/logslider.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"
#include "ui/views/offsetview.h"
#include "ui/views/similarityview.h"
#include "ui/views/wavesview.h"

#include <QAction>
#include <QCheckBox>
#include <QDeadlineTimer>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <qcustomplot.h>

#include <atomic>
#include <cmath>
#include <memory>

namespace core = pe::core;
using namespace windowprobes;
using pe::ui::ControlsPanel;
using pe::ui::Document;
using pe::ui::MainWindow;
using pe::ui::Settings;
using pe::ui::View;

void TestMainWindow::clickingAHeatmapCellSelectsIt_data()
{
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::newRow("inside") << 0 << 37 << 10;
    QTest::newRow("top left corner") << 0 << 0 << 0;
    QTest::newRow("bottom right corner") << 0 << 99 << 63;
    QTest::newRow("first position 2") << 2 << 40 << 5;
}

void TestMainWindow::clickingAHeatmapCellSelectsIt()
{
    QFETCH(int, first);
    QFETCH(int, row);
    QFETCH(int, column);
    controls()->firstPositionSpin()->setValue(first);
    QVERIFY(waitForFrame(*m_window));
    pe::ui::HeatmapView* heat = m_window->heatmap();
    const QPoint pixel = plotPixel(heat->plot(), column, first + row);
    QCOMPARE(heat->cellAt(pixel), std::make_pair(std::int64_t(row), column));
    click(heat->plot(), pixel);
    QCOMPARE(document()->state().position, row);
    QCOMPARE(document()->state().dimension, column);
    QCOMPARE(controls()->positionSpin()->value(), row);
    QCOMPARE(controls()->positionSlider()->value(), row);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    const Eigen::VectorXd pe = core::encodingVector(document()->spec(), first + row);
    const auto bars = view<pe::ui::OffsetView>(pe::ui::views::offset)->encodingBars()->data();
    for (int c = 0; c < 64; ++c)
        QCOMPARE((bars->constBegin() + c)->value, pe[c]);
}

// A view behind a tab does no work while the sliders move, and shows the current frame as
// soon as its tab is raised.
void TestMainWindow::hiddenViewsDrawNothingUntilShown()
{
    pe::ui::PlotView* similarity = m_window->plotView(pe::ui::views::similarity);
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::waves)); // in the same tabs: similarity goes behind
    QVERIFY(!similarity->isOnScreen());
    const int before = similarity->redrawCount();
    for (int d : {40, 50, 60}) {
        controls()->dModelSpin()->setValue(d);
        QVERIFY(waitForFrame(*m_window));
    }
    QCOMPARE(similarity->redrawCount(), before);
    QVERIFY(similarity->isStale());
    QVERIFY(!pe::ui::similarityPart(*document()->frame())); // not even computed
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::similarity));
    QCOMPARE(similarity->redrawCount(), before + 1);
    QCOMPARE(similarityMismatch(*m_window), QString());
}

void TestMainWindow::clickingTheSimilarityMatrixSelectsAPosition_data()
{
    QTest::addColumn<int>("p");
    QTest::addColumn<int>("q");
    QTest::newRow("p 20, q 70") << 20 << 70;
    QTest::newRow("p 99, q 0") << 99 << 0;
}

void TestMainWindow::clickingTheSimilarityMatrixSelectsAPosition()
{
    QFETCH(int, p);
    QFETCH(int, q);
    auto* similarity = view<pe::ui::SimilarityView>(pe::ui::views::similarity);
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::similarity)); // its tab, in front
    click(similarity->plot(), plotPixel(similarity->plot(), q, p));
    QCOMPARE(document()->state().position, p);
    QCOMPARE(controls()->positionSpin()->value(), p);
    QCOMPARE(settledViewsMismatch(*m_window), QString()); // the profile below is now p's row, from core
    QCOMPARE(similarity->profileGraph()->data()->size(), 100);
}

void TestMainWindow::bandSelectionHighlightsColumns_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("firstPair");
    QTest::addColumn<int>("lastPair");
    QTest::addColumn<QList<int>>("runs"); // highlighted columns: from, to, from, to…
    QTest::newRow("interleaved 64") << int(core::Layout::Interleaved) << 64 << 2 << 5 << QList<int>{4, 11};
    QTest::newRow("split 64: sines and cosines") << int(core::Layout::Split) << 64 << 2 << 5 << QList<int>{2, 5, 34, 37};
    QTest::newRow("interleaved 9, to the lone sine") << int(core::Layout::Interleaved) << 9 << 2 << 4 << QList<int>{4, 8};
    QTest::newRow("split 9, to the lone sine") << int(core::Layout::Split) << 9 << 2 << 4 << QList<int>{2, 4, 7, 8};
    QTest::newRow("split 9, the lone sine only") << int(core::Layout::Split) << 9 << 4 << 4 << QList<int>{4, 4};
}

void TestMainWindow::bandSelectionHighlightsColumns()
{
    QFETCH(int, layout);
    QFETCH(int, dModel);
    QFETCH(int, firstPair);
    QFETCH(int, lastPair);
    QFETCH(QList<int>, runs);
    chooseWithKeyboard(controls()->layoutCombo(), layout);
    controls()->dModelSpin()->setValue(dModel);
    document()->selectBand(firstPair, lastPair);
    QVERIFY(waitForFrame(*m_window));
    QCustomPlot* plot = m_window->heatmap()->plot();
    QList<int> shown;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* rect = qobject_cast<QCPItemRect*>(plot->item(i))) {
            QCOMPARE(rect->topLeft->coords().y(), 0.0);    // the full height of the axis rect
            QCOMPARE(rect->bottomRight->coords().y(), 1.0);
            shown << int(std::lround(rect->topLeft->coords().x() + 0.5))
                  << int(std::lround(rect->bottomRight->coords().x() - 0.5));
        }
    QCOMPARE(shown, runs);
    QVERIFY(bringOnScreen(*m_window, pe::ui::views::bands)); // behind its tab it draws nothing
    QCPItemRect* band = view<pe::ui::BandsView>(pe::ui::views::bands)->bandRect();
    QVERIFY(band->visible());
    QCOMPARE(band->topLeft->coords().x(), firstPair - 0.5);
    QCOMPARE(band->bottomRight->coords().x(), lastPair + 0.5);
}

void TestMainWindow::undoRedoRestoresControlsExactly()
{
    QList<Settings> history{document()->settings()};
    const auto step = [&](auto&& change) {
        change();
        history << document()->settings();
    };
    step([&] { typeInto(controls()->dModelSpin(), QStringLiteral("17")); });
    step([&] { chooseWithKeyboard(controls()->layoutCombo(), int(core::Layout::Split)); });
    step([&] { controls()->baseSpin()->setValue(500); });
    step([&] { controls()->positionSlider()->setValue(42); });
    step([&] { typeInto(controls()->offsetSpin(), QStringLiteral("-7")); });
    step([&] { clickCheckBox(controls()->cosineCheck()); });
    step([&] { chooseWithKeyboard(controls()->colormapCombo(), QStringLiteral("diverging")); });
    step([&] { typeInto(controls()->dimsEdit(), QStringLiteral("0,3")); });
    step([&] { chooseWithKeyboard(controls()->frequenciesCombo(), int(core::FrequencyRule::Tensor2Tensor)); });
    step([&] { typeInto(controls()->firstPositionSpin(), QStringLiteral("2")); });
    step([&] { click(m_window->heatmap()->plot(), plotPixel(m_window->heatmap()->plot(), 3, 2 + 9)); });
    QCOMPARE(document()->undoStack()->count(), history.size() - 1);
    for (int i = 1; i < history.size(); ++i)
        QVERIFY2(!(history[i] == history[i - 1]), qPrintable(QStringLiteral("step %1 changed nothing").arg(i)));

    QAction* undo = menuAction(QStringLiteral("Edit"), QKeySequence::Undo);
    QAction* redo = menuAction(QStringLiteral("Edit"), QKeySequence::Redo);
    QVERIFY(undo && redo);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->heatmap()->plot()->setFocus(); // a focused text field would take Ctrl+Z for its own text
    // Alternate the menu action and the keyboard shortcut.
    for (int i = history.size() - 2; i >= 0; --i) {
        if (i % 2 == 0)
            undo->trigger();
        else
            QTest::keySequence(m_window.get(), undo->shortcut()); // Ctrl+Z
        QVERIFY2(document()->settings() == history[i],
                 qPrintable(QStringLiteral("undo to step %1: ").arg(i) + describe(document()->settings())
                            + QStringLiteral(" instead of ") + describe(history[i])));
        const QString wrong = controlsMismatch(*controls(), history[i]);
        QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("after undo to step %1: %2").arg(i).arg(wrong)));
    }
    QVERIFY(document()->settings() == Settings{});
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    for (int i = 1; i < history.size(); ++i) {
        // Every key the action offers: the platform's Redo (Ctrl+Shift+Z or Ctrl+Y) and Ctrl+Y.
        if (i % 2 == 0)
            redo->trigger();
        else
            QTest::keySequence(m_window.get(), redo->shortcuts().at((i / 2) % redo->shortcuts().size()));
        QVERIFY2(document()->settings() == history[i], qPrintable(describe(document()->settings())));
        const QString wrong = controlsMismatch(*controls(), history[i]);
        QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("after redo to step %1: %2").arg(i).arg(wrong)));
    }
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestMainWindow::undoShortcutAfterTypingIntoASpinBox()
{
    // Type a value and press Enter, then Ctrl+Z: the focus is still in the spin box.
    QAction* undo = menuAction(QStringLiteral("Edit"), QKeySequence::Undo);
    QVERIFY(undo);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QSpinBox* spin = controls()->dModelSpin();
    spin->setFocus();
    QTRY_VERIFY(spin->hasFocus());
    typeInto(spin, QStringLiteral("17"));
    QCOMPARE(document()->spec().dModel, 17);
    QTest::keySequence(m_window.get(), undo->shortcut());
    QCOMPARE(document()->spec().dModel, 64);
    QCOMPARE(spin->value(), 64);
}

void TestMainWindow::aSliderDragIsOneUndoStep_data()
{
    QTest::addColumn<QString>("slider");
    QTest::addColumn<bool>("mouse"); // a QTest mouse drag on the handle, else setSliderDown + moves
    QTest::newRow("d_model, mouse") << "d_model" << true;
    QTest::newRow("max_len, mouse") << "max_len" << true;
    QTest::newRow("position, mouse") << "position" << true;
    QTest::newRow("base, programmatic") << "base" << false;
    QTest::newRow("offset, programmatic") << "offset" << false;
}

void TestMainWindow::aSliderDragIsOneUndoStep()
{
    QFETCH(QString, slider);
    QFETCH(bool, mouse);
    QSlider* s = this->slider(slider);
    QVERIFY(s);
    const Settings before = document()->settings();
    const int steps = document()->undoStack()->count();
    QSignalSpy moves(s, &QSlider::valueChanged);
    if (mouse) {
        QPoint at = sliderHandleCentre(s);
        QTest::mousePress(s, Qt::LeftButton, {}, at);
        QVERIFY(s->isSliderDown());
        for (int i = 0; i < 6; ++i) {
            at += QPoint(7, 0);
            QTest::mouseMove(s, at);
        }
        QTest::mouseRelease(s, Qt::LeftButton, {}, at);
    } else {
        s->setSliderDown(true); // emits sliderPressed, as a press on the handle does
        for (int i = 1; i <= 6; ++i)
            s->setSliderPosition(s->sliderPosition() + (i % 2 == 0 ? 9 : 5));
        s->setSliderDown(false);
    }
    QVERIFY2(moves.count() >= 3, "the drag moves the value several times");
    const Settings after = document()->settings();
    QVERIFY(!(after == before));
    QCOMPARE(document()->undoStack()->count(), steps + 1);
    document()->undoStack()->undo();
    QVERIFY2(document()->settings() == before, qPrintable(describe(document()->settings())));
    QCOMPARE(controlsMismatch(*controls(), before), QString());
    document()->undoStack()->redo();
    QVERIFY(document()->settings() == after);
    QCOMPARE(controlsMismatch(*controls(), after), QString());
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestMainWindow::hoverShowsTheCellValue_data()
{
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("layout");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::newRow("default") << 0 << int(core::Layout::Interleaved) << 37 << 10;
    QTest::newRow("slow column") << 0 << int(core::Layout::Interleaved) << 99 << 62;
    QTest::newRow("first position 2") << 2 << int(core::Layout::Interleaved) << 5 << 3;
    QTest::newRow("split") << 0 << int(core::Layout::Split) << 50 << 40;
}

void TestMainWindow::hoverShowsTheCellValue()
{
    QFETCH(int, first);
    QFETCH(int, layout);
    QFETCH(int, row);
    QFETCH(int, column);
    controls()->firstPositionSpin()->setValue(first);
    chooseWithKeyboard(controls()->layoutCombo(), layout);
    QVERIFY(waitForFrame(*m_window));
    pe::ui::HeatmapView* heat = m_window->heatmap();
    QTest::mouseMove(heat->plot(), QPoint(1, 1)); // outside the cells: nothing to read
    QTRY_VERIFY(heat->readoutText().isEmpty());
    QTest::mouseMove(heat->plot(), plotPixel(heat->plot(), column, first + row));
    const std::int64_t position = first + row;
    const QString value = QString::number(core::encodingValue(document()->spec(), position, column), 'f', 6);
    QTRY_VERIFY(!heat->readoutText().isEmpty());
    const QString readout = heat->readoutText();
    QVERIFY2(readout.contains(QStringLiteral("position %1 ").arg(position)), qPrintable(readout));
    QVERIFY2(readout.contains(QStringLiteral("dimension %1 ").arg(column)), qPrintable(readout));
    QVERIFY2(readout.contains(QStringLiteral("PE(%1, %2)").arg(position).arg(column)), qPrintable(readout));
    QVERIFY2(readout.contains(QStringLiteral("value ") + value), qPrintable(readout));
    QVERIFY2(readout.endsWith(QStringLiteral(" = ") + value), qPrintable(readout));
    QCOMPARE(readout, heat->cellDescription(row, column));

    // The read-out never outlives what it describes: a new matrix clears it (Reset to
    // defaults with the mouse still over the plot), and so does leaving the plot.
    document()->setMaxLen(5000);
    QVERIFY(waitForFrame(*m_window));
    QCOMPARE(heat->readoutText(), QString());
    QTest::mouseMove(heat->plot(), plotPixel(heat->plot(), column, first + row));
    QTRY_VERIFY(!heat->readoutText().isEmpty());
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(heat->plot(), &leave);
    QCOMPARE(heat->readoutText(), QString());
}

void TestMainWindow::survivesATinyWindow()
{
    const QSize normal = m_window->size();
    m_window->resize(200, 150);
    QVERIFY(QTest::qWaitFor([&] { return m_window->width() < normal.width(); }));
    QVERIFY(!m_window->grab().isNull()); // paints every view at its smallest
    m_window->resize(normal);
    QVERIFY(QTest::qWaitFor([&] { return m_window->size() == normal; }));
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    // The axes still map pixels to cells after the round trip.
    click(m_window->heatmap()->plot(), plotPixel(m_window->heatmap()->plot(), 12, 34));
    QCOMPARE(document()->state().position, 34);
    QCOMPARE(document()->state().dimension, 12);
}

void TestMainWindow::survivesTheSmallestSpec()
{
    typeInto(controls()->dModelSpin(), QStringLiteral("1"));
    typeInto(controls()->maxLenSpin(), QStringLiteral("1"));
    QCOMPARE(document()->spec().dModel, 1);
    QCOMPARE(document()->spec().maxLen, 1);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    QVERIFY(plotTitle(m_window->heatmap()->plot()).contains(QStringLiteral("d_model 1 · max_len 1 ·")));
    QCOMPARE(controls()->positionSpin()->maximum(), 0);
    QVERIFY(!m_window->grab().isNull());
    // PE(0) is the zero vector: its cosine with itself has no direction, and must not be NaN.
    clickCheckBox(controls()->cosineCheck());
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    QVERIFY(!m_window->grab().isNull());
    while (document()->undoStack()->canUndo())
        document()->undoStack()->undo();
    QVERIFY(document()->settings() == Settings{});
    QCOMPARE(settledViewsMismatch(*m_window), QString()); // back to 64 × 100, the four default waves included
}

void TestMainWindow::layoutChangeDuringAMaxLenDrag()
{
    const Settings before = document()->settings();
    const int steps = document()->undoStack()->count();
    QSlider* s = controls()->maxLenSlider();
    s->setSliderDown(true);
    s->setSliderPosition(s->sliderPosition() + 20);
    QCoreApplication::processEvents();
    chooseWithKeyboard(controls()->layoutCombo(), int(core::Layout::Split));
    s->setSliderPosition(s->sliderPosition() + 30);
    QCoreApplication::processEvents();
    s->setSliderPosition(s->sliderPosition() + 30);
    s->setSliderDown(false);
    QCOMPARE(document()->spec().layout, core::Layout::Split);
    QCOMPARE(double(document()->spec().maxLen), controls()->maxLenSlider()->logValue());
    QVERIFY(document()->spec().maxLen > 100);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    QVERIFY(document()->undoStack()->count() > steps);
    while (document()->undoStack()->index() > steps) // the drag's steps and the layout's
        document()->undoStack()->undo();
    QVERIFY2(document()->settings() == before, qPrintable(describe(document()->settings())));
    QCOMPARE(settledViewsMismatch(*m_window), QString());
}

void TestMainWindow::wavesSurviveADModelDragThroughSmallValues()
{
    // Drag d_model down to 2 and back to 64 in one movement: the wave plot should show the
    // chosen dimensions 4–7 again, as it does after typing 2 and then undoing.
    QSlider* s = controls()->dModelSlider();
    const int start = s->value();
    s->setSliderDown(true);
    s->setSliderPosition(s->minimum() + (s->maximum() - s->minimum()) / 10); // 4096^0.1: d_model 2
    QCOMPARE(document()->spec().dModel, 2);
    s->setSliderPosition(start);
    s->setSliderDown(false);
    QCOMPARE(document()->spec().dModel, 64);
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    QCOMPARE(document()->state().dims, (QList<int>{4, 5, 6, 7}));
    QCOMPARE(view<pe::ui::WavesView>(pe::ui::views::waves)->waveCount(), 4);
}

void TestMainWindow::largestSpecKeepsTheWindowResponsive()
{
    // The window's largest matrix: 2^20 positions × 4096 dimensions. The frame computes off the
    // GUI thread, so the event loop keeps turning meanwhile. Counted, not timed: the frame
    // thread is held at its start until a zero timer has ticked three times while the frame
    // is pending, then let go. However fast the machine, the frame cannot come first; a GUI
    // thread blocked by the computation would tick never, and the gate gives up after 60 s.
    controls()->dModelSpin()->setValue(pe::ui::WindowLimits::maxDModel);
    QVERIFY(waitForFrame(*m_window, 60000)); // that frame is not the one held
    struct Gate {
        std::atomic<bool> entered{false}, open{false};
    };
    auto gate = std::make_shared<Gate>(); // a frame thread may still hold it after this test
    document()->setFrameGate([gate](const pe::ui::FrameRequest& request) {
        if (request.spec.maxLen != pe::ui::WindowLimits::maxMaxLen)
            return; // another frame (a view's new size): not the one held
        gate->entered = true;
        QDeadlineTimer deadline(60000);
        while (!gate->open && !deadline.hasExpired())
            QThread::msleep(1);
    });
    // Whatever happens below, later frames pass freely.
    const auto openGate = qScopeGuard([&] {
        gate->open = true;
        document()->setFrameGate({});
    });
    int ticksWhilePending = 0;
    QTimer ticker;
    ticker.setInterval(0);
    connect(&ticker, &QTimer::timeout, this, [&] {
        // Only turns while the frame thread is held inside the gate count.
        if (gate->entered && !document()->isFrameCurrent() && ++ticksWhilePending >= 3)
            gate->open = true;
    });
    ticker.start();
    typeInto(controls()->maxLenSpin(), QString::number(pe::ui::WindowLimits::maxMaxLen));
    QCOMPARE(document()->spec().maxLen, std::int64_t{1} << 20);
    QVERIFY2(waitForFrame(*m_window, 120000), "no frame for 1M × 4096 within 120 s");
    ticker.stop();
    qInfo("1M × 4096: %d event-loop turns while the frame was computed", ticksWhilePending);
    QVERIFY2(ticksWhilePending >= 3, qPrintable(QStringLiteral("the event loop turned %1 times while the frame was computed").arg(ticksWhilePending)));
    QCOMPARE(settledViewsMismatch(*m_window), QString());
    // One average per device pixel of the map, rows and columns (the values: settledViewsMismatch).
    QCustomPlot* heatPlot = m_window->heatmap()->plot();
    const QRect area = heatPlot->axisRect()->rect();
    const double ratio = heatPlot->bufferDevicePixelRatio();
    QCOMPARE(m_window->heatmap()->colorMap()->data()->keySize(), int(std::lround(area.width() * ratio)));
    QCOMPARE(m_window->heatmap()->colorMap()->data()->valueSize(), int(std::lround(area.height() * ratio)));
    QVERIFY2(heatPlot->yAxis->label().contains(QStringLiteral("per pixel")), qPrintable(heatPlot->yAxis->label()));
    QVERIFY2(heatPlot->xAxis->label().contains(QStringLiteral("per pixel")), qPrintable(heatPlot->xAxis->label()));
    QVERIFY(plotTitle(m_window->heatmap()->plot()).contains(QStringLiteral("d_model 4096 · max_len 1048576 ·")));
}

void TestMainWindow::presentationModeEnlargesFonts_data()
{
    QTest::addColumn<bool>("keyboard"); // F5, else the View menu's action
    QTest::newRow("F5") << true;
    QTest::newRow("View menu") << false;
}

void TestMainWindow::presentationModeEnlargesFonts()
{
    QFETCH(bool, keyboard);
    QAction* presentation = menuAction(QStringLiteral("View"), QKeySequence(Qt::Key_F5));
    QVERIFY(presentation && presentation->isCheckable());
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    const auto toggle = [&] {
        if (keyboard)
            QTest::keyClick(m_window.get(), Qt::Key_F5);
        else
            presentation->trigger();
    };
    QCustomPlot* heat = m_window->heatmap()->plot();
    QCustomPlot* waves = view<pe::ui::WavesView>(pe::ui::views::waves)->plot();
    const QFont tick = heat->xAxis->tickLabelFont();
    const QFont scaleTick = m_window->heatmap()->colorMap()->colorScale()->axis()->tickLabelFont();
    const QFont wavesTick = waves->xAxis->tickLabelFont();
    const double controlsPoints = controls()->font().pointSizeF();

    toggle();
    QVERIFY(m_window->presentationMode());
    QVERIFY(presentation->isChecked());
    QCPAxis* colourAxis = m_window->heatmap()->colorMap()->colorScale()->axis();
    QVERIFY(heat->xAxis->tickLabelFont().pointSizeF() >= 1.5 * tick.pointSizeF());
    QVERIFY(colourAxis->tickLabelFont().pointSizeF() >= 1.5 * scaleTick.pointSizeF());
    QVERIFY(waves->xAxis->tickLabelFont().pointSizeF() >= 1.5 * wavesTick.pointSizeF());
    QVERIFY(controls()->font().pointSizeF() > controlsPoints);
    QVERIFY(!m_window->grab().isNull());

    toggle();
    QVERIFY(!m_window->presentationMode());
    QCOMPARE(heat->xAxis->tickLabelFont(), tick);
    QCOMPARE(colourAxis->tickLabelFont(), scaleTick);
    QCOMPARE(waves->xAxis->tickLabelFont(), wavesTick);
    QCOMPARE(controls()->font().pointSizeF(), controlsPoints);
}

void TestMainWindow::windowRemembersItsLayout()
{
    auto* formula = m_window->findChild<QDockWidget*>(QStringLiteral("formulaDock"));
    QVERIFY(formula && !formula->isHidden());
    formula->toggleViewAction()->trigger(); // View ▸ Formula, unchecked
    QVERIFY(formula->isHidden());
    // RoPE on the stage (View ▸ RoPE), the spectrum beside it (the bar's Beside box).
    m_window->findChild<QAction*>(QStringLiteral("ropeViewAction"))->trigger();
    QComboBox* beside = m_window->stage()->besideBox();
    beside->setCurrentIndex(beside->findData(QStringLiteral("spectrum")));
    emit beside->activated(beside->currentIndex());
    QCOMPARE(m_window->stage()->beside(), std::optional(pe::ui::views::spectrum));
    m_window->resize(1300, 850);
    QVERIFY(QTest::qWaitFor([&] { return m_window->size() == QSize(1300, 850); }));
    const QSize saved = m_window->size();
    QVERIFY(m_window->close());

    MainWindow second;
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    auto* restored = second.findChild<QDockWidget*>(QStringLiteral("formulaDock"));
    QVERIFY(restored->isHidden());
    QVERIFY(!restored->toggleViewAction()->isChecked());
    QVERIFY(!second.findChild<QDockWidget*>(QStringLiteral("controlsDock"))->isHidden());
    QCOMPARE(second.stage()->chosen(), pe::ui::views::rope);
    QCOMPARE(second.stage()->beside(), std::optional(pe::ui::views::spectrum));
    QVERIFY(second.findChild<QAction*>(QStringLiteral("ropeViewAction"))->isChecked());
    QCOMPARE(second.size(), saved);
}
