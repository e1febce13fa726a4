// SPDX-License-Identifier: MIT
// The command line as users and scripts meet it (DESIGN.md, "Command line (a stable contract…)"):
// every test runs the real pe-explorer executable through QProcess, in a fresh temporary folder,
// with DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed from its environment, so that each
// one also proves that no display is needed.
//
// Expected values never come from the program: the .npy files are parsed here byte by byte, and
// the numbers are compared with the published formulas evaluated in long double below, with
// published test vectors, or with NumPy's own reader.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QDeadlineTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "tests/common/runprogram.h"

#ifndef PE_EXPLORER_EXE
#error "PE_EXPLORER_EXE must name the pe-explorer executable"
#endif

namespace {

// ---------------------------------------------------------------------------------------------
// Independent reference: the encoding straight from the formulas, in long double.

struct Spec {
    int d = 64;
    qint64 maxLen = 100;
    long double base = 10000;
    bool split = false;        ///< layout split (else interleaved)
    bool tensor2tensor = false; ///< frequency rule tensor2tensor (else paper)
    qint64 first = 0;
};

enum class ViewKind { Heatmap, Waves, Similarity, Offset, Bands };

struct Request {
    Spec spec;
    ViewKind view = ViewKind::Heatmap;
    QList<int> dims{4, 5, 6, 7};
    qint64 position = 0;
    qint64 offset = 1;
    bool normalize = false;
};

/// The number of frequencies. Paper: P = ⌈d/2⌉, an odd d's last pair being a lone sine (HF
/// DistilBERT/XLM, Marian). tensor2tensor: n = ⌊d/2⌋ (get_timing_signal_1d's
/// num_timescales = channels // 2, fairseq's half_dim = embedding_dim // 2).
int pairCount(const Spec& s) { return s.tensor2tensor ? s.d / 2 : (s.d + 1) / 2; }

/// tensor2tensor with an odd d: tf.pad(signal, [[0, 0], [0, channels % 2]]) appends one column
/// of zeros (fairseq the same with torch.cat of a zero column), in either layout.
bool isZeroColumn(const Spec& s, int column) { return s.tensor2tensor && s.d % 2 == 1 && column == s.d - 1; }

/// ω_k = base^(−2k/d) (paper) or base^(−k/max(n−1, 1)) (tensor2tensor, n = ⌊d/2⌋: its
/// log_timescale_increment = ln(base) / max(num_timescales − 1, 1)).
long double omega(const Spec& s, int k)
{
    if (!s.tensor2tensor)
        return std::pow(s.base, -2.0L * k / s.d);
    const long double steps = std::max(pairCount(s) - 1, 1);
    return std::pow(s.base, -static_cast<long double>(k) / steps);
}

/// Interleaved: col 2k = sin ω_k, 2k+1 = cos ω_k. Split: cols 0…P−1 = sin, then the cosines.
/// Odd d: with the paper's frequencies the last pair has only its sine; with tensor2tensor's
/// the last column is the zero column (isZero, pair −1).
void columnRole(const Spec& s, int column, int& pair, bool& isSin, bool& isZero)
{
    isZero = isZeroColumn(s, column);
    if (isZero) {
        pair = -1;
        isSin = false;
        return;
    }
    if (!s.split) {
        pair = column / 2;
        isSin = column % 2 == 0;
        return;
    }
    const int p = pairCount(s);
    pair = column < p ? column : column - p;
    isSin = column < p;
}

long double peValue(const Spec& s, qint64 position, int column)
{
    int pair = 0;
    bool isSin = true, isZero = false;
    columnRole(s, column, pair, isSin, isZero);
    if (isZero)
        return 0.0L;
    const long double angle = static_cast<long double>(position) * omega(s, pair);
    return isSin ? std::sin(angle) : std::cos(angle);
}

std::vector<long double> peVector(const Spec& s, qint64 position)
{
    std::vector<long double> v(s.d);
    for (int c = 0; c < s.d; ++c)
        v[c] = peValue(s, position, c);
    return v;
}

long double dot(const std::vector<long double>& a, const std::vector<long double>& b)
{
    long double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        sum += a[i] * b[i];
    return sum;
}

struct Matrix {
    qint64 rows = 0, cols = 0;
    std::vector<long double> values; // row-major
    long double at(qint64 r, qint64 c) const { return values[r * cols + c]; }
};

/// The data of a view, as DESIGN.md and ui/dataexport.h describe it.
Matrix referenceData(const Request& q)
{
    const Spec& s = q.spec;
    Matrix m;
    switch (q.view) {
    case ViewKind::Heatmap:
        m.rows = s.maxLen;
        m.cols = s.d;
        for (qint64 r = 0; r < m.rows; ++r)
            for (int c = 0; c < s.d; ++c)
                m.values.push_back(peValue(s, s.first + r, c));
        break;
    case ViewKind::Waves:
        m.rows = s.maxLen;
        m.cols = q.dims.size();
        for (qint64 r = 0; r < m.rows; ++r)
            for (int dim : q.dims)
                m.values.push_back(peValue(s, s.first + r, dim));
        break;
    case ViewKind::Similarity: {
        std::vector<std::vector<long double>> rows;
        for (qint64 r = 0; r < s.maxLen; ++r)
            rows.push_back(peVector(s, s.first + r));
        m.rows = m.cols = s.maxLen;
        for (qint64 i = 0; i < s.maxLen; ++i)
            for (qint64 j = 0; j < s.maxLen; ++j) {
                long double v = dot(rows[i], rows[j]);
                if (q.normalize)
                    v /= std::sqrt(dot(rows[i], rows[i]) * dot(rows[j], rows[j]));
                m.values.push_back(v);
            }
        break;
    }
    case ViewKind::Offset: {
        // Columns PE(p), PE(p+k), M_k·PE(p); for full pairs M_k·PE(p) = PE(p+k) (the rotation
        // identity); the unpaired sine of the paper's odd d is scaled by cos(kω) (core/rotation.h);
        // tensor2tensor's zero column is 0 in all three (nothing there to turn).
        const qint64 p = s.first + q.position;
        m.rows = s.d;
        m.cols = 3;
        const int fullPairs = s.d / 2;
        for (int c = 0; c < s.d; ++c) {
            int pair = 0;
            bool isSin = true, isZero = false;
            columnRole(s, c, pair, isSin, isZero);
            if (isZero) {
                m.values.insert(m.values.end(), {0.0L, 0.0L, 0.0L});
                continue;
            }
            m.values.push_back(peValue(s, p, c));
            m.values.push_back(peValue(s, p + q.offset, c));
            if (pair < fullPairs)
                m.values.push_back(peValue(s, p + q.offset, c));
            else
                m.values.push_back(std::cos(q.offset * omega(s, pair)) * peValue(s, p, c));
        }
        break;
    }
    case ViewKind::Bands:
        m.rows = pairCount(s); // tensor2tensor's odd d: ⌊d/2⌋ rows, the zero column has no ω
        m.cols = 3;
        for (int k = 0; k < m.rows; ++k) {
            m.values.push_back(k);
            m.values.push_back(omega(s, k));
            m.values.push_back(2 * std::acos(-1.0L) / omega(s, k));
        }
        break;
    }
    return m;
}

/// |got − want| ≤ tol·max(1, |want|), or a message saying where and by how much it is not.
QString compareWithReference(const std::vector<double>& got, const Matrix& want, long double tol)
{
    if (static_cast<qint64>(got.size()) != want.rows * want.cols)
        return QStringLiteral("%1 values, expected %2").arg(got.size()).arg(want.rows * want.cols);
    long double worst = 0;
    qint64 worstIndex = -1;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const long double excess = std::fabs(got[i] - want.values[i]) / std::max(1.0L, std::fabs(want.values[i]));
        if (!(excess <= worst) ) { // also catches NaN
            worst = std::isnan(static_cast<double>(excess)) ? INFINITY : excess;
            worstIndex = static_cast<qint64>(i);
        }
    }
    if (worst <= tol)
        return {};
    const qint64 r = worstIndex / want.cols, c = worstIndex % want.cols;
    return QStringLiteral("value (%1, %2) = %3, reference %4 (relative error %5 > %6)")
        .arg(r).arg(c).arg(got[worstIndex], 0, 'g', 17)
        .arg(static_cast<double>(want.values[worstIndex]), 0, 'g', 17)
        .arg(static_cast<double>(worst)).arg(static_cast<double>(tol));
}

// ---------------------------------------------------------------------------------------------
// Reading the files, without any code of the program.

struct Npy {
    QString error;   ///< empty when the file is a valid .npy v1/v2
    QString descr;
    bool fortranOrder = true;
    qint64 rows = -1, cols = -1;
    qint64 dataOffset = 0;
    std::vector<double> values; ///< filled when asked for
};

/// Parses the .npy header (format 1.0 or 2.0) of @p bytes, which must hold at least the header.
Npy parseNpyHeader(const QByteArray& bytes)
{
    Npy npy;
    if (bytes.size() < 10 || !bytes.startsWith(QByteArray("\x93NUMPY", 6))) {
        npy.error = QStringLiteral("no \\x93NUMPY magic");
        return npy;
    }
    const auto major = static_cast<unsigned char>(bytes[6]);
    qint64 headerLen = 0, prefix = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
        prefix = 10;
    } else if (major == 2 && bytes.size() >= 12) {
        for (int i = 0; i < 4; ++i)
            headerLen |= qint64(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        prefix = 12;
    } else {
        npy.error = QStringLiteral("unknown format version %1").arg(major);
        return npy;
    }
    if (bytes.size() < prefix + headerLen) {
        npy.error = QStringLiteral("header of %1 bytes is cut off").arg(headerLen);
        return npy;
    }
    npy.dataOffset = prefix + headerLen;
    if (npy.dataOffset % 64 != 0) {
        npy.error = QStringLiteral("data starts at byte %1, not a multiple of 64").arg(npy.dataOffset);
        return npy;
    }
    const QString dict = QString::fromLatin1(bytes.mid(prefix, headerLen));
    if (!dict.endsWith(QLatin1Char('\n')) || !dict.startsWith(QLatin1Char('{')) || !dict.trimmed().endsWith(QLatin1Char('}'))) {
        npy.error = QStringLiteral("header is not a dict closed by a newline: %1").arg(dict);
        return npy;
    }
    static const QRegularExpression descr(QStringLiteral("'descr'\\s*:\\s*'([^']*)'"));
    static const QRegularExpression fortran(QStringLiteral("'fortran_order'\\s*:\\s*(True|False)"));
    static const QRegularExpression shape(QStringLiteral("'shape'\\s*:\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,?\\s*\\)"));
    const auto d = descr.match(dict), f = fortran.match(dict), s = shape.match(dict);
    if (!d.hasMatch() || !f.hasMatch() || !s.hasMatch()) {
        npy.error = QStringLiteral("header lacks descr, fortran_order or a 2-d shape: %1").arg(dict);
        return npy;
    }
    npy.descr = d.captured(1);
    npy.fortranOrder = f.captured(1) == QLatin1String("True");
    npy.rows = s.captured(1).toLongLong();
    npy.cols = s.captured(2).toLongLong();
    return npy;
}

double littleEndianDouble(const char* p)
{
    quint64 bits = 0;
    for (int i = 0; i < 8; ++i)
        bits |= quint64(static_cast<unsigned char>(p[i])) << (8 * i);
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

/// Reads a whole .npy, checks it is '<f8' C-order with exactly rows·cols values, and returns them.
Npy readNpy(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        Npy npy;
        npy.error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return npy;
    }
    const QByteArray bytes = file.readAll();
    Npy npy = parseNpyHeader(bytes);
    if (!npy.error.isEmpty())
        return npy;
    if (npy.descr != QLatin1String("<f8") || npy.fortranOrder) {
        npy.error = QStringLiteral("descr %1, fortran_order %2; expected '<f8', False").arg(npy.descr).arg(npy.fortranOrder);
        return npy;
    }
    const qint64 expected = npy.dataOffset + npy.rows * npy.cols * 8;
    if (bytes.size() != expected) {
        npy.error = QStringLiteral("%1 bytes; a (%2, %3) float64 array needs %4")
                        .arg(bytes.size()).arg(npy.rows).arg(npy.cols).arg(expected);
        return npy;
    }
    npy.values.resize(npy.rows * npy.cols);
    for (qint64 i = 0; i < npy.rows * npy.cols; ++i)
        npy.values[i] = littleEndianDouble(bytes.constData() + npy.dataOffset + 8 * i);
    return npy;
}

struct Csv {
    QString error;
    qint64 rows = 0, cols = -1;
    std::vector<double> values;
};

/// One line per row, comma-separated numbers, no header; each parsed with the C library.
Csv readCsv(const QString& path)
{
    Csv csv;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        csv.error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return csv;
    }
    const QByteArray bytes = file.readAll();
    if (!bytes.endsWith('\n')) {
        csv.error = QStringLiteral("the last line has no newline");
        return csv;
    }
    const QList<QByteArray> lines = bytes.left(bytes.size() - 1).split('\n');
    for (const QByteArray& line : lines) {
        const QList<QByteArray> fields = line.split(',');
        if (csv.cols < 0)
            csv.cols = fields.size();
        if (fields.size() != csv.cols) {
            csv.error = QStringLiteral("line %1 has %2 fields, line 1 has %3").arg(csv.rows + 1).arg(fields.size()).arg(csv.cols);
            return csv;
        }
        for (const QByteArray& field : fields) {
            const std::string text = field.toStdString();
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size()) {
                csv.error = QStringLiteral("line %1: '%2' is not a number").arg(csv.rows + 1).arg(QString::fromStdString(text));
                return csv;
            }
            csv.values.push_back(value);
        }
        ++csv.rows;
    }
    return csv;
}

// ---------------------------------------------------------------------------------------------
// Running the program.

using testsupport::Run;
using testsupport::runProgram;

Run runCli(const QStringList& arguments, const QString& workingDirectory, int timeoutMs = 60000)
{
    return runProgram(QStringLiteral(PE_EXPLORER_EXE), arguments, workingDirectory, timeoutMs);
}

/// Every entry of a folder, hidden ones included (QSaveFile's temporary files would show here).
QStringList listing(const QString& folder)
{
    QStringList entries = QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    entries.sort();
    return entries;
}

/// `text` holds `value` as a whole token: not glued to a longer word or number.
bool namesValue(const QString& text, const QString& value)
{
    if (value.isEmpty())
        return text.contains(QLatin1String("''")) || text.contains(QLatin1String("\"\"")) || text.contains(QLatin1String("empty"));
    const QRegularExpression token(QStringLiteral("(?<![\\w.])%1(?![\\w])").arg(QRegularExpression::escape(value)));
    return token.match(text).hasMatch();
}

QStringList exportArgs(const QString& file, const QStringList& options) { return QStringList{QStringLiteral("--export"), file} + options; }

} // namespace

Q_DECLARE_METATYPE(Request)

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    void exportMatchesReference_data();
    void exportMatchesReference();
    void numpyLoadsExport_data();
    void numpyLoadsExport();
    void publishedVectors_data();
    void publishedVectors();

    void badArguments_data();
    void badArguments();
    void badArgumentsLeaveExistingFileAlone();
    void methodsExportIsTheFormula();

    void writeFailures_data();
    void writeFailures();
    void existingFileNeedsForce_data();
    void existingFileNeedsForce();

    void help();
    void version();
    void windowWithoutDisplayFailsCleanly();

    void largeStreamedExport();
    void aLongExportShowsProgressAndStopsWithoutAFile();
};

void TestCli::initTestCase()
{
    const QFileInfo exe(QStringLiteral(PE_EXPLORER_EXE));
    QVERIFY2(exe.isExecutable(), qPrintable(QStringLiteral("%1 is not an executable; build the pe-explorer target").arg(exe.filePath())));
}

// --- 1. Good exports --------------------------------------------------------------------------

void TestCli::exportMatchesReference_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<Request>("request");

    auto row = [](const char* name, const QStringList& options, const Request& request) {
        QTest::newRow(name) << options << request;
    };
    Request defaults;
    row("defaults: heatmap (100, 64), paper, interleaved", {}, defaults);

    Request all;
    all.spec = Spec{7, 33, 500, true, true, 2};
    row("every spec option: d 7, len 33, base 500, split, tensor2tensor (3 pairs, zero column 6), first 2",
        {"--d-model", "7", "--max-len", "33", "--base", "500", "--layout", "split",
         "--frequencies", "tensor2tensor", "--first-position", "2"}, all);

    Request explicitDefaults;
    row("defaults spelled out", {"--d-model", "64", "--max-len", "100", "--base", "10000", "--layout", "interleaved",
                                 "--frequencies", "paper", "--first-position", "0", "--view", "heatmap"}, explicitDefaults);

    Request paperSplit;
    paperSplit.spec = Spec{10, 20, 10000, true, false, 0};
    row("paper split d 10", {"--d-model", "10", "--max-len", "20", "--layout", "split"}, paperSplit);

    Request t2tInterleaved;
    t2tInterleaved.spec = Spec{16, 25, 10000, false, true, 5};
    row("tensor2tensor interleaved, first 5", {"--d-model", "16", "--max-len", "25", "--frequencies", "tensor2tensor",
                                                "--first-position", "5"}, t2tInterleaved);

    Request oddInterleaved;
    oddInterleaved.spec = Spec{5, 12, 10000, false, false, 0};
    row("odd d 5 interleaved: last pair is a lone sine", {"--d-model", "5", "--max-len", "12"}, oddInterleaved);

    Request single;
    single.spec = Spec{1, 5, 10000, false, false, 0};
    row("d 1, one column", {"--d-model", "1", "--max-len", "5"}, single);

    Request singleT2t;
    singleT2t.spec = Spec{1, 5, 10000, false, true, 0};
    row("d 1, tensor2tensor: no pair, one zero column", {"--d-model", "1", "--max-len", "5", "--frequencies", "tensor2tensor"},
        singleT2t);

    Request oneRow;
    oneRow.spec = Spec{3, 1, 2.5L, true, true, 0};
    row("one row, tensor2tensor d 3 (1 pair, zero column 2), base 2.5", {"--d-model", "3", "--max-len", "1", "--base", "2.5", "--layout", "split",
                                                 "--frequencies", "tensor2tensor"}, oneRow);

    Request far;
    far.spec = Spec{16, 10, 10000, false, false, 1000000};
    row("far positions: first 10^6", {"--d-model", "16", "--max-len", "10", "--first-position", "1000000"}, far);

    Request bigBase;
    bigBase.spec = Spec{12, 8, 1e9L, false, false, 0};
    row("base 1e9 in scientific notation", {"--d-model", "12", "--max-len", "8", "--base", "1e9"}, bigBase);

    Request similarity;
    similarity.view = ViewKind::Similarity;
    row("similarity, defaults: (100, 100) dot products", {"--view", "similarity"}, similarity);

    Request cosine = similarity;
    cosine.normalize = true;
    row("similarity --normalize: cosine, diagonal 1", {"--view", "similarity", "--normalize"}, cosine);

    Request cosineOdd;
    cosineOdd.view = ViewKind::Similarity;
    cosineOdd.normalize = true;
    cosineOdd.spec = Spec{7, 30, 10000, true, true, 2};
    row("similarity --normalize, odd d, split, tensor2tensor (zero column adds nothing), first 2",
        {"--view", "similarity", "--normalize", "--d-model", "7", "--max-len", "30", "--layout", "split",
         "--frequencies", "tensor2tensor", "--first-position", "2"}, cosineOdd);

    Request dotOdd = cosineOdd;
    dotOdd.normalize = false;
    row("similarity dot, odd d 7 tensor2tensor: 3 pairs, dot at lag 0 = 3", {"--view", "similarity", "--d-model", "7", "--max-len", "30", "--layout", "split",
                                    "--frequencies", "tensor2tensor", "--first-position", "2"}, dotOdd);

    Request waves;
    waves.view = ViewKind::Waves;
    row("waves, default dims 4,5,6,7", {"--view", "waves"}, waves);

    Request wavesDims = waves;
    wavesDims.spec = Spec{9, 40, 10000, true, false, 3};
    wavesDims.dims = {0, 8, 3};
    row("waves --dims 0,8,3 on split d 9", {"--view", "waves", "--dims", "0,8,3", "--d-model", "9", "--max-len", "40",
                                           "--layout", "split", "--first-position", "3"}, wavesDims);

    Request wavesZero = waves;
    wavesZero.spec = Spec{7, 40, 10000, false, true, 0};
    wavesZero.dims = {6, 5};
    row("waves --dims 6,5 on tensor2tensor d 7: the zero column is flat 0, 5 is pair 2's cosine",
        {"--view", "waves", "--dims", "6,5", "--d-model", "7", "--max-len", "40", "--frequencies", "tensor2tensor"}, wavesZero);

    Request offset;
    offset.view = ViewKind::Offset;
    offset.spec = Spec{16, 50, 10000, false, false, 0};
    offset.position = 7;
    offset.offset = 5;
    row("offset p 7, k 5", {"--view", "offset", "--d-model", "16", "--max-len", "50", "--position", "7", "--offset", "5"}, offset);

    Request offsetOdd = offset;
    offsetOdd.spec = Spec{9, 50, 100, true, true, 4};
    offsetOdd.position = 3;
    offsetOdd.offset = -6;
    row("offset odd d 9, split, tensor2tensor (row 8 all zero), negative k", {"--view", "offset", "--d-model", "9", "--max-len", "50", "--base", "100",
                                            "--layout", "split", "--frequencies", "tensor2tensor", "--first-position", "4",
                                            "--position", "3", "--offset", "-6"}, offsetOdd);

    Request bands;
    bands.view = ViewKind::Bands;
    row("bands, defaults: (32, 3) pair, omega, wavelength", {"--view", "bands"}, bands);

    Request bandsOdd = bands;
    bandsOdd.spec = Spec{7, 100, 500, false, true, 0};
    row("bands tensor2tensor odd d 7: 3 rows", {"--view", "bands", "--d-model", "7", "--base", "500", "--frequencies", "tensor2tensor"}, bandsOdd);
}

void TestCli::exportMatchesReference()
{
    QFETCH(QStringList, options);
    QFETCH(Request, request);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Matrix want = referenceData(request);

    const Run npyRun = runCli(exportArgs(QStringLiteral("out.npy"), options), dir.path());
    QVERIFY2(npyRun.exitedWith(0), qPrintable(npyRun.describe()));
    const Npy npy = readNpy(dir.filePath(QStringLiteral("out.npy")));
    QVERIFY2(npy.error.isEmpty(), qPrintable(npy.error));
    QCOMPARE(npy.descr, QStringLiteral("<f8"));
    QCOMPARE(npy.fortranOrder, false);
    QCOMPARE(npy.rows, want.rows);
    QCOMPARE(npy.cols, want.cols);
    const QString mismatch = compareWithReference(npy.values, want, 1e-12L);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));

    // tensor2tensor with an odd d: the padded last column is exactly 0 (not merely within the
    // tolerance), in the offset view too, and the bands list the ⌊d/2⌋ timescales only.
    const Spec& s = request.spec;
    if (s.tensor2tensor && s.d % 2 == 1) {
        switch (request.view) {
        case ViewKind::Heatmap:
            for (qint64 r = 0; r < npy.rows; ++r)
                QVERIFY2(npy.values[r * npy.cols + s.d - 1] == 0.0,
                         qPrintable(QStringLiteral("zero column (%1, %2) = %3").arg(r).arg(s.d - 1)
                                        .arg(npy.values[r * npy.cols + s.d - 1], 0, 'g', 17)));
            break;
        case ViewKind::Offset:
            for (int c = 0; c < 3; ++c)
                QVERIFY2(npy.values[(s.d - 1) * 3 + c] == 0.0,
                         qPrintable(QStringLiteral("offset row %1 (zero column), column %2 = %3").arg(s.d - 1).arg(c)
                                        .arg(npy.values[(s.d - 1) * 3 + c], 0, 'g', 17)));
            break;
        case ViewKind::Bands:
            QCOMPARE(npy.rows, qint64(s.d / 2));
            break;
        case ViewKind::Waves:
            for (int j = 0; j < request.dims.size(); ++j)
                if (request.dims[j] == s.d - 1)
                    for (qint64 r = 0; r < npy.rows; ++r)
                        QVERIFY2(npy.values[r * npy.cols + j] == 0.0,
                                 qPrintable(QStringLiteral("wave of the zero column %1 at row %2 = %3").arg(s.d - 1).arg(r)
                                                .arg(npy.values[r * npy.cols + j], 0, 'g', 17)));
            break;
        case ViewKind::Similarity:
            break;
        }
    }

    if (request.view == ViewKind::Similarity && request.normalize)
        for (qint64 i = 0; i < npy.rows; ++i)
            QVERIFY2(std::abs(npy.values[i * npy.cols + i] - 1.0) <= 1e-12,
                     qPrintable(QStringLiteral("diagonal (%1, %1) = %2").arg(i).arg(npy.values[i * npy.cols + i], 0, 'g', 17)));

    // The same request as .csv: one line per row, and every value the very same double.
    const Run csvRun = runCli(exportArgs(QStringLiteral("out.csv"), options), dir.path());
    QVERIFY2(csvRun.exitedWith(0), qPrintable(csvRun.describe()));
    const Csv csv = readCsv(dir.filePath(QStringLiteral("out.csv")));
    QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
    QCOMPARE(csv.rows, want.rows);
    QCOMPARE(csv.cols, want.cols);
    for (std::size_t i = 0; i < npy.values.size(); ++i)
        if (std::memcmp(&csv.values[i], &npy.values[i], sizeof(double)) != 0)
            QFAIL(qPrintable(QStringLiteral("csv value %1 = %2 differs from the .npy's %3")
                                 .arg(i).arg(csv.values[i], 0, 'g', 17).arg(npy.values[i], 0, 'g', 17)));

    QCOMPARE(listing(dir.path()), (QStringList{QStringLiteral("out.csv"), QStringLiteral("out.npy")}));
}

void TestCli::numpyLoadsExport_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("cols");
    QTest::addColumn<Request>("request");

    QTest::newRow("defaults") << QStringList{} << qint64(100) << qint64(64) << Request{};
    Request similarity;
    similarity.view = ViewKind::Similarity;
    QTest::newRow("similarity") << QStringList{"--view", "similarity"} << qint64(100) << qint64(100) << similarity;
    Request odd;
    odd.spec = Spec{7, 33, 500, true, true, 2};
    // (32, 6) is tensor2tensor's zero column of d 7: NumPy must read exactly 0 there.
    QTest::newRow("d 7, len 33") << QStringList{"--d-model", "7", "--max-len", "33", "--base", "500", "--layout", "split",
                                                "--frequencies", "tensor2tensor", "--first-position", "2"}
                                 << qint64(33) << qint64(7) << odd;
}

void TestCli::numpyLoadsExport()
{
    QFETCH(QStringList, options);
    QFETCH(qint64, rows);
    QFETCH(qint64, cols);
    QFETCH(Request, request);

    const QString python = QStringLiteral("/usr/bin/python3");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run probe = runProgram(python, {QStringLiteral("-c"), QStringLiteral("import numpy")}, dir.path());
    if (!probe.exitedWith(0))
        QFAIL(qPrintable(QStringLiteral("python3-numpy is missing: %1 cannot import numpy (scripts/setup.sh installs it)\n%2")
                             .arg(python, probe.describe())));

    const Run run = runCli(exportArgs(QStringLiteral("out.npy"), options), dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    const QString script = QStringLiteral(
        "import numpy, sys\n"
        "a = numpy.load(sys.argv[1], allow_pickle=False)\n"
        "print(a.dtype.str, a.dtype == numpy.float64, a.ndim, *a.shape, a.flags['C_CONTIGUOUS'])\n"
        "print(repr(float(a[0, 0])), repr(float(a[-1, -1])), repr(float(a[a.shape[0] // 2, a.shape[1] // 3])))\n");
    const Run py = runProgram(python, {QStringLiteral("-c"), script, dir.filePath(QStringLiteral("out.npy"))}, dir.path());
    QVERIFY2(py.exitedWith(0), qPrintable(py.describe()));
    const QStringList lines = py.outText().trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines[0].trimmed(), QStringLiteral("<f8 True 2 %1 %2 True").arg(rows).arg(cols));

    const Matrix want = referenceData(request);
    const QStringList numbers = lines[1].trimmed().split(QLatin1Char(' '));
    QCOMPARE(numbers.size(), 3);
    const qint64 at[3][2] = {{0, 0}, {rows - 1, cols - 1}, {rows / 2, cols / 3}};
    for (int i = 0; i < 3; ++i) {
        bool ok = false;
        const double got = numbers[i].toDouble(&ok);
        QVERIFY2(ok, qPrintable(numbers[i]));
        const long double ref = want.at(at[i][0], at[i][1]);
        QVERIFY2(std::fabs(got - ref) <= 1e-12L * std::max(1.0L, std::fabs(ref)),
                 qPrintable(QStringLiteral("numpy reads (%1, %2) = %3, reference %4").arg(at[i][0]).arg(at[i][1])
                                .arg(got, 0, 'g', 17).arg(static_cast<double>(ref), 0, 'g', 17)));
    }
}

// --- 2. Published test vectors -----------------------------------------------------------------

void TestCli::publishedVectors_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QList<double>>("row0"); // position 0: sin 0 = 0, cos 0 = 1
    QTest::addColumn<QList<double>>("row1");

    QTest::newRow("d 8 paper interleaved")
        << QStringList{"--d-model", "8", "--max-len", "2"}
        << QList<double>{0, 1, 0, 1, 0, 1, 0, 1}
        << QList<double>{0.841471, 0.540302, 0.099833, 0.995004, 0.010000, 0.999950, 0.001000, 1.000000};
    QTest::newRow("d 8 tensor2tensor split")
        << QStringList{"--d-model", "8", "--max-len", "2", "--frequencies", "tensor2tensor", "--layout", "split"}
        << QList<double>{0, 0, 0, 0, 1, 1, 1, 1}
        << QList<double>{0.841471, 0.046399, 0.002154, 0.000100, 0.540302, 0.998923, 0.999998, 1.000000};
}

void TestCli::publishedVectors()
{
    QFETCH(QStringList, options);
    QFETCH(QList<double>, row0);
    QFETCH(QList<double>, row1);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run run = runCli(exportArgs(QStringLiteral("v.npy"), options), dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    const Npy npy = readNpy(dir.filePath(QStringLiteral("v.npy")));
    QVERIFY2(npy.error.isEmpty(), qPrintable(npy.error));
    QCOMPARE(npy.rows, qint64(2));
    QCOMPARE(npy.cols, qint64(8));
    for (int c = 0; c < 8; ++c) {
        QVERIFY2(npy.values[c] == row0[c], qPrintable(QStringLiteral("row 0 (position 0), column %1: %2, expected %3")
                                                          .arg(c).arg(npy.values[c]).arg(row0[c])));
        QVERIFY2(std::abs(npy.values[8 + c] - row1[c]) <= 1e-6,
                 qPrintable(QStringLiteral("row 1, column %1: %2, published %3").arg(c).arg(npy.values[8 + c], 0, 'f', 6).arg(row1[c], 0, 'f', 6)));
    }
}

// --- 3. Bad arguments: exit 2, a message naming option, value and what is allowed, no file ---

void TestCli::badArguments_data()
{
    QTest::addColumn<QStringList>("arguments");  // the whole command line after the program
    QTest::addColumn<QString>("option");         // must appear in the message
    QTest::addColumn<QString>("value");          // must appear as a whole token
    QTest::addColumn<QString>("allowed");        // regex: what is allowed
    QTest::addColumn<bool>("alsoWithoutExport"); // rejected the same way when opening the window

    const QString out = QStringLiteral("out.npy");
    auto row = [&](const char* name, const QStringList& options, const QString& option, const QString& value,
                   const QString& allowed, bool alsoWithoutExport = true) {
        QTest::newRow(name) << exportArgs(out, options) << option << value << allowed << alsoWithoutExport;
    };
    const QString dModelRange = QStringLiteral("1\\D+65536");
    row("d-model not a number", {"--d-model", "abc"}, "--d-model", "abc", dModelRange);
    row("d-model fraction", {"--d-model", "1.5"}, "--d-model", "1.5", dModelRange);
    row("d-model 0", {"--d-model", "0"}, "--d-model", "0", dModelRange);
    row("d-model 65537", {"--d-model", "65537"}, "--d-model", "65537", dModelRange);
    row("d-model empty", {"--d-model", ""}, "--d-model", "", dModelRange);
    row("d-model without a value", {"--d-model"}, "--d-model", "d-model", "(?i)missing value");
    row("max-len 0", {"--max-len", "0"}, "--max-len", "0", "1\\D+2147483648");
    row("max-len -5", {"--max-len", "-5"}, "--max-len", "-5", "1\\D+2147483648");
    row("max-len 2^31 + 1", {"--max-len", "2147483649"}, "--max-len", "2147483649", "1\\D+2147483648");
    row("max-len 20 digits", {"--max-len", "99999999999999999999"}, "--max-len", "99999999999999999999", "1\\D+2147483648");
    row("base 1", {"--base", "1"}, "--base", "1", "(?i)greater than 1");
    row("base 0.5", {"--base", "0.5"}, "--base", "0.5", "(?i)greater than 1");
    row("base nan", {"--base", "nan"}, "--base", "nan", "(?i)finite");
    row("base inf", {"--base", "inf"}, "--base", "inf", "(?i)finite");
    row("base text", {"--base", "ten"}, "--base", "ten", "(?i)greater than 1");
    row("base 1e13", {"--base", "1e13"}, "--base", "1e13", "1e\\+?12");
    row("first-position -1", {"--first-position", "-1"}, "--first-position", "-1", "0\\D+1099511627776");
    row("first-position 2^40 + 1", {"--first-position", "1099511627777"}, "--first-position", "1099511627777", "0\\D+1099511627776");
    row("layout diagonal", {"--layout", "diagonal"}, "--layout", "diagonal", "interleaved.*split");
    row("frequencies foo", {"--frequencies", "foo"}, "--frequencies", "foo", "paper.*tensor2tensor");
    row("view pie", {"--view", "pie"}, "--view", "pie", "heatmap.*waves.*similarity.*offset.*bands");
    row("colormap jet", {"--colormap", "jet"}, "--colormap", "jet", "viridis.*diverging.*grayscale");
    row("dims 4,x", {"--dims", "4,x"}, "--dims", "4,x", "0\\D+63");
    row("dims 64 with d 64", {"--dims", "64"}, "--dims", "64", "0\\D+63");
    row("dims 8 with d 8", {"--dims", "2,8", "--d-model", "8"}, "--dims", "2,8", "0\\D+7");
    row("position 100 with max-len 100", {"--position", "100"}, "--position", "100", "0\\D+99");
    row("position -1", {"--position", "-1"}, "--position", "-1", "0\\D+99");
    row("offset below position 0", {"--offset", "-1"}, "--offset", "-1", "(?i)allowed");
    row("size 0x10", {"--size", "0x10"}, "--size", "0x10", "WIDTHxHEIGHT|1\\D+20000");
    row("size-mm 10", {"--size-mm", "10"}, "--size-mm", "10", "WIDTHxHEIGHT");
    row("dpi 10", {"--dpi", "10"}, "--dpi", "10", "30\\D+2400");
    row("method foo", {"--view", "methods", "--method", "foo"}, "--method", "foo", "sinusoidal.*rope.*alibi.*t5.*nope");
    row("heads 0", {"--view", "methods", "--heads", "0"}, "--heads", "0", "1\\D+1024");
    row("head 9 of 8 heads", {"--view", "methods", "--head", "9"}, "--head", "9", "0\\D+8");
    row("buckets 2", {"--view", "methods", "--buckets", "2"}, "--buckets", "2", "4\\D+1024");
    row("max-distance below the buckets", {"--view", "methods", "--max-distance", "10"}, "--max-distance", "10", "32\\D+1000000");
    row("clip 0", {"--view", "methods", "--clip", "0"}, "--clip", "0", "1\\D+1024");
    row("mask maybe", {"--view", "methods", "--mask", "maybe"}, "--mask", "maybe", "causal.*none");
    row("learned method without a table", {"--view", "methods", "--method", "learned"}, "learned", "learned",
        "(?i)open one with File . Open encoding.*--encoding FILE", false);
    row("unknown option --bogus", {"--bogus"}, "bogus", "bogus", "--help");
    row("stray positional argument (read as a session file)", {"stray"}, "stray", "stray", "no such file.*options start with --");
    QTest::newRow("export x.txt: unknown suffix")
        << QStringList{"--export", "x.txt"} << "--export" << "x.txt" << "\\.npy.*\\.csv" << false;
    QTest::newRow("export without a suffix")
        << QStringList{"--export", "plainname"} << "--export" << "plainname" << "\\.npy.*\\.csv" << false;
    QTest::newRow("export empty name")
        << QStringList{"--export", ""} << "--export" << "" << "\\.npy.*\\.csv" << false;
    // Too large a data set: refused as a bad request before anything is computed or written.
    row("similarity of 100000 positions", {"--view", "similarity", "--max-len", "100000"}, "similarity", "100000",
        "(?i)at most\\D+2147483648", false);
    row("heatmap of 2^32 values", {"--d-model", "65536", "--max-len", "65536"}, "heatmap", "65536",
        "(?i)at most\\D+2147483648", false);
}

void TestCli::badArguments()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, option);
    QFETCH(QString, value);
    QFETCH(QString, allowed);
    QFETCH(bool, alsoWithoutExport);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run run = runCli(arguments, dir.path());
    QVERIFY2(run.exitedWith(2), qPrintable(run.describe()));
    QVERIFY2(run.err.contains(option), qPrintable(QStringLiteral("stderr does not name %1: %2").arg(option, run.err)));
    QVERIFY2(namesValue(run.err, value), qPrintable(QStringLiteral("stderr does not name the value '%1': %2").arg(value, run.err)));
    const QRegularExpression allowedPattern(allowed);
    QVERIFY(allowedPattern.isValid());
    QVERIFY2(allowedPattern.match(run.err).hasMatch(),
             qPrintable(QStringLiteral("stderr does not say what is allowed (/%1/): %2").arg(allowed, run.err)));
    QVERIFY2(run.outText().isEmpty(), qPrintable(QStringLiteral("stdout should be empty: %1").arg(run.outText())));
    QVERIFY2(listing(dir.path()).isEmpty(), qPrintable(QStringLiteral("left behind: %1").arg(listing(dir.path()).join(QLatin1Char(' ')))));

    if (alsoWithoutExport) {
        // Arguments are checked before any window is opened: same answer without --export.
        const Run window = runCli(arguments.mid(2), dir.path(), 20000);
        QVERIFY2(window.exitedWith(2), qPrintable(window.describe()));
        QCOMPARE(window.err, run.err);
        QVERIFY(listing(dir.path()).isEmpty());
    }
}

void TestCli::methodsExportIsTheFormula()
{
    // ALiBi with H = 6 heads (not a power of two): the paper's rule gives the slopes of 4 heads,
    // 2^-2, 2^-4, 2^-6, 2^-8, then every second one of 8 heads, 2^-1, 2^-3. Head 2's slope is
    // 2^-4; a causal model masks every key after its query.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("alibi.npy"));
    const Run run = runCli({"--export", out, "--view", "methods", "--method", "alibi", "--heads", "6", "--head", "2",
                            "--max-len", "40"}, dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    const Npy npy = readNpy(out);
    QVERIFY2(npy.error.isEmpty(), qPrintable(npy.error));
    QCOMPARE(npy.rows, 40);
    QCOMPARE(npy.cols, 40);
    for (int i = 0; i < 40; ++i)
        for (int j = 0; j < 40; ++j) {
            const double value = npy.values[std::size_t(i) * 40 + j];
            if (j > i)
                QVERIFY2(std::isinf(value) && value < 0, qPrintable(QStringLiteral("(%1, %2) = %3, not masked").arg(i).arg(j).arg(value)));
            else
                QCOMPARE(value, -0.0625 * (i - j));
        }
    // The same view as T5 buckets both ways: nothing masked, the bias a function of j − i alone.
    const QString t5 = dir.filePath(QStringLiteral("t5.npy"));
    const Run second = runCli({"--export", t5, "--view", "methods", "--method", "t5", "--mask", "none", "--max-len", "40"}, dir.path());
    QVERIFY2(second.exitedWith(0), qPrintable(second.describe()));
    const Npy buckets = readNpy(t5);
    QVERIFY2(buckets.error.isEmpty(), qPrintable(buckets.error));
    for (int i = 1; i < 40; ++i)
        for (int j = 1; j < 40; ++j) {
            QVERIFY(std::isfinite(buckets.values[std::size_t(i) * 40 + j]));
            QCOMPARE(buckets.values[std::size_t(i) * 40 + j], buckets.values[std::size_t(i - 1) * 40 + j - 1]);
        }
}

void TestCli::badArgumentsLeaveExistingFileAlone()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray original("keep me\n");
    QFile file(dir.filePath(QStringLiteral("out.npy")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(original);
    file.close();

    for (const QStringList& options : {QStringList{"--d-model", "0"}, QStringList{"--view", "similarity", "--max-len", "100000"}}) {
        const Run run = runCli(exportArgs(QStringLiteral("out.npy"), options + QStringList{"--force"}), dir.path());
        QVERIFY2(run.exitedWith(2), qPrintable(run.describe()));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), original);
        file.close();
        QCOMPARE(listing(dir.path()), QStringList{QStringLiteral("out.npy")});
    }
}

// --- 4. Write failures: exit 1 naming the path and the reason, nothing left behind -----------

void TestCli::writeFailures_data()
{
    QTest::addColumn<QString>("target"); // %1 stands for the temporary folder
    QTest::addColumn<QString>("reason"); // regex

    for (const char* suffix : {"npy", "csv"}) {
        QTest::addRow("missing folder, .%s", suffix)
            << QStringLiteral("/nonexistent-dir/x.%1").arg(suffix) << QStringLiteral("(?i)does not exist|no such");
        QTest::addRow("parent is a regular file, .%s", suffix)
            << QStringLiteral("%1/file.txt/x.%2").arg(QStringLiteral("%1"), suffix) << QStringLiteral("(?i)not a (folder|directory)");
        QTest::addRow("target is a folder, .%s", suffix)
            << QStringLiteral("%1/folder.%2").arg(QStringLiteral("%1"), suffix) << QStringLiteral("(?i)is a (folder|directory)");
        QTest::addRow("missing nested folder, .%s", suffix)
            << QStringLiteral("%1/no/such/x.%2").arg(QStringLiteral("%1"), suffix) << QStringLiteral("(?i)does not exist|no such");
    }
}

void TestCli::writeFailures()
{
    QFETCH(QString, target);
    QFETCH(QString, reason);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile regular(dir.filePath(QStringLiteral("file.txt")));
    QVERIFY(regular.open(QIODevice::WriteOnly));
    regular.write("not a folder\n");
    regular.close();
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.npy")));
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.csv")));
    const QStringList before = listing(dir.path());
    const QString path = target.contains(QLatin1String("%1")) ? target.arg(dir.path()) : target;

    const Run run = runCli(exportArgs(path, {}), dir.path());
    QVERIFY2(run.exitedWith(1), qPrintable(run.describe()));
    QVERIFY2(run.err.contains(path), qPrintable(QStringLiteral("stderr does not name %1: %2").arg(path, run.err)));
    QVERIFY2(QRegularExpression(reason).match(run.err).hasMatch(),
             qPrintable(QStringLiteral("stderr gives no reason matching /%1/: %2").arg(reason, run.err)));

    QCOMPARE(listing(dir.path()), before);
    QVERIFY(listing(dir.filePath(QStringLiteral("folder.npy"))).isEmpty());
    QVERIFY(listing(dir.filePath(QStringLiteral("folder.csv"))).isEmpty());
    QVERIFY(!QFileInfo::exists(QStringLiteral("/nonexistent-dir")));
    QVERIFY(!QFileInfo(path).isFile());
    QVERIFY(regular.open(QIODevice::ReadOnly));
    QCOMPARE(regular.readAll(), QByteArray("not a folder\n"));
}

void TestCli::existingFileNeedsForce_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("npy") << QStringLiteral("data.npy");
    QTest::newRow("csv") << QStringLiteral("data.csv");
}

void TestCli::existingFileNeedsForce()
{
    QFETCH(QString, name);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray original("an older file, not to be lost\n");
    QFile file(dir.filePath(name));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(original);
    file.close();

    const QStringList options{"--d-model", "4", "--max-len", "3"};
    const Run refused = runCli(exportArgs(name, options), dir.path());
    QVERIFY2(refused.exitedWith(1), qPrintable(refused.describe()));
    QVERIFY2(refused.err.contains(name), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QLatin1String("exists")) && refused.err.contains(QLatin1String("--force")), qPrintable(refused.err));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), original);
    file.close();
    QCOMPARE(listing(dir.path()), QStringList{name});

    const Run forced = runCli(exportArgs(name, options + QStringList{"--force"}), dir.path());
    QVERIFY2(forced.exitedWith(0), qPrintable(forced.describe()));
    QCOMPARE(listing(dir.path()), QStringList{name});
    Request request;
    request.spec = Spec{4, 3, 10000, false, false, 0};
    const Matrix want = referenceData(request);
    std::vector<double> values;
    if (name.endsWith(QLatin1String(".npy"))) {
        const Npy npy = readNpy(dir.filePath(name));
        QVERIFY2(npy.error.isEmpty(), qPrintable(npy.error));
        QCOMPARE(npy.rows, qint64(3));
        QCOMPARE(npy.cols, qint64(4));
        values = npy.values;
    } else {
        const Csv csv = readCsv(dir.filePath(name));
        QVERIFY2(csv.error.isEmpty(), qPrintable(csv.error));
        QCOMPARE(csv.rows, qint64(3));
        QCOMPARE(csv.cols, qint64(4));
        values = csv.values;
    }
    const QString mismatch = compareWithReference(values, want, 1e-12L);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

// --- 5. --help and --version -----------------------------------------------------------------

void TestCli::help()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run run = runCli({QStringLiteral("--help")}, dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    const QStringList contract{"--export", "--d-model", "--max-len", "--base", "--layout", "--frequencies",
                               "--first-position", "--view", "--dims", "--position", "--offset", "--normalize",
                               "--size", "--size-mm", "--dpi", "--colormap", "--force", "--help", "--version"};
    QStringList missing;
    for (const QString& option : contract)
        if (!QRegularExpression(QStringLiteral("(?<![\\w-])%1(?![\\w-])").arg(QRegularExpression::escape(option))).match(run.outText()).hasMatch())
            missing << option;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("--help does not list %1:\n%2").arg(missing.join(QLatin1Char(' ')), run.outText())));
    // The choices a user must know are spelled out.
    for (const char* word : {"interleaved", "split", "paper", "tensor2tensor", "heatmap", "similarity", ".npy", ".csv"})
        QVERIFY2(run.outText().contains(QLatin1String(word)), word);
    QVERIFY(listing(dir.path()).isEmpty());
}

void TestCli::version()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run run = runCli({QStringLiteral("--version")}, dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    QVERIFY2(QRegularExpression(QStringLiteral("\\b\\d+\\.\\d+(\\.\\d+)?\\b")).match(run.outText()).hasMatch(), qPrintable(run.outText()));
    QVERIFY(listing(dir.path()).isEmpty());
}

void TestCli::windowWithoutDisplayFailsCleanly()
{
    // Without --export the program opens its window; with no display it must say so and stop,
    // not crash or hang.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Run run = runCli({QStringLiteral("--d-model"), QStringLiteral("8")}, dir.path(), 20000);
    QVERIFY2(run.exitedWith(1), qPrintable(run.describe()));
    QVERIFY2(run.err.contains(QLatin1String("--export")), qPrintable(run.err));
    QVERIFY(listing(dir.path()).isEmpty());
}

// --- 6. A large export, streamed --------------------------------------------------------------

void TestCli::largeStreamedExport()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const qint64 rows = 65536, cols = 128;
    const Run run = runCli(exportArgs(QStringLiteral("big.npy"), {"--max-len", "65536", "--d-model", "128"}), dir.path());
    QVERIFY2(run.exitedWith(0), qPrintable(run.describe()));
    QCOMPARE(listing(dir.path()), QStringList{QStringLiteral("big.npy")});

    QFile file(dir.filePath(QStringLiteral("big.npy")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Npy header = parseNpyHeader(file.read(4096));
    QVERIFY2(header.error.isEmpty(), qPrintable(header.error));
    QCOMPARE(header.descr, QStringLiteral("<f8"));
    QCOMPARE(header.fortranOrder, false);
    QCOMPARE(header.rows, rows);
    QCOMPARE(header.cols, cols);
    QCOMPARE(file.size(), header.dataOffset + rows * cols * 8);

    Spec spec;
    spec.d = int(cols);
    spec.maxLen = rows;
    for (qint64 r : {qint64(0), qint64(1), qint64(4095), qint64(4096), qint64(32768), qint64(65534), qint64(65535)}) {
        QVERIFY(file.seek(header.dataOffset + r * cols * 8));
        const QByteArray bytes = file.read(cols * 8);
        QCOMPARE(bytes.size(), int(cols * 8));
        for (int c = 0; c < cols; ++c) {
            const double got = littleEndianDouble(bytes.constData() + 8 * c);
            const long double want = peValue(spec, r, c);
            QVERIFY2(std::fabs(got - want) <= 1e-12L,
                     qPrintable(QStringLiteral("(%1, %2) = %3, reference %4").arg(r).arg(c).arg(got, 0, 'g', 17).arg(static_cast<double>(want), 0, 'g', 17)));
        }
    }
}

// A heatmap of a million positions as text is gigabytes, half a minute of writing: the command
// says how far it is, and an interrupt (Ctrl+C, or SIGTERM from a script) stops it with no file left.
void TestCli::aLongExportShowsProgressAndStopsWithoutAFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess process;
    process.setWorkingDirectory(dir.path());
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(QStringLiteral(PE_EXPLORER_EXE), exportArgs(QStringLiteral("heatmap.csv"), {"--view", "heatmap", "--d-model", "512",
                                                                                              "--max-len", "1048576"}));
    QVERIFY(process.waitForStarted());
    QByteArray err;
    QDeadlineTimer deadline(120000);
    while (!err.contains("% (Ctrl+C") && process.state() == QProcess::Running && !deadline.hasExpired()) {
        process.waitForReadyRead(500);
        err += process.readAllStandardError();
    }
    QVERIFY2(err.contains("writing heatmap.csv") || err.contains("heatmap.csv: "), err.constData());
    QVERIFY2(process.state() == QProcess::Running, "the export ended before it was interrupted");
    process.terminate(); // SIGTERM, as Ctrl+C's SIGINT
    QVERIFY(process.waitForFinished(120000));
    err += process.readAllStandardError();
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 1);
    QVERIFY2(err.contains("cancelled; no file written"), err.constData());
    QCOMPARE(listing(dir.path()), QStringList());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
