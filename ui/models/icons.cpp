#include "ui/models/icons.h"

#include <QApplication>
#include <QFile>
#include <QHash>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>

namespace Toolgate {

namespace {

// An action icon drawn from one SVG whose `currentColor` follows the palette: the text colour, its
// disabled form, or the highlighted text for a selected item. Each size and mode is drawn the first
// time a view asks for it. Drawing 4 sizes at 2 scales in 4 modes up front (as addPixmap() needs) took
// 13 MB of heap for the 20 action icons (issue #30), most of which no view ever showed.
class TintedSvgIconEngine final : public QIconEngine
{
public:
    explicit TintedSvgIconEngine(QByteArray source)
        : m_source(std::move(source))
    {
        const QPalette palette = QApplication::palette();
        m_normal = palette.color(QPalette::Active, QPalette::WindowText);
        m_disabled = palette.color(QPalette::Disabled, QPalette::WindowText);
        m_selected = palette.color(QPalette::Active, QPalette::HighlightedText);
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State) override
    {
        const int side = qMin(size.width(), size.height());
        if (side <= 0)
            return {};
        const quint64 key = (quint64(side) << 8) | quint64(mode);
        if (const auto it = m_drawn.constFind(key); it != m_drawn.cend())
            return it.value();
        QByteArray svg = m_source;
        svg.replace("currentColor", colorFor(mode).name(QColor::HexRgb).toLatin1());
        QSvgRenderer renderer(svg);
        QPixmap pixmap(side, side);
        pixmap.fill(Qt::transparent);
        if (renderer.isValid()) {
            QPainter painter(&pixmap);
            renderer.render(&painter);
        }
        m_drawn.insert(key, pixmap);
        return pixmap;
    }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        QPixmap drawn = pixmap(rect.size() * dpr, mode, state);
        drawn.setDevicePixelRatio(dpr);
        const QSize shown = drawn.deviceIndependentSize().toSize();
        painter->drawPixmap(QRect(rect.topLeft() + QPoint((rect.width() - shown.width()) / 2, (rect.height() - shown.height()) / 2), shown),
                            drawn);
    }

    QSize actualSize(const QSize &size, QIcon::Mode, QIcon::State) override
    {
        const int side = qMin(size.width(), size.height());
        return {side, side};
    }

    QIconEngine *clone() const override { return new TintedSvgIconEngine(*this); }
    QString key() const override { return QStringLiteral("toolgate-tinted-svg"); }
    bool isNull() override { return m_source.isEmpty(); }

private:
    QColor colorFor(QIcon::Mode mode) const
    {
        switch (mode) {
        case QIcon::Disabled: return m_disabled;
        case QIcon::Selected: return m_selected;
        case QIcon::Normal:
        case QIcon::Active: break;
        }
        return m_normal;
    }

    QByteArray m_source;
    QColor m_normal;
    QColor m_disabled;
    QColor m_selected;
    QHash<quint64, QPixmap> m_drawn; // by side in device pixels and mode
};

QByteArray readResource(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QIcon tinted(const QString &path)
{
    QByteArray source = readResource(path);
    if (source.isEmpty())
        return {};
    return QIcon(new TintedSvgIconEngine(std::move(source)));
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
        case ServerConnection::Status::WaitingForTrust:
        case ServerConnection::Status::WaitingForSecrets: return QStringLiteral(":/icons/status-waiting-trust.svg");
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
