// SPDX-License-Identifier: MIT
#pragma once

#include "ui/window/fileopener.h"

#include "ui/document/wordvectorloader.h"

#include <QObject>
#include <QPointer>
#include <QString>

class QWidget;

namespace pe::ui {

class Document;
class EmbeddingsView;

/// The embeddings' word vectors from a file: the file dialog, the read off the GUI thread
/// (WordVectorLoader: progress, Cancel), the vectors and the option naming their file handed to
/// the document, and the file a session or an undo names read again when the vectors are not
/// there. Views do no file I/O: the embeddings view asks and shows, this reads (as
/// TableController does for position tables).
class WordVectorController : public FileOpener {
    Q_OBJECT
public:
    /// `dialogParent` (may be null: tests) parents the file dialog.
    WordVectorController(Document* document, QWidget* dialogParent);

    /// Answers `view`'s requests (Load vectors…, Cancel, Pseudo-random, Set d_model) and shows
    /// the reading and its outcome there.
    void attach(PlotView* view) override;
    /// Asks for a file, then load().
    void chooseFile();
    /// Reads `path` for the sentence's words; the document gets the vectors when it is done.
    void load(const QString& path);
    bool isLoading() const { return m_loader.isLoading(); }
    /// Back to the built-in pseudo-random vectors (cancels a read under way); one undo step.
    void usePseudoRandomVectors();

private:
    /// Reads the file the options name when the document lacks its vectors (a session, an
    /// undo, a new sentence's words), unless that file was refused already.
    void readNamedFileIfNeeded();
    void onLoaded(const WordVectorLoad& load);

    Document* m_document;
    QWidget* m_parent;
    WordVectorLoader m_loader;
    QPointer<EmbeddingsView> m_view;
    QString m_failedFile; ///< the last file that could not be used (not read again by itself)
    bool m_handingOver = false; ///< giving the document the vectors read and their file's name
};

} // namespace pe::ui
