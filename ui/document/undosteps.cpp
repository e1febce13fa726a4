// SPDX-License-Identifier: MIT
#include "ui/document/undosteps.h"

#include "ui/document/document.h"

#include <QUndoStack>

#include <vector>

namespace pe::ui {

namespace {

// While the history is rebuilt (boundUndoBytes), pushing and moving the index must neither
// apply settings nor merge steps that were separate. The GUI thread alone touches undo steps.
bool rebuilding = false;

// A step's own cost: the command, its two Settings, its text and QUndoStack's bookkeeping.
constexpr std::size_t stepOverhead = sizeof(ChangeSettingsCommand) + 256;
// A node of a QMap (std::map underneath) beside its key and value.
constexpr std::size_t mapNodeBytes = 48;

std::size_t stringBytes(const QString& text) { return sizeof(QString) + std::size_t(text.capacity()) * sizeof(QChar); }

std::size_t variantBytes(const QVariant& value)
{
    switch (value.typeId()) {
    case QMetaType::QString: return stringBytes(value.toString());
    case QMetaType::QByteArray: return sizeof(QVariant) + std::size_t(value.toByteArray().capacity());
    case QMetaType::QStringList: {
        std::size_t bytes = sizeof(QVariant);
        for (const QString& text : value.toStringList())
            bytes += stringBytes(text);
        return bytes;
    }
    case QMetaType::QVariantList: {
        std::size_t bytes = sizeof(QVariant);
        for (const QVariant& item : value.toList())
            bytes += variantBytes(item);
        return bytes;
    }
    case QMetaType::QVariantMap: {
        std::size_t bytes = sizeof(QVariant);
        const QVariantMap map = value.toMap();
        for (auto it = map.cbegin(); it != map.cend(); ++it)
            bytes += mapNodeBytes + stringBytes(it.key()) + variantBytes(it.value());
        return bytes;
    }
    default: return sizeof(QVariant);
    }
}

std::size_t optionsBytes(const QVariantMap& options)
{
    std::size_t bytes = 0;
    for (auto it = options.cbegin(); it != options.cend(); ++it)
        bytes += mapNodeBytes + variantBytes(it.value()); // keys are shared with the catalogue's
    return bytes;
}

} // namespace

ChangeSettingsCommand::ChangeSettingsCommand(Document* document, Settings before, Settings after,
                                             int mergeId, const QString& text)
    : QUndoCommand(text), m_document(document), m_before(std::move(before))
    , m_after(std::move(after)), m_mergeId(mergeId)
    , m_bytes(settingsStepBytes(m_before, m_after))
{
}

void ChangeSettingsCommand::undo()
{
    if (!rebuilding)
        m_document->apply(m_before);
}

void ChangeSettingsCommand::redo()
{
    if (!rebuilding)
        m_document->apply(m_after);
}

bool ChangeSettingsCommand::mergeWith(const QUndoCommand* other)
{
    if (rebuilding)
        return false;
    m_after = static_cast<const ChangeSettingsCommand*>(other)->m_after;
    m_bytes = settingsStepBytes(m_before, m_after);
    // A drag that comes back to where it started changed nothing: QUndoStack drops an
    // obsolete step instead of keeping one whose undo does nothing (Tiled does the same).
    setObsolete(m_after == m_before);
    return true;
}

std::size_t settingsStepBytes(const Settings& before, const Settings& after)
{
    std::size_t bytes = stepOverhead;
    const ViewState& was = before.state;
    const ViewState& is = after.state;
    if (is.dims != was.dims)
        bytes += std::size_t(is.dims.capacity()) * sizeof(int);
    if (is.colormap != was.colormap)
        bytes += stringBytes(is.colormap);
    if (is.options != was.options) {
        // Writing one view's options copies the outer map's nodes; the other views' maps stay
        // shared, the changed one is new.
        bytes += std::size_t(is.options.size()) * (mapNodeBytes + sizeof(QVariantMap));
        for (auto it = is.options.cbegin(); it != is.options.cend(); ++it)
            if (was.options.value(it.key()) != it.value())
                bytes += optionsBytes(it.value());
    }
    return bytes;
}

std::size_t undoHistoryBytes(const QUndoStack& stack)
{
    std::size_t bytes = 0;
    for (int i = 0; i < stack.count(); ++i)
        bytes += static_cast<const ChangeSettingsCommand*>(stack.command(i))->bytes();
    return bytes;
}

std::size_t boundUndoBytes(QUndoStack& stack, std::size_t budget)
{
    std::size_t total = undoHistoryBytes(stack);
    if (total <= budget)
        return total;
    // QUndoStack drops its oldest steps only by count, and takes a new limit only while empty:
    // the steps kept are pushed again into the emptied stack, with nothing applied.
    const int index = stack.index();
    const int clean = stack.cleanIndex();
    const std::size_t target = budget / 4 * 3;
    int first = 0;
    while (first < index && total > target)
        total -= static_cast<const ChangeSettingsCommand*>(stack.command(first++))->bytes();
    if (first == 0)
        return total; // all of it can still be redone or undone to the shown settings

    struct Kept { Document* document; Settings before, after; int mergeId; QString text; };
    std::vector<Kept> kept;
    kept.reserve(std::size_t(stack.count() - first));
    for (int i = first; i < stack.count(); ++i) {
        const auto* step = static_cast<const ChangeSettingsCommand*>(stack.command(i));
        kept.push_back({step->m_document, step->m_before, step->m_after, step->m_mergeId, step->text()});
    }
    rebuilding = true;
    stack.clear();
    for (Kept& step : kept)
        stack.push(new ChangeSettingsCommand(step.document, std::move(step.before), std::move(step.after),
                                             step.mergeId, step.text));
    if (clean >= first) {
        stack.setIndex(clean - first);
        stack.setClean();
    } else {
        stack.resetClean(); // the saved settings can no longer be reached by undo or redo
    }
    stack.setIndex(index - first);
    rebuilding = false;
    return total;
}

} // namespace pe::ui
