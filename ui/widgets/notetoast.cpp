// SPDX-License-Identifier: MIT
#include "ui/widgets/notetoast.h"

#include <algorithm>

namespace pe::ui {

NoteToast::NoteToast(QWidget* window)
    : QLabel(window)
{
    setObjectName(QStringLiteral("noteToast"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    setMargin(8);
    setToolTip(tr("Click to close"));
    hide();
    m_hide.setSingleShot(true);
    connect(&m_hide, &QTimer::timeout, this, &QWidget::hide);
}

void NoteToast::showNote(const QString& text, int bottom, int milliseconds)
{
    setText(text);
    const QWidget* window = parentWidget();
    const int width = std::max(std::min(window->width() - 24, fontMetrics().averageCharWidth() * 110), 120);
    const int height = heightForWidth(width);
    setGeometry(12, std::max(bottom - height, 0), width, height);
    raise();
    show();
    m_hide.start(milliseconds);
}

void NoteToast::mousePressEvent(QMouseEvent* event)
{
    QLabel::mousePressEvent(event);
    hide();
    m_hide.stop();
}

} // namespace pe::ui
