// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/document.h"
#include "ui/window/language.h"

#include <QHash>
#include <QMainWindow>

class QDockWidget;
class QLabel;
class QToolButton;

namespace pe::ui {

class AnimationControls;
class NoteToast;
class ReadoutLabel;
class ControlsPanel;
class FormulaPanel;
class SweepAnimator;
class TableController;
class FileOpener;
class ExportController;
class HeatmapView;
class PlotView;
class SessionController;
class Stage;

/// Wires the document, the controls and the views together; it computes nothing itself.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const Settings& initial = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    ControlsPanel* controls() const { return m_controls; }
    ExportController* exporter() const { return m_exporter; }
    SessionController* sessions() const { return m_sessions; }
    TableController* tables() const { return m_tables; }
    /// The opener that answers `view`'s requests for files (ui/window/fileopener.h), or null.
    FileOpener* fileOpener(View view) const { return m_openers.value(view); }
    template <typename Opener> Opener* fileOpener(View view) const { return qobject_cast<Opener*>(fileOpener(view)); }
    HeatmapView* heatmap() const;
    /// The middle of the window: the chosen view, and a companion beside it when there is room.
    Stage* stage() const { return m_stage; }
    FormulaPanel* formula() const { return m_formula; }
    SweepAnimator* animator() const { return m_animator; }
    AnimationControls* animationControls() const { return m_animationControls; }
    /// The view showing `view`, on the stage or off it.
    PlotView* plotView(View view) const;
    bool presentationMode() const { return m_presentation; }
    /// The view the user turned to last (put on the stage, or clicked into); the heatmap at first.
    /// File ▸ Export and Copy figure start from it.
    View activeView() const { return m_activeView; }
    void setPresentationMode(bool on);
    /// Each view's explanation shown unless hidden (View ▸ Explanations) or presenting.
    void showExplanations();
    /// Shows the interface in `language` at once and remembers it. Widgets take their texts
    /// when they are built, so a new window replaces this one with the same settings (the
    /// views' options among them), layout, presentation mode and session file (the undo
    /// history starts afresh); this one is deleted later. Returns the window now shown (this
    /// one when the language does not change).
    MainWindow* switchLanguage(Language language);
    /// Shows `note` in the status line for ten seconds, in place of the settings.
    void showNote(const QString& note);
    /// What the status line says now.
    QString statusText() const;
    /// Says in the status line where an export wrote, with *Open folder* beside it for the
    /// note's ten seconds.
    void showWritten(const QString& path);
    /// The status bar's *Open folder* button (shown after an export).
    QToolButton* openFolderButton() const { return m_openFolder; }
    /// The docks' layout (QMainWindow::saveState()) and the stage's: what sessions and the
    /// next start restore.
    QByteArray saveLayout() const;
    /// Puts back a layout saveLayout() gave (or QMainWindow::saveState(), from before the
    /// stage) once the window has its size, and then gives the stage back its share if the
    /// saved docks took it.
    void restoreLayout(const QByteArray& state);
    /// View ▸ Reset layout: every dock back where a first start puts it, at the first start's
    /// sizes, and the heatmap on the stage.
    void resetLayout();

signals:
    void presentationModeChanged(bool on);
    /// Emitted by switchLanguage() once `successor` has taken this window's place.
    void replaced(pe::ui::MainWindow* successor);

protected:
    void closeEvent(class QCloseEvent* event) override;
    void showEvent(class QShowEvent* event) override;
    /// Each tab bar the docks get (Qt makes one whenever docks are tabbed together) shows its
    /// views' whole names, with scroll buttons when they do not all fit: "R…", "Si…" told nobody
    /// which view a tab holds.
    void childEvent(QChildEvent* event) override;

private:
    void createDocks();
    void createFormulaDock();
    void createMenus();
    void addViewActions(class QMenu* menu);
    void updateViewActions();
    /// Tab follows the screen (issue 50): the stage's regions (Stage::focusRegions()), then the
    /// docks; called whenever the views on the stage change.
    void updateTabOrder();
    /// F6 (direction 1) and Shift+F6 (−1): the focus to the next region's first control.
    void moveFocusToRegion(int direction);
    void arrangeDefaultDocks();
    void sizeDefaultDocks();
    void applyLayout();
    void keepStageShare();
    void updateStatus();
    void fitControlsWidth();
    void hideDocksForPresenting();

    Document* m_document;
    ExportController* m_exporter = nullptr;
    SessionController* m_sessions = nullptr;
    TableController* m_tables = nullptr;
    QHash<View, FileOpener*> m_openers; ///< per view that reads files from the window
    QAction* m_presentationAction = nullptr;
    QAction* m_explanationsAction = nullptr;
    ControlsPanel* m_controls = nullptr;
    Stage* m_stage = nullptr;
    QList<QAction*> m_viewActions; ///< View ▸ one per view, checked: the one on the stage
    QList<QDockWidget*> m_docks;   ///< the controls' and the formula's
    ReadoutLabel* m_status = nullptr;
    NoteToast* m_noteToast = nullptr;
    QString m_note; ///< showNote()'s text while it is shown
    QToolButton* m_openFolder = nullptr; ///< beside the note of an export
    QString m_writtenFolder;             ///< the folder m_openFolder opens
    FormulaPanel* m_formula = nullptr;
    SweepAnimator* m_animator = nullptr;
    AnimationControls* m_animationControls = nullptr;
    bool m_presentation = false;
    QByteArray m_pendingLayout; ///< restored when the window is shown (it has its size then)
    bool m_layoutApplied = false;
    View m_activeView = views::heatmap;
    QDockWidget* m_controlsDock = nullptr;
    QDockWidget* m_formulaDock = nullptr;
    QByteArray m_docksBeforePresenting; ///< QMainWindow's state when presenting began; empty otherwise
};

} // namespace pe::ui
