// SPDX-License-Identifier: MIT
// The conventions, precision and frequency-band views as a user drives them: the combo boxes
// switch what is drawn, the cells hold the published formulas (written out here in long double
// or in the CPU's own float arithmetic, never taken from the core), mistakes are marked in red,
// a click selects everywhere, presentation mode enlarges them.
#include "core/encoding.h"
#include "ui/views/bandsview.h"
#include "ui/views/conventionsview.h"
#include "ui/document/conventionspart.h"
#include "ui/document/document.h"
#include "ui/document/precisionpart.h"
#include "ui/views/precisionview.h"
#include "ui/plotting/labels.h"

#include <QComboBox>
#include <QTest>
#include <qcustomplot.h>

#include <bit>
#include <cmath>

using namespace pe::ui;
using pe::core::Comparison;
using pe::core::NumberFormat;
using pe::core::PrecisionMode;

namespace {

bool waitForCurrentFrame(Document& document)
{
    return QTest::qWaitFor([&] { return document.isFrameCurrent(); }, 20000);
}

/// The textbook code of each variant for an interleaved or split d-column encoding, long double.
/// tensor2tensor (variant 1) has n = ⌊d/2⌋ timescales (get_timing_signal_1d's channels // 2)
/// and pads an odd d with a zero last column; the others have the paper's ⌈d/2⌉ pairs, an odd
/// d's last one a lone sine.
long double textbook(int d, bool split, int variant, std::int64_t p, int column)
{
    const bool t2t = variant == 1;
    if (t2t && d % 2 == 1 && column == d - 1)
        return 0.0L;
    const int pairs = t2t ? d / 2 : (d + 1) / 2;
    const int k = split ? (column < pairs ? column : column - pairs) : column / 2;
    const bool isSin = split ? column < pairs : column % 2 == 0;
    long double exponent = 2.0L * k / d;                                     // paper
    if (variant == 1)
        exponent = static_cast<long double>(k) / std::max(pairs - 1, 1);    // tensor2tensor
    if (variant == 2)
        exponent = 4.0L * k / d;                                             // doubled exponent
    if (variant == 3)
        exponent = (isSin ? 4.0L * k : 4.0L * k + 2) / d;                    // shifted cosine
    const long double angle = p / std::pow(10000.0L, exponent);
    return isSin ? std::sin(angle) : std::cos(angle);
}

/// Shows `view` at 900 × 600 and draws until its maps have the bins of their final size: drawing
/// lays the maps out, and they ask for their bins.
bool showWithItsBins(ConventionsView& view, Document& document)
{
    view.resize(900, 600);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return false;
    for (int round = 0; round < 5; ++round) {
        if (!waitForCurrentFrame(document))
            return false;
        view.refresh();
        view.plot()->replot();
        QCoreApplication::processEvents();
    }
    if (!waitForCurrentFrame(document))
        return false;
    view.refresh();
    return true;
}

/// Selects the combo box entry whose data is `value`, as a user's click does (activated).
void choose(QComboBox* box, int value)
{
    const int index = box->findData(value);
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
    emit box->activated(index);
}

double bfloat16(double x)
{
    // float → bfloat16 as the libraries do it (round to nearest even on the upper 16 bits); x is
    // first a float, exact for the values here to far below bfloat16's step.
    std::uint32_t bits = std::bit_cast<std::uint32_t>(static_cast<float>(x));
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return std::bit_cast<float>(bits & 0xffff0000u);
}

} // namespace

class TestResearchViews : public QObject {
    Q_OBJECT
private slots:
    void comparisonBoxSwitchesB_data();
    void comparisonBoxSwitchesB();
    void shiftedCosineNamesTheBrokenRotation();
    void frequenciesComparisonAtAnOddDModel();
    void conventionRowsFollowTheMapsPixels();
    void conventionColumnsFollowTheMapsPixels();
    void clickingAConventionCellSelectsIt();
    void precisionBoxesSwitchTheHeatmap();
    void precisionCurvesReachAMillionPositions();
    void precisionMapAveragesTheColumnsUnderAPixel();
    void bandsShowTheResolutionLimit();
    void presentationModeEnlargesTheNewViews();
};

void TestResearchViews::comparisonBoxSwitchesB_data()
{
    QTest::addColumn<int>("comparison");
    QTest::addColumn<bool>("split");     // B's layout
    QTest::addColumn<int>("variant");    // B's frequencies, as in textbook()
    QTest::addColumn<qint64>("first");   // B's first position
    QTest::addColumn<bool>("mistake");
    QTest::newRow("layout") << int(Comparison::Layout) << true << 0 << qint64{0} << false;
    QTest::newRow("frequencies") << int(Comparison::Frequencies) << false << 1 << qint64{0} << false;
    QTest::newRow("first position") << int(Comparison::FirstPosition) << false << 0 << qint64{2} << false;
    QTest::newRow("doubled exponent") << int(Comparison::DoubledExponent) << false << 2 << qint64{0} << true;
    QTest::newRow("shifted cosine") << int(Comparison::ShiftedCosine) << false << 3 << qint64{0} << true;
}

void TestResearchViews::comparisonBoxSwitchesB()
{
    QFETCH(int, comparison);
    QFETCH(bool, split);
    QFETCH(int, variant);
    QFETCH(qint64, first);
    QFETCH(bool, mistake);
    Document document;
    ConventionsView view(&document);
    view.resize(900, 600);
    view.show();
    choose(view.comparisonBox(), comparison);
    QCOMPARE(document.state().comparison, Comparison(comparison));
    QVERIFY(waitForCurrentFrame(document));
    view.refresh();
    // Defaults: d 64, 100 rows, every row its own cell. A is the paper's interleaved encoding.
    for (int row : {0, 1, 50, 99})
        for (int column : {0, 1, 20, 33, 63}) {
            const double a = view.map(0)->data()->cell(column, row);
            const double b = view.map(1)->data()->cell(column, row);
            const double difference = view.map(2)->data()->cell(column, row);
            QCOMPARE_LE(std::abs(a - static_cast<double>(textbook(64, false, 0, row, column))), 1e-13);
            QCOMPARE_LE(std::abs(b - static_cast<double>(textbook(64, split, variant, first + row, column))), 1e-13);
            QCOMPARE_LE(std::abs(difference - (a - b)), 1e-13);
        }
    const QString caption = view.rect(1)->axis(QCPAxis::atTop)->label();
    QCOMPARE(caption.contains(QStringLiteral("MISTAKE")), mistake);
    QCOMPARE(view.noteText().contains(QStringLiteral("Mistake copied from")), mistake);
    QCOMPARE(view.noteElement()->textColor() == QColor(190, 0, 0), mistake);
    // The difference map is centred on white: a symmetric range.
    QCOMPARE(view.map(2)->dataRange().lower, -view.map(2)->dataRange().upper);
}

void TestResearchViews::frequenciesComparisonAtAnOddDModel()
{
    // d 7: A (paper) has pairs 0–2 and pair 3's lone sine in column 6, ω_k = 10000^(−2k/7);
    // B (tensor2tensor) has n = 3 pairs, ω_k = 10000^(−k/2), and column 6 zero at every row.
    Document document;
    document.setDModel(7);
    ConventionsView view(&document);
    view.resize(900, 600);
    view.show();
    choose(view.comparisonBox(), int(Comparison::Frequencies));
    QVERIFY(waitForCurrentFrame(document));
    view.refresh();
    for (int row : {0, 1, 50, 99})
        for (int column = 0; column < 7; ++column) {
            const double a = view.map(0)->data()->cell(column, row);
            const double b = view.map(1)->data()->cell(column, row);
            QCOMPARE_LE(std::abs(a - static_cast<double>(textbook(7, false, 0, row, column))), 1e-13);
            QCOMPARE_LE(std::abs(b - static_cast<double>(textbook(7, false, 1, row, column))), 1e-13);
            QCOMPARE_LE(std::abs(view.map(2)->data()->cell(column, row) - (a - b)), 1e-13);
        }
    for (int row : {1, 50, 99}) {
        QCOMPARE(view.map(1)->data()->cell(6, row), 0.0);
        QCOMPARE_LE(std::abs(view.map(0)->data()->cell(6, row) - std::sin(row * std::pow(10000.0, -6.0 / 7))), 1e-13);
        // Column 5 is pair 2's cosine in both, at 10000^(−4/7) in A and 10000^(−1) in B.
        QCOMPARE_LE(std::abs(view.map(1)->data()->cell(5, row) - std::cos(row / 10000.0)), 1e-13);
    }
}

void TestResearchViews::conventionRowsFollowTheMapsPixels()
{
    // 5000 rows on maps a few hundred pixels tall: one bin per pixel row, each the exact mean
    // of the whole rows it stands for — never one sampled row per pixel.
    Document document;
    document.setMaxLen(5000);
    ConventionsView view(&document);
    QVERIFY(showWithItsBins(view, document));
    const int pixelRows = int(std::lround(view.rect(0)->rect().height() * view.plot()->bufferDevicePixelRatio()));
    QVERIFY(pe::ui::conventionsPart(*document.frame()));
    const auto bins = int(pe::ui::conventionsPart(*document.frame())->heatA.rows());
    QVERIFY2(bins <= pixelRows && bins >= pixelRows - 2, qPrintable(QString("%1 bins on %2 pixel rows").arg(bins).arg(pixelRows)));
    QCOMPARE(view.map(0)->data()->valueSize(), bins);
    for (int bin : {0, bins / 2, bins - 1}) {
        const std::int64_t from = pe::core::binStart(5000, bins, bin), to = pe::core::binStart(5000, bins, bin + 1);
        for (int column : {0, 7, 63}) {
            long double sum = 0;
            for (std::int64_t row = from; row < to; ++row)
                sum += textbook(64, false, 0, row, column);
            QCOMPARE_LE(std::abs(view.map(0)->data()->cell(column, bin) - static_cast<double>(sum / (to - from))), 1e-12);
        }
    }
}

void TestResearchViews::conventionColumnsFollowTheMapsPixels()
{
    // 2048 columns on maps a few hundred pixels wide: one bin per pixel column, each the mean of
    // the columns under it, weighted by the width each shares with the pixel — not one column
    // in seven sampled (stripes that are not in the data).
    Document document;
    document.setDModel(2048);
    ConventionsView view(&document);
    QVERIFY(showWithItsBins(view, document));
    const int pixelColumns = int(std::lround(view.rect(0)->rect().width() * view.plot()->bufferDevicePixelRatio()));
    const pe::ui::ConventionsPart* c = pe::ui::conventionsPart(*document.frame());
    QVERIFY(c);
    const auto bins = int(c->heatA.cols());
    QVERIFY2(bins <= pixelColumns && bins >= pixelColumns - 2 && bins < 2048,
             qPrintable(QString("%1 bins on %2 pixel columns").arg(bins).arg(pixelColumns)));
    QCOMPARE(view.map(0)->data()->keySize(), bins);
    const double width = 2048.0 / bins;
    for (int bin : {0, 1, bins / 2, bins - 1}) {
        const double from = bin * width, to = (bin + 1) * width;
        for (int row : {0, 37, 99}) {
            long double sum = 0;
            for (int column = int(std::floor(from)); column < std::min(2048, int(std::ceil(to))); ++column) {
                const double shared = std::min<double>(to, column + 1) - std::max<double>(from, column);
                sum += shared * textbook(2048, false, 0, row, column);
            }
            QCOMPARE_LE(std::abs(view.map(0)->data()->cell(bin, row) - static_cast<double>(sum / width)), 1e-12);
        }
    }
    // The map's cells sit over the columns they average: the centre of a bin is where its
    // columns' middle is on the axis (column j at j).
    double key = 0, value = 0;
    view.map(0)->data()->cellToCoord(bins / 2, 0, &key, &value);
    QCOMPARE_LE(std::abs(key - ((bins / 2 + 0.5) * width - 0.5)), 1e-9);
    // The readout names the columns a pixel averages.
    const QString readout = view.cellDescription(37, 0);
    QVERIFY2(readout.contains(QString("columns 0–%1 (averaged)").arg(int(std::ceil(width)) - 1)), qPrintable(readout));
}

void TestResearchViews::shiftedCosineNamesTheBrokenRotation()
{
    Document document;
    ConventionsView view(&document);
    document.selectPosition(10);
    document.setOffset(5);
    choose(view.comparisonBox(), int(Comparison::ShiftedCosine));
    QVERIFY(waitForCurrentFrame(document));
    view.refresh();
    const pe::ui::ConventionsPart* f = pe::ui::conventionsPart(*document.frame());
    QVERIFY(f);
    // The explicit residual of the textbook mistake at p = 10, k = 5.
    long double squares = 0;
    for (int k = 0; k < 32; ++k) {
        const long double ws = std::pow(10000.0L, -4.0L * k / 64), wc = std::pow(10000.0L, -(4.0L * k + 2) / 64);
        const long double s = std::sin(10 * ws), c = std::cos(10 * wc);
        squares += std::pow(std::cos(5 * ws) * s + std::sin(5 * ws) * c - std::sin(15 * ws), 2)
                 + std::pow(-std::sin(5 * ws) * s + std::cos(5 * ws) * c - std::cos(15 * wc), 2);
    }
    QCOMPARE_LE(std::abs(f->residualB - static_cast<double>(std::sqrt(squares))), 1e-13);
    QVERIFY(f->residualB > 0.1);
    QVERIFY(f->residualA < 1e-13);
    QVERIFY2(view.noteText().contains(QStringLiteral("no longer a rotation")), qPrintable(view.noteText()));
    QVERIFY2(view.noteText().contains(shortNumber(f->residualB, 2)), qPrintable(view.noteText()));
}

void TestResearchViews::clickingAConventionCellSelectsIt()
{
    Document document;
    ConventionsView view(&document);
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(waitForCurrentFrame(document));
    view.refresh();
    view.plot()->replot();
    // Row 40, column 9 of the difference map.
    QCPAxisRect* rect = view.rect(2);
    const QPoint at(static_cast<int>(rect->axis(QCPAxis::atBottom)->coordToPixel(9)),
                    static_cast<int>(rect->axis(QCPAxis::atLeft)->coordToPixel(40)));
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, at);
    QCOMPARE(document.state().position, std::int64_t{40});
    QCOMPARE(document.state().dimension, 9);
    QTest::mouseMove(view.plot(), at);
    QVERIFY(QTest::qWaitFor([&] { return view.readoutText().contains(QStringLiteral("row 40, column 9")); }, 2000));
}

void TestResearchViews::precisionBoxesSwitchTheHeatmap()
{
    Document document;
    PrecisionView view(&document);
    view.resize(800, 700);
    view.show();
    choose(view.formatBox(), int(NumberFormat::BFloat16));
    choose(view.modeBox(), int(PrecisionMode::Stored));
    QCOMPARE(document.state().format, NumberFormat::BFloat16);
    QCOMPARE(document.state().precisionMode, PrecisionMode::Stored);
    QVERIFY(waitForCurrentFrame(document));
    view.refresh();
    for (int row : {1, 37, 99})
        for (int column : {0, 1, 30}) {
            const long double exact = textbook(64, false, 0, row, column);
            const double expected = std::max(1e-17, std::abs(bfloat16(static_cast<double>(exact)) - static_cast<double>(exact)));
            QCOMPARE_LE(std::abs(view.colorMap()->data()->cell(column, row) - expected), 1e-12);
        }
    QVERIFY(view.heatRect()->axis(QCPAxis::atTop)->label().contains(QStringLiteral("bfloat16")));

    // float32 computed end to end: the CPU's float arithmetic (expf and sinf within an ulp).
    choose(view.formatBox(), int(NumberFormat::Float32));
    choose(view.modeBox(), int(PrecisionMode::Computed));
    QVERIFY(waitForCurrentFrame(document));
    view.refresh();
    const float step = static_cast<float>(-std::log(10000.0) / 64);
    for (int row : {3, 99})
        for (int column : {0, 5, 40}) {
            const float omega = std::exp(static_cast<float>(2 * (column / 2)) * step);
            const float angle = static_cast<float>(row) * omega;
            const double value = column % 2 == 0 ? std::sin(angle) : std::cos(angle);
            const double expected = std::abs(value - static_cast<double>(textbook(64, false, 0, row, column)));
            QCOMPARE_LE(std::abs(view.colorMap()->data()->cell(column, row) - std::max(1e-17, expected)), 1.2e-7);
        }
}

void TestResearchViews::precisionCurvesReachAMillionPositions()
{
    Document document;
    PrecisionView view(&document);
    document.setMaxLen(1000000);
    QVERIFY(waitForCurrentFrame(document));
    view.refresh();
    const QVector<ErrorCurveKind> kinds = errorCurveKinds();
    const auto last = [&](NumberFormat format, PrecisionMode mode) {
        for (int i = 0; i < kinds.size(); ++i)
            if (kinds[i].format == format && kinds[i].mode == mode) {
                const auto data = view.curve(i)->data();
                return std::pair{(data->end() - 1)->key, (data->end() - 1)->value};
            }
        return std::pair{0.0, 0.0};
    };
    const auto [position, computed] = last(NumberFormat::Float32, PrecisionMode::Computed);
    QCOMPARE(position, 999999.0);
    // The angle p·ω rounded to float32: up to p·2^−24 ≈ 0.06 at 10^6 (DESIGN.md: ~6e−2).
    QVERIFY2(computed > 1e-2 && computed < 2e-1, qPrintable(QString::number(computed)));
    QVERIFY(last(NumberFormat::Float32, PrecisionMode::Stored).second <= std::ldexp(1.0, -25));
    // float16 holds no position beyond 65504: the code's sin is NaN, drawn above every real error.
    QVERIFY(pe::ui::precisionPart(*document.frame()));
    QVERIFY(std::isinf(pe::ui::precisionPart(*document.frame())->errorCurves[5].back()));
    QCOMPARE(last(NumberFormat::Float16, PrecisionMode::Computed).second, 2.5);
    QVERIFY(last(NumberFormat::Float64, PrecisionMode::Computed).second < 1e-8);
    QVERIFY(pe::ui::precisionPart(*document.frame())->rows.size() <= 256); // the heatmap samples the rows
}

void TestResearchViews::precisionMapAveragesTheColumnsUnderAPixel()
{
    // 1024 dimensions on a map a few hundred pixels wide: each drawn column is the mean of the
    // dimensions' errors under its pixel, each weighed by the share of it the pixel covers, as
    // the heatmap's bins are; the readout still names one dimension's own error.
    Document document;
    document.setDModel(1024);
    PrecisionView view(&document);
    view.resize(500, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(QTest::qWaitFor([&] {
        const PrecisionPart* part = document.frame() ? pe::ui::precisionPart(*document.frame()) : nullptr;
        return part && part->heat.cols() == 1024 && part->shown.cols() > 1 && part->shown.cols() < 1024;
    }, 5000));
    view.refresh();
    const PrecisionPart& part = *pe::ui::precisionPart(*document.frame());
    const Eigen::Index n = part.shown.cols();
    QCOMPARE(n, Eigen::Index(view.heatRect()->width() * view.devicePixelRatioF() + 0.5)); // one per pixel
    const double width = 1024.0 / double(n);
    for (Eigen::Index r : {Eigen::Index(0), part.shown.rows() / 2, part.shown.rows() - 1})
        for (Eigen::Index j = 0; j < n; ++j) {
            const double lower = j * width, upper = (j + 1) * width;
            long double sum = 0;
            for (int c = int(std::floor(lower)); c < int(std::ceil(upper)) && c < 1024; ++c)
                sum += static_cast<long double>(part.heat(r, c)) * (std::min(upper, c + 1.0) - std::max(lower, double(c)));
            const double expected = std::clamp(static_cast<double>(sum / width), 1e-17, 2.5);
            QVERIFY2(std::abs(part.shown(r, j) - expected) <= 1e-12 * expected,
                     qPrintable(QString("row %1, column %2: %3, the mean %4").arg(r).arg(j).arg(part.shown(r, j)).arg(expected)));
            QCOMPARE(view.colorMap()->data()->cell(int(j), int(r)), part.shown(r, j)); // drawn without a copy
        }
    // The map spans every dimension: its first and last columns' centres half a pixel in.
    QCOMPARE_LE(std::abs(view.colorMap()->data()->keyRange().lower - (width / 2 - 0.5)), 1e-9);
    QCOMPARE_LE(std::abs(view.colorMap()->data()->keyRange().upper - (1024 - width / 2 - 0.5)), 1e-9);
    QVERIFY(view.cellDescription(part.rows[3], 700).contains(QStringLiteral("column 700")));
    // The axis says how many dimensions a pixel averages, and no more once each has its own.
    QCOMPARE(view.plot()->xAxis->label(), QStringLiteral("Dimension (%1 per pixel)").arg(pe::ui::shortNumber(width, 3)));
    document.setDModel(64);
    QVERIFY(QTest::qWaitFor([&] {
        const PrecisionPart* p = document.frame() ? pe::ui::precisionPart(*document.frame()) : nullptr;
        return p && p->heat.cols() == 64;
    }, 5000));
    view.refresh();
    QCOMPARE(view.plot()->xAxis->label(), QStringLiteral("Dimension"));
}

void TestResearchViews::bandsShowTheResolutionLimit()
{
    Document document;
    BandsView bands(&document);
    PrecisionView precision(&document);
    QVERIFY(waitForCurrentFrame(document));
    bands.refresh();
    // float16 (the default): p_F in (1024, 2048] for every pair, 2048 for ω_0 = 1.
    auto data = bands.resolutionGraph()->data();
    QCOMPARE(data->size(), 32);
    QCOMPARE(data->begin()->value, 2048.0);
    for (auto it = data->begin(); it != data->end(); ++it)
        QVERIFY(it->value > 1024 && it->value <= 2048);
    // The format box of the bands view is the precision view's too.
    choose(bands.formatBox(), int(NumberFormat::BFloat16));
    QVERIFY(waitForCurrentFrame(document));
    bands.refresh();
    precision.refresh();
    QCOMPARE(precision.formatBox()->currentData().toInt(), int(NumberFormat::BFloat16));
    data = bands.resolutionGraph()->data();
    QCOMPARE(data->begin()->value, 256.0);
    QVERIFY(bands.pairDescription(0).contains(QStringLiteral("bfloat16")));
    choose(bands.formatBox(), int(NumberFormat::Float64));
    QVERIFY(waitForCurrentFrame(document));
    bands.refresh();
    QCOMPARE(bands.resolutionGraph()->data()->size(), 0);
}

void TestResearchViews::presentationModeEnlargesTheNewViews()
{
    Document document;
    ConventionsView conventions(&document);
    PrecisionView precision(&document);
    QVERIFY(waitForCurrentFrame(document));
    for (PlotView* view : std::initializer_list<PlotView*>{&conventions, &precision}) {
        const double before = view->plot()->xAxis->tickLabelFont().pointSizeF();
        view->setScale(1.7);
        QCOMPARE_GE(view->plot()->xAxis->tickLabelFont().pointSizeF(), 1.6 * before);
    }
    QCOMPARE_GE(conventions.noteElement()->font().pointSizeF(), 1.6 * 9.0);
}

QTEST_MAIN(TestResearchViews)
#include "tst_researchviews.moc"
