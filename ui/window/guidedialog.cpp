// SPDX-License-Identifier: MIT
#include "ui/window/guidedialog.h"

#include "ui/state/viewcatalog.h"
#include "ui/views/plotview.h"
#include "ui/window/stage.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace pe::ui {

QString GuideDialog::guideText(const Stage* stage)
{
    QString html = tr("<h2>A tour of PE Explorer</h2>"
                      "<p>A Transformer adds a vector to each word's embedding to say where the word stands. The "
                      "sinusoidal encoding builds that vector from sines and cosines: column 2i of row <i>pos</i> holds "
                      "sin(pos / base<sup>2i/d</sup>), column 2i+1 the cosine of the same angle.</p>"
                      "<h3>The window</h3>"
                      "<ul>"
                      "<li><b>Controls</b> (left): d_model, max_len and base, the library whose convention you follow, "
                      "the selected position and offset k. Every view follows them.</li>"
                      "<li><b>The stage</b> (middle): the view chosen in the bar above it, with another view "
                      "<b>Beside</b> it when the window has room.</li>"
                      "<li><b>Formula</b> (bottom left): the numbers behind the cell you selected.</li>"
                      "</ul>"
                      "<p>Hover over a plot to read its values, click to select a position, turn the wheel to zoom "
                      "and drag to pan. <b>Space</b> plays the sweep of the position (or of the offset) through every "
                      "view; <b>F5</b> presents the chosen view alone at a size a room can read.</p>"
                      "<h3>The views</h3>");
    for (const PlotView* view : stage->views()) {
        const QString explanation = view->explanation();
        if (explanation.isEmpty())
            continue;
        html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(viewTitle(view->view()).toHtmlEscaped(), explanation);
    }
    html += tr("<h3>Figures and data</h3>"
               "<p><b>File ▸ Export</b> writes the view in use as a figure (PDF, SVG, PNG) at a journal's column "
               "width, or its numbers (.npy, .csv); <b>Copy figure</b> puts it on the clipboard. The same figures "
               "come from the command line without a window: <tt>pe-explorer --export figure.pdf --view "
               "similarity</tt> (<tt>pe-explorer --help</tt> lists every option). <b>File ▸ Open encoding</b> "
               "shows a model's learned position table instead of the sinusoid.</p>"
               "<p>Help ▸ Keyboard shortcuts lists every key.</p>");
    return html;
}

GuideDialog::GuideDialog(const Stage* stage, QWidget* window) : QDialog(window)
{
    setWindowTitle(tr("Guide"));
    m_browser = new QTextBrowser;
    m_browser->setObjectName(QStringLiteral("guideText"));
    m_browser->setOpenExternalLinks(false);
    m_browser->setHtml(guideText(stage));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    // Readable lines at the window's font: about 80 characters wide, most of a laptop's height.
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    resize(std::min(60 * em, window ? window->width() - 40 : 60 * em),
           std::min(40 * fontMetrics().height(), window ? window->height() - 60 : 40 * fontMetrics().height()));
}

} // namespace pe::ui
