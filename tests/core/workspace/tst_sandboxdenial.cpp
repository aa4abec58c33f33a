// What a sandboxed server's stderr says it could not open (issue 32). The lines are real: written by
// node 18 (fs.readFileSync, writeFileSync, mkdirSync, copyFileSync, and an error logged whole), python 3
// (open()) and the coreutils and dash (cat, touch, mkdir, ls, sh's "cannot create"), some of them inside
// bubblewrap. Each denial offers exactly one grant: the folder, read-only for a read, read-write for a write.

#include "core/workspace/sandboxdenial.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Toolgate::SandboxDenial::Reason)

class tst_SandboxDenial final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString &relative) const { return m_dir.filePath(relative); }
    BubblewrapLauncher::Host host() const
    {
        BubblewrapLauncher::Host h;
        h.bwrap = u"/usr/bin/bwrap"_s;
        h.home = path(u"home"_s);
        h.protectedPaths = {path(u"home/.ssh"_s)};
        return h;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const QString &folder : {u"home/.ssh"_s, u"home/project"_s, u"srv/data"_s, u"srv/docs"_s, u"srv/out"_s})
            QVERIFY(QDir().mkpath(path(folder)));
        QFile config(path(u"srv/data/config.json"_s));
        QVERIFY(config.open(QIODevice::WriteOnly));
    }

    void parsesRealLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("path");
        QTest::addColumn<SandboxDenial::Reason>("reason");
        QTest::addColumn<bool>("writing");
        using R = SandboxDenial::Reason;
        // node
        QTest::addRow("node readFileSync") << u"Error: ENOENT: no such file or directory, open '/nonexistent/dir/config.json'"_s
                                           << u"/nonexistent/dir/config.json"_s << R::NotFound << false;
        QTest::addRow("node error logged whole") << u"[Error: EACCES: permission denied, open '/srv/data/config.json'] {"_s
                                                 << u"/srv/data/config.json"_s << R::PermissionDenied << false;
        QTest::addRow("node writeFileSync in bwrap") << u"Error: EROFS: read-only file system, open '/etc/z'"_s << u"/etc/z"_s
                                                     << R::ReadOnly << true;
        QTest::addRow("node mkdirSync") << u"Error: ENOENT: no such file or directory, mkdir '/nonexistent/a/b'"_s
                                        << u"/nonexistent/a/b"_s << R::NotFound << true;
        QTest::addRow("node copyFileSync") << u"Error: ENOENT: no such file or directory, copyfile '/etc/hostname' -> '/nonexistent/q'"_s
                                           << u"/etc/hostname"_s << R::NotFound << true;
        // python
        QTest::addRow("python open") << u"FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/dir/config.json'"_s
                                     << u"/nonexistent/dir/config.json"_s << R::NotFound << false;
        QTest::addRow("python permission") << u"PermissionError: [Errno 13] Permission denied: '/root/x'"_s << u"/root/x"_s
                                           << R::PermissionDenied << false;
        QTest::addRow("python write in bwrap") << u"OSError: [Errno 30] Read-only file system: '/etc/y'"_s << u"/etc/y"_s
                                               << R::ReadOnly << true;
        // coreutils and the shell
        QTest::addRow("cat") << u"cat: /nonexistent/dir/notes.txt: No such file or directory"_s << u"/nonexistent/dir/notes.txt"_s
                             << R::NotFound << false;
        QTest::addRow("touch in bwrap") << u"touch: cannot touch '/etc/x': Read-only file system"_s << u"/etc/x"_s << R::ReadOnly << true;
        QTest::addRow("sh redirect in bwrap") << u"sh: 1: cannot create /home/x: Read-only file system"_s << u"/home/x"_s
                                              << R::ReadOnly << true;
        QTest::addRow("mkdir, UTF-8 quotes") << u"mkdir: cannot create directory \u2018/usr/x\u2019: Permission denied"_s
                                             << u"/usr/x"_s << R::PermissionDenied << true;
        QTest::addRow("ls") << u"ls: cannot access '/nonexistent/dir': No such file or directory"_s << u"/nonexistent/dir"_s
                            << R::NotFound << false;
        QTest::addRow("program by full path") << u"/usr/bin/cat: /srv/data/a.txt: Permission denied"_s << u"/srv/data/a.txt"_s
                                              << R::PermissionDenied << false;
    }

    void parsesRealLines()
    {
        QFETCH(QString, line);
        QFETCH(QString, path);
        QFETCH(SandboxDenial::Reason, reason);
        QFETCH(bool, writing);
        const auto parsed = SandboxDenial::parseLine(line);
        QVERIFY(parsed);
        QCOMPARE(parsed->path, path);
        QCOMPARE(parsed->reason, reason);
        QCOMPARE(parsed->writing, writing);
    }

    void otherLinesAreNoDenial_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addRow("module not found") << u"Error: Cannot find module 'express'"_s;
        QTest::addRow("relative path") << u"warning: notes/todo.txt: No such file or directory"_s;
        QTest::addRow("a log line") << u"Secure MCP Filesystem Server running on stdio"_s;
        QTest::addRow("a code alone") << u"  code: 'ENOENT',"_s;
        QTest::addRow("a stack frame") << u"    at Object.openSync (node:fs:573:18)"_s;
    }

    void otherLinesAreNoDenial()
    {
        QFETCH(QString, line);
        QVERIFY(!SandboxDenial::parseLine(line));
    }

    void offersTheFolderItNeeded()
    {
        const QString config = path(u"srv/data/config.json"_s);
        const QString docs = path(u"srv/docs"_s);
        SandboxProfile profile;
        profile.grants = {{docs, false}, {path(u"srv/out"_s), true}};
        const QStringList trace{u"node:fs:573"_s, u"Error: ENOENT: no such file or directory, open '%1'"_s.arg(config),
                                u"    at Object.openSync (node:fs:573:18)"_s};

        // A read of a file in a folder it was not granted: that folder, read-only.
        auto denial = SandboxDenial::find(trace, profile, host());
        QVERIFY(denial);
        QCOMPARE(denial->path, config);
        QCOMPARE(denial->grant, (SandboxProfile::Grant{path(u"srv/data"_s), false}));
        QVERIFY2(denial->message().contains(path(u"srv/data"_s)) && denial->message().contains(u"read-only"),
                 qPrintable(denial->message()));
        const SandboxProfile granted = denial->grantedIn(profile);
        QCOMPARE(granted.grants.size(), 3);
        QCOMPARE(granted.grants.last(), denial->grant);

        // A write where it may only read: the same grant, made writable.
        denial = SandboxDenial::find({u"OSError: [Errno 30] Read-only file system: '%1/index.md'"_s.arg(docs)}, profile, host());
        QVERIFY(denial);
        QCOMPARE(denial->grant, (SandboxProfile::Grant{docs, true}));
        QVERIFY(denial->readOnlyGrant);
        QCOMPARE(denial->grantedIn(profile).grants.first(), (SandboxProfile::Grant{docs, true}));
        QCOMPARE(denial->grantedIn(profile).grants.size(), 2);

        // A folder to be made in a folder it cannot see: the nearest one that exists, read-write.
        denial = SandboxDenial::find({u"Error: ENOENT: no such file or directory, mkdir '%1/cache/v1'"_s.arg(path(u"srv/data"_s))},
                                     profile, host());
        QVERIFY(denial);
        QCOMPARE(denial->grant, (SandboxProfile::Grant{path(u"srv/data"_s), true}));
    }

    void offersNothingTheSandboxDidNotCause()
    {
        SandboxProfile profile;
        profile.grants = {{path(u"srv/docs"_s), false}, {path(u"srv/out"_s), true}};
        const auto find = [&](const QString &line, const SandboxProfile &p) { return SandboxDenial::find({line}, p, host()); };
        const QString missing = u"cat: %1: No such file or directory"_s;
        // Inside its grants (a read in a read-only one, anything in a read-write one): really missing.
        QVERIFY(!find(missing.arg(path(u"srv/docs/gone.txt"_s)), profile));
        QVERIFY(!find(u"touch: cannot touch '%1': Permission denied"_s.arg(path(u"srv/out/x"_s)), profile));
        // The system folders are there, read-only, as they are outside.
        QVERIFY(!find(missing.arg(u"/usr/lib/node_modules/x/package.json"_s), profile));
        QVERIFY(!find(u"touch: cannot touch '/etc/x': Read-only file system"_s, profile));
        // Never visible, so never offered: the secret stores and Toolgate's own files.
        QVERIFY(!find(missing.arg(path(u"home/.ssh/id_rsa"_s)), profile));
        // The home folder as a whole is not offered for a file straight in it.
        QVERIFY(!find(missing.arg(path(u"home/.bashrc"_s)), profile));
        // Not sandboxed: nothing to grant.
        SandboxProfile off = profile;
        off.enabled = false;
        QVERIFY(!find(missing.arg(path(u"srv/data/config.json"_s)), off));
        // But a folder inside the home folder is.
        const auto project = find(missing.arg(path(u"home/project/notes.txt"_s)), profile);
        QVERIFY(project);
        QCOMPARE(project->grant, (SandboxProfile::Grant{path(u"home/project"_s), false}));
    }
};

QTEST_GUILESS_MAIN(tst_SandboxDenial)
#include "tst_sandboxdenial.moc"
