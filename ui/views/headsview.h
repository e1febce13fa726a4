// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plotting/pointing.h"
#include "ui/views/plotview.h"

class QComboBox;
class QCPAxisRect;
class QCPColorScale;
class QCPGraph;
class QCPLayoutGrid;
class QCPTextElement;
class QLabel;
class QSpinBox;

namespace pe::ui {

class CellColorMap;
struct HeadsPart;

/// What a trained model does with positions (issue 51), from the checkpoint a user has: every
/// head of a layer as a small tile of its attention over positions (the Llama family: of the
/// scores its mean query and key make under the rotation), the chosen head large, its mean
/// score per offset i − j (its positional kernel) and how much of its scores the offset alone
/// explains, a word for each head with the numbers behind it ("previous-token head"), and for
/// the Llama family each head's amplitude per rotated pair. The numbers come with the frame
/// (its HeadsPart: ui/document/headspart.h), from File ▸ Open checkpoint… or --checkpoint.
class HeadsView : public PlotView {
    Q_OBJECT
public:
    explicit HeadsView(Document* document, QWidget* parent = nullptr);

    QSpinBox* layerBox() const { return m_layerBox; }
    QSpinBox* headBox() const { return m_headBox; }
    QComboBox* inputBox() const { return m_inputBox; }
    QComboBox* showBox() const { return m_showBox; }
    CellColorMap* headMap() const { return m_headMap; }
    CellColorMap* tilesMap() const { return m_tiles; }
    QCPAxisRect* tilesRect() const { return m_tilesRect; }
    /// The line about the chosen head: its word and the numbers behind it.
    QString summaryText() const { return m_summary; }
    /// The layer and head whose tile holds `pixel` (the plot's coordinates); {−1, −1} outside the tiles.
    std::pair<int, int> tileAt(const QPointF& pixel) const;
    QCPAxisRect* headRect() const { return m_headRect; }

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Colormap | Change::ViewOptions | Change::Bins; }
    QString chartDetails() const override { return m_summary; }
    void applyScale() override;

private:
    QWidget* createControls();
    void syncControls();
    void optionsEdited();
    void chooseHead(int layer, int head);
    bool fitSquareCells();
    void clearPlots(const QString& why);
    void drawTiles(const HeadsPart& part, const Frame& frame);
    void drawKernel(const HeadsPart& part);
    void drawAmplitudes(const HeadsPart& part, const Frame& frame);
    void reportPixels();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    QSpinBox* m_layerBox = nullptr;
    QSpinBox* m_headBox = nullptr;
    QComboBox* m_inputBox = nullptr;
    QComboBox* m_showBox = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPAxisRect* m_headRect = nullptr;
    QCPAxisRect* m_tilesRect = nullptr;
    QCPAxisRect* m_kernelRect = nullptr;
    QCPAxisRect* m_amplitudeRect = nullptr;
    QCPLayoutGrid* m_top = nullptr;
    QCPLayoutGrid* m_bottom = nullptr;
    CellColorMap* m_headMap = nullptr;
    CellColorMap* m_tiles = nullptr;
    CellColorMap* m_amplitudes = nullptr;
    QCPColorScale* m_headScale = nullptr;
    QList<QCPGraph*> m_kernels;
    int m_tileColumns = 0, m_tileRows = 0, m_tileBins = 0, m_heads = 0;
    bool m_tilesByLayer = false;
    double m_tilesAspect = 1.0; ///< the tiles' image: columns / rows
    std::int64_t m_length = 0;
    QString m_summary;
    QString m_titleText;
    QStringList m_headCaptions, m_tilesCaptions, m_kernelCaptions, m_amplitudeCaptions; ///< longest first, fitted after each layout
    ClickTracker m_click;
};

} // namespace pe::ui
