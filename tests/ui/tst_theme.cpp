// SPDX-License-Identifier: MIT
// View ▸ Theme: a dark palette gives dark plots with light text in every view, a light one
// light plots with dark text; the choice is remembered; exported figures stay black on white
// whatever the window's theme. Checked on the pixels the plots paint, not only on properties.
#include "ui/export/figureexport.h"
#include "ui/views/heatmapview.h"
#include "ui/window/mainwindow.h"
#include "ui/views/plotview.h"
#include "ui/window/theme.h"
#include "windowprobes.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <memory>

using pe::ui::MainWindow;
using pe::ui::View;

namespace {

/// Every view the window has (--view names).
/// WCAG 2.1's contrast ratio (its definition of relative luminance), 1 to 21.
double wcagContrast(const QColor& a, const QColor& b)
{
    const auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const auto luminance = [&](const QColor& c) {
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

QList<View> allViews()
{
    QList<View> views;
    for (const QString& name : pe::ui::viewNames())
        views << *pe::ui::parseView(name);
    return views;
}

/// The View ▸ Theme entry whose data is `key`.
QAction* themeAction(MainWindow& window, const QString& key)
{
    for (QAction* top : window.menuBar()->actions())
        if (top->menu())
            for (QAction* entry : top->menu()->actions())
                if (entry->menu())
                    for (QAction* action : entry->menu()->actions())
                        if (action->data().toString() == key)
                            return action;
    return nullptr;
}

struct Painted {
    double background; ///< lightness of the plot's corner (outside the axes)
    double darkest, lightest; ///< extreme lightness over the title row (text on background)
};

/// What the plot paints: its corner is background; its top rows hold the title's text.
Painted painted(QCustomPlot* plot)
{
    plot->replot();
    const QImage image = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
    Painted p{image.pixelColor(1, 1).lightnessF(), 1.0, 0.0};
    for (int y = 0; y < std::min(40, image.height()); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const double l = image.pixelColor(x, y).lightnessF();
            p.darkest = std::min(p.darkest, l);
            p.lightest = std::max(p.lightest, l);
        }
    return p;
}

/// The plot's corner as the window shows it: painted from the plot's own paint image, which
/// starts as the plot's background (ViewPlot paints opaquely), not from a figure's rendering.
QColor shownCorner(QCustomPlot* plot)
{
    plot->replot();
    return plot->grab().toImage().pixelColor(1, 1);
}

} // namespace

class TestTheme : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void darkAndLightPlots();
    void highContrastForLowVision();
    void themeIsRemembered();
    void exportsStayOnPaper();
};

void TestTheme::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_theme"));
    QSettings().clear();
    QVERIFY(!pe::ui::isDark(QApplication::palette())); // the offscreen platform starts light
}

void TestTheme::cleanup()
{
    pe::ui::applyTheme(pe::ui::Theme::System);
    QSettings().clear();
}

void TestTheme::darkAndLightPlots()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.document()->isFrameCurrent());

    QAction* dark = themeAction(window, QStringLiteral("dark"));
    QAction* light = themeAction(window, QStringLiteral("light"));
    QVERIFY(dark && light && themeAction(window, QStringLiteral("system")));
    dark->trigger();
    QVERIFY(pe::ui::isDark(QApplication::palette()));
    QTRY_VERIFY(pe::ui::isDark(window.heatmap()->palette())); // widgets hear of it through events
    for (View v : allViews()) {
        QVERIFY(windowprobes::bringOnScreen(window, v)); // a view behind a tab draws nothing
        QCustomPlot* plot = window.plotView(v)->plot();
        const Painted p = painted(plot);
        QVERIFY2(p.background < 0.25, qPrintable(QStringLiteral("%1: background lightness %2").arg(pe::ui::viewName(v)).arg(p.background)));
        QCOMPARE(shownCorner(plot).lightnessF(), p.background);
        QVERIFY(plot->testAttribute(Qt::WA_OpaquePaintEvent)); // nothing is painted beneath it
        QVERIFY2(p.lightest > 0.75, qPrintable(QStringLiteral("%1: no light title text").arg(pe::ui::viewName(v))));
        QVERIFY(plot->xAxis->tickLabelColor().lightnessF() > 0.75);
        QVERIFY(plot->xAxis->basePen().color().lightnessF() > 0.75 || plot->xAxis->basePen().style() == Qt::NoPen);
        if (plot->legend->visible() && plot->legend->itemCount() > 0) {
            QVERIFY(plot->legend->brush().color().lightnessF() < 0.25);
            QVERIFY(plot->legend->item(0)->textColor().lightnessF() > 0.75);
        }
    }
    light->trigger();
    QVERIFY(!pe::ui::isDark(QApplication::palette()));
    QTRY_VERIFY(!pe::ui::isDark(window.heatmap()->palette()));
    for (View v : allViews()) {
        const Painted p = painted(window.plotView(v)->plot());
        QVERIFY2(p.background > 0.9, qPrintable(QStringLiteral("%1: background lightness %2").arg(pe::ui::viewName(v)).arg(p.background)));
        QCOMPARE(shownCorner(window.plotView(v)->plot()).lightnessF(), p.background);
        QVERIFY2(p.darkest < 0.25, qPrintable(QStringLiteral("%1: no dark title text").arg(pe::ui::viewName(v))));
    }
}

void TestTheme::highContrastForLowVision()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.document()->isFrameCurrent());
    QVERIFY(windowprobes::bringOnScreen(window, pe::ui::views::heatmap));
    const QColor viridisLow = window.heatmap()->colorMap()->gradient().color(0, QCPRange(0, 1));
    const QColor viridisHigh = window.heatmap()->colorMap()->gradient().color(1, QCPRange(0, 1));

    QAction* highContrast = themeAction(window, QStringLiteral("high-contrast"));
    QVERIFY(highContrast);
    highContrast->trigger();
    const QPalette palette = QApplication::palette();
    // WCAG AAA: 7:1 for every text on its background, greyed text included.
    for (auto [text, background] : {std::pair{QPalette::WindowText, QPalette::Window}, std::pair{QPalette::Text, QPalette::Base},
                                    std::pair{QPalette::ButtonText, QPalette::Button},
                                    std::pair{QPalette::HighlightedText, QPalette::Highlight},
                                    std::pair{QPalette::ToolTipText, QPalette::ToolTipBase}}) {
        QVERIFY2(wcagContrast(palette.color(text), palette.color(background)) >= 7, qPrintable(QString::number(int(text))));
        QVERIFY(wcagContrast(palette.color(QPalette::Disabled, text), palette.color(background)) >= 7);
    }
    // The selection and the focus frame stand out from the background as well.
    QVERIFY(wcagContrast(palette.color(QPalette::Highlight), palette.color(QPalette::Window)) >= 7);
    QTRY_COMPARE(window.heatmap()->palette().color(QPalette::Base), palette.color(QPalette::Base));
    for (View v : allViews()) {
        QVERIFY(windowprobes::bringOnScreen(window, v));
        QCustomPlot* plot = window.plotView(v)->plot();
        plot->replot();
        const QColor background = plot->toPixmap().toImage().pixelColor(1, 1); // the corner: background
        const QString name = pe::ui::viewName(v);
        QVERIFY2(wcagContrast(plot->xAxis->tickLabelColor(), background) >= 7, qPrintable(name));
        QVERIFY2(wcagContrast(plot->xAxis->labelColor(), background) >= 7, qPrintable(name));
        // Grid lines are graphics a reader must see: 3:1 (WCAG's non-text contrast).
        if (plot->xAxis->grid()->visible() && plot->xAxis->grid()->pen().style() != Qt::NoPen)
            QVERIFY2(wcagContrast(plot->xAxis->grid()->pen().color(), background) >= 3,
                     qPrintable(name + QStringLiteral(": grid ") + plot->xAxis->grid()->pen().color().name()));
    }
    // A colour map keeps its meaning: viridis is viridis in every theme.
    QCOMPARE(window.heatmap()->colorMap()->gradient().color(0, QCPRange(0, 1)), viridisLow);
    QCOMPARE(window.heatmap()->colorMap()->gradient().color(1, QCPRange(0, 1)), viridisHigh);
}

void TestTheme::themeIsRemembered()
{
    {
        MainWindow window;
        themeAction(window, QStringLiteral("dark"))->trigger();
    }
    pe::ui::applyTheme(pe::ui::Theme::System);
    QVERIFY(!pe::ui::isDark(QApplication::palette()));
    MainWindow again;
    QVERIFY(pe::ui::isDark(QApplication::palette()));
    QVERIFY(themeAction(again, QStringLiteral("dark"))->isChecked());
    themeAction(again, QStringLiteral("system"))->trigger();
    QVERIFY(!pe::ui::isDark(QApplication::palette()));
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("system"));
}

void TestTheme::exportsStayOnPaper()
{
    // Every view's figure is the same image under either theme, and black on white.
    pe::ui::FigureSize size;
    size.pixels = QSize(480, 360);
    for (View v : allViews()) {
        pe::ui::ExportRequest request;
        request.view = v;
        pe::ui::applyTheme(pe::ui::Theme::Light);
        const QImage onLight = pe::ui::renderFigure(request, size);
        pe::ui::applyTheme(pe::ui::Theme::Dark);
        const QImage onDark = pe::ui::renderFigure(request, size);
        QVERIFY2(onLight == onDark, qPrintable(pe::ui::viewName(v)));
        QCOMPARE(onDark.pixelColor(1, 1), QColor(Qt::white));
    }
}

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
