// SPDX-License-Identifier: MIT
#include "ui/window/t5biasescontroller.h"

#include "ui/views/methodsview.h"

#include "ui/document/document.h"
#include "ui/document/methodsdata.h"
#include "ui/state/recentfolder.h"
#include "ui/widgets/tensorpicker.h"
#include "ui/state/methodsoptions.h"

#include <QEvent>
#include <QFileDialog>
#include <QTimer>
#include <QMessageBox>
#include <QWidget>

namespace pe::ui {

T5BiasesController::T5BiasesController(Document* document, QWidget* dialogParent)
    : FileOpener(dialogParent), m_document(document), m_parent(dialogParent)
{
    connect(document, &Document::changed, this, [this](Changes what) {
        if (what & Change::ViewOptions)
            readNamedFileIfNeeded();
    });
    readNamedFileIfNeeded(); // a window opened with a file named (a session, the last one used)
}

void T5BiasesController::readNamedFileIfNeeded()
{
    if (m_handingOver)
        return; // the document is being given what was just read
    const MethodOptions o = methodOptions(m_document->state());
    if (o.t5File.isEmpty() || methodInputs(o, m_document->viewData(views::methods)).t5Biases)
        return;
    const QString source = o.t5File + QLatin1Char('\n') + o.t5Tensor;
    if (source == m_failedSource)
        return;
    const auto loaded = loadT5Biases(o.t5File, o.t5Tensor);
    if (const auto* error = std::get_if<QString>(&loaded)) {
        m_failedSource = source; // drawn with random biases; not tried again by itself
        showRefusal(*error);
        return;
    }
    // Named as asked (a relative path, no tensor): methodInputs knows them by that name too.
    m_handingOver = true;
    m_document->setViewData(views::methods, std::get<T5BiasesPtr>(loaded));
    m_handingOver = false;
}

void T5BiasesController::showRefusal(const QString& error)
{
    if (!m_parent)
        return;
    if (!m_parent->isVisible()) { // a file named at start (a session, the last one used): said once the window shows
        m_pendingRefusal = error;
        m_parent->installEventFilter(this);
        return;
    }
    auto* box = new QMessageBox(QMessageBox::Warning, tr("T5 biases"), error, QMessageBox::Ok, m_parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal, without a nested event loop
}

bool T5BiasesController::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_parent && event->type() == QEvent::Show && !m_pendingRefusal.isEmpty()) {
        m_parent->removeEventFilter(this);
        // After the show: a window-modal box needs its window on screen.
        QTimer::singleShot(0, this, [this, error = std::exchange(m_pendingRefusal, QString())] { showRefusal(error); });
    }
    return QObject::eventFilter(watched, event);
}

void T5BiasesController::attach(PlotView* view)
{
    if (auto* methods = qobject_cast<MethodsView*>(view))
        connect(methods, &MethodsView::t5BiasesFileRequested, this, &T5BiasesController::chooseFile);
}

void T5BiasesController::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(m_parent, tr("T5 biases"), recentFolder(),
                                                      tr("Bias tables (*.npy *.safetensors *.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    // A checkpoint holds many tables: the first relative_attention_bias is offered.
    const std::optional<QString> tensor = askForTensor(m_parent, path, tr("T5 biases"),
                                                       tr("%1 holds %2 tables. Which one holds the biases (buckets × heads)?"),
                                                       likelyT5BiasTensor);
    if (!tensor)
        return;
    rememberFolderOf(path);
    apply(path, *tensor);
}

QString T5BiasesController::apply(const QString& path, const QString& tensor)
{
    const auto loaded = loadT5Biases(path, tensor);
    if (const auto* error = std::get_if<QString>(&loaded)) {
        showRefusal(*error);
        return *error;
    }
    const T5BiasesPtr biases = std::get<T5BiasesPtr>(loaded);
    // The biases, then the options naming them: in between, neither names the other, which is
    // no reason to read a file.
    m_handingOver = true;
    m_document->setViewData(views::methods, biases);
    MethodOptions o = methodOptions(m_document->state());
    o.t5File = biases->path;
    o.t5Tensor = biases->tensor;
    o.t5Head = 1;
    o.numBuckets = biases->buckets; // the model's own number of buckets
    o.maxDistance = std::max(o.maxDistance, o.numBuckets);
    m_document->setViewOptions(views::methods, toVariantMap(o));
    m_handingOver = false;
    m_failedSource.clear();
    return {};
}

} // namespace pe::ui
