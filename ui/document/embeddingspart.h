// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/frame.h"
#include "ui/document/embeddingsdata.h"
#include "ui/state/embeddingsoptions.h"

namespace pe::ui {

/// The embeddings view's part of the frame, kept by view (Frame::viewParts): the embeddings of
/// its options' sentence (EmbeddingsOptions, by key), from the word vectors read for them when the
/// options name their file, else pseudo-random ones. Its data export is the same numbers.
struct EmbeddingsPart : ViewPart {
    std::shared_ptr<const EmbeddingsData> sentence;
    /// An empty sentence has nothing to export (the view shows its empty panels).
    QString problem() const override;
};

/// The embeddings view's part in `frame`; null when not computed.
inline const EmbeddingsPart* embeddingsPart(const Frame& frame) { return frame.partOf<EmbeddingsPart>(views::embeddings); }

/// Builds the part from the spec, the options and the word vectors.
ViewPartPtr buildEmbeddingsPart(const PartInputs& inputs, const PartBefore& before);
/// The data export's table (4·tokens, d_model): the word embeddings (× √d when on), then the
/// positional encodings, the segment embeddings (zeros when off) and the sums, token by token.
core::RowMatrix embeddingsPartData(const ViewPart& part);

} // namespace pe::ui
