// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QTextBrowser;

namespace pe::ui {

class Stage;

/// Help ▸ Guide: a short tour for someone opening the program for the first time: what the
/// window is made of, then every view of the bar with the explanation it shows above its plot
/// (read from the views, so the tour cannot fall behind them), then how to get figures out.
class GuideDialog : public QDialog {
    Q_OBJECT
public:
    GuideDialog(const Stage* stage, QWidget* window);
    /// The tour as rich text.
    static QString guideText(const Stage* stage);
    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser;
};

} // namespace pe::ui
