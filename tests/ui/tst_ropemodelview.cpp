// SPDX-License-Identifier: MIT
// The RoPE view with a real model (issue 33): the Model and Against boxes reach the plot, the
// window's controller reads a config.json or refuses it without changing the view, the view
// goes back to the paper variants, and its figures and data exports hold the model.
#include "ui/document/document.h"
#include "ui/export/figureexport.h"
#include "ui/document/ropemodeldata.h"
#include "ui/plotting/labels.h"
#include "ui/views/ropemodelplot.h"
#include "ui/views/ropeview.h"
#include "ui/widgets/detailsbox.h"
#include "ui/window/ropemodelcontroller.h"
#include "ui/state/ropeoptions.h"

#include <QComboBox>
#include <QLabel>
#include <QScrollBar>
#include <QToolButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>

using namespace pe::ui;

namespace {

constexpr double twoPi = 2 * std::numbers::pi;

void choose(QComboBox* box, const QString& data)
{
    const int index = box->findData(data);
    QVERIFY2(index >= 0, qPrintable(data));
    box->setCurrentIndex(index);
    emit box->activated(index);
}

QString writeConfig(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    QDir(dir.path()).mkpath(name);
    QFile file(dir.filePath(name + QStringLiteral("/config.json")));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text);
    return file.fileName();
}

bool inLegend(const QCPAbstractPlottable* plottable)
{
    return plottable->parentPlot()->legend->hasItemWithPlottable(const_cast<QCPAbstractPlottable*>(plottable));
}

} // namespace

class TestRopeModelView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
        QSettings().clear();
    }
    void init()
    {
        m_document = std::make_unique<Document>();
        m_document->computeNow();
        m_view = std::make_unique<RopeView>(m_document.get());
        m_view->resize(700, 900);
        m_view->show();
        m_view->refresh();
    }
    void cleanup()
    {
        m_view.reset();
        m_document.reset();
    }

    void modelBoxDrawsTheModel()
    {
        QVERIFY(m_view->modelBox()->count() > 16); // the paper variants, 16 models, Open…
        QVERIFY(!m_view->compareBox()->isVisible());
        choose(m_view->modelBox(), QStringLiteral("llama-3.1-8b"));
        QCOMPARE(ropeOptions(m_document->state()).model, QStringLiteral("llama-3.1-8b"));
        m_document->computeNow();
        m_view->refresh();
        QVERIFY(m_view->compareBox()->isVisible());
        // Llama 3.1 at 131072 tokens: pair 0 turns every 2π positions; pair 63's wavelength
        // 2π·500000^(126/128) is above 8192 and so 8 times longer.
        const QCPGraph* longest = m_view->modelPlot()->maxGraph();
        QCOMPARE(longest->data()->size(), 64);
        QVERIFY(std::abs(longest->data()->at(0)->value / twoPi - 1) < 1e-14);
        QVERIFY(std::abs(longest->data()->at(63)->value / (twoPi * std::pow(500000.0, 126.0 / 128) * 8) - 1) < 1e-12);
        QVERIFY(inLegend(longest));
        QVERIFY(!inLegend(m_view->wavelengthGraph(pe::core::RopeScaling::PositionInterpolation)));
        QVERIFY(m_view->wavelengthGraph(pe::core::RopeScaling::None)->data()->isEmpty());
        const QString details = m_view->modelDetailsText();
        QVERIFY2(details.contains(QStringLiteral("rope_scaling.rope_type = llama3")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("bfloat16 from 257")), qPrintable(details));
    }

    void againstBoxComparesTheModelWithoutItsScaling()
    {
        choose(m_view->modelBox(), QStringLiteral("llama-3.1-8b"));
        choose(m_view->compareBox(), RopeOptions::noScaling);
        m_document->computeNow();
        m_view->refresh();
        const QCPGraph* scores = m_view->modelPlot()->scoreCosineGraph();
        QVERIFY(scores->data()->size() > 100);
        QVERIFY(std::abs(scores->data()->at(0)->value - 1) < 1e-6);          // position 1
        QVERIFY(scores->data()->at(scores->data()->size() - 1)->value < 0.95); // position 131071
        QCOMPARE(scores->data()->at(scores->data()->size() - 1)->key, 131071.0);
        // Back to no comparison: the cosines go, the decay bound comes.
        choose(m_view->compareBox(), QString());
        m_document->computeNow();
        m_view->refresh();
        QVERIFY(m_view->modelPlot()->scoreCosineGraph()->data()->isEmpty());
    }

    void openItemAsksTheWindowAndKeepsTheView()
    {
        QSignalSpy asked(m_view.get(), &RopeView::openModelConfigRequested);
        choose(m_view->modelBox(), QStringLiteral("\x01open"));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().first().toBool(), false);
        QVERIFY(ropeOptions(m_document->state()).model.isEmpty());
        QCOMPARE(m_view->modelBox()->currentIndex(), 0); // still the paper variants
    }

    void controllerReadsOrRefuses()
    {
        QTemporaryDir dir;
        RopeModelController controller(m_document.get(), nullptr);
        QSignalSpy shown(&controller, &RopeModelController::shown);
        const QString bad = writeConfig(dir, QStringLiteral("Broken"), R"({"hidden_size": 4096, "max_position_embeddings": 4096})");
        const QString message = controller.apply(bad, false);
        QVERIFY2(message.contains(QStringLiteral("no head dimension")), qPrintable(message));
        QVERIFY(ropeOptions(m_document->state()).model.isEmpty()); // the view keeps what it showed
        QCOMPARE(shown.size(), 0);

        const QString good = writeConfig(dir, QStringLiteral("My-Model"),
                                         R"({"hidden_size": 2048, "num_attention_heads": 16, "max_position_embeddings": 8192,
                                             "rope_theta": 1000000, "rope_scaling": {"type": "linear", "factor": 4}})");
        QVERIFY(controller.apply(good, false).isEmpty());
        QCOMPARE(ropeOptions(m_document->state()).model, good);
        QCOMPARE(shown.size(), 1);
        m_document->computeNow();
        m_view->refresh();
        QCOMPARE(m_view->modelBox()->currentText(), QStringLiteral("My-Model"));
        // Linear: every pair divided by 4.
        const QCPGraph* longest = m_view->modelPlot()->maxGraph();
        QCOMPARE(longest->data()->size(), 64);
        QVERIFY(std::abs(longest->data()->at(10)->value / (twoPi * std::pow(1e6, 20.0 / 128) * 4) - 1) < 1e-12);
        // The same file as the comparison, then a refused one leaves the comparison alone.
        QVERIFY(controller.apply(good, true).isEmpty());
        QCOMPARE(ropeOptions(m_document->state()).compare, good);
        QVERIFY(!controller.apply(dir.filePath(QStringLiteral("nothing-here")), true).isEmpty());
        QCOMPARE(ropeOptions(m_document->state()).compare, good);
        // Undo takes the comparison back in one step.
        m_document->undoStack()->undo();
        QVERIFY(ropeOptions(m_document->state()).compare.isEmpty());
    }

    void againstOffersTheConfigsOpenedBefore()
    {
        // Issue 48: each config.json read (as the model or the comparison) is offered again in
        // both boxes, newest first, under its folder's name; one since deleted is not.
        QSettings().remove(QStringLiteral("rope/recentConfigs"));
        QTemporaryDir dir;
        const QString config = R"({"hidden_size": 2048, "num_attention_heads": 16, "max_position_embeddings": 8192, "rope_theta": %1})";
        const QString first = writeConfig(dir, QStringLiteral("First-Model"), config.arg(10000).toUtf8());
        const QString second = writeConfig(dir, QStringLiteral("Second-Model"), config.arg(500000).toUtf8());
        const QString gone = writeConfig(dir, QStringLiteral("Gone-Model"), config.arg(20000).toUtf8());
        RopeModelController controller(m_document.get(), nullptr);
        for (const QString& path : {gone, first, second})
            QVERIFY(controller.apply(path, false).isEmpty());
        QVERIFY(QFile::remove(gone));
        choose(m_view->modelBox(), QStringLiteral("llama-3.1-8b"));
        m_document->computeNow();
        m_view->refresh();
        for (QComboBox* box : {m_view->compareBox(), m_view->modelBox()}) {
            const int a = box->findData(second), b = box->findData(first);
            QVERIFY2(a > 0 && b > a, qPrintable(QStringLiteral("%1 at %2, %3 at %4").arg(second).arg(a).arg(first).arg(b)));
            QCOMPARE(box->itemText(a), QStringLiteral("Second-Model"));
            QCOMPARE(box->itemData(a, Qt::ToolTipRole).toString(), QDir::toNativeSeparators(second));
            QCOMPARE(box->findData(gone), -1);
        }
        // Chosen there, it is compared without a file dialog.
        choose(m_view->compareBox(), first);
        QCOMPARE(ropeOptions(m_document->state()).compare, first);
        QCOMPARE(ropeOptions(m_document->state()).model, QStringLiteral("llama-3.1-8b"));
        m_document->computeNow();
        m_view->refresh();
        QCOMPARE(m_view->compareBox()->currentText(), QStringLiteral("First-Model"));
    }

    void unfoldedDetailsScrollInsideTheirBox()
    {
        // Issue 48: the model's fields read fold out into a box of their own that scrolls, at most
        // a third of the view and never leaving the plots less than 300 px; the plots stay whole
        // in the view (at the RoPE pane's size at 1366 × 768, the heatmap beside it).
        m_view->resize(545, 660);
        choose(m_view->modelBox(), QStringLiteral("llama-3.1-8b"));
        m_document->computeNow();
        m_view->refresh();
        if (!m_view->modelDetailsButton()->isChecked())
            m_view->modelDetailsButton()->click();
        auto* box = m_view->findChild<pe::ui::DetailsBox*>(QStringLiteral("ropeModelDetailsBox"));
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible() && box->height() > 0);
        QCoreApplication::processEvents();
        const QString sizes = QStringLiteral("view %1, box %2 (text %3), plot %4")
                                  .arg(m_view->height()).arg(box->height()).arg(box->widget()->height()).arg(m_view->plot()->height());
        QVERIFY2(box->height() <= m_view->height() / 3 + 1, qPrintable(sizes));
        QVERIFY2(m_view->plot()->height() >= RopeView::minimumPlotHeight, qPrintable(sizes));
        QVERIFY2(box->verticalScrollBar()->maximum() > 0, qPrintable(sizes)); // longer than its box: it scrolls
        QVERIFY2(m_view->plot()->geometry().bottom() < m_view->height(), qPrintable(sizes));
        // Folded again, the plot takes the room back.
        const int unfolded = m_view->plot()->height();
        m_view->modelDetailsButton()->click();
        QTRY_VERIFY(m_view->plot()->height() > unfolded);
        m_view->modelDetailsButton()->click(); // as the other tests found it
    }

    void paperVariantsComeBack()
    {
        choose(m_view->modelBox(), QStringLiteral("phi-3-vision-128k"));
        m_document->computeNow();
        m_view->refresh();
        choose(m_view->modelBox(), QString());
        m_document->computeNow();
        m_view->refresh();
        QVERIFY(ropeOptions(m_document->state()).model.isEmpty());
        QVERIFY(m_view->modelPlot()->maxGraph()->data()->isEmpty());
        QVERIFY(!inLegend(m_view->modelPlot()->maxGraph()));
        QVERIFY(inLegend(m_view->wavelengthGraph(pe::core::RopeScaling::PositionInterpolation)));
        QCOMPARE(m_view->wavelengthGraph(pe::core::RopeScaling::None)->data()->size(), 32);
        QVERIFY(m_view->scaleBox()->isVisible());
    }

    void precisionOfPositionIdsBelow()
    {
        choose(m_view->modelBox(), QStringLiteral("qwen2.5-7b"));
        QVERIFY(m_view->precisionBox()->isVisible());
        m_view->precisionBox()->setChecked(true);
        QVERIFY(ropeOptions(m_document->state()).precisionBelow);
        m_document->computeNow();
        m_view->refresh();
        // 512 ranges of positions up to 32768: float16 holds them all, bfloat16's error passes a
        // radian once its spacing does (ids beyond 512 are 4 apart).
        const QCPGraph* bf16 = m_view->modelPlot()->precisionGraph(1);
        QCOMPARE(bf16->data()->size(), 512);
        QVERIFY(bf16->data()->at(511)->value >= 63.9);
        QVERIFY(m_view->modelPlot()->precisionGraph(0)->data()->at(511)->value < 0.01);
        QVERIFY(m_view->decayRect()->axis(QCPAxis::atLeft)->scaleType() == QCPAxis::stLogarithmic);
        QCOMPARE(m_view->modelPlot()->precisionGraph(2)->name(), QStringLiteral("float16 ids"));
        // Past 65504 float16 rounds ids to infinity: from 65520 on, which its legend names.
        choose(m_view->modelBox(), QStringLiteral("phi-3-vision-128k"));
        m_document->computeNow();
        m_view->refresh();
        QCOMPARE(m_view->modelPlot()->precisionGraph(2)->name(), QStringLiteral("float16 ids (none from 65520)"));
        QCOMPARE(m_view->modelPlot()->precisionGraph(1)->name(), QStringLiteral("bfloat16 ids"));
        // A comparison takes the place below; the box hides.
        choose(m_view->compareBox(), RopeOptions::noScaling);
        QVERIFY(!m_view->precisionBox()->isVisible());
        m_document->computeNow();
        m_view->refresh();
        QVERIFY(m_view->modelPlot()->precisionGraph(1)->data()->isEmpty());
        QVERIFY(m_view->decayRect()->axis(QCPAxis::atLeft)->scaleType() == QCPAxis::stLinear);
    }

    void detailsNameTheIdsThatCollide()
    {
        // Qwen2.5-7B: 32768 positions. bfloat16 keeps 8 significant bits, so 257 rounds onto 256;
        // float16 11 bits (2049); float32 24 bits, far beyond. The float32 angle m·θ at m = 32767
        // is off by at most half an ulp of m·θ_0 = 32767 (2^−9), the largest angle.
        RopeOptions o;
        o.model = QStringLiteral("qwen2.5-7b");
        const auto curves = pe::ui::ropeModelCurves(o);
        QVERIFY(curves && curves->error.isEmpty());
        const QString details = pe::ui::RopeModelPlot::details(*curves);
        QVERIFY2(details.contains(QStringLiteral("bfloat16 from 257 (of 32767), float16 from 2049 (of 32767), float32 never")),
                 qPrintable(details));
        QVERIFY(curves->float32AngleErrorAtLast > 0 && curves->float32AngleErrorAtLast <= std::ldexp(1.0, -9));
        QVERIFY2(details.contains(QStringLiteral("off by up to %1 rad").arg(pe::ui::shortNumber(curves->float32AngleErrorAtLast, 3))),
                 qPrintable(details));
    }

    void optionsAreRememberedAsText()
    {
        RopeOptions o;
        o.model = QStringLiteral("deepseek-v3");
        o.compare = RopeOptions::noScaling;
        const RopeOptions back = ropeOptionsFrom(toVariantMap(o));
        QCOMPARE(back.model, o.model);
        QCOMPARE(back.compare, o.compare);
    }

    void figuresAndDataOfAModel()
    {
        QTemporaryDir dir;
        ExportRequest request;
        request.view = pe::ui::views::rope;
        { auto o = ropeOptions(request.state); o.model = QStringLiteral("qwen2-vl-7b"); setRopeOptions(request.state, o); }
        for (const char* suffix : {"pdf", "svg", "png", "csv"}) {
            request.path = dir.filePath(QStringLiteral("qwen.") + QLatin1String(suffix));
            const ExportResult result = exportFile(request, singleColumnFigure());
            QVERIFY2(result.ok(), qPrintable(result.message));
            QVERIFY(QFileInfo(request.path).size() > 1000);
        }
        { auto o = ropeOptions(request.state); o.model = QStringLiteral("no-such-model"); setRopeOptions(request.state, o); }
        request.path = dir.filePath(QStringLiteral("bad.csv"));
        const ExportResult bad = exportFile(request, singleColumnFigure());
        QCOMPARE(bad.status, ExportResult::Status::BadRequest);
        QVERIFY2(bad.message.contains(QStringLiteral("no-such-model")), qPrintable(bad.message));
        QVERIFY(!QFileInfo::exists(request.path));
    }

private:
    std::unique_ptr<Document> m_document;
    std::unique_ptr<RopeView> m_view;
};

QTEST_MAIN(TestRopeModelView)
#include "tst_ropemodelview.moc"
