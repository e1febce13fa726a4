// SPDX-License-Identifier: MIT
// Session files (.pe.json) as users meet them: a saved session opens to exactly the same
// window; every malformed or hostile file is refused with a message naming the field, the
// value and what is allowed, and leaves the window as it was; File ▸ Open/Save/Recent work
// through the real MainWindow (offscreen, Qt's test settings sandbox).
// Expected JSON is written out by hand here, never produced by the code under test.
#include "ui/document/document.h"
#include "ui/window/mainwindow.h"
#include "ui/views/plotview.h"
#include "ui/state/preferences.h"
#include "ui/state/session.h"
#include "ui/window/sessioncontroller.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"
#include "ui/state/methodsoptions.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <sys/stat.h>
#include <unistd.h>

#include <functional>
#include <memory>

using pe::ui::MainWindow;
using pe::ui::Session;
using pe::ui::SessionError;
using pe::ui::Settings;

Q_DECLARE_METATYPE(pe::ui::Session)

namespace {

/// A session file as a user might write it: the header and the given members.
QByteArray sessionJson(const QString& members)
{
    QString text = QStringLiteral("{\"format\": \"pe-explorer-session\", \"version\": 1");
    if (!members.isEmpty())
        text += QStringLiteral(", ") + members;
    return (text + QStringLiteral("}")).toUtf8();
}

QString errorOf(const pe::ui::SessionResult& result)
{
    const auto* error = std::get_if<SessionError>(&result);
    return error ? error->message : QString();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Settings that differ from the defaults in every field.
Settings unusualSettings()
{
    Settings s;
    s.spec.dModel = 37;
    s.spec.maxLen = 513;
    s.spec.base = 12345.678901234567;
    s.spec.layout = pe::core::Layout::Split;
    s.spec.frequencies = pe::core::FrequencyRule::Tensor2Tensor;
    s.spec.firstPosition = 2;
    s.state.dims = {0, 36, 100, 3};
    s.state.position = 512;
    s.state.dimension = 36;
    s.state.offset = -514;
    s.state.normalize = true;
    s.state.colormap = QStringLiteral("diverging");
    s.state.bandFirst = 3;
    s.state.bandLast = 17; // the last pair: tensor2tensor's d_model 37 has ⌊37/2⌋ = 18 pairs and a zero column
    s.state.comparison = pe::core::Comparison::ShiftedCosine;
    s.state.format = pe::core::NumberFormat::BFloat16;
    s.state.precisionMode = pe::core::PrecisionMode::Stored;
    return s;
}

/// Looks for the modal dialog every 10 ms until it is shown, then answers it. Each look
/// schedules the next with a copy of `answer`: no function that holds itself (a shared_ptr to
/// a lambda capturing it never went, which LeakSanitizer reported).
template <typename T>
void pollForModal(const std::function<void(T*)>& answer)
{
    if (auto* dialog = qobject_cast<T*>(QApplication::activeModalWidget())) {
        answer(dialog);
        return;
    }
    QTimer::singleShot(10, [answer] { pollForModal<T>(answer); });
}

/// Runs `answer` on the next modal dialog of type T once it is shown (file dialogs, messages).
template <typename T>
void whenModal(std::function<void(T*)> answer)
{
    QTimer::singleShot(0, [answer] { pollForModal<T>(answer); });
}

/// Answers the next file dialog with `path`.
void answerFileDialog(const QString& path)
{
    whenModal<QFileDialog>([path](QFileDialog* dialog) {
        dialog->selectFile(path);
        static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept() checks the name, as OK does
    });
}

/// Closes the next message box and stores its text.
void captureMessage(QString* text)
{
    whenModal<QMessageBox>([text](QMessageBox* box) {
        *text = box->text();
        box->accept();
    });
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void roundTrip();
    void everyViewsOwnOptionsAreKept();
    void writtenAsDocumented();
    void missingFieldsKeepDefaults();
    void malformed_data();
    void malformed();
    void badFiles_data();
    void badFiles();
    void saveAndOpenThroughTheMenu();
    void openingIsOneUndoStep();
    void viewOptionsAreRememberedForTheNextWindow();
    void recentSessions();
    void unwritableFolder_data();
    void unwritableFolder();
    void oldSessionSamplesOpen_data();
    void oldSessionSamplesOpen();
    void everySampleIsChecked();
    void migrationStepsRunInOrder();

private:
    void openWindow(); ///< a new window; the settings stay
    QAction* action(const QKeySequence& shortcut) const;
    pe::ui::SessionController* sessions() const { return m_window->sessions(); }

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestSession::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("pe-explorer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_session"));
    const QString file = QSettings().fileName();
    QVERIFY2(file.contains(QStringLiteral("/.qttest/")), qPrintable(file));
    QVERIFY(m_dir.isValid());
    QSettings(QSettings::UserScope, QStringLiteral("QtProject")).remove(QStringLiteral("FileDialog")); // see cleanup()
}

void TestSession::init()
{
    QSettings().clear();
    openWindow();
}

// The RoPE, embeddings and methods options a user set are what the next window starts from
// (main() reads them back through Preferences when no session is given); a fresh profile gives
// the defaults.
void TestSession::viewOptionsAreRememberedForTheNextWindow()
{
    using pe::ui::Preferences;
    using pe::ui::View;
    const auto remembered = [](View view) { return Preferences::viewOptions(view); };
    QCOMPARE(pe::ui::ropeOptionsFrom(remembered(pe::ui::views::rope)), pe::ui::RopeOptions{});
    QCOMPARE(pe::ui::embeddingsOptionsFrom(remembered(pe::ui::views::embeddings)), pe::ui::EmbeddingsOptions{});
    QCOMPARE(pe::ui::methodOptionsFrom(remembered(pe::ui::views::methods)), pe::ui::MethodOptions{});
    m_window->document()->setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(pe::ui::RopeOptions{2.5, 8192, true}));
    pe::ui::EmbeddingsOptions embeddings;
    embeddings.sentence = QStringLiteral("a rose is a rose");
    embeddings.segments = true;
    m_window->document()->setViewOptions(pe::ui::views::embeddings, pe::ui::toVariantMap(embeddings));
    pe::ui::MethodOptions methods;
    methods.method = pe::ui::ScoreMethod::Shaw;
    methods.clip = 7;
    m_window->document()->setViewOptions(pe::ui::views::methods, pe::ui::toVariantMap(methods));
    QCOMPARE(pe::ui::ropeOptionsFrom(remembered(pe::ui::views::rope)), (pe::ui::RopeOptions{2.5, 8192, true}));
    QCOMPARE(pe::ui::embeddingsOptionsFrom(remembered(pe::ui::views::embeddings)), embeddings);
    QCOMPARE(pe::ui::methodOptionsFrom(remembered(pe::ui::views::methods)), methods);
    m_window->document()->undoStack()->undo(); // what is remembered follows undo too
    QCOMPARE(pe::ui::methodOptionsFrom(remembered(pe::ui::views::methods)), pe::ui::MethodOptions{});
    QCOMPARE(pe::ui::embeddingsOptionsFrom(remembered(pe::ui::views::embeddings)), embeddings);
}

void TestSession::openWindow()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestSession::cleanup()
{
    m_window.reset();
    QSettings().clear();
    // Nor where Qt's file dialog was: the read-only-file-system case answers it with /proc,
    // which a later test's file dialog would list (reading /proc/kmsg blocks).
    QSettings(QSettings::UserScope, QStringLiteral("QtProject")).remove(QStringLiteral("FileDialog"));
}

QAction* TestSession::action(const QKeySequence& shortcut) const
{
    for (QAction* a : m_window->findChildren<QAction*>())
        if (a->shortcut() == shortcut)
            return a;
    return nullptr;
}

void TestSession::roundTrip()
{
    Session session;
    session.settings = unusualSettings();
    session.presentation = true;
    session.windowGeometry = QByteArray("\x01\x02geometry\xff", 11);
    session.windowState = QByteArray(1000, '\x7f');
    setRopeOptions(session.settings.state, pe::ui::RopeOptions{16, 2048, true});
    pe::ui::EmbeddingsOptions sentence;
    sentence.sentence = QStringLiteral("一 two [SEP] three");
    sentence.segments = true;
    setEmbeddingsOptions(session.settings.state, sentence);
    // Every methods option away from its default, the overlay as one text of keys.
    pe::ui::MethodOptions methods;
    methods.method = pe::ui::ScoreMethod::TransformerXl;
    methods.curves = pe::ui::scoreMethodBit(pe::ui::ScoreMethod::Rope) | pe::ui::scoreMethodBit(pe::ui::ScoreMethod::NoPe);
    methods.heads = 12;
    methods.head = 0;
    methods.numBuckets = 64;
    methods.maxDistance = 300;
    methods.bidirectional = false;
    methods.bucketIndex = true;
    methods.clip = 9;
    methods.causal = false;
    methods.scaleCurves = false;
    methods.t5File = QStringLiteral("/models/t5-small/model.safetensors");
    methods.t5Tensor = QStringLiteral("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight");
    setMethodOptions(session.settings.state, methods);
    QVERIFY(pe::ui::settingsError(session.settings).isEmpty());

    const QString path = m_dir.filePath(QStringLiteral("round.pe.json"));
    QCOMPARE(pe::ui::writeSessionFile(path, session), QString());
    const auto read = pe::ui::readSessionFile(path);
    QVERIFY2(errorOf(read).isEmpty(), qPrintable(errorOf(read)));
    QVERIFY(std::get<Session>(read) == session);
    // Atomic write: no temporary file is left beside it.
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("round*")}, QDir::Files), QStringList{QStringLiteral("round.pe.json")});
}

// Every view with options of its own, found through the catalogue (the extra view entered at
// this binary's start-up among them): its options, away from their defaults, are written as
// view.options.<key> and read back the same.
void TestSession::everyViewsOwnOptionsAreKept()
{
    int views = 0;
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog()) {
        if (!pe::ui::hasOwnOptions(d.view))
            continue;
        // Each number one step from its default, made valid as the view makes it.
        QVariantMap moved = d.defaultOptions;
        for (auto option = moved.begin(); option != moved.end(); ++option)
            if (option.value().typeId() == QMetaType::Int || option.value().typeId() == QMetaType::Double)
                option.value() = option.value().toDouble() + 1;
        moved = pe::ui::validViewOptions(d.view, moved);
        Session session;
        session.settings.state.setOptionsOf(d.view, moved);
        const QJsonObject json = pe::ui::sessionJson(session);
        QVERIFY2(json.value(QStringLiteral("view")).toObject().value(QStringLiteral("options")).toObject().contains(
                     QString::fromLatin1(d.key)) || moved == d.defaultOptions,
                 d.key);
        QVERIFY2(moved != d.defaultOptions || d.key != QByteArrayView("wavelengths"), "the extra view's options moved");
        const pe::ui::SessionResult read = pe::ui::sessionFromJson(json);
        QVERIFY2(errorOf(read).isEmpty(), qPrintable(errorOf(read)));
        QVERIFY2(std::get<Session>(read).settings.state.optionsOf(d.view) == moved, d.key);
        ++views;
    }
    QVERIFY(pe::ui::parseView(QStringLiteral("wavelengths"))); // the extra view is among them
    QVERIFY(views >= 5);
}

void TestSession::writtenAsDocumented()
{
    Session session;
    session.settings = unusualSettings();
    const QJsonObject root = QJsonDocument::fromJson(pe::ui::serializeSession(session)).object();
    QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("pe-explorer-session"));
    QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
    const QJsonObject spec = root.value(QStringLiteral("spec")).toObject();
    QCOMPARE(spec.value(QStringLiteral("d_model")).toInt(), 37);
    QCOMPARE(spec.value(QStringLiteral("max_len")).toInt(), 513);
    QCOMPARE(spec.value(QStringLiteral("base")).toDouble(), 12345.678901234567); // exact: no digits lost
    QCOMPARE(spec.value(QStringLiteral("layout")).toString(), QStringLiteral("split"));
    QCOMPARE(spec.value(QStringLiteral("frequencies")).toString(), QStringLiteral("tensor2tensor"));
    QCOMPARE(spec.value(QStringLiteral("first_position")).toInt(), 2);
    const QJsonObject selection = root.value(QStringLiteral("selection")).toObject();
    QCOMPARE(selection.value(QStringLiteral("dims")).toArray(), (QJsonArray{0, 36, 100, 3}));
    QCOMPARE(selection.value(QStringLiteral("position")).toInt(), 512);
    QCOMPARE(selection.value(QStringLiteral("dimension")).toInt(), 36);
    QCOMPARE(selection.value(QStringLiteral("offset")).toInt(), -514);
    QCOMPARE(selection.value(QStringLiteral("normalize")).toBool(), true);
    QCOMPARE(selection.value(QStringLiteral("colormap")).toString(), QStringLiteral("diverging"));
    QCOMPARE(selection.value(QStringLiteral("band")).toArray(), (QJsonArray{3, 17}));
    // The names of the command line's --compare, --format and --precision.
    QCOMPARE(selection.value(QStringLiteral("compare")).toString(), QStringLiteral("shifted-cosine"));
    QCOMPARE(selection.value(QStringLiteral("format")).toString(), QStringLiteral("bfloat16"));
    QCOMPARE(selection.value(QStringLiteral("precision")).toString(), QStringLiteral("stored"));
}

void TestSession::missingFieldsKeepDefaults()
{
    const auto read = pe::ui::parseSession(sessionJson(QStringLiteral("\"spec\": {\"d_model\": 128}, \"selection\": {\"band\": null}")));
    QVERIFY2(errorOf(read).isEmpty(), qPrintable(errorOf(read)));
    Settings expected;
    expected.spec.dModel = 128;
    QVERIFY(std::get<Session>(read).settings == expected);
    QCOMPARE(std::get<Session>(read).presentation, false);
    QVERIFY(std::get<Session>(read).windowState.isEmpty());
}

void TestSession::malformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected"); // regex the message must match

    auto row = [](const char* name, const QByteArray& json, const char* expected) {
        QTest::newRow(name) << json << QString::fromUtf8(expected);
    };
    auto spec = [](const char* members) { return sessionJson(QStringLiteral("\"spec\": {%1}").arg(QLatin1String(members))); };
    auto selection = [](const char* members) {
        return sessionJson(QStringLiteral("\"selection\": {%1}").arg(QLatin1String(members)));
    };
    row("empty", "", "empty");
    row("only spaces", "  \n\t ", "empty");
    row("truncated", sessionJson(QStringLiteral("\"spec\": {\"d_model\": 64}")).chopped(3), "not valid JSON.*at byte \\d+");
    row("junk", QByteArray(200000, '\x9c'), "not valid JSON");
    row("deep nesting", QByteArray(100000, '[') + QByteArray(100000, ']'), "not valid JSON");
    row("deep object nesting", QByteArray("{\"a\":").repeated(5000) + "1" + QByteArray(5000, '}'), "not valid JSON");
    row("array", "[1, 2]", "array; allowed: a session object");
    row("number", "42", "not valid JSON");
    row("no format", "{\"version\": 1}", "format is nothing; allowed: \"pe-explorer-session\"");
    row("other format", "{\"format\": \"other\", \"version\": 1}", "format is \"other\"; allowed: \"pe-explorer-session\"");
    row("version 2", "{\"format\": \"pe-explorer-session\", \"version\": 2}",
        "version is 2; allowed: up to 1 \\(this file was written by a newer PE Explorer");
    row("version 0", "{\"format\": \"pe-explorer-session\", \"version\": 0}", "version is 0; allowed: 1 \\(no PE Explorer wrote version 0\\)");
    row("version 1.5", "{\"format\": \"pe-explorer-session\", \"version\": 1.5}", "version is 1.5; allowed: a whole number up to 1");
    row("version as text", "{\"format\": \"pe-explorer-session\", \"version\": \"1\"}", "version is \"1\"; allowed: a whole number up to 1");
    row("no version", "{\"format\": \"pe-explorer-session\"}", "version is nothing; allowed: a whole number up to 1");
    row("unknown top-level field", sessionJson(QStringLiteral("\"extra\": 1")), "unknown field \"extra\"; allowed: format, version, spec");
    row("unknown spec field", spec("\"d-model\": 64"), "spec: unknown field \"d-model\"; allowed: d_model");
    row("spec is an array", sessionJson(QStringLiteral("\"spec\": [64]")), "spec is an array; allowed: an object");
    row("d_model 0", spec("\"d_model\": 0"), "spec.d_model = 0 is out of range; allowed: a whole number from 1 to 4096");
    row("d_model beyond the window", spec("\"d_model\": 4097"), "spec.d_model = 4097 is out of range; allowed: a whole number from 1 to 4096");
    row("d_model 1e308", spec("\"d_model\": 1e308"), "spec.d_model = 1e\\+308 is out of range");
    row("d_model 20 digits", spec("\"d_model\": 99999999999999999999"), "spec.d_model = 1e\\+20 is out of range");
    row("d_model 1e400", spec("\"d_model\": 1e400"), "spec.d_model|not valid JSON");
    row("d_model fraction", spec("\"d_model\": 64.5"), "spec.d_model = 64.5 is not a whole number; allowed: a whole number from 1 to 4096");
    row("d_model as text", spec("\"d_model\": \"64\""), "spec.d_model is \"64\", not a number; allowed: a whole number from 1 to 4096");
    row("d_model NaN text", spec("\"d_model\": \"NaN\""), "spec.d_model is \"NaN\", not a number");
    row("d_model bare NaN", spec("\"d_model\": NaN"), "not valid JSON");
    row("d_model null", spec("\"d_model\": null"), "spec.d_model is null, not a number");
    row("d_model true", spec("\"d_model\": true"), "spec.d_model is true, not a number");
    row("max_len beyond the window", spec("\"max_len\": 1048577"), "spec.max_len = 1048577 is out of range; allowed: a whole number from 1 to 1048576");
    row("max_len negative", spec("\"max_len\": -5"), "spec.max_len = -5 is out of range");
    row("base 1", spec("\"base\": 1"), "spec.base = 1 is out of range; allowed: a number from 1.01 to 1e\\+09");
    row("base 1e10", spec("\"base\": 1e10"), "spec.base = 1e\\+10 is out of range; allowed: a number from 1.01 to 1e\\+09");
    row("base Infinity text", spec("\"base\": \"Infinity\""), "spec.base is \"Infinity\", not a number");
    row("base -0", spec("\"base\": -0"), "spec.base = -?0 is out of range");
    row("first_position -1", spec("\"first_position\": -1"), "spec.first_position = -1 is out of range; allowed: a whole number from 0 to 1000000");
    row("layout diagonal", spec("\"layout\": \"diagonal\""), "spec.layout is \"diagonal\"; allowed: interleaved, split");
    row("frequencies 3", spec("\"frequencies\": 3"), "spec.frequencies is 3; allowed: paper, tensor2tensor");
    row("position = max_len", sessionJson(QStringLiteral("\"spec\": {\"max_len\": 100}, \"selection\": {\"position\": 100}")),
        "selection.position = 100 is out of range; allowed: 0 to 99");
    row("dimension = d_model", selection("\"dimension\": 64"), "selection.dimension = 64 is out of range; allowed: 0 to 63");
    row("offset before position 0", sessionJson(QStringLiteral("\"spec\": {\"first_position\": 2}, \"selection\": {\"offset\": -3}")),
        "selection.offset = -3 is out of range; allowed: -2");
    row("offset 1e300", selection("\"offset\": 1e300"), "selection.offset = 1e\\+300 is out of range");
    row("dims as text", selection("\"dims\": \"4,5\""), "selection.dims is \"4,5\"; allowed: a list of up to 16 dimensions");
    row("dims twice", selection("\"dims\": [4, 4]"), "selection.dims\\[1\\] = 4 is listed twice");
    row("dims negative", selection("\"dims\": [-1]"), "selection.dims\\[0\\] = -1 is out of range; allowed: a whole number from 0 to 4095");
    row("dims fraction", selection("\"dims\": [1.5]"), "selection.dims\\[0\\] = 1.5 is not a whole number");
    row("dims nested", selection("\"dims\": [[1]]"), "selection.dims\\[0\\] is an array, not a number");
    QByteArray many = "\"dims\": [0";
    for (int i = 1; i < 17; ++i)
        many += ", " + QByteArray::number(i);
    row("17 dims", selection(many + "]"), "selection.dims names 17 dimensions; allowed: at most 16");
    row("band reversed", selection("\"band\": [3, 1]"), "selection.band = \\[3, 1\\] is out of range; allowed: null or \\[first, last\\]");
    row("band past the pairs", selection("\"band\": [0, 32]"), "selection.band = \\[0, 32\\] is out of range.*31");
    row("band as text", selection("\"band\": \"3-5\""), "selection.band is \"3-5\"; allowed: null \\(no band\\) or \\[first pair, last pair\\]");
    row("band of three", selection("\"band\": [1, 2, 3]"), "selection.band is an array; allowed: null");
    row("colormap jet", selection("\"colormap\": \"jet\""), "selection.colormap is \"jet\"; allowed: viridis, diverging, grayscale");
    row("normalize yes", selection("\"normalize\": \"yes\""), "selection.normalize is \"yes\"; allowed: true or false");
    row("presentation 1", sessionJson(QStringLiteral("\"view\": {\"presentation\": 1}")), "view.presentation is 1; allowed: true or false");
    row("compare unknown", selection("\"compare\": \"shifted\""),
        "selection.compare is \"shifted\"; allowed: layout, frequencies, first-position, doubled-exponent, shifted-cosine");
    row("format float8", selection("\"format\": \"float8\""), "selection.format is \"float8\"; allowed: float64, float32, bfloat16, float16");
    row("precision true", selection("\"precision\": true"), "selection.precision is true; allowed: stored, computed");
    auto options = [](const char* members) {
        return sessionJson(QStringLiteral("\"view\": {\"options\": {%1}}").arg(QLatin1String(members)));
    };
    row("options of an unknown view", options("\"spiral\": {}"), "view.options: unknown field \"spiral\"; allowed: heatmap");
    row("options as a list", sessionJson(QStringLiteral("\"view\": {\"options\": [1]}")), "view.options is an array; allowed: an object");
    row("rope options a number", options("\"rope\": 8"), "view.options.rope is 8; allowed: an object of options");
    row("option nested", options("\"rope\": {\"scale\": [8]}"), "view.options.rope.scale is an array; allowed: true, false, a number");
    row("option 1e300", options("\"rope\": {\"scale\": 1e300}"), "view.options.rope.scale = 1e\\+300|view.options.rope.scale is 1e\\+300; allowed");
    row("option name with a dot", options("\"rope\": {\"a.b\": 1}"), "view.options.rope: option name \"a.b\" is not allowed");
    row("option text with a lone surrogate", options("\"embeddings\": {\"sentence\": \"\\ud800\"}"),
        "view.options.embeddings.sentence is \".*\"; allowed");
    row("option null", options("\"rope\": {\"scale\": null}"), "view.options.rope.scale is null; allowed");
    QByteArray manyOptions;
    for (int i = 0; i < 17; ++i)
        manyOptions += (i ? ", " : "") + QByteArray("\"o") + QByteArray::number(i) + "\": 1";
    row("17 options", options(("\"rope\": {" + manyOptions + "}").constData()), "view.options.rope has 17 options; allowed: at most 16");
    row("sentence of 5000 characters",
        sessionJson(QStringLiteral("\"view\": {\"options\": {\"embeddings\": {\"sentence\": \"%1\"}}}").arg(QString(5000, QLatin1Char('a')))),
        "view.options.embeddings.sentence is \"a+…\"; allowed: .*a text of at most 4096 characters");
    row("window state not base64", sessionJson(QStringLiteral("\"window\": {\"state\": \"!!not base64!!\"}")),
        "window.state is \"!!not base64!!\"; allowed: base64 text");
    row("window geometry a number", sessionJson(QStringLiteral("\"window\": {\"geometry\": 5}")), "window.geometry is 5; allowed: base64 text");
    row("window state too large", sessionJson(QStringLiteral("\"window\": {\"state\": \"%1\"}").arg(QString(400000, QLatin1Char('A')))),
        "window.state is \"A+…\"; allowed: base64 text of at most 262144 bytes");
}

void TestSession::malformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);

    const QString message = errorOf(pe::ui::parseSession(json));
    QVERIFY2(QRegularExpression(expected).match(message).hasMatch(),
             qPrintable(QStringLiteral("message '%1' does not match /%2/").arg(message, expected)));

    // Through the window: refused with the message (naming the file), nothing changes.
    m_window->document()->setDModel(48);
    const Settings before = m_window->document()->settings();
    const int steps = m_window->document()->undoStack()->count();
    const QString title = m_window->windowTitle();
    const QString path = m_dir.filePath(QStringLiteral("bad.pe.json"));
    QVERIFY(writeFile(path, json));
    const QString shown = sessions()->openSession(path);
    QVERIFY2(shown.startsWith(path) && shown.contains(message), qPrintable(shown));
    QVERIFY(m_window->document()->settings() == before);
    QCOMPARE(m_window->document()->undoStack()->count(), steps);
    QCOMPARE(m_window->windowTitle(), title);
    QCOMPARE(sessions()->currentPath(), QString());
    QVERIFY(pe::ui::SessionController::recentSessions().isEmpty());
}

void TestSession::badFiles_data()
{
    QTest::addColumn<QString>("path"); // %1: the temporary folder
    QTest::addColumn<QString>("expected");

    QTest::newRow("missing") << QStringLiteral("%1/none.pe.json") << QStringLiteral("none.pe.json: no such file");
    QTest::newRow("folder") << QStringLiteral("%1/folder.pe.json") << QStringLiteral("folder.pe.json: is a folder, not a session file");
    QTest::newRow("empty") << QStringLiteral("%1/empty.pe.json") << QStringLiteral("empty.pe.json: the file is empty");
    QTest::newRow("over 1 MiB") << QStringLiteral("%1/huge.pe.json")
                                << QStringLiteral("huge.pe.json: the file is larger than a session can be; allowed: at most 1048576 bytes");
    QTest::newRow("fifo") << QStringLiteral("%1/fifo.pe.json") << QStringLiteral("fifo.pe.json: is not a regular file");
    QTest::newRow("device") << QStringLiteral("/dev/zero") << QStringLiteral("/dev/zero: is not a regular file");
    // Unreadable for every user, root included: the kernel refuses to read address 0.
    QTest::newRow("unreadable") << QStringLiteral("/proc/self/mem") << QStringLiteral("/proc/self/mem: cannot be read: ");
    if (getuid() != 0)
        QTest::newRow("no permission") << QStringLiteral("%1/locked.pe.json") << QStringLiteral("locked.pe.json: cannot be read: ");
    QTest::newRow("empty name") << QString() << QStringLiteral("an empty file name");
}

void TestSession::badFiles()
{
    QFETCH(QString, path);
    QFETCH(QString, expected);

    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.pe.json")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("empty.pe.json")), {}));
    // A valid session followed by megabytes of spaces: refused by its size alone.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("huge.pe.json")), sessionJson({}) + QByteArray(3 << 20, ' ')));
    QCOMPARE(mkfifo(dir.filePath(QStringLiteral("fifo.pe.json")).toLocal8Bit().constData(), 0600), 0);
    QVERIFY(writeFile(dir.filePath(QStringLiteral("locked.pe.json")), sessionJson({})));
    QVERIFY(QFile::setPermissions(dir.filePath(QStringLiteral("locked.pe.json")), {}));
    const QString file = path.contains(QLatin1String("%1")) ? path.arg(dir.path()) : path;

    m_window->document()->setMaxLen(77);
    const Settings before = m_window->document()->settings();
    const QString message = sessions()->openSession(file);
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY(m_window->document()->settings() == before);
    QCOMPARE(sessions()->currentPath(), QString());
}

void TestSession::saveAndOpenThroughTheMenu()
{
    QAction* saveAs = action(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    QAction* save = action(QKeySequence(Qt::CTRL | Qt::Key_S));
    QAction* open = action(QKeySequence(Qt::CTRL | Qt::Key_O));
    QVERIFY(saveAs && save && open);

    m_window->document()->change(unusualSettings(), pe::ui::Document::Field::All);
    m_window->setPresentationMode(true);
    // s 16, and the deployed variants' own parameters: L 20000, YaRN ref. untruncated, Llama 3 low 2, high 8.
    const pe::ui::RopeOptions rope{16, 4096, false, 20000, false, 2, 8};
    m_window->document()->setViewOptions(pe::ui::views::rope, pe::ui::toVariantMap(rope));
    const QString path = m_dir.filePath(QStringLiteral("menu.pe.json"));
    QFile::remove(path);
    answerFileDialog(path);
    saveAs->trigger();
    QVERIFY(QFileInfo::exists(path));
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("menu.pe.json")));
    QVERIFY(!m_window->isWindowModified());

    // The file holds what the window shows (read independently of the session parser).
    QJsonObject spec = QJsonDocument::fromJson(readFile(path)).object().value(QStringLiteral("spec")).toObject();
    QCOMPARE(spec.value(QStringLiteral("d_model")).toInt(), 37);
    QCOMPARE(QJsonDocument::fromJson(readFile(path)).object().value(QStringLiteral("view")).toObject()
                 .value(QStringLiteral("presentation")).toBool(), true);
    QCOMPARE(QJsonDocument::fromJson(readFile(path)).object().value(QStringLiteral("view")).toObject()
                 .value(QStringLiteral("options")).toObject().value(QStringLiteral("rope")).toObject()
                 .value(QStringLiteral("scale")).toInt(), 16);
    const QJsonObject ropeJson = QJsonDocument::fromJson(readFile(path)).object().value(QStringLiteral("view")).toObject()
                                     .value(QStringLiteral("options")).toObject().value(QStringLiteral("rope")).toObject();
    QCOMPARE(ropeJson.value(QStringLiteral("sequenceLength")).toInt(), 20000);
    QCOMPARE(ropeJson.value(QStringLiteral("yarnTruncate")).toBool(true), false);
    QCOMPARE(ropeJson.value(QStringLiteral("lowFrequencyFactor")).toDouble(), 2.0);
    QCOMPARE(ropeJson.value(QStringLiteral("highFrequencyFactor")).toDouble(), 8.0);

    m_window->document()->setDModel(40);
    QVERIFY(m_window->isWindowModified());
    m_window->document()->undoStack()->undo(); // back to what was saved: no longer modified
    QVERIFY(!m_window->isWindowModified());
    m_window->document()->setDModel(40);
    save->trigger(); // Ctrl+S saves to the same file without asking
    QVERIFY(!m_window->isWindowModified());
    spec = QJsonDocument::fromJson(readFile(path)).object().value(QStringLiteral("spec")).toObject();
    QCOMPARE(spec.value(QStringLiteral("d_model")).toInt(), 40);

    // A fresh window opens it to the same state, layout mode included.
    m_window->setPresentationMode(false); // the window remembers the mode: start from the normal one
    m_window.reset();
    openWindow();
    QCOMPARE(m_window->presentationMode(), false);
    QCOMPARE(ropeOptions(m_window->document()->state()).scale, 8);
    answerFileDialog(path);
    action(QKeySequence(Qt::CTRL | Qt::Key_O))->trigger();
    Settings expected = unusualSettings();
    expected.spec.dModel = 40;
    expected.state.dimension = 36;
    setRopeOptions(expected.state, rope); // the RoPE view's options are settings too
    QVERIFY(m_window->document()->settings() == expected);
    QCOMPARE(m_window->presentationMode(), true);
    QCOMPARE(ropeOptions(m_window->document()->state()), rope);
    QVERIFY(!m_window->isWindowModified());
    QCOMPARE(sessions()->currentPath(), QFileInfo(path).absoluteFilePath());
}

void TestSession::openingIsOneUndoStep()
{
    Session session;
    session.settings = unusualSettings();
    const QString path = m_dir.filePath(QStringLiteral("undo.pe.json"));
    QCOMPARE(pe::ui::writeSessionFile(path, session), QString());

    m_window->document()->setBase(500);
    const Settings before = m_window->document()->settings();
    const int steps = m_window->document()->undoStack()->count();
    QCOMPARE(sessions()->openSession(path), QString());
    QVERIFY(m_window->document()->settings() == session.settings);
    QCOMPARE(m_window->document()->undoStack()->count(), steps + 1);
    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->document()->settings() == before);
    QVERIFY(m_window->isWindowModified()); // the window no longer shows the session
}

void TestSession::recentSessions()
{
    QStringList paths;
    for (int i = 0; i < 10; ++i) {
        paths << QFileInfo(m_dir.filePath(QStringLiteral("recent%1.pe.json").arg(i))).absoluteFilePath();
        QCOMPARE(sessions()->saveSession(paths.last()), QString());
    }
    // Most recent first, eight kept, remembered across windows.
    QStringList expected;
    for (int i = 9; i >= 2; --i)
        expected << paths[i];
    QCOMPARE(pe::ui::SessionController::recentSessions(), expected);
    m_window.reset();
    openWindow();
    QCOMPARE(pe::ui::SessionController::recentSessions(), expected);

    QMenu* recentMenu = nullptr;
    for (QMenu* menu : m_window->findChildren<QMenu*>())
        if (menu->title() == QStringLiteral("Open &Recent"))
            recentMenu = menu;
    QVERIFY(recentMenu);
    emit recentMenu->aboutToShow();
    QList<QAction*> entries;
    for (QAction* a : recentMenu->actions())
        if (a->data().isValid())
            entries << a;
    QCOMPARE(entries.size(), 8);
    QCOMPARE(entries.first()->data().toString(), paths[9]);

    // Opening one from the list moves it to the top.
    entries[3]->trigger();
    QCOMPARE(sessions()->currentPath(), paths[6]);
    QCOMPARE(pe::ui::SessionController::recentSessions().first(), paths[6]);

    // A missing file is removed from the list, with a message naming it.
    QVERIFY(QFile::remove(paths[8]));
    emit recentMenu->aboutToShow();
    QAction* missing = nullptr;
    for (QAction* a : recentMenu->actions())
        if (a->data().toString() == paths[8])
            missing = a;
    QVERIFY(missing);
    QString message;
    captureMessage(&message);
    missing->trigger();
    QVERIFY2(message.contains(paths[8]) && message.contains(QStringLiteral("no longer exists")), qPrintable(message));
    QVERIFY(!pe::ui::SessionController::recentSessions().contains(paths[8]));
    QCOMPARE(pe::ui::SessionController::recentSessions().size(), 7);

    // Clear list empties it.
    emit recentMenu->aboutToShow();
    QAction* clear = nullptr;
    for (QAction* a : recentMenu->actions())
        if (a->text() == QStringLiteral("&Clear list"))
            clear = a;
    QVERIFY(clear && clear->isEnabled());
    clear->trigger();
    QVERIFY(pe::ui::SessionController::recentSessions().isEmpty());
}

void TestSession::unwritableFolder_data()
{
    QTest::addColumn<QString>("target"); // %1: the temporary folder
    QTest::addColumn<QString>("reason");
    QTest::newRow("missing folder") << QStringLiteral("%1/no/such/s.pe.json") << QStringLiteral("does not exist");
    QTest::newRow("parent is a file") << QStringLiteral("%1/file.txt/s.pe.json") << QStringLiteral("is a file, not a folder");
    QTest::newRow("target is a folder") << QStringLiteral("%1/folder.pe.json") << QStringLiteral("it is a folder");
    QTest::newRow("read-only file system") << QStringLiteral("/proc/s.pe.json") << QStringLiteral("Cannot save the session to /proc/s.pe.json: ");
    if (getuid() != 0)
        QTest::newRow("read-only folder") << QStringLiteral("%1/locked/s.pe.json") << QStringLiteral("(?i)permission");
}

void TestSession::unwritableFolder()
{
    QFETCH(QString, target);
    QFETCH(QString, reason);

    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("file.txt")), "keep\n"));
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.pe.json")));
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("locked")));
    QVERIFY(QFile::setPermissions(dir.filePath(QStringLiteral("locked")), QFile::ReadOwner | QFile::ExeOwner));
    const QString path = target.contains(QLatin1String("%1")) ? target.arg(dir.path()) : target;

    QString message;
    if (QFileInfo(path).isDir()) {
        message = sessions()->saveSession(path); // a file dialog opens a folder instead
    } else {
        // Through the menu, as a user: Save session as… answers with a message box.
        answerFileDialog(path);
        captureMessage(&message);
        action(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S))->trigger();
    }
    QVERIFY2(message.contains(path) && QRegularExpression(reason).match(message).hasMatch(), qPrintable(message));
    QVERIFY(!QFileInfo(path).isFile());
    QCOMPARE(readFile(dir.filePath(QStringLiteral("file.txt"))), QByteArray("keep\n"));
    QVERIFY(QDir(dir.filePath(QStringLiteral("locked"))).isEmpty());
    QVERIFY(QDir(dir.filePath(QStringLiteral("folder.pe.json"))).isEmpty());
    QCOMPARE(sessions()->currentPath(), QString());
    QVERIFY(!m_window->windowTitle().contains(QStringLiteral("s.pe.json")));
    QFile::setPermissions(dir.filePath(QStringLiteral("locked")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

void TestSession::oldSessionSamplesOpen_data()
{
    // Each sample of tests/data/sessions/ with what it holds, read off the file by hand.
    QTest::addColumn<QString>("file");
    QTest::addColumn<Session>("expected");
    Session first;
    first.settings.spec.dModel = 128;
    first.settings.spec.maxLen = 512;
    first.settings.spec.layout = pe::core::Layout::Split;
    first.settings.state.dims = {4, 5, 30};
    first.settings.state.position = 250;
    first.settings.state.dimension = 21;
    first.settings.state.offset = 12;
    first.settings.state.normalize = true;
    first.settings.state.colormap = QStringLiteral("diverging");
    first.settings.state.bandFirst = 3;
    first.settings.state.bandLast = 9;
    first.presentation = true;
    QTest::newRow("version 1, first release") << QStringLiteral("v1-first.pe.json") << first;

    Session current;
    auto& spec = current.settings.spec;
    spec.dModel = 768;
    spec.maxLen = 1024;
    spec.base = 500;
    spec.layout = pe::core::Layout::Split;
    spec.frequencies = pe::core::FrequencyRule::Tensor2Tensor;
    spec.firstPosition = 2;
    auto& state = current.settings.state;
    state.dims = {0, 1, 700};
    state.position = 1000;
    state.dimension = 3;
    state.offset = -5;
    state.colormap = QStringLiteral("grayscale");
    state.comparison = pe::core::Comparison::Frequencies;
    state.format = pe::core::NumberFormat::BFloat16;
    state.precisionMode = pe::core::PrecisionMode::Stored;
    state.tableDataRange = true;
    pe::ui::EmbeddingsOptions sentence;
    sentence.sentence = QStringLiteral("attention is all you need");
    sentence.first = 2;
    sentence.second = 4;
    sentence.segments = true;
    sentence.sqrtScaling = false;
    setEmbeddingsOptions(state, sentence);
    pe::ui::MethodOptions methods;
    methods.method = pe::ui::ScoreMethod::T5;
    methods.curves = pe::ui::scoreMethodBit(pe::ui::ScoreMethod::Alibi) | pe::ui::scoreMethodBit(pe::ui::ScoreMethod::T5);
    methods.heads = 12;
    methods.head = 2;
    methods.numBuckets = 64;
    methods.maxDistance = 256;
    methods.bidirectional = true;
    methods.bucketIndex = false;
    methods.clip = 8;
    methods.causal = false;
    methods.scaleCurves = true;
    methods.t5Head = 1;
    setMethodOptions(state, methods);
    pe::ui::RopeOptions rope;
    rope.scale = 8;
    rope.originalLength = 8192;
    rope.logDistance = true;
    rope.sequenceLength = 131072;
    rope.yarnTruncate = false;
    rope.lowFrequencyFactor = 1;
    rope.highFrequencyFactor = 4;
    setRopeOptions(state, rope);
    current.table = {QStringLiteral("/data/models/gpt2/wpe.npy"), QString(), 3145856,
                     QStringLiteral("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")};
    QTest::newRow("version 1, every field") << QStringLiteral("v1-current.pe.json") << current;
}

void TestSession::oldSessionSamplesOpen()
{
    QFETCH(QString, file);
    QFETCH(Session, expected);
    const pe::ui::SessionResult result = pe::ui::readSessionFile(QStringLiteral(PE_SESSION_SAMPLES "/") + file);
    QVERIFY2(errorOf(result).isEmpty(), qPrintable(errorOf(result)));
    const Session& session = std::get<Session>(result);
    QVERIFY2(session.settings == expected.settings,
             qPrintable(pe::ui::settingsError(session.settings) + QStringLiteral(" read: ")
                        + QString::fromUtf8(pe::ui::serializeSession(session))));
    QCOMPARE(session.presentation, expected.presentation);
    QCOMPARE(session.table, expected.table);

    // And in the window, as File ▸ Open session opens it.
    QCOMPARE(sessions()->openSession(QStringLiteral(PE_SESSION_SAMPLES "/") + file), QString());
    QVERIFY(m_window->document()->settings() == expected.settings);
    QCOMPARE(m_window->presentationMode(), expected.presentation);
    m_window->setPresentationMode(false);
}

void TestSession::everySampleIsChecked()
{
    // A sample added without its row above would prove nothing.
    const QStringList files = QDir(QStringLiteral(PE_SESSION_SAMPLES)).entryList({QStringLiteral("*.pe.json")}, QDir::Files, QDir::Name);
    QCOMPARE(files, QStringList({QStringLiteral("v1-current.pe.json"), QStringLiteral("v1-first.pe.json")}));
    // One sample of every version up to the one this program writes.
    QVERIFY(files.filter(QStringLiteral("v%1-").arg(pe::ui::sessionFormatVersion)).size() >= 1);
}

void TestSession::migrationStepsRunInOrder()
{
    // The path older files take once the format changes, with made-up steps: version 1 → 2
    // renames spec.d_model, version 2 → 3 moves it into a "model" object.
    using pe::ui::SessionMigration;
    QStringList ran;
    const std::vector<SessionMigration> steps{
        {2, [&](QJsonObject& root) {
             ran << QStringLiteral("2→3");
             QJsonObject spec = root.take(QStringLiteral("spec")).toObject();
             root.insert(QStringLiteral("model"), QJsonObject{{QStringLiteral("width"), spec.value(QStringLiteral("width"))}});
         }},
        {1, [&](QJsonObject& root) {
             ran << QStringLiteral("1→2");
             QJsonObject spec = root.value(QStringLiteral("spec")).toObject();
             spec.insert(QStringLiteral("width"), spec.take(QStringLiteral("d_model")));
             root.insert(QStringLiteral("spec"), spec);
         }},
    };
    QJsonObject root{{QStringLiteral("version"), 1}, {QStringLiteral("spec"), QJsonObject{{QStringLiteral("d_model"), 96}}}};
    QCOMPARE(pe::ui::migrateSessionJson(root, 3, steps), std::nullopt);
    QCOMPARE(ran, QStringList({QStringLiteral("1→2"), QStringLiteral("2→3")}));
    QCOMPARE(root.value(QStringLiteral("version")).toInt(), 3);
    QCOMPARE(root.value(QStringLiteral("model")).toObject().value(QStringLiteral("width")).toInt(), 96);
    QVERIFY(!root.contains(QStringLiteral("spec")));

    // A file at the current version takes no step; a newer one and a gap are refused by name.
    ran.clear();
    QJsonObject current{{QStringLiteral("version"), 3}};
    QCOMPARE(pe::ui::migrateSessionJson(current, 3, steps), std::nullopt);
    QVERIFY(ran.isEmpty());
    QJsonObject newer{{QStringLiteral("version"), 4}};
    QVERIFY(pe::ui::migrateSessionJson(newer, 3, steps).value_or(QString()).contains(QStringLiteral("newer PE Explorer")));
    QJsonObject gap{{QStringLiteral("version"), 0}};
    QVERIFY(pe::ui::migrateSessionJson(gap, 3, steps).value_or(QString()).contains(QStringLiteral("no PE Explorer wrote version 0")));
    // This program's own history: no steps yet, version 1 current.
    QCOMPARE(pe::ui::sessionFormatVersion, 1);
    QVERIFY(pe::ui::sessionMigrations().empty());
}

QTEST_MAIN(TestSession)
#include "tst_session.moc"
