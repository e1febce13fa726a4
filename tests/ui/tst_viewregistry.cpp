// SPDX-License-Identifier: MIT
// One more view, added through the catalogue of views in this test alone, with no other file
// changed: the window gives it a button on the stage and a View menu entry, the command line's names
// and the export dialog list it, it draws the document's frames, and a figure of it is written.
// What a new view would get by its entry in ui/state/viewcatalog.cpp.
#include "ui/document/document.h"
#include "ui/export/exportdialog.h"
#include "ui/export/figureexport.h"
#include "ui/export/dataexport.h"
#include "ui/views/plotview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"

#include <QAction>
#include <QComboBox>
#include <QToolButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using pe::ui::Change;
using pe::ui::Changes;
using pe::ui::Document;
using pe::ui::Frame;
using pe::ui::View;

namespace {

/// The trivial view: the number of frequency pairs of the frame, as a title and a readout.
class PairCountView : public pe::ui::PlotView {
public:
    PairCountView(Document* document, View view) : PlotView(document, view)
    {
        m_title = new QCPTextElement(plot(), QString());
        plot()->plotLayout()->insertRow(0);
        plot()->plotLayout()->addElement(0, 0, m_title);
    }
    QString shown() const { return m_title->text(); }

protected:
    void redraw(const Frame& frame) override
    {
        const QString text = QStringLiteral("%1 pairs").arg(frame.omega.size());
        m_title->setText(text);
        setReadout(text);
        plot()->replot(QCustomPlot::rpQueuedReplot);
    }
    Changes dependencies() const override { return Change::Spec; }

private:
    QCPTextElement* m_title;
};

View pairCount = View::Heatmap;

} // namespace

class TestViewRegistry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void theNamesListIt();
    void theWindowGivesItAButtonAndAMenuEntry();
    void itDrawsTheDocumentsFrames();
    void theExportDialogOffersIt();
    void itsFigureIsWrittenAndItsDataRefusedWithAMessage();
};

void TestViewRegistry::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the window's remembered layout: not the user's
    QSettings().clear();
    pe::ui::ViewDescription d;
    d.key = "pairs";
    d.title = "Pair count";
    d.figureName = "Pair count figure";
    d.dataShape = "pairs: none";
    d.create = [](Document* document) -> std::unique_ptr<pe::ui::PlotView> {
        return std::make_unique<PairCountView>(document, pairCount);
    };
    pairCount = pe::ui::addView(std::move(d));
    QCOMPARE(int(pairCount), int(View::Grid) + 1); // after the built-in views, the grid the last
}

void TestViewRegistry::theNamesListIt()
{
    QCOMPARE(pe::ui::parseView(QStringLiteral("pairs")), std::optional<View>(pairCount));
    QCOMPARE(pe::ui::viewName(pairCount), QStringLiteral("pairs"));
    QVERIFY(pe::ui::viewNames().contains(QStringLiteral("pairs")));
    QCOMPARE(pe::ui::viewTitle(pairCount), QStringLiteral("Pair count"));
    QVERIFY(!pe::ui::viewUsesTable(pairCount));
}

void TestViewRegistry::theWindowGivesItAButtonAndAMenuEntry()
{
    pe::ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(dynamic_cast<PairCountView*>(window.plotView(pairCount)));
    QToolButton* button = window.stage()->button(pairCount);
    QVERIFY(button);
    QCOMPARE(button->text(), QStringLiteral("Pair count"));
    auto* action = window.findChild<QAction*>(QStringLiteral("pairsViewAction"));
    QVERIFY(action);
    QCOMPARE(action->text(), QStringLiteral("Pair count"));
    action->trigger();
    QCOMPARE(window.stage()->chosen(), pairCount);
    QVERIFY(QTest::qWaitFor([&] { return window.plotView(pairCount)->isOnScreen(); }));
}

void TestViewRegistry::itDrawsTheDocumentsFrames()
{
    pe::ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QAction*>(QStringLiteral("pairsViewAction"))->trigger(); // View ▸ Pair count: on the stage
    auto* view = dynamic_cast<PairCountView*>(window.plotView(pairCount));
    QVERIFY(view);
    window.document()->setDModel(64);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown(), QStringLiteral("32 pairs"), 10000);
    window.document()->setDModel(128);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown(), QStringLiteral("64 pairs"), 10000);
    QCOMPARE(view->readoutText(), QStringLiteral("64 pairs"));
}

void TestViewRegistry::theExportDialogOffersIt()
{
    pe::ui::ExportDialog dialog(pairCount, QStringLiteral("/tmp/pe-pairs.png"), QStringLiteral("viridis"));
    QCOMPARE(dialog.view(), pairCount);
    bool listed = false;
    for (QComboBox* combo : dialog.findChildren<QComboBox*>())
        listed = listed || combo->findText(QStringLiteral("Pair count figure")) >= 0;
    QVERIFY(listed);
}

void TestViewRegistry::itsFigureIsWrittenAndItsDataRefusedWithAMessage()
{
    QTemporaryDir dir;
    pe::ui::ExportRequest request;
    request.view = pairCount;
    request.spec.dModel = 48;
    request.path = dir.filePath(QStringLiteral("pairs.png"));
    pe::ui::FigureSize size = pe::ui::singleColumnFigure();
    size.dpi = 96;
    const pe::ui::ExportResult figure = pe::ui::exportFile(request, size);
    QVERIFY2(figure.status == pe::ui::ExportResult::Status::Ok, qPrintable(figure.message));
    QImage image(request.path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), size.pngPixels());

    request.path = dir.filePath(QStringLiteral("pairs.npy"));
    const pe::ui::ExportResult data = pe::ui::exportFile(request, size);
    QCOMPARE(data.status, pe::ui::ExportResult::Status::BadRequest);
    QVERIFY2(data.message.contains(QStringLiteral("the pairs view has no data export")), qPrintable(data.message));
    QVERIFY(!QFile::exists(request.path));
}

QTEST_MAIN(TestViewRegistry)
#include "tst_viewregistry.moc"
