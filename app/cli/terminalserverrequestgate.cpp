#include "app/cli/terminalserverrequestgate.h"
#include "app/cli/clitext.h"

#include "core/auth/authorizationuseragent.h"
#include "app/cli/console.h"
#include "core/model/samplingbymodel.h"
#include "core/requests/serverrequest.h"
#include "core/schema/schemavalidator.h"
#include "core/transport/httpreply.h"
#include "app/cli/terminalreader.h"
#include "app/cli/terminalturns.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

namespace Toolgate {

namespace {

QString safe(const QString &untrusted)
{
    return Console::sanitized(untrusted);
}

QString compactJson(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    QJsonArray wrapper{value};
    const QByteArray text = QJsonDocument(wrapper).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

QString blockSummary(const SamplingContent &block)
{
    switch (block.type) {
    case SamplingContent::Type::Text:
        return safe(block.block.text);
    case SamplingContent::Type::Image:
    case SamplingContent::Type::Audio:
        return Cli::tr("[%1 %2, about %3 bytes]")
            .arg(SamplingContent::typeName(block.type), safe(block.block.mimeType))
            .arg(block.block.data.size() * 3 / 4);
    case SamplingContent::Type::ToolUse:
        return Cli::tr("[asks for the tool %1 with %2]")
            .arg(safe(block.toolName), safe(QString::fromUtf8(QJsonDocument(block.input).toJson(QJsonDocument::Compact))));
    case SamplingContent::Type::ToolResult: {
        QStringList parts;
        for (const Content &content : block.resultContent)
            parts.append(content.type == Content::Type::Text ? safe(content.text) : QStringLiteral("[%1]").arg(content.typeString()));
        return Cli::tr("[result of %1%2: %3]")
            .arg(safe(block.toolUseId), block.isError ? Cli::tr(", an error") : QString(), parts.join(QStringLiteral(" ")));
    }
    }
    return {};
}

QString fieldLabel(const SchemaProperty &property)
{
    const QString title = property.node->title.isEmpty() ? property.name : property.node->title;
    return safe(title);
}

QString kindText(const SchemaNode &node)
{
    if (!node.enumValues.isEmpty())
        return Cli::tr("choose one");
    if (node.kind == SchemaNode::Kind::Array && node.items && !node.items->enumValues.isEmpty())
        return Cli::tr("choose one or more, separated by commas");
    switch (node.kind) {
    case SchemaNode::Kind::String:
        return node.format.isEmpty() ? Cli::tr("text") : Cli::tr("text, %1").arg(safe(node.format));
    case SchemaNode::Kind::Integer: return Cli::tr("whole number");
    case SchemaNode::Kind::Number: return QStringLiteral("number");
    case SchemaNode::Kind::Boolean: return Cli::tr("yes or no");
    default: return QStringLiteral("JSON");
    }
}

/// The numbered choices of an enum, "1) Superman", one per line.
QString choicesText(const SchemaNode &node)
{
    QStringList lines;
    for (qsizetype i = 0; i < node.enumValues.size(); ++i) {
        const QString value = compactJson(node.enumValues.at(i));
        const QString title = node.enumTitles.value(i);
        lines.append(QStringLiteral("      %1) %2").arg(i + 1).arg(title.isEmpty() ? safe(value) : QStringLiteral("%1 (%2)").arg(safe(title), safe(value))));
    }
    return lines.join(u'\n') + u'\n';
}

/// One choice typed as its number, its value or its title.
std::optional<QJsonValue> pickChoice(const SchemaNode &node, const QString &typed)
{
    bool isNumber = false;
    const int index = typed.toInt(&isNumber);
    if (isNumber && index >= 1 && index <= node.enumValues.size())
        return node.enumValues.at(index - 1);
    for (qsizetype i = 0; i < node.enumValues.size(); ++i) {
        if (compactJson(node.enumValues.at(i)) == typed || node.enumTitles.value(i).compare(typed, Qt::CaseInsensitive) == 0)
            return node.enumValues.at(i);
    }
    return std::nullopt;
}

/// The value a person typed for a field, typed by its schema; an error says what was expected.
Result<QJsonValue> parseField(const SchemaNode &node, const QString &typed)
{
    if (!node.enumValues.isEmpty()) {
        if (const auto choice = pickChoice(node, typed))
            return *choice;
        return makeError(ErrorCode::InvalidArguments, Cli::tr("type the number of one of the choices"));
    }
    if (node.kind == SchemaNode::Kind::Array && node.items && !node.items->enumValues.isEmpty()) {
        QJsonArray picked;
        for (const QString &part : typed.split(u',', Qt::SkipEmptyParts)) {
            const auto choice = pickChoice(*node.items, part.trimmed());
            if (!choice)
                return makeError(ErrorCode::InvalidArguments, Cli::tr("\"%1\" is not one of the choices").arg(safe(part.trimmed())));
            picked.append(*choice);
        }
        return QJsonValue(picked);
    }
    switch (node.kind) {
    case SchemaNode::Kind::String:
        return QJsonValue(typed);
    case SchemaNode::Kind::Integer: {
        bool ok = false;
        const qlonglong value = typed.toLongLong(&ok);
        if (!ok)
            return makeError(ErrorCode::InvalidArguments, Cli::tr("type a whole number"));
        return QJsonValue(value);
    }
    case SchemaNode::Kind::Number: {
        bool ok = false;
        const double value = typed.toDouble(&ok);
        if (!ok)
            return makeError(ErrorCode::InvalidArguments, Cli::tr("type a number"));
        return QJsonValue(value);
    }
    case SchemaNode::Kind::Boolean: {
        const QString answer = typed.toLower();
        if (answer == u"y" || answer == u"yes" || answer == u"true")
            return QJsonValue(true);
        if (answer == u"n" || answer == u"no" || answer == u"false")
            return QJsonValue(false);
        return makeError(ErrorCode::InvalidArguments, Cli::tr("answer yes or no"));
    }
    default: {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(QByteArray("[") + typed.toUtf8() + "]", &error);
        if (error.error != QJsonParseError::NoError || document.array().size() != 1)
            return makeError(ErrorCode::InvalidArguments, Cli::tr("type a JSON value"));
        return document.array().first();
    }
    }
}

/// Problems of one field's value, as the requested schema sees them (other fields left out).
QStringList fieldProblems(const QJsonObject &schema, const QString &field, const QJsonValue &value)
{
    const auto validator = SchemaValidator::compile(schema);
    if (!validator)
        return {};
    QStringList problems;
    const QString prefix = u'/' + field;
    for (const SchemaIssue &issue : validator->validate(QJsonObject{{field, value}})) {
        if (issue.path == prefix || issue.path.startsWith(prefix + u'/'))
            problems.append(issue.message);
    }
    return problems;
}

} // namespace

TerminalServerRequestGate::TerminalServerRequestGate(TerminalReader *reader, TerminalTurns *turns, QList<Root> roots, QObject *parent)
    : QObject(parent)
    , m_reader(reader)
    , m_turns(turns)
    , m_roots(std::move(roots))
{
    connect(m_reader, &TerminalReader::lineRead, this, &TerminalServerRequestGate::onLine);
    connect(m_reader, &TerminalReader::endOfInput, this, &TerminalServerRequestGate::onEnd);
}

TerminalServerRequestGate::~TerminalServerRequestGate() = default;

ServerRequestGate::Abilities TerminalServerRequestGate::abilities() const
{
    return Abilities{true, true, true, true, true};
}

void TerminalServerRequestGate::setSamplingModel(const ModelConfig &model, SecretStore *keys)
{
    m_samplingModel = model;
    m_keys = keys;
}

void TerminalServerRequestGate::present(ServerRequest *request)
{
    if (request->kind() == ServerRequest::Kind::Roots) {
        // The person named these folders with --root: that is the consent to share them.
        request->answerRoots(m_roots);
        return;
    }
    QPointer<ServerRequest> guard(request);
    connect(request, &ServerRequest::withdrawn, this, [this, guard](const QString &why) { onWithdrawn(guard, why); });
    m_turns->take(this, [this, guard] {
        if (!guard || guard->isSettled()) {
            m_turns->release(this);
            return;
        }
        begin(guard);
    });
}

void TerminalServerRequestGate::begin(ServerRequest *request)
{
    m_current = request;
    if (request->kind() == ServerRequest::Kind::Sampling) {
        showSampling();
    } else if (request->elicitation().mode == ElicitationRequest::Mode::Url) {
        showUrl();
    } else {
        showForm();
    }
}

void TerminalServerRequestGate::ask(Step step, const QString &question)
{
    m_step = step;
    Console::err(question);
    m_reader->requestLine();
}

void TerminalServerRequestGate::finishCurrent()
{
    m_current = nullptr;
    m_step = Step::Idle;
    m_replyLines.clear();
    m_content = {};
    m_fields.clear();
    m_field = 0;
    m_modelReply.reset();
    if (m_asker) {
        // Whatever the model still writes has nowhere to go.
        m_asker->cancel();
        m_asker->deleteLater();
    }
    m_turns->release(this);
}

void TerminalServerRequestGate::onWithdrawn(ServerRequest *request, const QString &why)
{
    if (!request || request != m_current)
        return; // still waiting for its turn: it simply will not be asked
    Console::err(Cli::tr("\nThe question from \"%1\" is closed: %2.\n").arg(safe(request->server().name), safe(why)));
    finishCurrent();
}

void TerminalServerRequestGate::onEnd()
{
    if (m_step == Step::Idle || !m_current)
        return;
    Console::err(Cli::tr("\nNo answer (end of input): the request is declined.\n"));
    if (m_current->kind() == ServerRequest::Kind::Sampling)
        m_current->decline(Cli::tr("no answer: the terminal input ended"));
    else
        m_current->declineElicitation();
    finishCurrent();
}

void TerminalServerRequestGate::onLine(const QString &line)
{
    if (m_step == Step::Idle || !m_current)
        return;
    // A terminal echoes what was typed; an answer from a pipe is echoed here for the transcript.
    if (!Console::stdinIsTerminal() && m_step != Step::SamplingText)
        Console::err(safe(line) + u'\n');
    const QString input = line.trimmed();
    const QString choice = input.toLower();
    switch (m_step) {
    case Step::Idle:
        return;
    case Step::SamplingChoice:
    case Step::SamplingText:
    case Step::SamplingToolName:
    case Step::SamplingToolArguments:
    case Step::SamplingConfirm:
    case Step::SamplingModelSend:
    case Step::SamplingModelWaiting:
    case Step::SamplingModelReturn:
        onSamplingLine(line);
        return;
    case Step::FormChoice:
        if (choice == u"a" || choice == u"answer") {
            askField();
        } else if (choice == u"d" || choice == u"decline") {
            m_current->declineElicitation();
            Console::err(Cli::tr("Declined.\n"));
            finishCurrent();
        } else if (choice == u"c" || choice == u"cancel") {
            m_current->dismiss();
            Console::err(Cli::tr("Cancelled.\n"));
            finishCurrent();
        } else {
            ask(Step::FormChoice, Cli::tr("Please answer a, d or c: "));
        }
        return;
    case Step::FormField:
        onFieldLine(line);
        return;
    case Step::FormConfirm:
        if (choice == u"y" || choice == u"yes") {
            const Result<void> sent = m_current->accept(m_content);
            if (!sent) {
                Console::err(safe(sent.error().message) + Cli::tr("\nLet's go through the fields again.\n"));
                m_field = 0;
                m_content = {};
                askField();
                return;
            }
            Console::err(Cli::tr("Sent.\n"));
            finishCurrent();
        } else if (choice == u"e" || choice == u"edit") {
            m_field = 0;
            m_content = {};
            askField();
        } else if (choice == u"n" || choice == u"no" || choice == u"d") {
            m_current->declineElicitation();
            Console::err(Cli::tr("Declined.\n"));
            finishCurrent();
        } else {
            ask(Step::FormConfirm, Cli::tr("Please answer y, e or n: "));
        }
        return;
    case Step::UrlConsent:
        if (choice == u"y" || choice == u"yes") {
            const QUrl url(m_current->elicitation().url);
            // Consent first, then the page: the answer tells the server the person is on their way.
            if (!m_current->accept())
                Console::err(Cli::tr("The request was closed meanwhile; nothing is opened.\n"));
            else if (!LoopbackUserAgent::openWithSystemHandler(url))
                Console::err(Cli::tr("Could not open a browser; open the link yourself.\n"));
            else
                Console::err(Cli::tr("Opened in your browser.\n"));
            finishCurrent();
        } else if (choice == u"n" || choice == u"no") {
            m_current->declineElicitation();
            Console::err(Cli::tr("Declined.\n"));
            finishCurrent();
        } else {
            ask(Step::UrlConsent, Cli::tr("Please answer y or n: "));
        }
        return;
    }
}

// ---- sampling -----------------------------------------------------------------------------------

void TerminalServerRequestGate::showSampling()
{
    const SamplingRequest &request = m_current->sampling();
    QString text = samplingModelOffered()
        ? Cli::tr("\nServer \"%1\" asks for a model reply (sampling). You write the reply, or let the model \"%2\" write it.\n")
              .arg(safe(m_current->server().name), safe(m_samplingModel->name))
        : Cli::tr("\nServer \"%1\" asks for a model reply (sampling). Toolgate has no model of its own: you write the reply.\n")
              .arg(safe(m_current->server().name));
    if (!m_current->occasion().isEmpty())
        text += QStringLiteral("  ") + safe(m_current->occasion()) + u'\n';
    if (!request.systemPrompt.isEmpty())
        text += Cli::tr("  System prompt:\n%1\n").arg(Console::indented(safe(request.systemPrompt), QStringLiteral("    ")));
    text += Cli::tr("  Conversation:\n");
    for (const SamplingMessage &message : request.messages) {
        for (const SamplingContent &block : message.content)
            text += Console::indented(QStringLiteral("%1: %2").arg(message.role, blockSummary(block)), QStringLiteral("    ")) + u'\n';
    }
    text += Cli::tr("  At most %1 tokens (about %2 characters).\n").arg(request.maxTokens).arg(qint64(request.maxTokens) * 4);
    if (!request.tools.isEmpty() && m_current->samplingToolsAllowed()) {
        QStringList names;
        for (const Tool &tool : request.tools)
            names.append(safe(tool.name));
        text += Cli::tr("  Tools the reply may ask for (%1): %2\n").arg(SamplingRequest::toolChoiceName(request.toolChoice), names.join(Cli::tr(", ")));
    }
    if (m_samplingModel && !Console::stdinIsTerminal())
        text += Cli::tr("  --sampling-model is used at a terminal only: nothing is sent to a model.\n");
    Console::err(text);
    m_replyLines.clear();
    m_replyIsTool = false;
    m_modelReply.reset();
    const bool tools = !request.tools.isEmpty() && m_current->samplingToolsAllowed() && request.toolChoice != SamplingRequest::ToolChoice::None;
    QString question = Cli::tr("Reply? [w]rite a reply");
    if (samplingModelOffered())
        question += Cli::tr(" / [m]odel \"%1\" writes it").arg(safe(m_samplingModel->name));
    if (tools)
        question += Cli::tr(" / [t]ool request");
    ask(Step::SamplingChoice, question + Cli::tr(" / [d]ecline: "));
}

void TerminalServerRequestGate::onSamplingLine(const QString &line)
{
    const QString choice = line.trimmed().toLower();
    switch (m_step) {
    case Step::SamplingChoice:
        if (choice == u"w" || choice == u"write") {
            m_replyIsTool = false;
            m_replyLines.clear();
            Console::err(Cli::tr("Type the reply. End it with a line that holds only a dot (.).\n"));
            m_step = Step::SamplingText;
            m_reader->requestLine();
        } else if ((choice == u"m" || choice == u"model") && samplingModelOffered()) {
            showModelDraft();
        } else if ((choice == u"t" || choice == u"tool") && !m_current->sampling().tools.isEmpty()) {
            m_replyIsTool = true;
            ask(Step::SamplingToolName, Cli::tr("Which tool should the server run? Name: "));
        } else if (choice == u"d" || choice == u"decline") {
            m_current->decline();
            Console::err(Cli::tr("Declined.\n"));
            finishCurrent();
        } else {
            ask(Step::SamplingChoice, samplingModelOffered() ? Cli::tr("Please answer w, m, t or d: ") : Cli::tr("Please answer w, t or d: "));
        }
        return;
    case Step::SamplingText:
        if (line.trimmed() == u".") {
            Console::err(Cli::tr("Send this reply? [y]es / [n]o, write it again / [d]ecline: "));
            m_step = Step::SamplingConfirm;
            m_reader->requestLine();
            return;
        }
        m_replyLines.append(line);
        m_reader->requestLine();
        return;
    case Step::SamplingToolName:
        m_toolName = line.trimmed();
        ask(Step::SamplingToolArguments, Cli::tr("Its arguments as JSON (one line; Enter for {}): "));
        return;
    case Step::SamplingToolArguments: {
        const QString json = line.trimmed().isEmpty() ? QStringLiteral("{}") : line.trimmed();
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8(), &error);
        if (!document.isObject()) {
            ask(Step::SamplingToolArguments, Cli::tr("That is not a JSON object. Arguments as JSON: "));
            return;
        }
        m_toolArguments = document.object();
        ask(Step::SamplingConfirm, Cli::tr("Send this tool request? [y]es / [n]o, start again / [d]ecline: "));
        return;
    }
    case Step::SamplingConfirm:
        if (choice == u"y" || choice == u"yes") {
            sendSamplingReply();
        } else if (choice == u"n" || choice == u"no") {
            showSampling();
        } else if (choice == u"d" || choice == u"decline") {
            m_current->decline();
            Console::err(Cli::tr("Declined.\n"));
            finishCurrent();
        } else {
            ask(Step::SamplingConfirm, Cli::tr("Please answer y, n or d: "));
        }
        return;
    case Step::SamplingModelSend:
        if (choice == u"y" || choice == u"yes")
            askModel();
        else if (choice == u"n" || choice == u"no")
            showSampling();
        else
            ask(Step::SamplingModelSend, Cli::tr("Please answer y or n: "));
        return;
    case Step::SamplingModelWaiting:
        return; // the model is writing; nothing typed now answers anything
    case Step::SamplingModelReturn:
        if (choice == u"y" || choice == u"yes") {
            const Result<void> sent = m_current->reply(*m_modelReply, SamplingByModel::replySource(*m_samplingModel, std::nullopt, false));
            if (!sent) {
                Console::err(safe(sent.error().message) + u'\n');
                showSampling();
                return;
            }
            Console::err(Cli::tr("Sent.\n"));
            finishCurrent();
        } else if (choice == u"n" || choice == u"no" || choice == u"d") {
            m_current->decline(SamplingByModel::declinedNote(*m_samplingModel));
            Console::err(Cli::tr("Declined.\n"));
            finishCurrent();
        } else if (choice == u"w" || choice == u"write") {
            showSampling();
        } else {
            ask(Step::SamplingModelReturn, Cli::tr("Please answer y, n or w: "));
        }
        return;
    default:
        return;
    }
}

bool TerminalServerRequestGate::samplingModelOffered() const
{
    // Without a terminal nobody sees what would go to the model: nothing does.
    return m_samplingModel.has_value() && Console::stdinIsTerminal();
}

void TerminalServerRequestGate::showModelDraft()
{
    const ModelRequest draft = SamplingByModel::draft(m_current->sampling());
    QString text = Cli::tr("  This goes to the model \"%1\" (connection \"%2\", %3):\n")
                       .arg(safe(m_samplingModel->model), safe(m_samplingModel->name), safe(HttpReply::displayUrl(QUrl(m_samplingModel->baseUrl))));
    for (const ModelMessage &message : draft.messages) {
        const QString role = message.role == ModelMessage::Role::System      ? Cli::tr("system")
                             : message.role == ModelMessage::Role::Assistant ? Cli::tr("assistant")
                                                                             : Cli::tr("user");
        text += Console::indented(QStringLiteral("%1: %2").arg(role, safe(message.text)), QStringLiteral("    ")) + u'\n';
    }
    QStringList limits{Cli::tr("at most %1 tokens").arg(draft.maxTokens)};
    if (draft.temperature)
        limits.append(Cli::tr("temperature %1").arg(*draft.temperature));
    if (!draft.stopSequences.isEmpty())
        limits.append(Cli::tr("stop at %1").arg(safe(draft.stopSequences.join(QStringLiteral(", ")))));
    text += QStringLiteral("    (%1)\n").arg(limits.join(QStringLiteral(", ")));
    Console::err(text);
    ask(Step::SamplingModelSend, Cli::tr("Send this to the model? [y]es / [n]o: "));
}

void TerminalServerRequestGate::askModel()
{
    auto *asker = new SamplingByModel(*m_samplingModel, m_keys, m_current, this);
    m_asker = asker;
    connect(asker, &SamplingByModel::answered, this, [this, asker](const SamplingResult &reply) {
        asker->deleteLater();
        if (m_step == Step::SamplingModelWaiting && m_current)
            showModelReply(reply);
    });
    connect(asker, &SamplingByModel::failed, this, [this, asker](const Error &error) {
        asker->deleteLater();
        if (m_step != Step::SamplingModelWaiting || !m_current)
            return;
        Console::err(Cli::tr("The model did not answer: %1\n").arg(safe(error.message)));
        showSampling();
    });
    m_step = Step::SamplingModelWaiting;
    Console::err(Cli::tr("Asking the model \"%1\"… (nothing goes to the server until you approve its reply)\n").arg(safe(m_samplingModel->model)));
    asker->ask(SamplingByModel::draft(m_current->sampling()));
}

void TerminalServerRequestGate::showModelReply(const SamplingResult &reply)
{
    m_modelReply = reply;
    QStringList texts;
    for (const SamplingContent &block : reply.content)
        texts.append(blockSummary(block));
    Console::err(Cli::tr("  The model \"%1\" answers (%2):\n%3\n")
                     .arg(safe(reply.model), safe(reply.stopReason), Console::indented(texts.join(u'\n'), QStringLiteral("    "))));
    ask(Step::SamplingModelReturn, Cli::tr("Return this reply to the server? [y]es / [n]o, decline / [w]rite my own: "));
}

void TerminalServerRequestGate::sendSamplingReply()
{
    SamplingResult reply;
    reply.model = ServerRequest::humanModelName();
    if (m_replyIsTool)
        reply.content.append(SamplingContent::makeToolUse(QStringLiteral("toolu_cli_%1").arg(++m_toolUses), m_toolName, m_toolArguments));
    else
        reply.content.append(SamplingContent::makeText(m_replyLines.join(u'\n')));
    const Result<void> sent = m_current->reply(reply);
    if (!sent) {
        Console::err(safe(sent.error().message) + u'\n');
        showSampling();
        return;
    }
    Console::err(Cli::tr("Sent.\n"));
    finishCurrent();
}

// ---- form elicitation ---------------------------------------------------------------------------

void TerminalServerRequestGate::showForm()
{
    const ElicitationRequest &request = m_current->elicitation();
    const SchemaNode schema = SchemaNode::fromSchema(request.requestedSchema, request.requestedSchemaOrder);
    m_fields = schema.properties;
    m_field = 0;
    m_content = {};
    QString text = Cli::tr("\nServer \"%1\" asks you for information:\n").arg(safe(m_current->server().name));
    if (!m_current->occasion().isEmpty())
        text += QStringLiteral("  ") + safe(m_current->occasion()) + u'\n';
    if (!request.message.isEmpty())
        text += Console::indented(safe(request.message), QStringLiteral("  ")) + u'\n';
    QStringList names;
    for (const SchemaProperty &field : std::as_const(m_fields))
        names.append(fieldLabel(field));
    text += Cli::tr("  Fields: %1\n").arg(names.isEmpty() ? Cli::tr("(none)") : names.join(QStringLiteral(", ")));
    Console::err(text);
    ask(Step::FormChoice, Cli::tr("Answer? [a]nswer / [d]ecline / [c]ancel: "));
}

void TerminalServerRequestGate::askField()
{
    if (m_field >= m_fields.size()) {
        confirmForm();
        return;
    }
    const SchemaProperty &field = m_fields.at(m_field);
    const SchemaNode &node = *field.node;
    QString text = QStringLiteral("  %1").arg(fieldLabel(field));
    if (!node.description.isEmpty())
        text += QStringLiteral(" — %1").arg(safe(node.description.simplified()));
    text += Cli::tr("\n    (%1%2").arg(kindText(node), field.required ? Cli::tr(", required") : Cli::tr(", optional"));
    if (!node.defaultValue.isUndefined())
        text += Cli::tr(", Enter for %1").arg(safe(compactJson(node.defaultValue)));
    else if (!field.required)
        text += Cli::tr(", Enter to leave it out");
    text += QStringLiteral(")\n");
    if (!node.enumValues.isEmpty())
        text += choicesText(node);
    else if (node.kind == SchemaNode::Kind::Array && node.items && !node.items->enumValues.isEmpty())
        text += choicesText(*node.items);
    ask(Step::FormField, text + QStringLiteral("    > "));
}

void TerminalServerRequestGate::onFieldLine(const QString &line)
{
    const SchemaProperty &field = m_fields.at(m_field);
    const SchemaNode &node = *field.node;
    const QString typed = line.trimmed();
    if (typed.isEmpty()) {
        if (!node.defaultValue.isUndefined()) {
            m_content.insert(field.name, node.defaultValue);
        } else if (field.required) {
            Console::err(Cli::tr("    %1 is required.\n").arg(fieldLabel(field)));
            askField();
            return;
        }
        ++m_field;
        askField();
        return;
    }
    const Result<QJsonValue> value = parseField(node, typed);
    if (!value) {
        Console::err(QStringLiteral("    %1.\n").arg(value.error().message));
        askField();
        return;
    }
    const QStringList problems = fieldProblems(m_current->elicitation().requestedSchema, field.name, value.value());
    if (!problems.isEmpty()) {
        Console::err(QStringLiteral("    %1: %2\n").arg(fieldLabel(field), safe(problems.join(QStringLiteral("; ")))));
        askField();
        return;
    }
    m_content.insert(field.name, value.value());
    ++m_field;
    askField();
}

void TerminalServerRequestGate::confirmForm()
{
    QString text = Cli::tr("  You will send:\n");
    for (const SchemaProperty &field : std::as_const(m_fields)) {
        if (m_content.contains(field.name))
            text += QStringLiteral("    %1: %2\n").arg(fieldLabel(field), safe(compactJson(m_content.value(field.name))));
    }
    Console::err(text);
    ask(Step::FormConfirm, Cli::tr("Send it? [y]es / [e]dit again / [n]o (decline): "));
}

// ---- URL elicitation ----------------------------------------------------------------------------

void TerminalServerRequestGate::showUrl()
{
    const ElicitationRequest &request = m_current->elicitation();
    const QUrl url(request.url);
    QString text = Cli::tr("\nServer \"%1\" asks you to finish a step in your browser.\n").arg(safe(m_current->server().name));
    if (!request.message.isEmpty())
        text += Console::indented(safe(request.message), QStringLiteral("  ")) + u'\n';
    text += Cli::tr("  Site: %1\n  Full link: %2\n").arg(safe(url.host(QUrl::FullyDecoded)), safe(request.url));
    if (url.host(QUrl::FullyEncoded).contains(QLatin1String("xn--")))
        text += Cli::tr("  Careful: the site's name uses international characters that can imitate another site's.\n");
    text += Cli::tr("  Nothing is opened unless you agree.\n");
    Console::err(text);
    ask(Step::UrlConsent, Cli::tr("Open this link? [y]es / [n]o (decline): "));
}

} // namespace Toolgate

#include "moc_terminalserverrequestgate.cpp"
