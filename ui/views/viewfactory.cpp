// SPDX-License-Identifier: MIT
#include "ui/views/viewfactory.h"

#include "ui/views/bandsview.h"
#include "ui/views/conventionsview.h"
#include "ui/views/embeddingsview.h"
#include "ui/views/gridview.h"
#include "ui/views/heatmapview.h"
#include "ui/views/methodsview.h"
#include "ui/views/spectrumview.h"
#include "ui/views/offsetview.h"
#include "ui/views/precisionview.h"
#include "ui/views/ropeview.h"
#include "ui/views/similarityview.h"
#include "ui/views/wavesview.h"

namespace pe::ui {

std::unique_ptr<PlotView> createView(View view, Document* document)
{
    if (const ViewDescription& added = describeView(view); added.create) // a view added at run time
        return added.create(document);
    switch (view) {
    case View::Heatmap: return std::make_unique<HeatmapView>(document);
    case View::Waves: return std::make_unique<WavesView>(document);
    case View::Similarity: return std::make_unique<SimilarityView>(document);
    case View::Offset: return std::make_unique<OffsetView>(document);
    case View::Bands: return std::make_unique<BandsView>(document);
    case View::Rope: return std::make_unique<RopeView>(document);
    case View::Conventions: return std::make_unique<ConventionsView>(document);
    case View::Precision: return std::make_unique<PrecisionView>(document);
    case View::Embeddings: return std::make_unique<EmbeddingsView>(document);
    case View::Methods: return std::make_unique<MethodsView>(document);
    case View::Spectrum: return std::make_unique<SpectrumView>(document);
    case View::Grid: return std::make_unique<GridView>(document);
    }
    return std::make_unique<HeatmapView>(document);
}

void registerViews()
{
    static const bool registered = [] {
        // One addView(…Entry()) per view that brings its own entry, in the order of the bar.
        return true;
    }();
    (void)registered;
}

} // namespace pe::ui
