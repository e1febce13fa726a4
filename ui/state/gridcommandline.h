// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/gridoptions.h"

#include <QCommandLineOption>
#include <QList>
#include <QVariantMap>

class QCommandLineParser;

namespace pe::ui {

/// The grid view's command-line options (--grid, --grid-source, --grid-patch, …), declared by
/// its catalogue entry: `--help` lists them, and any of them given names the grid view.
QList<QCommandLineOption> gridCommandLineOptions();
/// Sets `options` (the grid view's, by key) from those given; returns a message naming the
/// option, the value and what is allowed, or nothing. The sides and patches are checked here,
/// the grid against a table's rows where it is drawn (a refusal names both).
QString readGridCommandLine(const QCommandLineParser& parser, QVariantMap& options);
/// The --grid… arguments that give `options` back (a figure's recipe).
QStringList gridCommandLineFor(const QVariantMap& options);

} // namespace pe::ui
