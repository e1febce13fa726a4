// SPDX-License-Identifier: MIT
#include "ui/views/ropeview.h"
#include "ui/views/viewfactory.h"

#include "ui/document/ropepart.h"

#include "ui/document/document.h"
#include "ui/plotting/curvegraph.h"
#include "ui/plotting/freeplace.h"
#include "ui/widgets/detailsbox.h"
#include "ui/widgets/flowlayout.h"
#include "ui/widgets/textlabels.h"
#include "ui/state/preferences.h"
#include "ui/modelfiles/ropeconfig.h"
#include "ui/widgets/accessiblenames.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"
#include "ui/state/ropeoptions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace pe::ui {

namespace {

/// The frame's RoPE curves; null when its part was not computed.
std::shared_ptr<const RopeCurves> ropeCurvesOf(const Frame& f)
{
    const RopePart* part = ropePart(f);
    return part ? part->curves : nullptr;
}
RopeScores ropeScoresOf(const Frame& f)
{
    const RopePart* part = ropePart(f);
    return part ? part->scores : RopeScores();
}

using core::RopeScaling;

constexpr double twoPi = 2 * std::numbers::pi;
/// The scale slider moves in tenths: 1.5 and 2.5 are common factors.
constexpr int sliderSteps = 10;

QString methodName(RopeScaling scaling, bool shortName = false)
{
    switch (scaling) {
    case RopeScaling::None: return RopeView::tr("no scaling");
    case RopeScaling::PositionInterpolation: return shortName ? RopeView::tr("PI") : RopeView::tr("PI: θ/s");
    case RopeScaling::NtkAware: return shortName ? RopeView::tr("NTK") : RopeView::tr("NTK-aware base");
    case RopeScaling::Yarn: return shortName ? RopeView::tr("YaRN") : RopeView::tr("YaRN (paper ramp)");
    case RopeScaling::DynamicNtk: return shortName ? RopeView::tr("dyn. NTK") : RopeView::tr("dynamic NTK (HF)");
    case RopeScaling::YarnReference: return shortName ? RopeView::tr("YaRN ref.") : RopeView::tr("YaRN (HF/reference ramp)");
    case RopeScaling::Llama3: return shortName ? RopeView::tr("Llama 3") : RopeView::tr("Llama 3.1 (HF llama3)");
    }
    return {};
}

QColor methodColor(RopeScaling scaling)
{
    switch (scaling) {
    case RopeScaling::None: return QColor(40, 40, 40);
    // Okabe–Ito blue, green and vermillion: apart for every common colour vision (the orange
    // and gold used before were hard to tell apart); each also has its own dash and marker.
    case RopeScaling::PositionInterpolation: return seriesColor(0);
    case RopeScaling::NtkAware: return seriesColor(2);
    case RopeScaling::Yarn: return seriesColor(1);
    // The deployed variants in the palette's remaining colours, each with its own dash and marker.
    case RopeScaling::DynamicNtk: return seriesColor(5);
    case RopeScaling::YarnReference: return seriesColor(3);
    case RopeScaling::Llama3: return seriesColor(4);
    }
    return Qt::black;
}

Qt::PenStyle methodDash(RopeScaling scaling)
{
    switch (scaling) {
    case RopeScaling::None: return Qt::SolidLine;
    case RopeScaling::PositionInterpolation: return Qt::DashLine;
    case RopeScaling::NtkAware: return Qt::DashDotLine;
    case RopeScaling::Yarn: return Qt::DotLine;
    case RopeScaling::DynamicNtk: return Qt::DashDotDotLine;
    case RopeScaling::YarnReference: return Qt::DashLine;
    case RopeScaling::Llama3: return Qt::SolidLine;
    }
    return Qt::SolidLine;
}

QPen methodPen(RopeScaling scaling, double width)
{
    QPen pen(methodColor(scaling), width, methodDash(scaling));
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

QCPScatterStyle::ScatterShape methodShape(RopeScaling scaling)
{
    switch (scaling) {
    case RopeScaling::None: return QCPScatterStyle::ssDisc;
    case RopeScaling::PositionInterpolation: return QCPScatterStyle::ssSquare;
    case RopeScaling::NtkAware: return QCPScatterStyle::ssTriangle;
    case RopeScaling::Yarn: return QCPScatterStyle::ssDiamond;
    case RopeScaling::DynamicNtk: return QCPScatterStyle::ssCross;
    case RopeScaling::YarnReference: return QCPScatterStyle::ssPlus;
    case RopeScaling::Llama3: return QCPScatterStyle::ssStar;
    }
    return QCPScatterStyle::ssDisc;
}

void useLogTicker(QCPAxis* axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(powersOfTenTicker());
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
}

/// Gives `lower` its `share` of the two stacked rects' height, and `readable` px at least while
/// that leaves `upper` as much (the decay plot was 50 px tall beside the heatmap at 1366 × 768
/// with fixed stretch factors, which share the rows' heights with their margins); true when
/// the rows' stretch changed.
bool shareHeight(QCPAxisRect* upper, QCPAxisRect* lower, double share, double readable)
{
    const double inner = upper->rect().height() + lower->rect().height();
    if (inner <= 0)
        return false;
    // The floor only while the upper plot, the main one, keeps as much: in F5
    // at 1366 × 768 the two plots have 200 px, and a floor there left the wavelengths 100.
    double lowerHeight = share * inner;
    if (lowerHeight < readable && inner - readable >= readable)
        lowerHeight = readable;
    const double upperOuter = inner - lowerHeight + upper->outerRect().height() - upper->rect().height();
    const double lowerOuter = lowerHeight + lower->outerRect().height() - lower->rect().height();
    QCPLayoutGrid* grid = upper->layout() ? qobject_cast<QCPLayoutGrid*>(upper->layout()) : nullptr;
    if (!grid || upperOuter <= 0 || lowerOuter <= 0)
        return false;
    int upperRow = 0, lowerRow = 0, column = 0;
    grid->indexToRowCol(grid->elements(false).indexOf(upper), upperRow, column);
    grid->indexToRowCol(grid->elements(false).indexOf(lower), lowerRow, column);
    const double upperFactor = upperOuter / (upperOuter + lowerOuter);
    const double was = grid->rowStretchFactors().at(upperRow)
                       / (grid->rowStretchFactors().at(upperRow) + grid->rowStretchFactors().at(lowerRow));
    if (std::abs(was - upperFactor) < 0.005) // a pixel or so: settled
        return false;
    grid->setRowStretchFactor(upperRow, upperFactor);
    grid->setRowStretchFactor(lowerRow, 1 - upperFactor);
    return true;
}

} // namespace

RopeView::RopeView(Document* document, QWidget* parent)
    : PlotView(document, views::rope, parent)
{
    m_variantsExplanation = tr("<b>Rotary position embedding (RoPE).</b> Instead of adding the encoding, "
                      "RoPE turns each pair (q<sub>2k</sub>, q<sub>2k+1</sub>) of a query or key at "
                      "position m by the angle m·θ<sub>k</sub>, with the same θ<sub>k</sub> = "
                      "base<sup>−2k/d</sup>. A score q<sub>m</sub>·k<sub>n</sub> then depends only on "
                      "m − n. <i>Top:</i> how many positions one turn of each pair takes, and how the "
                      "three ways of stretching a model trained on L<sub>orig</sub> to s·L<sub>orig</sub> "
                      "change it: PI slows every pair by s; NTK-aware raises the base, so fast pairs "
                      "stay and only the slowest is slowed by s; YaRN keeps pairs that turn more than "
                      "β = 32 times in L<sub>orig</sub>, interpolates those under α = 1 turn, ramps in "
                      "between (the paper's ramp over turns; Hugging Face and the authors' code ramp over the "
                      "pair index instead). Dynamic NTK raises the base with the current length L; Llama 3.1 keeps "
                      "wavelengths under L<sub>orig</sub>/4, divides those over L<sub>orig</sub> by s, and blends "
                      "between. <i>Bottom:</i> RoFormer's upper bound of the score: it falls as tokens "
                      "get farther apart.");
    setExplanation(m_variantsExplanation);
    auto* box = static_cast<QVBoxLayout*>(layout());
    box->insertWidget(1, createControls());
    syncControls();
    // The controls show the document's options at once, on screen or not (undo, reset, a session).
    // Only for its own options: another view's change must not reset a value half typed here.
    connect(document, &Document::changed, this, [this, shown = document->state().optionsOf(views::rope)](Changes what) mutable {
        if (!(what & Change::ViewOptions))
            return;
        if (QVariantMap now = this->document()->state().optionsOf(views::rope); now != shown) {
            shown = std::move(now);
            syncControls();
        }
    });

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_bandsRect = p->axisRect();
    placeLegendUnderTitle(p, 4);
    m_decayRect = new QCPAxisRect(p);
    // Stacked, or side by side in a room much wider than tall (F5 on a projector).
    m_panels = std::make_unique<PanelPair>(p->plotLayout(), 2, 0, PanelPair::First{m_bandsRect},
                                           PanelPair::Second{m_decayRect, {m_decayRect}}, 0.6);
    m_bandsRect->setMinimumMargins(QMargins(15, 5, 15, 15));
    m_decayRect->setMinimumMargins(QMargins(15, 5, 15, 15)); // side by side, off the window's edge

    QCPAxis* decayX = m_decayRect->axis(QCPAxis::atBottom);
    QCPAxis* decayY = m_decayRect->axis(QCPAxis::atLeft);
    // The no-scaling curve last, on top of the others.
    for (RopeScaling method : {RopeScaling::PositionInterpolation, RopeScaling::NtkAware, RopeScaling::Yarn, RopeScaling::None}) {
        static_assert(RopeCurves::decayMethods.size() == 4); // the same four, drawn in this order
        m_decay[index(method)] = addCurveGraph(decayX, decayY); // a dense decay curve is drawn solid
        m_decay[index(method)]->removeFromLegend();
    }
    for (RopeScaling method : core::allRopeScalings) {
        m_wavelength[index(method)] = addCurveGraph(p->xAxis, p->yAxis);
        m_wavelength[index(method)]->setName(methodName(method));
    }
    for (int i = 0; i < 2; ++i) {
        m_contextLines[i] = addStraightLine(p, m_bandsRect);
        m_contextLabels[i] = addText(p, m_bandsRect);
        m_contextLabels[i]->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        m_contextLabels[i]->setPadding(QMargins(3, 1, 3, 1));
        m_contextLabels[i]->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    }

    p->xAxis->setLabel(tr("Pair index k"));
    p->xAxis->setTicker(integerTicker());
    p->yAxis->setLabel(tr("Wavelength 2π/θ (positions per turn)"));
    p->yAxis2->setLabel(tr("θ (radians per position)"));
    for (QCPAxis* axis : {p->yAxis, p->yAxis2})
        useLogTicker(axis);
    p->yAxis2->setVisible(true);
    p->yAxis2->setRangeReversed(true);
    connect(p->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this](const QCPRange& range) {
        if (range.lower > 0)
            plot()->yAxis2->setRange(twoPi / range.upper, twoPi / range.lower);
    });
    p->yAxis->grid()->setSubGridVisible(true);
    decayX->setLabel(tr("Relative distance m − n"));
    decayY->setLabel(tr("Relative bound"));
    useTopAxisAsCaption(m_decayRect);

    m_modelPlot = std::make_unique<RopeModelPlot>(p, m_bandsRect, m_decayRect);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    connect(p, &QCustomPlot::mouseMove, this, &RopeView::onMouseMove);
    applyScale();
}

QWidget* RopeView::createControls()
{
    auto* controls = new QWidget(this);
    auto* outer = new QVBoxLayout(controls);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(createModelControls());
    m_variantControls = new QWidget;
    outer->addWidget(m_variantControls);
    auto* column = new QVBoxLayout(m_variantControls);
    column->setContentsMargins(0, 0, 0, 0);
    // The options wrap onto a second line in a narrow dock rather than widening it.
    auto* row = new FlowLayout;
    column->addLayout(row);

    m_scaleSlider = new QSlider(Qt::Horizontal);
    m_scaleSlider->setRange(int(RopeOptions::minScale * sliderSteps), int(RopeOptions::maxScale * sliderSteps));
    m_scaleBox = new QDoubleSpinBox;
    m_scaleBox->setRange(RopeOptions::minScale, RopeOptions::maxScale);
    m_scaleBox->setDecimals(2); // a third decimal is refused as it is typed, never rounded away later
    m_scaleBox->setSingleStep(0.5);
    m_scaleBox->setKeyboardTracking(false);
    m_scaleBox->setPrefix(QStringLiteral("s = "));
    const QString scaleTip = tr("Context scale s: the model is stretched from L_orig to s·L_orig positions (1 = no stretching)");
    m_scaleSlider->setToolTip(scaleTip);
    m_scaleBox->setToolTip(scaleTip);
    m_lengthBox = new QSpinBox;
    m_lengthBox->setRange(RopeOptions::minOriginalLength, RopeOptions::maxOriginalLength);
    m_lengthBox->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_lengthBox->setPrefix(QStringLiteral("L_orig = "));
    m_lengthBox->setToolTip(tr("The context length the model was trained on; YaRN's ramp counts the turns of each pair within it"));
    m_logBox = new QCheckBox(tr("Log distance"));
    m_logBox->setToolTip(tr("Show the relative distance of the decay curve on a logarithmic axis"));
    auto* scaleLabel = new QLabel(tr("&Scale:"));
    scaleLabel->setBuddy(m_scaleBox);
    nameControls(scaleLabel->text(), {m_scaleSlider});
    nameControls(tr("Original context length L_orig"), {m_lengthBox});
    auto* scaleGroup = new QWidget;
    auto* scaleRow = new QHBoxLayout(scaleGroup);
    scaleRow->setContentsMargins(0, 0, 0, 0);
    scaleRow->addWidget(scaleLabel);
    m_scaleSlider->setMinimumWidth(80);
    scaleRow->addWidget(m_scaleSlider, 1);
    scaleRow->addWidget(m_scaleBox);
    row->addWidget(scaleGroup);
    row->addWidget(m_lengthBox);
    row->addWidget(m_logBox);

    // The deployed variants' own parameters and the numbers behind the curves fold away: in a
    // narrow dock they would otherwise leave the plot a strip (unfolded state remembered).
    m_detailsButton = new QToolButton;
    m_detailsButton->setText(tr("Variants' parameters and numbers"));
    m_detailsButton->setToolTip(tr("Dynamic NTK's sequence length, YaRN's truncate switch, Llama 3's frequency factors, "
                                   "and the NTK base, YaRN range and attention factor they give"));
    m_detailsButton->setCheckable(true);
    m_detailsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_detailsButton->setAutoRaise(true);
    // Its text may be cut in a very narrow dock rather than widen the dock (and every view
    // stacked with it).
    m_detailsButton->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    column->addWidget(m_detailsButton);
    m_details = new QWidget;
    auto* detailsColumn = new QVBoxLayout(m_details);
    detailsColumn->setContentsMargins(0, 0, 0, 0);
    auto* detailsRow = new FlowLayout;
    detailsColumn->addLayout(detailsRow);
    column->addWidget(m_details);
    m_sequenceBox = new QSpinBox;
    m_sequenceBox->setRange(RopeOptions::minSequenceLength, RopeOptions::maxSequenceLength);
    m_sequenceBox->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_sequenceBox->setPrefix(QStringLiteral("L = "));
    nameControls(tr("Sequence length L"), {m_sequenceBox});
    m_sequenceBox->setToolTip(tr("Dynamic NTK only: the current sequence length L; at L_orig and below nothing is scaled"));
    detailsRow->addWidget(m_sequenceBox);
    m_truncateBox = new QCheckBox(tr("YaRN ref.: truncate"));
    m_truncateBox->setToolTip(tr("YaRN with the reference ramp only (Hugging Face's truncate): round the correction "
                                 "range out to whole pairs (floor of the low end, ceil of the high end); off keeps "
                                 "the fractional range"));
    detailsRow->addWidget(m_truncateBox);
    // Llama 3's two factors: each box keeps the other's side (low < high) so that the curves
    // never meet a pair of factors the library refuses.
    const auto factorBox = [](const QString& prefix, const QString& tip) {
        auto* box = new QDoubleSpinBox;
        box->setDecimals(2);
        box->setSingleStep(0.25);
        box->setKeyboardTracking(false);
        box->setPrefix(prefix);
        box->setToolTip(tip);
        return box;
    };
    m_lowFactorBox = factorBox(QStringLiteral("low = "),
                               tr("Llama 3 low_freq_factor: pairs whose wavelength is above L_orig/low are divided by s "
                                  "(Llama 3.1: 1)"));
    m_highFactorBox = factorBox(QStringLiteral("high = "),
                                tr("Llama 3 high_freq_factor: pairs whose wavelength is below L_orig/high are kept; "
                                   "between the two, a blend (Llama 3.1: 4)"));
    // Label and boxes as separate items of the flow: a rigid group would widen the dock.
    auto* llamaLabel = new QLabel(tr("Llama 3:"));
    llamaLabel->setBuddy(m_lowFactorBox);
    detailsRow->addWidget(llamaLabel);
    detailsRow->addWidget(m_lowFactorBox);
    detailsRow->addWidget(m_highFactorBox);

    m_summary = new WrappedLabel;
    m_summary->setObjectName(QStringLiteral("ropeSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The numbers scroll in a box of their own, as a model's fields read do (capped in
    // updateDetailsCap()): unfolded, they left the lower plot 65 px at 1366 × 768.
    m_summaryBox = new DetailsBox(m_summary);
    m_summaryBox->setObjectName(QStringLiteral("ropeSummaryBox"));
    detailsColumn->addWidget(m_summaryBox);
    const auto showDetails = [this](bool shown) {
        m_detailsButton->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        m_details->setVisible(shown);
        if (shown) // the summary is rich text: laid out only while it is seen
            m_summary->setText(summaryText());
        updateDetailsCap();
    };
    m_detailsButton->setChecked(Preferences::viewValue(views::rope, "Details", false).toBool());
    showDetails(m_detailsButton->isChecked());
    connect(m_detailsButton, &QToolButton::toggled, this, [showDetails](bool shown) {
        showDetails(shown);
        Preferences::setViewValue(views::rope, "Details", shown);
    });

    connect(m_scaleSlider, &QSlider::valueChanged, m_scaleBox, [this](int steps) {
        m_scaleBox->setValue(double(steps) / sliderSteps);
    });
    connect(m_scaleBox, &QDoubleSpinBox::valueChanged, m_scaleSlider, [this](double value) {
        const QSignalBlocker blocker(m_scaleSlider); // the box keeps 2.25; the slider shows 2.3
        m_scaleSlider->setValue(int(std::lround(value * sliderSteps)));
    });
    connect(m_scaleBox, &QDoubleSpinBox::valueChanged, this, &RopeView::optionsEdited);
    // A drag of the slider is one undo step.
    connect(m_scaleSlider, &QSlider::sliderPressed, document(), &Document::beginInteraction);
    connect(m_scaleSlider, &QSlider::sliderReleased, document(), &Document::endInteraction);
    connect(m_lengthBox, qOverload<int>(&QSpinBox::valueChanged), this, &RopeView::optionsEdited);
    connect(m_sequenceBox, qOverload<int>(&QSpinBox::valueChanged), this, &RopeView::optionsEdited);
    connect(m_logBox, &QCheckBox::toggled, this, &RopeView::optionsEdited);
    connect(m_truncateBox, &QCheckBox::toggled, this, &RopeView::optionsEdited);
    connect(m_lowFactorBox, &QDoubleSpinBox::valueChanged, this, &RopeView::optionsEdited);
    connect(m_highFactorBox, &QDoubleSpinBox::valueChanged, this, &RopeView::optionsEdited);
    return controls;
}

QWidget* RopeView::createModelControls()
{
    auto* group = new QWidget;
    auto* column = new QVBoxLayout(group);
    column->setContentsMargins(0, 0, 0, 0);
    auto* row = new FlowLayout;
    column->addLayout(row);
    m_modelBox = new QComboBox;
    m_modelBox->setObjectName(QStringLiteral("ropeModelBox"));
    m_modelBox->setToolTip(tr("A real model's rotary embedding, as its config.json sets it up and Hugging Face computes it; "
                              "or the paper variants with their sliders"));
    m_modelBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* modelLabel = new QLabel(tr("&Model:"));
    modelLabel->setBuddy(m_modelBox);
    m_compareBox = new QComboBox;
    m_compareBox->setObjectName(QStringLiteral("ropeCompareBox"));
    m_compareBox->setToolTip(tr("Compare the model with another configuration: the same model with its rope_scaling "
                                "dropped (the usual silent bug), another model, or a config.json"));
    m_compareBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_compareLabel = new QLabel(tr("&Against:"));
    m_compareLabel->setBuddy(m_compareBox);
    row->addWidget(modelLabel);
    row->addWidget(m_modelBox);
    row->addWidget(m_compareLabel);
    row->addWidget(m_compareBox);
    m_precisionBox = new QCheckBox(tr("Position ids' precision below"));
    m_precisionBox->setObjectName(QStringLiteral("ropePrecisionBox"));
    m_precisionBox->setToolTip(tr("Below the pairs: the angle error when position ids are held in float32, bfloat16 or "
                                  "float16 (where ids collide and where float16 cannot hold them), instead of the decay of q·k"));
    row->addWidget(m_precisionBox);
    connect(m_precisionBox, &QCheckBox::toggled, this, [this](bool on) {
        RopeOptions o = ropeOptions(document()->state());
        o.precisionBelow = on;
        document()->setViewOptions(views::rope, toVariantMap(o));
    });
    // The fields read and the numbers behind the curves fold away (remembered with the
    // variants' details): unfolded, they would leave the plots a strip on a projector.
    m_modelDetailsButton = new QToolButton;
    m_modelDetailsButton->setText(tr("Fields read, attention factor, precision"));
    m_modelDetailsButton->setToolTip(tr("Which fields of the config.json were used, what the scaling does to the pairs, "
                                        "the attention factor, M-RoPE's sections, where low-precision positions collide"));
    m_modelDetailsButton->setCheckable(true);
    m_modelDetailsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_modelDetailsButton->setAutoRaise(true);
    m_modelDetailsButton->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    column->addWidget(m_modelDetailsButton);
    m_modelDetails = new WrappedLabel;
    m_modelDetails->setObjectName(QStringLiteral("ropeModelDetails"));
    m_modelDetails->setWordWrap(true);
    m_modelDetails->setTextFormat(Qt::RichText);
    m_modelDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // In a box of its own that scrolls: unfolded, the fields read took 230 px at 1366 × 768 and
    // pushed the plot out of the view (capped in resizeEvent()).
    m_modelDetailsBox = new DetailsBox(m_modelDetails);
    m_modelDetailsBox->setObjectName(QStringLiteral("ropeModelDetailsBox"));
    column->addWidget(m_modelDetailsBox);
    m_modelDetailsButton->setChecked(Preferences::viewValue(views::rope, "Details", false).toBool());
    m_modelDetailsButton->setArrowType(m_modelDetailsButton->isChecked() ? Qt::DownArrow : Qt::RightArrow);
    connect(m_modelDetailsButton, &QToolButton::toggled, this, [this](bool shown) {
        m_modelDetailsButton->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        m_modelDetailsBox->setVisible(shown && !ropeOptions(document()->state()).model.isEmpty());
        updateDetailsCap();
        Preferences::setViewValue(views::rope, "Details", shown);
        updateModelDetails();
    });
    connect(m_modelBox, qOverload<int>(&QComboBox::activated), this, [this] { modelChosen(m_modelBox, false); });
    connect(m_compareBox, qOverload<int>(&QComboBox::activated), this, [this] { modelChosen(m_compareBox, true); });
    return group;
}

namespace {
const QString openItem = QStringLiteral("\x01open"); // an item's data that is no model: "Open config.json…"
}

void RopeView::syncModelBoxes()
{
    const RopeOptions& o = ropeOptions(document()->state());
    const auto fill = [](QComboBox* box, const QString& first, const QString& firstData, const QString& current, bool noScaling) {
        const QSignalBlocker blocker(box);
        box->clear();
        box->addItem(first, firstData);
        if (noScaling)
            box->addItem(tr("the same without rope_scaling"), RopeOptions::noScaling);
        box->insertSeparator(box->count());
        for (const LibraryModel& entry : ropeModelLibrary())
            box->addItem(QString::fromStdString(entry.model.name), entry.key);
        // The config.json files read before, newest first, and the one shown (its folder's name;
        // the full path in the item's tooltip).
        QStringList files = Preferences::recentModelConfigs();
        if (!current.isEmpty() && box->findData(current) < 0 && !files.contains(current))
            files.prepend(current);
        if (!files.isEmpty())
            box->insertSeparator(box->count());
        for (const QString& file : files) {
            box->addItem(ropeOriginLabel(file), file);
            box->setItemData(box->count() - 1, QDir::toNativeSeparators(file), Qt::ToolTipRole);
        }
        box->insertSeparator(box->count());
        box->addItem(tr("Open config.json…"), openItem);
        box->setCurrentIndex(std::max(0, box->findData(current)));
    };
    // Refilled only when the model or comparison changed: a drag of the scale slider is a
    // stream of Change::ViewOptions and must not rebuild two lists of twenty items each time.
    if (m_boxesShow != std::pair(o.model, o.compare)) {
        fill(m_modelBox, tr("Paper variants (sliders)"), QString(), o.model, false);
        fill(m_compareBox, tr("nothing"), QString(), o.compare, true);
        m_boxesShow = {o.model, o.compare};
    }
    {
        const QSignalBlocker blocker(m_precisionBox);
        m_precisionBox->setChecked(o.precisionBelow);
    }
    m_precisionBox->setVisible(!o.model.isEmpty() && o.compare.isEmpty());
    m_compareLabel->setVisible(!o.model.isEmpty());
    m_compareBox->setVisible(!o.model.isEmpty());
    m_variantControls->setVisible(o.model.isEmpty());
    m_modelDetailsButton->setVisible(!o.model.isEmpty());
    // The cap only when the box comes or goes: a drag of the scale slider passes here each step.
    const bool details = !o.model.isEmpty() && m_modelDetailsButton->isChecked();
    if (details != m_modelDetailsBox->isVisibleTo(this)) {
        m_modelDetailsBox->setVisible(details);
        updateDetailsCap();
    }
}

void RopeView::modelChosen(QComboBox* box, bool comparison)
{
    const QString data = box->currentData().toString();
    if (data == openItem) {
        m_boxesShow.reset(); // back to what is shown until a file is read
        syncModelBoxes();
        emit openModelConfigRequested(comparison);
        return;
    }
    RopeOptions o = ropeOptions(document()->state());
    (comparison ? o.compare : o.model) = data;
    if (o.model.isEmpty())
        o.compare.clear();
    document()->setViewOptions(views::rope, toVariantMap(o));
}

void RopeView::setModelMode(bool model)
{
    if (model == m_modelMode)
        return;
    m_modelMode = model;
    m_modelPlot->setShown(model);
    for (QCPGraph* graph : m_wavelength) {
        graph->setVisible(!model);
        model ? (void)graph->removeFromLegend() : (void)graph->addToLegend();
    }
    for (RopeScaling method : RopeCurves::decayMethods)
        m_decay[index(method)]->setVisible(!model);
    for (auto* line : m_contextLines)
        line->setVisible(!model);
    for (auto* label : m_contextLabels)
        label->setVisible(!model);
    m_decayShown.reset(); // the decay axis is the model's now, or must be set again
    setExplanation(model ? modelExplanation() : m_variantsExplanation);
    if (!model) {
        plot()->xAxis->setLabel(tr("Pair index k"));
        m_decayRect->axis(QCPAxis::atBottom)->setLabel(tr("Relative distance m − n"));
        m_decayRect->axis(QCPAxis::atLeft)->setLabel(tr("Relative bound"));
    }
}

QString RopeView::modelExplanation()
{
    return tr("<b>RoPE as a real model runs it.</b> Each pair of a query or key turns by m·θ<sub>k</sub>; the model's "
              "config.json decides θ (rope_theta, the rotated width, rope_scaling) as Hugging Face computes it. "
              "<i>Top:</i> each pair's wavelength unscaled, at the original context and at the longest one; the markers "
              "say which pairs the scaling keeps, divides by its factor or blends. <i>Bottom:</i> against another "
              "configuration, how alike the rotated query and the scores stay as the position grows; alone, the "
              "decay of q·k up to the longest context.");
}

void RopeView::updateModelDetails()
{
    // Rich text, laid out only while it is seen, and only for new curves: a position step
    // redraws the view but shares the model's curves.
    const FramePtr& f = document()->frame();
    const std::shared_ptr<const RopeModelCurves> curves = f && ropeCurvesOf(*f) ? ropeCurvesOf(*f)->model : nullptr;
    if (!m_modelDetailsButton->isChecked() || (curves && m_detailsShown.lock() == curves))
        return;
    m_modelDetails->setText(modelDetailsText());
    m_detailsShown = curves;
}

QString RopeView::modelDetailsText() const
{
    const FramePtr& f = document()->frame();
    if (!f || !ropeCurvesOf(*f) || !ropeCurvesOf(*f)->model)
        return {};
    return ropeCurvesOf(*f)->model->error.isEmpty() ? RopeModelPlot::details(*ropeCurvesOf(*f)->model) : ropeCurvesOf(*f)->model->error.toHtmlEscaped();
}

void RopeView::syncControls()
{
    syncModelBoxes();
    const RopeOptions& o = ropeOptions(document()->state());
    const QSignalBlocker a(m_scaleBox), b(m_scaleSlider), c(m_lengthBox), d(m_logBox), e(m_sequenceBox),
        g(m_truncateBox), h(m_lowFactorBox), i(m_highFactorBox);
    m_scaleBox->setValue(o.scale);
    if (!m_scaleSlider->isSliderDown()) // the slider keeps the step it is dragged to
        m_scaleSlider->setValue(int(std::lround(o.scale * sliderSteps)));
    m_lengthBox->setValue(o.originalLength);
    m_sequenceBox->setValue(o.sequenceLength);
    m_logBox->setChecked(o.logDistance);
    m_truncateBox->setChecked(o.yarnTruncate);
    // Ranges first, from the stored pair, so that neither value is clipped by the other's old range.
    m_lowFactorBox->setRange(RopeOptions::minFrequencyFactor, o.highFrequencyFactor - 0.01);
    m_highFactorBox->setRange(o.lowFrequencyFactor + 0.01, RopeOptions::maxFrequencyFactor);
    m_lowFactorBox->setValue(o.lowFrequencyFactor);
    m_highFactorBox->setValue(o.highFrequencyFactor);
}

void RopeView::optionsEdited()
{
    RopeOptions o = ropeOptions(document()->state());
    o.scale = m_scaleBox->value();
    o.originalLength = m_lengthBox->value();
    o.sequenceLength = m_sequenceBox->value();
    o.logDistance = m_logBox->isChecked();
    o.yarnTruncate = m_truncateBox->isChecked();
    o.lowFrequencyFactor = m_lowFactorBox->value();
    o.highFrequencyFactor = m_highFactorBox->value();
    document()->setViewOptions(views::rope, toVariantMap(o));
}

void RopeView::applyScale()
{
    PlotView::applyScale();
    // Two plots, a legend of seven variants and a title: below this the texts run into each
    // other; on the stage the view scrolls instead (its parameters unfolded, on a projector).
    plot()->setMinimumHeight(static_cast<int>(300 + 120 * scale()));
    scaleTitle(m_title, scale());
    for (QCPItemText* label : m_contextLabels)
        label->setFont(plot()->xAxis->tickLabelFont());
    for (QLabel* label : {m_summary, m_modelDetails})
        if (label) {
            QFont font = label->font();
            font.setPointSizeF(QFont().pointSizeF() * scale());
            label->setFont(font);
        }
}

void RopeView::redraw(const Frame& f)
{
    for (QCPGraph* graph : m_wavelength)
        graph->data()->clear();
    const bool model = ropeCurvesOf(f) && ropeCurvesOf(f)->model;
    setModelMode(model);
    if (model) {
        const RopeModelCurves& m = *ropeCurvesOf(f)->model;
        if (m.error.isEmpty()) {
            m_modelPlot->draw(m, scale(), m_forExport);
            m_titleText = m_modelPlot->title(m, m_forExport);
            m_decayCaptions = m_modelPlot->lowerCaptions();
            m_decayRect->axis(QCPAxis::atTop)->setLabel(m_decayCaptions.value(0));
        } else {
            m_modelPlot->clear();
            m_titleText = tr("Rotary position embedding\n%1").arg(m.error);
        }
        updateModelDetails();
        m_title->setText(m_titleText);
        plot()->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    if (!ropeCurvesOf(f) || !ropeCurvesOf(f)->error.isEmpty()) {
        for (RopeScaling method : RopeCurves::decayMethods)
            m_decay[index(method)]->data()->clear();
        m_decayKeys.clear();
        m_titleText = tr("Rotary position embedding\n%1").arg(ropeCurvesOf(f) ? ropeCurvesOf(f)->error : QString());
        m_summary->setText(QString());
    } else {
        drawBands(f);
        drawDecay(ropeCurvesOf(f));
        m_titleText = titleText(f);
        if (m_detailsButton->isChecked())
            m_summary->setText(summaryText());
    }
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

QString RopeView::titleText(const Frame& f) const
{
    const core::RopeScalingSpec& s = ropeCurvesOf(f)->scaling;
    if (m_forExport)
        return tr("RoPE context scaling: s = %1, L_orig = %2\nd_model %3 · base %4 · YaRN attention factor %5")
            .arg(QString::number(s.scale, 'g', 10)).arg(s.originalLength).arg(f.spec.dModel).arg(shortNumber(f.spec.base, 6))
            .arg(QString::number(ropeCurvesOf(f)->yarnFactor, 'f', 3));
    return tr("Rotary position embedding: context scale s = %1\nd_model %2 · base %3 · L_orig %4 → s·L_orig %5")
        .arg(QString::number(s.scale, 'g', 10)).arg(f.spec.dModel).arg(shortNumber(f.spec.base, 6)).arg(s.originalLength)
        .arg(QString::number(s.scale * s.originalLength, 'g', 10));
}

void RopeView::drawBands(const Frame& f)
{
    const RopeCurves& c = *ropeCurvesOf(f);
    const core::RopeScalingSpec& s = c.scaling;
    const auto pairs = static_cast<int>(c.pairs.size());
    for (RopeScaling method : core::allRopeScalings) {
        QCPGraph* graph = m_wavelength[index(method)];
        graph->setData(c.pairs, c.wavelength[index(method)], true);
        const bool none = method == RopeScaling::None;
        graph->setPen(methodPen(method, penWidth(none ? 1.8 : 1.5)));
        // Markers on every pair while they fit, else on about 24 of them: a shape per method.
        const double marker = (m_forExport || pairs > 32 ? 4.0 : 6.0) * scale();
        graph->setScatterSkip(pairs > 48 ? pairs / 24 : 0);
        graph->setScatterStyle(marker > 0 ? QCPScatterStyle(methodShape(method), QPen(methodColor(method), penWidth(1.2)),
                                                            none ? QBrush(methodColor(method)) : QBrush(Qt::NoBrush), marker)
                                          : QCPScatterStyle());
    }
    const std::array<double, 2> levels{s.originalLength, s.scale * s.originalLength};
    const std::array<QString, 2> texts{tr("L_orig = %1").arg(s.originalLength),
                                       tr("s·L_orig = %1").arg(QString::number(s.scale * s.originalLength, 'g', 10))};
    for (int i = 0; i < 2; ++i) {
        placeHorizontal(m_contextLines[i], levels[i]);
        m_contextLines[i]->setPen(QPen(QColor(120, 120, 120), penWidth(1.0), i == 0 ? Qt::DashLine : Qt::DotLine));
        m_contextLabels[i]->setText(texts[i]);
        m_contextTexts[i] = {texts[i], QString::number(levels[i], 'g', 10)}; // the number alone where crowded
        m_contextLabels[i]->position->setCoords(0.01, levels[i]);
        // Above the lines at the left, where only the fast pairs are, far below; fitToSize()
        // puts L_orig's below its line when the lines are close.
        m_contextLabels[i]->setColor(QColor(90, 90, 90));
    }
    plot()->xAxis->setRange(-0.5, std::max(pairs, 1) - 0.5);
    plot()->yAxis->setRange(c.lowestWavelength / 3.0, c.highestWavelength * 4.0);
}

void RopeView::drawDecay(const std::shared_ptr<const RopeCurves>& shown)
{
    const RopeCurves& curves = *shown;
    for (RopeScaling method : RopeCurves::decayMethods)
        m_decay[index(method)]->setPen(methodPen(method, penWidth(method == RopeScaling::None ? 2.0 : 1.5)));
    if (m_decayShown.lock() == shown)
        return; // the same curves (a position step): only the pens may have changed
    m_decayKeys = curves.decayKeys;
    for (RopeScaling method : RopeCurves::decayMethods)
        m_decay[index(method)]->setData(curves.decayKeys, curves.decayBounds[index(method)], true);
    const double last = curves.decayKeys.isEmpty() ? 1.0 : std::max(curves.decayKeys.back(), 1.0);
    QCPAxis* x = m_decayRect->axis(QCPAxis::atBottom);
    if (curves.logarithmic) {
        useLogTicker(x);
        x->setRange(1, last);
    } else {
        x->setScaleType(QCPAxis::stLinear);
        x->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        x->setNumberFormat(QStringLiteral("gb"));
        x->setNumberPrecision(6);
        x->setRange(0, last);
    }
    m_decayRect->axis(QCPAxis::atLeft)->setRange(0, curves.decayHighest * 1.08);
    m_decayCaptions = {tr("Long-term decay: RoFormer's bound (2/d) · sum over j of |sum over k < j of exp(i(m−n)θₖ)|"),
                       tr("RoFormer's decay bound against m − n"), tr("Decay bound")};
    m_decayRect->axis(QCPAxis::atTop)->setLabel(m_decayCaptions.front());
    m_decayShown = shown;
}

QString RopeView::summaryText() const
{
    const FramePtr& f = document()->frame();
    if (!f || !ropeCurvesOf(*f) || !ropeCurvesOf(*f)->error.isEmpty())
        return {};
    const RopeCurves& c = *ropeCurvesOf(*f);
    const RopeScores& r = ropeScoresOf(*f);
    return tr("NTK-aware base′ = base·s<sup>d/(d−2)</sup> = %1 · dynamic NTK at L = %10: base′ = %11 · "
              "YaRN reference ramp over pairs %12 to %13 · Llama 3: low %14, high %15 · "
              "YaRN (both): √(1/t) = 0.1·ln s + 1 = %2, so logits × %3<br>"
              "Relative only: for a fixed random q and k, q<sub>m</sub>·k<sub>n</sub> at m = %4, n = %5 (position + "
              "offset, position) is %6; at m = %7, n = %8 it is %9.")
        .arg(shortNumber(c.ntkBase, 6))
        .arg(QString::number(c.yarnFactor, 'f', 4)).arg(QString::number(c.yarnFactor * c.yarnFactor, 'f', 4))
        .arg(r.m).arg(r.n).arg(QString::number(r.score, 'f', 6)).arg(r.m + RopeScores::shift).arg(r.n + RopeScores::shift)
        .arg(QString::number(r.shifted, 'f', 6))
        .arg(QString::number(c.scaling.sequenceLength, 'g', 10), shortNumber(c.dynamicNtkBase, 6),
             shortNumber(c.yarnRange.low, 4), shortNumber(c.yarnRange.high, 4))
        .arg(shortNumber(c.scaling.lowFrequencyFactor, 3), shortNumber(c.scaling.highFrequencyFactor, 3));
}

QString RopeView::pairDescription(int pair) const
{
    const FramePtr& f = document()->frame();
    if (!f || !ropeCurvesOf(*f) || !ropeCurvesOf(*f)->error.isEmpty() || pair < 0 || pair >= ropeCurvesOf(*f)->theta.size())
        return {};
    const RopeCurves& c = *ropeCurvesOf(*f);
    QStringList parts;
    for (RopeScaling method : core::allRopeScalings)
        parts << tr("%1 λ = %2").arg(methodName(method, true), shortNumber(c.wavelength[index(method)][pair], 5));
    return tr("pair k = %1 (dims %2, %3) · θ = %4 · %5 turns in L_orig · YaRN γ = %6 · %7")
        .arg(pair).arg(2 * pair).arg(2 * pair + 1).arg(shortNumber(c.theta[pair], 5)).arg(shortNumber(c.turnsInOriginal[pair], 4))
        .arg(shortNumber(c.yarnRamp[pair], 3)).arg(parts.join(QStringLiteral(" · ")));
}

void RopeView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    plot()->legend->setIconSize(16, 8);
    plot()->legend->setIconTextPadding(4);
    PlotView::prepareForExport(fontPixels);
    m_modelPlot->matchFonts();
}

bool RopeView::fitToSize()
{
    QCustomPlot* p = plot();
    bool changed = fitViewTitle(m_title, m_titleText);
    QCPLegend* legend = p->legend;
    const double width = legendRowWidth(legend);
    const QString before = m_wavelength[1]->name();
    for (bool shortNames : {false, true}) {
        if (m_modelMode)
            break; // the paper variants are out of the legend
        for (RopeScaling method : core::allRopeScalings)
            m_wavelength[index(method)]->setName(method == RopeScaling::None ? methodName(method) : methodName(method, shortNames));
        if (legendColumnsFitting(legend, 0.85 * width, 4) >= 4)
            break;
    }
    changed = m_wavelength[1]->name() != before || changed;
    changed = setLegendColumns(legend, legendColumnsFitting(legend, width, 4)) || changed;
    changed = fitAxisLabel(p->yAxis, {tr("Wavelength 2π/θ (positions per turn)"), tr("Wavelength (positions)"),
                                      tr("Wavelength"), QStringLiteral("λ")}) || changed;
    changed = fitAxisLabel(p->yAxis2, {tr("θ (radians per position)"), tr("θ (rad/position)"), QStringLiteral("θ")}) || changed;
    changed = fitAxisLabel(m_decayRect->axis(QCPAxis::atTop), m_decayCaptions) || changed;
    // In the window the lower plot keeps 120 px; a figure keeps its proportions (at 89 × 70 mm
    // the wavelengths were left shorter than the decay).
    // A figure keeps its stacked plots (the papers' layout); the window puts them side by side
    // when its room is much wider than tall.
    const double lowerShare = m_modelMode ? m_modelPlot->lowerShare() : 0.4;
    changed = m_panels->setFirstShare(1 - lowerShare) || changed;
    changed = m_panels->fit(!isPaper()) || changed;
    if (!m_panels->sideBySide())
        changed = shareHeight(m_bandsRect, m_decayRect, lowerShare, isPaper() ? 0.0 : 120.0) || changed;
    const bool comparing = m_modelMode && m_modelPlot->queryCosineGraph()->data()->size() > 0;
    const bool precision = m_modelMode && m_modelPlot->precisionGraph(0)->data()->size() > 0;
    if (comparing)
        changed = fitAxisLabel(m_decayRect->axis(QCPAxis::atLeft), {tr("Cosine A · B"), tr("Cosine")}) || changed;
    else if (precision)
        changed = fitAxisLabel(m_decayRect->axis(QCPAxis::atLeft), {tr("Angle error (rad)"), tr("Error")}) || changed;
    else
        changed = fitAxisLabel(m_decayRect->axis(QCPAxis::atLeft), {tr("Relative bound"), tr("Bound")}) || changed;
    changed = fitTickCount(p->xAxis, 8) || changed;
    changed = fitTickCount(m_decayRect->axis(QCPAxis::atLeft), 5) || changed;
    if (m_modelMode ? !comparing && !precision : !m_logBox->isChecked())
        changed = fitTickCount(m_decayRect->axis(QCPAxis::atBottom), 6) || changed;
    // Each context length's label on its line where no curve runs (left, right or middle,
    // above or below; s·L_orig's first, so L_orig's keeps off it): in a small figure the
    // curves ran through L_orig's label at the left.
    if (!m_modelMode) {
        const QList<QCPGraph*> curves(m_wavelength.begin(), m_wavelength.end());
        changed = placeLineLabels(m_bandsRect, {m_contextLabels[1], m_contextLabels[0]}, {false, false}, curves, {},
                                  {m_contextTexts[1], m_contextTexts[0]}) || changed;
    }
    changed = m_modelPlot->fitContextLabels() || changed;
    // Many decades on a short axis: label every second decade, or every third… (a real model
    // against another in an 89 × 70 mm figure: 10⁶ ran into 10⁴ at every second).
    const QCPRange range = p->yAxis->range();
    const double decades = range.lower > 0 ? std::log10(range.upper / range.lower) : 1.0;
    const double room = m_bandsRect->height() / std::max(decades, 1.0);
    const double line = QFontMetricsF(p->yAxis->tickLabelFont()).height();
    // QCPAxisTickerLog falls back to linear ticks (8·10⁷, 2·10⁷, … piled at the top) when the
    // range holds fewer than 1.6 of its steps.
    int decadesPerLabel = 1;
    while (decadesPerLabel < std::max(1.0, std::floor(decades / 1.6)) && decadesPerLabel * room < 1.8 * line)
        ++decadesPerLabel;
    const double logBase = std::pow(10.0, decadesPerLabel);
    for (QCPAxis* axis : {p->yAxis, p->yAxis2})
        if (auto log = axis->ticker().dynamicCast<QCPAxisTickerLog>(); log && log->logBase() != logBase) {
            log->setLogBase(logBase);
            changed = true;
        }
    return changed;
}

void RopeView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    QCPAxisRect* rect = f ? axisRectAt(plot(), event->position()) : nullptr;
    if (m_modelMode && f && ropeCurvesOf(*f) && ropeCurvesOf(*f)->model && ropeCurvesOf(*f)->model->error.isEmpty()) {
        const RopeModelCurves& m = *ropeCurvesOf(*f)->model;
        if (rect == m_bandsRect) {
            const double key = plot()->xAxis->pixelToCoord(event->position().x());
            setReadout(std::isfinite(key) ? m_modelPlot->pairReadout(m, static_cast<int>(std::lround(key))) : QString());
        } else if (rect == m_decayRect) {
            setReadout(m_modelPlot->lowerReadout(m, m_decayRect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x())));
        } else {
            setReadout(QString());
        }
        return;
    }
    if (rect == m_bandsRect) {
        const double key = plot()->xAxis->pixelToCoord(event->position().x());
        setReadout(std::isfinite(key) ? pairDescription(static_cast<int>(std::lround(key))) : QString());
    } else if (rect == m_decayRect) {
        const double distance = m_decayRect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x());
        const int i = nearestIndex(m_decayKeys, distance);
        if (i < 0) {
            setReadout(QString());
            return;
        }
        QStringList parts;
        for (RopeScaling method : RopeCurves::decayMethods)
            parts << tr("%1 %2").arg(methodName(method, true), shortNumber(m_decay[index(method)]->data()->at(i)->value, 4));
        setReadout(tr("distance m − n = %1 · bound: %2").arg(m_decayKeys[i]).arg(parts.join(QStringLiteral(" · "))));
    } else {
        setReadout(QString());
    }
}

} // namespace pe::ui

namespace pe::ui {

void RopeView::resizeEvent(QResizeEvent* event)
{
    PlotView::resizeEvent(event);
    updateDetailsCap();
}

bool RopeView::eventFilter(QObject* watched, QEvent* event)
{
    // The plot takes its new height after the view's resize: the cap follows it.
    if (watched == plot() && event->type() == QEvent::Resize)
        updateDetailsCap();
    return PlotView::eventFilter(watched, event);
}

void RopeView::updateDetailsCap()
{
    // At most a third of the view, and never so tall that the plots keep less than 300 px (or
    // the least they need for their texts): issue 48. What the rest of the view takes comes
    // from the layout's own heights for this width, not from the geometry (which overflows
    // while the box is too tall), and does not depend on the box: this settles at once.
    QLayout* column = layout();
    const int plotIndex = column->indexOf(plot());
    if (plotIndex < 0)
        return;
    const int plotHint = column->itemAt(plotIndex)->sizeHint().height();
    int box = 0; // what the visible boxes take now
    for (DetailsBox* details : {m_modelDetailsBox, m_summaryBox})
        if (details && details->isVisibleTo(this))
            box += details->heightForWidth(details->width() > 0 ? details->width() : width());
    const int others = column->totalHeightForWidth(width()) - plotHint - box;
    int plotFloor = std::max(minimumPlotHeight, plot()->minimumHeight());
    // And room for each of the two stacked panels to keep 120 px under the titles, legends and
    // axes around them (unfolded at 1366 × 768 they were 114 and 76 px).
    if (m_panels && !m_panels->sideBySide() && m_bandsRect->rect().height() > 0 && plot()->height() > 0) {
        const int around = plot()->height() - m_bandsRect->rect().height() - m_decayRect->rect().height();
        plotFloor = std::max(plotFloor, around + 2 * 120);
    }
    // The room seen: on the stage the view sits in a pane that scrolls, and grows past it
    // when its parts need more; what counts is the pane's height.
    const int room = parentWidget() && parentWidget()->height() > 0 ? std::min(height(), parentWidget()->height()) : height();
    for (DetailsBox* details : {m_modelDetailsBox, m_summaryBox})
        if (details)
            details->setCap(std::min(room / 3, room - others - plotFloor));
}

/// The rope view's own part of its catalogue entry (cmake/views.cmake).
void ropeViewEntry(ViewDescription& entry)
{
    drawnBy<RopeView>(entry, buildRopePart, ropePartData,
                      PartInput::Spec | PartInput::Options | PartInput::Position | PartInput::Offset);
}

} // namespace pe::ui
