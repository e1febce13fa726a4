// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewstate.h"

#include <QUndoCommand>

#include <cstddef>

class QUndoStack;

namespace pe::ui {

class Document;

/// One undo step: the settings before and after. Steps of the same field inside one
/// interaction (a slider drag) merge, so a drag undoes at once.
class ChangeSettingsCommand : public QUndoCommand {
public:
    ChangeSettingsCommand(Document* document, Settings before, Settings after, int mergeId,
                          const QString& text);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override;

    /// What the step holds that no other step shares, estimated (settingsStepBytes).
    std::size_t bytes() const { return m_bytes; }

private:
    friend std::size_t boundUndoBytes(QUndoStack& stack, std::size_t budget);
    Document* m_document;
    Settings m_before, m_after;
    int m_mergeId;
    std::size_t m_bytes = 0;
};

/// The bytes a step from `before` to `after` adds to the history. Qt's containers are shared
/// until written, and a step's `before` is the step before's `after`: what a step adds is what
/// changed (a new sentence, a detached options map), plus the step itself.
std::size_t settingsStepBytes(const Settings& before, const Settings& after);

/// The bytes the steps of `stack` hold (ChangeSettingsCommand::bytes summed).
std::size_t undoHistoryBytes(const QUndoStack& stack);

/// Drops the oldest undoable steps while the history holds more than `budget` bytes, down to
/// three quarters of it (so that a long run of big steps does not rebuild the stack at each).
/// The steps at and after the current index are kept; the settings shown are not touched and
/// nothing is applied. Returns the bytes the history holds afterwards.
std::size_t boundUndoBytes(QUndoStack& stack, std::size_t budget);

} // namespace pe::ui
