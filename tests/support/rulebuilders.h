#pragma once

// Rules on argument values (core/calls/argumentrules.h) written the short way, for tests that need a
// few of them.

#include "core/calls/argumentrules.h"

#include <QList>
#include <QString>

#include <utility>

namespace Toolgate::TestSupport {

/// The path in argument must be inside folder.
inline ArgumentCondition pathInside(const QString &argument, const QString &folder)
{
    return {.kind = ArgumentCondition::Kind::PathInside, .argument = argument, .folder = folder};
}

/// A rule on server's tool (empty: any) that takes action when all conditions hold, saying reason.
inline ArgumentRule rule(const QString &name, const QString &server, const QString &tool, QList<ArgumentCondition> conditions,
                         ArgumentRule::Action action, const QString &reason = {})
{
    return {.name = name, .server = server, .tool = tool, .conditions = std::move(conditions), .action = action, .reason = reason};
}

} // namespace Toolgate::TestSupport
