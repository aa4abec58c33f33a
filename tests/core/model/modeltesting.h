#pragma once

// What the model tests share: a client for the scripted server, and one turn run to its end.

#include "scriptedmodelserver.h"

#include "core/model/modelclient.h"
#include "core/model/modelerror.h"
#include "core/model/modelturn.h"

#include <QTest>

#include <memory>
#include <optional>

namespace TestModel {

/// A made-up key: what the tests check never leaves the client in a message.
inline QString fakeKey()
{
    return QStringLiteral("sk-test-not-a-real-key-4711");
}

inline Toolgate::ModelConfig configFor(const ScriptedModelServer &server, ScriptedModelServer::Api api)
{
    Toolgate::ModelConfig config;
    config.name = QStringLiteral("scripted");
    config.api = api == ScriptedModelServer::Api::OpenAi ? Toolgate::ModelConfig::Api::OpenAi : Toolgate::ModelConfig::Api::Anthropic;
    config.baseUrl = server.baseUrl(api);
    config.model = QStringLiteral("scripted-model");
    config.apiKey = fakeKey();
    return config;
}

/// One turn, from send() to its end, with everything it emitted.
struct TurnRun
{
    QStringList pieces;
    std::optional<Toolgate::ModelReply> reply;
    std::optional<Toolgate::Error> error;
    int endings = 0;

    Toolgate::ModelProblem problem() const { return error ? Toolgate::modelProblemOf(*error) : Toolgate::ModelProblem::None; }
};

inline TurnRun runTurn(Toolgate::ModelClient &client, const Toolgate::ModelRequest &request, int timeoutMs = 20000)
{
    auto run = std::make_shared<TurnRun>();
    Toolgate::ModelTurn *turn = client.send(request);
    QObject::connect(turn, &Toolgate::ModelTurn::textReceived, turn, [run](const QString &piece) { run->pieces.append(piece); });
    QObject::connect(turn, &Toolgate::ModelTurn::finished, turn, [run](const Toolgate::ModelReply &reply) {
        run->reply = reply;
        ++run->endings;
    });
    QObject::connect(turn, &Toolgate::ModelTurn::failed, turn, [run](const Toolgate::Error &error) {
        run->error = error;
        ++run->endings;
    });
    // A turn that never ends shows as endings == 0 in the caller's checks.
    [[maybe_unused]] const bool ended = QTest::qWaitFor([run] { return run->endings > 0; }, timeoutMs);
    // Whatever is still queued (the aborted request's end) must not end the turn a second time.
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    TurnRun result = *run;
    turn->deleteLater();
    return result;
}

} // namespace TestModel
