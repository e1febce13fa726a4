// SPDX-License-Identifier: MIT
#include "ui/window/mainwindow.h"

#include "ui/controls/animationcontrols.h"
#include "ui/controls/presentingcontrols.h"
#include "ui/controls/controlspanel.h"
#include "ui/export/exportcontroller.h"
#include "ui/controls/formulapanel.h"
#include "ui/views/heatmapview.h"
#include "ui/state/preferences.h"
#include "ui/window/sessioncontroller.h"
#include "ui/window/tablecontroller.h"
#include "ui/widgets/textlabels.h"
#include "ui/widgets/notetoast.h"
#include "ui/widgets/focusorder.h"
#include "ui/window/fileopener.h"
#include "ui/window/guidedialog.h"
#include "ui/window/shortcutsdialog.h"
#include "ui/window/stage.h"
#include "ui/window/theme.h"

#include <algorithm>

#include <QActionGroup>
#include <QApplication>
#include <QDataStream>
#include <QChildEvent>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QIcon>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <qcustomplot.h>

namespace pe::ui {

namespace {

/// Lets the window's own shortcuts win over text fields: a line edit or spin box claims some
/// Ctrl keys for editing (Ctrl+E: end of line) through ShortcutOverride, and the menu's
/// shortcut then does nothing while the field has focus.
class WindowShortcutsFirst : public QObject {
public:
    WindowShortcutsFirst(QWidget* window, QList<QKeySequence> keys)
        : QObject(window), m_window(window), m_keys(std::move(keys)) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ShortcutOverride)
            return false;
        const auto* widget = qobject_cast<QWidget*>(watched);
        const auto* key = static_cast<QKeyEvent*>(event);
        if (!widget || widget->window() != m_window || !m_keys.contains(QKeySequence(key->keyCombination())))
            return false;
        event->ignore(); // not overridden: the shortcut map runs the action
        return true;
    }

private:
    QWidget* m_window;
    QList<QKeySequence> m_keys;
};

} // namespace

MainWindow::MainWindow(const Settings& initial, QWidget* parent)
    : QMainWindow(parent), m_document(new Document(this, 0)) // views report themselves as they are shown
{
    setWindowTitle(tr("PE Explorer — sinusoidal positional encoding"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/pe-explorer.svg"))); // dialogs inherit it
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    applyTheme(rememberedTheme());
    m_document->apply(initial);

    if (!restoreGeometry(Preferences::windowGeometry())) {
        const QRect screen = QApplication::primaryScreen() ? QApplication::primaryScreen()->availableGeometry()
                                                           : QRect(0, 0, 1366, 768);
        resize(std::min(1500, screen.width()), std::min(900, screen.height()));
    }
    m_exporter = new ExportController(m_document, this);
    m_tables = new TableController(m_document, this, [this](const QString& note) { showNote(note); });
    // A table a view claims, opened from the menu (a vision transformer's: the grid): that view
    // on the stage, the heatmap beside (unless the user had put another view there).
    connect(m_tables, &TableController::tableClaimed, this, [this](View view) {
        if (stage()->chosen() != views::heatmap)
            return;
        stage()->choose(view);
        stage()->setBeside(views::heatmap);
    });
    m_sessions = new SessionController(m_document, this,
                                       {[this] { return presentationMode(); }, [this](bool on) { setPresentationMode(on); },
                                        [this](const QByteArray& state) { restoreLayout(state); },
                                        [this] { return m_tables->reference(); },
                                        [this](const TableReference& table) { m_tables->showReference(table); },
                                        [this] { return saveLayout(); }});
    connect(this, &MainWindow::presentationModeChanged, m_sessions, &SessionController::updateTitle);
    m_stage = new Stage(m_document);
    for (PlotView* view : m_stage->views()) {
        connect(view, &PlotView::exportRequested, m_exporter, &ExportController::exportInteractively);
        connect(view, &PlotView::activated, this, [this](View v) { m_activeView = v; });
    }
    connect(m_stage, &Stage::chosenChanged, this, [this](View v) {
        m_activeView = v;
        updateViewActions();
    });
    setCentralWidget(m_stage);
    // The views' requests for files: answered by each one's opener, views do no file I/O.
    registerFileOpeners();
    for (const auto& [view, create] : fileOpeners()) {
        FileOpener* opener = create(m_document, this);
        opener->attach(plotView(view));
        connect(opener, &FileOpener::shown, this, [this, shownView = view] { m_stage->choose(shownView); });
        m_openers.insert(view, opener);
    }
    createDocks();
    createMenus();
    updateTabOrder();
    connect(m_stage, &Stage::placed, this, &MainWindow::updateTabOrder);
    connect(this, &MainWindow::presentationModeChanged, this, &MainWindow::updateTabOrder);

    // One line, elided: a long note once made the window wider than the screen.
    m_status = new ReadoutLabel(1);
    statusBar()->addWidget(m_status, 1);
    m_noteToast = new NoteToast(this);
    m_openFolder = new QToolButton;
    m_openFolder->setText(tr("Open folder"));
    m_openFolder->setAutoRaise(true);
    m_openFolder->setToolTip(tr("Open the folder the export wrote to in the file manager"));
    m_openFolder->hide();
    statusBar()->addPermanentWidget(m_openFolder);
    connect(m_openFolder, &QToolButton::clicked, this, [this] {
        if (!QDesktopServices::openUrl(QUrl::fromLocalFile(m_writtenFolder)))
            showNote(tr("No file manager could open %1").arg(QDir::toNativeSeparators(m_writtenFolder)));
    });
    connect(m_exporter, &ExportController::written, this, &MainWindow::showWritten);
    connect(m_document, &Document::changed, this, &MainWindow::updateStatus);
    // The views' options a new window starts from: the last ones used (main() reads them).
    // Written when they change, each view's only when its own did (a slider drag of one view
    // must not rewrite the others' on every step).
    QMap<QString, QVariantMap> startOptions;
    for (const ViewDescription& d : viewCatalog())
        if (hasOwnOptions(d.view))
            startOptions.insert(viewName(d.view), m_document->state().optionsOf(d.view));
    connect(m_document, &Document::changed, this, [this, written = std::move(startOptions)](Changes what) mutable {
        if (!(what & Change::ViewOptions))
            return;
        for (const ViewDescription& d : viewCatalog()) {
            const QString key = viewName(d.view);
            if (const QVariantMap now = m_document->state().optionsOf(d.view); hasOwnOptions(d.view) && written.value(key) != now) {
                Preferences::setViewOptions(d.view, now);
                written.insert(key, now);
            }
        }
    });
    connect(m_document, &Document::frameReady, this, &MainWindow::updateStatus);

    // Dock sizes are saved in pixels: restored before the window has its size, the central
    // heatmap takes whatever the docks leave (once 120 px after a language switch).
    m_pendingLayout = Preferences::windowState();
    for (PlotView* view : m_stage->views())
        view->refresh();
    updateStatus();
    if (Preferences::presentationMode())
        m_presentationAction->setChecked(true);
    showExplanations();
}

MainWindow::~MainWindow()
{
    // Destroyed while shown (a test's or a benchmark's window, make_screenshot), QWidget's
    // destructor deactivates the window when parts of it are already gone, and the
    // deactivation event reached a destroyed widget (a crash in QApplication::setActiveWindow,
    // every bench_window row on Qt 6.4). Hidden first, everything is still whole. Floating
    // docks are windows of their own: hidden with the rest while their views' document lives
    // (destroyed later, a floating view told the gone document it was hidden: a crash on quit).
    for (QDockWidget* dock : m_docks)
        dock->hide();
    hide();
}

void MainWindow::createDocks()
{
    m_controls = new ControlsPanel(m_document);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_animator = new SweepAnimator(m_document, this);
    m_animationControls = new AnimationControls(m_animator);
    m_controls->addAnimationControls(m_animationControls);
    auto* presenting = new PresentingControls(m_document, m_animationControls->playAction());
    m_stage->setPresentingControls(presenting);
    // The offset k on the bar for the views about it (F5 hides the controls panel that has it).
    const auto offsetFor = [presenting](View view) { presenting->setOffsetShown(describeView(view).followsOffset); };
    offsetFor(m_stage->chosen());
    connect(m_stage, &Stage::chosenChanged, presenting, offsetFor);
    scroll->setMinimumWidth(m_controls->minimumSizeHint().width() + 20);
    auto* controlsDock = new QDockWidget(tr("Controls"), this);
    controlsDock->setObjectName(QStringLiteral("controlsDock"));
    controlsDock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock);
    m_docks.append(controlsDock);
    m_controlsDock = controlsDock;
    createFormulaDock();
    arrangeDefaultDocks();
}

void MainWindow::childEvent(QChildEvent* event)
{
    QMainWindow::childEvent(event);
    // Polished: whole (at ChildAdded it is still being constructed), and set up by Qt's
    // layout, which asks for elided text.
    if (event->type() != QEvent::ChildPolished)
        return;
    if (auto* bar = qobject_cast<QTabBar*>(event->child())) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
        bar->setExpanding(false);
    }
}

void MainWindow::arrangeDefaultDocks()
{
    // Controls and formula on the left, one above the other; the stage takes the rest.
    for (QDockWidget* dock : std::as_const(m_docks)) {
        dock->setFloating(false);
        removeDockWidget(dock);
    }
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);
    splitDockWidget(m_controlsDock, m_formulaDock, Qt::Vertical);
    for (QDockWidget* dock : std::as_const(m_docks))
        dock->show();
}

void MainWindow::sizeDefaultDocks()
{
    // The controls what they need; the stage, the centre of attention, everything else.
    resizeDocks({m_controlsDock}, {m_controlsDock->widget()->minimumWidth()}, Qt::Horizontal);
}

void MainWindow::resetLayout()
{
    m_stage->reset();
    arrangeDefaultDocks();
    if (m_presentation) {
        // Reset while presenting: the first start's docks are where presenting ends.
        m_docksBeforePresenting = saveState();
        hideDocksForPresenting();
    }
    // Sized once the docks are back in their places (the next turn of the event loop).
    QTimer::singleShot(0, this, &MainWindow::sizeDefaultDocks);
}

namespace {
constexpr quint32 layoutMagic = 0x50454c59; // "PELY": the docks' state and the stage's
} // namespace

QByteArray MainWindow::saveLayout() const
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    const bool presenting = m_presentation && !m_docksBeforePresenting.isEmpty();
    out << layoutMagic << (presenting ? m_docksBeforePresenting : saveState()) << m_stage->saveState();
    return bytes;
}

void MainWindow::restoreLayout(const QByteArray& state)
{
    m_pendingLayout = state;
    m_layoutApplied = false;
    if (isVisible())
        applyLayout();
}

void MainWindow::applyLayout()
{
    m_layoutApplied = true;
    // A layout saved before the stage (QMainWindow's state alone) still puts the docks back.
    QByteArray docks = m_pendingLayout, stage;
    QDataStream in(m_pendingLayout);
    quint32 magic = 0;
    in >> magic;
    if (magic == layoutMagic) {
        in >> docks >> stage;
        if (in.status() != QDataStream::Ok)
            docks.clear();
    }
    const bool restored = !docks.isEmpty() && restoreState(docks);
    if (m_presentation) {
        // Restored into a presentation: these are the places the docks go back to.
        m_docksBeforePresenting = saveState();
        hideDocksForPresenting();
    }
    if (stage.isEmpty() || !m_stage->restoreState(stage))
        m_stage->reset();
    m_pendingLayout.clear();
    // Sizes take once the docks have been laid out in the window (the next turn of the loop).
    QTimer::singleShot(0, this, [this, restored] {
        if (!restored)
            sizeDefaultDocks();
        keepStageShare();
    });
}

void MainWindow::keepStageShare()
{
    // A saved layout may come from a wider window, from longer texts in another language, or
    // from a user who dragged the docks too far: the docks beside the stage give back width
    // until it has half of the window again (their minimum widths permitting).
    constexpr double least = 0.45, restored = 0.5;
    if (m_stage->width() >= least * width())
        return;
    QList<QDockWidget*> docks;
    QList<int> widths;
    int besides = 0;
    for (const Qt::DockWidgetArea area : {Qt::LeftDockWidgetArea, Qt::RightDockWidgetArea}) {
        int areaWidth = 0;
        for (QDockWidget* dock : std::as_const(m_docks))
            if (!dock->isHidden() && !dock->isFloating() && dockWidgetArea(dock) == area) {
                docks.append(dock);
                widths.append(dock->width());
                areaWidth = std::max(areaWidth, dock->width());
            }
        besides += areaWidth;
    }
    const int excess = int(restored * width()) - m_stage->width();
    if (besides <= 0 || excess <= 0)
        return;
    const double factor = std::max(0.0, double(besides - excess) / besides);
    for (int& w : widths)
        w = int(w * factor);
    resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::createFormulaDock()
{
    m_formula = new FormulaPanel(m_document); // its text scrolls itself when the dock is short
    auto* formulaDock = new QDockWidget(tr("Formula"), this);
    formulaDock->setObjectName(QStringLiteral("formulaDock"));
    formulaDock->setWidget(m_formula);
    // Under the controls, so that the heatmap and its formula are in view together.
    splitDockWidget(m_controlsDock, formulaDock, Qt::Vertical);
    m_docks.append(formulaDock);
    m_formulaDock = formulaDock;
}

void MainWindow::addViewActions(QMenu* menu)
{
    // Every view in the catalogue's order: Ctrl+1 … Ctrl+9, Ctrl+0 for the first ten, and
    // Ctrl+Page Down / Up through all of them.
    auto* group = new QActionGroup(this);
    int index = 0;
    for (const ViewDescription& d : viewCatalog()) {
        QAction* show = menu->addAction(viewTitle(d.view));
        show->setObjectName(QString::fromLatin1(d.key) + QStringLiteral("ViewAction"));
        show->setCheckable(true);
        show->setData(int(d.view));
        group->addAction(show);
        show->setToolTip(tr("Put the %1 view on the stage").arg(viewTitle(d.view)));
        if (index < 10) {
            show->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + (index + 1) % 10)));
            // The bar's button tells its key, as a menu entry does.
            if (QToolButton* button = m_stage->button(d.view))
                button->setToolTip(tr("Put the %1 view on the stage (%2)")
                                       .arg(viewTitle(d.view), show->shortcut().toString(QKeySequence::NativeText)));
        }
        connect(show, &QAction::triggered, this, [this, v = d.view] { m_stage->choose(v); });
        m_viewActions.append(show);
        ++index;
    }
    const auto step = [this](int by) {
        const auto& views = viewCatalog();
        qsizetype at = 0;
        while (at < qsizetype(views.size()) && views[at].view != m_stage->chosen())
            ++at;
        const auto count = qsizetype(views.size());
        m_stage->choose(views[((at + by) % count + count) % count].view);
    };
    QAction* next = menu->addAction(tr("&Next view"), this, [step] { step(1); });
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    QAction* previous = menu->addAction(tr("Pre&vious view"), this, [step] { step(-1); });
    previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    menu->addSeparator();
    QAction* nextRegion = menu->addAction(tr("Next &region"), this, [this] { moveFocusToRegion(1); });
    nextRegion->setShortcut(QKeySequence(Qt::Key_F6));
    nextRegion->setToolTip(tr("The keyboard's focus to the next part of the window: the bar of views, the view's "
                              "controls, its plot, the view beside it, the panels (F6; Shift+F6 goes back)"));
    QAction* previousRegion = menu->addAction(tr("Previous re&gion"), this, [this] { moveFocusToRegion(-1); });
    previousRegion->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    updateViewActions();
}

void MainWindow::updateTabOrder()
{
    QList<QWidget*> chain;
    for (const QList<QWidget*>& region : m_stage->focusRegions())
        chain += region;
    for (QDockWidget* dock : std::as_const(m_docks))
        chain += tabStopsIn(dock->widget());
    chainTabOrder(chain);
}

void MainWindow::moveFocusToRegion(int direction)
{
    QList<QList<QWidget*>> regions = m_stage->focusRegions();
    for (QDockWidget* dock : std::as_const(m_docks))
        if (dock->isVisible())
            regions.append(tabStopsIn(dock->widget()));
    const auto count = regions.size();
    QWidget* focus = QApplication::focusWidget();
    qsizetype current = direction > 0 ? -1 : count;
    for (qsizetype i = 0; focus && i < count; ++i)
        if (std::any_of(regions[i].begin(), regions[i].end(), [focus](QWidget* w) { return w == focus || w->isAncestorOf(focus); }))
            current = i;
    for (qsizetype step = 1; step <= count; ++step)
        if (QWidget* target = firstFocusable(regions[((current + direction * step) % count + count) % count])) {
            target->setFocus(Qt::OtherFocusReason);
            return;
        }
}

void MainWindow::updateViewActions()
{
    for (QAction* action : std::as_const(m_viewActions))
        action->setChecked(View(action->data().toInt()) == m_stage->chosen());
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_sessions->addActions(file);
    file->addSeparator();
    m_tables->addActions(file);
    for (const auto& [view, create] : fileOpeners()) // the views' own Open… items, in the bar's order
        if (FileOpener* opener = m_openers.value(view))
            if (QAction* open = opener->openAction(file))
                file->addAction(open);
    file->addSeparator();
    QAction* exportAction = file->addAction(tr("&Export…"), this, [this] { m_exporter->exportInteractively(m_activeView); });
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    // Text fields take Ctrl+E as "end of line", exactly when a value was just typed: Export wins.
    qApp->installEventFilter(new WindowShortcutsFirst(this, {exportAction->shortcut()}));
    exportAction->setToolTip(tr("Save a view as a PDF, SVG or PNG figure, or its data as .npy or .csv"));
    QAction* copy = file->addAction(tr("&Copy figure"), this, [this] { m_exporter->copyFigure(m_activeView); });
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setToolTip(tr("Put the figure of the view in use and the command that re-makes it on the clipboard"));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    // Ctrl+Y everywhere, but once: where it already is the platform's Redo (Windows), listing
    // it twice makes the key ambiguous and it does nothing.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Y)))
        redoKeys.append(QKeySequence(Qt::CTRL | Qt::Key_Y));
    redo->setShortcuts(redoKeys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* reset = edit->addAction(tr("Reset to &defaults"), m_document, &Document::resetToDefaults);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    addViewActions(view);
    view->addSeparator();
    for (QDockWidget* dock : m_docks)
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QAction* resetLayout = view->addAction(tr("Reset &layout"), this, &MainWindow::resetLayout);
    resetLayout->setToolTip(tr("Put every panel back where it was at the first start, the heatmap on the stage"));
    m_explanationsAction = view->addAction(tr("&Explanations above the plots"));
    m_explanationsAction->setCheckable(true);
    m_explanationsAction->setChecked(Preferences::showExplanations());
    m_explanationsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    m_explanationsAction->setToolTip(tr("The paragraph each view opens with: hide it to give the plots its height (Ctrl+F1)"));
    connect(m_explanationsAction, &QAction::toggled, this, [this](bool on) {
        Preferences::setShowExplanations(on);
        showExplanations();
    });
    m_presentationAction = view->addAction(tr("&Presentation mode"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setToolTip(tr("For projectors: larger fonts and thicker lines, only the main controls, no explanations (F5)"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    view->addMenu(createThemeMenu(this));
    view->addMenu(createLanguageMenu(this, [this](Language language) { switchLanguage(language); }));

    QMenu* animation = menuBar()->addMenu(tr("&Animation"));
    const QList<QAction*> animationActions = m_animationControls->menuActions();
    animation->addActions(animationActions.mid(0, 3));
    animation->addSeparator();
    animation->addActions(animationActions.mid(3));
    animation->setToolTipsVisible(true);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* shortcuts = help->addAction(tr("&Keyboard shortcuts…"), this, [this] {
        auto* dialog = new ShortcutsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    shortcuts->setShortcut(QKeySequence::HelpContents);
    QAction* guide = help->addAction(tr("&Guide…"), this, [this] {
        auto* dialog = new GuideDialog(m_stage, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    guide->setObjectName(QStringLiteral("guideAction"));
    guide->setStatusTip(tr("A short tour of the window and of every view"));
    help->addSeparator();
    help->addAction(tr("&About PE Explorer"), this, [this] {
        QMessageBox::about(this, tr("About PE Explorer"),
                           tr("<h3>PE Explorer %1</h3><p>See and explore the sinusoidal positional encoding "
                              "of Transformers: PE(pos, 2i) = sin(pos / base<sup>2i/d</sup>), "
                              "PE(pos, 2i+1) = cos(pos / base<sup>2i/d</sup>).</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

MainWindow* MainWindow::switchLanguage(Language language)
{
    if (language == installedLanguage())
        return this;
    rememberLanguage(language);
    m_animator->setPlaying(false); // a sweep runs in this window's undo stack
    const Session snapshot = m_sessions->currentSession();
    installLanguage(language);
    auto* successor = new MainWindow(snapshot.settings);
    successor->restoreGeometry(snapshot.windowGeometry);
    successor->restoreLayout(snapshot.windowState);
    successor->setPresentationMode(snapshot.presentation);
    successor->sessions()->continueFrom(*m_sessions);
    if (isVisible())
        successor->show();
    successor->showNote(tr("Language changed; the undo history starts afresh."));
    emit replaced(successor);
    hide();
    deleteLater();
    return successor;
}

PlotView* MainWindow::plotView(View view) const { return m_stage->view(view); }

HeatmapView* MainWindow::heatmap() const { return qobject_cast<HeatmapView*>(m_stage->view(views::heatmap)); }

void MainWindow::showExplanations()
{
    // A presenting teacher says them; a reader who knows them gives their height to the plots.
    const bool shown = !m_presentation && (!m_explanationsAction || m_explanationsAction->isChecked());
    for (PlotView* view : m_stage->views())
        view->setExplanationVisible(shown);
}

void MainWindow::setPresentationMode(bool on)
{
    if (m_presentationAction && m_presentationAction->isChecked() != on) {
        m_presentationAction->setChecked(on); // calls back here through toggled
        return;
    }
    const bool changed = on != m_presentation;
    if (changed && on) {
        // The docks' places and sizes as they were, for the end of the presentation and for a
        // layout saved during it (it must not remember docks that only presenting hid).
        m_docksBeforePresenting = saveState();
        hideDocksForPresenting();
    }
    m_presentation = on;
    Preferences::setPresentationMode(on);
    const double scale = on ? 1.7 : 1.0;
    QFont font = QApplication::font();
    font.setPointSizeF(QFont().pointSizeF() * scale);
    // Hidden while presenting, but View ▸ Controls brings them back at the room's size.
    m_controls->setFont(font);
    m_controls->setSimplified(on);
    remeasureComboBoxes(this);
    fitControlsWidth();
    m_status->setFont(font);
    // The status line repeats the plot's subtitle; presenting, the plot takes its height (a
    // note then stands over the bottom edge, NoteToast).
    statusBar()->setVisible(!on);
    m_formula->setScale(scale);
    for (PlotView* view : m_stage->views())
        view->setScale(scale);
    m_stage->setPresenting(on, scale); // the chosen view alone, the bar's names as large as the controls
    showExplanations();
    if (changed && !on) {
        // The controls column gives its width back once the smaller font has been laid out
        // (kept, it left no room for the heatmap beside a view): the layouts' requests climb
        // from the boxes to the window one level per request, so they are all sent before the
        // docks come back in their places and sizes.
        for (int level = 0; level < 8; ++level)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        fitControlsWidth();
        if (m_docksBeforePresenting.isEmpty() || !restoreState(m_docksBeforePresenting))
            for (QDockWidget* dock : std::as_const(m_docks))
                dock->show();
        m_docksBeforePresenting.clear();
    }
    if (changed)
        emit presentationModeChanged(on);
}

void MainWindow::hideDocksForPresenting()
{
    // The room is for the view: the controls a teacher drags are on the stage's bar, and the
    // formula is what the teacher says.
    for (QDockWidget* dock : std::as_const(m_docks))
        dock->hide();
}

void MainWindow::fitControlsWidth()
{
    // The controls column grows with its font instead of cutting the spin boxes off.
    if (auto* scroll = qobject_cast<QScrollArea*>(m_controlsDock->widget())) {
        m_controls->layout()->activate();
        scroll->setMinimumWidth(m_controls->minimumSizeHint().width() + 20);
    }
}

void MainWindow::showNote(const QString& note)
{
    // In the status line itself: QStatusBar's temporary message was drawn over the status text
    // when it was given before the window was shown.
    m_note = note;
    m_openFolder->hide(); // showWritten() shows it again for its own note
    updateStatus();
    // Wider than the status line, or presenting (no status line): shown whole over the bottom
    // edge for the note's ten seconds.
    if (m_status->isCut() || m_presentation)
        m_noteToast->showNote(note, statusBar()->isVisible() ? statusBar()->geometry().top() - 4 : height() - 4, 10000);
    QTimer::singleShot(10000, this, [this, note] {
        if (m_note == note) {
            m_note.clear();
            m_openFolder->hide();
            updateStatus();
        }
    });
}

void MainWindow::showWritten(const QString& path)
{
    const QFileInfo file(path);
    m_writtenFolder = file.absolutePath();
    showNote(tr("Wrote %1 in %2").arg(file.fileName(), QDir::toNativeSeparators(m_writtenFolder)));
    m_openFolder->show();
}

QString MainWindow::statusText() const { return m_status->fullText(); }

void MainWindow::updateStatus()
{
    if (!m_note.isEmpty()) {
        m_status->setFullText(m_note);
        return;
    }
    const auto& s = m_document->spec();
    QString text = tr("d_model %1 · max_len %2 · base %3 · position %4 · offset %5")
                       .arg(s.dModel).arg(s.maxLen).arg(s.base).arg(s.firstPosition + m_document->state().position)
                       .arg(m_document->state().offset);
    if (!m_document->isFrameCurrent())
        text += tr(" · computing…");
    m_status->setFullText(text);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_layoutApplied)
        applyLayout(); // now that the window has its size
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    Preferences::setWindowGeometry(saveGeometry());
    Preferences::setWindowState(saveLayout());
    if (const QString error = Preferences::saveError(); !error.isEmpty())
        QMessageBox::warning(this, tr("Preferences not saved"), error);
    event->accept();
}

} // namespace pe::ui
