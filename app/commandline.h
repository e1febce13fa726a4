// SPDX-License-Identifier: MIT
#pragma once

#include "core/tones.h"
#include "ui/state/session.h"

#include <QCommandLineParser>

#include <QSize>
#include <QSizeF>
#include <QStringList>

#include <memory>
#include <optional>
#include <variant>

namespace pe::app {

/// Everything the command line can ask for (the contract in DESIGN.md). With a session
/// (`pe-explorer S.pe.json` or `--session S.pe.json`) its settings are the base and the options
/// given explicitly override them.
struct LaunchOptions {
    core::EncodingSpec spec;
    ui::ViewState state;
    ui::View view = ui::views::heatmap;
    QString exportPath;      ///< empty: open the window
    bool force = false;
    core::ToneSettings tones;  ///< --listen-rate, --listen-seconds: a .wav export of the waves
    QSize sizePixels;        ///< --size WxH, or invalid
    QSizeF sizeMillimetres;  ///< --size-mm WxH, or invalid
    int dpi = 300;
    double fontPoints = 8.0;                         ///< --font-size
    ui::FigureTitle title = ui::FigureTitle::Full;   ///< --title
    bool selectionMarks = true;                      ///< off with --no-marks
    bool positionGiven = false;
    bool dimsGiven = false;
    bool viewGiven = false; ///< --view named a view: the window starts with it on the stage
    /// The catalogue's views whose own options the command line set (their keys): the window
    /// starts from the ones used last with these given over them.
    QStringList viewOptionsGiven;
    /// The arguments as parsed, for windowStartState to read the views' own options again.
    std::shared_ptr<const QCommandLineParser> parsed;
    bool sizeGiven = false; ///< --d-model, --max-len or a session set the size (a table given with --encoding keeps it)
    bool maxLenGiven = false; ///< --max-len or a session set max_len (a checkpoint's positions stand in otherwise)
    QString encodingPath;    ///< --encoding FILE[:TENSOR]: a table the heatmap shows (empty: none)
    QString encodingTensor;  ///< the tensor named after the colon (empty: the likely one)
    bool encodingFromSession = false; ///< the table is the session's (checked against its size and fingerprint)
    /// What the window does with work a crashed window left behind (the recovery file): ask
    /// whether to restore it, restore it without asking (--restore), or leave it (--no-restore).
    enum class Recovery { Ask, Restore, Skip };
    Recovery recovery = Recovery::Ask;
    QString sessionPath;                 ///< the session named on the command line, or empty
    std::optional<ui::Session> session;  ///< as read from sessionPath (its layout for the window)
};

/// What the program should do instead of running: print help or the version (exit 0), or
/// report bad arguments (exit 2). `text` goes to stdout for 0 and to stderr otherwise.
struct EarlyExit {
    int exitCode = 0;
    QString text;
};

/// Parses arguments (arguments[0] is the program). Every rejected value yields exit code 2 and
/// a message naming the option, the value and what is allowed.
std::variant<LaunchOptions, EarlyExit> parseCommandLine(const QStringList& arguments);

/// What the window starts from without a session: the options of the views that keep their own
/// by key (rope, embeddings, methods, grid, an entry's) as used last (`rememberedViewOptions`,
/// by key), with what the command line gave over them (--model, --method, any --grid… option).
ui::ViewState windowStartState(const LaunchOptions& options, const QMap<QString, QVariantMap>& rememberedViewOptions = {});

} // namespace pe::app
