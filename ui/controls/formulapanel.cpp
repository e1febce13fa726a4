// SPDX-License-Identifier: MIT
#include "ui/controls/formulapanel.h"

#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/rotation.h"
#include "ui/document/document.h"
#include "ui/plotting/labels.h"

#include <QEvent>
#include <QTextDocument>
#include <QTextEdit>
#include <QVBoxLayout>

#include <algorithm>

namespace pe::ui {

namespace {

/// A number as a blackboard shows it: four significant digits and a real minus sign.
QString num(double value)
{
    return shortNumber(value).replace(QLatin1Char('-'), QChar(0x2212));
}

/// A sine or cosine value: always four decimals, so columns of them line up.
QString val(double value)
{
    return QString::number(value, 'f', 4).replace(QLatin1Char('-'), QChar(0x2212));
}

/// One piece of an equation drawn in monospace lines: a matrix (rows of cells between tall
/// brackets) or a word such as "=" (one row, drawn on the first line).
struct Piece {
    QList<QStringList> rows;
    bool isMatrix = true;
};

Piece word(const QString& text) { return {{{text}}, false}; }
Piece matrix(const QList<QStringList>& rows) { return {rows, true}; }

/// Pieces side by side as a preformatted block with ⎡ ⎤ / ⎣ ⎦ brackets. Rich-text tables
/// (nested ones especially) cost a QLabel about 10 ms of layout for every new selection; these
/// lines cost under 1 ms and read the same on a blackboard. Each number of a matrix stands
/// between two &nbsp; (tests read the cells from the HTML).
QString equationHtml(const QList<Piece>& pieces)
{
    qsizetype lines = 1;
    for (const Piece& piece : pieces)
        lines = std::max(lines, piece.rows.size());
    QStringList out(lines);
    for (const Piece& piece : pieces) {
        QList<qsizetype> widths;
        for (const QStringList& row : piece.rows)
            for (qsizetype c = 0; c < row.size(); ++c) {
                if (widths.size() <= c)
                    widths.append(0);
                widths[c] = std::max(widths[c], row[c].size());
            }
        for (qsizetype line = 0; line < lines; ++line) {
            QString text;
            const bool filled = line < piece.rows.size();
            if (piece.isMatrix) {
                const qsizetype n = piece.rows.size();
                const QChar open = n == 1 ? QLatin1Char('[') : line == 0 ? QChar(0x23A1) : line == n - 1 ? QChar(0x23A3) : QChar(0x23A2);
                const QChar close = n == 1 ? QLatin1Char(']') : line == 0 ? QChar(0x23A4) : line == n - 1 ? QChar(0x23A6) : QChar(0x23A5);
                text += filled ? open : QLatin1Char(' ');
                for (qsizetype c = 0; c < widths.size(); ++c) {
                    const QString cell = filled ? piece.rows[line].value(c) : QString();
                    const QString padding(widths[c] - cell.size(), QLatin1Char(' '));
                    text += padding + QStringLiteral("&nbsp;") + cell.toHtmlEscaped() + QStringLiteral("&nbsp;");
                }
                text += filled ? close : QLatin1Char(' ');
            } else {
                text = filled ? piece.rows[line].value(0).toHtmlEscaped() : QString(widths.value(0), QLatin1Char(' '));
            }
            out[line] += text + QLatin1Char(' ');
        }
    }
    return QStringLiteral("<pre>") + out.join(QLatin1Char('\n')) + QStringLiteral("</pre>");
}

} // namespace

FormulaPanel::FormulaPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_text(new QTextEdit(this))
{
    m_text->setObjectName(QStringLiteral("formula"));
    // A screen reader says this, then reads the text itself.
    m_text->setAccessibleName(tr("Formula of the selected cell"));
    m_text->setReadOnly(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->setTabChangesFocus(true); // Tab moves on, as past a label
    m_text->setFrameShape(QFrame::NoFrame);
    m_text->viewport()->setAutoFillBackground(false); // on the panel's background, as a label
    m_text->document()->setDocumentMargin(0);
    matchPanelColours();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_text);
    m_settle.setSingleShot(true);
    connect(&m_settle, &QTimer::timeout, this, &FormulaPanel::refresh);
    connect(document, &Document::changed, this, &FormulaPanel::refresh);
    refresh();
}

QString FormulaPanel::html() const
{
    return m_stale ? tableHtml() + cellHtml() + rotationHtml() : m_html;
}

void FormulaPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void FormulaPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        matchPanelColours();
}

void FormulaPanel::matchPanelColours()
{
    QPalette colours = m_text->palette();
    colours.setColor(QPalette::Text, palette().color(QPalette::WindowText));
    colours.setColor(QPalette::Base, palette().color(QPalette::Window));
    m_text->setPalette(colours);
}

QString FormulaPanel::plainText() const
{
    QTextDocument text;
    text.setHtml(html());
    return text.toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

void FormulaPanel::setScale(double scale)
{
    QFont font = m_text->font();
    font.setPointSizeF(QFont().pointSizeF() * scale);
    m_text->setFont(font);
}

void FormulaPanel::refresh()
{
    // Only while on screen: the formula dock is often closed, and its rich text is costly.
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    if (m_sinceLayout.isValid() && m_sinceLayout.elapsed() < settleMs) {
        m_stale = true; // html() says what it will show
        if (!m_settle.isActive())
            m_settle.start(static_cast<int>(settleMs - m_sinceLayout.elapsed()));
        return;
    }
    m_stale = false;
    QString html = tableHtml() + cellHtml() + rotationHtml();
    if (html == m_html)
        return;
    m_html = std::move(html);
    m_text->setHtml(m_html);
    m_sinceLayout.start();
}

QString FormulaPanel::tableHtml() const
{
    const LoadedTablePtr& loaded = m_document->table();
    if (!loaded)
        return {};
    const EncodingTable& table = *loaded->table;
    const std::int64_t row = std::min(m_document->state().position, table.rows() - 1);
    const int column = m_document->state().dimension;
    if (column >= table.columns())
        return tr("<p><b>The loaded table</b> (%1) has %2 columns: dimension %3 is beyond it. The heatmap "
                  "shows the table; the sinusoid below is what the other views set beside it.</p>")
            .arg(table.displayName().toHtmlEscaped()).arg(table.columns()).arg(column);
    return tr("<p><b>The selected cell of the loaded table</b><br>%1: row&nbsp;%2, column&nbsp;%3 = <b>%4</b></p>"
              "<p>The heatmap shows this table: learned (or stored) values, with no formula. The sinusoid "
              "of the same cell, which the other views set beside it:</p>")
        .arg(table.displayName().toHtmlEscaped()).arg(row).arg(column)
        .arg(QString::number(table.value(row, column), 'g', 7));
}

QString FormulaPanel::cellHtml() const
{
    const core::EncodingSpec& spec = m_document->spec();
    const std::int64_t p = spec.firstPosition + m_document->state().position;
    const int column = m_document->state().dimension;
    const core::CellFormula cell = core::cellFormula(spec, p, column); // as the heatmap's read-out says it
    const core::ColumnRole& role = cell.role;
    if (role.isZero)
        return tr("<p><b>The selected cell</b><br>position&nbsp;%1, dimension&nbsp;%2 = <b>0</b></p>"
                  "<p>With tensor2tensor's frequencies an odd d_model has ⌊d/2⌋ = %3 (sin, cos) pairs, and "
                  "the last column is zero at every position, as tensor2tensor and fairseq pad it.</p>")
            .arg(p).arg(column).arg(core::pairCount(spec));
    const int k = role.pair;
    const QString fn = role.isSin ? QStringLiteral("sin") : QStringLiteral("cos");
    const double omega = cell.omega;
    // The exponent as the convention writes it: 2k/d (the paper) or k/(P−1) (tensor2tensor).
    const QString exponent = QStringLiteral("%1/%2").arg(cell.exponentNumerator).arg(cell.exponentDenominator);
    const int lastValueColumn = spec.dModel - 1 - (core::hasZeroColumn(spec) ? 1 : 0);
    QString layout = spec.layout == core::Layout::Interleaved
        ? tr("interleaved: column 2k holds sin, column 2k+1 holds cos")
        : tr("split: columns 0–%1 hold sin, columns %2–%3 hold cos")
              .arg(core::pairCount(spec) - 1).arg(core::pairCount(spec)).arg(lastValueColumn);
    if (core::hasZeroColumn(spec))
        layout += tr(", column %1 is zero").arg(spec.dModel - 1);
    const QString rule = spec.frequencies == core::FrequencyRule::Paper
        ? tr("ω<sub>k</sub> = base<sup>−2k/d</sup> (the paper)")
        : tr("ω<sub>k</sub> = base<sup>−k/(n−1)</sup>, n = ⌊d/2⌋ = %1 (tensor2tensor)").arg(core::pairCount(spec));

    QString html = tr("<p><b>The selected cell</b><br>position&nbsp;%1, dimension&nbsp;%2 = %3 of pair k&nbsp;=&nbsp;%4<br>"
                      "<small>%5; %6</small></p>")
                       .arg(p).arg(column).arg(fn).arg(k).arg(layout, rule);
    html += QStringLiteral("<p style=\"font-size:large\">PE(%1, %2) = %3(%1 / %4<sup>%5</sup>)<br>"
                           "= %3(%1 · %6) = %3(%7) = <b>%8</b></p>")
                .arg(p).arg(column).arg(fn, num(spec.base), exponent, num(omega))
                .arg(num(cell.angle), val(cell.value));
    return html;
}

QString FormulaPanel::rotationHtml() const
{
    const core::EncodingSpec& spec = m_document->spec();
    const std::int64_t p = spec.firstPosition + m_document->state().position;
    const std::int64_t k = m_document->state().offset;
    const int pair = core::columnRole(spec, m_document->state().dimension).pair;
    if (pair < 0)
        return tr("<p><b>Offset k = %1</b></p><p>The zero column does not turn: select a dimension of a "
                  "(sin, cos) pair.</p>").arg(k);
    QString html = tr("<p><b>Offset k = %1, pair %2</b></p>").arg(k).arg(pair);
    const int sinCol = core::sinColumn(spec, pair), cosCol = core::cosColumn(spec, pair);
    if (cosCol < 0)
        return html + tr("<p>Pair %1 is the last sine of an odd d_model: it has no cosine, so there is "
                         "no (sin, cos) point to turn. Select another dimension.</p>").arg(pair);

    const long double omega = core::angularFrequencyLong(spec, pair);
    const core::SinCos turn = core::accurateSinCos(omega, static_cast<long double>(k));
    const core::SinCos rotated = core::rotatedPair(spec, p, k, pair); // M_k·PE(p) for this pair alone
    html += tr("<p>ω = %1, kω = %2 rad: every step of k turns the pair's (sin, cos) point by ω.</p>")
                .arg(num(double(omega)), num(core::encodingAngle(spec, k, pair)));
    const Piece numbers = matrix({{val(turn.cos), val(turn.sin)}, {val(-turn.sin), val(turn.cos)}});
    html += equationHtml({word(QStringLiteral("M\u2096 =")),
                          matrix({{QStringLiteral("cos kω"), QStringLiteral("sin kω")},
                                  {QStringLiteral("−sin kω"), QStringLiteral("cos kω")}}),
                          word(QStringLiteral("=")), numbers});
    html += tr("<p>PE(p+k) = M<sub>k</sub>·PE(p) for this pair (p = %1, p+k = %2, columns %3 and %4):</p>")
                .arg(p).arg(p + k).arg(sinCol).arg(cosCol);
    // Narrow enough for the side of a projected window: the symbols, then the numbers, then the result.
    const QString sinAt = QStringLiteral("sin(%1ω)"), cosAt = QStringLiteral("cos(%1ω)");
    html += equationHtml({matrix({{sinAt.arg(p + k)}, {cosAt.arg(p + k)}}), word(QStringLiteral("= M\u2096 ·")),
                          matrix({{sinAt.arg(p)}, {cosAt.arg(p)}})});
    html += equationHtml({word(QStringLiteral("=")), numbers, word(QStringLiteral("·")),
                          matrix({{val(core::encodingValue(spec, p, sinCol))}, {val(core::encodingValue(spec, p, cosCol))}})});
    html += equationHtml({word(QStringLiteral("=")), matrix({{val(rotated.sin)}, {val(rotated.cos)}})});
    html += tr("<p>and directly: sin(%1ω) = %2, cos(%1ω) = %3 — the same numbers.</p>")
                .arg(p + k).arg(val(core::encodingValue(spec, p + k, sinCol)), val(core::encodingValue(spec, p + k, cosCol)));
    return html;
}

} // namespace pe::ui
