#pragma once
// The project's scripted model server (tests/support/scriptedmodelserver.h) as a child process,
// toolgate-scripted-model-server: for tests that run toolgate-cli as a child process and must keep
// the model answering while they wait on it. Its turns come from a file; every request is recorded.

#include "cliprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace Toolgate::TestSupport {

/// The scripted model server as a child process: its turns from a file, every request it gets recorded.
class ModelServerProcess
{
public:
    bool start(const QJsonArray &script, const QString &folder)
    {
        m_scriptPath = folder + QStringLiteral("/script.json");
        m_recordPath = folder + QStringLiteral("/requests.jsonl");
        QFile::remove(m_recordPath);
        QFile file(m_scriptPath);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return false;
        file.write(QJsonDocument(script).toJson());
        file.close();
        m_process.start(executable(QStringLiteral("toolgate-scripted-model-server")), {QStringLiteral("--script"), m_scriptPath, QStringLiteral("--record"), m_recordPath});
        if (!m_process.waitForStarted(10000))
            return false;
        while (!m_process.canReadLine()) {
            if (!m_process.waitForReadyRead(10000))
                return false;
        }
        m_port = QString::fromUtf8(m_process.readLine()).trimmed().section(u' ', 1).toInt();
        return m_port > 0;
    }
    ~ModelServerProcess()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
    }

    QString openAiUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_port); }
    QString anthropicUrl() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }
    /// The requests it got so far, oldest first.
    QList<QJsonObject> requests() const
    {
        QList<QJsonObject> requests;
        QFile file(m_recordPath);
        if (!file.open(QIODevice::ReadOnly))
            return requests;
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (!line.trimmed().isEmpty())
                requests.append(QJsonDocument::fromJson(line).object());
        }
        return requests;
    }

private:
    QProcess m_process;
    QString m_scriptPath;
    QString m_recordPath;
    int m_port = 0;
};

/// A turn of the script in which the model calls one tool.
inline QJsonObject callTurn(const QString &id, const QString &tool, const QString &arguments)
{
    return {{QStringLiteral("calls"), QJsonArray{QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}}}}};
}

} // namespace Toolgate::TestSupport
