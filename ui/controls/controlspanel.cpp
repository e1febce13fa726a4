// SPDX-License-Identifier: MIT
#include "ui/controls/controlspanel.h"

#include "core/presets.h"

#include "ui/plotting/colormaps.h"
#include "ui/document/document.h"
#include "ui/controls/logslider.h"
#include "ui/widgets/accessiblenames.h"
#include "ui/widgets/textlabels.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

#include <cmath>

namespace pe::ui {

namespace {

/// A slider and its spin box on one form row, both named by the row's label to a screen reader
/// (the form's label names only the row's container).
void addPairRow(QFormLayout* form, const QString& label, QWidget* slider, QWidget* spin)
{
    nameControls(label, {slider, spin});
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    slider->setMinimumWidth(80);
    layout->addWidget(slider, 1);
    layout->addWidget(spin);
    form->addRow(label, row);
}

} // namespace

QSpinBox* settingSpinBox(int minimum, int maximum, const QString& tip)
{
    auto* spin = new QSpinBox;
    spin->setRange(minimum, maximum);
    spin->setKeyboardTracking(false); // commit typed numbers on Enter, not digit by digit
    spin->setAccelerated(true);
    spin->setToolTip(tip);
    spin->setMinimumWidth(spin->fontMetrics().horizontalAdvance(QStringLiteral("0000000")) + 24);
    return spin;
}

double offeredDModel(double value)
{
    return value < 1.5 ? 1.0 : value < 63 ? 2 * std::round(value / 2) : 64 * std::round(value / 64);
}

QString ControlsPanel::dModelTip()
{
    return tr("Width of each position's vector, 1 to 4096 (odd allowed: the last sine then has no cosine)");
}

QString ControlsPanel::dModelSliderTip()
{
    return tr("Width of each position's vector: the slider offers even widths and multiples of 64 "
              "(hold Shift for every width); type any width from 1 to 4096 in the box");
}

QString ControlsPanel::maxLenTip() { return tr("Number of positions (rows), 1 to 1,048,576; the slider is logarithmic"); }

std::pair<int, int> ControlsPanel::offsetRange(const core::EncodingSpec& spec, const ViewState& state)
{
    return {int(-std::min<std::int64_t>(spec.firstPosition + state.position, WindowLimits::maxMaxLen)),
            int(std::clamp<std::int64_t>(std::max(spec.maxLen, state.offset), 1, std::numeric_limits<int>::max()))};
}

QString ControlsPanel::offsetTip() { return tr("Relative offset k: PE(p+k) is a rotation of PE(p) by k·ω in every pair"); }

QString ControlsPanel::positionTip() { return tr("The selected row; every view marks it (click a view to select)"); }

ControlsPanel::ControlsPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_form(new QFormLayout(this))
{
    QFormLayout* form = m_form;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    buildSpecControls(form);
    buildSelectionControls(form);
    auto* reset = new QPushButton(tr("Reset to defaults"));
    reset->setToolTip(tr("d_model 64, max_len 100, base 10000, interleaved, paper frequencies (undoable)"));
    connect(reset, &QPushButton::clicked, document, &Document::resetToDefaults);
    form->addRow(reset);
    connect(document, &Document::changed, this, &ControlsPanel::syncFromDocument);
    syncFromDocument();
}

void ControlsPanel::trackInteraction(QSlider* slider)
{
    connect(slider, &QSlider::sliderPressed, m_document, &Document::beginInteraction);
    connect(slider, &QSlider::sliderReleased, m_document, &Document::endInteraction);
}

void ControlsPanel::buildSpecControls(QFormLayout* form)
{
    m_dModelSlider = new LogSlider(1, WindowLimits::maxDModel, true);
    m_dModelSpin = settingSpinBox(1, WindowLimits::maxDModel, dModelTip());
    // Dragging offers the widths people use: even numbers below 64, then multiples of 64
    // (every power of two among them); Shift gives every number, the spin box takes any.
    m_dModelSlider->setOfferedValues(offeredDModel);
    m_dModelSlider->setToolTip(dModelSliderTip());
    addPairRow(form, tr("d_model"), m_dModelSlider, m_dModelSpin);
    connect(m_dModelSlider, &LogSlider::logValueChanged, m_document, [this](double v) { m_document->setDModel(int(v)); });
    connect(m_dModelSpin, &QSpinBox::valueChanged, m_document, &Document::setDModel);

    m_maxLenSlider = new LogSlider(1, WindowLimits::maxMaxLen, true);
    m_maxLenSpin = settingSpinBox(1, WindowLimits::maxMaxLen, maxLenTip());
    m_maxLenSlider->setToolTip(m_maxLenSpin->toolTip());
    addPairRow(form, tr("max_len"), m_maxLenSlider, m_maxLenSpin);
    connect(m_maxLenSlider, &LogSlider::logValueChanged, m_document, [this](double v) { m_document->setMaxLen(std::int64_t(v)); });
    connect(m_maxLenSpin, &QSpinBox::valueChanged, m_document, [this](int v) { m_document->setMaxLen(v); });

    m_baseSlider = new LogSlider(2, 1e7, true); // whole bases: a key press always changes it
    m_baseSpin = new QDoubleSpinBox;
    m_baseSpin->setRange(WindowLimits::minBase, WindowLimits::maxBase);
    m_baseSpin->setDecimals(2);
    m_baseSpin->setKeyboardTracking(false);
    m_baseSpin->setToolTip(tr("The longest wavelength is 2π·base (paper: 10000; many long-context models use 500000 or more)"));
    m_baseSlider->setToolTip(m_baseSpin->toolTip());
    addPairRow(form, tr("base"), m_baseSlider, m_baseSpin);
    connect(m_baseSlider, &LogSlider::logValueChanged, m_document, [this](double v) { m_document->setBase(std::round(v)); });
    connect(m_baseSpin, &QDoubleSpinBox::valueChanged, m_document, &Document::setBase);

    m_preset = new QComboBox;
    for (const core::EncodingPreset& preset : core::encodingPresets()) {
        m_preset->addItem(toQString(preset.label), toQString(preset.name));
        m_preset->setItemData(m_preset->count() - 1,
                              tr("Reproduces %1 entry for entry (float64). Odd d_model there: %2.")
                                  .arg(toQString(preset.reproduces), toQString(preset.oddDModel)),
                              Qt::ToolTipRole);
    }
    m_preset->addItem(tr("custom"), QString());
    m_preset->setToolTip(tr("Sets layout, frequencies and first position to reproduce a library's code; "
                            "shows which library the current settings match, or custom"));
    letShrink(m_preset);
    form->addRow(tr("Library"), m_preset);
    connect(m_preset, &QComboBox::activated, m_document, [this](int i) { m_document->setPreset(m_preset->itemData(i).toString()); });
    m_presetAlso = new QLabel;
    m_presetAlso->setWordWrap(true);
    form->addRow(QString(), m_presetAlso);

    m_layout = new QComboBox;
    m_layout->addItem(tr("interleaved (sin, cos, sin, cos…)"), int(core::Layout::Interleaved));
    m_layout->addItem(tr("split (all sines, then all cosines)"), int(core::Layout::Split));
    m_layout->setToolTip(tr("Interleaved: the paper, PyTorch tutorial. Split: TensorFlow tutorial, tensor2tensor, fairseq. Same numbers, columns reordered."));
    letShrink(m_layout);
    form->addRow(tr("Layout"), m_layout);
    connect(m_layout, &QComboBox::activated, m_document, [this](int i) { m_document->setLayout(core::Layout(m_layout->itemData(i).toInt())); });

    m_frequencies = new QComboBox;
    m_frequencies->addItem(tr("paper: ω = base^(−2k/d)"), int(core::FrequencyRule::Paper));
    m_frequencies->addItem(tr("tensor2tensor: ω = base^(−k/(⌊d/2⌋−1))"), int(core::FrequencyRule::Tensor2Tensor));
    m_frequencies->setToolTip(tr("tensor2tensor, fairseq and Whisper space the frequencies so the slowest wavelength is exactly 2π·base"));
    letShrink(m_frequencies);
    form->addRow(tr("Frequencies"), m_frequencies);
    connect(m_frequencies, &QComboBox::activated, m_document, [this](int i) { m_document->setFrequencies(core::FrequencyRule(m_frequencies->itemData(i).toInt())); });

    m_firstPosition = settingSpinBox(0, WindowLimits::maxFirstPosition, tr("Position of the first row: 0 in most code, 2 in fairseq (padding_idx + 1)"));
    form->addRow(tr("First position"), m_firstPosition);
    connect(m_firstPosition, &QSpinBox::valueChanged, m_document, [this](int v) { m_document->setFirstPosition(v); });

    for (QSlider* s : {static_cast<QSlider*>(m_dModelSlider), static_cast<QSlider*>(m_maxLenSlider), static_cast<QSlider*>(m_baseSlider)})
        trackInteraction(s);
}

void ControlsPanel::buildSelectionControls(QFormLayout* form)
{
    auto* heading = new QLabel(tr("<b>Selection</b>"));
    form->addRow(heading);
    m_positionSlider = new QSlider(Qt::Horizontal);
    m_positionSpin = settingSpinBox(0, 0, positionTip());
    m_positionSlider->setToolTip(m_positionSpin->toolTip());
    addPairRow(form, tr("Position"), m_positionSlider, m_positionSpin);
    connect(m_positionSlider, &QSlider::valueChanged, m_document, [this](int v) { m_document->selectPosition(v); });
    connect(m_positionSpin, &QSpinBox::valueChanged, m_document, [this](int v) { m_document->selectPosition(v); });

    m_offsetSlider = new QSlider(Qt::Horizontal);
    m_offsetSpin = settingSpinBox(-1, 1, offsetTip());
    m_offsetSlider->setToolTip(m_offsetSpin->toolTip());
    addPairRow(form, tr("Offset k"), m_offsetSlider, m_offsetSpin);
    connect(m_offsetSlider, &QSlider::valueChanged, m_document, [this](int v) { m_document->setOffset(v); });
    connect(m_offsetSpin, &QSpinBox::valueChanged, m_document, [this](int v) { m_document->setOffset(v); });
    trackInteraction(m_positionSlider);
    trackInteraction(m_offsetSlider);

    m_dims = new QLineEdit;
    m_dims->setToolTip(tr("Dimensions drawn in the wave plot (up to %1): a list 4,5,6,7, a range 4-7 "
                          "or a slice 0:64:8 (start, end excluded, step); press Enter").arg(WindowLimits::maxWaveDims));
    m_dims->setPlaceholderText(QStringLiteral("4,5,6,7 · 4-7 · 0:64:8"));
    form->addRow(tr("Wave dims"), m_dims);
    m_dimsMessage = new QLabel;
    m_dimsMessage->setObjectName(QStringLiteral("dimsMessage"));
    m_dimsMessage->setWordWrap(true);
    m_dimsMessage->setStyleSheet(QStringLiteral("QLabel { color: #c62828; }"));
    form->addRow(QString(), m_dimsMessage);
    form->setRowVisible(m_dimsMessage, false);
    connect(m_dims, &QLineEdit::editingFinished, this, &ControlsPanel::applyDims);

    m_colormap = new QComboBox;
    for (const QString& name : colormapNames())
        m_colormap->addItem(colormapLabel(name), name);
    m_colormap->setToolTip(tr("Viridis: yellow ≈ +1, dark purple ≈ −1. Diverging: white is 0."));
    letShrink(m_colormap);
    form->addRow(tr("Colormap"), m_colormap);
    connect(m_colormap, &QComboBox::activated, m_document, [this](int i) { m_document->setColormap(m_colormap->itemData(i).toString()); });

    m_cosine = new QCheckBox(tr("Cosine similarity (instead of dot product)"));
    m_cosine->setToolTip(tr("cosine = dot / (‖PE(p)‖·‖PE(q)‖); for even d_model every norm² is d/2"));
    form->addRow(m_cosine);
    connect(m_cosine, &QCheckBox::toggled, m_document, &Document::setNormalize);
}

void ControlsPanel::addAnimationControls(QWidget* controls)
{
    int row = -1;
    m_form->getWidgetPosition(m_offsetSlider->parentWidget(), &row, nullptr);
    m_form->insertRow(row + 1, tr("Animate"), controls);
}

void ControlsPanel::setSimplified(bool simplified)
{
    m_simplified = simplified;
    const QList<QWidget*> advanced{m_baseSlider->parentWidget(), m_preset, m_layout, m_frequencies, m_firstPosition,
                                   m_dims, m_colormap, m_cosine};
    for (QWidget* field : advanced)
        m_form->setRowVisible(field, !simplified);
    m_form->setRowVisible(m_dimsMessage, !simplified && !m_dimsMessage->text().isEmpty());
    m_form->setRowVisible(m_presetAlso, !simplified && !m_presetAlso->text().isEmpty());
}

void ControlsPanel::applyDims()
{
    const auto parsed = parseDimensionList(m_dims->text(), m_document->spec().dModel, WindowLimits::maxWaveDims);
    const auto* error = std::get_if<QString>(&parsed);
    // The reason stays in sight beside the field until the text is fixed (not in a tooltip).
    m_dims->setStyleSheet(error ? QStringLiteral("QLineEdit { background: #ffd8d8; color: black; }") : QString());
    m_dimsMessage->setText(error ? *error : QString());
    m_form->setRowVisible(m_dimsMessage, error && !m_simplified);
    if (!error)
        m_document->setWaveDims(std::get<QList<int>>(parsed));
}

void ControlsPanel::syncPreset(const core::EncodingSpec& spec)
{
    // A d_model or position step leaves the convention alone: nothing to look up or lay out.
    if (m_presetShownFor && m_presetShownFor->layout == spec.layout && m_presetShownFor->frequencies == spec.frequencies
        && m_presetShownFor->firstPosition == spec.firstPosition)
        return;
    m_presetShownFor = spec;
    // Several libraries share one setting: the first is chosen, the others named under it.
    const std::vector<std::string_view> matching = core::matchingPresets(spec);
    const QSignalBlocker blocker(m_preset);
    m_preset->setCurrentIndex(matching.empty() ? m_preset->count() - 1 : m_preset->findData(toQString(matching.front())));
    QStringList others;
    for (std::size_t i = 1; i < matching.size(); ++i)
        others << m_preset->itemText(m_preset->findData(toQString(matching[i])));
    m_presetAlso->setText(others.isEmpty() ? QString() : tr("also: %1").arg(others.join(QStringLiteral(", "))));
    m_form->setRowVisible(m_presetAlso, !m_simplified && !others.isEmpty());
}

void ControlsPanel::syncFromDocument()
{
    const auto& spec = m_document->spec();
    const auto& state = m_document->state();
    const QList<QWidget*> all{m_dModelSlider, m_dModelSpin, m_maxLenSlider, m_maxLenSpin, m_baseSlider, m_baseSpin,
                              m_layout, m_frequencies, m_firstPosition, m_positionSlider, m_positionSpin,
                              m_offsetSlider, m_offsetSpin, m_colormap, m_cosine};
    QList<std::shared_ptr<QSignalBlocker>> blockers;
    for (QWidget* w : all)
        blockers.append(std::make_shared<QSignalBlocker>(w));

    m_dModelSlider->setLogValue(spec.dModel);
    m_dModelSpin->setValue(spec.dModel);
    m_maxLenSlider->setLogValue(double(spec.maxLen));
    m_maxLenSpin->setValue(int(std::min<std::int64_t>(spec.maxLen, WindowLimits::maxMaxLen)));
    m_baseSlider->setLogValue(spec.base);
    m_baseSpin->setValue(spec.base);
    m_layout->setCurrentIndex(m_layout->findData(int(spec.layout)));
    m_frequencies->setCurrentIndex(m_frequencies->findData(int(spec.frequencies)));
    m_firstPosition->setValue(int(spec.firstPosition));
    syncPreset(spec);
    const int lastRow = int(std::min<std::int64_t>(spec.maxLen - 1, std::numeric_limits<int>::max()));
    m_positionSlider->setRange(0, lastRow);
    m_positionSpin->setRange(0, lastRow);
    m_positionSlider->setValue(int(state.position));
    m_positionSpin->setValue(int(state.position));
    const auto [lowest, highest] = offsetRange(spec, state);
    m_offsetSlider->setRange(lowest, highest);
    m_offsetSpin->setRange(lowest, highest);
    m_offsetSlider->setValue(int(state.offset));
    m_offsetSpin->setValue(int(state.offset));
    m_colormap->setCurrentIndex(m_colormap->findData(state.colormap));
    m_cosine->setChecked(state.normalize);
    if (!m_dims->hasFocus()) {
        QStringList dims;
        for (int d : state.dims)
            dims << QString::number(d);
        if (m_dims->text() != dims.join(QLatin1Char(','))) { // an undo or a new d_model: what is drawn
            m_dims->setText(dims.join(QLatin1Char(',')));
            m_dims->setStyleSheet(QString());
            m_dimsMessage->clear();
            m_form->setRowVisible(m_dimsMessage, false);
        }
    }
}

} // namespace pe::ui
