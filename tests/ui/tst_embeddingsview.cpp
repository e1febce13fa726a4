// SPDX-License-Identifier: MIT
// The sentence-embeddings view driven offscreen: panels and cosines against sums written out
// here, the √d checkbox, sentence editing, word-vector files good and bad, and the data export.
#include "core/encoding.h"
#include "core/tokenembedding.h"
#include "ui/document/document.h"
#include "ui/views/embeddingsview.h"
#include "ui/window/wordvectorcontroller.h"
#include "ui/export/figureexport.h"
#include "ui/state/embeddingsoptions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>

using namespace pe::ui;

namespace {

Eigen::VectorXd inputOf(const std::string& word, int position, int d, bool scaled)
{
    pe::core::EncodingSpec spec;
    spec.dModel = d;
    Eigen::VectorXd pe(d);
    for (int k = 0; 2 * k < d; ++k) {
        const long double angle = position * std::pow(10000.0L, -2.0L * k / d);
        pe[2 * k] = static_cast<double>(std::sin(angle));
        if (2 * k + 1 < d)
            pe[2 * k + 1] = static_cast<double>(std::cos(angle));
    }
    return (scaled ? std::sqrt(double(d)) : 1.0) * pe::core::pseudoRandomWordVector(word, d) + pe;
}

double cosine(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    return a.dot(b) / (a.norm() * b.norm());
}

} // namespace

class TestEmbeddingsView : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void defaultSentenceAndCosines();
    void sqrtCheckboxChangesTheWordScale();
    void editingTheSentence();
    void typingTheSentenceIsOneUndoStep();
    void aFileNamedBySettingsIsRead();
    void badFiles_data();
    void badFiles();
    void dimensionMismatchOffersToSetDModel();
    void goodFileIsUsed();
    void exportHasFourBlocks();
    void comparedTokensStayLabelledWhenRowsThin();

private:
    QString writeFile(const QString& name, const QByteArray& content);
    void load(const QString& path);

    QTemporaryDir m_dir;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<EmbeddingsView> m_view;
    std::unique_ptr<pe::ui::WordVectorController> m_words; ///< what reads the files the view asks for, as in the window
};

void TestEmbeddingsView::init()
{
    m_document = std::make_unique<Document>();
    m_document->computeNow();
    m_view = std::make_unique<EmbeddingsView>(m_document.get());
    m_view->resize(700, 700);
    m_view->show();
    m_view->refresh();
    m_words = std::make_unique<pe::ui::WordVectorController>(m_document.get(), nullptr);
    m_words->attach(m_view.get());
}

void TestEmbeddingsView::cleanup()
{
    m_words.reset();
    m_view.reset();
    m_document.reset();
}

QString TestEmbeddingsView::writeFile(const QString& name, const QByteArray& content)
{
    QFile file(m_dir.filePath(name));
    if (file.open(QIODevice::WriteOnly))
        file.write(content);
    return file.fileName();
}

void TestEmbeddingsView::load(const QString& path)
{
    m_words->load(path);
    QVERIFY(QTest::qWaitFor([&] { return !m_words->isLoading(); }, 10000));
    QCoreApplication::processEvents(); // the finished signal
    m_document->computeNow();
}

void TestEmbeddingsView::defaultSentenceAndCosines()
{
    const EmbeddingsData& data = m_view->data();
    QCOMPARE(int(data.tokens.size()), 16);
    QCOMPARE(data.tokens[1].text, std::string("black"));
    QCOMPARE(data.tokens[9].text, std::string("brown"));
    QCOMPARE(m_view->firstTokenBox()->currentText(), QStringLiteral("1: black"));
    QCOMPARE(m_view->secondTokenBox()->currentText(), QStringLiteral("9: brown"));
    const double words = cosine(pe::core::pseudoRandomWordVector("black", 64), pe::core::pseudoRandomWordVector("brown", 64));
    const double inputs = cosine(inputOf("black", 1, 64, true), inputOf("brown", 9, 64, true));
    QVERIFY(std::abs(data.cosineWords - words) < 1e-12);
    QVERIFY(std::abs(data.cosineSums - inputs) < 1e-12);
    QVERIFY2(m_view->cosineText().contains(QString::number(inputs, 'f', 4)), qPrintable(m_view->cosineText()));
    // The sum panel holds word × √d + PE.
    QCPColorMapData* sum = m_view->colorMap(EmbeddingsView::Sum)->data();
    QCOMPARE(sum->keySize(), 64);
    QCOMPARE(sum->valueSize(), 16);
    QVERIFY(std::abs(sum->cell(5, 9) - inputOf("brown", 9, 64, true)[5]) < 1e-12);
}

void TestEmbeddingsView::sqrtCheckboxChangesTheWordScale()
{
    m_view->sqrtBox()->setChecked(false);
    m_document->computeNow();
    const double inputs = cosine(inputOf("black", 1, 64, false), inputOf("brown", 9, 64, false));
    QVERIFY(std::abs(m_view->data().cosineSums - inputs) < 1e-12);
    QVERIFY(std::abs(m_view->colorMap(EmbeddingsView::Word)->data()->cell(3, 1)
                     - pe::core::pseudoRandomWordVector("black", 64)[3]) < 1e-15);
    QVERIFY(!embeddingsOptions(m_document->state()).sqrtScaling); // a setting of the document: undoable
    m_document->undoStack()->undo();
    m_document->computeNow();
    QVERIFY(m_view->sqrtBox()->isChecked());
    QVERIFY(std::abs(m_view->colorMap(EmbeddingsView::Word)->data()->cell(3, 1)
                     - 8 * pe::core::pseudoRandomWordVector("black", 64)[3]) < 1e-12);
}

void TestEmbeddingsView::editingTheSentence()
{
    m_view->sentenceEdit()->setText(QStringLiteral("the cat [SEP] the cat"));
    m_document->computeNow();
    QCOMPARE(m_view->firstTokenBox()->count(), 4);
    m_view->firstTokenBox()->setCurrentIndex(1);
    m_view->secondTokenBox()->setCurrentIndex(3);
    emit m_view->secondTokenBox()->activated(3);
    m_document->computeNow();
    // The same word at positions 1 and 3: the words are identical, the inputs are not.
    QCOMPARE(m_view->data().cosineWords, 1.0);
    QVERIFY(m_view->data().cosineSums < 0.999);
    m_view->segmentBox()->setChecked(true);
    m_document->computeNow();
    QCOMPARE(m_view->data().embedding.segment.row(3).transpose(), pe::core::segmentVector(1, 64));
    m_view->sentenceEdit()->setText(QString());
    m_document->computeNow();
    QCOMPARE(int(m_view->data().tokens.size()), 0);
    QVERIFY(m_view->cosineText().contains(QStringLiteral("Type a sentence")));
    m_view->plot()->replot();
}

// The sentence is a setting: a typed edit is one undo step (not one per key), and undo puts
// the text back into the field.
void TestEmbeddingsView::typingTheSentenceIsOneUndoStep()
{
    QLineEdit* edit = m_view->sentenceEdit();
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
    edit->setFocus();
    QVERIFY(QTest::qWaitFor([&] { return edit->hasFocus(); }));
    const int before = m_document->undoStack()->count();
    edit->end(false);
    QTest::keyClicks(edit, QStringLiteral(" Then it rained"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(m_document->undoStack()->count(), before + 1);
    QVERIFY(embeddingsOptions(m_document->state()).sentence.endsWith(QStringLiteral("Then it rained")));
    m_document->computeNow();
    QCOMPARE(int(m_view->data().tokens.size()), 19);
    m_document->undoStack()->undo();
    QCOMPARE(edit->text(), pe::ui::EmbeddingsOptions::defaultSentence());
    m_document->computeNow();
    QCOMPARE(int(m_view->data().tokens.size()), 16);
}

// A session (or undo) that names a word-vector file: the view reads it in the background and
// the embeddings use it once read.
void TestEmbeddingsView::aFileNamedBySettingsIsRead()
{
    QByteArray text = "black";
    for (int i = 0; i < 64; ++i)
        text += i == 0 ? " 2" : " 0";
    const QString path = writeFile(QStringLiteral("named.txt"), text + '\n');
    pe::ui::Settings settings = m_document->settings();
    { auto o = embeddingsOptions(settings.state); o.vectorFile = path; setEmbeddingsOptions(settings.state, o); }
    m_document->apply(settings); // as opening a session does
    QVERIFY(QTest::qWaitFor([&] { return !m_words->isLoading(); }, 10000));
    QCoreApplication::processEvents();
    m_document->computeNow();
    QVERIFY(m_view->data().fromFile);
    QCOMPARE(m_view->data().embedding.word(1, 0), 16.0); // 2 × √64
    QCOMPARE(m_document->undoStack()->count(), 0); // reading it is not an edit
}

void TestEmbeddingsView::badFiles_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << QByteArray() << "the file is empty";
    QTest::newRow("malformed") << QByteArray("black" + QByteArray(" 0.5").repeated(64) + "\nbrown\n") << "line 2: \"brown\" has no numbers";
    QTest::newRow("not a number") << QByteArray("black" + QByteArray(" 0.5").repeated(63) + " x\n") << "not a number";
    QTest::newRow("nan") << QByteArray("black" + QByteArray(" 0.5").repeated(63) + " nan\n") << "not a finite number";
    QTest::newRow("binary") << (QByteArray("2 64\nblack ") + QByteArray(256, '\0') + "\n") << "binary";
    QTest::newRow("truncated") << (QByteArray("3 64\nblack") + QByteArray(" 0.5").repeated(64) + "\n") << "cut off";
}

void TestEmbeddingsView::badFiles()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    load(writeFile(QStringLiteral("bad.txt"), content));
    QVERIFY2(m_view->fileMessage().contains(expected), qPrintable(m_view->fileMessage()));
    QVERIFY(m_view->fileMessage().contains(QStringLiteral("bad.txt")));
    QVERIFY(!m_view->data().fromFile); // still drawing, with the pseudo-random vectors
    QCOMPARE(int(m_view->data().tokens.size()), 16);
    m_words->load(m_dir.filePath(QStringLiteral("missing.txt")));
    QVERIFY2(m_view->fileMessage().contains(QStringLiteral("no such file")), qPrintable(m_view->fileMessage()));
}

void TestEmbeddingsView::dimensionMismatchOffersToSetDModel()
{
    const QString path = writeFile(QStringLiteral("small.txt"), "black 1 0 0\nbrown 1 1 0\n");
    load(path);
    QVERIFY2(m_view->fileMessage().contains(QStringLiteral("3 dimensions, but d_model is 64")), qPrintable(m_view->fileMessage()));
    QVERIFY(m_view->matchDModelButton()->isVisible());
    m_view->matchDModelButton()->click();
    QVERIFY(QTest::qWaitFor([&] { return !m_words->isLoading(); }, 10000));
    QCoreApplication::processEvents();
    m_document->computeNow();
    QCOMPARE(m_document->spec().dModel, 3);
    QVERIFY(m_view->data().fromFile);
    // cos((1,0,0), (1,1,0)) = 1/√2.
    QVERIFY(std::abs(m_view->data().cosineWords - std::sqrt(0.5)) < 1e-12);
}

void TestEmbeddingsView::goodFileIsUsed()
{
    QByteArray text = "3 64\n";
    for (const char* word : {"black", "brown", "cat"}) {
        text += word;
        for (int i = 0; i < 64; ++i)
            text += ' ' + QByteArray::number(i == 0 ? 1.0 : (std::string(word) == "brown" && i == 1 ? 1.0 : 0.0));
        text += '\n';
    }
    load(writeFile(QStringLiteral("glove.txt"), text));
    QVERIFY(m_view->data().fromFile);
    QVERIFY(std::abs(m_view->data().cosineWords - std::sqrt(0.5)) < 1e-12);
    QVERIFY(!m_view->data().inFile[0]); // "the" is not in the file: a zero vector
    QCOMPARE(m_view->data().embedding.word.row(0).norm(), 0.0);
    // The export carries the file's vectors.
    ExportRequest request;
    request.view = pe::ui::views::embeddings;
    request.state = m_document->state();
    request.viewData = m_document->viewData(pe::ui::views::embeddings);
    request.path = m_dir.filePath(QStringLiteral("file.csv"));
    QVERIFY(exportFile(request, singleColumnFigure()).ok());
    QFile csv(request.path);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 64);
    QCOMPARE(lines[1].split(',')[0].toDouble(), 8.0); // black: 1 × √64
}

void TestEmbeddingsView::exportHasFourBlocks()
{
    ExportRequest request;
    request.view = pe::ui::views::embeddings;
    request.path = m_dir.filePath(QStringLiteral("emb.csv"));
    QVERIFY(exportFile(request, singleColumnFigure()).ok());
    QFile csv(request.path);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 4 * 16);
    for (int c : {0, 7, 63}) {
        const double word = lines[9].split(',')[c].toDouble(), pe = lines[16 + 9].split(',')[c].toDouble();
        const double segment = lines[32 + 9].split(',')[c].toDouble(), sum = lines[48 + 9].split(',')[c].toDouble();
        QCOMPARE(segment, 0.0);
        QVERIFY(std::abs(word + pe + segment - sum) < 1e-12);
        QVERIFY(std::abs(sum - inputOf("brown", 9, 64, true)[c]) < 1e-12);
    }
    { auto o = embeddingsOptions(request.state); o.sentence = QStringLiteral("  "); setEmbeddingsOptions(request.state, o); }
    request.path = m_dir.filePath(QStringLiteral("none.npy"));
    const ExportResult none = exportFile(request, singleColumnFigure());
    QCOMPARE(none.status, ExportResult::Status::BadRequest);
    QVERIFY(none.message.contains(QStringLiteral("no words")));
}

void TestEmbeddingsView::comparedTokensStayLabelledWhenRowsThin()
{
    // Too short for 16 token labels: every n-th is kept, and always the two compared tokens,
    // whose rows are framed (at an 89 mm column the frames sat on unlabelled rows).
    EmbeddingsOptions o = embeddingsOptions(m_document->state());
    o.first = 4;  // "on"
    o.second = 11; // "slept"
    m_document->setViewOptions(pe::ui::views::embeddings, toVariantMap(o));
    m_document->computeNow();
    m_view->refresh();
    const auto labelsAt = [&](const QSize& size) {
        m_view->layOutAt(size);
        QStringList shown;
        auto ticker = m_view->colorMap(EmbeddingsView::Word)->valueAxis()->ticker().dynamicCast<QCPAxisTickerText>();
        for (auto it = ticker->ticks().cbegin(); it != ticker->ticks().cend(); ++it)
            shown << QStringLiteral("%1:%2").arg(it.key()).arg(it.value());
        return shown;
    };
    const QStringList tall = labelsAt(QSize(600, 900));
    QCOMPARE(tall.size(), 16);
    const QStringList thin = labelsAt(QSize(600, 260));
    QVERIFY2(thin.size() > 2 && thin.size() < 16, qPrintable(thin.join(u' ')));
    QVERIFY2(thin.contains(QStringLiteral("4:on")) && thin.contains(QStringLiteral("11:slept")), qPrintable(thin.join(u' ')));
    // The others keep clear of them: no two labels on neighbouring rows.
    QList<int> rows;
    for (const QString& label : thin)
        rows << label.section(u':', 0, 0).toInt();
    for (int i = 1; i < rows.size(); ++i)
        QVERIFY2(rows[i] - rows[i - 1] >= 2, qPrintable(thin.join(u' ')));
}

QTEST_MAIN(TestEmbeddingsView)

#include "tst_embeddingsview.moc"
