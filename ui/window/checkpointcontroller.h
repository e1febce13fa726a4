// SPDX-License-Identifier: MIT
#pragma once

#include "ui/window/fileopener.h"

#include <QObject>
#include <QString>

class QWidget;

namespace pe::ui {

class Document;

/// File ▸ Open checkpoint… for the Heads view (issue 51): the file dialog, the checkpoint opened
/// (its headers and config.json: Checkpoint::open), handed to the document as the view's data
/// with the options naming it; and the checkpoint a session, the preferences or a redo names
/// opened again when the document lacks it. Views do no file I/O, like T5BiasesController.
class CheckpointController : public FileOpener {
    Q_OBJECT
public:
    /// `dialogParent` (may be null: tests) parents the dialogs and the error box.
    CheckpointController(Document* document, QWidget* dialogParent);

    /// Asks for a .safetensors file or a shard index, then apply().
    void chooseFile();
    /// The checkpoint at `path` opened for the Heads view: layer and head 0, max_len its
    /// positions (the Llama family's at most 8192), as the command line does. The message when
    /// it is refused (also shown in a box while the window is on screen), else empty.
    QString apply(const QString& path);

    /// File ▸ Open checkpoint… (Ctrl+Shift+K). A checkpoint the user opened: shown().
    QAction* openAction(QObject* parent) override;

private:
    void readNamedIfNeeded();
    void showRefusal(const QString& error);

    Document* m_document;
    QWidget* m_parent;
    QString m_failedPath;       ///< the last checkpoint that could not be opened
    bool m_handingOver = false; ///< giving the document the checkpoint and its name
};

} // namespace pe::ui
