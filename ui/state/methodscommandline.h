// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QVariantMap>

class QCommandLineParser;

namespace pe::ui {

/// The methods view's command-line options (--method, --heads, --head, --buckets, --t5-biases,
/// --t5-head, --max-distance, --clip, --mask), declared by its catalogue entry: `--help` lists
/// them, and any of them given names the methods view.
QList<QCommandLineOption> methodsCommandLineOptions();
/// Sets `options` (the methods view's, by key) from those given; returns a message naming the
/// option, the value and what is allowed, or nothing. --t5-biases only names the file here; it
/// is read where the view is drawn or exported (and --t5-head checked against its heads there).
QString readMethodsCommandLine(const QCommandLineParser& parser, QVariantMap& options);
/// The --method… arguments that give `options` back as far as they reach (a figure's recipe):
/// the curves overlaid, the bucket index and the curves' scaling have no command-line option.
QStringList methodsCommandLineFor(const QVariantMap& options);

} // namespace pe::ui
