// SPDX-License-Identifier: MIT
#pragma once

#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QVariantMap>
#include <QString>

#include <functional>
#include <optional>
#include <variant>
#include <vector>

namespace pe::ui {

/// The position table a session showed (File ▸ Open encoding): found again by its path,
/// and checked by size and fingerprint (tableFingerprint() in ui/modelfiles) before it is opened.
struct TableReference {
    QString path;        ///< absolute; empty: the session showed no table
    QString tensor;      ///< a .safetensors tensor's name, else empty
    qint64 size = 0;     ///< bytes
    QString fingerprint; ///< 64 hex digits
    bool isEmpty() const { return path.isEmpty(); }
    bool operator==(const TableReference&) const = default;
};

/// Everything a session file (.pe.json) holds: the settings (the RoPE and embeddings views'
/// options among them, in the file's view.options) and the window's layout. Depends on Qt Core only, so that the command line and a fuzzer can use it.
struct Session {
    Settings settings;
    bool presentation = false;  ///< presentation mode (large fonts)
    QByteArray windowGeometry;  ///< QMainWindow::saveGeometry(), empty when not stored
    QByteArray windowState;     ///< QMainWindow::saveState(), empty when not stored
    TableReference table;       ///< the position table shown, if any ("table" in the file)
    bool operator==(const Session&) const = default;
};

/// Why a session could not be read: names the file or field, the value and what is allowed.
struct SessionError {
    QString message;
};

using SessionResult = std::variant<Session, SessionError>;

/// Limits of the file itself (the settings follow WindowLimits).
struct SessionLimits {
    static constexpr qint64 maxFileBytes = 1 << 20;      ///< refused before reading it all
    static constexpr int maxLayoutBytes = 256 * 1024;    ///< each of geometry and state, decoded
    static constexpr int maxViewOptions = 16;            ///< options of one view
    static constexpr int maxOptionText = 4096;           ///< characters of a text option
    static constexpr double maxOptionNumber = 1e9;       ///< magnitude of a number option
    static constexpr int maxTablePath = 4096;            ///< characters of table.path and table.tensor
};

/// The conventions view's comparisons, as --compare and selection.compare name them.
QStringList settingsComparisonNames();
/// The number formats in the order of core::NumberFormat (float64, float32, bfloat16, float16).
QStringList settingsFormatNames();
/// The precision modes in the order of core::PrecisionMode (stored, computed).
QStringList settingsPrecisionModeNames();

/// Why settings cannot be shown in the window ("spec.d_model = 0 is out of range; allowed:
/// 1 to 4096"), or an empty string. Values are never clamped here: a session holding them is
/// refused with this message.
QString settingsError(const Settings& settings);

/// The version of the session format this program writes ("version" in the file).
inline constexpr int sessionFormatVersion = 1;

/// One step in the history of the session format: turns the JSON of a file written as version
/// `from` into version `from + 1` (renaming, moving or converting fields). Every version the
/// program ever wrote opens: a change of the format bumps sessionFormatVersion and adds the
/// step from the version before, and a sample of each version lives in tests/data/sessions/.
struct SessionMigration {
    int from = 0;
    std::function<void(QJsonObject& root)> apply;
};

/// The steps from each earlier version to the next; empty while version 1 is the only one.
const std::vector<SessionMigration>& sessionMigrations();

/// Brings `root` (a session object whose "version" was read) up to `target` through `steps`,
/// setting its "version" as it goes. Returns why it cannot: a version above `target` (written
/// by a newer program), or one no chain of steps leads from.
std::optional<QString> migrateSessionJson(QJsonObject& root, int target, const std::vector<SessionMigration>& steps);

/// The session as a JSON object ("format": "pe-explorer-session", "version": sessionFormatVersion).
QJsonObject sessionJson(const Session& session);
/// Reads a session object (after migrating it to the current version); see parseSession.
SessionResult sessionFromJson(const QJsonObject& root);

/// The session as JSON text (sessionJson, indented).
QByteArray serializeSession(const Session& session);

/// Parses JSON text. Every field but format and version may be left out (it keeps its
/// default); unknown fields, wrong types and values outside the window's limits are errors.
SessionResult parseSession(const QByteArray& json);

/// Reads and parses a file; refuses folders, special files and files over maxFileBytes
/// before reading them. Messages start with the path.
SessionResult readSessionFile(const QString& path);

/// Writes atomically (QSaveFile): the old file stays whole when anything fails. Returns an
/// empty string, or a message naming the path and the reason (a full disk: the space needed).
QString writeSessionFile(const QString& path, const Session& session);

} // namespace pe::ui
