// SPDX-License-Identifier: MIT
#include "ui/figureexport.h"
#include "ui/heatmapview.h"

#if __has_include("ui/wavesview.h")
#include "ui/wavesview.h"
#endif
#if __has_include("ui/similarityview.h")
#include "ui/similarityview.h"
#endif
#if __has_include("ui/offsetview.h")
#include "ui/offsetview.h"
#endif
#if __has_include("ui/bandsview.h")
#include "ui/bandsview.h"
#endif

namespace pe::ui {

std::unique_ptr<PlotView> createView(View view, Document* document)
{
    switch (view) {
#if __has_include("ui/wavesview.h")
    case View::Waves: return std::make_unique<WavesView>(document);
#endif
#if __has_include("ui/similarityview.h")
    case View::Similarity: return std::make_unique<SimilarityView>(document);
#endif
#if __has_include("ui/offsetview.h")
    case View::Offset: return std::make_unique<OffsetView>(document);
#endif
#if __has_include("ui/bandsview.h")
    case View::Bands: return std::make_unique<BandsView>(document);
#endif
    default: break;
    }
    return std::make_unique<HeatmapView>(document);
}

} // namespace pe::ui
