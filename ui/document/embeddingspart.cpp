// SPDX-License-Identifier: MIT
#include "ui/document/embeddingspart.h"
#include "ui/state/embeddingsoptions.h"

#include <QCoreApplication>

namespace pe::ui {

QString EmbeddingsPart::problem() const
{
    if (sentence && sentence->tokens.empty())
        return QCoreApplication::translate("pe::ui::Export", "the sentence has no words; type at least one");
    return {};
}

ViewPartPtr buildEmbeddingsPart(const PartInputs& in, const PartBefore&)
{
    auto part = std::make_shared<EmbeddingsPart>();
    part->sentence = std::make_shared<const EmbeddingsData>(embeddingsData(in.spec, embeddingsOptionsFrom(in.options), in.data));
    return part;
}

core::RowMatrix embeddingsPartData(const ViewPart& viewPart)
{
    const EmbeddingsData& data = *static_cast<const EmbeddingsPart&>(viewPart).sentence;
    const core::SentenceEmbedding& e = data.embedding;
    const auto t = static_cast<Eigen::Index>(data.tokens.size());
    core::RowMatrix table(4 * t, e.word.cols());
    if (t > 0)
        table << e.word, e.position, e.segment, e.sum;
    return table;
}

} // namespace pe::ui
