// SPDX-License-Identifier: MIT
// Real models' rotary configurations (issue 33): the config.json reader, the shipped library,
// and every model's frequencies against a port of Hugging Face's functions.
//
// The port below follows transformers' src/transformers/modeling_rope_utils.py as on main in
// October 2026 (_compute_default/linear/dynamic_ntk/yarn/longrope/llama3_parameters and
// RotaryEmbeddingConfigMixin.standardize_rope_params; the release at commit ef46806 differs in
// one place: its YaRN and LongRoPE always replaced `factor` by max_position_embeddings /
// original_max_position_embeddings, which made Qwen2.5's YaRN block a factor of 1), plus the
// per-model config classes that rename fields before those functions run (GPTNeoXConfig:
// rotary_pct → partial_rotary_factor, rotary_emb_base → rope_theta; Phi3Config: "su" →
// "longrope"; Qwen2VLConfig: "mrope" → "default"; DeepseekV3Config: head_dim =
// qk_rope_head_dim; GPT-J's own create_sinusoidal_positions: base 10000, rotary_dim). It reads
// the JSON itself, in long double, and uses no function of the application.
#include "ui/modelfiles/ropeconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>

using namespace pe;

namespace {

using LVector = std::vector<long double>;

struct HfResult {
    LVector invFreq;
    long double attentionFactor = 1;
};

/// The config as Hugging Face holds it after its model's config class and standardize_rope_params.
struct HfConfig {
    QJsonObject c;    ///< the model's fields
    QJsonObject rope; ///< rope_parameters
    long double get(const char* key) const { return c.value(QLatin1String(key)).toDouble(); }
    bool has(const char* key) const { return c.contains(QLatin1String(key)) && !c.value(QLatin1String(key)).isNull(); }
    long double r(const char* key) const { return rope.value(QLatin1String(key)).toDouble(); }
    bool rhas(const char* key) const { return rope.contains(QLatin1String(key)) && !rope.value(QLatin1String(key)).isNull(); }
};

HfConfig hfConfig(const QJsonObject& json)
{
    HfConfig h{json, json.value(QStringLiteral("rope_scaling")).toObject()};
    const QString modelType = json.value(QStringLiteral("model_type")).toString();
    if (modelType == QLatin1String("gpt_neox")) {
        h.c[QStringLiteral("partial_rotary_factor")] = json.value(QStringLiteral("rotary_pct"));
        h.c[QStringLiteral("rope_theta")] = json.value(QStringLiteral("rotary_emb_base"));
    }
    if (modelType.startsWith(QLatin1String("deepseek")))
        h.c[QStringLiteral("head_dim")] = json.value(QStringLiteral("qk_rope_head_dim"));
    QString type = h.rope.value(QStringLiteral("rope_type")).toString(h.rope.value(QStringLiteral("type")).toString(QStringLiteral("default")));
    if (type == QLatin1String("su"))
        type = QStringLiteral("longrope");
    if (type == QLatin1String("mrope"))
        type = QStringLiteral("default");
    h.rope[QStringLiteral("rope_type")] = type;
    if (!h.rhas("rope_theta"))
        h.rope[QStringLiteral("rope_theta")] = h.has("rope_theta") ? h.c.value(QStringLiteral("rope_theta")) : QJsonValue(10000.0);
    if (type == QLatin1String("llama3") || type == QLatin1String("yarn") || type == QLatin1String("longrope")) {
        if (h.has("original_max_position_embeddings"))
            h.rope[QStringLiteral("original_max_position_embeddings")] = h.c.value(QStringLiteral("original_max_position_embeddings"));
        else if (!h.rhas("original_max_position_embeddings"))
            h.rope[QStringLiteral("original_max_position_embeddings")] = h.c.value(QStringLiteral("max_position_embeddings"));
    }
    return h;
}

int hfDim(const HfConfig& h)
{
    const long double partial = h.has("partial_rotary_factor") ? h.get("partial_rotary_factor") : 1.0L;
    const long long headDim = h.has("head_dim") ? static_cast<long long>(h.get("head_dim"))
                                                : static_cast<long long>(h.get("hidden_size")) / static_cast<long long>(h.get("num_attention_heads"));
    return static_cast<int>(headDim * partial);
}

// inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
LVector defaultInvFreq(long double base, int dim)
{
    LVector inv;
    for (int i = 0; i < dim; i += 2)
        inv.push_back(1.0L / std::pow(base, static_cast<long double>(i) / dim));
    return inv;
}

HfResult hfRopeParameters(const HfConfig& h, std::optional<long double> seqLen)
{
    const QString type = h.rope.value(QStringLiteral("rope_type")).toString();
    const long double base = h.r("rope_theta");
    const int dim = hfDim(h);
    HfResult out;
    if (type == QLatin1String("default")) {
        out.invFreq = defaultInvFreq(base, dim);
    } else if (type == QLatin1String("linear")) {
        out.invFreq = defaultInvFreq(base, dim);
        for (auto& v : out.invFreq)
            v /= h.r("factor"); // inv_freq /= factor
    } else if (type == QLatin1String("dynamic")) {
        const long double maxPos = h.get("max_position_embeddings"), factor = h.r("factor");
        // seq_len = max(seq_len, max_position_embeddings); None → max_position_embeddings
        const long double len = seqLen ? std::max(*seqLen, maxPos) : maxPos;
        // base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
        const long double dynBase = base * std::pow(factor * len / maxPos - (factor - 1), static_cast<long double>(dim) / (dim - 2));
        out.invFreq = defaultInvFreq(dynBase, dim);
    } else if (type == QLatin1String("yarn")) {
        const long double original = h.r("original_max_position_embeddings");
        // factor = rope_parameters_dict["factor"]; if factor is None: max / original
        const long double factor = h.rhas("factor") ? h.r("factor") : h.get("max_position_embeddings") / original;
        const auto getMscale = [](long double scale, long double mscale) {
            return scale <= 1 ? 1.0L : 0.1L * mscale * std::log(scale) + 1.0L;
        };
        if (h.rhas("attention_factor"))
            out.attentionFactor = h.r("attention_factor");
        else if (h.r("mscale") != 0 && h.r("mscale_all_dim") != 0) // `if mscale and mscale_all_dim`
            out.attentionFactor = getMscale(factor, h.r("mscale")) / getMscale(factor, h.r("mscale_all_dim"));
        else
            out.attentionFactor = getMscale(factor, 1);
        const long double betaFast = h.r("beta_fast") != 0 ? h.r("beta_fast") : 32; // `.get("beta_fast") or 32`
        const long double betaSlow = h.r("beta_slow") != 0 ? h.r("beta_slow") : 1;
        const auto findCorrectionDim = [&](long double rotations) {
            return (dim * std::log(original / (rotations * 2 * std::numbers::pi_v<long double>))) / (2 * std::log(base));
        };
        const bool truncate = h.rope.value(QStringLiteral("truncate")).toBool(true);
        long double low = findCorrectionDim(betaFast), high = findCorrectionDim(betaSlow);
        if (truncate) {
            low = std::floor(low);
            high = std::ceil(high);
        }
        low = std::max(low, 0.0L);
        high = std::min(high, static_cast<long double>(dim - 1));
        if (low == high)
            high += 0.001L;
        for (int j = 0; j < dim / 2; ++j) {
            const long double posFreq = std::pow(base, static_cast<long double>(2 * j) / dim);
            const long double extrapolation = 1.0L / posFreq, interpolation = 1.0L / (factor * posFreq);
            const long double ramp = std::clamp((j - low) / (high - low), 0.0L, 1.0L);
            const long double extrapolationFactor = 1 - ramp;
            out.invFreq.push_back(interpolation * (1 - extrapolationFactor) + extrapolation * extrapolationFactor);
        }
    } else if (type == QLatin1String("longrope")) {
        const long double original = h.r("original_max_position_embeddings");
        const long double factor = h.rhas("factor") ? h.r("factor") : h.get("max_position_embeddings") / original;
        if (h.rhas("attention_factor"))
            out.attentionFactor = h.r("attention_factor");
        else
            out.attentionFactor = factor <= 1 ? 1.0L : std::sqrt(1 + std::log(factor) / std::log(original));
        // if seq_len and seq_len > original_max_position_embeddings: long_factor, else short_factor
        const QJsonArray ext = h.rope.value(seqLen && *seqLen > original ? QStringLiteral("long_factor") : QStringLiteral("short_factor")).toArray();
        for (int j = 0; j < dim / 2; ++j)
            out.invFreq.push_back(1.0L / (ext.at(j).toDouble() * std::pow(base, static_cast<long double>(2 * j) / dim)));
    } else if (type == QLatin1String("llama3")) {
        const LVector inv = defaultInvFreq(base, dim);
        const long double factor = h.r("factor"), low = h.r("low_freq_factor"), high = h.r("high_freq_factor");
        const long double old = h.r("original_max_position_embeddings");
        const long double lowWavelen = old / low, highWavelen = old / high;
        for (long double f : inv) {
            const long double wavelen = 2 * std::numbers::pi_v<long double> / f;
            const long double llama = wavelen > lowWavelen ? f / factor : f;
            const long double smooth = (old / wavelen - low) / (high - low);
            const long double smoothed = (1 - smooth) * llama / factor + smooth * llama;
            const bool medium = !(wavelen < highWavelen) && !(wavelen > lowWavelen);
            out.invFreq.push_back(medium ? smoothed : llama);
        }
    }
    return out;
}

/// GPT-J's create_sinusoidal_positions(num_pos, dim): inv_freq = 1.0 / (10000 ** (np.arange(0, dim, 2) / dim)).
HfResult gptjParameters(const QJsonObject& json)
{
    return {defaultInvFreq(10000.0L, json.value(QStringLiteral("rotary_dim")).toInt()), 1};
}

QJsonArray libraryEntries()
{
    QFile file(QStringLiteral(":/models/rope-models.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).array();
}

void compareFrequencies(const Eigen::VectorXd& ours, const LVector& theirs, const char* what)
{
    QCOMPARE(ours.size(), static_cast<Eigen::Index>(theirs.size()));
    for (std::size_t k = 0; k < theirs.size(); ++k) {
        const long double relative = std::abs((ours[static_cast<Eigen::Index>(k)] - theirs[k]) / theirs[k]);
        if (relative > 1e-12L)
            QFAIL(qPrintable(QStringLiteral("%1 pair %2: ours %3, Hugging Face %4").arg(QLatin1String(what)).arg(k)
                                 .arg(ours[static_cast<Eigen::Index>(k)], 0, 'g', 17).arg(static_cast<double>(theirs[k]), 0, 'g', 17)));
    }
}

QByteArray json(const char* text)
{
    return QByteArray(text);
}

} // namespace

class TestRopeConfig : public QObject {
    Q_OBJECT
private slots:
    void libraryHasTheModelsAsked()
    {
        const QStringList keys = ui::ropeModelKeys();
        for (const char* key : {"llama-2-7b", "llama-3-8b", "llama-3.1-8b", "llama-3.2-1b", "mistral-7b", "qwen2.5-7b", "qwen2.5-7b-yarn",
                                "qwen2-vl-7b", "phi-3-vision-128k", "deepseek-v3", "gemma-3-1b", "gpt-neox-20b", "gpt-j-6b", "codellama-7b"})
            QVERIFY2(keys.contains(QLatin1String(key)), key);
        // Every entry reads (the library drops none) and cites its published config.json.
        QCOMPARE(keys.size(), libraryEntries().size());
        for (const ui::LibraryModel& entry : ui::ropeModelLibrary())
            QVERIFY2(QString::fromStdString(entry.model.source).startsWith(QLatin1String("https://huggingface.co/")), qPrintable(entry.key));
    }

    void everyShippedModelEqualsHuggingFace_data()
    {
        QTest::addColumn<QJsonObject>("entry");
        for (const QJsonValue& v : libraryEntries())
            QTest::newRow(qPrintable(v.toObject().value(QStringLiteral("key")).toString())) << v.toObject();
    }
    void everyShippedModelEqualsHuggingFace()
    {
        QFETCH(QJsonObject, entry);
        const QJsonObject config = entry.value(QStringLiteral("config")).toObject();
        const auto model = ui::libraryModel(entry.value(QStringLiteral("key")).toString());
        QVERIFY(model);
        HfResult original, longest;
        if (config.value(QStringLiteral("model_type")).toString() == QLatin1String("gptj")) {
            original = longest = gptjParameters(config);
        } else {
            const HfConfig h = hfConfig(config);
            original = hfRopeParameters(h, std::nullopt); // at init: no seq_len
            const long double maxPos = h.get("max_position_embeddings");
            // theta_max: seq_len = max_position_embeddings; dynamic NTK at factor × it.
            const bool dynamic = h.rope.value(QStringLiteral("rope_type")).toString() == QLatin1String("dynamic");
            longest = hfRopeParameters(h, dynamic ? h.r("factor") * maxPos : maxPos);
        }
        compareFrequencies(core::ropeModelThetaOriginal(*model), original.invFreq, "theta_original");
        compareFrequencies(core::ropeModelThetaMax(*model), longest.invFreq, "theta_max");
        QVERIFY(std::abs(core::ropeModelAttentionScaling(*model) - original.attentionFactor) <= 1e-12L * original.attentionFactor);
    }

    void partialRotaryAndHeadDimensions()
    {
        // GPT-NeoX-20B: 6144 / 64 = 96 per head, a quarter rotated: 24 components, 12 pairs.
        QCOMPARE(core::ropeModelPairs(*ui::libraryModel(QStringLiteral("gpt-neox-20b"))), 12);
        QCOMPARE(core::ropeModelPairs(*ui::libraryModel(QStringLiteral("pythia-6.9b"))), 16);
        QCOMPARE(core::ropeModelPairs(*ui::libraryModel(QStringLiteral("gpt-j-6b"))), 32);
        QCOMPARE(ui::libraryModel(QStringLiteral("gpt-j-6b"))->headDim, 256);
        QCOMPARE(ui::libraryModel(QStringLiteral("gpt-j-6b"))->pairing, core::RopePairing::Interleaved);
        QCOMPARE(core::ropeModelPairs(*ui::libraryModel(QStringLiteral("deepseek-v3"))), 32);
        QCOMPARE(core::ropeModelPairs(*ui::libraryModel(QStringLiteral("llama-3.2-1b"))), 32);
        QCOMPARE(core::ropeModelPairs(*ui::libraryModel(QStringLiteral("qwen2.5-7b"))), 64);
        const auto qwenVl = ui::libraryModel(QStringLiteral("qwen2-vl-7b"));
        QCOMPARE(qwenVl->mropeSection, (std::vector<int>{16, 24, 24}));
        QCOMPARE(ui::libraryModel(QStringLiteral("gemma-3-1b"))->localBase.value_or(0), 10000.0);
    }

    void longRopeSwitchesFactorsPastTheOriginalContext()
    {
        const auto phi = *ui::libraryModel(QStringLiteral("phi-3-vision-128k"));
        QCOMPARE(phi.type, core::RopeType::LongRope);
        const Eigen::VectorXd plain = core::ropeModelUnscaledFrequencies(phi);
        // At 4096 tokens the short factors, one token more the long ones (pair 47: 3.05 and 64.81).
        QVERIFY(std::abs(core::ropeModelInverseFrequencies(phi, 4096)[47] * 3.049999999999997 / plain[47] - 1) < 1e-12);
        QVERIFY(std::abs(core::ropeModelInverseFrequencies(phi, 4097)[47] * 64.81001281738281 / plain[47] - 1) < 1e-12);
        // Its attention factor: √(1 + ln(131072/4096) / ln 4096).
        QVERIFY(std::abs(core::ropeModelAttentionScaling(phi) - std::sqrt(1 + std::log(32.0) / std::log(4096.0))) < 1e-15);
    }

    void dynamicAtItsLongestContext()
    {
        const auto read = ui::parseRopeConfig(json(R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
            "rope_scaling": {"type": "dynamic", "factor": 2.0}})"), QStringLiteral("dyn"), QString());
        QVERIFY2(read.model, qPrintable(read.error));
        const HfConfig h = hfConfig(QJsonDocument::fromJson(json(R"({"hidden_size": 4096, "num_attention_heads": 32,
            "max_position_embeddings": 4096, "rope_scaling": {"type": "dynamic", "factor": 2.0}})")).object());
        compareFrequencies(core::ropeModelThetaMax(*read.model), hfRopeParameters(h, 8192.0L).invFreq, "dynamic at 2 × 4096");
        compareFrequencies(core::ropeModelThetaOriginal(*read.model), hfRopeParameters(h, std::nullopt).invFreq, "dynamic at 4096");
        QCOMPARE(core::ropeModelMaxContext(*read.model), 8192.0);
    }

    void deepSeekSoftmaxScale()
    {
        // mscale = mscale_all_dim: Hugging Face's attention factor is 1; DeepSeek multiplies its
        // softmax scale by (0.1·ln 40 + 1)².
        const auto v3 = *ui::libraryModel(QStringLiteral("deepseek-v3"));
        QCOMPARE(core::ropeModelAttentionScaling(v3), 1.0);
        const double m = 0.1 * std::log(40.0) + 1.0;
        QVERIFY(std::abs(core::ropeModelSoftmaxScale(v3) - m * m) < 1e-15);
    }

    void fieldsUsedAreNamed()
    {
        const auto llama = *ui::libraryModel(QStringLiteral("llama-3.1-8b"));
        QStringList used;
        for (const auto& f : llama.fieldsUsed)
            used << QString::fromStdString(f);
        const QString all = used.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QLatin1String("rope_theta = 500000")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("4096 / 32 = 128")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("rope_scaling.rope_type = llama3")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("rope_scaling.factor = 8")), qPrintable(all));
    }

    void folderAndFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QDir(dir.path()).mkdir(QStringLiteral("Tiny-Model"));
        QFile file(dir.filePath(QStringLiteral("Tiny-Model/config.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"hidden_size": 256, "num_attention_heads": 4, "max_position_embeddings": 512, "rope_theta": 50000})");
        file.close();
        const auto fromFolder = ui::readRopeConfig(dir.filePath(QStringLiteral("Tiny-Model")));
        QVERIFY2(fromFolder.model, qPrintable(fromFolder.error));
        QCOMPARE(QString::fromStdString(fromFolder.model->name), QStringLiteral("Tiny-Model"));
        QCOMPARE(fromFolder.model->headDim, 64);
        QCOMPARE(fromFolder.model->base, 50000.0);
        const auto empty = ui::readRopeConfig(dir.path());
        QVERIFY(!empty.model);
        QVERIFY2(empty.error.contains(QLatin1String("holds no config.json")), qPrintable(empty.error));
        QVERIFY(ui::ropeModelFrom(QStringLiteral("llama-3.1-8b")).model);
        QVERIFY(ui::ropeModelFrom(dir.filePath(QStringLiteral("Tiny-Model/config.json"))).model);
        const auto unknown = ui::ropeModelFrom(QStringLiteral("no-such-model"));
        QVERIFY(!unknown.model);
        QVERIFY2(unknown.error.contains(QLatin1String("llama-3.1-8b")), qPrintable(unknown.error));
    }

    void badConfigsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QString>("message");
        const QByteArray head = R"("hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096)";
        QByteArray ones = "[1";
        for (int pair = 1; pair < 64; ++pair)
            ones += ", 1";
        ones += "]";
        QTest::newRow("not JSON") << QByteArray("{\"hidden_size\": 4096,") << QStringLiteral("is not JSON");
        QTest::newRow("a list") << QByteArray("[1, 2]") << QStringLiteral("JSON list where an object");
        QTest::newRow("no head dimension") << QByteArray(R"({"max_position_embeddings": 4096})") << QStringLiteral("no head dimension");
        QTest::newRow("no max positions") << QByteArray(R"({"hidden_size": 4096, "num_attention_heads": 32})")
                                          << QStringLiteral("max_position_embeddings is missing");
        QTest::newRow("unknown rope_type") << ("{" + head + R"(, "rope_scaling": {"rope_type": "magic", "factor": 2}})")
                                           << QStringLiteral("rope_scaling.rope_type = \"magic\" is not known");
        QTest::newRow("negative theta") << ("{" + head + R"(, "rope_theta": -5})") << QStringLiteral("rope_theta = -5 is not allowed; allowed: above 1, at most 1e12");
        QTest::newRow("zero factor") << ("{" + head + R"(, "rope_scaling": {"type": "linear", "factor": 0}})")
                                     << QStringLiteral("rope_scaling.factor = 0 is not allowed");
        QTest::newRow("factor missing") << ("{" + head + R"(, "rope_scaling": {"type": "linear"}})")
                                        << QStringLiteral("rope_scaling.factor is missing");
        QTest::newRow("factor not a number") << ("{" + head + R"(, "rope_scaling": {"type": "linear", "factor": "8"}})")
                                             << QStringLiteral("rope_scaling.factor = \"8\" is not a number");
        QTest::newRow("short factors of the wrong length")
            << ("{" + head + R"(, "original_max_position_embeddings": 4096, "rope_scaling": {"type": "longrope", "short_factor": [1, 1], "long_factor": [1, 1]}})")
            << QStringLiteral("short_factor has 2 and long_factor 2 values; allowed: one per rotated pair, 64 each");
        QTest::newRow("llama3 without its factors") << ("{" + head + R"(, "rope_scaling": {"rope_type": "llama3", "factor": 8, "original_max_position_embeddings": 8192}})")
                                                    << QStringLiteral("low_freq_factor and rope_scaling.high_freq_factor are needed");
        QTest::newRow("zero heads") << QByteArray(R"({"hidden_size": 4096, "num_attention_heads": 0, "max_position_embeddings": 4096})")
                                    << QStringLiteral("num_attention_heads = 0 is not allowed");
        QTest::newRow("rotary_pct above 1") << ("{" + head + R"(, "rotary_pct": 1.5})") << QStringLiteral("rotary_pct = 1.5 is not allowed");
        // Found by fuzz_ropeconfig: DeepSeek's attention factor mscale(40, 1)/mscale(40, −6) is negative.
        QTest::newRow("negative mscale_all_dim")
            << ("{" + head + R"(, "rope_scaling": {"type": "yarn", "factor": 40, "mscale": 1.0, "mscale_all_dim": -6}})")
            << QStringLiteral("rope_scaling.mscale_all_dim = -6 is not allowed; allowed: 0 to 1000");
        QTest::newRow("mscale past 1000") << ("{" + head + R"(, "rope_scaling": {"type": "yarn", "factor": 40, "mscale": 1e300}})")
                                          << QStringLiteral("rope_scaling.mscale = 1e+300 is not allowed; allowed: 0 to 1000");
        QTest::newRow("longrope with an original context of 1")
            << ("{" + head + R"(, "original_max_position_embeddings": 1, "rope_scaling": {"type": "longrope", "factor": 4, "short_factor": )"
                + ones + R"(, "long_factor": )" + ones + "}}")
            << QStringLiteral("original_max_position_embeddings = 1 is too small for rope_type \"longrope\"");
        QTest::newRow("mrope sections not adding up") << ("{" + head + R"(, "rope_scaling": {"type": "mrope", "mrope_section": [16, 24]}})")
                                                      << QStringLiteral("mrope_section adds up to 40 pairs");
    }
    void badConfigsAreRefused()
    {
        QFETCH(QByteArray, config);
        QFETCH(QString, message);
        const ui::RopeConfigResult read = ui::parseRopeConfig(config, QStringLiteral("config.json"), QString());
        QVERIFY(!read.model);
        QVERIFY2(read.error.contains(message), qPrintable(read.error));
        QVERIFY2(read.error.startsWith(QLatin1String("config.json")), qPrintable(read.error));
    }

    void comparingAModelWithItself()
    {
        const auto llama = *ui::libraryModel(QStringLiteral("llama-3.1-8b"));
        const core::RopeComparison same = core::compareRopeModels(llama, llama, core::comparisonPositions(131072, 4));
        QVERIFY(same.positions.size() > 40);
        for (Eigen::Index i = 0; i < same.positions.size(); ++i) {
            QVERIFY(std::abs(same.queryCosine[i] - 1) < 1e-12);
            QVERIFY(std::abs(same.scoreCosine[i] - 1) < 1e-12);
        }
        QVERIFY(same.angleDifference.cwiseAbs().maxCoeff() == 0);
    }

    void llamaThreeOneWithoutItsScaling()
    {
        // The scores of Llama 3.1 against the same config with rope_scaling dropped: brute force
        // (every distance, direct cosines) at a few positions, and the shape of the curve.
        const auto llama = *ui::libraryModel(QStringLiteral("llama-3.1-8b"));
        const core::RopeModel plain = core::withoutScaling(llama);
        Eigen::VectorXd positions(5);
        positions << 100, 512, 8191, 32767, 131071;
        const core::RopeComparison c = core::compareRopeModels(llama, plain, positions);
        const Eigen::VectorXd ta = core::ropeModelThetaMax(llama), tb = core::ropeModelUnscaledFrequencies(llama);
        for (Eigen::Index i = 0; i < 3; ++i) { // brute force where it is quick
            long double aa = 0, bb = 0, ab = 0;
            for (std::int64_t r = 0; r <= static_cast<std::int64_t>(positions[i]); ++r) {
                long double sa = 0, sb = 0;
                for (Eigen::Index k = 0; k < ta.size(); ++k) {
                    sa += std::cos(static_cast<long double>(r) * ta[k]);
                    sb += std::cos(static_cast<long double>(r) * tb[k]);
                }
                aa += sa * sa, bb += sb * sb, ab += sa * sb;
            }
            QVERIFY2(std::abs(c.scoreCosine[i] - static_cast<double>(ab / std::sqrt(aa * bb))) < 1e-10, qPrintable(QString::number(i)));
            long double q = 0;
            for (Eigen::Index k = 0; k < ta.size(); ++k)
                q += std::cos(static_cast<long double>(positions[i]) * (static_cast<long double>(ta[k]) - tb[k]));
            QVERIFY(std::abs(c.queryCosine[i] - static_cast<double>(q / ta.size())) < 1e-10);
        }
        // Close at short range, apart at the long end: the slow pairs Llama 3.1 divides by 8
        // differ from position 0 on, so the scores drift apart steadily rather than at 8192.
        QVERIFY2(c.scoreCosine[0] > 0.9999, qPrintable(QString::number(c.scoreCosine[0], 'g', 8)));
        QVERIFY(c.scoreCosine[1] > 0.9995);
        QVERIFY(c.scoreCosine[4] < 0.95);
        QVERIFY(c.scoreCosine[4] < c.scoreCosine[3] && c.scoreCosine[3] < c.scoreCosine[2] && c.scoreCosine[2] < c.scoreCosine[1]);
    }

    void pairingConventions()
    {
        // Interleaved and halves are the same rotation under a permutation of the dimensions…
        const int pairs = 8;
        Eigen::VectorXd theta(pairs), x(2 * pairs);
        for (int k = 0; k < pairs; ++k)
            theta[k] = std::pow(10000.0, -2.0 * k / (2 * pairs));
        for (int i = 0; i < 2 * pairs; ++i)
            x[i] = std::sin(1.7 * i + 0.3);
        const Eigen::VectorXd interleaved = core::rotateWithPairing(x, 37, theta, core::RopePairing::Interleaved);
        const Eigen::VectorXd halves = core::rotateWithPairing(core::interleavedToHalves(x, pairs), 37, theta, core::RopePairing::Halves);
        QVERIFY((core::interleavedToHalves(interleaved, pairs) - halves).cwiseAbs().maxCoeff() < 1e-14);
        // … each pair a plain 2-D rotation by m·θ_k (pair 3 of the interleaved layout, by hand).
        const double angle = 37 * theta[3];
        QVERIFY(std::abs(interleaved[6] - (x[6] * std::cos(angle) - x[7] * std::sin(angle))) < 1e-14);
        QVERIFY(std::abs(interleaved[7] - (x[6] * std::sin(angle) + x[7] * std::cos(angle))) < 1e-14);
        // … but weights made for one give other scores under the other.
        Eigen::VectorXd q(2 * pairs), k(2 * pairs);
        for (int i = 0; i < 2 * pairs; ++i) {
            q[i] = std::cos(0.9 * i * i + 1.0);
            k[i] = std::sin(2.3 * i + 0.5);
        }
        QVERIFY(core::pairingMismatchCosine(q, k, theta, core::RopePairing::Interleaved, 512) < 0.9);
        QVERIFY(core::pairingMismatchCosine(q, k, theta, core::RopePairing::Halves, 512) < 0.9);
    }

    void angleErrorOfLowPrecisionIds()
    {
        // Against a brute force written here: bfloat16 rounding by its bits (round to nearest
        // even on the upper 16 bits of the float32), float16 by its 11 significant bits.
        Eigen::VectorXd theta(3);
        theta << 1.0, 0.05, 1e-4;
        const auto bf16 = [](double m) {
            const float f = static_cast<float>(m);
            std::uint32_t bits;
            std::memcpy(&bits, &f, 4);
            bits = (bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u;
            float r;
            std::memcpy(&r, &bits, 4);
            return static_cast<double>(r);
        };
        const auto f16 = [](double m) {
            if (m == 0)
                return 0.0;
            const double quantum = std::ldexp(1.0, std::max(0, static_cast<int>(std::floor(std::log2(m))) - 10));
            const double r = std::nearbyint(m / quantum) * quantum;
            return r > 65504 ? std::numeric_limits<double>::infinity() : r;
        };
        const auto brute = [&](double m, auto round) {
            const double id = round(m);
            if (std::isinf(id))
                return std::numeric_limits<double>::infinity();
            double worst = 0;
            for (Eigen::Index k = 0; k < theta.size(); ++k)
                worst = std::max(worst, std::abs(double(static_cast<float>(id) * static_cast<float>(theta[k])) - m * theta[k]));
            return worst;
        };
        const auto check = [&](core::NumberFormat format, auto round) {
            const core::AngleErrorBins bins = core::positionAngleErrors(theta, 70000, 7, format);
            QCOMPARE(bins.error.size(), 7);
            for (int b = 0; b < 7; ++b) {
                double worst = 0;
                for (int m = b * 10000; m < (b + 1) * 10000; ++m)
                    worst = std::max(worst, brute(m, round));
                QCOMPARE(bins.error[b], worst);
                QCOMPARE(bins.keys[b], b * 10000 + 4999.5);
            }
        };
        check(core::NumberFormat::BFloat16, bf16);
        check(core::NumberFormat::Float16, f16);
        check(core::NumberFormat::Float32, [](double m) { return m; });
        // bfloat16 ids are off by up to 128 positions near 60000 (spacing 256), so θ_0 = 1 turns
        // them by as many radians; float16 cannot hold ids from 65520 on.
        QVERIFY(core::positionAngleErrors(theta, 70000, 7, core::NumberFormat::BFloat16).error[6] >= 128 - 1e-9);
        QVERIFY(std::isinf(core::positionAngleErrors(theta, 70000, 7, core::NumberFormat::Float16).error[6]));
    }

    void lowPrecisionPositions()
    {
        QCOMPARE(core::firstCollidingPosition(7), 257.0);   // bfloat16: 7 stored bits
        QCOMPARE(core::firstCollidingPosition(10), 2049.0); // float16
        QCOMPARE(core::firstCollidingPosition(23), 16777217.0);
        // float32 angle of position 131071 with θ_0 = 1: the position is exact, the product too.
        QCOMPARE(core::float32AngleError(131071, 1.0), 0.0);
        // θ_1 of base 10^6 at d 128: the float32 product is off by up to half an ulp of ~105000.
        const double theta = std::pow(1e6, -2.0 / 128);
        const double error = core::float32AngleError(131071, theta);
        QVERIFY(error > 0 && error <= std::ldexp(1.0, 16 - 24) + 131071 * theta * std::ldexp(1.0, -24));
    }
};

QTEST_GUILESS_MAIN(TestRopeConfig)
#include "tst_ropeconfig.moc"
