// SPDX-License-Identifier: MIT
#include "ui/window/sessioncontroller.h"

#include "ui/document/document.h"
#include "ui/state/preferences.h"
#include "ui/state/recentfolder.h"

#include <QAbstractFileIconProvider>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>

namespace pe::ui {

SessionController::SessionController(Document* document, QMainWindow* window, SessionWindowHooks hooks)
    : QObject(window), m_document(document), m_window(window), m_hooks(std::move(hooks))
{
    connect(m_document, &Document::changed, this, &SessionController::updateTitle);
}

void SessionController::addActions(QMenu* file)
{
    QAction* open = file->addAction(tr("&Open session…"), this, &SessionController::openInteractively);
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    open->setToolTip(tr("Open a saved session (.pe.json): settings, selection and window layout"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setToolTipsVisible(true);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &SessionController::rebuildRecentMenu);
    rebuildRecentMenu();
    QAction* save = file->addAction(tr("&Save session"), this, &SessionController::saveInteractively);
    save->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
    save->setToolTip(tr("Save the settings, selection and window layout to the current session file"));
    QAction* saveAs = file->addAction(tr("Save session &as…"), this, &SessionController::saveAsInteractively);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    saveAs->setToolTip(tr("Save the settings, selection and window layout to a new session file"));
}

Session SessionController::currentSession() const
{
    Session session;
    session.settings = m_document->settings();
    session.presentation = m_hooks.presentationMode();
    session.windowGeometry = m_window->saveGeometry();
    session.windowState = m_hooks.saveLayout ? m_hooks.saveLayout() : m_window->saveState();
    if (m_hooks.currentTable)
        session.table = m_hooks.currentTable();
    return session;
}

bool SessionController::isModified() const
{
    return !m_path.isEmpty()
        && (m_document->settings() != m_savedSettings || m_hooks.presentationMode() != m_savedPresentation);
}

QString SessionController::openSession(const QString& path)
{
    const SessionResult result = readSessionFile(path);
    if (const auto* error = std::get_if<SessionError>(&result))
        return error->message;
    const Session& session = std::get<Session>(result);
    m_document->change(session.settings, Document::Field::Session);
    applyLayout(session);
    if (m_hooks.showTable)
        m_hooks.showTable(session.table);
    setCurrent(path, session);
    return {};
}

QString SessionController::saveSession(const QString& path)
{
    const Session session = currentSession();
    if (QString error = writeSessionFile(path, session); !error.isEmpty())
        return error;
    setCurrent(path, session);
    return {};
}

void SessionController::adopt(const QString& path, const Session& session)
{
    applyLayout(session);
    if (m_hooks.showTable && !session.table.isEmpty())
        m_hooks.showTable(session.table);
    setCurrent(path, session);
}

void SessionController::restoreRecovered(const Session& session, const QString& sessionPath)
{
    m_document->change(session.settings, Document::Field::Session);
    applyLayout(session);
    if (m_hooks.showTable)
        m_hooks.showTable(session.table);
    if (sessionPath.isEmpty())
        return;
    // The file as it is now, not as it was: what the title's modified marker compares with.
    const SessionResult saved = readSessionFile(sessionPath);
    if (const auto* file = std::get_if<Session>(&saved)) {
        m_path = QFileInfo(sessionPath).absoluteFilePath();
        m_savedSettings = file->settings;
        m_savedPresentation = file->presentation;
        updateTitle();
    }
}

void SessionController::continueFrom(const SessionController& previous)
{
    m_path = previous.m_path;
    m_savedSettings = previous.m_savedSettings;
    m_savedPresentation = previous.m_savedPresentation;
    updateTitle();
}

void SessionController::applyLayout(const Session& session)
{
    if (!session.windowGeometry.isEmpty())
        m_window->restoreGeometry(session.windowGeometry);
    if (!session.windowState.isEmpty())
        m_hooks.restoreLayout(session.windowState);
    m_hooks.setPresentationMode(session.presentation);
}

void SessionController::setCurrent(const QString& path, const Session& saved)
{
    m_path = QFileInfo(path).absoluteFilePath();
    m_savedSettings = saved.settings;
    m_savedPresentation = saved.presentation;
    remember(m_path);
    updateTitle();
}

void SessionController::updateTitle()
{
    if (m_path.isEmpty())
        return; // the window keeps its own title until a session is opened or saved
    m_window->setWindowTitle(tr("%1[*] — PE Explorer").arg(QFileInfo(m_path).fileName()));
    m_window->setWindowFilePath(m_path);
    m_window->setWindowModified(isModified());
}

QStringList SessionController::recentSessions()
{
    return Preferences::recentSessions();
}

void SessionController::remember(const QString& path)
{
    QStringList recent = recentSessions();
    recent.removeAll(path);
    recent.prepend(path);
    Preferences::setRecentSessions(recent);
    Preferences::setLastSession(path);
    rememberFolderOf(path);
    rebuildRecentMenu();
}

void SessionController::clearRecent()
{
    Preferences::setRecentSessions({});
    rebuildRecentMenu();
}

void SessionController::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = recentSessions();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent[i];
        QAction* action = m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()),
                                                  this, [this, path] { openRecent(path); });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setData(path);
    }
    if (!recent.isEmpty())
        m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear list"), this, &SessionController::clearRecent);
    clear->setEnabled(!recent.isEmpty());
    m_recentMenu->setEnabled(true);
}

QString SessionController::dialogFolder() const
{
    // The open session's folder, else where the user last saved or opened anything.
    const QString folder = m_path.isEmpty() ? QString() : QFileInfo(m_path).absolutePath();
    return QFileInfo(folder).isDir() ? folder : recentFolder();
}

namespace {

/// Names file types by their suffix only and gives every file the same icon. Qt's own provider reads the start of files whose
/// suffix it does not know to guess their type, and blocks for ever on a FIFO or /proc/kmsg
/// when the dialog shows their folder.
class SuffixIconProvider : public QAbstractFileIconProvider {
public:
    using QAbstractFileIconProvider::icon;
    QIcon icon(const QFileInfo& info) const override { return icon(info.isDir() ? Folder : File); }
    QString type(const QFileInfo& info) const override
    {
        if (info.isDir())
            return QCoreApplication::translate("pe::ui::SessionController", "Folder");
        return info.suffix().isEmpty() ? QCoreApplication::translate("pe::ui::SessionController", "File")
                                       : QCoreApplication::translate("pe::ui::SessionController", "%1 file").arg(info.suffix());
    }
};

/// A file dialog that never reads the files it lists (see SuffixIconProvider); empty if cancelled.
QString askForFile(QWidget* parent, QFileDialog::AcceptMode mode, const QString& title, const QString& start,
                   const QString& filter)
{
    SuffixIconProvider icons;
    QFileDialog dialog(parent, title, start, filter);
    dialog.setIconProvider(&icons);
    dialog.setAcceptMode(mode);
    dialog.setFileMode(mode == QFileDialog::AcceptOpen ? QFileDialog::ExistingFile : QFileDialog::AnyFile);
    if (mode == QFileDialog::AcceptSave && QFileInfo(start).fileName().size() > 0 && !QFileInfo(start).isDir())
        dialog.selectFile(start);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    return dialog.selectedFiles().constFirst();
}

} // namespace

void SessionController::openInteractively()
{
    const QString path = askForFile(m_window, QFileDialog::AcceptOpen, tr("Open session"), dialogFolder(),
                                    tr("PE Explorer sessions (*.pe.json);;JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString error = openSession(path); !error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot open session"), error);
}

void SessionController::openRecent(const QString& path)
{
    if (!QFileInfo::exists(path)) {
        QStringList recent = recentSessions();
        recent.removeAll(path);
        Preferences::setRecentSessions(recent);
        rebuildRecentMenu();
        QMessageBox::information(m_window, tr("Session not found"),
                                 tr("%1 no longer exists; it was removed from the recent sessions.")
                                     .arg(QDir::toNativeSeparators(path)));
        return;
    }
    if (const QString error = openSession(path); !error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot open session"), error);
}

void SessionController::saveInteractively()
{
    if (m_path.isEmpty()) {
        saveAsInteractively();
        return;
    }
    if (const QString error = saveSession(m_path); !error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot save session"), error);
}

void SessionController::saveAsInteractively()
{
    const QString suggested = m_path.isEmpty() ? QDir(dialogFolder()).filePath(QStringLiteral("session.pe.json")) : m_path;
    QString path = askForFile(m_window, QFileDialog::AcceptSave, tr("Save session as"), suggested,
                              tr("PE Explorer sessions (*.pe.json)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pe.json");
    if (const QString error = saveSession(path); !error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot save session"), error);
}

} // namespace pe::ui
