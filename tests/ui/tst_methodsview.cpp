// SPDX-License-Identifier: MIT
// The methods view's layout (issue 15): the curves beside the matrix when the view is wide (a
// 180 × 60 mm figure kept only the matrix before), under it when it is tall, the matrix's
// cells square either way.
#include "core/datawriters.h"
#include "core/positionmethods.h"
#include "ui/document/document.h"
#include "ui/document/methodspart.h"
#include "ui/export/dataexport.h"
#include "ui/views/methodsview.h"
#include "ui/window/t5biasescontroller.h"
#include "ui/state/methodsoptions.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace pe::ui;

namespace {

/// The methods view's numbers in a frame; null when its part was not computed.
std::shared_ptr<const MethodsData> methodsDataOf(const Frame& frame)
{
    const MethodsPart* part = methodsPart(frame);
    return part ? part->data : nullptr;
}

/// Lays the plot out at its current size, as a paint would.
void layOut(MethodsView& view)
{
    view.refresh();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QApplication::processEvents();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
}

bool square(const QRect& r) { return std::abs(r.width() - r.height()) <= 2; }

/// 16 buckets × 3 heads of biases b + h/10 (bucket b, head h): each names where it came from.
pe::core::RowMatrix knownBiases()
{
    pe::core::RowMatrix biases(16, 3);
    for (int b = 0; b < 16; ++b)
        for (int h = 0; h < 3; ++h)
            biases(b, h) = b + h / 10.0;
    return biases;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// A .safetensors checkpoint as the format documents it: 8 bytes of header length (little
/// endian), the JSON header, then the data; a token embedding first, the biases second.
QByteArray checkpointWithBiases(const pe::core::RowMatrix& biases)
{
    QByteArray data;
    const auto append = [&](double v) {
        const auto f = static_cast<float>(v);
        data.append(reinterpret_cast<const char*>(&f), 4);
    };
    for (int i = 0; i < 6 * 4; ++i) // shared.weight: 6 × 4
        append(i);
    const qsizetype biasesStart = data.size();
    for (Eigen::Index b = 0; b < biases.rows(); ++b)
        for (Eigen::Index h = 0; h < biases.cols(); ++h)
            append(biases(b, h));
    QJsonObject header;
    header[QStringLiteral("shared.weight")] = QJsonObject{{"dtype", "F32"}, {"shape", QJsonArray{6, 4}}, {"data_offsets", QJsonArray{0, biasesStart}}};
    header[QStringLiteral("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight")] =
        QJsonObject{{"dtype", "F32"}, {"shape", QJsonArray{int(biases.rows()), int(biases.cols())}},
                    {"data_offsets", QJsonArray{biasesStart, data.size()}}};
    const QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    QByteArray out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[i] = char((quint64(json.size()) >> (8 * i)) & 0xff);
    return out + json + data;
}

/// The T5 biases the methods view draws: those read, while its options name their file.
pe::ui::T5BiasesPtr biasesInUse(const Document& document)
{
    return pe::ui::methodInputs(methodOptions(document.state()), document.viewData(pe::ui::views::methods)).t5Biases;
}

} // namespace

class TestMethodsView : public QObject {
    Q_OBJECT

private slots:
    void twoAreasFlippingEachSettle()
    {
        // A crushed methods view flipped its matrix between 3 and 7 pixels on every frame while
        // its curves kept 217 (the monkey under ASan, seed 20261122, step 2279): the matrix's and
        // the curves' requests went into one history, so the flip was never seen and the frames
        // never stopped. Each area keeps its own history now, and each flip settles on its
        // smaller size.
        Document document;
        MethodsView view(&document);
        view.resize(600, 400);
        QList<QSize> asked;
        for (int frame = 0; frame < 6; ++frame) {
            asked << view.pixelsToRequest(QRect(0, 0, frame % 2 ? 7 : 3, frame % 2 ? 7 : 3), 0);
            QCOMPARE(view.pixelsToRequest(QRect(0, 0, 217, 30), 1), QSize(217, 30));
        }
        QCOMPARE(asked.mid(2), QList<QSize>(4, QSize(3, 3)));
        // A real change of layout is followed at once.
        QCOMPARE(view.pixelsToRequest(QRect(0, 0, 40, 40), 0), QSize(40, 40));
    }

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
        QVERIFY(methodsDataOf(*document.frame()));
        QCOMPARE(methodsDataOf(*document.frame())->curveCount, 199999);
        QVERIFY(!methodsDataOf(*document.frame())->curvesExact);

        view.curveRect()->axis(QCPAxis::atBottom)->setRange(-1000, 1000); // as the wheel does
        QTRY_VERIFY(document.frame() && methodsDataOf(*document.frame()) && methodsDataOf(*document.frame())->curveCount == 2001);
        const MethodsData& data = *methodsDataOf(*document.frame());
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
        QTRY_VERIFY(document.frame() && methodsDataOf(*document.frame()) && methodsDataOf(*document.frame())->curveCount == 9999);
        QTRY_VERIFY(view.curveRect()->axis(QCPAxis::atBottom)->range().lower < -4998);
    }

    void t5BiasesFromAFile()
    {
        QTemporaryDir dir;
        const pe::core::RowMatrix biases = knownBiases();
        const QString path = dir.filePath("t5.safetensors");
        QVERIFY(writeFile(path, checkpointWithBiases(biases)));

        Document document;
        document.setMaxLen(40);
        MethodOptions o = methodOptions(document.state());
        o.method = ScoreMethod::T5;
        o.maxDistance = 20;
        document.setViewOptions(pe::ui::views::methods, pe::ui::toVariantMap(o));
        document.setPixels(pe::ui::views::methods, QSize(400, 400)); // every cell exact
        MethodsView view(&document);
        pe::ui::T5BiasesController loader(&document, nullptr); // what the view's "Load from a file…" asks
        // No tensor named: the checkpoint's relative_attention_bias, not its first table.
        QCOMPARE(loader.apply(path), QString());
        QVERIFY(biasesInUse(document));
        QCOMPARE(methodOptions(document.state()).numBuckets, 16); // the model's own
        for (int head : {1, 3}) {
            o = methodOptions(document.state());
            o.t5Head = head;
            o.maxDistance = 20;
            document.setViewOptions(pe::ui::views::methods, pe::ui::toVariantMap(o));
            document.computeNow();
            QVERIFY(methodsDataOf(*document.frame()));
            const MethodsData& data = *methodsDataOf(*document.frame());
            QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
            QCOMPARE(data.matrix.rows(), 40);
            for (int i = 0; i < 40; ++i)
                for (int j = 0; j < 40; ++j) {
                    const int bucket = pe::core::t5RelativeBucket(j - i, true, 16, 20); // key − query
                    QCOMPARE(data.matrix(i, j), double(float(biases(bucket, head - 1)))); // stored as float32
                }
        }
        // The data export is the same matrix.
        ExportRequest request;
        request.spec = document.spec();
        request.state = document.state();
        request.view = pe::ui::views::methods;
        request.viewData = document.viewData(pe::ui::views::methods); // as the window's export controller hands it
        request.path = dir.filePath("t5.npy");
        QVERIFY(exportData(request).ok());
        QFile exported(request.path);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        const QByteArray bytes = exported.readAll();
        const auto* values = reinterpret_cast<const double*>(bytes.constData() + bytes.size() - 40 * 40 * 8);
        QCOMPARE(values[3 * 40 + 7], double(float(biases(pe::core::t5RelativeBucket(7 - 3, true, 16, 20), 2)))); // head 3

        // Other num_buckets than the file's: said, naming both; undo goes back step by step.
        o = methodOptions(document.state());
        o.numBuckets = 32;
        o.maxDistance = 128;
        document.setViewOptions(pe::ui::views::methods, pe::ui::toVariantMap(o));
        document.computeNow();
        QVERIFY(methodsDataOf(*document.frame()));
        QVERIFY2(methodsDataOf(*document.frame())->error.contains("have 16 buckets; num_buckets is 32"),
                 qPrintable(methodsDataOf(*document.frame())->error));
        while (biasesInUse(document))
            document.undoStack()->undo();
        QCOMPARE(methodOptions(document.state()).numBuckets, MethodOptions{}.numBuckets); // as before the file
        QVERIFY(view.t5HeadBox()->isHidden());

        // Not a bias table: said, naming the file and what is allowed.
        pe::core::RowMatrix two(2, 3);
        two.setZero();
        std::string npy = pe::core::npyHeader(2, 3);
        pe::core::appendNpyRows(npy, two);
        QVERIFY(writeFile(dir.filePath("two.npy"), QByteArray::fromStdString(npy)));
        const QString refused = loader.apply(dir.filePath("two.npy"));
        QVERIFY2(refused.contains("two.npy") && refused.contains("4 to 1024 buckets"), qPrintable(refused));
        QVERIFY(!biasesInUse(document));
    }

    // The biases are data beside the options, which name their file: undo and redo need no
    // second read, and a window that starts from options naming the file (a session, the
    // preferences) reads it again; a file gone is drawn with random biases, not tried again.
    void t5BiasesFollowTheOptionsThatNameThem()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("t5.safetensors");
        QVERIFY(writeFile(path, checkpointWithBiases(knownBiases())));
        const QString copy = dir.filePath("copy.safetensors");
        QVERIFY(QFile::copy(path, copy));
        Document document;
        T5BiasesController loader(&document, nullptr);
        QCOMPARE(loader.apply(copy), QString());
        const T5BiasesPtr read = biasesInUse(document);
        QVERIFY(read);
        QCOMPARE(methodOptions(document.state()).t5File, read->path);
        QVERIFY(!methodOptions(document.state()).t5Tensor.isEmpty()); // the tensor found in the checkpoint
        QVERIFY(QFile::remove(copy)); // from here on, a second read would fail
        document.undoStack()->undo();
        QVERIFY(!biasesInUse(document));
        document.undoStack()->redo();
        QCOMPARE(biasesInUse(document), read); // the same biases, not read again
        QVERIFY(QFile::copy(path, copy));

        // A new window with the options saved: its controller reads the file they name.
        const Settings saved = document.settings();
        Document reopened;
        reopened.apply(saved);
        QVERIFY(!biasesInUse(reopened));
        T5BiasesController again(&reopened, nullptr);
        QVERIFY(biasesInUse(reopened));
        QCOMPARE(biasesInUse(reopened)->values, read->values);
        QCOMPARE(biasesInUse(reopened)->buckets, 16);

        // The file gone: random biases, the options kept as they were.
        Document missing;
        MethodOptions o = methodOptions(saved.state);
        o.t5File = dir.filePath("gone.safetensors");
        missing.setViewOptions(pe::ui::views::methods, toVariantMap(o));
        T5BiasesController none(&missing, nullptr);
        QVERIFY(!biasesInUse(missing));
        QCOMPARE(methodOptions(missing.state()).t5File, o.t5File);

        // Named as a hand-written session may: relative, no tensor (the likely one). Read once,
        // and known by that name (a name that never matched read the file again and again).
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        Document relative;
        o.t5File = QStringLiteral("t5.safetensors");
        o.t5Tensor.clear();
        relative.setViewOptions(pe::ui::views::methods, toVariantMap(o));
        T5BiasesController named(&relative, nullptr);
        QVERIFY(biasesInUse(relative));
        QCOMPARE(biasesInUse(relative)->values, read->values);

        // Read for the command line: named as read (absolute, the tensor found), so that the
        // options remembered or saved find it from another folder; not read again when the
        // options before the command line named the same file and head.
        QVariantMap given = toVariantMap(o);
        const auto fromCommandLine = pe::ui::readNamedT5Biases(given, nullptr);
        QDir::setCurrent(before);
        QVERIFY(std::holds_alternative<pe::ui::ViewDataPtr>(fromCommandLine) && std::get<pe::ui::ViewDataPtr>(fromCommandLine));
        QCOMPARE(methodOptionsFrom(given).t5File, QFileInfo(path).absoluteFilePath());
        QVERIFY(methodOptionsFrom(given).t5Tensor.contains("relative_attention_bias"));
        QCOMPARE(methodOptionsFrom(given).numBuckets, 16);
        MethodOptions gone = o;
        gone.t5File = dir.filePath("gone.safetensors");
        QVariantMap namedGone = toVariantMap(gone);
        const QVariantMap sameBefore = namedGone;
        const auto notRead = pe::ui::readNamedT5Biases(namedGone, &sameBefore);
        QVERIFY(std::holds_alternative<pe::ui::ViewDataPtr>(notRead) && !std::get<pe::ui::ViewDataPtr>(notRead));
        QVERIFY(std::holds_alternative<QString>(pe::ui::readNamedT5Biases(namedGone, nullptr)));
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
