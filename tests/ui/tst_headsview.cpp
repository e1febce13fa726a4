// SPDX-License-Identifier: MIT
// The Heads view in the window (issue 51): a checkpoint opened through File ▸ Open checkpoint's
// controller, a head built to attend to the previous position found and named as such (its
// weights written in tests/common/checkpointwriter.h, so the expected word follows from them),
// a head of zeros named uniform, the tiles choosing the head, and a bad checkpoint refused with
// the window keeping what it showed.
#include "windowprobes.h"

#include "tests/common/checkpointwriter.h"
#include "ui/document/document.h"
#include "ui/document/headspart.h"
#include "ui/plotting/cellcolormap.h"
#include "ui/state/viewcatalog.h"
#include "ui/views/headsview.h"
#include "ui/window/checkpointcontroller.h"
#include "ui/window/mainwindow.h"

#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using pe::ui::HeadsView;

class TestHeadsView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_headsview"));
        QSettings().clear();
    }

    void withoutACheckpointItSaysHowToOpenOne()
    {
        auto window = windowprobes::launch(QSize(1366, 768));
        QVERIFY(window);
        QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heads));
        const QString title = windowprobes::plotTitle(window->plotView(pe::ui::views::heads)->plot());
        QVERIFY2(title.contains(QStringLiteral("Open checkpoint")), qPrintable(title));
    }

    void aPreviousTokenHeadIsFoundAndNamed()
    {
        QTemporaryDir folder;
        QVERIFY(testsupport::writePreviousTokenGpt2(folder.path()));
        auto window = windowprobes::launch(QSize(1366, 768));
        QVERIFY(window);
        QCOMPARE(window->checkpoints()->apply(folder.path()), QString());
        QCOMPARE(window->document()->spec().maxLen, 8); // the model's positions
        QVERIFY(windowprobes::bringOnScreen(*window, pe::ui::views::heads));
        auto* view = qobject_cast<HeadsView*>(window->plotView(pe::ui::views::heads));
        QVERIFY(view);
        QTRY_VERIFY2(view->summaryText().startsWith(QStringLiteral("head 0: previous-token head")), qPrintable(view->summaryText()));
        const pe::ui::HeadsPart* part = window->document()->frame()->partOf<pe::ui::HeadsPart>(pe::ui::views::heads);
        QVERIFY(part && part->summaries.size() == 2);
        // S[i, i − 1] = 32/√8 ≈ 11.3 and 0 elsewhere: row i puts e^11.3 / (e^11.3 + i) on the key before.
        const double s = 32 / std::sqrt(8.0) / (1 + 1e-5); // LayerNorm divides q and k each by sqrt(1 + eps)
        double want = 0;
        for (int i = 1; i < 8; ++i)
            want += std::exp(s) / (std::exp(s) + i);
        QVERIFY2(std::abs(part->summaries[0].previousToken - want / 7) < 1e-9, qPrintable(QString::number(part->summaries[0].previousToken)));
        QCOMPARE(part->summaries[1].kind, pe::ui::HeadSummary::Kind::Uniform);
        const QString title = windowprobes::plotTitle(view->plot());
        QVERIFY2(title.contains(QStringLiteral("GPT-2")) && title.contains(QStringLiteral("2 heads")), qPrintable(title));

        // A click on the second tile draws head 1 large.
        QCPAxisRect* tiles = view->tilesRect();
        const QPointF secondTile(tiles->axis(QCPAxis::atBottom)->coordToPixel(view->tilesMap()->data()->keyRange().upper - 1),
                                 tiles->axis(QCPAxis::atLeft)->coordToPixel(1));
        QCOMPARE(view->headAt(secondTile), 1);
        QTest::mouseClick(view->plot(), Qt::LeftButton, {}, secondTile.toPoint());
        QTRY_COMPARE(view->headBox()->value(), 1);
        QTRY_VERIFY2(view->summaryText().startsWith(QStringLiteral("head 1: uniform")), qPrintable(view->summaryText()));

        // A checkpoint that cannot be read is refused by name; the view keeps the one it showed.
        const QString missing = folder.filePath(QStringLiteral("nothing-here"));
        const QString error = window->checkpoints()->apply(missing);
        QVERIFY2(error.contains(missing), qPrintable(error));
        QVERIFY(windowprobes::waitForFrame(*window));
        QTRY_VERIFY(view->summaryText().startsWith(QStringLiteral("head 1: uniform")));
    }
};

QTEST_MAIN(TestHeadsView)
#include "tst_headsview.moc"
