// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"

#include <QObject>

#include <functional>
#include <utility>
#include <vector>

class QAction;
class QWidget;

namespace pe::ui {

class Document;
class PlotView;

/// What the window makes for a view that reads files from it (a model's config.json, a
/// checkpoint, word vectors, T5 biases): one per window, from the view's own file
/// `ui/window/<name>files.cpp`, which the build finds by its name (cmake/views.cmake). It answers
/// the view's requests for a file, may add an item to File ▸ Open, and says when a file it
/// opened should bring its view onto the stage. The window names no such view.
class FileOpener : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    /// Takes the view's requests for files (the stage's widget of the view).
    virtual void attach(PlotView* view) { (void)view; }
    /// File ▸ Open's item for it, parented by `parent`, or null: none. It asks for a file.
    virtual QAction* openAction(QObject* parent) { (void)parent; return nullptr; }

signals:
    /// A file the user opened is shown: the window puts the view on the stage.
    void shown();
};

/// Makes a view's opener for `document`; `window` parents its dialogs (may be null: tests).
using FileOpenerFactory = std::function<FileOpener*(Document* document, QWidget* window)>;

/// The window's phase of start-up: enters the openers of the built-in views that have one
/// (generated). Called again, does nothing.
void registerFileOpeners();
/// For the generated registration.
void enterFileOpener(View view, FileOpenerFactory create);
/// The views with an opener, in the catalogue's order, and how to make each.
const std::vector<std::pair<View, FileOpenerFactory>>& fileOpeners();

} // namespace pe::ui
