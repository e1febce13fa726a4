// SPDX-License-Identifier: MIT
#include "ui/views/methodsview.h"
#include "ui/views/viewfactory.h"

#include "core/positionmethods.h"
#include "ui/widgets/flowlayout.h"
#include "ui/document/document.h"
#include "ui/document/methodspart.h"
#include "ui/plotting/colormaps.h"
#include "ui/plotting/curvegraph.h"
#include "ui/views/zoomsettle.h"
#include "ui/widgets/accessiblenames.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"
#include "ui/state/methodsoptions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

/// The frame's methods data; null when its part was not computed.
std::shared_ptr<const MethodsData> methodsDataOf(const Frame& f)
{
    const MethodsPart* part = methodsPart(f);
    return part ? part->data : nullptr;
}

QColor methodColor(ScoreMethod method)
{
    switch (method) {
    case ScoreMethod::Sinusoidal: return QColor(40, 40, 40);
    case ScoreMethod::Rope: return seriesColor(0);
    case ScoreMethod::Alibi: return seriesColor(1);
    case ScoreMethod::T5: return seriesColor(2);
    case ScoreMethod::Shaw: return seriesColor(3);
    case ScoreMethod::TransformerXl: return seriesColor(4);
    case ScoreMethod::NoPe: return seriesColor(5);
    case ScoreMethod::Learned: return seriesColor(6);
    }
    return Qt::black;
}

/// A dash per method besides its colour: the curves stay apart in grayscale print.
Qt::PenStyle methodDash(ScoreMethod method)
{
    switch (method) {
    case ScoreMethod::Rope: return Qt::DashLine;
    case ScoreMethod::T5: return Qt::DashDotLine;
    case ScoreMethod::Shaw: return Qt::DotLine;
    case ScoreMethod::TransformerXl: return Qt::DashDotDotLine;
    default: return Qt::SolidLine;
    }
}

/// What the matrix's numbers are, for the colour scale.
QString quantityOf(const MethodOptions& o)
{
    switch (o.method) {
    case ScoreMethod::Sinusoidal: return QStringLiteral("PE(i)·PE(j)");
    case ScoreMethod::Rope: return QStringLiteral("q_i·k_j");
    case ScoreMethod::Alibi: return MethodsView::tr("bias −m·|i − j|");
    case ScoreMethod::T5: return o.bucketIndex ? MethodsView::tr("bucket of j − i") : MethodsView::tr("bias of the bucket");
    case ScoreMethod::Shaw: return MethodsView::tr("clip(j − i, ±k)");
    case ScoreMethod::TransformerXl: return MethodsView::tr("(q + v)·R_{i−j}");
    case ScoreMethod::NoPe: return MethodsView::tr("added score");
    case ScoreMethod::Learned: return QStringLiteral("P(i)·P(j)");
    }
    return {};
}

/// The chosen method's parameters, for the title (the numbers from the part).
QString parametersOf(const core::EncodingSpec& spec, const MethodInputs& o, const MethodsPart& part)
{
    const QString masked = o.causal ? MethodsView::tr("causal") : MethodsView::tr("both ways");
    switch (o.method) {
    case ScoreMethod::Sinusoidal:
        return MethodsView::tr("d_model %1 · base %2").arg(spec.dModel).arg(shortNumber(spec.base, 6));
    case ScoreMethod::Rope:
        return MethodsView::tr("d_model %1 · base %2 · fixed random q, k").arg(spec.dModel).arg(shortNumber(spec.base, 6));
    case ScoreMethod::Alibi:
        if (o.head == 0)
            return MethodsView::tr("H = %1 heads, their mean slope %2 · %3").arg(o.heads).arg(shortNumber(part.alibiSlope, 4)).arg(masked);
        return MethodsView::tr("head %1 of H = %2: slope m = %3 · %4").arg(o.head).arg(o.heads)
            .arg(shortNumber(part.alibiSlope, 4)).arg(masked);
    case ScoreMethod::T5: {
        const QString biases = !o.t5Biases ? MethodsView::tr("random biases")
            : o.t5Biases->heads > 1 ? MethodsView::tr("biases of %1, head %2 of %3").arg(o.t5Biases->displayName()).arg(o.t5Head).arg(o.t5Biases->heads)
                                    : MethodsView::tr("biases of %1").arg(o.t5Biases->displayName());
        return MethodsView::tr("%1 buckets · max_distance %2 · %3 · %4").arg(o.numBuckets).arg(o.maxDistance)
            .arg(o.bidirectional ? MethodsView::tr("both ways (encoder)") : MethodsView::tr("causal (decoder)"), biases);
    }
    case ScoreMethod::Shaw: return MethodsView::tr("k = %1 · %2").arg(o.clip).arg(masked);
    case ScoreMethod::TransformerXl:
        return MethodsView::tr("d_model %1 · base %2 · %3").arg(spec.dModel).arg(shortNumber(spec.base, 6)).arg(masked);
    case ScoreMethod::NoPe: return MethodsView::tr("the causal mask alone");
    case ScoreMethod::Learned: return MethodsView::tr("a loaded table");
    }
    return {};
}

/// A slider and a spin box that show one value (the box reaches further than the slider).
QWidget* sliderGroup(const QString& label, QSlider* slider, QSpinBox* box)
{
    auto* group = new QWidget;
    auto* row = new QHBoxLayout(group);
    row->setContentsMargins(0, 0, 0, 0);
    auto* text = new QLabel(label);
    text->setBuddy(box);
    nameControls(label, {slider}); // the box is named by its buddy label
    row->addWidget(text);
    slider->setMinimumWidth(70);
    row->addWidget(slider, 1);
    row->addWidget(box);
    QObject::connect(slider, &QSlider::valueChanged, box, &QSpinBox::setValue);
    QObject::connect(box, qOverload<int>(&QSpinBox::valueChanged), slider, [slider](int value) {
        const QSignalBlocker blocker(slider);
        slider->setValue(value);
    });
    return group;
}

} // namespace

QString MethodsView::explanationFor(ScoreMethod method)
{
    switch (method) {
    case ScoreMethod::Sinusoidal:
        return tr("<b>Sinusoidal</b> (Vaswani et al., <i>Attention Is All You Need</i>, 2017): the encoding is added to "
                  "the word vectors, so a score meets PE(i)·PE(j) — a ripple that depends on i − j alone but does not "
                  "fall steadily with distance, and that the model must learn to read through its weights.");
    case ScoreMethod::Rope:
        return tr("<b>RoPE</b> (Su et al., <i>RoFormer</i>, 2021): queries and keys are turned by their position, so "
                  "q<sub>i</sub>·k<sub>j</sub> depends on i − j only. Shown for a fixed random q and k (those of the "
                  "RoPE view's check): on average the score decays with distance.");
    case ScoreMethod::Alibi:
        return tr("<b>ALiBi</b> (Press, Smith and Lewis, <i>Train Short, Test Long</i>, 2022): no encoding at all; "
                  "each head h adds −m<sub>h</sub>·|i − j| to its scores, with slopes m<sub>h</sub> = 2<sup>−8h/H</sup> "
                  "(for H not a power of two, the paper's interleaving). A straight penalty that extends to any length.");
    case ScoreMethod::T5:
        return tr("<b>T5 relative buckets</b> (Raffel et al., <i>Exploring the Limits of Transfer Learning</i>, 2020): "
                  "one learned scalar per bucket of j − i — exact buckets for small distances, log-spaced ones up to "
                  "max_distance, one bucket for everything farther. The biases are fixed random numbers, or a model's "
                  "own (Biases ▸ Load from a file…).");
    case ScoreMethod::Shaw:
        return tr("<b>Shaw et al.</b> (<i>Self-Attention with Relative Position Representations</i>, 2018): a learned "
                  "vector per relative position j − i, clipped to ±k: beyond k positions every distance looks the "
                  "same. The matrix shows the clipped distance, the index of the vector used.");
    case ScoreMethod::TransformerXl:
        return tr("<b>Transformer-XL</b> (Dai et al., 2019): the score gets the sinusoid of the distance i − j, "
                  "R<sub>i−j</sub>, through q·R (term b) and a learned v·R (term d; u goes with the content term c). "
                  "Shown with W<sub>R</sub> = I and fixed random q and v.");
    case ScoreMethod::NoPe:
        return tr("<b>NoPE</b> (Kazemnejad et al., <i>The Impact of Positional Encoding on Length Generalization</i>, "
                  "2023): no position information at all; a causal model still tells positions apart, because "
                  "each query sees only the keys up to itself (blank: masked).");
    case ScoreMethod::Learned:
        return tr("<b>Learned absolute</b> (BERT, GPT-2): a trained table P of one vector per position, added like the "
                  "sinusoid; its scores are P(i)·P(j). Needs a model's table to be opened.");
    }
    return {};
}

MethodsView::MethodsView(Document* document, QWidget* parent)
    : PlotView(document, views::methods, parent)
{
    auto* box = static_cast<QVBoxLayout*>(layout());
    box->insertWidget(1, createControls());
    syncControls();
    // Only for its own options or biases: another view's change must not reset a value half
    // typed here.
    connect(document, &Document::changed, this, [this, shown = std::pair(document->state().optionsOf(views::methods), document->viewData(views::methods))](Changes what) mutable {
        if (!(what & Change::ViewOptions))
            return;
        auto now = std::pair(this->document()->state().optionsOf(views::methods), this->document()->viewData(views::methods));
        if (now != shown) {
            shown = std::move(now);
            syncControls();
        }
    });

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    m_matrixRect = p->axisRect();
    m_map = new CellColorMap(p->xAxis, p->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->removeFromLegend(); // the legend names the curves
    // The curves take the whole width: their axis is i − j, not the matrix's key position.
    m_square = addSquareMatrix(p, m_matrixRect, BelowWidth::Full);
    m_scale = m_square.scale;
    m_curveRect = m_square.belowRect;
    m_map->setColorScale(m_scale);
    p->xAxis->setLabel(tr("Key position j"));
    p->yAxis->setLabel(tr("Query position i"));
    p->yAxis->setRangeReversed(true);
    p->xAxis->setTicker(integerTicker());
    p->yAxis->setTicker(integerTicker());
    m_rowLine = addStraightLine(p, m_matrixRect);

    m_curveRect->axis(QCPAxis::atBottom)->setLabel(tr("Distance i − j (query − key)"));
    m_curveRect->axis(QCPAxis::atBottom)->setTicker(integerTicker());
    m_zeroLine = addStraightLine(p, m_curveRect);
    // The legend under the curves: their colours and dashes name the methods.
    m_matrixRect->insetLayout()->take(p->legend);
    p->plotLayout()->addElement(3, 0, p->legend);
    p->plotLayout()->setRowStretchFactor(3, 0.001);
    p->legend->setFillOrder(QCPLegend::foColumnsFirst);
    p->legend->setWrap(4);
    p->legend->setBorderPen(Qt::NoPen);
    p->legend->setVisible(true);

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    connect(p, &QCustomPlot::afterLayout, this, &MethodsView::reportPixels);
    // The curves zoom and pan along i − j (wheel, drag); the matrix stays whole. Once the range
    // rests, the frame computes the offsets in view: every one while they are few enough.
    // Only axes drawn for the document's max_len are handed on (ZoomSettle): offsets of an
    // earlier one are not this one's (another base or d_model keeps them: the zoom stays).
    m_curveZoomSettle = new ZoomSettle(document, [this] { return m_drawn && m_drawnSpec.maxLen == this->document()->spec().maxLen; }, [this] {
        const QCPRange shown = m_curveRect->axis(QCPAxis::atBottom)->range();
        const double reach = static_cast<double>(m_drawnSpec.maxLen - 1);
        const bool all = shown.lower <= -reach && shown.upper >= reach; // not zoomed
        m_curveLower = all ? 0 : shown.lower;
        m_curveUpper = all ? 0 : shown.upper;
        reportPixels();
    }, this);
    connect(m_curveRect->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        if (!m_settingCurveRange)
            m_curveZoomSettle->restart();
    });
    m_matrixRect->setRangeDrag({});
    m_matrixRect->setRangeZoom({});
    m_curveRect->setRangeDrag(Qt::Horizontal);
    m_curveRect->setRangeZoom(Qt::Horizontal);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    connect(p, &QCustomPlot::mouseMove, this, &MethodsView::onMouseMove);
    connect(p, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { m_click.press(e); });
    connect(p, &QCustomPlot::mouseRelease, this, &MethodsView::onMouseRelease);
    applyScale();
}

QWidget* MethodsView::createControls()
{
    auto* controls = new QWidget(this);
    auto* row = new FlowLayout(controls);
    row->setContentsMargins(0, 0, 0, 0);

    m_methodBox = new QComboBox;
    for (int m = 0; m < scoreMethodCount; ++m)
        m_methodBox->addItem(scoreMethodName(ScoreMethod(m)), scoreMethodKey(ScoreMethod(m)));
    m_methodBox->setToolTip(tr("The method whose score matrix is drawn (--method on the command line)"));
    auto* methodLabel = new QLabel(tr("&Method:"));
    methodLabel->setBuddy(m_methodBox);
    row->addWidget(methodLabel);
    row->addWidget(m_methodBox);

    m_curvesButton = new QToolButton;
    m_curvesButton->setText(tr("Curves"));
    m_curvesButton->setToolTip(tr("The methods whose score against i − j is overlaid below the matrix"));
    m_curvesButton->setPopupMode(QToolButton::InstantPopup);
    sizeCurvesButton();
    auto* menu = new QMenu(m_curvesButton);
    for (int m = 0; m < scoreMethodCount; ++m) {
        QAction* action = menu->addAction(scoreMethodName(ScoreMethod(m)));
        action->setCheckable(true);
        connect(action, &QAction::toggled, this, &MethodsView::optionsEdited);
        m_curveActions.append(action);
    }
    m_curvesButton->setMenu(menu);
    row->addWidget(m_curvesButton);

    m_scaleCurvesBox = new QCheckBox(tr("Scale curves"));
    m_scaleCurvesBox->setToolTip(tr("Divide each curve by its largest |value|, so that their shapes compare on one axis"));
    row->addWidget(m_scaleCurvesBox);
    m_causalBox = new QCheckBox(tr("Causal"));
    m_causalBox->setToolTip(tr("ALiBi, Shaw and Transformer-XL: mask the keys after the query, as a decoder does "
                               "(NoPE always does; T5 has its own switch)"));
    row->addWidget(m_causalBox);

    m_headsSlider = new QSlider(Qt::Horizontal);
    m_headsSlider->setRange(1, 64);
    m_headsBox = new QSpinBox;
    m_headsBox->setRange(1, MethodOptions::maxHeads);
    m_headsBox->setPrefix(QStringLiteral("H = "));
    m_headsBox->setToolTip(tr("ALiBi: the number of heads H; the slopes are 2^(−8h/H), interleaved for H not a power of two"));
    m_headsSlider->setToolTip(m_headsBox->toolTip());
    m_headBox = new QSpinBox;
    m_headBox->setPrefix(tr("head "));
    m_headBox->setSpecialValueText(tr("every head"));
    nameControls(tr("Head drawn"), {m_headBox});
    m_headBox->setToolTip(tr("ALiBi: the head drawn (1 has the steepest slope); “every head” draws each head's curve and "
                             "their mean slope in the matrix"));
    m_alibiControls = new QWidget;
    auto* alibiRow = new QHBoxLayout(m_alibiControls);
    alibiRow->setContentsMargins(0, 0, 0, 0);
    alibiRow->addWidget(sliderGroup(tr("&Heads:"), m_headsSlider, m_headsBox));
    alibiRow->addWidget(m_headBox);
    row->addWidget(m_alibiControls);

    m_bucketsSlider = new QSlider(Qt::Horizontal);
    m_bucketsSlider->setRange(MethodOptions::minBuckets, 128);
    m_bucketsBox = new QSpinBox;
    m_bucketsBox->setRange(MethodOptions::minBuckets, MethodOptions::maxBuckets);
    m_bucketsBox->setToolTip(tr("T5: the number of buckets (relative_attention_num_buckets, 32 in T5)"));
    m_bucketsSlider->setToolTip(m_bucketsBox->toolTip());
    m_maxDistanceBox = new QSpinBox;
    m_maxDistanceBox->setRange(MethodOptions::minBuckets, MethodOptions::maxDistanceLimit);
    m_maxDistanceBox->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_maxDistanceBox->setPrefix(tr("max distance "));
    nameControls(tr("Max distance"), {m_maxDistanceBox});
    m_maxDistanceBox->setToolTip(tr("T5: distances from this on share the last bucket (relative_attention_max_distance, 128); "
                                    "at least the number of buckets"));
    m_bidirectionalBox = new QCheckBox(tr("Both ways"));
    m_bidirectionalBox->setToolTip(tr("T5: an encoder's buckets, half for keys before and half for keys after the query; "
                                      "off: a decoder's, keys after the query masked"));
    m_bucketIndexBox = new QCheckBox(tr("Bucket index"));
    m_bucketIndexBox->setToolTip(tr("T5: show the bucket of j − i instead of its bias"));
    // The biases: the illustration's random ones, or a model's own read from a file.
    m_biasesButton = new QToolButton;
    m_biasesButton->setPopupMode(QToolButton::InstantPopup);
    auto* biasesMenu = new QMenu(m_biasesButton);
    biasesMenu->addAction(tr("Load from a file…"), this, &MethodsView::t5BiasesFileRequested);
    m_randomBiasesAction = biasesMenu->addAction(tr("Random (the illustration's)"), this, [this] {
        MethodOptions o = methodOptions(document()->state());
        o.t5File.clear();
        o.t5Tensor.clear();
        o.t5Head = 1;
        document()->setViewOptions(views::methods, toVariantMap(o));
    });
    m_biasesButton->setMenu(biasesMenu);
    m_t5HeadBox = new QSpinBox;
    m_t5HeadBox->setPrefix(tr("head "));
    m_t5HeadBox->setToolTip(tr("T5: the head whose biases are drawn (a column of the loaded table)"));
    // Each straight into the bar's flow: six controls wrap in a narrow dock instead of widening it.
    m_t5Controls = {sliderGroup(tr("&Buckets:"), m_bucketsSlider, m_bucketsBox), m_maxDistanceBox, m_bidirectionalBox,
                    m_bucketIndexBox, m_biasesButton};
    for (QWidget* control : m_t5Controls)
        row->addWidget(control);
    row->addWidget(m_t5HeadBox);

    m_clipSlider = new QSlider(Qt::Horizontal);
    m_clipSlider->setRange(1, 64);
    m_clipBox = new QSpinBox;
    m_clipBox->setRange(1, MethodOptions::maxClip);
    m_clipBox->setPrefix(QStringLiteral("k = "));
    m_clipBox->setToolTip(tr("Shaw: relative positions beyond ±k share the outermost vector"));
    m_clipSlider->setToolTip(m_clipBox->toolTip());
    m_shawControls = sliderGroup(tr("&Clip:"), m_clipSlider, m_clipBox);
    row->addWidget(m_shawControls);

    connect(m_methodBox, qOverload<int>(&QComboBox::activated), this, &MethodsView::optionsEdited);
    for (QSpinBox* spin : {m_headsBox, m_headBox, m_bucketsBox, m_maxDistanceBox, m_clipBox, m_t5HeadBox})
        connect(spin, qOverload<int>(&QSpinBox::valueChanged), this, &MethodsView::optionsEdited);
    for (QCheckBox* check : {m_scaleCurvesBox, m_causalBox, m_bidirectionalBox, m_bucketIndexBox})
        connect(check, &QCheckBox::toggled, this, &MethodsView::optionsEdited);
    // A drag of a slider is one undo step.
    for (QSlider* slider : {m_headsSlider, m_bucketsSlider, m_clipSlider}) {
        connect(slider, &QSlider::sliderPressed, document(), &Document::beginInteraction);
        connect(slider, &QSlider::sliderReleased, document(), &Document::endInteraction);
    }
    return controls;
}

void MethodsView::syncControls()
{
    const MethodInputs o = methodInputs(methodOptions(document()->state()), document()->viewData(views::methods));
    const QSignalBlocker a(m_methodBox), b(m_headsBox), c(m_headBox), d(m_bucketsBox), e(m_maxDistanceBox), g(m_clipBox),
        h(m_scaleCurvesBox), i(m_causalBox), j(m_bidirectionalBox), k(m_bucketIndexBox), l(m_headsSlider),
        m(m_bucketsSlider), n(m_clipSlider), t(m_t5HeadBox);
    // The file's name on the button (elided: a checkpoint's tensor names are long), all of it in the tooltip.
    const QString source = o.t5Biases ? o.t5Biases->displayName() : QString();
    m_biasesButton->setText(o.t5Biases ? tr("Biases: %1").arg(m_biasesButton->fontMetrics().elidedText(source, Qt::ElideMiddle, 160))
                                       : tr("Biases: random"));
    m_biasesButton->setToolTip(o.t5Biases ? tr("T5: the biases of %1 (%2 buckets × %3 heads); the menu goes back to random ones")
                                                .arg(source).arg(o.t5Biases->buckets).arg(o.t5Biases->heads)
                                          : tr("T5: the bias of each bucket — random for the illustration, or a model's own "
                                               "relative_attention_bias (buckets × heads) from a .npy, .safetensors or .csv file"));
    m_randomBiasesAction->setEnabled(!o.t5File.isEmpty()); // also when the file named could not be read
    m_t5HeadBox->setRange(1, o.t5Biases ? std::max(o.t5Biases->heads, 1) : 1);
    m_t5HeadBox->setValue(o.t5Head);
    m_methodBox->setCurrentIndex(static_cast<int>(o.method));
    m_headsBox->setValue(o.heads);
    if (!m_headsSlider->isSliderDown())
        m_headsSlider->setValue(o.heads);
    m_headBox->setRange(0, o.heads);
    m_headBox->setValue(o.head);
    m_bucketsBox->setValue(o.numBuckets);
    if (!m_bucketsSlider->isSliderDown())
        m_bucketsSlider->setValue(o.numBuckets);
    m_maxDistanceBox->setMinimum(o.numBuckets);
    m_maxDistanceBox->setValue(o.maxDistance);
    m_clipBox->setValue(o.clip);
    if (!m_clipSlider->isSliderDown())
        m_clipSlider->setValue(o.clip);
    m_scaleCurvesBox->setChecked(o.scaleCurves);
    m_causalBox->setChecked(o.causal);
    m_bidirectionalBox->setChecked(o.bidirectional);
    m_bucketIndexBox->setChecked(o.bucketIndex);
    for (int method = 0; method < m_curveActions.size(); ++method) {
        const QSignalBlocker blocker(m_curveActions[method]);
        m_curveActions[method]->setChecked(o.curves & scoreMethodBit(ScoreMethod(method)));
    }
    // The learned table's curve is not drawn (its scores are not a function of i − j alone).
    m_curveActions.value(static_cast<int>(ScoreMethod::Learned))->setEnabled(false);
    // Only the chosen method's own parameters: the others keep theirs for the curves.
    m_alibiControls->setVisible(o.method == ScoreMethod::Alibi);
    for (QWidget* control : m_t5Controls)
        control->setVisible(o.method == ScoreMethod::T5);
    m_t5HeadBox->setVisible(o.method == ScoreMethod::T5 && o.t5Biases && o.t5Biases->heads > 1);
    m_shawControls->setVisible(o.method == ScoreMethod::Shaw);
    m_causalBox->setVisible(o.method == ScoreMethod::Alibi || o.method == ScoreMethod::Shaw
                            || o.method == ScoreMethod::TransformerXl);
    setExplanation(tr("<b>Position methods side by side.</b> What each method adds to the score of query i and key j "
                      "before the softmax: the matrix for the method chosen, the curves against i − j for the ticked "
                      "ones. ") + explanationFor(o.method));
}

void MethodsView::optionsEdited()
{
    MethodOptions o = methodOptions(document()->state());
    o.method = static_cast<ScoreMethod>(std::max(m_methodBox->currentIndex(), 0));
    o.heads = m_headsBox->value();
    o.head = std::min(m_headBox->value(), o.heads);
    o.numBuckets = m_bucketsBox->value();
    o.maxDistance = std::max(m_maxDistanceBox->value(), o.numBuckets);
    o.clip = m_clipBox->value();
    o.scaleCurves = m_scaleCurvesBox->isChecked();
    o.causal = m_causalBox->isChecked();
    o.bidirectional = m_bidirectionalBox->isChecked();
    o.bucketIndex = m_bucketIndexBox->isChecked();
    o.t5Head = m_t5HeadBox->value();
    o.curves = 0;
    for (int method = 0; method < m_curveActions.size(); ++method)
        if (m_curveActions[method]->isChecked())
            o.curves |= scoreMethodBit(ScoreMethod(method));
    document()->setViewOptions(views::methods, toVariantMap(o));
}

void MethodsView::releaseDrawing()
{
    PlotView::releaseDrawing();
    m_drawnData.reset(); // the map is empty now: the next frame fills it, whatever its data
}

void MethodsView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_scale->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
    m_scale->axis()->setLabelFont(plot()->xAxis->labelFont());
    m_scale->setBarWidth(static_cast<int>(14 * scale()));
    sizeCurvesButton();
}

void MethodsView::sizeCurvesButton()
{
    // The style draws an instant popup's arrow over its text without widening the button.
    if (!m_curvesButton)
        return;
    m_curvesButton->setMinimumWidth(0);
    m_curvesButton->setMinimumWidth(m_curvesButton->sizeHint().width()
                                    + int(style()->pixelMetric(QStyle::PM_MenuButtonIndicator) * scale()));
}

void MethodsView::reportPixels()
{
    const QSize matrix = pixelsToRequest(m_matrixRect->rect(), 0);
    const int curve = m_curveRect->visible() ? pixelsToRequest(m_curveRect->rect(), 1).width() : 0;
    document()->setZoom(views::methods, {m_curveLower, m_curveUpper});
    document()->setPixels(views::methods, QSize(curve, std::min(matrix.width(), matrix.height())));
}

void MethodsView::redraw(const Frame& f)
{
    if (m_drawn && f.spec.maxLen != m_drawnSpec.maxLen && m_curveUpper > m_curveLower) {
        m_curveLower = m_curveUpper = 0; // other offsets: the curves zoom out to all of them
        reportPixels();
    }
    if (!m_drawn || !(f.spec == m_drawnSpec)) {
        m_drawn = true;
        m_drawnSpec = f.spec;
        const double first = static_cast<double>(f.spec.firstPosition);
        const QCPRange all(first - 0.5, first + static_cast<double>(f.spec.maxLen) - 0.5);
        plot()->xAxis->setRange(all);
        plot()->yAxis->setRange(all);
    }
    if (methodsDataOf(f)) {
        drawMatrix(f);
        drawCurves(f);
    }
    m_titleText = titleText(f);
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

QString MethodsView::titleText(const Frame& f) const
{
    const MethodInputs o = methodInputs(methodOptions(f.state), f.data.of(views::methods));
    QString text = tr("Position methods: %1\n").arg(scoreMethodName(o.method));
    if (!methodsDataOf(f) || !methodsDataOf(f)->error.isEmpty())
        return text + (methodsDataOf(f) ? methodsDataOf(f)->error : QString());
    text += tr("L = %1 · %2").arg(f.spec.maxLen).arg(parametersOf(f.spec, o, *methodsPart(f)));
    if (!methodsDataOf(f)->exact()) {
        const double cells = static_cast<double>(f.spec.maxLen) / static_cast<double>(methodsDataOf(f)->matrix.rows());
        text += QStringLiteral(" · ") + (m_forExport ? tr("cells average %1 × %1 pairs")
                                                     : tr("each cell is the exact average of %1 × %1 pairs"))
                                            .arg(shortNumber(cells, 3));
    }
    return text;
}

void MethodsView::drawMatrix(const Frame& f)
{
    const MethodsData& data = *methodsDataOf(f);
    const double position = static_cast<double>(f.spec.firstPosition + f.state.position);
    placeHorizontal(m_rowLine, position);
    m_rowLine->setPen(QPen(QColor(255, 255, 255, 220), penWidth(1.2), Qt::DashLine));
    m_rowLine->setVisible(!m_forExport);
    if (m_drawnData.lock() == methodsDataOf(f) && m_drawnColormap == f.state.colormap)
        return;
    m_drawnData = methodsDataOf(f);
    m_drawnColormap = f.state.colormap;
    const auto bins = static_cast<int>(data.matrix.rows());
    if (bins == 0) {
        m_map->cells()->assign(core::RowMatrix::Constant(1, 1, std::numeric_limits<double>::quiet_NaN()),
                               QCPRange(0, 1), QCPRange(0, 1));
        return;
    }
    const double rowsPerBin = static_cast<double>(f.spec.maxLen) / bins;
    const double firstCentre = static_cast<double>(f.spec.firstPosition) + (rowsPerBin - 1) / 2;
    const double lastCentre = bins > 1 ? firstCentre + rowsPerBin * (bins - 1) : firstCentre + rowsPerBin;
    m_map->cells()->assign(data.matrix, QCPRange(firstCentre, lastCentre), QCPRange(firstCentre, lastCentre));
    m_map->setGradient(colormapGradient(f.state.colormap));
    double lowest = data.lowest, highest = data.highest;
    if (!(highest > lowest)) { // NoPE's zeros, a single value: a range around it
        lowest -= 1;
        highest += 1;
    }
    m_map->setDataRange(QCPRange(lowest, highest));
    m_scale->axis()->setLabel(quantityOf(methodOptions(f.state)));
}

void MethodsView::drawCurves(const Frame& f)
{
    const MethodsData& data = *methodsDataOf(f);
    QCustomPlot* p = plot();
    QCPAxis* x = m_curveRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_curveRect->axis(QCPAxis::atLeft);
    while (m_graphs.size() < data.curves.size())
        m_graphs.append(addCurveGraph(x, y)); // dense curves drawn solid: their dashes cannot be seen
    double lowest = 0, highest = 0;
    for (int i = 0; i < m_graphs.size(); ++i) {
        QCPGraph* graph = m_graphs[i];
        if (i >= data.curves.size()) {
            graph->data()->clear();
            graph->setVisible(false);
            graph->removeFromLegend();
            continue;
        }
        const MethodCurve& c = data.curves[i];
        graph->setVisible(true);
        graph->setData(c.x, c.y, true);
        QPen pen(methodColor(c.method), penWidth(c.method == data.method ? 2.2 : 1.4), methodDash(c.method));
        if (c.head > 1) // ALiBi's other heads: thinner, the first one named in the legend
            pen.setWidthF(penWidth(0.9));
        graph->setPen(pen);
        graph->setLineStyle(c.method == ScoreMethod::T5 || c.method == ScoreMethod::Shaw ? QCPGraph::lsStepCenter
                                                                                           : QCPGraph::lsLine);
        QString name = scoreMethodName(c.method);
        if (c.head == 1)
            name = tr("ALiBi (each head)");
        graph->setName(name);
        if (c.head > 1 || !m_curveRect->visible())
            graph->removeFromLegend();
        else
            graph->addToLegend();
        for (double v : c.y)
            if (std::isfinite(v)) {
                lowest = std::min(lowest, v);
                highest = std::max(highest, v);
            }
    }
    // Zoomed out, the axis spans every offset; zoomed in, it stays where the user put it.
    const double reach = static_cast<double>(f.spec.maxLen - 1);
    if (!data.pixels.zoomed() && !(m_curveUpper > m_curveLower)) {
        m_settingCurveRange = true;
        x->setRange(-reach - 0.5, reach + 0.5);
        m_settingCurveRange = false;
    }
    const double span = std::max(highest - lowest, 1e-12);
    y->setRange(lowest - 0.06 * span, highest + 0.06 * span);
    y->setLabel(methodOptions(f.state).scaleCurves ? tr("scaled score") : tr("score"));
    placeVertical(m_zeroLine, 0);
    m_zeroLine->setPen(QPen(QColor(128, 128, 128), penWidth(0.8), Qt::DotLine));
    // Legend order follows the pool; a legend with nothing in it takes no row.
    p->legend->setVisible(p->legend->itemCount() > 0 && m_curveRect->visible());
}

QList<QCPGraph*> MethodsView::curveGraphs() const
{
    QList<QCPGraph*> shown;
    for (QCPGraph* graph : m_graphs)
        if (graph->visible())
            shown.append(graph);
    return shown;
}

void MethodsView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    m_rowLine->setVisible(false);
    PlotView::prepareForExport(fontPixels);
}

bool MethodsView::fitToSize()
{
    bool changed = fitViewTitle(m_title, m_titleText);
    for (QCPAxis* axis : {plot()->xAxis, plot()->yAxis, m_scale->axis(), m_curveRect->axis(QCPAxis::atBottom),
                          m_curveRect->axis(QCPAxis::atLeft)})
        changed = fitTickCount(axis) || changed;
    // At 120 × 80 mm the whole label ran past the figure's right edge ("…(query − key").
    changed = fitAxisLabel(m_curveRect->axis(QCPAxis::atBottom),
                           {tr("Distance i − j (query − key)"), tr("Distance i − j"), QStringLiteral("i − j")}) || changed;
    const int columns = legendColumnsFitting(plot()->legend, plot()->viewport().width() * 0.95, 4);
    changed = setLegendColumns(plot()->legend, columns) || changed;
    changed = keepSquare(plot(), m_square, isPaper()) || changed;
    // A figure too small for the curves leaves them out, and with them the legend naming them.
    // A hidden legend still holds its row's height, so it leaves the layout (the plot, its
    // QObject parent, still deletes it).
    if (!m_curveRect->visible() && plot()->legend->layout()) {
        for (QCPGraph* graph : m_graphs)
            graph->removeFromLegend();
        plot()->legend->setVisible(false);
        plot()->plotLayout()->take(plot()->legend);
        plot()->plotLayout()->simplify();
        changed = true;
    }
    return changed;
}

QString MethodsView::cellDescription(std::int64_t row, std::int64_t column) const
{
    const FramePtr& f = document()->frame();
    if (!f || !methodsDataOf(*f) || methodsDataOf(*f)->matrix.rows() == 0 || row < 0 || column < 0 || row >= f->spec.maxLen
        || column >= f->spec.maxLen)
        return {};
    const MethodsData& data = *methodsDataOf(*f);
    const std::int64_t L = f->spec.maxLen, bins = data.matrix.rows(), first = f->spec.firstPosition;
    const std::int64_t i = core::binOfRow(row, L, bins), j = core::binOfRow(column, L, bins);
    const double value = data.matrix(i, j);
    const QString shown = std::isnan(value) ? tr("masked") : QString::number(value, 'g', 6);
    if (data.exact())
        return tr("query i = %1, key j = %2 (i − j = %3): %4 = %5")
            .arg(first + row).arg(first + column).arg(row - column).arg(quantityOf(methodOptions(f->state)), shown);
    const auto range = [&](std::int64_t bin) {
        return QStringLiteral("%1–%2").arg(first + core::binStart(L, bins, bin)).arg(first + core::binStart(L, bins, bin + 1) - 1);
    };
    return tr("i in %1, j in %2: average %3 = %4 (masked pairs left out)")
        .arg(range(i), range(j), quantityOf(methodOptions(f->state)), shown);
}

void MethodsView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    QCPAxisRect* rect = f ? axisRectAt(plot(), event->position()) : nullptr;
    if (rect == m_matrixRect)
        setReadout(cellDescription(rowAtPixel(plot()->yAxis, event->position().y(), f->spec),
                                   rowAtPixel(plot()->xAxis, event->position().x(), f->spec)));
    else
        setReadout(QString());
}

void MethodsView::onMouseRelease(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    if (f && m_click.isClick(event) && axisRectAt(plot(), event->position()) == m_matrixRect)
        document()->selectPosition(rowAtPixel(plot()->yAxis, event->position().y(), f->spec));
}

/// The methods view's own part of its catalogue entry (cmake/views.cmake).
void methodsViewEntry(ViewDescription& entry)
{
    drawnBy<MethodsView>(entry, buildMethodsPart, methodsPartData,
                         PartInput::Spec | PartInput::Pixels | PartInput::Zoom | PartInput::Table |
                         PartInput::Options | PartInput::Data);
    entry.buildPartFirst = true;
    entry.readData = readNamedT5Biases;
}

} // namespace pe::ui
