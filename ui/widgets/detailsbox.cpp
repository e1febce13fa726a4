// SPDX-License-Identifier: MIT
#include "ui/widgets/detailsbox.h"

#include <QEvent>
#include <QScrollBar>

#include <algorithm>

namespace pe::ui {

DetailsBox::DetailsBox(QWidget* content, QWidget* parent) : QScrollArea(parent)
{
    setWidget(content);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the text wraps instead
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    viewport()->setAutoFillBackground(false);
    content->setAutoFillBackground(false);
}

void DetailsBox::setCap(int pixels)
{
    pixels = std::max(pixels, minimumSizeHint().height());
    if (pixels == m_cap)
        return;
    m_cap = pixels;
    updateGeometry();
}

bool DetailsBox::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::LayoutRequest)
        updateGeometry();
    return QScrollArea::viewportEvent(event);
}

int DetailsBox::heightForWidth(int width) const
{
    // The text's height at this width, or at the width left beside a scroll bar once it is
    // taller than the cap.
    const int frame = 2 * frameWidth();
    const int full = widget() ? widget()->heightForWidth(width - frame) : 0;
    return std::min(full + frame, m_cap);
}

QSize DetailsBox::sizeHint() const
{
    const int width = widget() ? widget()->sizeHint().width() : 0;
    return {width, heightForWidth(std::max(width, 1))};
}

QSize DetailsBox::minimumSizeHint() const
{
    // Three lines of text and room for the scroll bar's arrows.
    return {verticalScrollBar()->sizeHint().width() * 3, 3 * fontMetrics().lineSpacing() + 2 * frameWidth()};
}

} // namespace pe::ui
