// SPDX-License-Identifier: MIT
#include "ui/document/headspart.h"

#include "core/encoding.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::ui {

namespace {

class Text {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::HeadsView)
};

/// Row after row of one head's scores S[i, 0 … n−1], or its attention: computed a row at a
/// time, so that a picture of L × L cells never holds them all.
class HeadRows {
public:
    HeadRows(const LayerHeads& layer, int head, std::int64_t keys) : m_layer(layer), m_keys(keys)
    {
        if (layer.projected) {
            const core::ProjectedHeads& p = *layer.projected;
            m_queries = p.queries.middleCols(Eigen::Index(head) * p.headDim, p.headDim) / std::sqrt(double(p.headDim));
            m_keyRows = p.keys.middleCols(Eigen::Index(head) * p.headDim, p.headDim).topRows(keys);
        } else {
            // The rotation's scores depend on i − j alone: one value per offset, −(n−1) … n−1.
            m_byOffset = core::rotaryKernelByOffset(*layer.rotary, head, keys);
            m_offsetZero = keys - 1;
        }
    }
    /// A rotary head whose kernel by offset (−(keys−1) … keys−1) is already known.
    HeadRows(const LayerHeads& layer, Eigen::VectorXd byOffset, std::int64_t keys)
        : m_layer(layer), m_keys(keys), m_byOffset(std::move(byOffset)), m_offsetZero(keys - 1)
    {
    }
    /// S[i, j] for j < keys.
    void scores(std::int64_t i, Eigen::Ref<Eigen::RowVectorXd> out) const
    {
        if (m_layer.projected) {
            out.noalias() = m_queries.row(i) * m_keyRows.transpose();
            return;
        }
        for (std::int64_t j = 0; j < m_keys; ++j)
            out[j] = m_byOffset[i - j + m_offsetZero];
    }
    /// The rotation's scores by offset (index i − j + keys − 1); null for projected heads.
    const Eigen::VectorXd* byOffset() const { return m_layer.projected ? nullptr : &m_byOffset; }
    /// Row i's softmax over the keys it sees (causal: j ≤ i; 0 beyond).
    void attention(std::int64_t i, Eigen::Ref<Eigen::RowVectorXd> out) const
    {
        scores(i, out);
        const std::int64_t seen = m_layer.causal() ? std::min(i + 1, m_keys) : m_keys;
        const double largest = out.head(seen).maxCoeff();
        double sum = 0;
        for (std::int64_t j = 0; j < seen; ++j)
            sum += (out[j] = std::exp(out[j] - largest));
        out.head(seen) /= sum;
        out.tail(m_keys - seen).setZero();
    }

private:
    const LayerHeads& m_layer;
    std::int64_t m_keys;
    Eigen::MatrixXd m_queries, m_keyRows;
    Eigen::VectorXd m_byOffset;
    std::int64_t m_offsetZero = 0;
};

/// The rows and columns 0 … n−1 of a head binned to rowBins × columnBins, each bin the exact
/// mean of the cells in it (rows and columns cut as core::binStart cuts them).
Eigen::MatrixXd binnedHead(const HeadRows& rows, std::int64_t n, std::int64_t rowBins, std::int64_t columnBins, bool attention)
{
    if (!attention && rows.byOffset())
        return core::binnedToeplitz(*rows.byOffset(), n, rowBins, columnBins);
    Eigen::MatrixXd sums = Eigen::MatrixXd::Zero(rowBins, columnBins);
    Eigen::RowVectorXd row(n);
    std::vector<std::int64_t> columnBin(static_cast<std::size_t>(n));
    for (std::int64_t j = 0; j < n; ++j)
        columnBin[std::size_t(j)] = core::binOfRow(j, n, columnBins);
    for (std::int64_t i = 0; i < n; ++i) {
        attention ? rows.attention(i, row) : rows.scores(i, row);
        const std::int64_t b = core::binOfRow(i, n, rowBins);
        for (std::int64_t j = 0; j < n; ++j)
            sums(b, columnBin[std::size_t(j)]) += row[j];
    }
    for (std::int64_t b = 0; b < rowBins; ++b)
        for (std::int64_t c = 0; c < columnBins; ++c) {
            const double cells = double(core::binStart(n, rowBins, b + 1) - core::binStart(n, rowBins, b))
                * double(core::binStart(n, columnBins, c + 1) - core::binStart(n, columnBins, c));
            sums(b, c) /= cells;
        }
    return sums;
}

/// The head's summary and its mean score per offset, over its first n rows.
HeadSummary summarize(const HeadRows& rows, std::int64_t n, bool causal, Eigen::Ref<Eigen::VectorXd> offsetMeans)
{
    HeadSummary s;
    Eigen::RowVectorXd scores(n), attention(n);
    std::vector<double> diagonalSum(std::size_t(2 * n - 1), 0.0);
    std::vector<std::int64_t> diagonalCount(diagonalSum.size(), 0);
    double total = 0, squares = 0;
    std::int64_t cells = 0;
    double evenness = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        rows.scores(i, scores);
        const std::int64_t seen = causal ? i + 1 : n;
        for (std::int64_t j = 0; j < seen; ++j) {
            const std::size_t d = std::size_t(i - j + n - 1);
            diagonalSum[d] += scores[j];
            ++diagonalCount[d];
            total += scores[j];
            squares += scores[j] * scores[j];
            ++cells;
        }
        rows.attention(i, attention);
        if (i == 0)
            continue;
        s.previousToken += attention[i - 1];
        s.firstToken += attention[0];
        for (std::int64_t delta = 0; delta < HeadSummary::localReach && delta <= i; ++delta)
            s.local += attention[i - delta];
        double entropy = 0;
        for (std::int64_t j = 0; j < seen; ++j)
            if (attention[j] > 0)
                entropy -= attention[j] * std::log(attention[j]);
        evenness += entropy / std::log(double(seen));
    }
    const double queries = double(std::max<std::int64_t>(n - 1, 1));
    s.previousToken /= queries;
    s.firstToken /= queries;
    s.local /= queries;
    s.evenness = evenness / queries;
    // The variance between the diagonals' means over the whole variance (an analysis of
    // variance by offset): 1 when the offset alone decides the score.
    const double mean = total / double(cells);
    const double whole = squares - double(cells) * mean * mean;
    double between = 0;
    for (std::size_t d = 0; d < diagonalSum.size(); ++d)
        if (diagonalCount[d] > 0) {
            const double m = diagonalSum[d] / double(diagonalCount[d]);
            between += double(diagonalCount[d]) * (m - mean) * (m - mean);
        }
    s.toeplitzShare = whole > 1e-300 * double(cells) ? std::clamp(between / whole, 0.0, 1.0) : 1.0;
    for (std::int64_t delta = 0; delta < n && delta < offsetMeans.size(); ++delta)
        offsetMeans[delta] = diagonalSum[std::size_t(delta + n - 1)] / double(diagonalCount[std::size_t(delta + n - 1)]);
    using Kind = HeadSummary::Kind;
    // Evenness before locality: spread evenly over a few positions is also "within 8 keys".
    s.kind = s.previousToken >= 0.5 ? Kind::PreviousToken
           : s.firstToken >= 0.5    ? Kind::FirstToken
           : s.evenness >= 0.9      ? Kind::Uniform
           : s.local >= 0.7         ? Kind::Local
                                    : Kind::Mixed;
    return s;
}

} // namespace

QString headKindName(HeadSummary::Kind kind)
{
    switch (kind) {
    case HeadSummary::Kind::PreviousToken: return Text::tr("previous-token head");
    case HeadSummary::Kind::FirstToken: return Text::tr("first-token sink");
    case HeadSummary::Kind::Local: return Text::tr("local");
    case HeadSummary::Kind::Uniform: return Text::tr("uniform");
    case HeadSummary::Kind::Mixed: return Text::tr("mixed");
    }
    return {};
}

QString headKindEvidence(const HeadSummary& s)
{
    switch (s.kind) {
    case HeadSummary::Kind::PreviousToken: return Text::tr("%1 on the key before").arg(s.previousToken, 0, 'f', 2);
    case HeadSummary::Kind::FirstToken: return Text::tr("%1 on the first key").arg(s.firstToken, 0, 'f', 2);
    case HeadSummary::Kind::Local: return Text::tr("%1 within %2 keys").arg(s.local, 0, 'f', 2).arg(HeadSummary::localReach);
    case HeadSummary::Kind::Uniform: return Text::tr("evenness %1").arg(s.evenness, 0, 'f', 2);
    case HeadSummary::Kind::Mixed:
        return Text::tr("%1 within %2 keys, evenness %3").arg(s.local, 0, 'f', 2).arg(HeadSummary::localReach).arg(s.evenness, 0, 'f', 2);
    }
    return {};
}

QString describeHead(const HeadSummary& s)
{
    const QString numbers = Text::tr("attention on the key before %1, on the first key %2, within %3 keys %4; evenness %5; "
                                     "the offset explains %6 % of the scores")
                                .arg(s.previousToken, 0, 'f', 2).arg(s.firstToken, 0, 'f', 2).arg(HeadSummary::localReach)
                                .arg(s.local, 0, 'f', 2).arg(s.evenness, 0, 'f', 2).arg(100 * s.toeplitzShare, 0, 'f', 0);
    return headKindName(s.kind) + QStringLiteral(": ") + numbers;
}

std::variant<ViewDataPtr, QString> readNamedCheckpoint(QVariantMap& options, const QVariantMap* before)
{
    HeadsOptions o = headsOptionsFrom(options);
    if (o.checkpoint.isEmpty())
        return ViewDataPtr();
    if (before && headsOptionsFrom(*before).checkpoint == o.checkpoint)
        return ViewDataPtr(); // named before the command line: the window reads it again
    auto opened = Checkpoint::open(o.checkpoint);
    if (const auto* error = std::get_if<QString>(&opened))
        return QStringLiteral("--checkpoint: ") + *error;
    auto data = std::make_shared<CheckpointData>();
    data->checkpoint = std::get<std::shared_ptr<Checkpoint>>(opened);
    o.checkpoint = data->checkpoint->path(); // absolute: a session saved finds it from anywhere
    options = toVariantMap(o);
    return ViewDataPtr(data);
}

std::int64_t checkpointLength(const ViewData& data)
{
    const auto* c = dynamic_cast<const CheckpointData*>(&data);
    if (!c || !c->checkpoint)
        return 0;
    const CheckpointModel& m = c->checkpoint->model();
    return m.family == CheckpointFamily::Llama ? std::min<std::int64_t>(m.positions, 8192) : m.positions;
}

std::pair<int, int> HeadsPart::tileHead(int row, int column) const
{
    if (row < 0 || column < 0 || row >= tileRows || column >= tileColumns)
        return {-1, -1};
    if (tilesByLayer)
        return {row, column};
    const int head = row * tileColumns + column;
    return head < headCount() ? std::pair{layer->layer, head} : std::pair{-1, -1};
}

namespace {

/// The window reads GPT-2's and BERT's queries and keys at all of the model's positions (up to
/// this many) at once: a later max_len step then takes their first rows instead of reading again.
constexpr std::int64_t wholeModelRead = 2048;

/// Every layer's heads of a Llama-family checkpoint: one pass over the embedding, then two
/// projections per layer. A message names what is wrong.
std::variant<std::shared_ptr<const std::vector<core::RotaryHeads>>, QString> readEveryLayer(const Checkpoint& checkpoint)
{
    auto direction = readMeanTokenDirection(checkpoint);
    if (const auto* error = std::get_if<QString>(&direction))
        return *error;
    auto layers = std::make_shared<std::vector<core::RotaryHeads>>();
    for (int l = 0; l < checkpoint.model().layers; ++l) {
        auto heads = readRotaryLayer(checkpoint, l, std::get<Eigen::VectorXd>(direction));
        if (const auto* error = std::get_if<QString>(&heads))
            return *error;
        layers->push_back(std::move(std::get<core::RotaryHeads>(heads)));
    }
    return std::shared_ptr<const std::vector<core::RotaryHeads>>(std::move(layers));
}

/// The first `length` positions of what was read (the same when it holds no more).
std::shared_ptr<const LayerHeads> firstPositions(const std::shared_ptr<const LayerHeads>& source, std::int64_t length)
{
    if (!source->projected || source->length == length)
        return source;
    auto layer = std::make_shared<LayerHeads>(*source);
    layer->length = length;
    layer->projected->queries = source->projected->queries.topRows(length);
    layer->projected->keys = source->projected->keys.topRows(length);
    return layer;
}

} // namespace

ViewPartPtr buildHeadsPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<HeadsPart>();
    part->options = headsOptionsFrom(in.options);
    const HeadsOptions& o = part->options;
    const auto* data = dynamic_cast<const CheckpointData*>(in.data.get());
    if (!data || !data->checkpoint) {
        part->error = Text::tr("No checkpoint is open: File ▸ Open checkpoint… reads a GPT-2, BERT or Llama-family "
                               "model.safetensors with its config.json (--checkpoint PATH on the command line).");
        return part;
    }
    part->checkpoint = data->checkpoint;
    const CheckpointModel& m = data->checkpoint->model();
    part->length = std::min<std::int64_t>(in.spec.maxLen, m.positions);
    const std::int64_t L = part->length;
    const HeadsInput input = o.meanToken ? HeadsInput::MeanToken : HeadsInput::Positions;
    const auto* old = dynamic_cast<const HeadsPart*>(before.part.get());
    const bool sameCheckpoint = old && old->checkpoint == part->checkpoint;
    const bool everyLayer = m.family == CheckpointFamily::Llama && !in.wholeCells;
    if (everyLayer) {
        if (o.layer < 0 || o.layer >= m.layers) {
            part->error = Text::tr("--layer %1: the model has %2 layers; allowed: 0 to %3").arg(o.layer).arg(m.layers).arg(m.layers - 1);
            return part;
        }
        if (sameCheckpoint && old->everyLayer) {
            part->everyLayer = old->everyLayer;
        } else {
            auto read = readEveryLayer(*data->checkpoint);
            if (const auto* error = std::get_if<QString>(&read)) {
                part->error = *error;
                return part;
            }
            part->everyLayer = std::get<0>(read);
        }
        auto layer = std::make_shared<LayerHeads>();
        layer->family = m.family;
        layer->layer = o.layer;
        layer->length = L;
        layer->rotary = (*part->everyLayer)[std::size_t(o.layer)];
        part->source = part->layer = layer;
    } else {
        if (sameCheckpoint && old->source && old->source->layer == o.layer && old->options.meanToken == o.meanToken
            && old->source->length >= L) {
            part->source = old->source;
        } else {
            const std::int64_t read = in.wholeCells || m.positions > wholeModelRead ? L : m.positions;
            auto heads = readLayerHeads(*data->checkpoint, o.layer, input, read);
            if (const auto* error = std::get_if<QString>(&heads)) {
                part->error = *error;
                return part;
            }
            part->source = std::make_shared<const LayerHeads>(std::move(std::get<LayerHeads>(heads)));
        }
        part->layer = firstPositions(part->source, L);
    }
    const LayerHeads& layer = *part->layer;
    const int heads = layer.headCount();
    if (o.head >= heads) {
        part->error = Text::tr("--head %1: layer %2 of %3 has %4 heads; allowed: 0 to %5")
                          .arg(o.head).arg(o.layer).arg(data->checkpoint->displayName()).arg(heads).arg(heads - 1);
        return part;
    }
    if (layer.rotary)
        part->amplitudes = core::rotaryAmplitudes(*layer.rotary);
    part->mapIsAttention = o.data == HeadsExport::Attention;

    if (in.wholeCells) { // a data export: what it writes, at every cell
        switch (o.data) {
        case HeadsExport::Scores: part->map = layer.scores(o.head); break;
        case HeadsExport::Attention: part->map = layer.attention(o.head); break;
        case HeadsExport::Kernel: part->kernel = layer.kernel(); break;
        case HeadsExport::Amplitudes:
            if (!layer.rotary)
                part->error = Text::tr("--heads-data amplitudes: the amplitudes are those of the Llama family's rotated pairs; %1 has "
                                       "none (allowed: scores, attention, kernel)")
                                  .arg(checkpointFamilyName(layer.family));
            break;
        }
        return part;
    }

    // The window: the chosen head's map on its pixels (one bin per pixel, each the exact mean
    // of its cells), every head's tile, kernel and summary.
    const QSize pixels = in.pixels.isEmpty() ? QSize(512, 512) : in.pixels;
    part->map = binnedHead(HeadRows(layer, o.head, L), L, std::clamp<std::int64_t>(pixels.height(), 1, L),
                           std::clamp<std::int64_t>(pixels.width(), 1, L), part->mapIsAttention);
    const std::int64_t n = std::min(L, HeadsPart::summaryLength);
    part->tilesByLayer = everyLayer;
    part->tileColumns = everyLayer ? heads : int(std::ceil(std::sqrt(double(heads))));
    part->tileRows = everyLayer ? m.layers : (heads + part->tileColumns - 1) / part->tileColumns;
    // The tiles' square beside the map is about as large as the map: a bin per pixel, a pixel between tiles.
    const std::int64_t side = std::min(pixels.width(), pixels.height());
    part->tileBins = std::clamp<std::int64_t>(side / std::max(part->tileRows, part->tileColumns) - 1, 2, HeadsPart::largestTileBins);
    part->tileBins = std::min(part->tileBins, n);
    // What the frame before computed stays while what it came from does: the summaries and
    // kernels while the layer's heads and the first n positions are the same (a new head, new
    // pixels, a max_len step beyond n), the tiles also while their bins are (the Llama
    // family's tiles are every layer's, so a new layer keeps them too).
    const bool sameHeads = old && old->layer && old->layer->layer == layer.layer
        && (everyLayer ? old->everyLayer == part->everyLayer : old->source == part->source);
    const bool sameRows = sameHeads && std::min(old->length, HeadsPart::summaryLength) == n && !old->summaries.empty();
    const bool sameTiles = old && old->tileBins == part->tileBins && std::min(old->length, HeadsPart::summaryLength) == n
        && !old->tiles.empty() && (everyLayer ? old->everyLayer == part->everyLayer : sameRows);
    if (sameTiles)
        part->tiles = old->tiles;
    if (sameRows) {
        part->kernel = layer.rotary ? layer.kernel() : old->kernel; // the Llama family's follows L
        part->summaries = old->summaries;
    } else {
        part->kernel = layer.rotary ? layer.kernel() : Eigen::MatrixXd(Eigen::MatrixXd::Zero(n, heads));
        // The rotary heads' kernel by offset, every head at once (what the tiles compute too).
        const Eigen::MatrixXd both = layer.rotary ? core::rotaryKernelBothWays(*layer.rotary, n) : Eigen::MatrixXd();
        for (int h = 0; h < heads; ++h) {
            const HeadRows rows = layer.rotary ? HeadRows(layer, Eigen::VectorXd(both.col(h)), n) : HeadRows(layer, h, n);
            Eigen::VectorXd offsets(n);
            HeadSummary s = summarize(rows, n, layer.causal(), offsets);
            if (!layer.rotary)
                part->kernel.col(h) = offsets;
            else {
                Eigen::Index strongest = 0;
                part->amplitudes.row(h).maxCoeff(&strongest);
                s.strongestPair = int(strongest);
            }
            part->summaries.push_back(s);
        }
    }
    if (!everyLayer && !sameTiles) // each head's attention
        for (int h = 0; h < heads; ++h)
            part->tiles.push_back(binnedHead(HeadRows(layer, h, n), n, part->tileBins, part->tileBins, true));
    if (everyLayer && !sameTiles) // every layer's heads' scores
        for (const core::RotaryHeads& rotary : *part->everyLayer) {
            const Eigen::MatrixXd both = core::rotaryKernelBothWays(rotary, n);
            for (Eigen::Index h = 0; h < both.cols(); ++h)
                part->tiles.push_back(core::binnedToeplitz(both.col(h), n, part->tileBins, part->tileBins));
        }
    return part;
}

DataTable headsPartData(const ViewPart& viewPart)
{
    const auto& part = static_cast<const HeadsPart&>(viewPart);
    const int heads = part.headCount();
    QStringList names;
    core::RowMatrix table;
    switch (part.options.data) {
    case HeadsExport::Scores:
    case HeadsExport::Attention:
        table = part.map;
        for (Eigen::Index j = 0; j < table.cols(); ++j)
            names << QStringLiteral("key %1").arg(j);
        break;
    case HeadsExport::Kernel:
        table.resize(part.kernel.rows(), heads + 1);
        for (Eigen::Index d = 0; d < table.rows(); ++d)
            table(d, 0) = double(d);
        table.rightCols(heads) = part.kernel;
        names << QStringLiteral("offset");
        for (int h = 0; h < heads; ++h)
            names << QStringLiteral("head %1").arg(h);
        break;
    case HeadsExport::Amplitudes:
        table = part.amplitudes;
        for (Eigen::Index k = 0; k < table.cols(); ++k)
            names << QStringLiteral("pair %1").arg(k);
        break;
    }
    DataTable data(std::move(table));
    data.columnNames = names;
    return data;
}

} // namespace pe::ui
