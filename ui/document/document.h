// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/changes.h"
#include "ui/document/frame.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <QUndoStack>

#include <functional>

namespace pe::ui {

/// The one object between the controls and the views. Controls change it (every change is an
/// undo step; a slider drag merges into one); it emits changed() at once, computes the views'
/// data off the GUI thread (newest request wins, stale ones are dropped) and emits
/// frameReady() when a frame for the current settings is ready to draw.
class Document : public QObject {
    Q_OBJECT
public:
    /// Which setting a change touched: consecutive changes of one field inside an interaction
    /// (a slider drag) merge into one undo step.
    enum class Field { DModel, MaxLen, Base, Layout, Frequencies, FirstPosition, Position,
                       Dimension, Offset, Normalize, Colormap, Dims, Band, Selection, Comparison, Precision,
                       TableScale, TableSize, Preset, All, Session, ViewOptions };

    /// Undo steps kept; older ones are dropped (QUndoStack::setUndoLimit).
    static constexpr int undoLimit = 5000;
    /// Bytes the undo steps may hold (undoHistoryBytes); beyond it the oldest go as well, down
    /// to three quarters of it. 5000 steps of a slider hold 3 MB; steps that each keep a new
    /// sentence of 4096 characters (about 17 KB a step) reach it after about 950.
    static constexpr std::size_t undoByteBudget = std::size_t{16} << 20;

    /// `shownViews`: see setShownViews().
    explicit Document(QObject* parent = nullptr, unsigned shownViews = ~0u);
    ~Document() override;

    const core::EncodingSpec& spec() const { return m_settings.spec; }
    const ViewState& state() const { return m_settings.state; }
    const Settings& settings() const { return m_settings; }
    /// The newest computed frame; it may lag the settings for a moment while computing.
    const FramePtr& frame() const { return m_frame; }
    /// True when frame() shows the current settings.
    bool isFrameCurrent() const;
    QUndoStack* undoStack() { return &m_undo; }
    /// What the undo steps hold, estimated (ui/document/undosteps.h).
    std::size_t undoHistoryBytes() const;

    /// Applies new settings as one undo step. Invalid values are clamped to what is allowed.
    void change(Settings settings, Field field);
    void setDModel(int dModel);
    void setMaxLen(std::int64_t maxLen);
    void setBase(double base);
    void setLayout(core::Layout layout);
    void setFrequencies(core::FrequencyRule rule);
    void setFirstPosition(std::int64_t first);
    /// A library preset (core::findPreset): layout, frequencies and first position as one step.
    void setPreset(const QString& name);
    void selectPosition(std::int64_t row);
    void selectDimension(int column);
    void selectCell(std::int64_t row, int column);
    void setOffset(std::int64_t offset);
    void setNormalize(bool normalize);
    void setColormap(const QString& name);
    void setWaveDims(const QList<int>& dims);
    void selectBand(int firstPair, int lastPair);
    void setComparison(core::Comparison comparison);
    void setNumberFormat(core::NumberFormat format);
    void setPrecisionMode(core::PrecisionMode mode);
    /// The options of a view that keeps its own by key (ViewDescription::defaultOptions), made
    /// valid by its entry: one undo step.
    void setViewOptions(View view, const QVariantMap& options);
    /// A loaded table's colour scale: symmetric about 0, or the data's range.
    void setTableDataRange(bool dataRange);
    void resetToDefaults();

    /// A table opened from a file (TableLoader): the heatmap shows it instead of the sinusoid
    /// until it is closed (nullptr). Data, not a setting: no undo step, like word vectors.
    /// A new table starts zoomed out; the table a preview's pass gives (the same EncodingTable)
    /// keeps the zoom. While a table is shown, a spec change (sizing the sinusoid) keeps it too.
    void setTable(LoadedTablePtr table);
    /// max_len and d_model as the table's rows and columns (sinusoidSizedLike), one undo step.
    void sizeLikeTable();
    const LoadedTablePtr& table() const { return m_table; }

    /// What `view` read from a file (ViewData: the embeddings' word vectors, the methods' T5
    /// biases), used while its options name the file. Data, not a setting: no undo step, so
    /// that undoing the choice of a file and redoing it needs no second read. Only that view
    /// redraws (Change::ViewOptions).
    void setViewData(View view, ViewDataPtr data);
    ViewDataPtr viewData(View view) const { return m_viewData.of(view); }

    /// Between these, changes of one field merge into a single undo step (a slider drag).
    void beginInteraction();
    void endInteraction();
    /// Starts a run of changes that merge into one undo step (an animation's play … pause),
    /// whatever the interactions in between; returns its id for stepAnimation().
    int beginUndoRun() { return ++m_interactionSerial; }
    /// Sets the position (field Position) or the offset (field Offset) as a step of the run:
    /// consecutive steps of one run are one undo step.
    void stepAnimation(Field field, std::int64_t value, int run);

    /// Which views are on screen (a bit per View, viewBit()): frames compute only what those
    /// draw. A new document computes for every view (exports, tests); the window starts from
    /// none and its views report themselves as they are shown and hidden.
    void setShownViews(unsigned views);
    void setViewShown(View view, bool shown);
    unsigned shownViews() const { return m_shownViews; }

    /// What `view` shows of its data (its zoom, ViewZoom: the heatmap's cells, the wave
    /// plot's rows, the methods curve's offsets); not an undo step. Only that view redraws.
    /// The heatmap and the waves start zoomed out, on the same pixels, on a new spec (unless a
    /// table is shown: it stays what it is) and a new table (not the same file's, which a
    /// preview's pass gives); the waves also on new wave dims.
    void setZoom(View view, ViewZoom zoom);
    ViewZoom zoom(View view) const { return m_zooms.of(view); }
    /// The device pixels `view` draws its part on (Frame::pixels says which side counts for
    /// which view): one bin per pixel beyond that resolution. Only that view redraws.
    void setPixels(View view, QSize pixels);
    QSize pixels(View view) const { return m_pixels.of(view); }

    /// The settings made valid: clamped to the allowed ranges, selection inside the matrix.
    static Settings sanitized(Settings settings);

    /// Computes the frame for the current settings on the calling thread and emits frameReady:
    /// for exports and tests, which need the result now rather than at the next event.
    void computeNow();
    /// Only computeNow computes: a change marks the frame stale (isFrameCurrent() false) and
    /// starts nothing in the background. For a figure's document, which asks for its frame
    /// itself: a frame begun by its first settings, overtaken a moment later, ran its parts to
    /// the end on the other core (the methods' curves: 0.15 s and 34 MB in half the exports).
    void setComputeOnlyWhenAsked(bool only) { m_onlyWhenAsked = only; }

    /// Applies settings without an undo step (the undo command itself, sessions).
    void apply(const Settings& settings);

    /// Runs on the frame thread before each frame computed in the background, with what the
    /// frame is for: a test holds the computation there to see what the window does
    /// meanwhile, whatever the machine's speed. The program never sets one.
    using FrameGate = std::function<void(const FrameRequest&)>;
    void setFrameGate(FrameGate gate) { m_frameGate = std::move(gate); }

signals:
    /// Once per edit, undo or redo: what it changed.
    void changed(pe::ui::Changes what);
    void frameReady();
    /// Just before the idle trim gives freed memory back: views off the stage let go of what
    /// they drew, so the trim returns it too (issue 47: hidden views' colour maps held 25 MB).
    void releasingMemory();

private:
    void requestFrame();
    void onFrameComputed();
    void push(Settings settings, Field field, int mergeId, const QString& text = {});

    FrameRequest frameRequest() const;

    Settings m_settings;
    unsigned m_shownViews = ~0u;
    unsigned m_requestedViews = 0; ///< the views it computes for
    /// From starting a computation to its result arriving. Not QFutureWatcher::isRunning():
    /// that learns of a just-started future only through a queued event, so a view shown in
    /// between was told its part was coming when the running request lacked it (the heatmap
    /// moved on the stage then never drew).
    bool m_computing = false;
    ViewZooms m_zooms;
    ViewPixels m_pixels;
    ViewDatas m_viewData;
    LoadedTablePtr m_table;
    QUndoStack m_undo;
    bool m_interacting = false;
    int m_interactionSerial = 0;

    FramePtr m_frame;
    /// The newest frame computed, shown or not: what the next one reuses parts from. A frame
    /// overtaken by newer settings is not shown, but its parts are whole and still true for
    /// their inputs (a huge table's heat took tens of milliseconds to read).
    FramePtr m_lastComputed;
    FramePtr reuseFrom() const;
    QFutureWatcher<FramePtr> m_watcher;
    std::atomic<std::uint64_t> m_latestGeneration{0};
    bool m_computeAgain = false;
    FrameGate m_frameGate;
    bool m_onlyWhenAsked = false;
    /// Gives the memory the frames freed back to the system once no frame has come for
    /// idleTrimMs: a pause long enough that the first frame after it, which touches those
    /// pages afresh, is not a step in the middle of a drag.
    void releaseFreedMemory();
    static constexpr int idleTrimMs = 10000;
    QTimer m_idleTrim;
    /// While frames keep coming: every peakCheckMs, freed memory goes back when malloc holds
    /// more than peakKeptBytes of it. A steady drag keeps its blocks (what one frame frees the
    /// next takes again: 15–27 MB freed at most for the stage and every view up to 8192 × 1024),
    /// and a day's use keeps no more than that beside what it uses.
    static constexpr int peakCheckMs = 5000;
    static constexpr std::size_t peakKeptBytes = std::size_t{32} << 20;
    QTimer m_peakTrim;
};

/// `spec` with max_len and d_model set to the table's rows and columns (within the window's
/// limits): the sinusoid the table's views stand beside.
core::EncodingSpec sinusoidSizedLike(core::EncodingSpec spec, const EncodingTable& table);

} // namespace pe::ui
