// SPDX-License-Identifier: MIT
#pragma once

#include "core/rope.h"
#include "ui/views/plotview.h"
#include "ui/document/ropedata.h"
#include "ui/plotting/panelpair.h"
#include "ui/views/ropemodelplot.h"
#include "ui/state/ropeoptions.h"

#include <memory>

#include <array>

class QCheckBox;
class QComboBox;
class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QLabel;
class QSlider;
class QDoubleSpinBox;
class QSpinBox;
class QToolButton;

namespace pe::ui {

/// Rotary position embedding (RoPE): the same frequencies θ_k = base^(−2k/d) as the encoding,
/// used to turn each (q_2k, q_2k+1) pair of a query or key by m·θ_k. Top: the wavelength of
/// every pair with no scaling and under the three ways of stretching a model to a context s
/// times longer than the trained L_orig (position interpolation, NTK-aware base, YaRN's ramp).
/// Bottom: RoFormer's upper bound of the score against the distance m − n, for each of them.
/// Its options (s, L_orig, log distance axis) are the document's, by its key (ropeOptions(state)); the curves come
/// with the frame (its RopePart, ui/document/ropepart.h), computed off the GUI thread.
class RopeView : public PlotView {
    Q_OBJECT
public:
    explicit RopeView(Document* document, QWidget* parent = nullptr);


    QCPAxisRect* bandsRect() const { return m_bandsRect; }
    QCPAxisRect* decayRect() const { return m_decayRect; }
    QSpinBox* sequenceLengthBox() const { return m_sequenceBox; }
    QCPGraph* wavelengthGraph(core::RopeScaling scaling) const { return m_wavelength[index(scaling)]; }
    QCPGraph* decayGraph(core::RopeScaling scaling) const { return m_decay[index(scaling)]; }
    QDoubleSpinBox* scaleBox() const { return m_scaleBox; }
    QSpinBox* originalLengthBox() const { return m_lengthBox; }
    QCheckBox* logDistanceBox() const { return m_logBox; }
    QCheckBox* yarnTruncateBox() const { return m_truncateBox; }
    /// Unfolds the deployed variants' parameters and the summary numbers.
    QToolButton* detailsButton() const { return m_detailsButton; }
    QDoubleSpinBox* lowFrequencyFactorBox() const { return m_lowFactorBox; }
    QDoubleSpinBox* highFrequencyFactorBox() const { return m_highFactorBox; }
    /// The numbers under the controls: NTK base, YaRN attention factor, the relative-score check.
    QString summaryText() const;
    /// What the hover over the bands shows for a pair: θ and λ under each scaling, YaRN's γ.
    QString pairDescription(int pair) const;

    void prepareForExport(double fontPixels) override;

    /// The real model shown instead of the paper variants (library models, an opened config),
    /// and what it is compared with.
    QComboBox* modelBox() const { return m_modelBox; }
    QComboBox* compareBox() const { return m_compareBox; }
    /// The least height the plots keep when the model's details are unfolded.
    static constexpr int minimumPlotHeight = 300;
    /// Unfolds the model's fields read, attention factor and precision (in a box that scrolls).
    QToolButton* modelDetailsButton() const { return m_modelDetailsButton; }
    QCheckBox* precisionBox() const { return m_precisionBox; }
    RopeModelPlot* modelPlot() const { return m_modelPlot.get(); }
    /// The model's fields, treatments, attention factor and precision limits (empty without a model).
    QString modelDetailsText() const;

signals:
    /// The user asked to open a config.json for the model (or for the comparison): the window
    /// reads it (views do no file I/O) and sets the options.
    void openModelConfigRequested(bool forComparison);

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Position | Change::Offset | Change::ViewOptions; }
    void applyScale() override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static int index(core::RopeScaling scaling) { return static_cast<int>(scaling); }
    QWidget* createControls();
    void syncControls();
    void optionsEdited();
    void drawBands(const Frame& frame);
    void drawDecay(const std::shared_ptr<const RopeCurves>& curves);
    QString titleText(const Frame& frame) const;
    bool fitToSize();
    void onMouseMove(QMouseEvent* event);
    QWidget* createModelControls();
    void syncModelBoxes();
    void modelChosen(QComboBox* box, bool comparison);
    void setModelMode(bool model);
    static QString modelExplanation();
    void updateModelDetails();

    QSlider* m_scaleSlider = nullptr;
    QDoubleSpinBox* m_scaleBox = nullptr;
    QSpinBox* m_lengthBox = nullptr;
    QSpinBox* m_sequenceBox = nullptr; ///< dynamic NTK's current sequence length
    QCheckBox* m_logBox = nullptr;
    QToolButton* m_detailsButton = nullptr;
    QWidget* m_details = nullptr;            ///< the variants' parameters and the summary, folded away
    QCheckBox* m_truncateBox = nullptr;      ///< YaRN reference: floor/ceil the correction range
    QDoubleSpinBox* m_lowFactorBox = nullptr; ///< Llama 3 low_freq_factor
    QDoubleSpinBox* m_highFactorBox = nullptr; ///< Llama 3 high_freq_factor
    QLabel* m_summary = nullptr;
    QComboBox* m_modelBox = nullptr;
    QComboBox* m_compareBox = nullptr;
    QLabel* m_compareLabel = nullptr;
    QCheckBox* m_precisionBox = nullptr;
    std::optional<std::pair<QString, QString>> m_boxesShow; ///< the model and comparison the two boxes were filled for
    QWidget* m_variantControls = nullptr; ///< the paper variants' sliders, hidden while a model is shown
    QLabel* m_modelDetails = nullptr;
    class DetailsBox* m_modelDetailsBox = nullptr; ///< holds m_modelDetails; scrolls past a third of the view
    class DetailsBox* m_summaryBox = nullptr;      ///< holds m_summary, the same way
    void updateDetailsCap();
    QToolButton* m_modelDetailsButton = nullptr;
    std::weak_ptr<const RopeModelCurves> m_detailsShown; ///< the curves the details label was written for
    QString m_variantsExplanation;
    std::unique_ptr<RopeModelPlot> m_modelPlot;
    bool m_modelMode = false;
    QCPTextElement* m_title;
    QString m_titleText;
    QCPAxisRect* m_bandsRect = nullptr;
    QCPAxisRect* m_decayRect = nullptr;
    std::unique_ptr<PanelPair> m_panels; ///< the two, stacked or side by side
    std::array<QCPGraph*, RopeCurves::methodCount> m_wavelength{};
    std::array<QCPGraph*, RopeCurves::methodCount> m_decay{}; ///< only RopeCurves::decayMethods have one
    std::array<QCPItemStraightLine*, 2> m_contextLines{}; // L_orig and s·L_orig
    std::array<QCPItemText*, 2> m_contextLabels{};
    std::array<QStringList, 2> m_contextTexts; ///< each label's texts, longest first
    QStringList m_decayCaptions;
    QVector<double> m_decayKeys; // the distances the decay curves hold
    bool m_forExport = false;
    std::weak_ptr<const RopeCurves> m_decayShown; // the curves on screen
};

} // namespace pe::ui
