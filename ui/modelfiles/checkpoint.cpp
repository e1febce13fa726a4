// SPDX-License-Identifier: MIT
#include "ui/modelfiles/checkpoint.h"

#include "ui/modelfiles/ropeconfig.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QRegularExpression>

#include <cmath>

namespace pe::ui {

namespace {

class Text {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::Checkpoint)
};

/// A complaint, thrown where a file, tensor or field is wrong and caught once in open().
struct Bad {
    QString message;
};

const QString indexName = QStringLiteral("model.safetensors.index.json");
const QString singleName = QStringLiteral("model.safetensors");

QJsonObject readJsonObject(const QString& path, const QString& what)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Bad{Text::tr("%1: cannot be read (%2); %3").arg(path, file.errorString(), what)};
    // A config or an index is a few kilobytes; anything past 64 MiB is not one.
    if (file.size() > (std::int64_t(1) << 26))
        throw Bad{Text::tr("%1: %2 bytes; allowed: a JSON file of at most 64 MiB").arg(path).arg(file.size())};
    QJsonParseError error;
    const QJsonDocument json = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !json.isObject())
        throw Bad{Text::tr("%1: not a JSON object (%2 at byte %3)").arg(path, error.errorString()).arg(error.offset)};
    return json.object();
}

/// A whole number from config.json: the first of `names` present, else `fallback` (none: required).
std::optional<std::int64_t> configInteger(const QJsonObject& config, const QStringList& names, const QString& configPath,
                                          std::optional<std::int64_t> fallback = std::nullopt, bool required = true)
{
    for (const QString& name : names) {
        if (!config.contains(name))
            continue;
        const double v = config.value(name).toDouble(std::nan(""));
        if (!std::isfinite(v) || v != std::floor(v) || v < 1 || v > 1e12)
            throw Bad{Text::tr("%1: %2 is %3; allowed: a whole number from 1").arg(configPath, name, config.value(name).toVariant().toString())};
        return std::int64_t(v);
    }
    if (fallback || !required)
        return fallback;
    throw Bad{Text::tr("%1: no %2; the number of heads and the widths are read from it").arg(configPath, names.join(QStringLiteral(" or ")))};
}

double configEpsilon(const QJsonObject& config, const QString& name, double fallback, const QString& configPath)
{
    if (!config.contains(name))
        return fallback;
    const double v = config.value(name).toDouble(std::nan(""));
    if (!std::isfinite(v) || v < 0 || v > 1)
        throw Bad{Text::tr("%1: %2 is %3; allowed: 0 to 1").arg(configPath, name, config.value(name).toVariant().toString())};
    return v;
}

} // namespace

QString checkpointFamilyName(CheckpointFamily family)
{
    switch (family) {
    case CheckpointFamily::Gpt2: return QStringLiteral("GPT-2");
    case CheckpointFamily::Bert: return QStringLiteral("BERT");
    case CheckpointFamily::Llama: return Text::tr("Llama family");
    }
    return {};
}

struct Checkpoint::File {
    QString path;
    std::int64_t size = 0;
    SafetensorsHeader header;
    QFile file;
    QMutex mutex;                        ///< mapping from several threads
    QHash<QString, const uchar*> mapped; ///< each tensor mapped once, unmapped with the file
};

Checkpoint::~Checkpoint() = default;

std::variant<QStringList, QString> parseShardIndex(const QByteArray& json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return Text::tr("not a JSON object (%1 at byte %2)").arg(error.errorString()).arg(error.offset);
    const QJsonValue map = document.object().value(QStringLiteral("weight_map"));
    if (!map.isObject() || map.toObject().isEmpty())
        return Text::tr("no weight_map { \"tensor\": \"file.safetensors\", … }");
    QStringList files;
    const QJsonObject object = map.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString file = it.value().toString();
        // A shard lies beside its index: a bare file name, no folder or "..".
        if (file.isEmpty() || file.contains(QLatin1Char('/')) || file.contains(QLatin1Char('\\')) || file == QLatin1String("..")
            || file == QLatin1String("."))
            return Text::tr("weight_map names “%1” for tensor “%2”; allowed: a file name beside the index").arg(file, it.key());
        if (!files.contains(file))
            files << file;
    }
    return files;
}

std::variant<std::shared_ptr<Checkpoint>, QString> Checkpoint::open(const QString& path)
{
    std::shared_ptr<Checkpoint> checkpoint(new Checkpoint);
    try {
        const QString allowed = Text::tr("allowed: a .safetensors file with config.json beside it, or a folder holding "
                                         "model.safetensors or model.safetensors.index.json and config.json");
        const QFileInfo info(path);
        if (!info.exists())
            throw Bad{Text::tr("%1 does not exist; %2").arg(path, allowed)};
        QDir folder = info.isDir() ? QDir(info.absoluteFilePath()) : info.absoluteDir();
        checkpoint->m_path = info.absoluteFilePath();
        QString index;
        QStringList files;
        if (info.isDir()) {
            if (folder.exists(indexName))
                index = folder.filePath(indexName);
            else if (folder.exists(singleName))
                files << singleName;
            else
                throw Bad{Text::tr("%1 holds neither %2 nor %3; %4").arg(path, singleName, indexName, allowed)};
        } else if (info.fileName().endsWith(QLatin1String(".index.json"))) {
            index = info.absoluteFilePath();
        } else {
            files << info.fileName();
        }
        if (!index.isEmpty()) {
            QFile indexFile(index);
            if (!indexFile.open(QIODevice::ReadOnly) || indexFile.size() > (std::int64_t(1) << 26))
                throw Bad{Text::tr("%1: cannot be read as a shard index").arg(index)};
            const auto shards = parseShardIndex(indexFile.readAll());
            if (const auto* error = std::get_if<QString>(&shards))
                throw Bad{index + QStringLiteral(": ") + *error};
            files = std::get<QStringList>(shards);
            for (const QString& shard : std::as_const(files))
                if (!folder.exists(shard))
                    throw Bad{Text::tr("%1 names the shard %2, which is not in %3").arg(index, shard, folder.absolutePath())};
        }

        // Each file's header, checked against its size (a truncated file is refused here).
        for (const QString& name : std::as_const(files)) {
            auto file = std::make_unique<File>();
            file->path = folder.filePath(name);
            file->file.setFileName(file->path);
            if (!file->file.open(QIODevice::ReadOnly))
                throw Bad{Text::tr("%1: cannot be read (%2)").arg(file->path, file->file.errorString())};
            file->size = file->file.size();
            QByteArray head = file->file.read(8);
            const auto needed = safetensorsHeaderBytes(head, file->size);
            if (const auto* error = std::get_if<QString>(&needed))
                throw Bad{Text::tr("%1: not a safetensors file: %2").arg(file->path, *error)};
            head += file->file.read(std::get<std::int64_t>(needed) - 8);
            const auto header = parseSafetensorsHeader(head, file->size);
            if (const auto* error = std::get_if<QString>(&header))
                throw Bad{Text::tr("%1: not a safetensors file: %2").arg(file->path, *error)};
            file->header = std::get<SafetensorsHeader>(header);
            const int at = int(checkpoint->m_files.size());
            for (const SafetensorsEntry& entry : std::as_const(file->header.tensors))
                checkpoint->m_tensors.insert(entry.name, Located{at, entry});
            checkpoint->m_files.push_back(std::move(file));
        }

        const QString configPath = folder.filePath(QStringLiteral("config.json"));
        if (!QFileInfo::exists(configPath))
            throw Bad{Text::tr("%1: no config.json beside it; the number of heads and the norms' epsilon are read from it").arg(folder.absolutePath())};
        const QJsonObject config = readJsonObject(configPath, Text::tr("allowed: the model's config.json"));

        // The family, from its tensors' names (with or without the usual prefix).
        struct Marker {
            CheckpointFamily family;
            QStringList prefixes;
            QString tensor;
        };
        const Marker markers[] = {
            {CheckpointFamily::Gpt2, {QString(), QStringLiteral("transformer.")}, QStringLiteral("wpe.weight")},
            {CheckpointFamily::Bert, {QString(), QStringLiteral("bert.")}, QStringLiteral("embeddings.position_embeddings.weight")},
            {CheckpointFamily::Llama, {QStringLiteral("model."), QString()}, QStringLiteral("embed_tokens.weight")},
        };
        bool found = false;
        for (const Marker& marker : markers)
            for (const QString& prefix : marker.prefixes)
                if (!found && checkpoint->m_tensors.contains(prefix + marker.tensor)) {
                    checkpoint->m_model.family = marker.family;
                    checkpoint->m_model.prefix = prefix;
                    found = true;
                }
        if (!found)
            throw Bad{Text::tr("%1: not a checkpoint of GPT-2 (a tensor wpe.weight), BERT (embeddings.position_embeddings.weight) "
                               "or the Llama family (embed_tokens.weight), with or without a transformer., bert. or model. prefix; "
                               "it holds %2 tensors")
                          .arg(path).arg(checkpoint->m_tensors.size())};

        CheckpointModel& m = checkpoint->m_model;
        auto shapeOf = [&](const QString& name) -> QList<std::int64_t> {
            const auto it = checkpoint->m_tensors.constFind(m.prefix + name);
            if (it == checkpoint->m_tensors.constEnd())
                throw Bad{Text::tr("%1: no tensor “%2”").arg(path, m.prefix + name)};
            if (it->entry.shape.size() != 2)
                throw Bad{Text::tr("%1: tensor “%2” is %3; allowed: a matrix (2 dimensions)").arg(path, m.prefix + name, it->entry.shapeText())};
            return it->entry.shape;
        };
        auto countLayers = [&](const QString& pattern) {
            const QRegularExpression layer(QStringLiteral("^") + QRegularExpression::escape(m.prefix) + pattern);
            int layers = 0;
            for (auto it = checkpoint->m_tensors.constBegin(); it != checkpoint->m_tensors.constEnd(); ++it)
                if (const auto match = layer.match(it.key()); match.hasMatch())
                    layers = std::max(layers, match.captured(1).toInt() + 1);
            return layers;
        };
        // A config field that must agree with a tensor's size.
        auto agree = [&](const QString& field, std::int64_t fromTensor, const QString& tensor) {
            const auto given = configInteger(config, {field}, configPath, std::nullopt, false);
            if (given && *given != fromTensor)
                throw Bad{Text::tr("%1: %2 is %3, but tensor “%4” has %5; allowed: the checkpoint's own config.json")
                              .arg(configPath, field).arg(*given).arg(m.prefix + tensor).arg(fromTensor)};
        };
        auto headsDivide = [&](const QString& field) {
            if (m.hidden % m.heads != 0)
                throw Bad{Text::tr("%1: %2 is %3, which does not divide the width %4; allowed: a divisor of %4")
                              .arg(configPath, field).arg(m.heads).arg(m.hidden)};
            m.headDim = m.hidden / m.heads;
        };
        switch (m.family) {
        case CheckpointFamily::Gpt2: {
            const auto wpe = shapeOf(QStringLiteral("wpe.weight"));
            m.positions = wpe[0];
            m.hidden = int(wpe[1]);
            agree(QStringLiteral("n_embd"), m.hidden, QStringLiteral("wpe.weight"));
            agree(QStringLiteral("n_positions"), m.positions, QStringLiteral("wpe.weight"));
            m.heads = int(*configInteger(config, {QStringLiteral("n_head")}, configPath));
            headsDivide(QStringLiteral("n_head"));
            m.kvHeads = m.heads;
            m.layers = int(configInteger(config, {QStringLiteral("n_layer")}, configPath, countLayers(QStringLiteral("h\\.(\\d+)\\."))).value_or(0));
            m.eps = configEpsilon(config, QStringLiteral("layer_norm_epsilon"), 1e-5, configPath);
            break;
        }
        case CheckpointFamily::Bert: {
            const auto pos = shapeOf(QStringLiteral("embeddings.position_embeddings.weight"));
            m.positions = pos[0];
            m.hidden = int(pos[1]);
            agree(QStringLiteral("hidden_size"), m.hidden, QStringLiteral("embeddings.position_embeddings.weight"));
            agree(QStringLiteral("max_position_embeddings"), m.positions, QStringLiteral("embeddings.position_embeddings.weight"));
            m.heads = int(*configInteger(config, {QStringLiteral("num_attention_heads")}, configPath));
            headsDivide(QStringLiteral("num_attention_heads"));
            m.kvHeads = m.heads;
            m.layers = int(configInteger(config, {QStringLiteral("num_hidden_layers")}, configPath,
                                         countLayers(QStringLiteral("encoder\\.layer\\.(\\d+)\\.")))
                               .value_or(0));
            m.eps = configEpsilon(config, QStringLiteral("layer_norm_eps"), 1e-12, configPath);
            break;
        }
        case CheckpointFamily::Llama: {
            const auto embed = shapeOf(QStringLiteral("embed_tokens.weight"));
            m.hidden = int(embed[1]);
            agree(QStringLiteral("hidden_size"), m.hidden, QStringLiteral("embed_tokens.weight"));
            m.heads = int(*configInteger(config, {QStringLiteral("num_attention_heads")}, configPath));
            m.kvHeads = int(*configInteger(config, {QStringLiteral("num_key_value_heads")}, configPath, m.heads));
            if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
                throw Bad{Text::tr("%1: num_key_value_heads is %2; allowed: a divisor of num_attention_heads %3")
                              .arg(configPath).arg(m.kvHeads).arg(m.heads)};
            if (config.contains(QStringLiteral("head_dim")))
                m.headDim = int(*configInteger(config, {QStringLiteral("head_dim")}, configPath));
            else
                headsDivide(QStringLiteral("num_attention_heads"));
            m.layers = int(configInteger(config, {QStringLiteral("num_hidden_layers")}, configPath,
                                         countLayers(QStringLiteral("layers\\.(\\d+)\\.")))
                               .value_or(0));
            m.eps = configEpsilon(config, QStringLiteral("rms_norm_eps"), 1e-6, configPath);
            QFile configFile(configPath);
            configFile.open(QIODevice::ReadOnly);
            const RopeConfigResult rope = parseRopeConfig(configFile.readAll(), QFileInfo(path).fileName(), configPath);
            if (!rope.model)
                throw Bad{configPath + QStringLiteral(": ") + rope.error};
            m.rope = rope.model;
            if (m.rope->headDim != m.headDim)
                throw Bad{Text::tr("%1: the rotation's head width %2 is not the heads' %3 (hidden_size / num_attention_heads, or head_dim)")
                              .arg(configPath).arg(m.rope->headDim).arg(m.headDim)};
            m.positions = std::int64_t(m.rope->maxPositions);
            break;
        }
        }
        if (m.layers < 1)
            throw Bad{Text::tr("%1: no layers found (%2 tensors)").arg(path).arg(checkpoint->m_tensors.size())};
    } catch (const Bad& bad) {
        return bad.message;
    }
    return checkpoint;
}

QString Checkpoint::displayName() const { return QFileInfo(m_path).fileName(); }

QString Checkpoint::firstPresent(const QStringList& names) const
{
    for (const QString& name : names)
        if (m_tensors.contains(m_model.prefix + name))
            return name;
    return {};
}

std::variant<core::TensorRef, QString> Checkpoint::tensor(const QString& name, std::int64_t rows, std::int64_t columns) const
{
    const QString full = m_model.prefix + name;
    const auto it = m_tensors.constFind(full);
    if (it == m_tensors.constEnd())
        return Text::tr("%1: no tensor “%2”, which the %3 heads need").arg(m_path, full, checkpointFamilyName(m_model.family));
    const SafetensorsEntry& entry = it->entry;
    const QList<std::int64_t>& shape = entry.shape;
    const bool fits = rows == 1 ? (shape.size() == 1 && shape[0] == columns) || (shape.size() == 2 && shape[0] == 1 && shape[1] == columns)
                                : shape.size() == 2 && (rows < 0 || shape[0] == rows) && shape[1] == columns;
    if (!fits) {
        const QString expected = rows == 1 ? QString::number(columns)
                                           : (rows < 0 ? QStringLiteral("any") : QString::number(rows)) + QStringLiteral(" × ") + QString::number(columns);
        return Text::tr("%1: tensor “%2” is %3; allowed: %4, as config.json and the other tensors say").arg(m_path, full, entry.shapeText(), expected);
    }
    core::TensorRef ref;
    if (entry.dtype == QLatin1String("F32"))
        ref.type = core::TensorType::Float32;
    else if (entry.dtype == QLatin1String("F16"))
        ref.type = core::TensorType::Float16;
    else if (entry.dtype == QLatin1String("BF16"))
        ref.type = core::TensorType::BFloat16;
    else if (entry.dtype == QLatin1String("F64"))
        ref.type = core::TensorType::Float64;
    else
        return Text::tr("%1: tensor “%2” has dtype %3; allowed: F32, F16, BF16, F64").arg(m_path, full, entry.dtype);
    ref.rows = shape.size() == 1 ? 1 : shape[0];
    ref.columns = shape.back();
    File& file = *m_files[std::size_t(it->file)];
    QMutexLocker lock(&file.mutex);
    const uchar* data = file.mapped.value(full);
    if (!data && entry.end > entry.begin) {
        data = file.file.map(file.header.dataOffset + entry.begin, entry.end - entry.begin);
        if (!data)
            return Text::tr("%1: tensor “%2” cannot be mapped (%3)").arg(file.path, full, file.file.errorString());
        file.mapped.insert(full, data);
    }
    ref.data = data;
    return ref;
}

// ---- a layer's heads ---------------------------------------------------------------------

int LayerHeads::headCount() const
{
    return projected ? projected->heads : rotary ? int(rotary->queries.rows()) : 0;
}

Eigen::MatrixXd LayerHeads::scores(int head) const
{
    return projected ? core::headScores(*projected, head) : core::rotaryScores(*rotary, head, length);
}

Eigen::MatrixXd LayerHeads::attention(int head) const { return core::rowSoftmax(scores(head), causal()); }

Eigen::MatrixXd LayerHeads::kernel() const
{
    if (rotary)
        return core::rotaryKernel(*rotary, length);
    Eigen::MatrixXd kernel(length, headCount());
    for (int h = 0; h < headCount(); ++h)
        kernel.col(h) = core::offsetMeans(scores(h));
    return kernel;
}

namespace {

/// The first `length` rows of a tensor as a matrix.
Eigen::MatrixXd firstRows(const core::TensorRef& t, std::int64_t length)
{
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows(length, t.columns);
    for (std::int64_t r = 0; r < length; ++r)
        t.readRow(r, rows.row(r).data());
    return rows;
}

} // namespace

std::variant<LayerHeads, QString> readLayerHeads(const Checkpoint& checkpoint, int layer, HeadsInput input, std::int64_t length)
{
    const CheckpointModel& m = checkpoint.model();
    LayerHeads out;
    out.family = m.family;
    out.layer = layer;
    out.length = std::min<std::int64_t>(length, m.positions);
    if (out.length < 1)
        return Text::tr("--max-len %1: allowed: 1 to the model's %2 positions").arg(length).arg(m.positions);
    try {
        auto get = [&](const QString& name, std::int64_t rows, std::int64_t columns) {
            auto t = checkpoint.tensor(name, rows, columns);
            if (const auto* error = std::get_if<QString>(&t))
                throw Bad{*error};
            return std::get<core::TensorRef>(t);
        };
        const std::int64_t e = m.hidden;
        if (m.family != CheckpointFamily::Llama && layer != 0)
            return Text::tr("--layer %1: %2's scores of positions are those of layer 0, whose input is the position vectors; allowed: 0")
                .arg(layer).arg(checkpointFamilyName(m.family));
        if (layer < 0 || layer >= m.layers)
            return Text::tr("--layer %1: the model has %2 layers; allowed: 0 to %3").arg(layer).arg(m.layers).arg(m.layers - 1);
        switch (m.family) {
        case CheckpointFamily::Gpt2: {
            Eigen::MatrixXd x = firstRows(get(QStringLiteral("wpe.weight"), m.positions, e), out.length);
            if (input == HeadsInput::MeanToken)
                x.rowwise() += core::meanRow(get(QStringLiteral("wte.weight"), -1, e)).transpose();
            const Eigen::MatrixXd h = core::layerNorm(x, get(QStringLiteral("h.0.ln_1.weight"), 1, e).toVector(),
                                                      get(QStringLiteral("h.0.ln_1.bias"), 1, e).toVector(), m.eps);
            Eigen::MatrixXd qkv = core::timesTensor(h, get(QStringLiteral("h.0.attn.c_attn.weight"), e, 3 * e));
            qkv.rowwise() += get(QStringLiteral("h.0.attn.c_attn.bias"), 1, 3 * e).toVector().transpose();
            core::ProjectedHeads heads;
            heads.queries = qkv.leftCols(e);
            heads.keys = qkv.middleCols(e, e);
            heads.heads = m.heads;
            heads.headDim = m.headDim;
            heads.causal = true;
            out.projected = std::move(heads);
            break;
        }
        case CheckpointFamily::Bert: {
            Eigen::MatrixXd x = firstRows(get(QStringLiteral("embeddings.position_embeddings.weight"), m.positions, e), out.length);
            x.rowwise() += get(QStringLiteral("embeddings.token_type_embeddings.weight"), -1, e).toMatrix().row(0);
            if (input == HeadsInput::MeanToken)
                x.rowwise() += core::meanRow(get(QStringLiteral("embeddings.word_embeddings.weight"), -1, e)).transpose();
            const QString weight = checkpoint.firstPresent({QStringLiteral("embeddings.LayerNorm.weight"), QStringLiteral("embeddings.LayerNorm.gamma")});
            const QString bias = checkpoint.firstPresent({QStringLiteral("embeddings.LayerNorm.bias"), QStringLiteral("embeddings.LayerNorm.beta")});
            const Eigen::MatrixXd h = core::layerNorm(x, get(weight.isEmpty() ? QStringLiteral("embeddings.LayerNorm.weight") : weight, 1, e).toVector(),
                                                      get(bias.isEmpty() ? QStringLiteral("embeddings.LayerNorm.bias") : bias, 1, e).toVector(), m.eps);
            const QString self = QStringLiteral("encoder.layer.0.attention.self.");
            core::ProjectedHeads heads;
            heads.queries = core::timesTensorTransposed(h, get(self + QStringLiteral("query.weight"), e, e));
            heads.queries.rowwise() += get(self + QStringLiteral("query.bias"), 1, e).toVector().transpose();
            heads.keys = core::timesTensorTransposed(h, get(self + QStringLiteral("key.weight"), e, e));
            heads.keys.rowwise() += get(self + QStringLiteral("key.bias"), 1, e).toVector().transpose();
            heads.heads = m.heads;
            heads.headDim = m.headDim;
            out.projected = std::move(heads);
            break;
        }
        case CheckpointFamily::Llama: {
            auto direction = readMeanTokenDirection(checkpoint);
            if (const auto* error = std::get_if<QString>(&direction))
                return *error;
            auto rotary = readRotaryLayer(checkpoint, layer, std::get<Eigen::VectorXd>(direction));
            if (const auto* error = std::get_if<QString>(&rotary))
                return *error;
            out.rotary = std::move(std::get<core::RotaryHeads>(rotary));
            break;
        }
        }
    } catch (const Bad& bad) {
        return bad.message;
    }
    return out;
}

std::variant<Eigen::VectorXd, QString> readMeanTokenDirection(const Checkpoint& checkpoint)
{
    const CheckpointModel& m = checkpoint.model();
    auto embedding = checkpoint.tensor(QStringLiteral("embed_tokens.weight"), -1, m.hidden);
    if (const auto* error = std::get_if<QString>(&embedding))
        return *error;
    return core::meanRmsDirection(std::get<core::TensorRef>(embedding), m.eps);
}

std::variant<core::RotaryHeads, QString> readRotaryLayer(const Checkpoint& checkpoint, int layer, const Eigen::VectorXd& direction)
{
    const CheckpointModel& m = checkpoint.model();
    if (m.family != CheckpointFamily::Llama || !m.rope)
        return Text::tr("%1 rotates no pairs (the Llama family does)").arg(checkpointFamilyName(m.family));
    if (layer < 0 || layer >= m.layers)
        return Text::tr("--layer %1: the model has %2 layers; allowed: 0 to %3").arg(layer).arg(m.layers).arg(m.layers - 1);
    const std::int64_t e = m.hidden;
    const QString at = QStringLiteral("layers.%1.").arg(layer);
    auto norm = checkpoint.tensor(at + QStringLiteral("input_layernorm.weight"), 1, e);
    auto query = checkpoint.tensor(at + QStringLiteral("self_attn.q_proj.weight"), std::int64_t(m.heads) * m.headDim, e);
    auto key = checkpoint.tensor(at + QStringLiteral("self_attn.k_proj.weight"), std::int64_t(m.kvHeads) * m.headDim, e);
    for (const auto* t : {&norm, &query, &key})
        if (const auto* error = std::get_if<QString>(t))
            return *error;
    // RMSNorm's weight multiplies every normalised row: the layer's mean hidden state is the
    // vocabulary's mean direction times it.
    const Eigen::VectorXd hidden = direction.cwiseProduct(std::get<core::TensorRef>(norm).toVector());
    const core::RopeModel& rope = *m.rope;
    return core::rotaryHeads(core::matrixTimesVector(std::get<core::TensorRef>(query), hidden),
                             core::matrixTimesVector(std::get<core::TensorRef>(key), hidden), m.heads, m.kvHeads, m.headDim,
                             rope.rotaryDim, rope.pairing == core::RopePairing::Interleaved, core::ropeModelThetaOriginal(rope),
                             core::ropeModelAttentionScaling(rope));
}

} // namespace pe::ui
