// SPDX-License-Identifier: MIT
#include "ui/controls/presentingcontrols.h"

#include "ui/controls/controlspanel.h"
#include "ui/controls/logslider.h"
#include "ui/document/document.h"
#include "ui/state/windowlimits.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>
#include <limits>

namespace pe::ui {

PresentingControls::PresentingControls(Document* document, QAction* play, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    setObjectName(QStringLiteral("presentingControls"));
    m_dModelSlider = new LogSlider(1, WindowLimits::maxDModel, true);
    m_dModelSlider->setOfferedValues(offeredDModel);
    m_dModelSlider->setToolTip(ControlsPanel::dModelSliderTip());
    m_dModelSpin = settingSpinBox(1, WindowLimits::maxDModel, ControlsPanel::dModelTip());
    m_maxLenSlider = new LogSlider(1, WindowLimits::maxMaxLen, true);
    m_maxLenSlider->setToolTip(ControlsPanel::maxLenTip());
    m_maxLenSpin = settingSpinBox(1, WindowLimits::maxMaxLen, ControlsPanel::maxLenTip());
    m_positionSlider = new QSlider(Qt::Horizontal);
    m_positionSlider->setToolTip(ControlsPanel::positionTip());
    m_positionSpin = settingSpinBox(0, 0, ControlsPanel::positionTip());
    m_offsetSlider = new QSlider(Qt::Horizontal);
    m_offsetSlider->setToolTip(ControlsPanel::offsetTip());
    m_offsetSpin = settingSpinBox(-1, 1, ControlsPanel::offsetTip());
    m_play = new QToolButton;
    m_play->setObjectName(QStringLiteral("presentingPlayButton"));
    m_play->setDefaultAction(play);
    m_play->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(24, 0, 0, 0); // apart from the names of the views before it
    row->setSpacing(24);
    row->addWidget(group(ControlsPanel::tr("d_model"), m_dModelSlider, m_dModelSpin));
    row->addWidget(group(ControlsPanel::tr("max_len"), m_maxLenSlider, m_maxLenSpin));
    row->addWidget(group(ControlsPanel::tr("Position"), m_positionSlider, m_positionSpin));
    m_offsetGroup = group(ControlsPanel::tr("Offset k"), m_offsetSlider, m_offsetSpin);
    m_offsetGroup->hide();
    row->addWidget(m_offsetGroup);
    row->addWidget(m_play);
    row->addStretch(1);

    connect(m_dModelSlider, &LogSlider::logValueChanged, document, [this](double v) { m_document->setDModel(int(v)); });
    connect(m_dModelSpin, &QSpinBox::valueChanged, document, &Document::setDModel);
    connect(m_maxLenSlider, &LogSlider::logValueChanged, document, [this](double v) { m_document->setMaxLen(std::int64_t(v)); });
    connect(m_maxLenSpin, &QSpinBox::valueChanged, document, [this](int v) { m_document->setMaxLen(v); });
    connect(m_positionSlider, &QSlider::valueChanged, document, [this](int v) { m_document->selectPosition(v); });
    connect(m_positionSpin, &QSpinBox::valueChanged, document, [this](int v) { m_document->selectPosition(v); });
    connect(m_offsetSlider, &QSlider::valueChanged, document, [this](int v) { m_document->setOffset(v); });
    connect(m_offsetSpin, &QSpinBox::valueChanged, document, [this](int v) { m_document->setOffset(v); });
    for (QSlider* slider : {static_cast<QSlider*>(m_dModelSlider), static_cast<QSlider*>(m_maxLenSlider), m_positionSlider,
                            m_offsetSlider}) {
        connect(slider, &QSlider::sliderPressed, document, &Document::beginInteraction);
        connect(slider, &QSlider::sliderReleased, document, &Document::endInteraction);
    }
    connect(document, &Document::changed, this, &PresentingControls::syncFromDocument);
    syncFromDocument();
}

QWidget* PresentingControls::group(const QString& text, QSlider* slider, QSpinBox* spin)
{
    auto* box = new QWidget;
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(text);
    label->setBuddy(spin); // the box's name to a screen reader; the slider is named the same
    slider->setAccessibleName(text);
    layout->addWidget(label);
    slider->setMinimumWidth(120);
    layout->addWidget(slider, 1);
    layout->addWidget(spin);
    return box;
}

void PresentingControls::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // The presentation font is set after the boxes were made: they keep room for seven digits.
    if (event->type() == QEvent::FontChange)
        for (QSpinBox* spin : {m_dModelSpin, m_maxLenSpin, m_positionSpin, m_offsetSpin})
            spin->setMinimumWidth(spin->fontMetrics().horizontalAdvance(QStringLiteral("0000000")) + 24);
}

void PresentingControls::syncFromDocument()
{
    const auto& spec = m_document->spec();
    const QSignalBlocker b1(m_dModelSlider), b2(m_dModelSpin), b3(m_maxLenSlider), b4(m_maxLenSpin), b5(m_positionSlider),
        b6(m_positionSpin), b7(m_offsetSlider), b8(m_offsetSpin);
    m_dModelSlider->setLogValue(spec.dModel);
    m_dModelSpin->setValue(spec.dModel);
    m_maxLenSlider->setLogValue(double(spec.maxLen));
    m_maxLenSpin->setValue(int(std::min<std::int64_t>(spec.maxLen, WindowLimits::maxMaxLen)));
    const int lastRow = int(std::min<std::int64_t>(spec.maxLen - 1, std::numeric_limits<int>::max()));
    m_positionSlider->setRange(0, lastRow);
    m_positionSpin->setRange(0, lastRow);
    m_positionSlider->setValue(int(m_document->state().position));
    m_positionSpin->setValue(int(m_document->state().position));
    const auto& state = m_document->state();
    const auto [lowest, highest] = ControlsPanel::offsetRange(spec, state);
    m_offsetSlider->setRange(lowest, highest);
    m_offsetSpin->setRange(lowest, highest);
    m_offsetSlider->setValue(int(state.offset));
    m_offsetSpin->setValue(int(state.offset));
}

void PresentingControls::setOffsetShown(bool shown) { m_offsetGroup->setVisible(shown); }

} // namespace pe::ui
