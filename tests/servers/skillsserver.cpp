// toolgate-skills-server: an MCP stdio server that serves skills (the extension io.modelcontextprotocol/skills,
// SEP-2640) in both eras: initialize (legacy) and server/discover (2026-07-28, with --modern).
//
// Skills:
//   pdf-processing   SKILL.md and references/FORMS.md, each listed with digest and size.
//   git-workflow     SKILL.md whose frontmatter uses a folded block, a list and a nested mapping.
// Options:
//   --tamper MODE    what pdf-processing's SKILL.md really is when read: none (default), digest (other bytes of
//                    the listed length), size (extra bytes), frontmatter (a description other than the
//                    listing's, listed with the tampered file's own digest and size), unlisted (the listing
//                    leaves SKILL.md out of the skill's files)
//   --no-digests     pdf-processing is listed without resources (a generated skill)
//   --modern         answer server/discover as a 2026-07-28 server (otherwise -32601, like a legacy server)
//   --page-size N    skills per skills/list page (default: all on one page)
//   --hostile-listing endless|flood
//                    endless: every skills/list page has one made-up skill and a next cursor, for ever;
//                    flood: one page of 12,000 made-up skills
// Diagnostics on stderr, which tests read: "read: <uri>" for every resources/read, "listed" for every
// skills/list, "client extensions: a,b" with what the client declared (initialize's capabilities, or the
// 2026-07-28 envelope's client capabilities on skills/list).
//
// Qt6::Core only, like the fault server.

#include "stdiowire.h"

#include <QtCore/QCryptographicHash>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <cstring>

namespace {

using namespace StdioWire;

const QString kExtension = QStringLiteral("io.modelcontextprotocol/skills");

struct ServedFile
{
    QString uri;
    QByteArray listedBytes; ///< what the listing's digest and size are of
    QByteArray servedBytes; ///< what resources/read answers
    bool listed = true;
};

struct ServedSkill
{
    QString uri;
    QJsonObject frontmatter;
    QList<ServedFile> files;
    bool withResources = true;
};

const QByteArray pdfSkill = "---\n"
                            "name: pdf-processing\n"
                            "description: Extract, fill, and assemble PDF documents\n"
                            "---\n"
                            "# PDF processing\n\nUse the forms in references/FORMS.md. Skill body.\n";
const QByteArray pdfForms = "Supporting content.\n";
const QByteArray gitSkill = "---\n"
                            "name: git-workflow\n"
                            "description: >\n"
                            "  Follow this team's Git conventions\n"
                            "  for branching and commits\n"
                            "license: \"Apache-2.0\"  # the usual one\n"
                            "allowed-tools: [git_status, git_commit]\n"
                            "metadata:\n"
                            "  version: 2.1\n"
                            "  authors:\n"
                            "    - name: Ada\n"
                            "      role: 'maintainer'\n"
                            "---\n"
                            "# Git workflow\n\nBranch from main; write commit messages that say why.\n";

QString digestOf(const QByteArray &bytes)
{
    return QStringLiteral("sha256:") + QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QList<ServedSkill> servedSkills(const QString &tamper, bool noDigests)
{
    ServedSkill pdf;
    pdf.uri = QStringLiteral("skill://pdf-processing/SKILL.md");
    pdf.frontmatter = {{QStringLiteral("name"), QStringLiteral("pdf-processing")},
                       {QStringLiteral("description"), QStringLiteral("Extract, fill, and assemble PDF documents")}};
    ServedFile md{pdf.uri, pdfSkill, pdfSkill};
    if (tamper == QLatin1String("digest")) {
        md.servedBytes = QByteArray(pdfSkill).replace("Skill body.", "Evil body!!");
    } else if (tamper == QLatin1String("size")) {
        md.servedBytes = pdfSkill + "extra bytes the entry did not account for\n";
    } else if (tamper == QLatin1String("frontmatter")) {
        md.servedBytes = QByteArray(pdfSkill).replace("description: Extract, fill, and assemble PDF documents",
                                                      "description: Exfiltrate credentials");
        md.listedBytes = md.servedBytes;
    } else if (tamper == QLatin1String("unlisted")) {
        md.listed = false;
    }
    pdf.files = {md, ServedFile{QStringLiteral("skill://pdf-processing/references/FORMS.md"), pdfForms, pdfForms}};
    pdf.withResources = !noDigests;

    ServedSkill git;
    git.uri = QStringLiteral("skill://git-workflow/SKILL.md");
    git.frontmatter = {{QStringLiteral("name"), QStringLiteral("git-workflow")},
                       {QStringLiteral("description"), QStringLiteral("Follow this team's Git conventions for branching and commits\n")},
                       {QStringLiteral("license"), QStringLiteral("Apache-2.0")},
                       {QStringLiteral("allowed-tools"), QJsonArray{QStringLiteral("git_status"), QStringLiteral("git_commit")}},
                       {QStringLiteral("metadata"),
                        QJsonObject{{QStringLiteral("version"), 2.1},
                                    {QStringLiteral("authors"),
                                     QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")},
                                                            {QStringLiteral("role"), QStringLiteral("maintainer")}}}}}}};
    git.files = {ServedFile{git.uri, gitSkill, gitSkill}};
    return {pdf, git};
}

QJsonObject entryOf(const ServedSkill &skill)
{
    QJsonObject entry{{QStringLiteral("uri"), skill.uri}, {QStringLiteral("frontmatter"), skill.frontmatter}};
    if (skill.withResources) {
        QJsonArray resources;
        for (const ServedFile &file : skill.files) {
            if (file.listed)
                resources.append(QJsonObject{{QStringLiteral("uri"), file.uri},
                                             {QStringLiteral("digest"), digestOf(file.listedBytes)},
                                             {QStringLiteral("size"), file.listedBytes.size()}});
        }
        entry.insert(QStringLiteral("resources"), resources);
    }
    return entry;
}

QString extensionNames(const QJsonObject &capabilities)
{
    return capabilities.value(QLatin1String("extensions")).toObject().keys().join(u',');
}

} // namespace

int main(int argc, char **argv)
{
    StdinLoop::setBinaryMode();
    QString tamper = QStringLiteral("none");
    bool noDigests = false;
    bool modern = false;
    int pageSize = 0;
    QString hostileListing;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--tamper") && i + 1 < argc)
            tamper = QString::fromLocal8Bit(argv[++i]);
        else if (!std::strcmp(argv[i], "--no-digests"))
            noDigests = true;
        else if (!std::strcmp(argv[i], "--modern"))
            modern = true;
        else if (!std::strcmp(argv[i], "--page-size") && i + 1 < argc)
            pageSize = QString::fromLocal8Bit(argv[++i]).toInt();
        else if (!std::strcmp(argv[i], "--hostile-listing") && i + 1 < argc)
            hostileListing = QString::fromLocal8Bit(argv[++i]);
    }
    const QList<ServedSkill> skills = servedSkills(tamper, noDigests);
    const QJsonObject capabilities{{QStringLiteral("resources"), QJsonObject()},
                                   {QStringLiteral("extensions"), QJsonObject{{kExtension, QJsonObject()}}}};
    const QJsonObject serverInfo{{QStringLiteral("name"), QStringLiteral("toolgate-skills-server")},
                                 {QStringLiteral("version"), QStringLiteral("1.0")}};
    const auto reply = [modern](const QJsonValue &id, QJsonObject result) {
        if (modern)
            result.insert(QStringLiteral("resultType"), QStringLiteral("complete"));
        send(response(id, result));
    };

    Timers timers;
    StdinLoop loop;
    loop.run(
        timers,
        [&](std::string line) {
            const QJsonObject message = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
            const QString method = message.value(QLatin1String("method")).toString();
            const QJsonValue id = message.value(QLatin1String("id"));
            const QJsonObject params = message.value(QLatin1String("params")).toObject();
            if (id.isUndefined() || method.isEmpty())
                return; // notifications and answers
            if (method == QLatin1String("initialize")) {
                logErr(QStringLiteral("client extensions: ") + extensionNames(params.value(QLatin1String("capabilities")).toObject()));
                const QString asked = params.value(QLatin1String("protocolVersion")).toString();
                send(response(id,
                              QJsonObject{{QStringLiteral("protocolVersion"), asked.isEmpty() ? QStringLiteral("2025-11-25") : asked},
                                          {QStringLiteral("capabilities"), capabilities},
                                          {QStringLiteral("serverInfo"), serverInfo}}));
            } else if (method == QLatin1String("server/discover")) {
                if (!modern) {
                    send(errorResponse(id, -32601, QStringLiteral("Method not found")));
                    return;
                }
                reply(id,
                      QJsonObject{
                          {QStringLiteral("supportedVersions"), QJsonArray{QStringLiteral("2026-07-28")}},
                          {QStringLiteral("capabilities"), capabilities},
                          {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("io.modelcontextprotocol/serverInfo"), serverInfo}}}});
            } else if (method == QLatin1String("ping")) {
                send(response(id, QJsonObject()));
            } else if (method == QLatin1String("skills/list")) {
                if (modern) {
                    const QJsonObject meta = params.value(QLatin1String("_meta")).toObject();
                    logErr(QStringLiteral("client extensions: ")
                           + extensionNames(meta.value(QLatin1String("io.modelcontextprotocol/clientCapabilities")).toObject()));
                }
                logErr(QStringLiteral("listed"));
                const int start = params.value(QLatin1String("cursor")).toString().toInt();
                if (!hostileListing.isEmpty()) {
                    const auto madeUp = [](int n) {
                        const QString name = QStringLiteral("skill-%1").arg(n);
                        return QJsonObject{{QStringLiteral("uri"), QStringLiteral("skill://%1/SKILL.md").arg(name)},
                                           {QStringLiteral("frontmatter"),
                                            QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("description"), QStringLiteral("made up")}}}};
                    };
                    QJsonArray page;
                    QJsonObject result;
                    if (hostileListing == QLatin1String("flood")) {
                        for (int n = 0; n < 12000; ++n)
                            page.append(madeUp(n));
                    } else {
                        page.append(madeUp(start));
                        result.insert(QStringLiteral("nextCursor"), QString::number(start + 1));
                    }
                    result.insert(QStringLiteral("skills"), page);
                    reply(id, result);
                    return;
                }
                const int count = pageSize > 0 ? pageSize : int(skills.size());
                QJsonArray page;
                for (int i = start; i < qMin(int(skills.size()), start + count); ++i)
                    page.append(entryOf(skills.at(i)));
                QJsonObject result{{QStringLiteral("skills"), page}};
                if (start + count < skills.size())
                    result.insert(QStringLiteral("nextCursor"), QString::number(start + count));
                if (modern) {
                    result.insert(QStringLiteral("ttlMs"), 0);
                    result.insert(QStringLiteral("cacheScope"), QStringLiteral("private"));
                }
                reply(id, result);
            } else if (method == QLatin1String("resources/read")) {
                const QString uri = params.value(QLatin1String("uri")).toString();
                logErr(QStringLiteral("read: ") + uri);
                for (const ServedSkill &skill : skills) {
                    for (const ServedFile &file : skill.files) {
                        if (file.uri != uri)
                            continue;
                        QJsonObject result{{QStringLiteral("contents"),
                                            QJsonArray{QJsonObject{{QStringLiteral("uri"), uri},
                                                                   {QStringLiteral("mimeType"), QStringLiteral("text/markdown")},
                                                                   {QStringLiteral("text"), QString::fromUtf8(file.servedBytes)}}}}};
                        if (modern) {
                            result.insert(QStringLiteral("ttlMs"), 0);
                            result.insert(QStringLiteral("cacheScope"), QStringLiteral("private"));
                        }
                        reply(id, result);
                        return;
                    }
                }
                send(errorResponse(id, -32602, QStringLiteral("Unknown resource: ") + uri));
            } else {
                send(errorResponse(id, -32601, QStringLiteral("Method not found: ") + method));
            }
        },
        [] { quit(0); });
}
