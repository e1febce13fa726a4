// SPDX-License-Identifier: MIT
// Grabs the main window offscreen into a PNG: the screenshots in docs/ come from here.
//   make_screenshot OUT.png WIDTHxHEIGHT [--presentation] [pe-explorer options…]
// PE_SCREENSHOT_THEME=light|dark picks View ▸ Theme; PE_SCREENSHOT_LANGUAGE=zh_CN the language; QT_SCALE_FACTOR=2 grabs a high-DPI window.
// --hover X,Y puts the pointer over the view's plot at those fractions of it (its readout shows).
// --view NAME brings that view's dock to the front of its tabs; --export-dialog grabs File ▸ Export's dialog instead.
// --during-pass grabs a large --encoding table's preview while the pass over its values runs.
// --restore-question grabs the question a start after a crash asks, over the window.
#include "app/commandline.h"
#include "app/headlessexport.h"
#include "app/viewfiles.h"
#include "ui/export/exportdialog.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"
#include "ui/window/recoverycontroller.h"
#include "ui/window/stage.h"
#include "ui/window/tablecontroller.h"
#include "ui/views/plotview.h"
#include "ui/window/theme.h"

#include <qcustomplot.h>

#include "ui/views/viewfactory.h"

#include <QApplication>
#include <QDockWidget>
#include <QDateTime>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <QTextStream>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PE Explorer screenshots")); // leave user settings alone
    pe::ui::registerViews(); // as main() does, before the command line names a view
    QStringList args = application.arguments();
    if (args.size() < 3) {
        QTextStream(stderr) << "usage: make_screenshot OUT.png WIDTHxHEIGHT [--presentation] [--focus-plot] [pe-explorer options]\n";
        return 2;
    }
    const QString out = args.takeAt(1);
    const QStringList size = args.takeAt(1).split(QLatin1Char('x'));
    const bool presentation = args.removeAll(QStringLiteral("--presentation")) > 0;
    const bool exportDialog = args.removeAll(QStringLiteral("--export-dialog")) > 0;
    const bool duringPass = args.removeAll(QStringLiteral("--during-pass")) > 0;
    const bool restoreQuestion = args.removeAll(QStringLiteral("--restore-question")) > 0;
    const bool focusPlot = args.removeAll(QStringLiteral("--focus-plot")) > 0; // the keyboard's focus in the view's plot
    // --hover X,Y: the pointer over the view's plot at those fractions of its width and height.
    QPointF hover(-1, -1);
    if (const qsizetype at = args.indexOf(QStringLiteral("--hover")); at > 0 && at + 1 < args.size()) {
        const QStringList xy = args.at(at + 1).split(QLatin1Char(','));
        if (xy.size() == 2)
            hover = QPointF(xy[0].toDouble(), xy[1].toDouble());
        args.remove(at, 2);
    }
    const auto parsed = pe::app::parseCommandLine(args);
    if (const auto* early = std::get_if<pe::app::EarlyExit>(&parsed)) {
        QTextStream(stderr) << early->text << '\n';
        return early->exitCode;
    }
    const auto& options = std::get<pe::app::LaunchOptions>(parsed);
    if (const auto language = pe::ui::parseLanguage(qEnvironmentVariable("PE_SCREENSHOT_LANGUAGE")))
        pe::ui::installLanguage(*language);
    // As main() does, without the options used last (a screenshot shows what it is asked).
    const auto start = pe::app::windowStartReadingFiles(options, {});
    if (const auto* error = std::get_if<QString>(&start)) {
        QTextStream(stderr) << *error << '\n';
        return 2;
    }
    const pe::ui::ViewState& state = std::get<pe::ui::ViewState>(start);
    pe::ui::MainWindow window(pe::ui::Settings{options.spec, state});
    if (const auto theme = pe::ui::parseTheme(qEnvironmentVariable("PE_SCREENSHOT_THEME")))
        pe::ui::applyTheme(*theme);
    window.setPresentationMode(presentation); // explicitly: the mode is remembered between runs
    window.resize(size.value(0).toInt(), size.value(1).toInt());
    window.show();
    // --view NAME puts that view on the stage (the RoPE view, …) for a screenshot of it.
    window.stage()->choose(options.view);
    QElapsedTimer timer;
    timer.start();
    if (!options.encodingPath.isEmpty()) { // --encoding: opened as File ▸ Open encoding does
        window.tables()->open(options.encodingPath, options.encodingTensor, !options.sizeGiven);
        const auto previewShown = [&] { return window.document()->table() && window.document()->table()->preview; };
        while (window.tables()->loader()->isLoading() && !(duringPass && previewShown()) && timer.elapsed() < 30000)
            QApplication::processEvents(QEventLoop::AllEvents, 50);
        if (duringPass && !previewShown()) {
            QTextStream(stderr) << "--during-pass: the pass ended before its preview was shown\n";
            return 1;
        }
        QApplication::processEvents();
    }
    while (!window.document()->isFrameCurrent() && timer.elapsed() < 30000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    for (int i = 0; i < 20; ++i)
        QApplication::processEvents(); // let queued replots land
    if (focusPlot) {
        window.activateWindow();
        window.plotView(options.view)->plot()->setFocus(Qt::TabFocusReason);
        for (int i = 0; i < 20; ++i)
            QApplication::processEvents();
    }
    if (hover.x() >= 0) {
        QWidget* plot = window.plotView(options.view)->plot();
        const QPoint at(int(plot->width() * hover.x()), int(plot->height() * hover.y()));
        QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(plot, &move);
        for (int i = 0; i < 20; ++i)
            QApplication::processEvents();
    }
    if (exportDialog) {
        pe::ui::ExportDialog dialog(options.view, QStringLiteral("/home/teacher/figures/pe-%1.pdf").arg(pe::ui::viewName(options.view)),
                                    options.state.colormap, &window);
        dialog.show();
        for (int i = 0; i < 20; ++i)
            QApplication::processEvents();
        return dialog.grab().save(out) ? 0 : 1;
    }
    if (restoreQuestion) {
        // What a crashed window left: a lecture's session with unsaved edits, 3 minutes ago.
        pe::ui::OrphanedRecovery orphan;
        orphan.record.session.settings = {options.spec, options.state};
        orphan.record.sessionPath = QStringLiteral("/home/teacher/lectures/attention.pe.json");
        orphan.record.saved = QDateTime::currentDateTimeUtc().addSecs(-3 * 60 - 20);
        bool saved = false;
        QTimer::singleShot(300, &window, [&] {
            QWidget* box = QApplication::activeModalWidget();
            if (!box)
                return;
            QPixmap picture = window.grab();
            QPainter painter(&picture);
            painter.fillRect(picture.rect(), QColor(0, 0, 0, 60)); // the window behind a modal question
            const QPixmap question = box->grab();
            painter.drawPixmap((picture.width() - question.width()) / 2, (picture.height() - question.height()) / 3, question);
            painter.end();
            saved = picture.save(out);
            box->close();
        });
        pe::ui::askToRestore(&window, orphan, 0);
        return saved ? 0 : 1;
    }
    return window.grab().save(out) ? 0 : 1;
}
