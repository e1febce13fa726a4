// SPDX-License-Identifier: MIT
// Renders the SVG icon to one square PNG (the hicolor sizes are made from the one drawing at
// build time, so the SVG is the only source). Usage: pe_render_icon IN.svg OUT.png SIZE
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

int main(int argc, char** argv)
{
    QTextStream err(stderr);
    if (argc != 4) {
        err << "usage: pe_render_icon IN.svg OUT.png SIZE\n";
        return 2;
    }
    const QString in = QString::fromLocal8Bit(argv[1]), out = QString::fromLocal8Bit(argv[2]);
    const int size = QString::fromLatin1(argv[3]).toInt();
    QSvgRenderer renderer(in);
    if (!renderer.isValid() || size < 1) {
        err << "pe_render_icon: cannot render " << in << " at size " << argv[3] << '\n';
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    QDir().mkpath(QFileInfo(out).absolutePath());
    if (!image.save(out, "PNG")) {
        err << "pe_render_icon: cannot write " << out << '\n';
        return 1;
    }
    return 0;
}
