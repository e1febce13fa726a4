// SPDX-License-Identifier: MIT
#pragma once

#include "ui/window/fileopener.h"

#include <QObject>
#include <QString>

class QWidget;

namespace pe::ui {

class Document;

/// The methods view's "Load from a file…" for T5: the file dialog, the choice of a tensor in a
/// checkpoint, the read (loadT5Biases), the biases handed to the document (its view data) and
/// the options naming their file as one undo step; and the file a session, the preferences or
/// a redo names read again when the biases are not there. Views do no file I/O: the view asks
/// (MethodsView::t5BiasesFileRequested), this answers, like TableController.
class T5BiasesController : public FileOpener {
    Q_OBJECT
public:
    /// `dialogParent` (may be null: tests) parents the dialogs and the error box.
    T5BiasesController(Document* document, QWidget* dialogParent);

    /// Asks for a file (and a tensor of a checkpoint), then apply().
    void chooseFile();
    /// T5's biases read from `path` (`tensor` of a .safetensors file; empty: the first
    /// relative_attention_bias), num_buckets set to theirs; one undo step. The message when
    /// the file is refused (also shown in a box while the window is on screen), else empty.
    QString apply(const QString& path, const QString& tensor = {});
    /// The methods view's "Load from a file…".
    void attach(PlotView* view) override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Reads the file the options name when the document lacks its biases, unless that file
    /// was refused already (its message shown once).
    void readNamedFileIfNeeded();
    void showRefusal(const QString& error);

    Document* m_document;
    QWidget* m_parent;
    QString m_failedSource;     ///< the last file (and tensor) that could not be used
    QString m_pendingRefusal;   ///< why the file named at start could not be used, said when the window shows
    bool m_handingOver = false; ///< giving the document the biases read and their file's name
};

} // namespace pe::ui
