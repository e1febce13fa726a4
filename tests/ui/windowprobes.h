// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/document.h"

#include <QPoint>
#include <QSize>
#include <QString>

#include <memory>

class QAbstractSpinBox;
class QComboBox;
class QCustomPlot;
class QLineEdit;
class QSlider;
class QWidget;

namespace pe::ui {
class ControlsPanel;
class MainWindow;
}

/// What tst_mainwindow reads out of a live window and drives it with. Every probe compares a
/// view's plotted data with core (never with the frame the view drew it from) and returns what
/// differs, or an empty string.
namespace windowprobes {

/// Core's cells are exact to a few 1e−16; a wrong row, column or spec differs by far more.
constexpr double cellTolerance = 1e-12;
/// Bin averages and dot products are sums of many terms (closed forms against plain sums).
constexpr double sumTolerance = 1e-9;

/// Waits until the frame shows the current settings and the views have drawn it.
bool waitForFrame(pe::ui::MainWindow& window, int timeoutMs = 20000);

/// A new window at `size`, shown as a user starts it (the saved layout, applied once the window
/// has its size); null when it is never exposed.
std::unique_ptr<pe::ui::MainWindow> launch(QSize size);

/// Puts a view on screen as a user would (on the stage, unless it is there already) and
/// waits until it has drawn the current frame; false when it does not within the time.
/// Views off the stage draw nothing until then, so every probe of a view starts here.
bool bringOnScreen(pe::ui::MainWindow& window, pe::ui::View view, int timeoutMs = 20000);

/// Remembers what the stage shows and puts it back when it goes out of scope: probes look at
/// every view without changing what the user sees.
class StageKeeper {
public:
    explicit StageKeeper(pe::ui::MainWindow& window);
    ~StageKeeper();

private:
    pe::ui::MainWindow& m_window;
    QByteArray m_state;
};

QString heatmapMismatch(pe::ui::MainWindow& window);
QString wavesMismatch(pe::ui::MainWindow& window);
QString similarityMismatch(pe::ui::MainWindow& window);
QString offsetMismatch(pe::ui::MainWindow& window);
QString bandsMismatch(pe::ui::MainWindow& window);
QString conventionsMismatch(pe::ui::MainWindow& window);
QString ropeMismatch(pe::ui::MainWindow& window);
QString precisionMismatch(pe::ui::MainWindow& window);
QString embeddingsMismatch(pe::ui::MainWindow& window);
QString spectrumMismatch(pe::ui::MainWindow& window);
QString methodsMismatch(pe::ui::MainWindow& window);
QString gridMismatch(pe::ui::MainWindow& window);
/// All of the above, after checking that the frame is the document's.
QString viewsMismatch(pe::ui::MainWindow& window);
/// viewsMismatch() once the frame for the current settings is drawn (or why it is not).
QString settledViewsMismatch(pe::ui::MainWindow& window, int timeoutMs = 20000);
/// Every control against the settings it should mirror.
QString controlsMismatch(const pe::ui::ControlsPanel& controls, const pe::ui::Settings& settings);
QString describe(const pe::ui::Settings& settings);

/// The first text element of a plot's layout (every view's title).
QString plotTitle(QCustomPlot* plot);
/// Whether the plot holds a straight-line item at coordinate `at` (vertical: x, else y).
bool hasLineAt(QCustomPlot* plot, bool vertical, double at);

// Driving the controls the way a user does.
void typeInto(QAbstractSpinBox* spin, const QString& text);   ///< select all, type, Enter
void typeInto(QLineEdit* edit, const QString& text);
void chooseWithKeyboard(QComboBox* combo, const QVariant& data); ///< arrow keys to the item
void clickCheckBox(QWidget* checkBox);                           ///< on its indicator
QPoint sliderHandleCentre(const QSlider* slider);
void click(QWidget* widget, QPoint at);
/// A move with no button, straight to `widget` at `at`, as the window system delivers a hover:
/// QTest::mouseMove goes through the window, which sends nothing when the pointer is already
/// there and hands the move to whatever widget lies on top at that point.
void hover(QWidget* widget, QPoint at);
/// The pixel of a plot's default axes at (key, value), laid out for the widget's size.
QPoint plotPixel(QCustomPlot* plot, double key, double value);

} // namespace windowprobes
