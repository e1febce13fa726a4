// SPDX-License-Identifier: MIT
#include "ui/state/methodscommandline.h"

#include "ui/state/commandlinevalues.h"
#include "ui/modelfiles/encodingtable.h"
#include "ui/state/methodsoptions.h"

#include <QCommandLineParser>

namespace pe::ui {

namespace {

void overrideMethods(const QCommandLineParser& parser, MethodOptions& methods)
{
    const auto given = [&](const char* name) { return parser.isSet(QLatin1String(name)); };
    if (given("method"))
        methods.method = *parseScoreMethod(choice(parser, QStringLiteral("method"), scoreMethodKeys()));
    if (given("heads"))
        methods.heads = static_cast<int>(wholeNumber(parser, QStringLiteral("heads"), 1, MethodOptions::maxHeads));
    // --head is also the Heads view's (a checkpoint's head, from 0): with --view heads, or a
    // --checkpoint and no --view, it is that.
    const bool anotherView = given("view") ? parser.value(QStringLiteral("view")) != QLatin1String("methods") : given("checkpoint");
    if (given("head") && !anotherView)
        methods.head = static_cast<int>(wholeNumber(parser, QStringLiteral("head"), 0, methods.heads));
    if (given("buckets"))
        methods.numBuckets = static_cast<int>(wholeNumber(parser, QStringLiteral("buckets"), MethodOptions::minBuckets,
                                                          MethodOptions::maxBuckets));
    if (given("max-distance"))
        methods.maxDistance = static_cast<int>(wholeNumber(parser, QStringLiteral("max-distance"), methods.numBuckets,
                                                           MethodOptions::maxDistanceLimit));
    if (given("clip"))
        methods.clip = static_cast<int>(wholeNumber(parser, QStringLiteral("clip"), 1, MethodOptions::maxClip));
    if (given("t5-head")) // checked against the biases' heads once they are read
        methods.t5Head = static_cast<int>(wholeNumber(parser, QStringLiteral("t5-head"), 1, MethodOptions::maxHeads));
    if (given("t5-biases")) {
        const QString source = parser.value(QStringLiteral("t5-biases"));
        if (source.trimmed().isEmpty())
            throw BadCommandLineValue{QStringLiteral("--t5-biases: an empty file name; allowed: a .npy, .csv or .safetensors file of "
                                                     "buckets x heads, FILE:TENSOR for one tensor")};
        std::tie(methods.t5File, methods.t5Tensor) = EncodingTable::splitSource(source);
        if (!given("t5-head")) // another file's heads: its first, as the window's Load does
            methods.t5Head = 1;
    }
    if (given("mask")) {
        methods.causal = choice(parser, QStringLiteral("mask"), {QStringLiteral("causal"), QStringLiteral("none")})
            == QLatin1String("causal");
        methods.bidirectional = !methods.causal;
    }
}

} // namespace

QList<QCommandLineOption> methodsCommandLineOptions()
{
    return {
        {QStringLiteral("method"), QStringLiteral("The methods view's matrix: %1 (default alibi; learned scores the table given with --encoding).")
                                       .arg(scoreMethodKeys().join(QStringLiteral(", "))),
         QStringLiteral("NAME")},
        {QStringLiteral("heads"), QStringLiteral("ALiBi: number of heads H, 1 to 1024 (default 8)."), QStringLiteral("H")},
        {QStringLiteral("head"), QStringLiteral("ALiBi: the head drawn, 1 to H, or 0 for every head (default 1). With --view heads: "
                                                "the checkpoint's head drawn, from 0 (default 0)."), QStringLiteral("N")},
        {QStringLiteral("buckets"), QStringLiteral("T5: number of buckets, 4 to 1024 (default 32)."), QStringLiteral("N")},
        {QStringLiteral("t5-biases"), QStringLiteral("T5: a model's own biases (buckets x heads, e.g. model.safetensors:"
                                                     "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight) "
                                                     "instead of random ones; sets --buckets to theirs."), QStringLiteral("FILE[:TENSOR]")},
        {QStringLiteral("t5-head"), QStringLiteral("T5: the head of --t5-biases drawn, 1 to its heads (default 1)."), QStringLiteral("N")},
        {QStringLiteral("max-distance"), QStringLiteral("T5: distance from which all share the last bucket, buckets to 1000000 (default 128)."), QStringLiteral("N")},
        {QStringLiteral("clip"), QStringLiteral("Shaw: relative positions clipped to +-K, 1 to 1024 (default 4)."), QStringLiteral("K")},
        {QStringLiteral("mask"), QStringLiteral("causal (keys after the query masked) or none (T5 both ways); default: causal for "
                                                "ALiBi, Shaw and Transformer-XL, none for T5; NoPE is always causal."),
         QStringLiteral("MODE")},
    };
}

QStringList methodsCommandLineFor(const QVariantMap& options)
{
    const MethodOptions m = methodOptionsFrom(options);
    const MethodOptions defaults;
    QStringList args{QStringLiteral("--method"), scoreMethodKey(m.method), QStringLiteral("--heads"), QString::number(m.heads),
                     QStringLiteral("--head"), QString::number(m.head), QStringLiteral("--buckets"), QString::number(m.numBuckets),
                     QStringLiteral("--max-distance"), QString::number(m.maxDistance), QStringLiteral("--clip"), QString::number(m.clip)};
    // --mask sets both T5's direction and the others' causal mask: given only when the one the
    // method reads differs from its default, so that the other keeps its own.
    if (m.method == ScoreMethod::T5 ? m.bidirectional != defaults.bidirectional : m.causal != defaults.causal)
        args << QStringLiteral("--mask") << ((m.method == ScoreMethod::T5 ? !m.bidirectional : m.causal) ? QStringLiteral("causal")
                                                                                                   : QStringLiteral("none"));
    if (!m.t5File.isEmpty())
        args << QStringLiteral("--t5-biases") << (m.t5Tensor.isEmpty() ? m.t5File : m.t5File + QLatin1Char(':') + m.t5Tensor);
    if (m.t5Head != defaults.t5Head)
        args << QStringLiteral("--t5-head") << QString::number(m.t5Head);
    return args;
}

QString readMethodsCommandLine(const QCommandLineParser& parser, QVariantMap& options)
{
    return readViewCommandLine<MethodOptions>(parser, options, methodOptionsFrom, overrideMethods);
}

} // namespace pe::ui
