#include "icons.h"

#include <QApplication>
#include <QFile>
#include <QHash>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>

namespace Toolgate {

namespace {

QPixmap renderSvg(const QByteArray &svg, int size, qreal dpr)
{
    QSvgRenderer renderer(svg);
    QPixmap pixmap(QSize(size, size) * dpr);
    pixmap.fill(Qt::transparent);
    if (renderer.isValid()) {
        QPainter painter(&pixmap);
        renderer.render(&painter);
    }
    pixmap.setDevicePixelRatio(dpr);
    return pixmap;
}

QByteArray readResource(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QIcon tinted(const QString &path)
{
    const QByteArray source = readResource(path);
    if (source.isEmpty())
        return {};
    const QPalette palette = QApplication::palette();
    const auto withColor = [&source](const QColor &color) {
        QByteArray svg = source;
        svg.replace("currentColor", color.name(QColor::HexRgb).toLatin1());
        return svg;
    };
    const QByteArray normal = withColor(palette.color(QPalette::Active, QPalette::WindowText));
    const QByteArray disabled = withColor(palette.color(QPalette::Disabled, QPalette::WindowText));
    const QByteArray selected = withColor(palette.color(QPalette::Active, QPalette::HighlightedText));
    QIcon icon;
    for (const int size : {16, 20, 24, 32}) {
        for (const qreal dpr : {1.0, 2.0}) {
            icon.addPixmap(renderSvg(normal, size, dpr), QIcon::Normal);
            icon.addPixmap(renderSvg(normal, size, dpr), QIcon::Active);
            icon.addPixmap(renderSvg(disabled, size, dpr), QIcon::Disabled);
            icon.addPixmap(renderSvg(selected, size, dpr), QIcon::Selected);
        }
    }
    return icon;
}

struct IconCache
{
    QHash<QString, QIcon> actions;
    qint64 paletteKey = -1;
    QHash<int, QIcon> statuses;
};

// Pixmaps must go before the application object does, so the cache is emptied by a post routine
// rather than left to static destruction.
IconCache &cache()
{
    static IconCache instance;
    static const bool registered = [] {
        qAddPostRoutine([] {
            cache().actions.clear();
            cache().statuses.clear();
        });
        return true;
    }();
    Q_UNUSED(registered);
    return instance;
}

} // namespace

QIcon Icons::action(QStringView name)
{
    // Rendering SVG is not free and views ask for icons on every paint.
    IconCache &c = cache();
    const qint64 key = QApplication::palette().cacheKey();
    if (key != c.paletteKey) {
        c.actions.clear();
        c.paletteKey = key;
    }
    const QString id = name.toString();
    auto it = c.actions.find(id);
    if (it == c.actions.end())
        it = c.actions.insert(id, tinted(QStringLiteral(":/icons/") + id + QStringLiteral(".svg")));
    return it.value();
}

QIcon Icons::status(ServerConnection::Status status)
{
    const auto file = [status] {
        switch (status) {
        case ServerConnection::Status::Ready: return QStringLiteral(":/icons/status-ready.svg");
        case ServerConnection::Status::Starting: return QStringLiteral(":/icons/status-starting.svg");
        case ServerConnection::Status::Restarting: return QStringLiteral(":/icons/status-restarting.svg");
        case ServerConnection::Status::Failed: return QStringLiteral(":/icons/status-failed.svg");
        case ServerConnection::Status::Stopped: return QStringLiteral(":/icons/status-stopped.svg");
        case ServerConnection::Status::Disabled: return QStringLiteral(":/icons/status-disabled.svg");
        case ServerConnection::Status::WaitingForTrust: return QStringLiteral(":/icons/status-waiting-trust.svg");
        }
        return QString();
    };
    IconCache &c = cache();
    auto it = c.statuses.find(int(status));
    if (it == c.statuses.end())
        it = c.statuses.insert(int(status), QIcon(file()));
    return it.value();
}

QIcon Icons::application()
{
    return QIcon(QStringLiteral(":/icons/toolgate.svg"));
}

} // namespace Toolgate
