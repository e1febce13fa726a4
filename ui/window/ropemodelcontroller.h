// SPDX-License-Identifier: MIT
#pragma once

#include "ui/window/fileopener.h"

#include <QObject>
#include <QString>

class QWidget;

namespace pe::ui {

class Document;

/// File ▸ Open model configuration… and the RoPE view's "Open config.json…": the file dialog,
/// the read (readRopeConfig) and the RoPE view's new model or comparison as one undo step.
/// A config that cannot be read leaves the view as it was and says why. Views do no file I/O:
/// the view asks (RopeView::openModelConfigRequested), this answers, like T5BiasesController.
class RopeModelController : public FileOpener {
    Q_OBJECT
public:
    /// `dialogParent` (may be null: tests) parents the dialogs and the error box.
    RopeModelController(Document* document, QWidget* dialogParent);

    /// Asks for a config.json, then apply().
    void chooseFile(bool forComparison);
    /// Reads `path` (a config.json or a folder holding one) and shows it in the RoPE view, as
    /// the model or as what the model is compared with. The message when refused (also shown
    /// in a box while the window is on screen), else empty.
    QString apply(const QString& path, bool forComparison);
    /// The RoPE view's Open… buttons (the model, or a model to compare with).
    void attach(PlotView* view) override;
    /// File ▸ Open model configuration… (Ctrl+Shift+M). A model set: shown().
    QAction* openAction(QObject* parent) override;

private:
    Document* m_document;
    QWidget* m_parent;
};

} // namespace pe::ui
