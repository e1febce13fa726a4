// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

namespace pe::ui {

class Document;

/// Hands a user's zoom or pan to the document once the wheel or drag pauses, so that the frame
/// computes what the axes show. Only a zoom of axes drawn for the document's current matrix is
/// handed on: the matrix can change while the wait runs (a spec typed in, a table opened), and
/// the view may not have drawn the new one yet (it is off the stage, or its frame is slow).
/// Axes drawn for the old matrix then describe nothing the document holds; written back as the
/// zoom they left a corner of the new matrix computed under axes that show all of it.
/// So a change of the document cancels a pending wait whose axes no longer show it, and a wait
/// that ends is handed on only if they still do; the view's next redraw fits its axes anew.
class ZoomSettle : public QObject {
public:
    /// `axesShowDocument`: whether the view's axes were drawn for the matrix the document has
    /// now. `write`: hands the axes' range to the document.
    ZoomSettle(Document* document, std::function<bool()> axesShowDocument, std::function<void()> write,
               QObject* parent);
    /// The user moved the axes: wait for the pause again.
    void restart() { m_timer.start(); }
    bool isPending() const { return m_timer.isActive(); }
    /// How long the wheel or drag must pause.
    static constexpr int pauseMs = 150;

private:
    QTimer m_timer;
    std::function<bool()> m_axesShowDocument;
};

} // namespace pe::ui
