// SPDX-License-Identifier: MIT
#include "ui/formulapanel.h"

#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/rotation.h"
#include "ui/document.h"
#include "ui/viewsupport.h"

#include <QLabel>
#include <QTextDocument>
#include <QVBoxLayout>

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

/// A matrix or column vector between tall brackets, as a rich-text table.
QString matrixHtml(const QList<QStringList>& rows)
{
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"0\">");
    const QString bracket = QStringLiteral("<td rowspan=\"%1\" valign=\"middle\" style=\"font-size:x-large\">%2</td>");
    for (int r = 0; r < rows.size(); ++r) {
        html += QStringLiteral("<tr>");
        if (r == 0)
            html += bracket.arg(rows.size()).arg(QStringLiteral("["));
        for (const QString& cell : rows[r])
            html += QStringLiteral("<td align=\"right\">&nbsp;%1&nbsp;</td>").arg(cell);
        if (r == 0)
            html += bracket.arg(rows.size()).arg(QStringLiteral("]"));
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

/// Several pieces side by side (matrices, "=", "·"), vertically centred.
QString rowHtml(const QStringList& pieces)
{
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\"><tr>");
    for (const QString& piece : pieces)
        html += QStringLiteral("<td valign=\"middle\">%1</td>").arg(piece);
    return html + QStringLiteral("</tr></table>");
}

} // namespace

FormulaPanel::FormulaPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_label(new QLabel(this))
{
    m_label->setObjectName(QStringLiteral("formula"));
    m_label->setTextFormat(Qt::RichText);
    m_label->setWordWrap(true);
    m_label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_label);
    layout->addStretch(1);
    connect(document, &Document::changed, this, &FormulaPanel::refresh);
    refresh();
}

QString FormulaPanel::html() const { return m_label->text(); }

QString FormulaPanel::plainText() const
{
    QTextDocument text;
    text.setHtml(html());
    return text.toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

void FormulaPanel::setScale(double scale)
{
    QFont font = m_label->font();
    font.setPointSizeF(QFont().pointSizeF() * scale);
    m_label->setFont(font);
}

void FormulaPanel::refresh()
{
    m_label->setText(cellHtml() + rotationHtml());
}

QString FormulaPanel::cellHtml() const
{
    const core::EncodingSpec& spec = m_document->spec();
    const std::int64_t p = spec.firstPosition + m_document->state().position;
    const int column = m_document->state().dimension;
    const core::ColumnRole role = core::columnRole(spec, column);
    const int k = role.pair;
    const QString fn = role.isSin ? QStringLiteral("sin") : QStringLiteral("cos");
    const double omega = double(core::angularFrequencyLong(spec, k));
    // The exponent as the convention writes it: 2k/d (the paper) or k/(P−1) (tensor2tensor).
    const QString exponent = spec.frequencies == core::FrequencyRule::Paper
        ? QStringLiteral("%1/%2").arg(2 * k).arg(spec.dModel)
        : QStringLiteral("%1/%2").arg(k).arg(std::max(core::pairCount(spec) - 1, 1));
    const QString layout = spec.layout == core::Layout::Interleaved
        ? tr("interleaved: column 2k holds sin, column 2k+1 holds cos")
        : tr("split: columns 0–%1 hold sin, columns %2–%3 hold cos")
              .arg(core::pairCount(spec) - 1).arg(core::pairCount(spec)).arg(spec.dModel - 1);
    const QString rule = spec.frequencies == core::FrequencyRule::Paper
        ? tr("ω<sub>k</sub> = base<sup>−2k/d</sup> (the paper)")
        : tr("ω<sub>k</sub> = base<sup>−k/(P−1)</sup> (tensor2tensor)");

    QString html = tr("<p><b>The selected cell</b><br>position&nbsp;%1, dimension&nbsp;%2 = %3 of pair k&nbsp;=&nbsp;%4<br>"
                      "<small>%5; %6</small></p>")
                       .arg(p).arg(column).arg(fn).arg(k).arg(layout, rule);
    html += QStringLiteral("<p style=\"font-size:large\">PE(%1, %2) = %3(%1 / %4<sup>%5</sup>)<br>"
                           "= %3(%1 · %6) = %3(%7) = <b>%8</b></p>")
                .arg(p).arg(column).arg(fn, num(spec.base), exponent, num(omega))
                .arg(num(core::encodingAngle(spec, p, k)), val(core::encodingValue(spec, p, column)));
    return html;
}

QString FormulaPanel::rotationHtml() const
{
    const core::EncodingSpec& spec = m_document->spec();
    const std::int64_t p = spec.firstPosition + m_document->state().position;
    const std::int64_t k = m_document->state().offset;
    const int pair = core::columnRole(spec, m_document->state().dimension).pair;
    QString html = tr("<p><b>Offset k = %1, pair %2</b></p>").arg(k).arg(pair);
    const int sinCol = core::sinColumn(spec, pair), cosCol = core::cosColumn(spec, pair);
    if (cosCol < 0)
        return html + tr("<p>Pair %1 is the last sine of an odd d_model: it has no cosine, so there is "
                         "no (sin, cos) point to turn. Select another dimension.</p>").arg(pair);

    const long double omega = core::angularFrequencyLong(spec, pair);
    const core::SinCos turn = core::accurateSinCos(omega, static_cast<long double>(k));
    const Eigen::VectorXd rotated = core::rotatedEncoding(spec, p, k);
    html += tr("<p>ω = %1, kω = %2 rad: every step of k turns the pair's (sin, cos) point by ω.</p>")
                .arg(num(double(omega)), num(core::encodingAngle(spec, k, pair)));
    const QString numbers = matrixHtml({{val(turn.cos), val(turn.sin)}, {val(-turn.sin), val(turn.cos)}});
    html += rowHtml({QStringLiteral("M<sub>k</sub> ="),
                     matrixHtml({{QStringLiteral("cos kω"), QStringLiteral("sin kω")},
                                 {QStringLiteral("−sin kω"), QStringLiteral("cos kω")}})});
    html += rowHtml({QStringLiteral("="), numbers});
    html += tr("<p>PE(p+k) = M<sub>k</sub>·PE(p) for this pair (p = %1, p+k = %2, columns %3 and %4):</p>")
                .arg(p).arg(p + k).arg(sinCol).arg(cosCol);
    // Narrow enough for the side of a projected window: the symbols, then the numbers, then the result.
    const QString sinAt = QStringLiteral("sin(%1ω)"), cosAt = QStringLiteral("cos(%1ω)");
    html += rowHtml({matrixHtml({{sinAt.arg(p + k)}, {cosAt.arg(p + k)}}), QStringLiteral("= M<sub>k</sub> ·"),
                     matrixHtml({{sinAt.arg(p)}, {cosAt.arg(p)}})});
    html += rowHtml({QStringLiteral("="), numbers, QStringLiteral("·"),
                     matrixHtml({{val(core::encodingValue(spec, p, sinCol))}, {val(core::encodingValue(spec, p, cosCol))}})});
    html += rowHtml({QStringLiteral("="), matrixHtml({{val(rotated[sinCol])}, {val(rotated[cosCol])}})});
    html += tr("<p>and directly: sin(%1ω) = %2, cos(%1ω) = %3 — the same numbers.</p>")
                .arg(p + k).arg(val(core::encodingValue(spec, p + k, sinCol)), val(core::encodingValue(spec, p + k, cosCol)));
    return html;
}

} // namespace pe::ui
