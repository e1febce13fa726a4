// SPDX-License-Identifier: MIT
#include "ui/window/t5biasescontroller.h"

#include "ui/document/document.h"
#include "ui/document/methodsdata.h"
#include "ui/state/recentfolder.h"
#include "ui/widgets/tensorpicker.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QWidget>

namespace pe::ui {

T5BiasesController::T5BiasesController(Document* document, QWidget* dialogParent)
    : QObject(dialogParent), m_document(document), m_parent(dialogParent)
{
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
        if (m_parent && m_parent->isVisible()) {
            auto* box = new QMessageBox(QMessageBox::Warning, tr("T5 biases"), *error, QMessageBox::Ok, m_parent);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open(); // window-modal, without a nested event loop
        }
        return *error;
    }
    MethodOptions o = m_document->state().methods;
    o.t5Biases = std::get<T5BiasesPtr>(loaded);
    o.t5Head = 1;
    o.numBuckets = o.t5Biases->buckets; // the model's own number of buckets
    o.maxDistance = std::max(o.maxDistance, o.numBuckets);
    m_document->setMethodOptions(o);
    return {};
}

} // namespace pe::ui
