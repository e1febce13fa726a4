// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

class QCommandLineParser;

namespace pe::ui {

/// What the Heads view's data export writes (--heads-data): the chosen head's L × L scores or
/// attention, every head's kernel over offsets, or (the Llama family) each head's amplitude per
/// rotated pair.
enum class HeadsExport { Scores, Attention, Kernel, Amplitudes };
QString headsExportKey(HeadsExport data); ///< scores, attention, kernel, amplitudes
std::optional<HeadsExport> parseHeadsExport(const QString& key);
QStringList headsExportKeys();

/// The Heads view's options (issue 51): the checkpoint it reads, the layer and head drawn, what
/// the positions' input is (GPT-2, BERT), what the large map and the data export show.
struct HeadsOptions {
    static constexpr int maxLayer = 4095, maxHead = 4095;
    QString checkpoint;           ///< the file or folder opened (absolute once read); empty: none
    int layer = 0;
    int head = 0;                 ///< from 0; checked against the model's heads where it is read
    bool meanToken = false;       ///< --heads-input mean-token: the mean token embedding added
    HeadsExport data = HeadsExport::Scores;
    bool operator==(const HeadsOptions&) const = default;
};
QVariantMap toVariantMap(const HeadsOptions& options);
HeadsOptions headsOptionsFrom(const QVariantMap& map);

/// --checkpoint, --layer, --heads-input, --heads-data (and --head, which the methods view
/// declares for ALiBi's head: with --view heads, or --checkpoint and no --view, it is this view's).
QList<QCommandLineOption> headsCommandLineOptions();
QString readHeadsCommandLine(const QCommandLineParser& parser, QVariantMap& options);
QStringList headsCommandLineFor(const QVariantMap& options);

} // namespace pe::ui
