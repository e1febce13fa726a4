// SPDX-License-Identifier: MIT
#pragma once

#include "ui/views/plotview.h"

#include "ui/plotting/pointing.h"

class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QTimer;
class QToolButton;

namespace pe::ui {

class ZoomSettle;
class TonePlayer;

/// PE(position, dimension) against position for the chosen dimensions (default 4–7, as in the
/// Annotated Transformer): the continuous sine or cosine and the integer positions the model
/// actually uses, one colour per dimension, its wavelength in the legend. Hover reads every
/// drawn dimension at the nearest sample; a click selects the position; wheel and drag zoom
/// and pan along the positions.
class WavesView : public PlotView {
    Q_OBJECT
public:
    explicit WavesView(Document* document, QWidget* parent = nullptr);

    /// How many dimensions are drawn now (the chosen ones that exist for this d_model).
    int waveCount() const { return m_shown; }
    /// The continuous curve and the integer samples of the index-th drawn dimension.
    QCPGraph* curveGraph(int index) const;
    QCPGraph* sampleGraph(int index) const;
    /// What the hover shows for a row (0 … max_len−1): each drawn dimension at the nearest sample.
    QString sampleDescription(std::int64_t row) const;

    /// A figure shows the waves, not the window's selection: no position line, no hints.
    void prepareForExport(double fontPixels) override;
    /// Listen (issue 50): plays each drawn dimension as a tone, in turn (core/tones.h's
    /// defaults: R = 2π·880 positions per second, one second each), or stops; a computer
    /// without an audio output gets a message under the plot saying so.
    QToolButton* listenButton() const { return m_listen; }
    void listen();

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::WaveDims | Change::Zoom | Change::Position | Change::Table; }
    void applyScale() override;

private:
    static QString sinusoidExplanation();
    /// The y range: −1.1…1.1 for the sinusoid, symmetric around the largest |value| drawn for a table.
    static QCPRange valueRange(const Frame& f);
    static QString tableExplanation();
    int m_legendRow = 1; ///< the layout row the legend left when there was nothing to name
    struct Wave {
        QCPGraph* curve;
        QCPGraph* samples;
    };
    void showWaves(const Frame& frame, bool newData);
    QString titleText(const Frame& frame) const;
    bool fitToSize();
    double sampleDotSize() const;
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void onRangeSettled();
    /// Whether the axes were drawn for the document's current spec (or table) and dimensions.
    bool axesShowDocument() const;

    QList<Wave> m_waves; // grown on demand, hidden when unused: redraws create nothing
    int m_shown = 0;
    QCPTextElement* m_title;
    QString m_titleText; // unwrapped: fitToSize() breaks it to the width drawn at
    QCPItemStraightLine* m_positionLine;
    QCPItemText* m_emptyNote;
    core::EncodingSpec m_drawnSpec;
    LoadedTablePtr m_drawnTable;
    QList<int> m_drawnDims;
    bool m_drawn = false;
    bool m_forExport = false;
    ClickTracker m_click;
    QToolButton* m_listen = nullptr;
    TonePlayer* m_player = nullptr;        ///< made on the first Listen
    QTimer* m_playing = nullptr;           ///< says which dimension sounds now
    std::vector<int> m_playedColumns;
    std::vector<double> m_playedHertz;     ///< their pitches, for the spec they were played with
    void showPlaying();
    /// The button and the line under the plot back to what they say before Listen.
    void showStopped();
    std::int64_t m_drawnFirstRow = -1, m_drawnRowCount = -1; // the rows the curves cover
    bool m_settingRange = false;
    ZoomSettle* m_rangeSettle; // asks for the zoomed rows once a wheel/drag zoom pauses
};

} // namespace pe::ui
