// SPDX-License-Identifier: MIT
// libFuzzer target for the checkpoint reader of the Heads view (ui/modelfiles/checkpoint.h): the
// first byte picks what the rest is: 0, a shard index (model.safetensors.index.json); 1, 2, 3, a
// model.safetensors beside a fixed config.json of GPT-2, BERT or the Llama family, opened and
// its layer 0 read over 4 positions. Beyond "no crash": a refusal says why; a shard index names
// only bare file names (nothing outside its folder); a checkpoint opened has heads that divide
// its width, and a layer read has that many heads with a score for every pair of positions.
#include "fuzzcheck.h"

#include "ui/modelfiles/checkpoint.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

namespace {

QString folderFor(int family)
{
    static QTemporaryDir root;
    static const char* configs[] = {
        R"({"model_type": "gpt2", "n_head": 2, "layer_norm_epsilon": 1e-5})",
        R"({"model_type": "bert", "num_attention_heads": 2, "layer_norm_eps": 1e-12})",
        R"({"model_type": "llama", "hidden_size": 4, "num_attention_heads": 2, "num_key_value_heads": 1, "rms_norm_eps": 1e-6, "rope_theta": 10000,
            "max_position_embeddings": 16, "num_hidden_layers": 1})",
    };
    const QString folder = root.filePath(QString::number(family));
    if (!QFileInfo::exists(folder)) {
        QDir().mkpath(folder);
        QFile config(folder + QStringLiteral("/config.json"));
        config.open(QIODevice::WriteOnly);
        config.write(configs[family]);
    }
    return folder;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1)
        return 0;
    const QByteArray bytes(reinterpret_cast<const char*>(data) + 1, static_cast<qsizetype>(size - 1));
    if (data[0] % 4 == 0) {
        const auto index = pe::ui::parseShardIndex(bytes);
        if (const auto* files = std::get_if<QStringList>(&index)) {
            PE_FUZZ_REQUIRE(!files->isEmpty(), "an index names a shard");
            for (const QString& file : *files)
                PE_FUZZ_REQUIRE(!file.isEmpty() && !file.contains(QLatin1Char('/')) && file != QLatin1String(".."), "a shard lies beside its index");
        } else {
            PE_FUZZ_REQUIRE(!std::get<QString>(index).isEmpty(), "an index refusal says why");
        }
        return 0;
    }
    const QString folder = folderFor(data[0] % 4 - 1);
    {
        QFile file(folder + QStringLiteral("/model.safetensors"));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        file.write(bytes);
    }
    const auto opened = pe::ui::Checkpoint::open(folder);
    if (const auto* error = std::get_if<QString>(&opened)) {
        PE_FUZZ_REQUIRE(!error->isEmpty(), "a checkpoint refusal says why");
        return 0;
    }
    const auto& checkpoint = *std::get<std::shared_ptr<pe::ui::Checkpoint>>(opened);
    const pe::ui::CheckpointModel& m = checkpoint.model();
    PE_FUZZ_REQUIRE(m.heads >= 1 && m.headDim >= 1 && m.layers >= 1, "a model has heads and layers");
    const auto layer = pe::ui::readLayerHeads(checkpoint, 0, pe::ui::HeadsInput::MeanToken, 4);
    if (const auto* heads = std::get_if<pe::ui::LayerHeads>(&layer)) {
        PE_FUZZ_REQUIRE(heads->headCount() == m.heads, "a layer has the model's heads");
        const Eigen::MatrixXd scores = heads->scores(m.heads - 1);
        PE_FUZZ_REQUIRE(scores.rows() == heads->length && scores.cols() == heads->length, "a score for every pair");
        PE_FUZZ_REQUIRE(heads->kernel().rows() == heads->length, "a kernel value per offset");
    } else {
        PE_FUZZ_REQUIRE(!std::get<QString>(layer).isEmpty(), "a layer refusal says why");
    }
    return 0;
}
