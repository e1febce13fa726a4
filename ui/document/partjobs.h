// SPDX-License-Identifier: MIT
#pragma once

#include "core/encoding.h"
#include "ui/state/viewcatalog.h"

#include <atomic>
#include <functional>

namespace pe::ui {

struct Frame;

/// How the part of a view that keeps its part by view (Frame::viewParts) is built, kept and
/// exported: its catalogue entry's (ViewDescription::buildPart, partReads, exportData).
struct PartBuilder {
    std::function<ViewPartPtr(const PartInputs&, const PartBefore&)> build;
    unsigned reads = 0; ///< PartInput bits: the reuse rule
    std::function<DataTable(const ViewPart&)> exportData; ///< empty: no data export
};
/// The builder of `view`'s part; nothing when the view keeps no part by view.
std::optional<PartBuilder> partBuilder(View view);
/// True when the frame keeps `view`'s part by view (Frame::viewParts).
bool keepsPartByView(View view);
/// The views that keep their part by view, a bit per View.
unsigned viewsWithOwnParts();

/// What `view` reads from a file its options name, for a command-line export or start: its
/// entry's ViewDescription::readData (the methods' T5 biases). Nothing when it reads no file there.
using ViewDataReader = std::function<std::variant<ViewDataPtr, QString>(QVariantMap& options, const QVariantMap* before)>;
std::optional<ViewDataReader> viewDataReader(View view);
/// The positions `data` (what `view` read) holds, for a command line without --max-len: its
/// entry's ViewDescription::dataLength; 0 when it has none.
std::int64_t viewDataLength(View view, const ViewData& data);

/// The parts of the views that keep their part by view and are on screen in a frame
/// (Frame::views), each shared with the frame before while the inputs it reads stay the same,
/// else built. Both frame threads take them one by one as they become free (a part's share of
/// a frame ranges from none to most of it: the spectrum's FFT, the grid's similarities).
class ViewPartJobs {
public:
    /// Sizes frame.viewParts, so that the threads write distinct elements of it.
    ViewPartJobs(Frame& frame, std::shared_ptr<const Frame> previous);
    bool empty() const { return m_views.empty(); }
    /// Builds the parts no thread has taken yet, until none is left or `stop()` says so.
    void run(const std::function<bool()>& stop);

private:
    Frame& m_frame;
    std::shared_ptr<const Frame> m_previous;
    std::vector<View> m_views;
    std::atomic<std::size_t> m_next{0};
};

/// The part of `view` for `inputs`: `before`'s part when it was built from inputs that agree
/// on everything the part reads, else a new one (which may keep some of `before`'s).
ViewPartPtr viewPart(View view, const PartInputs& inputs, const PartBefore& before = {});

} // namespace pe::ui
