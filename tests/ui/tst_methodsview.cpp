// SPDX-License-Identifier: MIT
// The methods view's layout (issue 15): the curves beside the matrix when the view is wide (a
// 180 × 60 mm figure kept only the matrix before), under it when it is tall, the matrix's
// cells square either way.
#include "ui/document/document.h"
#include "ui/views/methodsview.h"

#include <QTest>
#include <qcustomplot.h>

using namespace pe::ui;

namespace {

/// Lays the plot out at its current size, as a paint would.
void layOut(MethodsView& view)
{
    view.refresh();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QApplication::processEvents();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
}

bool square(const QRect& r) { return std::abs(r.width() - r.height()) <= 2; }

} // namespace

class TestMethodsView : public QObject {
    Q_OBJECT

private slots:
    void curvesGoBesideAWideMatrixAndUnderATallOne()
    {
        Document document;
        MethodsView view(&document);
        view.resize(1500, 520);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        document.computeNow();
        layOut(view);
        QRect matrix = view.matrixRect()->rect(), curves = view.curveRect()->rect();
        QVERIFY(view.curveRect()->visible());
        QVERIFY2(curves.left() > matrix.right() && curves.top() < matrix.bottom(),
                 qPrintable(QStringLiteral("matrix %1,%2 %3×%4; curves %5,%6 %7×%8").arg(matrix.x()).arg(matrix.y())
                                .arg(matrix.width()).arg(matrix.height()).arg(curves.x()).arg(curves.y())
                                .arg(curves.width()).arg(curves.height())));
        QVERIFY(square(matrix));
        QVERIFY(curves.width() > matrix.width()); // the rest of the width is the curves'

        view.resize(520, 1100);
        layOut(view);
        matrix = view.matrixRect()->rect();
        curves = view.curveRect()->rect();
        QVERIFY(view.curveRect()->visible());
        QVERIFY(curves.top() > matrix.bottom());
        QVERIFY(square(matrix));
    }

    void aWidePaperFigureKeepsItsCurves()
    {
        // 180 × 60 mm at the figures' 96 layout pixels per inch, 8 pt text: as figure export lays it out.
        Document document;
        document.computeNow();
        MethodsView view(&document);
        view.refresh();
        view.prepareForExport(8.0 * 96.0 / 72.0);
        const QSize layout(680, 227);
        view.plot()->resize(layout);
        for (int pass = 0; pass < 3; ++pass) {
            view.layOutAt(layout);
            if (document.isFrameCurrent())
                break;
            document.computeNow();
            view.refresh();
        }
        QVERIFY(view.curveRect()->visible());
        const QRect matrix = view.matrixRect()->rect(), curves = view.curveRect()->rect();
        QVERIFY(curves.left() > matrix.right());
        QVERIFY2(curves.width() > 150, qPrintable(QStringLiteral("matrix %1×%2 at %3; curves %4×%5 at %6").arg(matrix.width()).arg(matrix.height()).arg(matrix.x()).arg(curves.width()).arg(curves.height()).arg(curves.x())));
        QVERIFY(square(matrix));
        QVERIFY(matrix.height() > 60);
    }
};

QTEST_MAIN(TestMethodsView)
#include "tst_methodsview.moc"
