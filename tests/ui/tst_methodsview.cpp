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

    void theCurvesZoomToEveryOffset()
    {
        // 100,000 positions: 199,999 offsets, drawn as run means. Zoomed to ±1000, every
        // offset is drawn exactly: ALiBi's causal −m·δ scaled by its largest value in view.
        Document document;
        document.setMaxLen(100000);
        MethodsView view(&document);
        view.resize(900, 1000);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        document.computeNow();
        layOut(view);
        QTRY_VERIFY(document.isFrameCurrent());
        QVERIFY(document.frame()->methods);
        QCOMPARE(document.frame()->methods->curveCount, 199999);
        QVERIFY(!document.frame()->methods->curvesExact);

        view.curveRect()->axis(QCPAxis::atBottom)->setRange(-1000, 1000); // as the wheel does
        QTRY_VERIFY(document.frame() && document.frame()->methods && document.frame()->methods->curveCount == 2001);
        const MethodsData& data = *document.frame()->methods;
        QCOMPARE(data.curveFirst, -1000);
        QVERIFY(data.curvesExact);
        const MethodCurve* alibi = nullptr;
        for (const MethodCurve& c : data.curves)
            if (c.method == ScoreMethod::Alibi)
                alibi = &c;
        QVERIFY(alibi);
        QCOMPARE(alibi->x.size(), 2001);
        for (int t = 0; t < 2001; ++t) {
            const double delta = alibi->x[t];
            QCOMPARE(delta, double(t - 1000));
            if (delta < 0)
                QVERIFY(std::isnan(alibi->y[t])); // causal: keys after the query are masked
            else
                QVERIFY(std::abs(alibi->y[t] - (-delta / 1000.0)) < 1e-12);
        }
        // The zoom stays while the frame changes; a new max_len zooms out to all offsets.
        QCOMPARE(view.curveRect()->axis(QCPAxis::atBottom)->range().lower, -1000.0);
        document.setMaxLen(5000);
        QTRY_VERIFY(document.frame() && document.frame()->methods && document.frame()->methods->curveCount == 9999);
        QTRY_VERIFY(view.curveRect()->axis(QCPAxis::atBottom)->range().lower < -4998);
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
