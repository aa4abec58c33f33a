#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace Toolgate {

class AuditDatabase;

/// Something verification found wrong with the audit log.
struct AuditProblem
{
    enum class Kind {
        RecordChanged,   ///< A record's fields (or its event) no longer match the chain.
        RecordRemoved,   ///< A record the chain covers is gone.
        EventsRemoved,   ///< Part of the chain itself is gone.
        RecordUnchained, ///< A record, or some of its fields, that no event covers (inserted afterwards).
        TailRemoved,     ///< The newest events are gone.
    };
    Kind kind = Kind::RecordChanged;
    qint64 recordId = 0; ///< 0 when not known.
    qint64 seq = 0;      ///< The chain position where it was found (0: none).
    QString description;
};

/// The result of checking the whole chain.
struct AuditVerification
{
    qint64 events = 0;
    qint64 records = 0;
    qint64 headSeq = 0;
    QByteArray headHash; ///< Note it elsewhere: it lets a later check notice a rewritten chain.
    /// In chain order, at most maxProblems; problemCount counts them all.
    QList<AuditProblem> problems;
    qint64 problemCount = 0;

    bool ok() const { return problemCount == 0; }
};

/// Recomputes the hash chain over every event and the record fields each event wrote, and
/// reports the first (and further) records that were changed, removed or added. A rewrite of
/// the whole chain from some point on cannot be told from the inside: compare headHash with a
/// copy kept elsewhere for that.
class AuditVerifier final
{
public:
    static constexpr int maxProblems = 100;

    /// progress (may be empty) gets the number of events checked, now and then.
    static Result<AuditVerification> verify(AuditDatabase &database, const std::function<void(qint64)> &progress = {});
};

} // namespace Toolgate
