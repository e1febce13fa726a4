// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/headsoptions.h"
#include "ui/state/viewpart.h"
#include "ui/modelfiles/checkpoint.h"

#include <Eigen/Core>

#include <QString>

#include <memory>
#include <variant>
#include <vector>

namespace pe::ui {

/// The checkpoint the Heads view's options name, opened (its headers and config.json read):
/// the view's data beside its options (ViewDescription::readData), used while they name it.
struct CheckpointData : ViewData {
    CheckpointPtr checkpoint;
};
using CheckpointDataPtr = std::shared_ptr<const CheckpointData>;

/// Opens the checkpoint HeadsOptions::checkpoint names (its path made absolute in `options`);
/// null when none is named or `before` named the same. A message names the path and what is wrong.
std::variant<ViewDataPtr, QString> readNamedCheckpoint(QVariantMap& options, const QVariantMap* before);
/// The positions a checkpoint's heads are scored over when no max_len is given: the model's
/// (the Llama family's at most 8192, whose scores then take 512 MiB).
std::int64_t checkpointLength(const ViewData& data);

/// What one head does with positions, over its attention's first rows (at most
/// HeadsPart::summaryLength queries): the numbers behind the word that sums it up.
struct HeadSummary {
    enum class Kind { PreviousToken, FirstToken, Local, Uniform, Mixed };
    Kind kind = Kind::Mixed;
    double previousToken = 0;  ///< mean attention of query i on key i − 1 (i ≥ 1)
    double firstToken = 0;     ///< mean attention on key 0 (queries i ≥ 1)
    double local = 0;          ///< mean attention within the last `localReach` keys (offsets 0 … localReach − 1)
    double evenness = 0;       ///< mean over queries of the attention's entropy / log(keys seen): 1 uniform
    double toeplitzShare = 0;  ///< the share of the scores' variance that the offset i − j alone explains
    int strongestPair = -1;    ///< the Llama family: the pair of largest amplitude
    static constexpr int localReach = 8;
};
QString headKindName(HeadSummary::Kind kind); ///< "previous-token head", "first-token sink", "local", "uniform", "mixed"
/// The number behind the word: "0.83 on the key before", "evenness 0.95" (translated).
QString headKindEvidence(const HeadSummary& summary);
/// "previous-token head: 0.83 of its attention on the key before" (translated).
QString describeHead(const HeadSummary& summary);

/// The Heads view's part (kept by view, built off the GUI thread): the layer's heads, the chosen
/// head's map binned to the view's pixels (exact averages of the cells in each bin), a tile per
/// head, each head's kernel over offsets and summary, and for the Llama family the amplitudes.
/// A data export's (wholeCells) holds only what the export writes.
struct HeadsPart : ViewPart {
    static constexpr std::int64_t summaryLength = 1024, largestTileBins = 64;
    QString error;
    HeadsOptions options;
    CheckpointPtr checkpoint;
    /// What was read for the checkpoint, layer and input: GPT-2 and BERT's queries and keys at
    /// (at least) L positions. Kept from frame to frame while they stay, so that a max_len step
    /// never reads the checkpoint again (a shorter L takes the first rows).
    std::shared_ptr<const LayerHeads> source;
    /// The Llama family in the window: every layer's heads (the tiles), read once per checkpoint.
    std::shared_ptr<const std::vector<core::RotaryHeads>> everyLayer;
    std::shared_ptr<const LayerHeads> layer; ///< the chosen layer over L positions
    std::int64_t length = 0;            ///< L
    Eigen::MatrixXd map;                ///< the chosen head's scores (or attention): rows × columns bins, or L × L for an export
    bool mapIsAttention = false;
    Eigen::MatrixXd kernel;             ///< L × heads: mean score per offset (the Llama family: exact)
    /// The tiles' grid: tileRows × tileColumns tiles of tileBins² bins. The Llama family: row r
    /// is layer r, column c its head c (its scores); otherwise the chosen layer's heads
    /// (their attention), row after row. tiles[r · tileColumns + c], absent past the last head.
    std::vector<Eigen::MatrixXd> tiles;
    int tileRows = 0, tileColumns = 0;
    std::int64_t tileBins = 0;
    bool tilesByLayer = false;
    Eigen::MatrixXd amplitudes;         ///< heads × pairs (the Llama family)
    std::vector<HeadSummary> summaries; ///< per head
    QString problem() const override { return error; }
    QSize bins() const override { return QSize(int(map.cols()), int(map.rows())); }
    int headCount() const { return layer ? layer->headCount() : 0; }
    /// The layer and head of the tile at (row, column); {−1, −1} where there is none.
    std::pair<int, int> tileHead(int row, int column) const;
};
inline const HeadsPart* headsPartOf(const ViewPart* part) { return dynamic_cast<const HeadsPart*>(part); }

ViewPartPtr buildHeadsPart(const PartInputs& inputs, const PartBefore& before);
/// The data export: --heads-data's matrix (HeadsOptions::data), with its columns' names.
DataTable headsPartData(const ViewPart& part);

} // namespace pe::ui
