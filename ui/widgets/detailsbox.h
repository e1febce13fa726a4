// SPDX-License-Identifier: MIT
#pragma once

#include <QScrollArea>

namespace pe::ui {

/// A fold of details (a RoPE model's fields, the variants' numbers) that scrolls inside its own
/// box: as tall as its wrapped text up to a cap, so that unfolding it never pushes the view's
/// plot down or out of the view (issue 48: at most a third of the view's height).
class DetailsBox : public QScrollArea {
public:
    /// `content` word-wraps (a QLabel with word wrap, a WrappedLabel); the box owns it.
    explicit DetailsBox(QWidget* content, QWidget* parent = nullptr);
    /// The most height the box takes; the rest of the text scrolls.
    void setCap(int pixels);
    int cap() const { return m_cap; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    /// A new text in the content asks its parent, the viewport, for a layout: the box's own
    /// height follows (the window's layouts keep the box's last heightForWidth until told).
    bool viewportEvent(QEvent* event) override;

private:
    int m_cap = 200;
};

} // namespace pe::ui
