// SPDX-License-Identifier: MIT
#include "ui/window/wordvectorcontroller.h"

#include "core/tokenembedding.h"
#include "ui/document/document.h"
#include "ui/state/preferences.h"
#include "ui/state/recentfolder.h"
#include "ui/views/embeddingsview.h"
#include "ui/state/embeddingsoptions.h"

#include <QFileDialog>
#include <QFileInfo>

#include <set>

namespace pe::ui {

WordVectorController::WordVectorController(Document* document, QWidget* dialogParent)
    : FileOpener(dialogParent), m_document(document), m_parent(dialogParent)
{
    connect(&m_loader, &WordVectorLoader::finished, this, &WordVectorController::onLoaded);
    connect(&m_loader, &WordVectorLoader::progress, this, [this](double done) {
        if (m_view)
            m_view->showReadProgress(done);
    });
    // A file named where the document lacks its vectors is read (a session, an undo, new words).
    connect(document, &Document::changed, this, [this](Changes what) {
        if (what & (Change::ViewOptions | Change::Spec) && !m_handingOver)
            readNamedFileIfNeeded();
    });
    readNamedFileIfNeeded(); // a window opened with a file named (the last one used)
}

void WordVectorController::attach(PlotView* plotView)
{
    auto* view = qobject_cast<EmbeddingsView*>(plotView);
    if (!view)
        return;
    m_view = view;
    connect(view, &EmbeddingsView::chooseFileRequested, this, &WordVectorController::chooseFile);
    connect(view, &EmbeddingsView::readRequested, this, &WordVectorController::load);
    connect(view, &EmbeddingsView::cancelRequested, &m_loader, &WordVectorLoader::cancel);
    connect(view, &EmbeddingsView::pseudoRandomRequested, this, &WordVectorController::usePseudoRandomVectors);
    if (m_loader.isLoading())
        view->showReading(m_loader.path(), m_loader.fileSize());
}

void WordVectorController::chooseFile()
{
    const QString remembered = Preferences::wordVectorFolder();
    const QString folder = remembered.isEmpty() ? recentFolder() : remembered;
    const QString path = QFileDialog::getOpenFileName(m_parent, EmbeddingsView::tr("Load word vectors"), folder,
                                                      EmbeddingsView::tr("Word vectors, text format (*.txt *.vec);;All files (*)"));
    if (path.isEmpty())
        return;
    Preferences::setWordVectorFolder(QFileInfo(path).absolutePath());
    load(path);
}

void WordVectorController::load(const QString& path)
{
    std::set<std::string> wanted;
    for (const core::Token& token : core::tokenize(embeddingsOptions(m_document->state()).sentence.toStdString()))
        wanted.insert(token.text);
    QString error;
    if (!m_loader.load(path, std::move(wanted), m_document->spec().dModel, &error)) {
        m_failedFile = path;
        if (m_view)
            m_view->showReadRefused(error);
        return;
    }
    m_failedFile.clear();
    if (m_view)
        m_view->showReading(path, m_loader.fileSize());
}

void WordVectorController::usePseudoRandomVectors()
{
    m_loader.cancel();
    if (m_view)
        m_view->showPseudoRandom();
    EmbeddingsOptions o = embeddingsOptions(m_document->state());
    o.vectorFile.clear();
    m_document->setViewOptions(views::embeddings, toVariantMap(o));
}

void WordVectorController::readNamedFileIfNeeded()
{
    const EmbeddingsOptions o = embeddingsOptions(m_document->state());
    if (o.vectorFile.isEmpty() || (m_loader.isLoading() && m_loader.path() == o.vectorFile))
        return;
    const auto have = std::dynamic_pointer_cast<const LoadedWordVectors>(m_document->viewData(views::embeddings));
    bool missing = !have || have->path != o.vectorFile;
    // New words must be looked up in the file: read it again for them.
    if (!missing)
        for (const core::Token& token : core::tokenize(o.sentence.toStdString()))
            if (!have->lookedUp.contains(token.text)) {
                missing = true;
                break;
            }
    if (missing && o.vectorFile != m_failedFile)
        load(o.vectorFile);
}

void WordVectorController::onLoaded(const WordVectorLoad& load)
{
    if (m_view)
        m_view->showLoaded(load);
    if (load.vectors) {
        // The vectors, then the option naming them: in between, neither names the other, which
        // is no reason to read a file.
        m_handingOver = true;
        m_document->setViewData(views::embeddings, load.vectors);
        EmbeddingsOptions o = embeddingsOptions(m_document->state());
        o.vectorFile = load.path;
        m_document->setViewOptions(views::embeddings, toVariantMap(o)); // an undo step when the file is new
        m_handingOver = false;
        return;
    }
    // A file that cannot be used is not tried again by itself (a session naming it, each edit).
    m_failedFile = load.path;
}

} // namespace pe::ui
