// SPDX-License-Identifier: MIT
#include "app/testhook.h"

#include "ui/document/document.h"
#include "ui/views/heatmapview.h"
#include "ui/window/mainwindow.h"

#include <QtGlobal>

namespace pe::app {

bool isUnattendedRun() { return qEnvironmentVariableIntValue("PE_QUIT_AFTER_FIRST_FRAME") == 1; }

void quitAfterFirstFrame(pe::ui::MainWindow* window)
{
    if (!isUnattendedRun())
        return;
    QObject::connect(window->document(), &pe::ui::Document::frameReady, window, [window] {
        if (window->heatmap()->redrawCount() > 0)
            QMetaObject::invokeMethod(window, &QWidget::close, Qt::QueuedConnection);
    });
}

} // namespace pe::app
