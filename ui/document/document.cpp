// SPDX-License-Identifier: MIT
#include "ui/document/document.h"

#include "ui/document/undosteps.h"
#include "ui/document/partjobs.h"

#include "core/presets.h"

#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::ui {

namespace {

/// Gives freed memory back to the system on a thread of its own: a trim walks every arena, and
/// the window must not wait. glibc keeps what a thread frees in that thread's arena for its next
/// allocation; after minutes of large frames the arenas held 130–190 MB more than the program
/// did (tst_monkey's heap_kept_kb against heap_in_use_kb). With `keptAtMost` > 0, only when
/// malloc holds more than that freed (a peak, not a drag's blocks).
void trimOffTheWindow(std::size_t keptAtMost)
{
#ifdef __GLIBC__
    static QThreadPool* const trimmer = [] {
        auto* pool = new QThreadPool; // lives as long as the program: a trim may run at exit
        pool->setMaxThreadCount(1);
        return pool;
    }();
    if (trimmer->activeThreadCount() == 0)
        trimmer->start([keptAtMost] {
            if (keptAtMost > 0) {
                // fordblks: freed and kept in the arenas (blocks mapped on their own are
                // unmapped by free() anyway). Trimming only when more was freed than in use,
                // as before, let a soak keep 60–100 MB beside 60–96 MB in use.
                const struct mallinfo2 heap = mallinfo2();
                if (heap.fordblks <= keptAtMost)
                    return;
            }
            malloc_trim(0);
        });
#else
    (void)keptAtMost;
#endif
}

QString fieldText(Document::Field field)
{
    switch (field) {
    case Document::Field::DModel: return QObject::tr("Change d_model");
    case Document::Field::MaxLen: return QObject::tr("Change max_len");
    case Document::Field::Base: return QObject::tr("Change base");
    case Document::Field::Layout: return QObject::tr("Change layout");
    case Document::Field::Frequencies: return QObject::tr("Change frequencies");
    case Document::Field::FirstPosition: return QObject::tr("Change first position");
    case Document::Field::Position: return QObject::tr("Select position");
    case Document::Field::Dimension: return QObject::tr("Select dimension");
    case Document::Field::Offset: return QObject::tr("Change offset");
    case Document::Field::Normalize: return QObject::tr("Toggle cosine similarity");
    case Document::Field::Colormap: return QObject::tr("Change colormap");
    case Document::Field::Dims: return QObject::tr("Change wave dimensions");
    case Document::Field::Band: return QObject::tr("Select band");
    case Document::Field::Selection: return QObject::tr("Select cell");
    case Document::Field::Comparison: return QObject::tr("Change compared convention");
    case Document::Field::Precision: return QObject::tr("Change precision");
    case Document::Field::ViewOptions: return QObject::tr("Change a view's options");
    case Document::Field::TableScale: return QObject::tr("Change the table's colour scale");
    case Document::Field::TableSize: return QObject::tr("Size the sinusoid like the table");
    case Document::Field::Preset: return QObject::tr("Choose library preset");
    case Document::Field::All: return QObject::tr("Reset to defaults");
    case Document::Field::Session: return QObject::tr("Open session");
    }
    return {};
}

} // namespace

Document::Document(QObject* parent, unsigned shownViews)
    : QObject(parent)
    , m_shownViews(shownViews)
{
    freezeViewCatalog(); // frames read it from other threads from now on
    m_settings.state.dimension = 4;
    // A long day's edits stay in memory without end otherwise (the soak: about 9,000 steps in
    // three minutes of the monkey, and resident memory grew with them); 5,000 steps back is
    // more than anyone undoes, and a slider drag is one step.
    m_undo.setUndoLimit(undoLimit);
    connect(&m_watcher, &QFutureWatcher<FramePtr>::finished, this, &Document::onFrameComputed);
    // Once the frames stop for ten seconds, what the frame threads freed goes back to the
    // system (releaseFreedMemory).
    m_idleTrim.setSingleShot(true);
    m_idleTrim.setInterval(idleTrimMs);
    connect(&m_idleTrim, &QTimer::timeout, this, &Document::releaseFreedMemory);
    // A one-off peak (a million rows in several views at once) otherwise stayed resident for
    // the rest of a busy day: the soak once rose 100 MB in a minute and kept it (issue 47).
    m_peakTrim.setTimerType(Qt::VeryCoarseTimer);
    m_peakTrim.setInterval(peakCheckMs);
    connect(&m_peakTrim, &QTimer::timeout, this, [] { trimOffTheWindow(peakKeptBytes); });
    m_peakTrim.start();
    requestFrame();
}

Document::~Document()
{
    m_latestGeneration = ~std::uint64_t{0}; // tells a running computation to stop early
    m_watcher.waitForFinished();
}

bool Document::isFrameCurrent() const
{
    return m_frame && m_frame->generation == m_latestGeneration.load() && !m_computing;
}

Settings Document::sanitized(Settings s)
{
    // The window's limits, tighter than the core's: what the views can draw at frame rate.
    using L = WindowLimits;
    auto& spec = s.spec;
    spec.dModel = std::clamp(spec.dModel, 1, L::maxDModel);
    spec.maxLen = std::clamp<std::int64_t>(spec.maxLen, 1, L::maxMaxLen);
    if (!std::isfinite(spec.base))
        spec.base = 10000.0;
    spec.base = std::clamp(spec.base, L::minBase, L::maxBase);
    spec.firstPosition = std::clamp<std::int64_t>(spec.firstPosition, 0, L::maxFirstPosition);
    if (spec.layout != core::Layout::Interleaved && spec.layout != core::Layout::Split)
        spec.layout = core::Layout::Interleaved;
    if (spec.frequencies != core::FrequencyRule::Paper && spec.frequencies != core::FrequencyRule::Tensor2Tensor)
        spec.frequencies = core::FrequencyRule::Paper;
    auto& st = s.state;
    st.position = std::clamp<std::int64_t>(st.position, 0, spec.maxLen - 1);
    st.dimension = std::clamp(st.dimension, 0, spec.dModel - 1);
    const std::int64_t lowestOffset = -(spec.firstPosition + st.position);
    st.offset = std::clamp<std::int64_t>(st.offset, lowestOffset, core::SpecLimits::maxFirstPosition);
    // Dimensions beyond d_model stay in the list (views skip them), so that a d_model drag
    // through small values brings the chosen waves back; only negatives are dropped.
    st.dims.removeIf([](int dim) { return dim < 0; });
    const int pairs = core::pairCount(spec);
    if (st.bandFirst >= pairs || st.bandLast < 0 || st.bandFirst > st.bandLast)
        st.bandFirst = st.bandLast = -1;
    else {
        st.bandFirst = std::max(st.bandFirst, 0);
        st.bandLast = std::min(st.bandLast, pairs - 1);
    }
    if (!colormapNames().contains(st.colormap))
        st.colormap = colormapNames().front();
    if (static_cast<unsigned>(st.comparison) > static_cast<unsigned>(core::Comparison::ShiftedCosine))
        st.comparison = core::Comparison::Layout;
    if (static_cast<unsigned>(st.format) > static_cast<unsigned>(core::NumberFormat::Float16))
        st.format = core::NumberFormat::Float32;
    if (st.precisionMode != core::PrecisionMode::Stored && st.precisionMode != core::PrecisionMode::Computed)
        st.precisionMode = core::PrecisionMode::Computed;
    for (auto held = st.options.begin(); held != st.options.end();) {
        if (const std::optional<View> view = parseView(held.key()); view && hasOwnOptions(*view)) {
            held.value() = validViewOptions(*view, held.value());
            ++held;
        } else {
            held = st.options.erase(held); // no view keeps these
        }
    }
    return s;
}

void Document::change(Settings settings, Field field)
{
    settings = sanitized(std::move(settings));
    if (settings == m_settings)
        return;
    // Outside an interaction every change is its own step: a fresh merge id each time.
    const int mergeId = m_interacting ? (m_interactionSerial << 5) + static_cast<int>(field)
                                       : -1;
    push(std::move(settings), field, mergeId);
}

void Document::stepAnimation(Field field, std::int64_t value, int run)
{
    Settings s = m_settings;
    if (field == Field::Offset)
        s.state.offset = value;
    else
        s.state.position = value;
    // Same scheme as an interaction's merge id: runs and interactions share one serial.
    push(std::move(s), field, (run << 5) + static_cast<int>(field));
}

void Document::push(Settings settings, Field field, int mergeId, const QString& text)
{
    settings = sanitized(std::move(settings));
    if (settings == m_settings)
        return;
    m_undo.push(new ChangeSettingsCommand(this, m_settings, settings, mergeId, text.isEmpty() ? fieldText(field) : text));
    boundUndoBytes(m_undo, undoByteBudget);
}

std::size_t Document::undoHistoryBytes() const { return pe::ui::undoHistoryBytes(m_undo); }

void Document::apply(const Settings& settings)
{
    const Settings valid = sanitized(settings);
    if (valid == m_settings)
        return;
    Changes what = changesBetween(m_settings, valid);
    // A new matrix starts fully zoomed out (the views' ViewDescription::zoomOutWhen). A table
    // shown is the same whatever the spec (sizing the sinusoid like it, say): it stays where it
    // was zoomed to.
    for (const ViewDescription& d : viewCatalog())
        if (((what & Change::Spec) && !m_table && (d.zoomOutWhen & PartInput::Spec))
            || ((what & Change::WaveDims) && (d.zoomOutWhen & PartInput::Dims))) {
            m_zooms.set(d.view, {});
            what |= Change::Zoom;
        }
    m_settings = valid;
    // The frame first: its threads compute while the controls and the formula answer the
    // change here (a few ms of text layout a slider step, which came before the frame began).
    requestFrame();
    emit changed(what);
}

void Document::beginInteraction()
{
    m_interacting = true;
    ++m_interactionSerial;
}

void Document::endInteraction()
{
    m_interacting = false;
}

void Document::setDModel(int dModel) { Settings s = m_settings; s.spec.dModel = dModel; change(s, Field::DModel); }
void Document::setMaxLen(std::int64_t maxLen) { Settings s = m_settings; s.spec.maxLen = maxLen; change(s, Field::MaxLen); }
void Document::setBase(double base) { Settings s = m_settings; s.spec.base = base; change(s, Field::Base); }
void Document::setLayout(core::Layout layout) { Settings s = m_settings; s.spec.layout = layout; change(s, Field::Layout); }
void Document::setFrequencies(core::FrequencyRule rule) { Settings s = m_settings; s.spec.frequencies = rule; change(s, Field::Frequencies); }
void Document::setFirstPosition(std::int64_t first) { Settings s = m_settings; s.spec.firstPosition = first; change(s, Field::FirstPosition); }
void Document::setPreset(const QString& name)
{
    const core::EncodingPreset* preset = core::findPreset(name.toStdString());
    if (!preset)
        return;
    Settings s = m_settings;
    s.spec = core::withPreset(s.spec, *preset);
    change(s, Field::Preset);
}

void Document::selectPosition(std::int64_t row) { Settings s = m_settings; s.state.position = row; change(s, Field::Position); }
void Document::selectDimension(int column) { Settings s = m_settings; s.state.dimension = column; change(s, Field::Dimension); }
void Document::setOffset(std::int64_t offset) { Settings s = m_settings; s.state.offset = offset; change(s, Field::Offset); }
void Document::setNormalize(bool normalize) { Settings s = m_settings; s.state.normalize = normalize; change(s, Field::Normalize); }
void Document::setColormap(const QString& name) { Settings s = m_settings; s.state.colormap = name; change(s, Field::Colormap); }
void Document::setWaveDims(const QList<int>& dims) { Settings s = m_settings; s.state.dims = dims; change(s, Field::Dims); }

void Document::selectCell(std::int64_t row, int column)
{
    Settings s = m_settings;
    s.state.position = row;
    s.state.dimension = column;
    change(s, Field::Selection);
}

void Document::selectBand(int firstPair, int lastPair)
{
    Settings s = m_settings;
    s.state.bandFirst = std::min(firstPair, lastPair);
    s.state.bandLast = std::max(firstPair, lastPair);
    change(s, Field::Band);
}

void Document::setComparison(core::Comparison comparison)
{
    Settings s = m_settings;
    s.state.comparison = comparison;
    change(s, Field::Comparison);
}

void Document::setNumberFormat(core::NumberFormat format)
{
    Settings s = m_settings;
    s.state.format = format;
    change(s, Field::Precision);
}

void Document::setPrecisionMode(core::PrecisionMode mode)
{
    Settings s = m_settings;
    s.state.precisionMode = mode;
    change(s, Field::Precision);
}

void Document::setViewOptions(View view, const QVariantMap& options)
{
    if (!hasOwnOptions(view))
        return;
    Settings s = m_settings;
    s.state.setOptionsOf(view, options);
    // As change() does (push() makes it valid and drops a change to nothing), with the view
    // named in the undo step ("Undo Change Grid options") and in the merge id: two views'
    // options changed in one interaction are two steps.
    const int mergeId = m_interacting
        ? (m_interactionSerial << 10) + (static_cast<int>(view) << 5) + static_cast<int>(Field::ViewOptions) : -1;
    push(std::move(s), Field::ViewOptions, mergeId, tr("Change %1 options").arg(viewTitle(view)));
}

void Document::setViewData(View view, ViewDataPtr data)
{
    if (!m_viewData.set(view, std::move(data)))
        return;
    emit changed(Change::ViewOptions);
    requestFrame();
}

void Document::setTableDataRange(bool dataRange)
{
    Settings s = m_settings;
    s.state.tableDataRange = dataRange;
    change(s, Field::TableScale);
}

void Document::setTable(LoadedTablePtr table)
{
    if (table == m_table)
        return;
    // The table a preview's pass gave keeps where the preview was zoomed to.
    const bool sameFile = m_table && table && m_table->table == table->table;
    m_table = std::move(table);
    if (sameFile) {
        emit changed(Change::Table);
        requestFrame();
        return;
    }
    // A new matrix starts zoomed out (its pixels stay), and so do the waves.
    for (const ViewDescription& d : viewCatalog())
        if (d.zoomOutWhen & PartInput::Table)
            m_zooms.set(d.view, {});
    emit changed(Change::Table | Change::Zoom);
    requestFrame();
}

void Document::sizeLikeTable()
{
    if (!m_table)
        return;
    Settings s = m_settings;
    s.spec = sinusoidSizedLike(s.spec, *m_table->table);
    change(s, Field::TableSize);
}

core::EncodingSpec sinusoidSizedLike(core::EncodingSpec spec, const EncodingTable& table)
{
    using L = WindowLimits;
    spec.maxLen = std::clamp<std::int64_t>(table.rows(), 1, L::maxMaxLen);
    spec.dModel = static_cast<int>(std::clamp<std::int64_t>(table.columns(), 1, L::maxDModel));
    return spec;
}

void Document::resetToDefaults()
{
    change(Settings{}, Field::All); // the RoPE and embeddings options with the rest
}

void Document::setZoom(View view, ViewZoom zoom)
{
    if (!m_zooms.set(view, zoom))
        return;
    requestFrame();
}

void Document::setPixels(View view, QSize pixels)
{
    if (!m_pixels.set(view, pixels))
        return;
    requestFrame();
}

void Document::computeNow()
{
    ++m_latestGeneration; // a running computation is stale now: let it stop early
    m_watcher.waitForFinished();
    m_computing = false; // its result is superseded by the one computed here
    m_computeAgain = false;
    const std::uint64_t generation = ++m_latestGeneration;
    FramePtr frame = buildFrame(frameRequest(), generation, reuseFrom(), m_latestGeneration);
    if (!frame)
        return;
    m_frame = std::move(frame);
    emit frameReady();
}

void Document::releaseFreedMemory()
{
    emit releasingMemory();
    trimOffTheWindow(0);
}

void Document::setShownViews(unsigned views)
{
    if (views == m_shownViews)
        return;
    m_shownViews = views;
    // A view just shown whose part the newest frame (or the one being computed) lacks.
    const unsigned ownParts = viewsWithOwnParts() & views;
    const unsigned haveOwn = m_computing ? m_requestedViews : (m_frame ? m_frame->views : 0u);
    if ((ownParts & haveOwn) != ownParts)
        requestFrame();
}

void Document::setViewShown(View view, bool shown)
{
    setShownViews(shown ? m_shownViews | viewBit(view) : m_shownViews & ~viewBit(view));
}

void Document::requestFrame()
{
    const std::uint64_t generation = ++m_latestGeneration;
    if (m_onlyWhenAsked)
        return; // stale until computeNow
    if (m_computing) {
        m_computeAgain = true; // the running one is now stale; start the newest when it ends
        return;
    }
    m_computeAgain = false;
    m_requestedViews = m_shownViews;
    m_computing = true;
    m_watcher.setFuture(QtConcurrent::run([gate = m_frameGate, request = frameRequest(), generation, previous = reuseFrom(),
                                           &latest = m_latestGeneration] {
        if (gate)
            gate(request);
        return buildFrame(request, generation, previous, latest);
    }));
}

FrameRequest Document::frameRequest() const
{
    return {m_settings.spec, m_settings.state, m_zooms, m_pixels, m_viewData,
            m_table, m_shownViews};
}

FramePtr Document::reuseFrom() const
{
    return m_lastComputed && (!m_frame || m_lastComputed->generation > m_frame->generation) ? m_lastComputed : m_frame;
}

void Document::onFrameComputed()
{
    m_computing = false;
    FramePtr frame = m_watcher.result();
    if (frame)
        m_lastComputed = frame;
    if (m_computeAgain) {
        // Settings moved on while computing: never show the stale frame, compute the newest.
        requestFrame();
        return;
    }
    if (!frame || frame->generation != m_latestGeneration.load())
        return; // superseded, or computeNow() already delivered a newer one
    m_frame = std::move(frame);
    emit frameReady();
    // Not while frames keep coming: pages given back are touched afresh by the next frame's
    // allocations (slow here), and the slider paid for it (docs/performance.md, stop 47).
    m_idleTrim.start();
}

} // namespace pe::ui
