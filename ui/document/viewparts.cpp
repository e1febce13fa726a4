// SPDX-License-Identifier: MIT
#include "ui/document/viewparts.h"

#include "ui/document/frame.h"
#include "ui/document/bandspart.h"
#include "ui/document/conventionspart.h"
#include "ui/document/embeddingspart.h"
#include "ui/document/gridpart.h"
#include "ui/document/heatpart.h"
#include "ui/document/methodspart.h"
#include "ui/document/precisionpart.h"
#include "ui/document/ropepart.h"
#include "ui/document/similaritypart.h"
#include "ui/document/offsetpart.h"
#include "ui/document/spectrumpart.h"
#include "ui/document/wavespart.h"

#include <algorithm>
#include <optional>

namespace pe::ui {

namespace {

/// The built-in views whose part the frame keeps by view.
const std::vector<std::pair<View, PartBuilder>>& builtInParts()
{
    static const std::vector<std::pair<View, PartBuilder>> parts{
        {View::Heatmap, {buildHeatPart, PartInput::Spec | PartInput::Table | PartInput::Pixels | PartInput::Zoom, heatPartData}},
        {View::Grid, {buildGridPart, PartInput::Spec | PartInput::Options | PartInput::Pixels | PartInput::Table, gridPartData}},
        {View::Similarity, {buildSimilarityPart, PartInput::Spec | PartInput::Pixels | PartInput::Table | PartInput::Normalize
                                | PartInput::Position, similarityPartData}},
        {View::Bands, {buildBandsPart, PartInput::Spec | PartInput::Format, bandsPartData}},
        {View::Rope, {buildRopePart, PartInput::Spec | PartInput::Options | PartInput::Position | PartInput::Offset, ropePartData}},
        {View::Conventions, {buildConventionsPart, PartInput::Spec | PartInput::Pixels | PartInput::Table | PartInput::Comparison
                                 | PartInput::Position | PartInput::Offset, conventionsPartData}},
        {View::Offset, {buildOffsetPart, PartInput::Spec | PartInput::Position | PartInput::Offset, offsetPartData}},
        {View::Precision, {buildPrecisionPart, PartInput::Spec | PartInput::Pixels | PartInput::Table | PartInput::Format
                               | PartInput::PrecisionMode, precisionPartData}},
        {View::Waves, {buildWavesPart, PartInput::Spec | PartInput::Table | PartInput::Dims | PartInput::Zoom, wavesPartData}},
        {View::Embeddings, {buildEmbeddingsPart, PartInput::Spec | PartInput::Options | PartInput::Data, embeddingsPartData}},
        {View::Methods, {buildMethodsPart, PartInput::Spec | PartInput::Pixels | PartInput::Zoom | PartInput::Table
                             | PartInput::Options | PartInput::Data, methodsPartData}},
        {View::Spectrum, {buildSpectrumPart, PartInput::Spec | PartInput::Pixels | PartInput::Table, spectrumPartData}},
    };
    return parts;
}

} // namespace

std::optional<ViewDataReader> viewDataReader(View view)
{
    if (const ViewDescription& d = describeView(view); d.readData && d.view == view)
        return d.readData;
    if (view == View::Methods)
        return ViewDataReader(readNamedT5Biases);
    return std::nullopt;
}

std::optional<PartBuilder> partBuilder(View view)
{
    if (const ViewDescription& d = describeView(view); d.buildPart && d.view == view)
        return PartBuilder{d.buildPart, d.partReads, d.exportData};
    for (const auto& [builtIn, builder] : builtInParts())
        if (builtIn == view)
            return builder;
    return std::nullopt;
}

bool keepsPartByView(View view)
{
    if (describeView(view).buildPart && describeView(view).view == view)
        return true;
    return std::ranges::any_of(builtInParts(), [view](const auto& builtIn) { return builtIn.first == view; });
}

unsigned viewsWithOwnParts()
{
    unsigned views = 0;
    for (const ViewDescription& d : viewCatalog())
        if (keepsPartByView(d.view))
            views |= 1u << static_cast<unsigned>(d.view);
    return views;
}

ViewPartPtr viewPart(View view, const PartInputs& inputs, const PartBefore& before)
{
    const std::optional<PartBuilder> builder = partBuilder(view);
    if (!builder)
        return nullptr;
    if (before.part && samePartInputs(builder->reads, before.inputs, inputs))
        return before.part;
    return builder->build(inputs, before);
}

ViewPartJobs::ViewPartJobs(Frame& frame, std::shared_ptr<const Frame> previous)
    : m_frame(frame), m_previous(std::move(previous))
{
    const unsigned wanted = viewsWithOwnParts() & frame.views;
    // The largest parts first, one for each thread (the methods' matrix at a million positions,
    // the heatmap's bins), so that neither is left for the end of the frame; then the catalogue's order.
    for (View first : {View::Methods, View::Heatmap})
        if (wanted & viewBit(first))
            m_views.push_back(first);
    for (const ViewDescription& d : viewCatalog())
        if ((wanted & viewBit(d.view)) && d.view != View::Methods && d.view != View::Heatmap)
            m_views.push_back(d.view);
    for (View view : m_views)
        frame.viewParts.resize(std::max(frame.viewParts.size(), static_cast<std::size_t>(view) + 1));
}

void ViewPartJobs::run(const std::function<bool()>& stop)
{
    for (std::size_t i = m_next++; i < m_views.size() && !stop(); i = m_next++) {
        const View view = m_views[i];
        const ViewPartPtr before = m_previous ? m_previous->partPointer(view) : nullptr;
        m_frame.viewParts[static_cast<std::size_t>(view)]
            = viewPart(view, m_frame.partInputs(view), before ? PartBefore{before, m_previous->partInputs(view)} : PartBefore{});
    }
}

} // namespace pe::ui
