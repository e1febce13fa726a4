// SPDX-License-Identifier: MIT
#pragma once

#include "ui/window/mainwindow.h"

#include <QObject>

#include <memory>

class QAction;
class QKeySequence;
class QSlider;

namespace pe::ui {
class ControlsPanel;
}

/// The main window driven as a user drives it. The tests of what the controls do to the
/// plotted data live in tst_mainwindow.cpp, those of selection, undo, robustness and the
/// window's own state in tst_mainwindow_interaction.cpp.
class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();

    void startsWithTheClassicFigure();
    void dModelSpinResizesTheViews_data();
    void dModelSpinResizesTheViews();
    void dModelSliderIsLogarithmic_data();
    void dModelSliderIsLogarithmic();
    void maxLenSetsTheRows_data();
    void maxLenSetsTheRows();
    void baseReachesTheCells_data();
    void baseReachesTheCells();
    void layoutAndFrequenciesReachTheCells_data();
    void layoutAndFrequenciesReachTheCells();
    void firstPositionShiftsTheRows_data();
    void firstPositionShiftsTheRows();
    void positionMovesInspectorAndMarkers_data();
    void positionMovesInspectorAndMarkers();
    void offsetMovesTheShiftedVector_data();
    void offsetMovesTheShiftedVector();
    void offsetControlsFollowAShorterMaxLen();
    void colormapChangesTheGradients_data();
    void colormapChangesTheGradients();
    void cosineMakesTheDiagonalOne();
    void denseCurvesAreNotAntialiasedButFiguresAre();
    void viewsThatReadFilesBringTheirOwnOpeners();
    void waveDimsChooseTheWaves_data();
    void waveDimsChooseTheWaves();
    void waveLegendComesBackUnderTheTitle();
    void wavesSayWhereTheyStopBeyondMaxLen100();
    void clickingAHeatmapCellSelectsIt_data();
    void clickingAHeatmapCellSelectsIt();
    void clickingTheSimilarityMatrixSelectsAPosition_data();
    void clickingTheSimilarityMatrixSelectsAPosition();
    void hiddenViewsDrawNothingUntilShown();
    void bandSelectionHighlightsColumns_data();
    void bandSelectionHighlightsColumns();
    void undoRedoRestoresControlsExactly();
    void undoShortcutAfterTypingIntoASpinBox();
    void aSliderDragIsOneUndoStep_data();
    void aSliderDragIsOneUndoStep();
    void hoverShowsTheCellValue_data();
    void hoverShowsTheCellValue();
    void survivesATinyWindow();
    void survivesTheSmallestSpec();
    void layoutChangeDuringAMaxLenDrag();
    void wavesSurviveADModelDragThroughSmallValues();
    void largestSpecKeepsTheWindowResponsive();
    void presentationModeEnlargesFonts_data();
    void presentationModeEnlargesFonts();
    void windowRemembersItsLayout();

private:
    pe::ui::ControlsPanel* controls() const { return m_window->controls(); }
    pe::ui::Document* document() const { return m_window->document(); }
    template <typename T>
    T* view(pe::ui::View which) const { return qobject_cast<T*>(m_window->plotView(which)); }
    QAction* menuAction(const QString& menu, const QKeySequence& shortcut) const;
    QSlider* slider(const QString& name) const;

    std::unique_ptr<pe::ui::MainWindow> m_window;
};
