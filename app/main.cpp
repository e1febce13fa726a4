// SPDX-License-Identifier: MIT
#include "app/commandline.h"
#include "app/headlessexport.h"
#include "app/viewfiles.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"
#include "app/memoryreuse.h"
#include "app/testhook.h"
#include "ui/state/preferences.h"
#include "ui/window/recoverycontroller.h"
#include "ui/window/sessioncontroller.h"
#include "ui/window/tablecontroller.h"
#include "ui/views/viewfactory.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTextStream>

#include <limits>
#include <memory>

#include <unistd.h>

namespace {

QStringList argumentList(int argc, char** argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    return arguments;
}

bool displayAvailable()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

/// The window draws smaller sizes than the core can export; say so instead of clamping.
QString windowLimitError(const pe::app::LaunchOptions& options)
{
    using pe::ui::WindowLimits;
    if (options.spec.dModel > WindowLimits::maxDModel)
        return QStringLiteral("--d-model: '%1' is more than the window shows; allowed: 1 to %2 (use --export for larger)")
            .arg(options.spec.dModel).arg(WindowLimits::maxDModel);
    if (options.spec.maxLen > WindowLimits::maxMaxLen)
        return QStringLiteral("--max-len: '%1' is more than the window shows; allowed: 1 to %2 (use --export for larger)")
            .arg(options.spec.maxLen).arg(WindowLimits::maxMaxLen);
    if (options.spec.base < WindowLimits::minBase || options.spec.base > WindowLimits::maxBase)
        return QStringLiteral("--base: '%1' is outside what the window shows; allowed: %2 to %3")
            .arg(options.spec.base).arg(WindowLimits::minBase).arg(WindowLimits::maxBase);
    if (options.spec.firstPosition > WindowLimits::maxFirstPosition)
        return QStringLiteral("--first-position: '%1' is more than the window shows; allowed: 0 to %2")
            .arg(options.spec.firstPosition).arg(WindowLimits::maxFirstPosition);
    // The offset's slider and spin box hold an int.
    if (options.state.offset > std::numeric_limits<int>::max())
        return QStringLiteral("--offset: '%1' is more than the window shows; allowed: up to %2 (use --export for larger)")
            .arg(options.state.offset).arg(std::numeric_limits<int>::max());
    return {};
}

/// Qt warns on every start when XDG_RUNTIME_DIR is unset (containers, CI, ssh): give it the
/// private folder it would fall back to anyway, silently.
void ensureRuntimeDirectory()
{
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        return;
    const QString path = QDir::tempPath() + QStringLiteral("/runtime-pe-explorer-") + QString::number(getuid());
    if (QDir().mkpath(path)) {
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(path));
    }
}

} // namespace

int main(int argc, char** argv)
{
    pe::app::reuseFreedMemory();
    const QStringList arguments = argumentList(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("PE Explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PE_EXPLORER_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("PE Explorer"));
    // Wayland compositors find the icon and name through the installed .desktop file.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.peexplorer.PEExplorer"));

    // Start-up in phases (docs/architecture.md, "Adding a view"): 1. the views, 2. the command
    // line, 3. the preferences, 4. the window. Nothing before this line reads the catalogue.
    pe::ui::registerViews(); // 1: every view's names, options and command-line options, its widget
    // 2: arguments are checked before any window system is touched: bad arguments, --help and
    // --version answer the same with or without a display.
    const auto parsed = pe::app::parseCommandLine(arguments);
    if (const auto* early = std::get_if<pe::app::EarlyExit>(&parsed)) {
        QTextStream(early->exitCode == 0 ? stdout : stderr) << early->text << Qt::endl;
        return early->exitCode;
    }
    const auto& options = std::get<pe::app::LaunchOptions>(parsed);
    const bool headless = !options.exportPath.isEmpty();
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!headless && !displayAvailable()) {
        QTextStream(stderr) << "pe-explorer: no display found (DISPLAY and WAYLAND_DISPLAY are not set).\n"
                               "Use --export FILE to write a figure or data without a window, or run under xvfb-run.\n";
        return 1;
    }
    ensureRuntimeDirectory();

    QApplication application(argc, argv);
    if (headless)
        return pe::app::runHeadlessExport(options);

    if (const QString error = windowLimitError(options); !error.isEmpty()) {
        QTextStream(stderr) << "pe-explorer: " << error << Qt::endl;
        return 2;
    }
    // Only the window speaks the chosen language: --help, the messages above and headless
    // exports stay English whatever was chosen.
    pe::ui::installLanguage(pe::ui::rememberedLanguage());
    // On the heap: View ▸ Language replaces the window with a new one and deletes this one.
    // Without a session, the views with options of their own start from those used last
    // (unless the command line set them: a model, a method, a grid).
    // A file the command line names for a view (--t5-biases) is told now if it cannot be used;
    // the window's controllers read it again (a session's or the last one used: in the window).
    // 3: the views' options used last, where the command line set none.
    const auto start = pe::app::windowStartReadingFiles(options, pe::ui::Preferences::allViewOptions());
    if (const auto* error = std::get_if<QString>(&start)) {
        QTextStream(stderr) << "pe-explorer: " << *error << Qt::endl;
        return 2;
    }
    const pe::ui::ViewState& state = std::get<pe::ui::ViewState>(start);
    // 4: the window.
    auto* window = new pe::ui::MainWindow(pe::ui::Settings{options.spec, state});
    if (options.session)
        window->sessions()->adopt(options.sessionPath, *options.session);
    window->show(); // restores the saved layout, the stage's view with it
    if (options.viewGiven)
        window->stage()->choose(options.view);
    if (!options.encodingPath.isEmpty()) {
        window->tables()->open(options.encodingPath, options.encodingTensor, !options.sizeGiven);
        if (!options.viewGiven) // a table a view claims (a vision transformer's: the grid) goes on it
            window->tables()->showClaimingViewWhenLoaded();
    }
    const bool unattended = pe::app::isUnattendedRun();

    // Autosave into a recovery file of this process's own; then the work a crashed window left
    // behind, offered back (an unattended run has nobody to ask).
    pe::ui::RecoveryStore recoveryStore;
    QString recoveryError;
    const QString recoveryPath = recoveryStore.claim(&recoveryError);
    std::unique_ptr<pe::ui::RecoveryController> autosave;
    if (!recoveryPath.isEmpty())
        autosave = std::make_unique<pe::ui::RecoveryController>(recoveryPath, window);
    else
        window->showNote(pe::ui::RecoveryController::noAutosaveNote(recoveryError));
    using Recovery = pe::app::LaunchOptions::Recovery;
    if (options.recovery == Recovery::Restore || (options.recovery == Recovery::Ask && !unattended))
        pe::ui::offerRecovery(window, recoveryStore, autosave.get(), options.recovery == Recovery::Restore);

    pe::app::quitAfterFirstFrame(window);
    const int exitCode = application.exec();
    // A normal end: nothing to recover (a crash never gets here, and leaves the file).
    if (autosave)
        autosave->finish();
    recoveryStore.release();
    // The window shown last (the first one, or the one that replaced it). Listed first: deleting
    // a window deletes its menus, which are top-level widgets too.
    QList<pe::ui::MainWindow*> windows;
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (auto* mainWindow = qobject_cast<pe::ui::MainWindow*>(widget))
            windows.append(mainWindow);
    qDeleteAll(windows);
    return exitCode;
}
