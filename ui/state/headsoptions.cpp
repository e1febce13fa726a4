// SPDX-License-Identifier: MIT
#include "ui/state/headsoptions.h"

#include "ui/state/commandlinevalues.h"

#include <QCommandLineParser>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

const QStringList exportKeys{QStringLiteral("scores"), QStringLiteral("attention"), QStringLiteral("kernel"), QStringLiteral("amplitudes")};
const QStringList inputKeys{QStringLiteral("positions"), QStringLiteral("mean-token")};

void overrideHeads(const QCommandLineParser& parser, HeadsOptions& heads)
{
    const auto given = [&](const char* name) { return parser.isSet(QLatin1String(name)); };
    if (given("checkpoint")) {
        heads.checkpoint = parser.value(QStringLiteral("checkpoint"));
        if (heads.checkpoint.trimmed().isEmpty())
            throw BadCommandLineValue{QStringLiteral("--checkpoint: an empty path; allowed: a .safetensors file with config.json beside "
                                                     "it, or a folder holding model.safetensors or model.safetensors.index.json and config.json")};
    }
    if (given("layer"))
        heads.layer = int(wholeNumber(parser, QStringLiteral("layer"), 0, HeadsOptions::maxLayer));
    // --head is the methods view's too (ALiBi): this view's when it is the one named.
    const bool named = given("view") ? parser.value(QStringLiteral("view")) == QLatin1String("heads") : given("checkpoint");
    if (given("head") && named)
        heads.head = int(wholeNumber(parser, QStringLiteral("head"), 0, HeadsOptions::maxHead));
    if (given("heads-input"))
        heads.meanToken = choice(parser, QStringLiteral("heads-input"), inputKeys) == inputKeys[1];
    if (given("heads-data"))
        heads.data = *parseHeadsExport(choice(parser, QStringLiteral("heads-data"), exportKeys));
}

} // namespace

QString headsExportKey(HeadsExport data) { return exportKeys[int(data)]; }

std::optional<HeadsExport> parseHeadsExport(const QString& key)
{
    const auto at = exportKeys.indexOf(key);
    return at < 0 ? std::nullopt : std::optional(HeadsExport(at));
}

QStringList headsExportKeys() { return exportKeys; }

QVariantMap toVariantMap(const HeadsOptions& o)
{
    return {{QStringLiteral("checkpoint"), o.checkpoint},
            {QStringLiteral("layer"), o.layer},
            {QStringLiteral("head"), o.head},
            {QStringLiteral("input"), inputKeys[o.meanToken ? 1 : 0]},
            {QStringLiteral("data"), headsExportKey(o.data)}};
}

HeadsOptions headsOptionsFrom(const QVariantMap& map)
{
    HeadsOptions o;
    const auto whole = [&](const QString& name, int fallback, int most) {
        bool ok = false;
        const double v = map.value(name).toDouble(&ok);
        return ok && std::isfinite(v) ? std::clamp(int(std::clamp(v, -1e9, 1e9)), 0, most) : fallback;
    };
    o.checkpoint = map.value(QStringLiteral("checkpoint")).toString();
    o.layer = whole(QStringLiteral("layer"), o.layer, HeadsOptions::maxLayer);
    o.head = whole(QStringLiteral("head"), o.head, HeadsOptions::maxHead);
    o.meanToken = map.value(QStringLiteral("input")).toString() == inputKeys[1];
    o.data = parseHeadsExport(map.value(QStringLiteral("data")).toString()).value_or(o.data);
    return o;
}

QList<QCommandLineOption> headsCommandLineOptions()
{
    return {
        {QStringLiteral("checkpoint"), QStringLiteral("The Heads view reads a model's checkpoint: a .safetensors file with config.json "
                                                      "beside it, or a folder holding model.safetensors or model.safetensors.index.json "
                                                      "(shards) and config.json; GPT-2, BERT or the Llama family."),
         QStringLiteral("PATH")},
        {QStringLiteral("layer"), QStringLiteral("Heads: the layer, from 0 (GPT-2 and BERT: 0 only; default 0)."), QStringLiteral("N")},
        {QStringLiteral("heads-input"), QStringLiteral("Heads (GPT-2, BERT): positions (the position vectors alone, default) or "
                                                       "mean-token (with the mean token embedding added)."),
         QStringLiteral("WHAT")},
        {QStringLiteral("heads-data"), QStringLiteral("What the Heads view's .npy/.csv holds: scores (default), attention, kernel or "
                                                      "amplitudes (the Llama family)."),
         QStringLiteral("WHAT")},
    };
}

QStringList headsCommandLineFor(const QVariantMap& options)
{
    const HeadsOptions o = headsOptionsFrom(options);
    QStringList args;
    if (!o.checkpoint.isEmpty())
        args << QStringLiteral("--checkpoint") << o.checkpoint;
    args << QStringLiteral("--layer") << QString::number(o.layer) << QStringLiteral("--head") << QString::number(o.head)
         << QStringLiteral("--heads-input") << inputKeys[o.meanToken ? 1 : 0];
    if (o.data != HeadsExport::Scores)
        args << QStringLiteral("--heads-data") << headsExportKey(o.data);
    return args;
}

QString readHeadsCommandLine(const QCommandLineParser& parser, QVariantMap& options)
{
    return readViewCommandLine<HeadsOptions>(parser, options, headsOptionsFrom, overrideHeads);
}

} // namespace pe::ui
