// SPDX-License-Identifier: MIT
#include "ui/views/zoomsettle.h"

#include "ui/document/document.h"

namespace pe::ui {

ZoomSettle::ZoomSettle(Document* document, std::function<bool()> axesShowDocument, std::function<void()> write,
                       QObject* parent)
    : QObject(parent), m_axesShowDocument(std::move(axesShowDocument))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(pauseMs);
    connect(&m_timer, &QTimer::timeout, this, [this, write = std::move(write)] {
        if (m_axesShowDocument())
            write();
    });
    connect(document, &Document::changed, this, [this] {
        if (m_timer.isActive() && !m_axesShowDocument())
            m_timer.stop();
    });
}

} // namespace pe::ui
