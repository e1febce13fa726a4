// SPDX-License-Identifier: MIT
// The export dialog as a user meets it twice in a row: a long error message is read whole and
// the Export button stays under the pointer; the next export starts from the last one's format
// and size.
#include "ui/export/exportdialog.h"
#include "ui/export/figureexport.h"
#include "ui/state/preferences.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

using pe::ui::ExportDialog;
using pe::ui::View;

class TestExportDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void aLongErrorWrapsAndTheButtonStays();
    void theNextExportStartsFromTheLastOnesFormatAndSize();
};

void TestExportDialog::aLongErrorWrapsAndTheButtonStays()
{
    ExportDialog dialog(pe::ui::views::heatmap, QStringLiteral("/tmp/pe-heatmap.pdf"), QStringLiteral("viridis"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QPushButton* exportButton = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    const QPoint before = exportButton->mapTo(&dialog, QPoint(0, 0));
    const int widthBefore = dialog.width();
    const QString message = QStringLiteral("cannot write /home/teacher/Documents/lectures/2026/positional-encoding/figures/"
                                           "pe-heatmap-for-the-slides.pdf: the disk is full: 8.4 MB needed, 66 KB free on "
                                           "/home (choose another folder or free some space)");
    dialog.showError(message);
    QCoreApplication::processEvents();
    auto* error = dialog.findChild<QLabel*>(QStringLiteral("exportError"));
    QVERIFY(error);
    QCOMPARE(error->text(), message);
    // Whole: the wrapped text needs no more height than the label has, and no wider dialog.
    QVERIFY2(error->heightForWidth(error->contentsRect().width()) <= error->contentsRect().height(),
             qPrintable(QStringLiteral("%1 px of text in %2 px").arg(error->heightForWidth(error->contentsRect().width()))
                            .arg(error->contentsRect().height())));
    QCOMPARE(dialog.width(), widthBefore);
    QCOMPARE(exportButton->mapTo(&dialog, QPoint(0, 0)), before);
    dialog.showError(QString());
    QCoreApplication::processEvents();
    QCOMPARE(exportButton->mapTo(&dialog, QPoint(0, 0)), before);
}

void TestExportDialog::theNextExportStartsFromTheLastOnesFormatAndSize()
{
    {
        ExportDialog first(pe::ui::views::similarity, QStringLiteral("/tmp/pe-similarity.png"), QStringLiteral("viridis"));
        auto boxes = first.findChildren<QDoubleSpinBox*>();
        QVERIFY(boxes.size() >= 3); // width, height, font
        boxes[0]->setValue(120);     // a custom width: the preset becomes "Custom size"
        boxes[1]->setValue(80);
        first.findChild<QSpinBox*>()->setValue(600);
        first.done(QDialog::Accepted); // no check set: as after a successful export
    }
    QCOMPARE(pe::ui::Preferences::exportFormat(), QStringLiteral("png"));
    ExportDialog next(pe::ui::views::heatmap, QStringLiteral("/tmp/pe-heatmap.png"), QStringLiteral("viridis"));
    const pe::ui::FigureSize size = next.figureSize();
    QCOMPARE(size.millimetres, QSizeF(120, 80));
    QCOMPARE(size.dpi, 600);
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
