// SPDX-License-Identifier: MIT
#include "ui/bandsview.h"
#include "ui/conventionsview.h"
#include "ui/embeddingsview.h"
#include "ui/figureexport.h"
#include "ui/heatmapview.h"
#include "ui/offsetview.h"
#include "ui/ropeview.h"
#include "ui/precisionview.h"
#include "ui/similarityview.h"
#include "ui/wavesview.h"

namespace pe::ui {

std::unique_ptr<PlotView> createView(View view, Document* document)
{
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
    }
    return std::make_unique<HeatmapView>(document);
}

} // namespace pe::ui
