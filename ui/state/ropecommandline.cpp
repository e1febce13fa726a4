// SPDX-License-Identifier: MIT
#include "ui/state/ropecommandline.h"

#include "ui/state/commandlinevalues.h"
#include "ui/modelfiles/ropeconfig.h"
#include "ui/state/ropeoptions.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace pe::ui {

namespace {

/// The RoPE view keeps a library key, or a config file's absolute path.
void overrideRopeModel(const QCommandLineParser& parser, RopeOptions& rope)
{
    const auto given = [&](const char* name) { return parser.isSet(QLatin1String(name)); };
    if (given("model") && given("model-config"))
        throw BadCommandLineValue{QStringLiteral("--model and --model-config: give one of them, not both")};
    if (given("model")) {
        const QString key = parser.value(QStringLiteral("model")).trimmed();
        if (!libraryModel(key))
            throw BadCommandLineValue{QStringLiteral("--model: %1 is not in the library; allowed: %2 (or --model-config FILE)")
                                          .arg(quoted(key), ropeModelKeys().join(QStringLiteral(", ")))};
        rope.model = key;
        rope.compare.clear();
    }
    if (given("model-config")) {
        const QString path = parser.value(QStringLiteral("model-config"));
        if (const RopeConfigResult read = readRopeConfig(path); !read.model)
            throw BadCommandLineValue{QStringLiteral("--model-config: ") + read.error};
        rope.model = QFileInfo(path).absoluteFilePath();
        rope.compare.clear();
    }
    if (given("compare-config")) {
        if (rope.model.isEmpty())
            throw BadCommandLineValue{QStringLiteral("--compare-config: there is no model to compare; give --model NAME or "
                                                     "--model-config FILE too")};
        const QString other = parser.value(QStringLiteral("compare-config")).trimmed();
        if (other == RopeOptions::noScaling || libraryModel(other))
            rope.compare = other;
        else if (const RopeConfigResult read = ropeModelFrom(other); !read.model)
            throw BadCommandLineValue{QStringLiteral("--compare-config: ") + read.error + QStringLiteral(" (or no-scaling)")};
        else
            rope.compare = QFileInfo(other).absoluteFilePath();
    }
}

} // namespace

QList<QCommandLineOption> ropeCommandLineOptions()
{
    return {
        {QStringLiteral("model"), QStringLiteral("The RoPE view shows a real model's rotary embedding from the library: %1. With --view rope "
                                                 "(the view when --view is not given), .csv and .npy hold one row per rotated pair: k, theta_original, "
                                                 "theta_max, attention_factor (the CSV's first line names them).").arg(ropeModelKeys().join(QStringLiteral(", "))),
         QStringLiteral("NAME")},
        {QStringLiteral("model-config"), QStringLiteral("As --model, from a model's Hugging Face config.json or a folder holding one."), QStringLiteral("FILE")},
        {QStringLiteral("compare-config"), QStringLiteral("Compare the model's RoPE with another configuration: a library name, a config.json, or "
                                                          "no-scaling (the same model with rope_scaling dropped). .csv and .npy then hold one row per "
                                                          "position: position, query_cosine, score_cosine, angle_difference_k for every pair."),
         QStringLiteral("FILE|NAME")},
    };
}

QStringList ropeCommandLineFor(const QVariantMap& options)
{
    const RopeOptions rope = ropeOptionsFrom(options);
    if (rope.model.isEmpty())
        return {};
    QStringList args{libraryModel(rope.model) ? QStringLiteral("--model") : QStringLiteral("--model-config"), rope.model};
    if (!rope.compare.isEmpty())
        args << QStringLiteral("--compare-config") << rope.compare;
    return args;
}

QString readRopeCommandLine(const QCommandLineParser& parser, QVariantMap& options)
{
    return readViewCommandLine<RopeOptions>(parser, options, ropeOptionsFrom, overrideRopeModel);
}

} // namespace pe::ui
