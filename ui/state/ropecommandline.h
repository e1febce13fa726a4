// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QVariantMap>

class QCommandLineParser;

namespace pe::ui {

/// The RoPE view's command-line options (--model, --model-config, --compare-config), declared by
/// its catalogue entry: `--help` lists them, and any of them given names the RoPE view.
QList<QCommandLineOption> ropeCommandLineOptions();
/// Sets `options` (the RoPE view's, by key) from those given; each config is read now, so that a
/// bad one is told before any work. Returns a message naming the option, the value and what is
/// allowed, or nothing.
QString readRopeCommandLine(const QCommandLineParser& parser, QVariantMap& options);
/// The --model… arguments that give `options`' model and comparison back (a figure's recipe);
/// the paper variants' sliders have no command-line option.
QStringList ropeCommandLineFor(const QVariantMap& options);

} // namespace pe::ui
