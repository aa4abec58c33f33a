#pragma once

#include "core/protocol/roots.h"

#include <QList>
#include <QString>

namespace Toolgate {

class ServerRequest;

/// Where the requests servers make of the client are put to a person: the GUI's dialogs, the
/// CLI's terminal prompts, or a rule that declines (scripts) or answers fixed (conformance tests).
/// The ServerRequestPipeline declares to servers only what the gate says it can honour.
class ServerRequestGate
{
public:
    /// What the gate can answer, declared to servers as client capabilities.
    struct Abilities
    {
        bool sampling = false;
        bool samplingTools = false; ///< tool-enabled sampling (the reply may ask for tools)
        bool elicitationForm = false;
        bool elicitationUrl = false;
        bool roots = false;
    };

    virtual ~ServerRequestGate() = default;
    virtual Abilities abilities() const = 0;
    /// Puts request to the person, or answers it at once. The pipeline presents a server's
    /// sampling and elicitation requests one at a time (the next after this one settled); roots
    /// requests are presented as they come. Answer through the request's methods; when it emits
    /// withdrawn(), close whatever question is open for it (it is answered already).
    virtual void present(ServerRequest *request) = 0;
};

/// The gate for when no person can be asked (toolgate-cli --yes, or no terminal): sampling and
/// elicitation are declared, so servers show everything they offer, and then declined with a
/// message saying why — never answered with invented data. Roots come from the list given (the
/// person named them, e.g. with --root).
class DecliningServerRequestGate final : public ServerRequestGate
{
public:
    /// why: said to the server and recorded, e.g. "toolgate-cli runs with --yes and asks nothing".
    DecliningServerRequestGate(QString why, QList<Root> roots);
    Abilities abilities() const override;
    void present(ServerRequest *request) override;

private:
    QString m_why;
    QList<Root> m_roots;
};

} // namespace Toolgate
