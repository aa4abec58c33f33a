#pragma once

#include "core/workspace/serverconfig.h"

#include <QDialog>
#include <QList>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QTreeWidget;

namespace Toolgate {

/// Imports servers from another MCP host's configuration: Claude Desktop, Cursor, VS Code (user
/// and workspace mcp.json, settings.json), Windsurf, or any file in one of those formats. Shows
/// what the file holds; the person picks which servers to take. A name already in use is
/// renamed; a server that is already configured is left unticked.
///
/// Importing runs programs from someone else's file, so nothing is ticked blindly and Cancel is
/// the default button. Open with open(); read selectedConfigs() on accepted().
class ImportDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImportDialog)
public:
    /// A configuration file another host keeps in a known place.
    struct Source
    {
        QString label;
        QString path;
    };
    /// The known places for this platform (whether or not the files exist).
    static QList<Source> knownSources();

    /// existing: the servers configured now, to spot duplicates and taken names.
    explicit ImportDialog(const QList<ServerConfig> &existing, QWidget *parent = nullptr);

    /// Reads and parses path, and lists its servers. Problems are shown in the dialog.
    void loadFile(const QString &path);
    QString loadedPath() const { return m_path; }
    /// The servers found in the loaded file (after renaming), in file order.
    QList<ServerConfig> foundConfigs() const { return m_found; }
    /// The ticked servers, with the names as edited.
    QList<ServerConfig> selectedConfigs() const;
    /// Ticks or unticks the server at row.
    void setSelected(int row, bool selected);

private:
    void chooseFile();
    void updateButtons();
    QString uniqueName(const QString &base, const QStringList &taken) const;

    QList<ServerConfig> m_existing;
    QList<ServerConfig> m_found;
    QString m_path;
    QComboBox *m_sources = nullptr;
    QLabel *m_message = nullptr;
    QTreeWidget *m_list = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace Toolgate
