// SPDX-License-Identifier: MIT
#include "ui/modelfiles/ropeconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace pe::ui {

namespace {

/// The reader's complaint: thrown where a field is wrong, caught once in parseRopeConfig.
struct BadField {
    QString message;
};

QString number(double v)
{
    return QString::number(v, 'g', 12);
}

QString shown(const QJsonValue& v)
{
    if (v.isString())
        return QLatin1Char('"') + v.toString().left(60) + QLatin1Char('"');
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isArray())
        return QStringLiteral("a list");
    if (v.isObject())
        return QStringLiteral("an object");
    return QStringLiteral("null");
}

/// Reads the fields of one config object; `prefix` names where they are for the messages.
class Fields {
public:
    Fields(const QJsonObject& object, QString prefix) : m_object(object), m_prefix(std::move(prefix)) {}

    bool has(const char* key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        return !v.isUndefined() && !v.isNull();
    }
    QString name(const char* key) const { return m_prefix + QLatin1String(key); }

    /// A number, or nothing when absent or null; anything else is refused.
    std::optional<double> number(const char* key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (!v.isDouble())
            throw BadField{QStringLiteral("%1 = %2 is not a number").arg(name(key), shown(v))};
        return v.toDouble();
    }
    /// A positive whole number.
    std::optional<int> count(const char* key) const
    {
        const auto v = number(key);
        if (!v)
            return std::nullopt;
        if (!(*v >= 1) || *v > 1e9 || std::floor(*v) != *v)
            throw BadField{QStringLiteral("%1 = %2 is not allowed; allowed: a whole number from 1 to 1000000000").arg(name(key), ui::number(*v))};
        return static_cast<int>(*v);
    }
    std::optional<QString> text(const char* key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (!v.isString())
            throw BadField{QStringLiteral("%1 = %2 is not a string").arg(name(key), shown(v))};
        return v.toString();
    }
    std::optional<bool> flag(const char* key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (!v.isBool())
            throw BadField{QStringLiteral("%1 = %2 is not allowed; allowed: true or false").arg(name(key), shown(v))};
        return v.toBool();
    }
    std::vector<double> numbers(const char* key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return {};
        if (!v.isArray())
            throw BadField{QStringLiteral("%1 = %2 is not allowed; allowed: a list of numbers").arg(name(key), shown(v))};
        std::vector<double> out;
        const QJsonArray array = v.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isDouble())
                throw BadField{QStringLiteral("%1[%2] = %3 is not a number").arg(name(key)).arg(i).arg(shown(array.at(i)))};
            out.push_back(array.at(i).toDouble());
        }
        return out;
    }
    std::optional<QJsonObject> object(const char* key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (!v.isObject())
            throw BadField{QStringLiteral("%1 = %2 is not allowed; allowed: an object or null").arg(name(key), shown(v))};
        return v.toObject();
    }

private:
    QJsonObject m_object;
    QString m_prefix;
};

core::RopeModel readModel(const QJsonObject& root)
{
    // A multimodal config (Gemma 3, LLaVA) keeps its language model's fields in text_config.
    QJsonObject object = root;
    if (!root.contains(QLatin1String("num_attention_heads")) && !root.contains(QLatin1String("n_head"))
        && root.value(QLatin1String("text_config")).isObject())
        object = root.value(QLatin1String("text_config")).toObject();
    const bool nested = object != root;
    const Fields top(object, nested ? QStringLiteral("text_config.") : QString());
    core::RopeModel m;
    std::vector<std::string> used;
    const auto use = [&](const QString& line) { used.push_back(line.toStdString()); };
    const QString modelType = top.text("model_type").value_or(QString());

    // The head: head_dim, else hidden_size / num_attention_heads (GPT-J: n_embd / n_head);
    // DeepSeek rotates qk_rope_head_dim components of each head (Hugging Face's head_dim there).
    if (const auto rope = top.count("qk_rope_head_dim")) {
        m.headDim = *rope;
        use(QStringLiteral("qk_rope_head_dim = %1 (the rotated part of each head)").arg(*rope));
    } else if (const auto head = top.count("head_dim")) {
        m.headDim = *head;
        use(QStringLiteral("head_dim = %1").arg(*head));
    } else {
        const char* widthKey = top.has("hidden_size") ? "hidden_size" : "n_embd";
        const char* headsKey = top.has("num_attention_heads") ? "num_attention_heads" : "n_head";
        const auto width = top.count(widthKey), heads = top.count(headsKey);
        if (!width || !heads)
            throw BadField{QStringLiteral("no head dimension: the config has neither head_dim nor hidden_size and num_attention_heads "
                                          "(n_embd and n_head for GPT-J)")};
        m.headDim = *width / *heads; // Hugging Face: hidden_size // num_attention_heads
        use(QStringLiteral("head dimension = %1 / %2 = %3 (%4 / %5)").arg(*width).arg(*heads).arg(m.headDim)
                .arg(QLatin1String(widthKey), QLatin1String(headsKey)));
    }
    m.rotaryDim = m.headDim;

    // rope_scaling (Transformers 4) or rope_parameters (Transformers 5, possibly per layer type).
    std::optional<QJsonObject> scaling = top.object("rope_scaling");
    QString scalingName = QStringLiteral("rope_scaling.");
    if (!scaling) {
        if (const auto parameters = top.object("rope_parameters")) {
            scalingName = QStringLiteral("rope_parameters.");
            scaling = parameters;
            if (parameters->value(QLatin1String("full_attention")).isObject()) {
                scaling = parameters->value(QLatin1String("full_attention")).toObject();
                scalingName = QStringLiteral("rope_parameters.full_attention.");
                const Fields sliding(parameters->value(QLatin1String("sliding_attention")).toObject(),
                                     QStringLiteral("rope_parameters.sliding_attention."));
                if (const auto local = sliding.number("rope_theta")) {
                    m.localBase = *local;
                    use(QStringLiteral("rope_parameters.sliding_attention.rope_theta = %1 (local layers)").arg(number(*local)));
                }
            }
        }
    }
    if (nested)
        scalingName.prepend(QStringLiteral("text_config."));
    const Fields rope(scaling.value_or(QJsonObject()), scalingName);

    // The rotated part: rotary_dim (GPT-J), partial_rotary_factor, rotary_pct (GPT-NeoX).
    if (const auto rotary = top.count("rotary_dim")) {
        m.rotaryDim = *rotary;
        use(QStringLiteral("rotary_dim = %1").arg(*rotary));
    } else {
        const char* key = top.has("partial_rotary_factor") ? "partial_rotary_factor" : "rotary_pct";
        std::optional<double> fraction = top.number(key);
        QString where = top.name(key);
        if (!fraction && rope.has("partial_rotary_factor")) {
            fraction = rope.number("partial_rotary_factor");
            where = rope.name("partial_rotary_factor");
        }
        if (fraction) {
            if (!(*fraction > 0.0) || *fraction > 1.0)
                throw BadField{QStringLiteral("%1 = %2 is not allowed; allowed: above 0, at most 1").arg(where, number(*fraction))};
            m.rotaryDim = static_cast<int>(m.headDim * *fraction); // Hugging Face: int(head_dim * factor)
            use(QStringLiteral("%1 = %2: %3 of %4 components rotated").arg(where, number(*fraction)).arg(m.rotaryDim).arg(m.headDim));
        }
    }

    // The base: rope_theta (also inside rope_parameters), GPT-NeoX's rotary_emb_base, else 10000.
    if (const auto theta = top.number("rope_theta")) {
        m.base = *theta;
        use(QStringLiteral("rope_theta = %1").arg(number(*theta)));
    } else if (const auto inner = rope.number("rope_theta")) {
        m.base = *inner;
        use(QStringLiteral("%1 = %2").arg(rope.name("rope_theta"), number(*inner)));
    } else if (const auto neox = top.number("rotary_emb_base")) {
        m.base = *neox;
        use(QStringLiteral("rotary_emb_base = %1").arg(number(*neox)));
    } else {
        use(QStringLiteral("rope_theta absent: 10000"));
    }
    if (const auto local = top.number("rope_local_base_freq")) {
        m.localBase = *local;
        use(QStringLiteral("rope_local_base_freq = %1 (sliding-window layers)").arg(number(*local)));
    }

    const char* maxKey = top.has("max_position_embeddings") ? "max_position_embeddings" : "n_positions";
    const auto maxPositions = top.count(maxKey);
    if (!maxPositions)
        throw BadField{QStringLiteral("max_position_embeddings is missing (n_positions for GPT-J); allowed: a whole number of 1 or more")};
    m.maxPositions = *maxPositions;
    use(QStringLiteral("%1 = %2").arg(top.name(maxKey)).arg(*maxPositions));

    // Interleaved pairs: GPT-J and its kin, RoFormer, configs that say rope_interleave.
    if (modelType == QLatin1String("gptj") || modelType == QLatin1String("codegen") || modelType == QLatin1String("roformer")
        || top.flag("rope_interleave").value_or(false)) {
        m.pairing = core::RopePairing::Interleaved;
        use(QStringLiteral("pairs interleaved (x_2k, x_2k+1)%1").arg(modelType.isEmpty() ? QString() : QStringLiteral(": model_type ") + modelType));
    }

    if (scaling) {
        const char* typeKey = rope.has("rope_type") ? "rope_type" : "type";
        QString type = rope.text(typeKey).value_or(QStringLiteral("default"));
        use(QStringLiteral("%1 = %2").arg(rope.name(typeKey), type));
        m.mropeSection.clear();
        for (double s : rope.numbers("mrope_section")) {
            if (!(s >= 0) || s > 1e6 || std::floor(s) != s)
                throw BadField{QStringLiteral("%1 holds %2; allowed: whole numbers of pairs").arg(rope.name("mrope_section"), number(s))};
            m.mropeSection.push_back(static_cast<int>(s));
        }
        if (!m.mropeSection.empty())
            use(QStringLiteral("%1 = %2, %3, %4 pairs (time, height, width)").arg(rope.name("mrope_section"))
                    .arg(m.mropeSection.size() > 0 ? m.mropeSection[0] : 0).arg(m.mropeSection.size() > 1 ? m.mropeSection[1] : 0)
                    .arg(m.mropeSection.size() > 2 ? m.mropeSection[2] : 0));
        if (type == QLatin1String("su"))
            type = QStringLiteral("longrope"); // early Phi-3 configs
        if (type == QLatin1String("mrope"))
            type = QStringLiteral("default"); // Qwen2-VL: default frequencies, pairs in sections
        const auto parsed = core::parseRopeType(type.toStdString());
        if (!parsed)
            throw BadField{QStringLiteral("%1 = \"%2\" is not known; allowed: default, linear, dynamic, yarn, longrope, llama3 (also su, mrope)")
                               .arg(rope.name(typeKey), type.left(60))};
        m.type = *parsed;
        const auto take = [&](const char* key, std::optional<double>& into) {
            if (const auto v = rope.number(key)) {
                into = *v;
                use(QStringLiteral("%1 = %2").arg(rope.name(key), number(*v)));
            }
        };
        if (m.type != core::RopeType::Default) {
            take("factor", m.factor);
            take("attention_factor", m.attentionFactor);
        }
        if (m.type == core::RopeType::Yarn) {
            take("mscale", m.mscale);
            take("mscale_all_dim", m.mscaleAllDim);
            take("beta_fast", m.betaFast);
            take("beta_slow", m.betaSlow);
            if (const auto truncate = rope.flag("truncate")) {
                m.truncate = *truncate;
                use(QStringLiteral("%1 = %2").arg(rope.name("truncate"), *truncate ? QStringLiteral("true") : QStringLiteral("false")));
            }
        }
        if (m.type == core::RopeType::Yarn || m.type == core::RopeType::LongRope || m.type == core::RopeType::Llama3) {
            // Phi-3 keeps original_max_position_embeddings at the top; Hugging Face prefers it there.
            if (const auto original = top.number("original_max_position_embeddings")) {
                m.originalMaxPositions = *original;
                use(QStringLiteral("%1 = %2").arg(top.name("original_max_position_embeddings"), number(*original)));
            } else {
                take("original_max_position_embeddings", m.originalMaxPositions);
            }
        }
        if (m.type == core::RopeType::Llama3) {
            const auto low = rope.number("low_freq_factor"), high = rope.number("high_freq_factor");
            if (!low || !high)
                throw BadField{QStringLiteral("%1 and %2 are needed for rope_type \"llama3\"")
                                   .arg(rope.name("low_freq_factor"), rope.name("high_freq_factor"))};
            m.lowFreqFactor = *low;
            m.highFreqFactor = *high;
            use(QStringLiteral("%1 = %2, %3 = %4").arg(rope.name("low_freq_factor"), number(*low), rope.name("high_freq_factor"), number(*high)));
        }
        if (m.type == core::RopeType::LongRope) {
            if (!rope.has("short_factor") || !rope.has("long_factor"))
                throw BadField{QStringLiteral("%1 and %2 are needed for rope_type \"longrope\"")
                                   .arg(rope.name("short_factor"), rope.name("long_factor"))};
            m.shortFactor = rope.numbers("short_factor");
            m.longFactor = rope.numbers("long_factor");
            use(QStringLiteral("%1 and long_factor: %2 values each").arg(rope.name("short_factor")).arg(m.shortFactor.size()));
        }
    } else {
        use(QStringLiteral("no rope_scaling: the plain frequencies"));
    }
    m.fieldsUsed = std::move(used);
    if (const auto error = core::ropeModelError(m))
        throw BadField{QString::fromStdString(*error)};
    return m;
}

} // namespace

RopeConfigResult parseRopeConfig(const QByteArray& json, const QString& name, const QString& source)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return {std::nullopt, QStringLiteral("%1 is not JSON: %2 at byte %3").arg(name, parseError.errorString()).arg(parseError.offset)};
    if (!document.isObject())
        return {std::nullopt, QStringLiteral("%1 is not a model configuration: JSON %2 where an object of fields was expected")
                                  .arg(name, document.isArray() ? QStringLiteral("list") : QStringLiteral("value"))};
    try {
        core::RopeModel model = readModel(document.object());
        model.name = name.toStdString();
        model.source = source.toStdString();
        return {std::move(model), {}};
    } catch (const BadField& bad) {
        return {std::nullopt, QStringLiteral("%1: %2").arg(name, bad.message)};
    }
}

RopeConfigResult readRopeConfig(const QString& path)
{
    QFileInfo info(path);
    if (info.isDir())
        info = QFileInfo(QDir(path).filePath(QStringLiteral("config.json")));
    if (!info.exists())
        return {std::nullopt, info.fileName() == QLatin1String("config.json") && QFileInfo(path).isDir()
                                  ? QStringLiteral("the folder %1 holds no config.json").arg(path)
                                  : QStringLiteral("%1 does not exist; allowed: a model's config.json or a folder holding one").arg(path)};
    // config.json files are a few kilobytes; a large file is not one.
    constexpr qint64 mostBytes = 16 << 20;
    if (info.size() > mostBytes)
        return {std::nullopt, QStringLiteral("%1 is %2 bytes, too large for a config.json (at most %3)").arg(info.filePath()).arg(info.size()).arg(mostBytes)};
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly))
        return {std::nullopt, QStringLiteral("cannot read %1: %2").arg(info.filePath(), file.errorString())};
    // The folder names the model (meta-llama/Llama-3.1-8B/config.json → Llama-3.1-8B).
    const QString name = info.fileName() == QLatin1String("config.json") && !info.dir().dirName().isEmpty()
                             ? info.dir().dirName() : info.fileName();
    return parseRopeConfig(file.readAll(), name, info.absoluteFilePath());
}

const std::vector<LibraryModel>& ropeModelLibrary()
{
    static const std::vector<LibraryModel> library = [] {
        std::vector<LibraryModel> models;
        QFile file(QStringLiteral(":/models/rope-models.json"));
        if (!file.open(QIODevice::ReadOnly))
            return models;
        const QJsonArray entries = QJsonDocument::fromJson(file.readAll()).array();
        for (const QJsonValue& entry : entries) {
            const QJsonObject o = entry.toObject();
            const QString name = o.value(QLatin1String("name")).toString();
            RopeConfigResult read = parseRopeConfig(QJsonDocument(o.value(QLatin1String("config")).toObject()).toJson(), name,
                                                    o.value(QLatin1String("source")).toString());
            if (read.model) // the library's own test checks that every entry reads
                models.push_back({o.value(QLatin1String("key")).toString(), std::move(*read.model)});
        }
        return models;
    }();
    return library;
}

QStringList ropeModelKeys()
{
    QStringList keys;
    for (const LibraryModel& entry : ropeModelLibrary())
        keys << entry.key;
    return keys;
}

std::optional<core::RopeModel> libraryModel(const QString& key)
{
    for (const LibraryModel& entry : ropeModelLibrary())
        if (entry.key.compare(key, Qt::CaseInsensitive) == 0 || QString::fromStdString(entry.model.name).compare(key, Qt::CaseInsensitive) == 0)
            return entry.model;
    return std::nullopt;
}

RopeConfigResult ropeModelFrom(const QString& keyOrPath)
{
    if (auto model = libraryModel(keyOrPath))
        return {std::move(model), {}};
    if (!QFileInfo::exists(keyOrPath))
        return {std::nullopt, QStringLiteral("%1 is neither a model of the library (%2) nor a file or folder")
                                  .arg(keyOrPath, ropeModelKeys().join(QStringLiteral(", ")))};
    return readRopeConfig(keyOrPath);
}

} // namespace pe::ui
