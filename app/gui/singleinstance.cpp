#include "app/gui/singleinstance.h"

#include "ui/mainwindow/mainwindow.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QEventLoop>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLoggingCategory>
#include <QTimer>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace Toolgate {

namespace {

Q_LOGGING_CATEGORY(lcInstance, "toolgate.gui.instance")

// What a launch says: a version, then its arguments. Anything longer is not from us.
constexpr quint32 protocolVersion = 1;
constexpr qint64 maxMessage = 64 * 1024;

QString userKey()
{
#ifdef Q_OS_UNIX
    return QString::number(::getuid());
#else
    QString user = qEnvironmentVariable("USERNAME");
    return user.isEmpty() ? qEnvironmentVariable("USER") : user;
#endif
}

enum class Contact { Delivered, NobodyThere, Failed };

// Connects to a running instance and hands it arguments; whether anyone took them.
Contact deliver(const QString &name, const QStringList &arguments, int timeoutMs)
{
    QLocalSocket socket;
    QEventLoop loop;
    Contact contact = Contact::Failed;
    // On Unix a missing socket file is reported from inside connectToServer(), before the loop runs,
    // and a quit() before exec() is lost: the first launch would wait the whole timeout for nobody.
    bool answered = false;
    QByteArray message;
    {
        QDataStream out(&message, QIODevice::WriteOnly);
        out << protocolVersion << arguments;
    }
    QObject::connect(&socket, &QLocalSocket::connected, &loop, [&] {
        QByteArray framed;
        QDataStream(&framed, QIODevice::WriteOnly) << quint32(message.size());
        socket.write(framed + message);
    });
    // The running instance answers with one byte once it has read the message.
    QObject::connect(&socket, &QLocalSocket::readyRead, &loop, [&] {
        contact = Contact::Delivered;
        answered = true;
        loop.quit();
    });
    QObject::connect(&socket, &QLocalSocket::errorOccurred, &loop, [&](QLocalSocket::LocalSocketError error) {
        if (contact == Contact::Delivered)
            return;
        contact = error == QLocalSocket::ServerNotFoundError || error == QLocalSocket::ConnectionRefusedError
            ? Contact::NobodyThere
            : Contact::Failed;
        answered = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    socket.connectToServer(name);
    if (!answered)
        loop.exec();
    return contact;
}

} // namespace

QString SingleInstance::serverName(const QString &configDirectory)
{
    const QByteArray hash = QCryptographicHash::hash(QDir::cleanPath(configDirectory).toUtf8(), QCryptographicHash::Sha256);
    return QStringLiteral("toolgate-%1-%2").arg(userKey(), QString::fromLatin1(hash.toHex().left(16)));
}

std::unique_ptr<SingleInstance> SingleInstance::claim(const QString &name, const QStringList &arguments, int timeoutMs)
{
    // Asking first, then listening, works the same everywhere (a Windows pipe name can be listened on
    // twice); a second attempt settles a race between two launches and a name left by a crash.
    auto server = std::make_unique<QLocalServer>();
    server->setSocketOptions(QLocalServer::UserAccessOption);
    for (int attempt = 0; attempt < 2; ++attempt) {
        const Contact contact = deliver(name, arguments, timeoutMs);
        if (contact == Contact::Delivered)
            return nullptr;
        if (contact == Contact::NobodyThere && attempt > 0)
            QLocalServer::removeServer(name); // a socket file nobody listens on
        if (server->listen(name))
            return std::unique_ptr<SingleInstance>(new SingleInstance(std::move(server)));
        if (server->serverError() != QAbstractSocket::AddressInUseError)
            break;
    }
    // Better two windows than none: carry on alone.
    qCWarning(lcInstance).noquote() << "cannot watch for other launches of Toolgate:" << server->errorString();
    return std::unique_ptr<SingleInstance>(new SingleInstance(nullptr));
}

SingleInstance::SingleInstance(std::unique_ptr<QLocalServer> server)
    : m_server(std::move(server))
{
    if (m_server)
        connect(m_server.get(), &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
}

SingleInstance::~SingleInstance() = default;

void SingleInstance::setWindow(MainWindow *window)
{
    m_window = window;
}

QString SingleInstance::name() const
{
    return m_server ? m_server->serverName() : QString();
}

void SingleInstance::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        // A launch that never finishes its message is dropped.
        QTimer::singleShot(5000, socket, &QLocalSocket::abort);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
            if (socket->bytesAvailable() > maxMessage + 4) {
                socket->abort();
                return;
            }
            if (socket->bytesAvailable() < 4)
                return;
            quint32 size = 0;
            QDataStream(socket->peek(4)) >> size;
            if (size > maxMessage) {
                socket->abort();
                return;
            }
            if (socket->bytesAvailable() < 4 + qint64(size))
                return;
            socket->read(4);
            QDataStream in(socket->read(size));
            quint32 version = 0;
            QStringList arguments;
            in >> version >> arguments;
            if (in.status() != QDataStream::Ok || version != protocolVersion) {
                socket->abort();
                return;
            }
            socket->write("1");
            socket->disconnectFromServer();
            if (m_window) {
                if (m_window->isMinimized())
                    m_window->showNormal();
                m_window->show();
                m_window->raise();
                m_window->activateWindow();
                const qsizetype select = arguments.indexOf(QStringLiteral("--select"));
                const QString selection = select >= 0 ? arguments.value(select + 1) : QString();
                if (!selection.isEmpty())
                    m_window->selectTool(selection.section(u'/', 0, 0), selection.section(u'/', 1));
            }
            emit activated(arguments);
        });
    }
}

} // namespace Toolgate

#include "moc_singleinstance.cpp"
