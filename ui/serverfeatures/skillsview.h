#pragma once

#include "core/skills/skillcatalog.h"
#include "core/skills/skillinstructions.h"

#include <QWidget>
#include <QPointer>

#include <memory>
#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace Toolgate {

class MessageBanner;
class ServerConnection;

/// One server's skills (SEP-2640): the listing — name, description, size and digest, nothing fetched —
/// and the skill the person opens, whose SKILL.md is fetched then and shown only once it is verified
/// against the listing (size, digest, frontmatter); a skill that fails shows why in plain words and
/// nothing of its content. A verified skill can be handed to the chat as instructions, once the person
/// has seen exactly what the model will get and confirmed it.
class SkillsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SkillsView)
public:
    enum Column { NameColumn, DescriptionColumn, SizeColumn, DigestColumn };

    explicit SkillsView(QWidget *parent = nullptr);
    ~SkillsView() override;

    /// Shows connection's skills (not owned), listing them now.
    void setConnection(ServerConnection *connection);

    QTreeWidget *list() const { return m_list; }
    QPushButton *openButton() const { return m_open; }
    /// Enabled only while a verified skill is shown.
    QPushButton *useInChatButton() const { return m_useInChat; }
    /// The verified SKILL.md shown, empty when none is.
    QString shownSkill() const;
    MessageBanner *banner() const { return m_banner; }

public slots:
    void refresh();
    /// Opens the skill selected in the list.
    void openSelected();
    /// Shows what the shown verified skill would add to the chat and asks the person to confirm;
    /// useInChatConfirmed() follows only if they do. Nothing happens without a verified skill.
    void useShownSkillInChat();

signals:
    /// The person confirmed handing skill to the current chat conversation.
    void useInChatConfirmed(const Toolgate::SkillInstructions &skill);

private:
    void showListing(const QList<SkillEntry> &skills, const QStringList &problems);
    void showLoaded(const SkillCatalog::LoadedSkill &skill);
    void showFailure(const QString &state, const QString &title, const QString &message);
    void setBusy(const QString &state);

    QPointer<ServerConnection> m_connection;
    std::unique_ptr<SkillCatalog> m_catalog;
    QList<SkillEntry> m_skills;
    quint64 m_generation = 0; ///< answers of an older listing or opening are dropped
    /// The skill shown, verified: the only one that can be used in the chat.
    std::optional<SkillInstructions> m_shown;

    QLabel *m_state;
    QPushButton *m_refresh;
    QTreeWidget *m_list;
    QPushButton *m_open;
    QPushButton *m_useInChat;
    MessageBanner *m_banner;
    QLabel *m_verified;
    QPlainTextEdit *m_text;
};

} // namespace Toolgate
