// SPDX-License-Identifier: MIT
#include "ui/window/ropemodelcontroller.h"

#include "ui/document/document.h"
#include "ui/state/preferences.h"
#include "ui/state/recentfolder.h"
#include "ui/modelfiles/ropeconfig.h"
#include "ui/views/ropeview.h"
#include "ui/state/ropeoptions.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QWidget>

namespace pe::ui {

RopeModelController::RopeModelController(Document* document, QWidget* dialogParent)
    : FileOpener(dialogParent), m_document(document), m_parent(dialogParent)
{
}

void RopeModelController::attach(PlotView* view)
{
    if (auto* rope = qobject_cast<RopeView*>(view))
        connect(rope, &RopeView::openModelConfigRequested, this, &RopeModelController::chooseFile);
}

QAction* RopeModelController::openAction(QObject* parent)
{
    auto* action = new QAction(tr("Open &model configuration…"), parent);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    action->setToolTip(tr("Show a model's rotary embedding as its Hugging Face config.json sets it up (RoPE view)"));
    action->setObjectName(QStringLiteral("openModelConfigAction"));
    connect(action, &QAction::triggered, this, [this] { chooseFile(false); });
    return action;
}

void RopeModelController::chooseFile(bool forComparison)
{
    if (forComparison && ropeOptions(m_document->state()).model.isEmpty())
        forComparison = false; // nothing to compare yet: the file becomes the model
    const QString path = QFileDialog::getOpenFileName(
        m_parent, forComparison ? tr("Compare with a model configuration") : tr("Open model configuration"), recentFolder(),
        tr("Model configuration (config.json *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberFolderOf(path);
    apply(path, forComparison);
}

QString RopeModelController::apply(const QString& path, bool forComparison)
{
    const RopeConfigResult read = readRopeConfig(path);
    if (!read.model) {
        if (m_parent && m_parent->isVisible()) {
            auto* box = new QMessageBox(QMessageBox::Warning, tr("Model configuration"), read.error, QMessageBox::Ok, m_parent);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open(); // window-modal, without a nested event loop
        }
        return read.error;
    }
    RopeOptions o = ropeOptions(m_document->state());
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (forComparison && !o.model.isEmpty()) {
        o.compare = absolute;
    } else {
        o.model = absolute;
        o.compare.clear();
    }
    Preferences::addRecentModelConfig(absolute); // offered in both boxes from now on
    m_document->setViewOptions(views::rope, toVariantMap(o));
    emit shown();
    return {};
}

} // namespace pe::ui
