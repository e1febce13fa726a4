// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>

class QWidget;

namespace pe::ui {

class Document;

/// The methods view's "Load from a file…" for T5: the file dialog, the choice of a tensor in a
/// checkpoint, the read (loadT5Biases) and the new options as one undo step. Views do no file
/// I/O: the view asks (MethodsView::t5BiasesFileRequested), this answers, like TableController.
class T5BiasesController : public QObject {
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

private:
    Document* m_document;
    QWidget* m_parent;
};

} // namespace pe::ui
