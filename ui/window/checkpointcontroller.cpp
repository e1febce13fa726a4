// SPDX-License-Identifier: MIT
#include "ui/window/checkpointcontroller.h"

#include "ui/document/document.h"
#include "ui/document/headspart.h"
#include "ui/state/recentfolder.h"
#include "ui/state/windowlimits.h"

#include <QAction>
#include <QFileDialog>
#include <QMessageBox>
#include <QWidget>

#include <algorithm>

namespace pe::ui {

namespace {

HeadsOptions headsOptions(const Document& document) { return headsOptionsFrom(document.state().optionsOf(views::heads)); }

} // namespace

CheckpointController::CheckpointController(Document* document, QWidget* dialogParent)
    : FileOpener(dialogParent), m_document(document), m_parent(dialogParent)
{
    connect(document, &Document::changed, this, [this](Changes what) {
        if (what & Change::ViewOptions)
            readNamedIfNeeded();
    });
    readNamedIfNeeded(); // a window opened with a checkpoint named (a session, the last one used)
}

void CheckpointController::readNamedIfNeeded()
{
    if (m_handingOver)
        return;
    const HeadsOptions o = headsOptions(*m_document);
    const auto* data = dynamic_cast<const CheckpointData*>(m_document->viewData(views::heads).get());
    if (o.checkpoint.isEmpty() || (data && data->checkpoint && data->checkpoint->path() == o.checkpoint) || o.checkpoint == m_failedPath)
        return;
    QVariantMap options = m_document->state().optionsOf(views::heads);
    const auto read = readNamedCheckpoint(options, nullptr);
    if (const auto* error = std::get_if<QString>(&read)) {
        m_failedPath = o.checkpoint; // the view says none is open; not tried again by itself
        showRefusal(*error);
        return;
    }
    m_handingOver = true;
    m_document->setViewData(views::heads, std::get<ViewDataPtr>(read));
    m_handingOver = false;
}

void CheckpointController::showRefusal(const QString& error)
{
    if (!m_parent || !m_parent->isVisible())
        return; // the view's title says it
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Open checkpoint"), error, QMessageBox::Ok, m_parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal, without a nested event loop
}

QAction* CheckpointController::openAction(QObject* parent)
{
    auto* action = new QAction(tr("Open &checkpoint…"), parent);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    action->setToolTip(tr("What a trained model's attention heads do with positions: a GPT-2, BERT or Llama-family "
                          "model.safetensors with its config.json (Heads view)"));
    action->setObjectName(QStringLiteral("openCheckpointAction"));
    connect(action, &QAction::triggered, this, &CheckpointController::chooseFile);
    return action;
}

void CheckpointController::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(m_parent, tr("Open checkpoint"), recentFolder(),
                                                      tr("Checkpoints (*.safetensors *.safetensors.index.json);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberFolderOf(path);
    if (apply(path).isEmpty())
        emit shown();
}

QString CheckpointController::apply(const QString& path)
{
    HeadsOptions o = headsOptions(*m_document);
    o.checkpoint = path;
    QVariantMap options = toVariantMap(o);
    const auto read = readNamedCheckpoint(options, nullptr);
    if (const auto* error = std::get_if<QString>(&read)) {
        showRefusal(*error);
        return *error;
    }
    const ViewDataPtr data = std::get<ViewDataPtr>(read);
    // The checkpoint, then the options naming it: in between neither names the other, which
    // is no reason to open a file.
    m_handingOver = true;
    m_document->setViewData(views::heads, data);
    o = headsOptionsFrom(options);
    o.layer = 0;
    o.head = 0;
    m_document->setViewOptions(views::heads, toVariantMap(o));
    m_document->setMaxLen(std::min<std::int64_t>(checkpointLength(*data), WindowLimits::maxMaxLen));
    m_handingOver = false;
    m_failedPath.clear();
    return {};
}

} // namespace pe::ui
